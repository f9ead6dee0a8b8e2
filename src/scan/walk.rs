//! The walk: every in-scope file under the root, sorted, with `.gitignore` respected
//! (inside a repository or not; the user's global excludes are not read, so the same
//! tree gives the same shortlist on any machine). Default-excluded folders are pruned;
//! hidden folders too, except where agent context lives (`role::AGENT_HIDDEN_DIRS`) and
//! those an explicit `include` glob or `--scope` value names. On the way it notes the
//! docs sites' config files (`site.rs`).
//!
//! It lists paths; it never reads a file's contents. Paths that are not UTF-8 are
//! skipped (see `relative`).

use std::path::Path;
use std::sync::{Arc, Mutex};

use ignore::WalkBuilder;

use super::role::AGENT_HIDDEN_DIRS;
use super::scope::{Scope, DEFAULT_EXCLUDED_DIRS};
use super::site::Generator;
use crate::error::{Error, Result};

/// What the walk found.
#[derive(Debug, Default)]
pub struct Walked {
    /// Root-relative, `/`-separated paths of the files the scope keeps, sorted.
    pub files: Vec<String>,
    /// Docs-site config files (and `.vitepress` and `.vuepress` folders), sorted.
    pub site_configs: Vec<String>,
}

/// A walker of `root` as every walk of a project is set up: `.gitignore` and
/// `.git/info/exclude` respected inside a repository or not, the user's global excludes
/// and `.ignore` files not read (the same tree lists the same on any machine), hidden
/// entries listed (callers decide), no link followed.
pub fn builder(root: &Path) -> WalkBuilder {
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(false)
        .ignore(false)
        .git_global(false)
        .git_ignore(true)
        .git_exclude(true)
        .require_git(false)
        .follow_links(false);
    builder
}

/// Walks `root`, keeping what `scope` keeps.
pub fn walk(root: &Path, scope: &Scope) -> Result<Walked> {
    let mut builder = builder(root);
    builder.sort_by_file_name(|a, b| a.cmp(b));
    let vitepress: Arc<Mutex<Vec<String>>> = Arc::default();
    let seen = Arc::clone(&vitepress);
    let hidden_named = scope.hidden_dirs_named();
    let root_owned = root.to_path_buf();
    builder.filter_entry(move |entry| {
        let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
        if entry.depth() == 0 || !is_dir {
            return true;
        }
        let name = entry.file_name().to_string_lossy();
        if name == ".vitepress" || name == ".vuepress" {
            if let Some(rel) = relative(&root_owned, entry.path()) {
                seen.lock().unwrap_or_else(|p| p.into_inner()).push(rel);
            }
        }
        enters(&name, &hidden_named)
    });
    let mut out = Walked::default();
    for entry in builder.build() {
        let entry = entry.map_err(|e| walk_error(root, e))?;
        let is_file = entry.file_type().is_some_and(|t| t.is_file());
        if !is_file {
            continue;
        }
        let Some(rel) = relative(root, entry.path()) else {
            continue;
        };
        let name = rel.rsplit('/').next().unwrap_or_default();
        if Generator::of_config(name).is_some() {
            out.site_configs.push(rel.clone());
        }
        if name.starts_with('.') {
            continue;
        }
        if !dirs_kept(scope, &rel) {
            continue;
        }
        if scope.keeps_file(&rel) {
            out.files.push(rel);
        }
    }
    out.files.sort();
    out.site_configs.extend(vitepress.lock().unwrap_or_else(|p| p.into_inner()).drain(..));
    out.site_configs.sort();
    Ok(out)
}

impl Walked {
    /// Adds the files of `tracked` (root-relative: what git tracks although a
    /// `.gitignore` rule matches it, `git::tracked_ignored`) that the walk would have
    /// kept but for a rule ignoring every file of their extension (`*.md`,
    /// `by_extension_only`): regular files on disk, in folders the walk enters, that
    /// `scope` keeps. Git ignores only untracked files, and such a rule, written after the
    /// docs were committed, cannot mean them. A rule naming the file or its folder
    /// (`.claude/PRPs/`, a generated `docs/api/`) says what is there is an artifact: those
    /// stay out, tracked or not.
    pub fn add_tracked(
        &mut self,
        root: &Path,
        scope: &Scope,
        tracked: Vec<String>,
        by_extension_only: impl Fn(&str) -> bool,
    ) {
        let hidden_named = scope.hidden_dirs_named();
        let mut added = false;
        for rel in tracked {
            let (dirs, name) = rel.rsplit_once('/').unwrap_or(("", &rel));
            if !dirs.split('/').filter(|d| !d.is_empty()).all(|d| enters(d, &hidden_named)) {
                continue;
            }
            let regular = std::fs::symlink_metadata(root.join(&rel)).is_ok_and(|m| m.is_file());
            if !regular {
                continue;
            }
            if Generator::of_config(name).is_some() && !self.site_configs.contains(&rel) {
                self.site_configs.push(rel.clone());
                self.site_configs.sort();
            }
            if !name.starts_with('.')
                && dirs_kept(scope, &rel)
                && scope.keeps_file(&rel)
                && by_extension_only(&rel)
            {
                self.files.push(rel);
                added = true;
            }
        }
        if added {
            self.files.sort();
            self.files.dedup();
        }
    }
}

/// Whether the walk goes into a folder named `name`: not a default-excluded one
/// (`node_modules`, `target`…), and not a hidden one unless agent context lives there
/// (`AGENT_HIDDEN_DIRS`) or the scope names it (`hidden_named`). `.vitepress` is noted
/// (a site's config), never walked.
fn enters(name: &str, hidden_named: &[String]) -> bool {
    !DEFAULT_EXCLUDED_DIRS.contains(&name)
        && (!name.starts_with('.')
            || (name != ".vitepress"
                && (AGENT_HIDDEN_DIRS.contains(&name) || hidden_named.iter().any(|h| h == name))))
}

/// Whether every folder on `rel`'s way down survives the exclude globs.
fn dirs_kept(scope: &Scope, rel: &str) -> bool {
    let mut end = 0;
    while let Some(i) = rel[end..].find('/') {
        end += i;
        if !scope.keeps_dir(&rel[..end]) {
            return false;
        }
        end += 1;
    }
    true
}

/// `path` relative to `root` with `/` separators; `None` for a path that is not UTF-8
/// (no Markdown link can name it, and the artifact's paths are strings).
pub fn relative(root: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(root).ok()?;
    let parts: Vec<&str> =
        rel.components().map(|c| c.as_os_str().to_str()).collect::<Option<_>>()?;
    (!parts.is_empty()).then(|| parts.join("/"))
}

fn walk_error(root: &Path, e: ignore::Error) -> Error {
    let path = match &e {
        ignore::Error::WithPath { path, .. } => path.clone(),
        _ => root.to_path_buf(),
    };
    Error::io("walk", path, std::io::Error::other(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_respects_gitignore_and_default_excludes() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for f in [
            "README.md",
            "docs/a.md",
            "docs/gen/x.md",
            "node_modules/p/README.md",
            "target/doc.md",
            ".hidden/x.md",
            ".github/copilot-instructions.md",
            ".claude/commands/x.md",
            ".openhands/microagents/repo.md",
            ".venv/lib/README.md",
            "ignored/y.md",
            "vendor/v.md",
            "src/lib.rs",
            ".dot.md",
        ] {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x").unwrap();
        }
        std::fs::write(root.join(".gitignore"), "ignored/\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let name = std::ffi::OsStr::from_bytes(b"docs/bad\xffname.md");
            std::fs::write(root.join(name), "x").unwrap();
        }
        let scope = Scope::new(&[], &[], &["docs/gen/**".into()]).unwrap();
        let files = walk(root, &scope).unwrap().files;
        assert_eq!(
            files,
            [
                ".claude/commands/x.md",
                ".github/copilot-instructions.md",
                ".openhands/microagents/repo.md",
                "README.md",
                "docs/a.md"
            ]
        );
    }
}
