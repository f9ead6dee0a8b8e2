//! `edit_recency_vs_churn`: a doc last changed ≥ 90 days (configurable) before the
//! newest commit, while the files it references — else the code in its folder —
//! churned ≥ 100 lines since: the net diff from the doc's last commit to HEAD, lines
//! added + deleted ("how far the code moved since the doc was written"; a change undone
//! later is no churn). Markdown files never count as churn.
//!
//! While a doc is parsed (history may still be loading on another thread) its
//! `ChurnScope` is noted; once history is known, the docs old enough become
//! `Candidate`s, the engine reads every candidate's net churn in one `git diff-tree`
//! and `judge`s them.
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
    /// That commit's hash.
    pub since: String,
    pub age_days: i64,
    /// Referenced files, or the doc's folder when it references none.
    pub scope: Vec<String>,
    pub referenced: bool,
}

/// The paths whose churn would judge a doc: the files it references, else its folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChurnScope {
    pub paths: Vec<String>,
    pub referenced: bool,
}

/// `doc`'s churn scope, read while the doc is parsed.
pub fn scope_of(ctx: &ScanContext<'_>, doc: &Doc) -> ChurnScope {
    let refs = referenced_paths(ctx, doc);
    if refs.is_empty() {
        ChurnScope { paths: vec![doc.dir().to_string()], referenced: false }
    } else {
        ChurnScope { paths: refs, referenced: true }
    }
}

/// The doc at `path` as a candidate, when it is at least `stale_days` older than the
/// newest commit. The churn itself is read later, in one pass for every candidate.
pub fn candidate(
    history: &History,
    stale_days: u32,
    path: &str,
    scope: ChurnScope,
) -> Option<Candidate> {
    let (changed, since) = history.last_commit(path)?;
    let age_days = (history.newest_commit - changed) / DAY;
    if age_days < i64::from(stale_days) {
        return None;
    }
    Some(Candidate {
        path: path.to_string(),
        changed,
        since: since.to_string(),
        age_days,
        scope: scope.paths,
        referenced: scope.referenced,
    })
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

/// Adds the signal when the candidate's referenced code moved on without it; `diff` is
/// the net churn `(path, lines)` from the candidate's last commit to HEAD.
pub fn judge(ctx: &ScanContext<'_>, c: &Candidate, diff: &[(String, u64)], out: &mut Findings) {
    let churns = churn_by_path(diff, &c.scope);
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

/// Per scope path (a file, a folder, `""` for the whole tree), the lines `diff` changed
/// in non-Markdown files under it; paths without churn are left out.
fn churn_by_path(diff: &[(String, u64)], scope: &[String]) -> Vec<(String, u64)> {
    scope
        .iter()
        .map(|p| {
            let lines = diff
                .iter()
                .filter(|(file, _)| is_at_or_under(file, p) && !is_markdown(file))
                .map(|(_, n)| n)
                .sum();
            (p.clone(), lines)
        })
        .filter(|(_, n)| *n > 0)
        .collect()
}

fn is_at_or_under(file: &str, scope: &str) -> bool {
    scope.is_empty()
        || file.strip_prefix(scope).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(scope: &[&str]) -> Candidate {
        Candidate {
            path: "d.md".into(),
            changed: 0,
            since: "c0".into(),
            age_days: 100,
            scope: scope.iter().map(|s| s.to_string()).collect(),
            referenced: true,
        }
    }

    #[test]
    fn churn_sums_files_and_folders_but_never_docs() {
        let diff: Vec<(String, u64)> = [("src/a.rs", 60), ("src/b.rs", 50), ("docs/x.md", 9)]
            .iter()
            .map(|(p, n)| (p.to_string(), *n))
            .collect();
        let scope = |s: &[&str]| s.iter().map(|p| p.to_string()).collect::<Vec<_>>();
        assert_eq!(churn_by_path(&diff, &scope(&["src/a.rs"])), [("src/a.rs".into(), 60)]);
        assert_eq!(churn_by_path(&diff, &scope(&["src"])), [("src".into(), 110)]);
        assert_eq!(churn_by_path(&diff, &scope(&[""])), [("".into(), 110)]);
        assert!(churn_by_path(&diff, &scope(&["sr", "docs"])).is_empty());
    }

    #[test]
    fn pathspec_folds_paths_under_folders() {
        let spec = pathspec(&[cand(&["src/a.rs", "src"]), cand(&["lib/x.rs", "src2/y.rs"])]);
        assert_eq!(spec, ["lib/x.rs", "src", "src2/y.rs"]);
        assert_eq!(pathspec(&[cand(&["src/a.rs"]), cand(&[""])]), ["."]);
    }
}
