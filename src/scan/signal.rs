//! The scanner's finding: one deterministic, machine-checkable signal on one file.
//!
//! The shape is fixed by SPEC section 10: `detail` is for people, the rest for machines
//! (`target` the exact text referred to, `suggestion` its known replacement in the same
//! form, `related_path` the other file involved, `line..end_line` the 1-based span).
//! A claim about history carries its evidence: `commit_range` and `changed_files`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The eight signal names, spelled as they appear in JSON.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SignalName {
    BrokenReference,
    StaleNameLocation,
    VersionSkew,
    EditRecencyVsChurn,
    ArchiveToLiveRatio,
    FrontmatterMarker,
    DuplicateContent,
    TokenBudget,
}

impl SignalName {
    /// Every signal, in the order of SPEC section 10.
    pub const ALL: [SignalName; 8] = [
        SignalName::BrokenReference,
        SignalName::StaleNameLocation,
        SignalName::VersionSkew,
        SignalName::EditRecencyVsChurn,
        SignalName::ArchiveToLiveRatio,
        SignalName::FrontmatterMarker,
        SignalName::DuplicateContent,
        SignalName::TokenBudget,
    ];

    /// The name as written in JSON and in text output.
    pub fn as_str(self) -> &'static str {
        match self {
            SignalName::BrokenReference => "broken_reference",
            SignalName::StaleNameLocation => "stale_name_location",
            SignalName::VersionSkew => "version_skew",
            SignalName::EditRecencyVsChurn => "edit_recency_vs_churn",
            SignalName::ArchiveToLiveRatio => "archive_to_live_ratio",
            SignalName::FrontmatterMarker => "frontmatter_marker",
            SignalName::DuplicateContent => "duplicate_content",
            SignalName::TokenBudget => "token_budget",
        }
    }
}

impl std::fmt::Display for SignalName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding on one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Signal {
    pub name: SignalName,
    /// First line of the span, 1-based.
    pub line: u32,
    /// Last line of the span, inclusive, when it spans more than one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_line: Option<u32>,
    /// A sentence for people.
    pub detail: String,
    /// The exact text referred to: a link target as written, a version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// The known replacement for `target`, in the same form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<String>,
    /// The other file involved (the duplicate's home, the churned code), root-relative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub related_path: Option<String>,
    /// Every line where the same cause appears (a link target written several times, each
    /// duplicated block's first line), sorted, `line` first; absent for a single one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<u32>,
    /// The commits a claim about history spans, `<since>..<head>` (12-hex abbreviations),
    /// so `git diff <range> -- <changed_files>` shows it (`edit_recency_vs_churn`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit_range: Option<String>,
    /// The files that changed over `commit_range`, most churn first, then by path (at
    /// most 20); `related_path` is the first (`edit_recency_vs_churn`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changed_files: Vec<String>,
}

impl Signal {
    /// A signal on one line with just a detail; add the rest with the `with_*` methods.
    pub fn new(name: SignalName, line: u32, detail: impl Into<String>) -> Self {
        Signal {
            name,
            line,
            end_line: None,
            detail: detail.into(),
            target: None,
            suggestion: None,
            related_path: None,
            lines: Vec::new(),
            commit_range: None,
            changed_files: Vec::new(),
        }
    }

    /// The last line of the span (inclusive).
    pub fn last_line(&self) -> u32 {
        self.end_line.unwrap_or(self.line)
    }

    /// The artifact's order of one file's signals: by line, then name, then the other
    /// fields.
    pub fn artifact_order(a: &Signal, b: &Signal) -> std::cmp::Ordering {
        (a.line, a.name, a.last_line(), &a.target, &a.related_path, &a.detail).cmp(&(
            b.line,
            b.name,
            b.last_line(),
            &b.target,
            &b.related_path,
            &b.detail,
        ))
    }

    pub fn with_end_line(mut self, end_line: u32) -> Self {
        self.end_line = (end_line > self.line).then_some(end_line);
        self
    }
    pub fn with_target(mut self, target: impl Into<String>) -> Self {
        self.target = Some(target.into());
        self
    }
    pub fn with_suggestion(mut self, suggestion: impl Into<String>) -> Self {
        self.suggestion = Some(suggestion.into());
        self
    }
    /// Lists every line of the cause; a single line lists none.
    pub fn with_lines(mut self, mut lines: Vec<u32>) -> Self {
        lines.sort_unstable();
        lines.dedup();
        self.lines = if lines.len() > 1 { lines } else { Vec::new() };
        self
    }
    pub fn with_related_path(mut self, related: impl Into<String>) -> Self {
        self.related_path = Some(related.into());
        self
    }
    /// The history a churn claim spans: `commit_range` and the files that changed in it.
    pub fn with_changes(mut self, commit_range: String, changed_files: Vec<String>) -> Self {
        self.commit_range = Some(commit_range);
        self.changed_files = changed_files;
        self
    }
}
