//! `Scope`: which files the walk keeps — the include globs (default `**/*.md`,
//! `**/*.mdx`, `**/*.markdown`, and Cursor's `.cursor/rules/**/*.mdc`), narrowed by
//! `--scope` values (each a glob or a path prefix), minus the exclude globs. Globs use
//! `globset` with `/`-aware `*`.
//!
//! It also answers what the user named explicitly: the hidden folders an `include` glob
//! or `--scope` value enters, whether one names a file's folder or name (an explicit
//! include beats a default exclude by role), and which of them match nothing.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use crate::error::{Error, Result};

/// The include globs used when `dochygiene.toml` names none.
pub const DEFAULT_INCLUDE: [&str; 4] =
    ["**/*.md", "**/*.mdx", "**/*.markdown", ".cursor/rules/**/*.mdc"];

/// Folder names never walked into; hidden folders other than the agent-context ones
/// (`role::AGENT_HIDDEN_DIRS`) are skipped too, unless named explicitly.
pub const DEFAULT_EXCLUDED_DIRS: [&str; 5] =
    [".dochygiene", ".git", "node_modules", "target", "vendor"];

/// A compiled scope.
#[derive(Debug)]
pub struct Scope {
    include: GlobSet,
    narrow_globs: GlobSet,
    narrow_prefixes: Vec<String>,
    narrowed: bool,
    exclude: GlobSet,
    /// The user's own include globs and `--scope` values, as written.
    explicit: Vec<String>,
}

impl Scope {
    /// Compiles `include` (empty = defaults), `scopes` from `--scope`, and `exclude`.
    pub fn new(include: &[String], scopes: &[String], exclude: &[String]) -> Result<Scope> {
        let explicit: Vec<String> = include.iter().chain(scopes).cloned().collect();
        let defaults: Vec<String> = DEFAULT_INCLUDE.iter().map(|s| s.to_string()).collect();
        let include = if include.is_empty() { &defaults } else { include };
        let (globs, prefixes): (Vec<&String>, Vec<&String>) =
            scopes.iter().partition(|s| is_glob(s));
        Ok(Scope {
            include: build(include.iter(), "include")?,
            narrow_globs: build(globs.into_iter(), "--scope")?,
            narrow_prefixes: prefixes.iter().map(|p| clean_prefix(p)).collect(),
            narrowed: !scopes.is_empty(),
            exclude: build(exclude.iter(), "exclude")?,
            explicit,
        })
    }

    /// Hidden folder names (`.name`) that an explicit include glob or `--scope` value
    /// spells out, so the walk enters them.
    pub fn hidden_dirs_named(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .explicit
            .iter()
            .flat_map(|p| {
                p.trim_start_matches("./").split('/').map(str::to_string).collect::<Vec<_>>()
            })
            .filter(|c| c.starts_with('.') && c.len() > 1 && c != ".." && !is_glob(c))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Whether an explicit include glob or `--scope` value that keeps `path` spells out
    /// `component` (a folder or file name of `path`): the user asked for it by name.
    pub fn names_explicitly(&self, path: &str, component: &str) -> bool {
        self.explicit.iter().any(|p| {
            let p = p.trim_start_matches("./");
            p.split('/').any(|c| c.eq_ignore_ascii_case(component))
                && (single(p).is_some_and(|g| g.is_match(path)) || under_prefix(path, p))
        })
    }

    /// The explicit include globs and `--scope` values that keep none of `files`.
    pub fn matching_nothing(&self, files: &[String]) -> Vec<String> {
        self.explicit
            .iter()
            .filter(|p| {
                let p = p.trim_start_matches("./");
                let glob = single(p);
                !files
                    .iter()
                    .any(|f| glob.as_ref().is_some_and(|g| g.is_match(f)) || under_prefix(f, p))
            })
            .cloned()
            .collect()
    }

    /// Whether the file at root-relative `path` is scanned.
    pub fn keeps_file(&self, path: &str) -> bool {
        self.include.is_match(path) && !self.exclude.is_match(path) && self.in_narrowing(path)
    }

    /// Whether the walk may descend into root-relative folder `dir`.
    pub fn keeps_dir(&self, dir: &str) -> bool {
        !self.exclude.is_match(dir) && !self.exclude.is_match(format!("{dir}/"))
    }

    fn in_narrowing(&self, path: &str) -> bool {
        if !self.narrowed {
            return true;
        }
        self.narrow_globs.is_match(path)
            || self.narrow_prefixes.iter().any(|p| {
                p.is_empty()
                    || path == p
                    || path.strip_prefix(p.as_str()).is_some_and(|r| r.starts_with('/'))
            })
    }
}

fn single(pattern: &str) -> Option<globset::GlobMatcher> {
    let glob = GlobBuilder::new(pattern).literal_separator(true).build().ok()?;
    Some(glob.compile_matcher())
}

fn under_prefix(path: &str, prefix: &str) -> bool {
    if is_glob(prefix) {
        return false;
    }
    let p = clean_prefix(prefix);
    p.is_empty() || path == p || path.strip_prefix(p.as_str()).is_some_and(|r| r.starts_with('/'))
}

/// Whether a `--scope` value is a glob rather than a path prefix.
pub fn is_glob(scope: &str) -> bool {
    scope.contains(['*', '?', '[', '{'])
}

fn clean_prefix(p: &str) -> String {
    let p = p.trim_start_matches("./").trim_start_matches('/');
    p.trim_end_matches('/').to_string()
}

fn build<'a>(globs: impl Iterator<Item = &'a String>, what: &str) -> Result<GlobSet> {
    let mut set = GlobSetBuilder::new();
    for glob in globs {
        let pattern = glob.trim_start_matches("./");
        let compiled = GlobBuilder::new(pattern).literal_separator(true).build().map_err(|e| {
            Error::usage_hint(
                format!("{what} glob {glob:?} is invalid: {e}"),
                "write globs like `docs/**/*.md`: `**` spans folders, `*` stays within one name",
            )
        })?;
        set.add(compiled);
    }
    set.build().map_err(|e| Error::usage(format!("{what} globs do not compile: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn default_include_takes_markdown_everywhere() {
        let scope = Scope::new(&[], &[], &[]).unwrap();
        for yes in ["README.md", "docs/a.mdx", "a/b/c.markdown", ".cursor/rules/x.mdc"] {
            assert!(scope.keeps_file(yes), "{yes}");
        }
        for no in ["src/main.rs", "README.txt", "docs/a.md.bak"] {
            assert!(!scope.keeps_file(no), "{no}");
        }
    }

    #[test]
    fn scopes_narrow_by_glob_or_prefix() {
        let scope =
            Scope::new(&[], &s(&["docs", "./guide/", "**/CLAUDE.md"]), &s(&["docs/gen/**"]))
                .unwrap();
        assert!(scope.keeps_file("docs/a.md"));
        assert!(scope.keeps_file("guide/x/y.md"));
        assert!(scope.keeps_file("crates/x/CLAUDE.md"));
        assert!(!scope.keeps_file("docs2/a.md"));
        assert!(!scope.keeps_file("README.md"));
        assert!(!scope.keeps_file("docs/gen/api.md"));
        assert!(!scope.keeps_dir("docs/gen"));
        assert!(scope.keeps_dir("docs"));
    }

    #[test]
    fn what_the_user_named() {
        let scope =
            Scope::new(&s(&[".claude/**/*.md", "**/*.md"]), &s(&["tests/fixtures"]), &[]).unwrap();
        assert_eq!(scope.hidden_dirs_named(), [".claude"]);
        assert!(scope.names_explicitly("tests/fixtures/a.md", "fixtures"));
        assert!(!scope.names_explicitly("docs/fixtures/a.md", "fixtures"));
        assert!(!scope.names_explicitly("docs/ja/a.md", "ja"));
        let files = s(&["tests/fixtures/a.md", "README.md"]);
        assert_eq!(scope.matching_nothing(&files), [".claude/**/*.md"]);
        assert!(Scope::new(&[], &[], &[]).unwrap().matching_nothing(&files).is_empty());
    }

    #[test]
    fn bad_globs_are_usage_errors() {
        assert!(Scope::new(&[], &s(&["docs/{a"]), &[]).is_err());
    }
}
