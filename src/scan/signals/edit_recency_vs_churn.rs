//! `edit_recency_vs_churn`: a doc last changed ≥ 90 days (configurable) before the
//! newest commit, while the files it names churned ≥ 100 lines since: the net diff
//! from the doc's last commit to HEAD, lines added + deleted ("how far the code moved
//! since the doc was written"; a change undone later is no churn).
//!
//! Only files the doc names explicitly count — existing non-Markdown files it links to
//! or writes as a backticked repo path — never a folder, an image it embeds, another
//! doc or a test file (tests grow with every feature). A doc that names no file never
//! fires: a badge-only README, a code of conduct or an issue template claims nothing
//! about code. `fires_for` is the one gate.
//!
//! Churn alone is not staleness: a file that grew by a feature leaves a doc about its
//! other parts right (on real repositories nine churn signals in ten were judged
//! wrong). So the signal needs evidence the doc fell behind: a name the doc writes in
//! code (`NewCmdRoot()`, `rootCmd.ExecuteC`, `--dry-run`, `RUST_LOG`) that the changed
//! files held when the doc was last edited and none of the files it names holds now
//! (`vanished`). The signal lists those names.
//!
//! While a doc is parsed (history may still be loading on another thread) its
//! `ChurnScope` is noted; once history is known, the docs old enough become
//! `Candidate`s, the engine reads every candidate's net churn in one `git diff-tree`
//! and `judge`s them. A signal carries its evidence (`commit_range`, `changed_files`),
//! so `git diff --stat <range> -- <files>` checks the claim.
//!
//! "Now" plays no part: the newest commit is the clock, so a repository left alone for
//! a year does not make every doc stale.

use std::cmp::Reverse;
use std::collections::HashMap;

use crate::scan::context::Doc;
use crate::scan::git::History;
use crate::scan::markdown::LinkKind;
use crate::scan::resolve::{classify, join, LinkTarget};
use crate::scan::scope::DEFAULT_EXCLUDED_DIRS;
use crate::scan::signal::{Signal, SignalName};
use crate::scan::tree::{PathKind, Tree};

use super::broken_reference::{is_markdown, repo_path_candidate};

const DAY: i64 = 86_400;

/// Hex digits of a commit in `commit_range`.
const ABBREV: usize = 12;

/// Changed files the detail names with their line counts; the rest are summed.
const DETAIL_FILES: usize = 3;

/// Changed files listed in `changed_files`: enough to check the claim, small enough
/// for a classify request's budget (the detail counts them all).
const MAX_CHANGED_FILES: usize = 20;

/// A doc old enough to be judged, and the files whose churn judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub path: String,
    /// Committer time of the doc's last commit.
    pub changed: i64,
    /// That commit's hash.
    pub since: String,
    pub age_days: i64,
    /// The files the doc names (root-relative, sorted, never empty).
    pub named: Vec<String>,
    /// The code names the doc writes (`code_names`; sorted, never empty).
    pub names: Vec<String>,
}

/// The files whose churn would judge a doc: the ones it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChurnScope {
    pub named: Vec<String>,
    pub names: Vec<String>,
}

/// Whether `path` is a test: under a `tests/`-style folder or named as one
/// (`foo_test.go`, `test_foo.py`, `foo.test.ts`, `foo.spec.js`). Tests grow with every
/// feature; a doc that names one (mostly to say where new tests go) is not made stale
/// by new tests.
fn is_test_file(path: &str) -> bool {
    let (dirs, name) = path.rsplit_once('/').unwrap_or(("", path));
    let in_tests = dirs.split('/').any(|d| {
        matches!(d.to_ascii_lowercase().as_str(), "tests" | "test" | "__tests__" | "spec" | "specs")
    });
    let name = name.to_ascii_lowercase();
    let stem = name.split('.').next().unwrap_or(&name);
    in_tests
        || stem.starts_with("test_")
        || stem.ends_with("_test")
        || stem.ends_with("_tests")
        || name.contains(".test.")
        || name.contains(".spec.")
}

/// `doc`'s churn scope, read while the doc is parsed; `None` when the signal can never
/// fire on it.
pub fn scope_of(tree: &Tree, doc: &Doc) -> Option<ChurnScope> {
    let names = code_names(doc);
    if names.is_empty() {
        return None;
    }
    let named = named_files(tree, doc);
    fires_for(&named).then_some(ChurnScope { named, names })
}

/// Whether `edit_recency_vs_churn` may judge a doc at all by what it names: a doc that
/// names no file says nothing code can contradict. Doc roles that cannot go stale from
/// code (changelogs, templates, licenses…) never reach here: `doc_outcome` asks
/// `role::can_go_stale_from_code` first.
pub fn fires_for(named: &[String]) -> bool {
    !named.is_empty()
}

/// Code names a doc may hold that no file holds any more, at most this many per doc.
const MAX_NAMES: usize = 300;

/// The names `doc` writes in code spans that look like code, not words: identifiers with
/// an `_` or an inner capital (`rootCmd`, `ExecuteC`, `RUST_LOG`), a call (`main()`),
/// long options (`--dry-run`, kept without the dashes) and bare file names
/// (`critique.md`). Sorted, unique.
pub fn code_names(doc: &Doc) -> Vec<String> {
    let mut out = Vec::new();
    for span in &doc.parsed.code_spans {
        let text = span.text.as_str();
        if is_file_name(text) {
            out.push(text.to_string());
        }
        for (at, word) in words(text) {
            let flag = text[..at].ends_with("--");
            let call = text[at + word.len()..].starts_with('(');
            let inner = word.chars().skip(1).any(|c| c.is_ascii_uppercase())
                && word.chars().any(|c| c.is_ascii_lowercase());
            let snake = word.trim_matches('_').contains('_');
            if word.len() >= 4 && (flag || call || inner || snake) {
                out.push(word.to_string());
            }
        }
    }
    out.sort();
    out.dedup();
    out.truncate(MAX_NAMES);
    out
}

/// A bare file name (`metrics.md`, `index.ts`, `ci.yml`): the code that loads it names it
/// too, so it can vanish from that code.
fn is_file_name(text: &str) -> bool {
    let Some((stem, ext)) = text.rsplit_once('.') else { return false };
    stem.len() >= 3
        && stem.chars().all(|c| c.is_ascii_alphanumeric() || "_-".contains(c))
        && (1..=5).contains(&ext.len())
        && ext.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && ext.chars().any(|c| c.is_ascii_lowercase())
}

/// Identifier-like runs of `text` (letters, digits, `_`, and `-` inside a word) with
/// their byte offsets; a run that starts with a digit is not one.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut start = None;
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        let inner_dash = c == '-'
            && start.is_some()
            && bytes.get(i + 1).is_some_and(|b| b.is_ascii_alphanumeric());
        if is_word(c) || inner_dash {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            let word = &text[s..i];
            if !word.starts_with(|c: char| c.is_ascii_digit()) {
                out.push((s, word));
            }
        }
    }
    out.into_iter()
}

/// Whether `hay` holds `name` as a whole word (not inside a longer identifier).
fn holds(hay: &str, name: &str) -> bool {
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    hay.match_indices(name).any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| hay.as_bytes()[i]);
        let after = hay.as_bytes().get(at + name.len()).copied();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

/// The names a doc writes that some changed file held when the doc was last edited
/// (`before`) and none of the files it names holds now (`now`): what the doc says that
/// the code no longer has. Sorted.
pub fn vanished(names: &[String], before: &[String], now: &[String]) -> Vec<String> {
    names
        .iter()
        .filter(|n| before.iter().any(|b| holds(b, n)) && !now.iter().any(|f| holds(f, n)))
        .cloned()
        .collect()
}

/// `sig` (from `judge`) with the names that vanished, the evidence it fires on.
pub fn with_vanished(mut sig: Signal, names: &[String]) -> Signal {
    let shown: Vec<String> = names.iter().take(DETAIL_NAMES).map(|n| format!("`{n}`")).collect();
    let more = names.len().saturating_sub(DETAIL_NAMES);
    let more = if more > 0 { format!(" and {more} more") } else { String::new() };
    sig.detail.push_str(&format!(
        "; names the doc writes that those files had then and none of the files it names has now: {}{more}",
        shown.join(", ")
    ));
    sig
}

/// Vanished names the detail shows.
const DETAIL_NAMES: usize = 5;

/// The existing files `doc` names, root-relative, sorted, unique: targets of its links
/// (not images: an embedded image changes with the doc) and its backticked repo paths
/// (from the root, else from the doc's folder). Folders, Markdown files, test files,
/// paths outside the root and build outputs (`target/`, `node_modules/`…) are not named
/// files.
pub fn named_files(tree: &Tree, doc: &Doc) -> Vec<String> {
    let is_file = |p: &str| tree.kind(p) == PathKind::File;
    let mut out = Vec::new();
    for link in &doc.parsed.links {
        if link.kind == LinkKind::Image {
            continue;
        }
        if let LinkTarget::Local { path, .. } = classify(&link.dest, doc.dir()) {
            out.push(path);
        }
    }
    for span in &doc.parsed.code_spans {
        if let Some(path) = repo_path_candidate(&span.text) {
            let from_doc = join(doc.dir(), &path);
            out.push(if !is_file(&path) && is_file(&from_doc) { from_doc } else { path });
        }
    }
    out.retain(|p| {
        let first = p.split('/').next().unwrap_or_default();
        !p.starts_with("../")
            && !DEFAULT_EXCLUDED_DIRS.contains(&first)
            && !is_markdown(p)
            && !is_test_file(p)
            && is_file(p)
    });
    out.sort();
    out.dedup();
    out
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
        named: scope.named,
        names: scope.names,
    })
}

/// Every file some candidate names, sorted, unique: the churn pass's pathspec.
pub fn pathspec(candidates: &[Candidate]) -> Vec<String> {
    let mut all: Vec<String> = candidates.iter().flat_map(|c| c.named.iter().cloned()).collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// The signal, when the files the candidate names moved on without it. `diff` is the
/// net churn `(path, lines)` from the candidate's last commit to `head`; it may hold
/// files other candidates name.
pub fn judge(
    c: &Candidate,
    head: &str,
    diff: &[(String, u64)],
    churn_lines: u64,
) -> Option<Signal> {
    let lines: HashMap<&str, u64> = diff.iter().map(|(p, n)| (p.as_str(), *n)).collect();
    let mut changed: Vec<(&str, u64)> = c
        .named
        .iter()
        .filter_map(|f| lines.get(f.as_str()).map(|n| (f.as_str(), *n)))
        .filter(|(_, n)| *n > 0)
        .collect();
    let total: u64 = changed.iter().map(|(_, n)| n).sum();
    if changed.is_empty() || total < churn_lines {
        return None;
    }
    changed.sort_by_key(|(path, n)| (Reverse(*n), *path));
    let range = format!("{}..{}", abbrev(&c.since), abbrev(head));
    let mut listed: Vec<String> =
        changed.iter().take(DETAIL_FILES).map(|(p, n)| format!("{p} {n}")).collect();
    if changed.len() > DETAIL_FILES {
        let rest = &changed[DETAIL_FILES..];
        let rest_lines: u64 = rest.iter().map(|(_, n)| n).sum();
        listed.push(format!("{} more files ({rest_lines} lines)", rest.len()));
    }
    let detail = format!(
        "last changed {} days before the newest commit; since then ({range}) {} of the {} files it names changed {total} lines: {}",
        c.age_days,
        changed.len(),
        c.named.len(),
        listed.join(", ")
    );
    let files: Vec<String> =
        changed.iter().take(MAX_CHANGED_FILES).map(|(p, _)| p.to_string()).collect();
    Some(
        Signal::new(SignalName::EditRecencyVsChurn, 1, detail)
            .with_related_path(files[0].clone())
            .with_changes(range, files),
    )
}

fn abbrev(hash: &str) -> &str {
    hash.get(..ABBREV).unwrap_or(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(named: &[&str]) -> Candidate {
        Candidate {
            path: "docs/d.md".into(),
            changed: 0,
            since: "0123456789abcdef0123".into(),
            age_days: 100,
            named: named.iter().map(|s| s.to_string()).collect(),
            names: vec!["NewCmdRoot".into()],
        }
    }

    fn diff(rows: &[(&str, u64)]) -> Vec<(String, u64)> {
        rows.iter().map(|(p, n)| (p.to_string(), *n)).collect()
    }

    fn doc(path: &str, text: &str) -> Doc {
        Doc { path: path.into(), parsed: crate::scan::markdown::parse(text.into()), bytes: 0 }
    }

    #[test]
    fn named_files_are_existing_linked_or_backticked_files_never_folders_images_docs_or_tests() {
        let dir = tempfile::tempdir().unwrap();
        for f in [
            "src/a.rs",
            "src/b.rs",
            "docs/run.sh",
            "docs/other.md",
            "logo.png",
            "target/x",
            "tests/cli.rs",
            "src/a_test.go",
            "web/app.test.ts",
        ] {
            let path = dir.path().join(f);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "x\n").unwrap();
        }
        let tree = Tree::new(dir.path());
        let d = doc(
            "docs/d.md",
            "[a](../src/a.rs#L3) [again](/src/a.rs) [folder](../src/) [doc](other.md)\n\
             ![logo](../logo.png) [gone](../src/gone.rs) [web](https://x.test/src/b.rs)\n\
             `src/b.rs:10` `docs/run.sh` `run.sh` `sub/run.sh` `target/x` `src`\n\
             Add tests to `tests/cli.rs`, `src/a_test.go` or [here](../web/app.test.ts).\n\n\
             ```\nsrc/c.rs\n```\n",
        );
        assert_eq!(named_files(&tree, &d), ["docs/run.sh", "src/a.rs", "src/b.rs"]);
        let badges = doc("README.md", "[![ci](https://x.test/b.svg)](https://x.test)\n");
        assert_eq!(scope_of(&tree, &badges), None, "a doc that names no file never fires");
        let named = doc("README.md", "See `docs/run.sh` and `run_all()`.\n");
        assert_eq!(scope_of(&tree, &named).unwrap().named, ["docs/run.sh"]);
        let no_code = doc("README.md", "See `docs/run.sh`.\n");
        assert_eq!(scope_of(&tree, &no_code), None, "a doc that writes no code name never fires");
    }

    #[test]
    fn only_named_files_count_and_the_signal_carries_its_evidence() {
        let c = cand(&["src/a.rs", "src/b.rs", "src/c.rs", "src/same.rs"]);
        let head = "fedcba9876543210fedc";
        let d = diff(&[("src/b.rs", 60), ("src/a.rs", 60), ("src/c.rs", 5), ("src/other.rs", 900)]);
        let s = judge(&c, head, &d, 100).expect("125 lines of named files churned");
        assert_eq!(s.commit_range.as_deref(), Some("0123456789ab..fedcba987654"));
        assert_eq!(s.changed_files, ["src/a.rs", "src/b.rs", "src/c.rs"], "churn, then path");
        assert_eq!(s.related_path.as_deref(), Some("src/a.rs"));
        assert_eq!(s.line, 1);
        assert_eq!(
            s.detail,
            "last changed 100 days before the newest commit; since then \
             (0123456789ab..fedcba987654) 3 of the 4 files it names changed 125 lines: \
             src/a.rs 60, src/b.rs 60, src/c.rs 5"
        );
        assert_eq!(judge(&c, head, &d, 126), None, "under the threshold");
        let only_others = diff(&[("src/other.rs", 900), ("src", 900)]);
        assert_eq!(judge(&c, head, &only_others, 100), None, "files it does not name");
    }

    #[test]
    fn the_detail_sums_files_past_the_first_few() {
        let c = cand(&["a.rs", "b.rs", "c.rs", "d.rs", "e.rs"]);
        let d = diff(&[("a.rs", 50), ("b.rs", 40), ("c.rs", 30), ("d.rs", 20), ("e.rs", 10)]);
        let s = judge(&c, "h", &d, 100).unwrap();
        assert!(
            s.detail.ends_with("a.rs 50, b.rs 40, c.rs 30, 2 more files (30 lines)"),
            "{}",
            s.detail
        );
        assert_eq!(s.changed_files.len(), 5);
        assert_eq!(s.commit_range.as_deref(), Some("0123456789ab..h"));
    }

    #[test]
    fn changed_files_stop_at_twenty_and_the_detail_counts_them_all() {
        let names: Vec<String> = (0..30).map(|i| format!("f{i:02}.rs")).collect();
        let c = cand(&names.iter().map(String::as_str).collect::<Vec<_>>());
        let d: Vec<(String, u64)> = names.iter().map(|n| (n.clone(), 10)).collect();
        let s = judge(&c, "h", &d, 100).unwrap();
        assert_eq!(s.changed_files.len(), MAX_CHANGED_FILES);
        assert_eq!(s.changed_files[0], "f00.rs");
        assert!(s.detail.contains("30 of the 30 files it names changed 300 lines"), "{}", s.detail);
        assert!(s.detail.ends_with("27 more files (270 lines)"), "{}", s.detail);
    }

    #[test]
    fn pathspec_is_the_union_of_named_files() {
        let spec = pathspec(&[cand(&["src/a.rs", "src/b.rs"]), cand(&["lib/x.rs", "src/a.rs"])]);
        assert_eq!(spec, ["lib/x.rs", "src/a.rs", "src/b.rs"]);
    }

    #[test]
    fn code_names_are_identifiers_calls_and_long_options_not_words() {
        let d = doc(
            "d.md",
            "Run `rootCmd.ExecuteC()` with `--dry-run` or `-v`; set `RUST_LOG`.\n\
             Call `main()`, not `true`, `json`, `Option`, `2024_01`, `cargo build`.\n\
             Phase 2 reads `critique.md`; not `v1.2`, `e.g.` or `x.md`.\n",
        );
        assert_eq!(
            code_names(&d),
            ["ExecuteC", "RUST_LOG", "critique.md", "dry-run", "main", "rootCmd"]
        );
    }

    #[test]
    fn names_vanish_when_the_files_held_them_then_and_hold_them_no_more() {
        let names: Vec<String> =
            ["ExecuteC", "NewCmdRoot", "kept_name", "never_there"].map(String::from).to_vec();
        let before = ["root.NewCmdRoot(); rootCmd.ExecuteC(); kept_name".to_string()];
        let now = ["ghcmd.Main(); kept_name; NewCmdRootV2()".to_string()];
        assert_eq!(vanished(&names, &before, &now), ["ExecuteC", "NewCmdRoot"].map(String::from));
        let sig = judge(&cand(&["cmd/main.go"]), "h", &diff(&[("cmd/main.go", 200)]), 100).unwrap();
        let sig = with_vanished(sig, &["ExecuteC".into(), "NewCmdRoot".into()]);
        assert!(
            sig.detail.ends_with("none of the files it names has now: `ExecuteC`, `NewCmdRoot`"),
            "{}",
            sig.detail
        );
    }
}
