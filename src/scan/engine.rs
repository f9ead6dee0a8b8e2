//! `scan`: the scanner's one entry point — walk, read and parse, read git history once,
//! run the eight signals, and assemble a deterministic `ScanArtifact`.
//!
//! It reads the tree and runs `git`; it never writes a file. Same tree and options, same
//! artifact bytes: every list is sorted and every map is a `BTreeMap`.

use std::collections::BTreeMap;
use std::path::Path;

use super::artifact::{FileFacts, GitStatus, ScanArtifact};
use super::context::{Doc, Findings, ScanContext};
use super::git::{self, GitLoad};
use super::markdown;
use super::options::ScanOptions;
use super::scope::{Scope, DEFAULT_EXCLUDED_DIRS, DEFAULT_INCLUDE};
use super::signals::{
    always_loaded, archive_to_live_ratio, broken_reference, duplicate_content,
    edit_recency_vs_churn, frontmatter_marker, manifests, stale_name_location, token_budget,
    version_skew,
};
use super::tree::Tree;
use super::walk::walk;
use crate::error::{Error, Result};
use crate::hash::sha256_hex;
use crate::tokens::{injection_frequency, Estimator};

/// How hidden folders appear in `excluded_dirs`.
pub const HIDDEN_DIRS_RULE: &str = ".* (hidden folders, except .github)";

/// Scans the tree at `root` (an absolute, canonical folder).
pub fn scan(root: &Path, opts: &ScanOptions) -> Result<ScanArtifact> {
    let config = &opts.config;
    let scope = Scope::new(&config.include, &opts.scopes, &config.exclude)?;
    let paths = walk(root, &scope)?;
    let mut docs = BTreeMap::new();
    let mut facts = BTreeMap::new();
    for path in paths {
        let bytes =
            std::fs::read(root.join(&path)).map_err(|e| Error::io("read", root.join(&path), e))?;
        let sha256 = sha256_hex(&bytes);
        let size = bytes.len() as u64;
        let text = String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        let parsed = markdown::parse(text);
        facts.insert(path.clone(), (sha256, size, parsed.line_count));
        docs.insert(path.clone(), Doc { path, parsed, bytes: size });
    }
    let (history, git_status) = read_history(root, opts.use_git);
    let always = always_loaded::always_loaded(&docs, &config.always_loaded);
    let ctx = ScanContext {
        root,
        config,
        docs,
        tree: Tree::new(root),
        history,
        estimator: Estimator::new(config.tokens.encoding),
        always_loaded: always,
    };
    let signals = run_signals(&ctx);
    let files = facts
        .into_iter()
        .map(|(path, (sha256, bytes, lines))| {
            let freq = injection_frequency(&path, ctx.always_loaded.contains_key(&path));
            (path, FileFacts { sha256, bytes, lines, injection_frequency: freq })
        })
        .collect::<BTreeMap<_, _>>();
    Ok(ScanArtifact {
        project_root: root.display().to_string(),
        scope_globs: scope_globs(opts),
        excluded_dirs: excluded_dirs(config),
        files_scanned: files.len() as u64,
        shortlist: files.keys().cloned().collect(),
        signals,
        files,
        git: git_status,
    })
}

fn run_signals(ctx: &ScanContext<'_>) -> BTreeMap<String, Vec<super::signal::Signal>> {
    let mut out = Findings::default();
    for problem in broken_reference::find(ctx) {
        let stale = match &problem {
            broken_reference::Problem::MissingTarget(m) => stale_name_location::classify(ctx, m),
            broken_reference::Problem::MissingFragment { .. } => None,
        };
        let (path, sig) = stale.unwrap_or_else(|| broken_reference::signal(&problem));
        out.push(&path, sig);
    }
    version_skew::run(ctx, &manifests::known_versions(ctx.root), &mut out);
    edit_recency_vs_churn::run(ctx, &mut out);
    let marked = frontmatter_marker::run(ctx, &mut out);
    archive_to_live_ratio::run(ctx, &mut out);
    archive_to_live_ratio::folder_rule(ctx, &marked, &mut out);
    duplicate_content::run(ctx, &mut out);
    token_budget::run(ctx, &mut out);
    out.into_sorted()
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
