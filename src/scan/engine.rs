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
use super::signal::Signal;
use super::signals::broken_reference::{self, DeferredFragment, Problem};
use super::signals::duplicate_content::BlockPrint;
use super::signals::{
    always_loaded, archive_to_live_ratio, duplicate_content, edit_recency_vs_churn,
    frontmatter_marker, manifests, stale_name_location, token_budget, version_skew,
};
use super::token_jobs::{self, TokenJob};
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
/// `workers()` threads read and check the docs and this thread folds what each doc
/// leaves (`DocOutcome`) into the whole tree's tallies. A doc is held only while its own
/// signals run; what crosses files (anchors for fragment checks, block fingerprints) is
/// kept as hashes, so memory stays flat on big trees. The steps that need history, the
/// whole tree or the tokenizer's tables run after; every tally is order-free or sorted,
/// so threads never change the artifact's bytes.
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
        let mut tally = Tally::new(ctx.paths.len());
        read_docs(&ctx, opts.use_git, |index, outcome| tally.add(&ctx.paths, index, outcome))?;
        let deferred = std::mem::take(&mut tally.deferred_counts);
        for (index, signals) in run_deferred_counts(&ctx, deferred) {
            let path = &ctx.paths[index as usize];
            signals.into_iter().for_each(|sig| tally.out.push(path, sig));
        }
        let (history, git_status) = git.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        ctx.history = history;
        tally.finish(&ctx, git_status, opts)
    })
}

/// What one doc leaves once it is read, computed without git history.
struct DocOutcome {
    facts: FileFacts,
    problems: Vec<Problem>,
    deferred_fragments: Vec<DeferredFragment>,
    anchors: AnchorSet,
    signals: Vec<Signal>,
    marked: bool,
    prints: Vec<BlockPrint>,
    /// Read only when git is on.
    churn: Option<edit_recency_vs_churn::ChurnScope>,
    /// Token counts that had to wait for the tokenizer's tables.
    deferred_counts: Option<token_jobs::Deferred>,
}

/// Reads, parses and checks one doc.
fn read_doc(ctx: &ScanContext<'_>, index: u32, use_git: bool) -> Result<DocOutcome> {
    let path = &ctx.paths[index as usize];
    let (mut doc, bytes) =
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
    let mut signals = findings.into_signals();
    let jobs: Vec<TokenJob> = [token_budget::job(ctx, &doc), archive_to_live_ratio::job(ctx, &doc)]
        .into_iter()
        .flatten()
        .collect();
    let waiting = match token_jobs::try_now(&ctx.estimator, &doc.parsed.text, jobs) {
        Ok(found) => {
            signals.extend(found);
            None
        }
        Err(jobs) => Some(jobs),
    };
    let outcome = DocOutcome {
        facts,
        problems: links.problems,
        deferred_fragments: links.deferred,
        anchors: AnchorSet::new(&doc.parsed.anchors),
        signals,
        marked,
        prints: duplicate_content::prints(ctx, &doc, index),
        churn: use_git.then(|| edit_recency_vs_churn::scope_of(ctx, &doc)),
        // Last: the text moves out of the doc, to be counted once the tables are in.
        deferred_counts: waiting
            .map(|jobs| token_jobs::Deferred { text: std::mem::take(&mut doc.parsed.text), jobs }),
    };
    Ok(outcome)
}

/// Reads every doc, handing each outcome to `fold` on the calling thread as soon as it
/// is ready (in no particular order). Workers take the next unread doc, so one large
/// file does not hold up a whole share; the first error stops them all, and the error of
/// the lowest-numbered failing doc is returned. While the tokenizer's tables load (the
/// longest single task of a cold scan), the last worker on a fully used machine pauses,
/// leaving the loader a core.
fn read_docs(
    ctx: &ScanContext<'_>,
    use_git: bool,
    mut fold: impl FnMut(u32, DocOutcome),
) -> Result<()> {
    let n = ctx.paths.len();
    let workers = workers().min(n);
    if workers <= 1 {
        for i in 0..n as u32 {
            fold(i, read_doc(ctx, i, use_git)?);
        }
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    // Outcomes travel in batches: one wake-up of this thread per document would cost
    // more in context switches than folding them does.
    const BATCH: usize = 64;
    let (send, receive) = std::sync::mpsc::channel::<Vec<(u32, Result<DocOutcome>)>>();
    let yields = workers >= cores();
    std::thread::scope(|s| {
        for w in 0..workers {
            let send = send.clone();
            let (next, failed) = (&next, &failed);
            let yields = yields && w == workers - 1;
            s.spawn(move || {
                let mut batch = Vec::with_capacity(BATCH);
                while !failed.load(Ordering::Relaxed) {
                    if yields && ctx.estimator.is_loading() && next.load(Ordering::Relaxed) < n {
                        std::thread::sleep(std::time::Duration::from_millis(2));
                        continue;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let outcome = read_doc(ctx, i as u32, use_git);
                    if outcome.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    batch.push((i as u32, outcome));
                    if batch.len() == BATCH {
                        let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                        if send.send(full).is_err() {
                            return;
                        }
                    }
                }
                let _ = send.send(batch);
            });
        }
        drop(send);
        let mut first_error: Option<(u32, Error)> = None;
        for (i, outcome) in receive.into_iter().flatten() {
            match outcome {
                Ok(o) if first_error.is_none() => fold(i, o),
                Ok(_) => {}
                Err(e) if first_error.as_ref().is_none_or(|(j, _)| i < *j) => {
                    first_error = Some((i, e))
                }
                Err(_) => {}
            }
        }
        first_error.map_or(Ok(()), |(_, e)| Err(e))
    })
}

/// Runs the token counts that waited for the tables (waiting for the load to finish);
/// returns each doc's signals. One thread: tiktoken-rs's shared encoder does not scale
/// across threads (rust-book's 94 large docs: 100 ms on one thread, 114 ms split over
/// two), and the load, not the count, is the larger cost.
fn run_deferred_counts(
    ctx: &ScanContext<'_>,
    deferred: Vec<(u32, token_jobs::Deferred)>,
) -> Vec<(u32, Vec<Signal>)> {
    deferred.into_iter().map(|(i, d)| (i, token_jobs::run(&ctx.estimator, d))).collect()
}

/// Worker threads for the doc phase: `DOCHYGIENE_THREADS`, else the cores available
/// (at most 8: past that the disk, not parsing, is the limit).
fn workers() -> usize {
    std::env::var("DOCHYGIENE_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|n| *n > 0)
        .unwrap_or_else(|| cores().min(8))
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The whole tree's tallies, folded from the doc outcomes in any order.
struct Tally {
    out: Findings,
    anchors: Vec<AnchorSet>,
    deferred_fragments: Vec<(u32, DeferredFragment)>,
    prints: Vec<BlockPrint>,
    marked: BTreeSet<String>,
    files: BTreeMap<String, FileFacts>,
    /// Link problems, judged once history is known.
    problems: Vec<Problem>,
    churn: Vec<(u32, edit_recency_vs_churn::ChurnScope)>,
    deferred_counts: Vec<(u32, token_jobs::Deferred)>,
}

impl Tally {
    fn new(docs: usize) -> Tally {
        let mut anchors = Vec::new();
        anchors.resize_with(docs, AnchorSet::default);
        Tally {
            out: Findings::default(),
            anchors,
            deferred_fragments: Vec::new(),
            prints: Vec::new(),
            marked: BTreeSet::new(),
            files: BTreeMap::new(),
            problems: Vec::new(),
            churn: Vec::new(),
            deferred_counts: Vec::new(),
        }
    }

    fn add(&mut self, paths: &[String], index: u32, o: DocOutcome) {
        let path = &paths[index as usize];
        for sig in o.signals {
            self.out.push(path, sig);
        }
        self.anchors[index as usize] = o.anchors;
        self.problems.extend(o.problems);
        self.deferred_fragments.extend(o.deferred_fragments.into_iter().map(|d| (index, d)));
        self.prints.extend(o.prints);
        if o.marked {
            self.marked.insert(path.clone());
        }
        if let Some(churn) = o.churn {
            self.churn.push((index, churn));
        }
        if let Some(d) = o.deferred_counts {
            self.deferred_counts.push((index, d));
        }
        self.files.insert(path.clone(), o.facts);
    }

    /// Runs what needs git history or the whole tree, and builds the artifact.
    fn finish(
        mut self,
        ctx: &ScanContext<'_>,
        mut git_status: GitStatus,
        opts: &ScanOptions,
    ) -> Result<ScanArtifact> {
        for problem in &self.problems {
            report_problem(ctx, problem, &mut self.out);
        }
        let mut candidates = Vec::new();
        if let Some(history) = &ctx.history {
            let stale_days = ctx.config.thresholds.stale_days;
            for (index, churn) in self.churn {
                let path = &ctx.paths[index as usize];
                candidates
                    .extend(edit_recency_vs_churn::candidate(history, stale_days, path, churn));
            }
        }
        check_deferred_fragments(ctx, &self.anchors, self.deferred_fragments, &mut self.out)?;
        judge_churn(ctx, &candidates, &mut git_status, &mut self.out);
        archive_to_live_ratio::folder_rule(ctx, &self.marked, &mut self.out);
        duplicate_content::run(ctx, self.prints, &mut self.out);
        Ok(ScanArtifact {
            project_root: ctx.root.display().to_string(),
            scope_globs: scope_globs(opts),
            excluded_dirs: excluded_dirs(&opts.config),
            files_scanned: self.files.len() as u64,
            shortlist: ctx.paths.clone(),
            signals: self.out.into_sorted(),
            files: self.files,
            git: git_status,
        })
    }
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
