//! The answer types a runner returns, one per request kind. Their JSON Schemas are
//! generated from these types (`response_schema` in pending files): one source of truth.
//!
//! These types have no field for a hash, a safety tier, a destructive/reversible flag or
//! a token count, and refuse unknown fields: the model cannot author them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::report::{Anchor, Category, CitedSignal, EditKind, Evidence, OpType};
use crate::scan::SignalName;

/// The answer to a `classify_file` request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClassifyAnswer {
    /// `clear`: nothing to do. `entries`: one or more proposals.
    pub verdict: Verdict,
    /// The proposals, when the verdict is `entries`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub entries: Vec<Proposal>,
    /// A `clear` verdict's reason, in a sentence: kept in the report so the next reader
    /// does not judge the file again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub why: Option<String>,
    /// With `entries`: why a signal of the file no proposal cites is not a problem.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dismissed: Vec<Dismissal>,
}

/// A signal an entries answer leaves out, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Dismissal {
    /// The signal's name, from inputs.signals.
    pub signal: SignalName,
    /// The signal's line, when the file has several of that name; absent = all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u32")]
    pub line: Option<u32>,
    /// Why it is not a problem, in a sentence.
    pub why: String,
}

/// The classifier's verdict on a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Verdict {
    Clear,
    Entries,
}

/// One proposed finding with its fix, before the engine finalizes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Proposal {
    pub category: Category,
    /// Signal names copied verbatim from the request's `signals`, or the reserved
    /// `agent_observation` (with `evidence`) for a problem no signal covers.
    pub signals: Vec<CitedSignal>,
    /// With `agent_observation`: the doc's words quoted and where the contradiction is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Evidence")]
    pub evidence: Option<Evidence>,
    /// A one-line gloss on the signals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub detail: Option<String>,
    /// One sentence: what the fix does.
    pub op: String,
    /// `deterministic` iff `exact_edit` is given.
    pub op_type: OpType,
    /// The edit skeleton for a deterministic op.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "EditSkeleton")]
    pub exact_edit: Option<EditSkeleton>,
    /// For a generative op: the lines the rewrite would reduce (not persisted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Anchor")]
    pub reducible_range: Option<Anchor>,
    /// 0..1.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub confidence: f64,
    /// Reasoning for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub why: Option<String>,
}

/// An `exact_edit` as the model proposes it: the kind, its anchor and kind fields. The
/// engine computes the hashes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct EditSkeleton {
    pub kind: EditKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Anchor")]
    pub anchor: Option<Anchor>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub dest_path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub canonical_ref: Option<String>,
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub match_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub replacement: Option<String>,
}

crate::report::kind_table::impl_kind_fields!(EditSkeleton);

impl ClassifyAnswer {
    /// The lowest proposal confidence, if any proposal exists.
    pub(crate) fn min_confidence(&self) -> Option<f64> {
        self.entries.iter().map(|p| p.confidence).reduce(f64::min)
    }
}

/// The answer to a `rewrite_span` request: the new text for exactly the requested lines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RewriteAnswer {
    /// The text that replaces the lines (whole lines; a final newline is kept if the
    /// original lines had one).
    pub replacement: String,
    /// One sentence: what changed.
    pub summary: String,
}
