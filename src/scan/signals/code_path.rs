//! Backticked repo paths: a code span that names a path in the repository
//! (`src/main.rs`, `./docs/a.md:12`) whose first folder exists at the root but whose file
//! does not is a `broken_reference` (or, when git explains it, a `stale_name_location`).
//!
//! Not repo paths: shell, glob or URL syntax, build outputs (default-excluded folders and
//! what `.gitignore` ignores), and absolute system paths (`/bin/sh`, `/usr/lib/x`) even
//! when the repository has a folder of that name.

use super::broken_reference::{Form, Missing, Problem};
use crate::scan::context::{Doc, ScanContext};
use crate::scan::resolve::has_scheme;
use crate::scan::scope::DEFAULT_EXCLUDED_DIRS;
use crate::scan::tree::PathKind;

/// First folders of an absolute path that name the machine's file system, not the
/// repository (the Filesystem Hierarchy Standard's, macOS's and Nix's).
const SYSTEM_DIRS: &[&str] = &[
    "bin",
    "boot",
    "dev",
    "etc",
    "home",
    "lib",
    "lib32",
    "lib64",
    "media",
    "mnt",
    "nix",
    "opt",
    "proc",
    "root",
    "run",
    "sbin",
    "snap",
    "srv",
    "sys",
    "tmp",
    "usr",
    "var",
    "Applications",
    "Library",
    "System",
    "Users",
    "Volumes",
    "private",
];

/// The backticked repo paths of `doc` that do not exist, as problems.
pub fn check_code_paths(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Vec<Problem>) {
    for span in &doc.parsed.code_spans {
        let Some(path) = repo_path_candidate(&span.text) else {
            continue;
        };
        let first = path.split('/').next().unwrap_or_default();
        if DEFAULT_EXCLUDED_DIRS.contains(&first) || ctx.tree.kind(first) != PathKind::Dir {
            continue;
        }
        if span.text.trim().starts_with('/') && SYSTEM_DIRS.contains(&first) {
            continue;
        }
        let from_doc = crate::scan::resolve::join(doc.dir(), &path);
        if ctx.tree.exists(&path) || (!doc.dir().is_empty() && ctx.tree.exists(&from_doc)) {
            continue;
        }
        if ctx.ignored.contains(&path) {
            continue;
        }
        out.push(Problem::MissingTarget(Missing {
            doc: doc.path.clone(),
            line: span.line,
            written: span.text.trim().to_string(),
            resolved: path,
            form: Form::RepoPath,
            what: "code path",
        }));
    }
}

/// The root-relative path a code span names, if it looks like a repo path: one word
/// with a `/`, no shell or glob syntax, no scheme, no `..`; a `:line[:col]` or `#L…`
/// suffix and a leading `./` or `/` are dropped.
pub fn repo_path_candidate(code: &str) -> Option<String> {
    let code = code.trim();
    if code.is_empty()
        || !code.contains('/')
        || code.chars().any(|c| c.is_whitespace() || "*?[]{}<>$|&;=()'\"\\,~!%^`".contains(c))
        || code.starts_with('-')
        || code.starts_with("//")
        || has_scheme(code)
    {
        return None;
    }
    let mut path = code.trim_start_matches("./").trim_start_matches('/');
    if let Some((p, _)) = path.split_once('#') {
        path = p;
    }
    while let Some((p, tail)) = path.rsplit_once(':') {
        if tail.chars().all(|c| c.is_ascii_digit()) && !tail.is_empty() {
            path = p;
        } else {
            return None;
        }
    }
    let path = path.trim_end_matches('/');
    if path.is_empty() || path.split('/').any(|s| s.is_empty() || s == ".." || s == ".") {
        return None;
    }
    Some(path.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repo_path_candidates() {
        assert_eq!(repo_path_candidate("src/main.rs").as_deref(), Some("src/main.rs"));
        assert_eq!(repo_path_candidate("./src/lib.rs:42:7").as_deref(), Some("src/lib.rs"));
        assert_eq!(repo_path_candidate("/docs/a.md#L3").as_deref(), Some("docs/a.md"));
        assert_eq!(repo_path_candidate("guide/").as_deref(), Some("guide"));
        for no in [
            "main.rs",
            "cargo run --bin x",
            "src/*.rs",
            "https://x/y",
            "a::b/c",
            "../up/x",
            "$HOME/x",
            "-o/x",
            "a//b",
            "std::io/x",
        ] {
            assert_eq!(repo_path_candidate(no), None, "{no}");
        }
    }
}
