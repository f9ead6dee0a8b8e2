//! `edit_recency_vs_churn`: a doc last changed ≥ 90 days (configurable) before the
//! newest commit, while the files it references — else the code in its folder —
//! churned ≥ 100 lines (added + deleted) since. Markdown files never count as churn.
//!
//! Docs old enough become `Candidate`s while they are parsed; the engine then reads the
//! churn of every candidate's scope in one `git log --numstat` pass and `judge`s them.
//!
//! "Now" plays no part: the newest commit is the clock, so a repository left alone for
//! a year does not make every doc stale.

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::git::History;
use crate::scan::resolve::{classify, LinkTarget};
use crate::scan::signal::{Signal, SignalName};

use super::broken_reference::{is_markdown, repo_path_candidate};

const DAY: i64 = 86_400;

/// A doc old enough to be judged, and the paths whose churn judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub path: String,
    /// Committer time of the doc's last commit.
    pub changed: i64,
    pub age_days: i64,
    /// Referenced files, or the doc's folder when it references none.
    pub scope: Vec<String>,
    pub referenced: bool,
}

/// `doc` as a candidate, when it is at least `stale_days` older than the newest commit.
/// The churn itself is read later, in one pass for every candidate.
pub fn candidate(ctx: &ScanContext<'_>, doc: &Doc) -> Option<Candidate> {
    let history = ctx.history.as_ref()?;
    let changed = history.last_change(&doc.path)?;
    let age_days = (history.newest_commit - changed) / DAY;
    if age_days < i64::from(ctx.config.thresholds.stale_days) {
        return None;
    }
    let refs = referenced_paths(ctx, doc);
    let referenced = !refs.is_empty();
    let scope = if referenced { refs } else { vec![doc.dir().to_string()] };
    Some(Candidate { path: doc.path.clone(), changed, age_days, scope, referenced })
}

/// The git pathspec covering every candidate's scope: folders absorb what lies under
/// them; the root (`.`) absorbs everything.
pub fn pathspec(candidates: &[Candidate]) -> Vec<String> {
    let mut all: Vec<&str> =
        candidates.iter().flat_map(|c| c.scope.iter().map(String::as_str)).collect();
    if all.contains(&"") {
        return vec![".".to_string()];
    }
    all.sort_unstable();
    all.dedup();
    let mut out: Vec<String> = Vec::new();
    for p in all {
        let covered = out
            .iter()
            .any(|kept| p.strip_prefix(kept.as_str()).is_some_and(|r| r.starts_with('/')));
        if !covered {
            out.push(p.to_string());
        }
    }
    out
}

/// Adds the signal when the candidate's referenced code moved on without it.
pub fn judge(ctx: &ScanContext<'_>, c: &Candidate, out: &mut Findings) {
    let Some(history) = &ctx.history else { return };
    let churns = churn_by_path(history, &c.scope, c.changed);
    let total: u64 = churns.iter().map(|(_, n)| n).sum();
    if total < ctx.config.thresholds.churn_lines {
        return;
    }
    let top = churns
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0)))
        .map(|(p, _)| p.clone())
        .unwrap_or_default();
    let what = if c.referenced { "the files it references" } else { "the code in its folder" };
    let detail = format!(
        "last changed {} days before the newest commit; {what} churned {total} lines since",
        c.age_days
    );
    let related = if top.is_empty() { ".".to_string() } else { top };
    out.push(
        &c.path,
        Signal::new(SignalName::EditRecencyVsChurn, 1, detail).with_related_path(related),
    );
}

/// Existing non-Markdown paths a doc links to or names in backticks, sorted, unique.
fn referenced_paths(ctx: &ScanContext<'_>, doc: &Doc) -> Vec<String> {
    let mut out = Vec::new();
    for link in &doc.parsed.links {
        if let LinkTarget::Local { path, .. } = classify(&link.dest, doc.dir()) {
            out.push(path);
        }
    }
    out.extend(doc.parsed.code_spans.iter().filter_map(|c| repo_path_candidate(&c.text)));
    out.retain(|p| !p.starts_with("../") && !is_markdown(p) && ctx.tree.exists(p));
    out.sort();
    out.dedup();
    out
}

fn churn_by_path(history: &History, scope: &[String], since: i64) -> Vec<(String, u64)> {
    scope
        .iter()
        .map(|p| (p.clone(), history.churn_since(p, since, is_markdown)))
        .filter(|(_, n)| *n > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(scope: &[&str]) -> Candidate {
        Candidate {
            path: "d.md".into(),
            changed: 0,
            age_days: 100,
            scope: scope.iter().map(|s| s.to_string()).collect(),
            referenced: true,
        }
    }

    #[test]
    fn pathspec_folds_paths_under_folders() {
        let spec = pathspec(&[cand(&["src/a.rs", "src"]), cand(&["lib/x.rs", "src2/y.rs"])]);
        assert_eq!(spec, ["lib/x.rs", "src", "src2/y.rs"]);
        assert_eq!(pathspec(&[cand(&["src/a.rs"]), cand(&[""])]), ["."]);
    }
}
