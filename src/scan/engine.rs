//! `scan`: the scanner's one entry point — walk, read and parse, read git history once,
//! run the eight signals, and assemble a deterministic `ScanArtifact`.
//!
//! It reads the tree and runs `git`; it never writes a file. Same tree and options, same
//! artifact bytes: every list is sorted and every map is a `BTreeMap`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::anchors::AnchorSet;
use super::artifact::{FileFacts, GitStatus, ScanArtifact};
use super::context::{Doc, Findings, ScanContext};
use super::git::{self, GitLoad};
use super::options::ScanOptions;
use super::scope::{Scope, DEFAULT_EXCLUDED_DIRS, DEFAULT_INCLUDE};
use super::signals::broken_reference::{self, DeferredFragment, Problem};
use super::signals::duplicate_content::BlockPrint;
use super::signals::{
    always_loaded, archive_to_live_ratio, duplicate_content, edit_recency_vs_churn,
    frontmatter_marker, manifests, stale_name_location, token_budget, version_skew,
};
use super::tree::Tree;
use super::walk::walk;
use crate::error::{Error, Result};
use crate::hash::sha256_hex;
use crate::tokens::{injection_frequency, Estimator};

/// How hidden folders appear in `excluded_dirs`.
pub const HIDDEN_DIRS_RULE: &str = ".* (hidden folders, except .github)";

/// Scans the tree at `root` (an absolute, canonical folder).
///
/// Git history is read on its own thread (the `git` process runs on another core) while
/// the docs are read and parsed by `workers()` threads. Each doc is held only while its
/// own signals run; what crosses files (anchors for fragment checks, block fingerprints)
/// is kept as hashes, so memory stays flat on big trees. The signals that need history
/// run once both are done, so threads never change the artifact's bytes.
pub fn scan(root: &Path, opts: &ScanOptions) -> Result<ScanArtifact> {
    let config = &opts.config;
    let scope = Scope::new(&config.include, &opts.scopes, &config.exclude)?;
    std::thread::scope(|s| {
        let git = s.spawn(|| read_history(root, opts.use_git));
        let paths = walk(root, &scope)?;
        let always = always_loaded::always_loaded(&paths, &config.always_loaded, |p| {
            Doc::read(root, p).ok().map(|(doc, _)| doc)
        });
        let mut ctx = ScanContext {
            root,
            config,
            paths,
            tree: Tree::new(root),
            history: None,
            estimator: Estimator::new(config.tokens.encoding),
            always_loaded: always,
            known_versions: manifests::known_versions(root),
        };
        let outcomes = read_docs(&ctx, opts.use_git)?;
        let (history, git_status) = git.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        ctx.history = history;
        assemble(ctx, outcomes, git_status, opts)
    })
}

/// What one doc contributes, computed without git history.
struct DocOutcome {
    facts: FileFacts,
    problems: Vec<Problem>,
    deferred: Vec<DeferredFragment>,
    anchors: AnchorSet,
    findings: Findings,
    marked: bool,
    prints: Vec<BlockPrint>,
    /// Read only when git is on.
    churn: Option<edit_recency_vs_churn::ChurnScope>,
}

/// Reads, parses and checks one doc.
fn read_doc(ctx: &ScanContext<'_>, index: u32, use_git: bool) -> Result<DocOutcome> {
    let path = &ctx.paths[index as usize];
    let (doc, bytes) =
        Doc::read(ctx.root, path).map_err(|e| Error::io("read", ctx.root.join(path), e))?;
    let facts = FileFacts {
        sha256: sha256_hex(&bytes),
        bytes: doc.bytes,
        lines: doc.parsed.line_count,
        injection_frequency: injection_frequency(path, ctx.always_loaded.contains_key(path)),
    };
    drop(bytes);
    let links = broken_reference::check_doc(ctx, &doc);
    let mut findings = Findings::default();
    version_skew::check(ctx, &doc, &mut findings);
    let marked = frontmatter_marker::check(ctx, &doc, &mut findings);
    archive_to_live_ratio::check(ctx, &doc, &mut findings);
    token_budget::check(ctx, &doc, &mut findings);
    Ok(DocOutcome {
        facts,
        problems: links.problems,
        deferred: links.deferred,
        anchors: AnchorSet::new(&doc.parsed.anchors),
        findings,
        marked,
        prints: duplicate_content::prints(ctx, &doc, index),
        churn: use_git.then(|| edit_recency_vs_churn::scope_of(ctx, &doc)),
    })
}

/// Every doc's outcome, in shortlist order. Workers take the next unread doc, so one
/// large file does not hold up a whole share; the first error stops them all.
fn read_docs(ctx: &ScanContext<'_>, use_git: bool) -> Result<Vec<DocOutcome>> {
    let n = ctx.paths.len();
    let workers = workers().min(n);
    if workers <= 1 {
        return (0..n as u32).map(|i| read_doc(ctx, i, use_git)).collect();
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let shares = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    while !failed.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= n {
                            break;
                        }
                        match read_doc(ctx, i as u32, use_git) {
                            Ok(outcome) => mine.push((i, outcome)),
                            Err(e) => {
                                failed.store(true, Ordering::Relaxed);
                                return Err((i, e));
                            }
                        }
                    }
                    Ok(mine)
                })
            })
            .collect();
        let joined: Vec<_> = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect();
        joined
    });
    let mut all: Vec<Option<DocOutcome>> = Vec::new();
    all.resize_with(n, || None);
    let mut first_error: Option<(usize, Error)> = None;
    for share in shares {
        match share {
            Ok(mine) => mine.into_iter().for_each(|(i, o)| all[i] = Some(o)),
            Err((i, e)) => {
                if first_error.as_ref().is_none_or(|(j, _)| i < *j) {
                    first_error = Some((i, e));
                }
            }
        }
    }
    if let Some((_, e)) = first_error {
        return Err(e);
    }
    Ok(all.into_iter().map(|o| o.expect("every index below n was read")).collect())
}

/// Worker threads for the doc phase: `DOCHYGIENE_THREADS`, else the cores available
/// (at most 8: past that the disk, not parsing, is the limit).
fn workers() -> usize {
    std::env::var("DOCHYGIENE_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|n| *n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()).min(8))
}

/// Merges the outcomes in shortlist order and runs what needs the whole tree or git.
fn assemble(
    ctx: ScanContext<'_>,
    outcomes: Vec<DocOutcome>,
    mut git_status: GitStatus,
    opts: &ScanOptions,
) -> Result<ScanArtifact> {
    let mut out = Findings::default();
    let mut anchors = Vec::with_capacity(outcomes.len());
    let mut deferred: Vec<(u32, DeferredFragment)> = Vec::new();
    let mut prints = Vec::new();
    let mut marked = BTreeSet::new();
    let mut files = BTreeMap::new();
    let mut candidates = Vec::new();
    let stale_days = ctx.config.thresholds.stale_days;
    for (index, o) in outcomes.into_iter().enumerate() {
        let path = &ctx.paths[index];
        for problem in &o.problems {
            report_problem(&ctx, problem, &mut out);
        }
        out.extend(o.findings);
        deferred.extend(o.deferred.into_iter().map(|d| (index as u32, d)));
        anchors.push(o.anchors);
        prints.extend(o.prints);
        if o.marked {
            marked.insert(path.clone());
        }
        if let (Some(history), Some(churn)) = (&ctx.history, o.churn) {
            candidates.extend(edit_recency_vs_churn::candidate(history, stale_days, path, churn));
        }
        files.insert(path.clone(), o.facts);
    }
    check_deferred_fragments(&ctx, &anchors, deferred, &mut out)?;
    judge_churn(&ctx, &candidates, &mut git_status, &mut out);
    archive_to_live_ratio::folder_rule(&ctx, &marked, &mut out);
    duplicate_content::run(&ctx, prints, &mut out);
    Ok(ScanArtifact {
        project_root: ctx.root.display().to_string(),
        scope_globs: scope_globs(opts),
        excluded_dirs: excluded_dirs(&opts.config),
        files_scanned: files.len() as u64,
        shortlist: ctx.paths.clone(),
        signals: out.into_sorted(),
        files,
        git: git_status,
    })
}

/// A link problem becomes a `stale_name_location` when git explains it, else a
/// `broken_reference`.
fn report_problem(ctx: &ScanContext<'_>, problem: &Problem, out: &mut Findings) {
    let stale = match problem {
        Problem::MissingTarget(m) => stale_name_location::classify(ctx, m),
        Problem::MissingFragment { .. } => None,
    };
    let (path, sig) = stale.unwrap_or_else(|| broken_reference::signal(problem));
    out.push(&path, sig);
}

/// Checks fragments into other docs now that every doc's anchors are known; the docs
/// with failures are re-read to name them.
fn check_deferred_fragments(
    ctx: &ScanContext<'_>,
    anchors: &[AnchorSet],
    deferred: Vec<(u32, DeferredFragment)>,
    out: &mut Findings,
) -> Result<()> {
    let mut failed: BTreeMap<u32, Vec<DeferredFragment>> = BTreeMap::new();
    for (source, check) in deferred {
        if !check.holds(&anchors[check.target as usize]) {
            failed.entry(source).or_default().push(check);
        }
    }
    for (source, checks) in failed {
        let path = &ctx.paths[source as usize];
        let (doc, _) =
            Doc::read(ctx.root, path).map_err(|e| Error::io("read", ctx.root.join(path), e))?;
        for problem in broken_reference::recover(ctx, &doc, &checks) {
            report_problem(ctx, &problem, out);
        }
    }
    Ok(())
}

/// Reads every candidate's net churn (one `git diff-tree` for all their last commits),
/// then judges each candidate.
fn judge_churn(
    ctx: &ScanContext<'_>,
    candidates: &[edit_recency_vs_churn::Candidate],
    status: &mut GitStatus,
    out: &mut Findings,
) {
    let Some(head) = ctx.history.as_ref().and_then(|h| h.head()) else {
        return;
    };
    if candidates.is_empty() {
        return;
    }
    let mut since: Vec<String> = candidates.iter().map(|c| c.since.clone()).collect();
    since.sort_unstable();
    since.dedup();
    let paths = edit_recency_vs_churn::pathspec(candidates);
    let diffs = match git::load_net_churn(ctx.root, head, &since, &paths) {
        Ok(diffs) => diffs,
        Err(why) => {
            let why = format!("{why}; edit_recency_vs_churn skipped");
            status.note = Some(match status.note.take() {
                Some(earlier) => format!("{earlier}; {why}"),
                None => why,
            });
            return;
        }
    };
    for c in candidates {
        let at = since.binary_search(&c.since).expect("every candidate's commit was asked");
        edit_recency_vs_churn::judge(ctx, c, &diffs[at], out);
    }
}

fn read_history(root: &Path, use_git: bool) -> (Option<git::History>, GitStatus) {
    if !use_git {
        return (
            None,
            GitStatus { used: false, note: Some("--no-git: git signals skipped".into()) },
        );
    }
    match git::load(root) {
        GitLoad::Loaded(history) => {
            let note = history.shallow.then(|| {
                "shallow clone: history before the shallow boundary is unknown, so older renames, deletions and last changes may be missed".to_string()
            });
            (Some(history), GitStatus { used: true, note })
        }
        GitLoad::Unavailable(why) => (None, GitStatus { used: false, note: Some(why) }),
    }
}

fn scope_globs(opts: &ScanOptions) -> Vec<String> {
    if !opts.scopes.is_empty() {
        return opts.scopes.clone();
    }
    if opts.config.include.is_empty() {
        DEFAULT_INCLUDE.iter().map(|s| s.to_string()).collect()
    } else {
        opts.config.include.clone()
    }
}

fn excluded_dirs(config: &crate::config::Config) -> Vec<String> {
    let mut out: Vec<String> = DEFAULT_EXCLUDED_DIRS.iter().map(|s| s.to_string()).collect();
    out.push(HIDDEN_DIRS_RULE.to_string());
    out.extend(config.exclude.iter().cloned());
    out
}
