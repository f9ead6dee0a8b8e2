//! `scan`: the scanner's one entry point — walk, read and parse, read git history once,
//! run the eight signals, and assemble a deterministic `ScanArtifact`.
//!
//! It reads the tree and runs `git`; it never writes a file. Same tree and options, same
//! artifact bytes: every list is sorted and every map is a `BTreeMap`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::anchors::AnchorSet;
use super::artifact::{FileFacts, GitStatus, ScanArtifact};
use super::context::{Doc, Findings, ScanContext};
use super::git::{self, GitLoad};
use super::options::ScanOptions;
use super::scope::{Scope, DEFAULT_EXCLUDED_DIRS, DEFAULT_INCLUDE};
use super::signals::broken_reference::{self, DeferredFragment, Problem};
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
/// Docs are read and parsed one at a time; what crosses files (anchors for fragment
/// checks, block fingerprints) is kept as hashes, so memory stays flat on big trees.
pub fn scan(root: &Path, opts: &ScanOptions) -> Result<ScanArtifact> {
    let config = &opts.config;
    let scope = Scope::new(&config.include, &opts.scopes, &config.exclude)?;
    let paths = walk(root, &scope)?;
    let (history, mut git_status) = read_history(root, opts.use_git);
    let always = always_loaded::always_loaded(&paths, &config.always_loaded, |p| {
        Doc::read(root, p).ok().map(|(doc, _)| doc)
    });
    let mut ctx = ScanContext {
        root,
        config,
        paths,
        tree: Tree::new(root),
        history,
        estimator: Estimator::new(config.tokens.encoding),
        always_loaded: always,
        known_versions: manifests::known_versions(root),
    };
    let mut out = Findings::default();
    let mut anchors = Vec::with_capacity(ctx.paths.len());
    let mut deferred: Vec<(u32, DeferredFragment)> = Vec::new();
    let mut prints = Vec::new();
    let mut marked = BTreeSet::new();
    let mut files = BTreeMap::new();
    let mut candidates = Vec::new();
    for (index, path) in ctx.paths.iter().enumerate() {
        let index = index as u32;
        let (doc, bytes) =
            Doc::read(root, path).map_err(|e| Error::io("read", root.join(path), e))?;
        let freq = injection_frequency(path, ctx.always_loaded.contains_key(path));
        let facts = FileFacts {
            sha256: sha256_hex(&bytes),
            bytes: doc.bytes,
            lines: doc.parsed.line_count,
            injection_frequency: freq,
        };
        drop(bytes);
        files.insert(path.clone(), facts);
        let links = broken_reference::check_doc(&ctx, &doc);
        for problem in &links.problems {
            report_problem(&ctx, problem, &mut out);
        }
        deferred.extend(links.deferred.into_iter().map(|d| (index, d)));
        anchors.push(AnchorSet::new(&doc.parsed.anchors));
        version_skew::check(&ctx, &doc, &mut out);
        candidates.extend(edit_recency_vs_churn::candidate(&ctx, &doc));
        if frontmatter_marker::check(&ctx, &doc, &mut out) {
            marked.insert(path.clone());
        }
        archive_to_live_ratio::check(&ctx, &doc, &mut out);
        token_budget::check(&ctx, &doc, &mut out);
        prints.extend(duplicate_content::prints(&ctx, &doc, index));
    }
    check_deferred_fragments(&ctx, &anchors, deferred, &mut out)?;
    judge_churn(&mut ctx, &candidates, &mut git_status, &mut out);
    archive_to_live_ratio::folder_rule(&ctx, &marked, &mut out);
    duplicate_content::run(&ctx, prints, &mut out);
    Ok(ScanArtifact {
        project_root: root.display().to_string(),
        scope_globs: scope_globs(opts),
        excluded_dirs: excluded_dirs(config),
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

/// Reads the churn of every candidate's scope since the oldest candidate's last commit
/// (one `git log --numstat`), then judges each candidate.
fn judge_churn(
    ctx: &mut ScanContext<'_>,
    candidates: &[edit_recency_vs_churn::Candidate],
    status: &mut GitStatus,
    out: &mut Findings,
) {
    let Some(history) = ctx.history.as_mut() else {
        return;
    };
    let Some(oldest) = candidates.iter().min_by_key(|c| c.changed) else {
        return;
    };
    let Some(since) = history.last_change_commit(&oldest.path).map(str::to_string) else {
        return;
    };
    let paths = edit_recency_vs_churn::pathspec(candidates);
    if let Err(why) = git::load_churn(ctx.root, &since, &paths, history) {
        let why = format!("{why}; edit_recency_vs_churn skipped");
        status.note = Some(match status.note.take() {
            Some(earlier) => format!("{earlier}; {why}"),
            None => why,
        });
        return;
    }
    for c in candidates {
        edit_recency_vs_churn::judge(ctx, c, out);
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
