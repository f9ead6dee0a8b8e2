//! `Scope`: which files the walk keeps — the include globs (default `**/*.md`,
//! `**/*.mdx`, `**/*.markdown`), narrowed by `--scope` values (each a glob or a path
//! prefix), minus the exclude globs. Globs use `globset` with `/`-aware `*`.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use crate::error::{Error, Result};

/// The include globs used when `dochygiene.toml` names none.
pub const DEFAULT_INCLUDE: [&str; 3] = ["**/*.md", "**/*.mdx", "**/*.markdown"];

/// Folder names never walked into; hidden folders (except `.github`) are skipped too.
pub const DEFAULT_EXCLUDED_DIRS: [&str; 5] =
    [".dochygiene", ".git", "node_modules", "target", "vendor"];

/// The hidden folder that is walked all the same: GitHub renders it and
/// `.github/copilot-instructions.md` is always loaded.
pub const HIDDEN_DIR_KEPT: &str = ".github";

/// A compiled scope.
#[derive(Debug)]
pub struct Scope {
    include: GlobSet,
    narrow_globs: GlobSet,
    narrow_prefixes: Vec<String>,
    narrowed: bool,
    exclude: GlobSet,
}

impl Scope {
    /// Compiles `include` (empty = defaults), `scopes` from `--scope`, and `exclude`.
    pub fn new(include: &[String], scopes: &[String], exclude: &[String]) -> Result<Scope> {
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
        })
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
                "write globs like `docs/**/*.md`; see guide/config.md",
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
        for yes in ["README.md", "docs/a.mdx", "a/b/c.markdown"] {
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
    fn bad_globs_are_usage_errors() {
        assert!(Scope::new(&[], &s(&["docs/{a"]), &[]).is_err());
    }
}
