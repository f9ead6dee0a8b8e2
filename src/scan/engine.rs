//! `scan`: the scanner's one entry point — walk, read and parse (`workers.rs`,
//! `doc_outcome.rs`), read git history once, run the eight signals, and assemble a
//! deterministic `ScanArtifact` (`tally.rs`).
//!
//! It reads the tree and runs `git`; it never writes a file (token counts it computes
//! reach the machine's cache only when `cli::main` saves it). Same tree and options, same
//! artifact bytes: every list is sorted and every map is a `BTreeMap`.

use std::path::Path;

use super::artifact::{GitStatus, ScanArtifact};
use super::context::{Doc, ScanContext};
use super::doc_outcome::is_binary;
use super::git::{self, GitLoad};
use super::gitattributes::Generated;
use super::ignored::Ignored;
use super::options::ScanOptions;
use super::role::{self, DocRole};
use super::scope::{Scope, DEFAULT_EXCLUDED_DIRS, DEFAULT_INCLUDE};
use super::signals::{always_loaded, manifests};
use super::site::Sites;
use super::skill_lock::InstalledSkills;
use super::tally::Tally;
use super::tree::Tree;
use super::walk::walk;
use super::warning::ScanWarning;
use super::workers::read_docs;
use crate::error::Result;
use crate::tokens::Estimator;

/// How hidden folders appear in `excluded_dirs`.
fn hidden_dirs_rule() -> String {
    format!(".* (hidden folders, except {})", role::AGENT_HIDDEN_DIRS.join(", "))
}

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
        let tracked = s.spawn(|| git::tracked_ignored(root));
        // The manifests are read beside the walk: their look for package folders reads
        // a few hundred folders of its own (`manifests::read::package_folders`).
        let known_versions = s.spawn(|| {
            let remotes = if opts.use_git { git::remotes(root) } else { git::Remotes::default() };
            let mut known = manifests::known_versions(root, remotes.repos);
            known.default_branch = remotes.default_branch;
            known
        });
        let mut walked = walk(root, &scope)?;
        let ignored = Ignored::new(root);
        let tracked = tracked.join().unwrap_or_default();
        walked.add_tracked(root, &scope, tracked, |p| ignored.by_extension_only(p));
        let mut sites = Sites::detect(root, &walked.site_configs);
        sites.read_rule_ids(root, &walked.files);
        let generated = Generated::load(root);
        let installed = InstalledSkills::load(root);
        let assigned = role::assign(
            &walked.files,
            &sites,
            &|p| generated.contains(p) || installed.contains(p),
            &config.include_roles,
            |path, part| scope.names_explicitly(path, part),
        );
        let unmatched: Vec<ScanWarning> = scope
            .matching_nothing(&walked.files)
            .into_iter()
            .map(|p| ScanWarning::matches_nothing(&p, config.include.contains(&p)))
            .collect();
        let paths = assigned.paths;
        let always = always_loaded::always_loaded(&paths, &config.always_loaded, |p| {
            Doc::read(root, p).ok().filter(|(_, bytes)| !is_binary(bytes)).map(|(doc, _)| doc)
        });
        let mut roles = assigned.roles;
        for (path, role) in paths.iter().zip(roles.iter_mut()) {
            if always.contains_key(path) {
                *role = DocRole::AgentContext;
            }
        }
        let mut ctx = ScanContext {
            root,
            config,
            paths,
            roles,
            tree: Tree::new(root),
            sites,
            ignored,
            history: None,
            estimator: Estimator::new(config.tokens.encoding),
            always_loaded: always,
            known_versions: known_versions.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            page_urls: std::sync::OnceLock::new(),
        };
        let mut tally = Tally::new(ctx.paths.len());
        read_docs(&ctx, opts.use_git, |index, outcome| tally.add(&ctx.paths, index, outcome))?;
        tally.run_deferred_counts(&ctx);
        let (history, mut git_status) = git.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
        ctx.history = history;
        let tallied = tally.finish(&ctx, &mut git_status)?;
        let mut shortlist = ctx.paths;
        shortlist.retain(|p| !tallied.skipped.contains(p));
        let mut warnings = unmatched;
        warnings.extend(tallied.warnings);
        warnings.sort();
        Ok(ScanArtifact {
            project_root: root.display().to_string(),
            scope_globs: scope_globs(opts),
            excluded_dirs: excluded_dirs(config),
            files_scanned: tallied.files.len() as u64,
            shortlist,
            signals: tallied.signals,
            files: tallied.files,
            skipped: assigned.skipped,
            git: git_status,
            warnings,
        })
    })
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
            let mut notes = Vec::new();
            if history.shallow {
                notes.push("shallow clone: history before the shallow boundary is unknown, so older renames, deletions and last changes may be missed");
            }
            if history.blobs_missing {
                notes.push("some file contents are not in the clone (a partial clone?): renames are found only where the content did not change, and line churn may be unknown");
            }
            let note = (!notes.is_empty()).then(|| notes.join("; "));
            (Some(*history), GitStatus { used: true, note })
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
    out.push(hidden_dirs_rule());
    out.extend(config.exclude.iter().cloned());
    out
}
