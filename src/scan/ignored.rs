//! `Ignored`: whether a missing link target is a path the repository's `.gitignore`
//! files ignore — a page or file generated at build time (uv's `reference/cli.md`),
//! so its absence from a checkout is expected, not a broken link.
//!
//! It reads `.gitignore` files (and `.git/info/exclude`) on the way from the root down
//! to a path's folder, each a regular file inside the root of at most 1 MiB, once per
//! folder, matched with the `ignore` crate's gitignore rules. It never writes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use ignore::gitignore::{Gitignore, GitignoreBuilder};

/// Ignore files larger than this are not read.
const MAX_IGNORE_BYTES: u64 = 1 << 20;

/// A name that stands for any entry of a folder: a rule that ignores it (`dir/*`)
/// ignores whatever the folder holds, while one by extension (`dir/*.log`) does not.
const ANY_ENTRY: &str = "any-entry";

/// Cached gitignore matchers, one per folder that was asked about.
#[derive(Debug)]
pub struct Ignored {
    root: PathBuf,
    by_dir: Mutex<HashMap<String, Option<Gitignore>>>,
}

impl Ignored {
    pub fn new(root: &Path) -> Ignored {
        Ignored { root: root.to_path_buf(), by_dir: Mutex::default() }
    }

    /// Whether root-relative `path` (a file that does not exist) is ignored by git: the
    /// deepest `.gitignore` with a matching rule decides, as in git. A folder whose
    /// every entry is ignored (`skills/custom/*`, `data/*` beside `!data/.gitkeep`) counts
    /// too: what it holds is made at run time, so a checkout need not have it.
    pub fn contains(&self, path: &str) -> bool {
        if path.is_empty() || path.starts_with("../") {
            return false;
        }
        let folder = path.trim_end_matches('/');
        self.ignores(path) || self.ignores(&format!("{folder}/{ANY_ENTRY}"))
    }

    fn ignores(&self, path: &str) -> bool {
        let dirs = folders_above(path);
        let abs = self.root.join(path);
        for dir in dirs.iter().rev() {
            let matched = self.with_matcher(dir, |m| {
                // A missing path may be a folder: `tasks/coverage/test262/` ignores the
                // folder a doc names as `tasks/coverage/test262`.
                let as_file = m.matched_path_or_any_parents(&abs, false);
                let as_dir = m.matched(&abs, true);
                let ignored =
                    as_file.is_ignore() || (!as_file.is_whitelist() && as_dir.is_ignore());
                (ignored, as_file.is_whitelist())
            });
            match matched {
                Some((true, _)) => return true,
                Some((_, true)) => return false,
                _ => {}
            }
        }
        false
    }

    /// Whether the rule that ignores root-relative `path` (a file) ignores a whole kind
    /// of file by its extension (`*.md`, `/**/*.mdx`) rather than naming the file or a
    /// folder of it (`.claude/PRPs/`, `packages/docs/api`). Such a rule, written below
    /// committed docs (bolt.diy's `*.md`), cannot mean the docs it would leave out; a
    /// rule that names a file or a folder says what it holds is an artifact.
    pub fn by_extension_only(&self, path: &str) -> bool {
        // A folder on the way ignored is the rule that counts (git does not look inside).
        let folders = folders_above(path);
        if folders.iter().skip(1).any(|dir| matches!(self.deciding(dir, true), Some(Some(_)))) {
            return false;
        }
        let Some(Some(glob)) = self.deciding(path, false) else { return false };
        let glob = glob.trim_start_matches('/').trim_start_matches("**/");
        glob.strip_prefix("*.")
            .is_some_and(|ext| !ext.is_empty() && !ext.contains(['/', '*', '?', '[']))
    }

    /// The rule deciding root-relative `path` itself (its parents not asked), from the
    /// deepest `.gitignore` with a matching rule: `Some(Some(glob))` ignored by `glob`,
    /// `Some(None)` re-included, `None` no rule.
    fn deciding(&self, path: &str, is_dir: bool) -> Option<Option<String>> {
        let abs = self.root.join(path);
        let dirs = folders_above(path);
        dirs.iter().rev().find_map(|dir| {
            self.with_matcher(dir, |m| match m.matched(&abs, is_dir) {
                ignore::Match::Ignore(glob) => Some(Some(glob.original().to_string())),
                ignore::Match::Whitelist(_) => Some(None),
                ignore::Match::None => None,
            })
            .flatten()
        })
    }

    fn with_matcher<T>(&self, dir: &str, f: impl FnOnce(&Gitignore) -> T) -> Option<T> {
        let mut cache = self.by_dir.lock().unwrap_or_else(PoisonError::into_inner);
        let matcher = cache.entry(dir.to_string()).or_insert_with(|| self.load(dir));
        matcher.as_ref().map(f)
    }

    /// The matcher of folder `dir`'s `.gitignore` (plus `.git/info/exclude` at the root).
    fn load(&self, dir: &str) -> Option<Gitignore> {
        let folder = self.root.join(dir);
        let mut builder = GitignoreBuilder::new(&folder);
        let mut files = vec![folder.join(".gitignore")];
        if dir.is_empty() {
            files.push(folder.join(".git/info/exclude"));
        }
        let mut any = false;
        for file in files {
            let Some(text) = read_small(&file) else { continue };
            for line in text.lines() {
                any |= builder.add_line(Some(file.clone()), line).is_ok();
            }
        }
        if !any {
            return None;
        }
        builder.build().ok()
    }
}

/// The root (`""`) and every folder holding root-relative `path`, top down: the folders
/// whose `.gitignore` may decide it.
fn folders_above(path: &str) -> Vec<String> {
    let mut dirs = vec![String::new()];
    let mut at = 0;
    while let Some(i) = path[at..].find('/') {
        dirs.push(path[..at + i].to_string());
        at += i + 1;
    }
    dirs
}

/// The text of a small regular file (not a symlink), `None` otherwise.
fn read_small(path: &Path) -> Option<String> {
    let bytes = crate::fsio::read_state(path, MAX_IGNORE_BYTES).ok()?;
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_paths_are_ignored_and_near_misses_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("docs/reference")).unwrap();
        std::fs::write(root.join(".gitignore"), "/docs/reference/cli.md\n*.gen.md\n").unwrap();
        std::fs::write(root.join("docs/.gitignore"), "build/\n!keep.gen.md\n").unwrap();
        let ignored = Ignored::new(root);
        assert!(ignored.contains("docs/reference/cli.md"));
        assert!(ignored.contains("docs/a.gen.md"));
        assert!(ignored.contains("docs/build/page.md"));
        assert!(ignored.contains("docs/build"), "a folder named without its slash");
        assert!(!ignored.contains("docs/keep.gen.md"), "a deeper negation wins");
        assert!(!ignored.contains("docs/reference/settings.md"));
        assert!(!ignored.contains("reference/cli.md"), "anchored to the root");
        assert!(!ignored.contains("../outside.md"));
        assert!(!ignored.contains(""));
    }

    #[test]
    fn a_folder_whose_every_entry_is_ignored_is_made_at_run_time() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join(".gitignore"), "skills/custom/*\nlogs/*.log\n").unwrap();
        let ignored = Ignored::new(root);
        assert!(ignored.contains("skills/custom/"));
        assert!(ignored.contains("skills/custom"));
        assert!(!ignored.contains("logs/"), "only its log files are ignored");
        assert!(!ignored.contains("skills/"), "a folder above is not");
    }

    #[test]
    fn a_rule_by_extension_is_told_from_one_naming_a_place() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("docs/api")).unwrap();
        std::fs::write(
            root.join(".gitignore"),
            "*.md
/notes/
",
        )
        .unwrap();
        std::fs::write(
            root.join("docs/.gitignore"),
            "api/
**/*.mdx
",
        )
        .unwrap();
        let ignored = Ignored::new(root);
        assert!(ignored.by_extension_only("README.md"));
        assert!(ignored.by_extension_only("docs/guide.mdx"));
        assert!(!ignored.by_extension_only("docs/api/x.html"), "a folder named");
        assert!(!ignored.by_extension_only("notes/x.md"), "its folder is named first");
        assert!(!ignored.by_extension_only("src/lib.rs"), "not ignored at all");
    }
}
