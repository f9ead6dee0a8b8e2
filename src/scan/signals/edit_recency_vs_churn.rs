//! `edit_recency_vs_churn`: a doc last changed ≥ 90 days (configurable) before the
//! newest commit, while the files it references — else the code in its folder —
//! churned ≥ 100 lines (added + deleted) since. Markdown files never count as churn.
//!
//! "Now" plays no part: the newest commit is the clock, so a repository left alone for
//! a year does not make every doc stale.

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::git::History;
use crate::scan::resolve::{classify, LinkTarget};
use crate::scan::signal::{Signal, SignalName};

use super::broken_reference::{is_markdown, repo_path_candidate};

const DAY: i64 = 86_400;

/// Adds the signal when `doc`'s referenced code moved on without it.
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Findings) {
    let Some(history) = &ctx.history else { return };
    let t = &ctx.config.thresholds;
    let Some(changed) = history.last_change(&doc.path) else {
        return;
    };
    let age_days = (history.newest_commit - changed) / DAY;
    if age_days < i64::from(t.stale_days) {
        return;
    }
    let refs = referenced_paths(ctx, doc);
    let referenced = !refs.is_empty();
    let scope = if referenced { refs } else { vec![doc.dir().to_string()] };
    let churns = churn_by_path(history, &scope, changed);
    let total: u64 = churns.iter().map(|(_, n)| n).sum();
    if total < t.churn_lines {
        return;
    }
    let top = churns
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0)))
        .map(|(p, _)| p.clone())
        .unwrap_or_default();
    let what = if referenced { "the files it references" } else { "the code in its folder" };
    let detail = format!(
        "last changed {age_days} days before the newest commit; {what} churned {total} lines since"
    );
    let related = if top.is_empty() { ".".to_string() } else { top };
    out.push(
        &doc.path,
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
