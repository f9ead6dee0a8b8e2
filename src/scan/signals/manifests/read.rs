//! How the version readers read the repository's files: through `fsio::read_confined`
//! (regular files inside the root, a link followed only while it stays inside), at most
//! 1 MiB, read with the format's parser (toml, serde_json, the bounded YAML tree). A file that is missing,
//! too large or invalid reads as `None`: a broken manifest is not a reason to stop a scan.

use std::path::Path;

use crate::scan::yaml_tree::{self, YamlNode};

/// Files over this many bytes are not read.
const MAX_BYTES: u64 = 1 << 20;

/// The text of root-relative `rel`.
pub fn text(root: &Path, rel: &str) -> Option<String> {
    String::from_utf8(crate::fsio::read_confined(root, rel, MAX_BYTES).ok()?).ok()
}

pub fn toml(root: &Path, rel: &str) -> Option<toml::Table> {
    text(root, rel)?.parse().ok()
}

pub fn json(root: &Path, rel: &str) -> Option<serde_json::Value> {
    serde_json::from_str(&text(root, rel)?).ok()
}

pub fn yaml(root: &Path, rel: &str) -> Option<YamlNode> {
    yaml_tree::parse(&text(root, rel)?)
}

/// The package folders below the root that the version readers look into: those
/// holding a `pyproject.toml` at most three folders down (`python/agents/rag/`), and
/// those holding a `package.json` at most two down (`webview-sample/`, `apps/vscode/`),
/// and those holding a `Cargo.toml` or a `go.mod` at most three down. Sorted, each list.
#[derive(Debug, Default)]
pub struct PackageFolders {
    pub pyproject: Vec<String>,
    pub package_json: Vec<String>,
    /// Folders below the root holding a `Cargo.toml`.
    pub cargo: Vec<String>,
    /// Folders below the root holding a `go.mod`: modules of their own.
    pub go: Vec<String>,
}

/// How deep the look for `PackageFolders` goes, and how many folders it may read.
const PYPROJECT_DEPTH: usize = 3;
const PACKAGE_JSON_DEPTH: usize = 2;
const PACKAGE_LOOK_LIMIT: usize = 400;

/// One look for `PackageFolders` (`tree::manifest_folders`): a folder's own listing says
/// which manifests it holds.
pub fn package_folders(root: &Path) -> PackageFolders {
    let mut out = PackageFolders::default();
    let wanted = ["pyproject.toml", "package.json", "Cargo.toml", "go.mod"];
    for (dir, held) in
        crate::scan::tree::manifest_folders(root, PYPROJECT_DEPTH, PACKAGE_LOOK_LIMIT, &wanted)
    {
        if held[1] && dir.split('/').count() <= PACKAGE_JSON_DEPTH {
            out.package_json.push(dir.clone());
        }
        if held[2] && !dir.is_empty() {
            out.cargo.push(dir.clone());
        }
        if held[3] && !dir.is_empty() {
            out.go.push(dir.clone());
        }
        if held[0] {
            out.pyproject.push(dir);
        }
    }
    out
}

/// Folders (root-relative) matching workspace member patterns (`crates/*`, `axum-*`,
/// `playground/**`), minus `exclude`d ones, sorted. Hidden folders, `node_modules` and
/// `target` are never entered; at most `limit` folders are returned.
pub fn member_dirs(
    root: &Path,
    patterns: &[String],
    exclude: &[String],
    limit: usize,
) -> Vec<String> {
    let mut include = globset::GlobSetBuilder::new();
    let mut any = false;
    for p in patterns {
        let p = p.trim_start_matches("./").trim_end_matches('/');
        if let Ok(glob) = globset::GlobBuilder::new(p).literal_separator(true).build() {
            include.add(glob);
            any = true;
        }
    }
    let mut skip = globset::GlobSetBuilder::new();
    for p in exclude {
        let p = p.trim_start_matches("./").trim_end_matches('/');
        if let Ok(glob) = globset::GlobBuilder::new(p).literal_separator(true).build() {
            skip.add(glob);
        }
    }
    let (Ok(include), Ok(skip)) = (include.build(), skip.build()) else {
        return Vec::new();
    };
    if !any {
        return Vec::new();
    }
    let depth = patterns
        .iter()
        .map(|p| if p.contains("**") { 8 } else { p.trim_matches('/').split('/').count() })
        .max()
        .unwrap_or(0);
    let mut out = Vec::new();
    let mut visited = 0usize;
    let mut stack: Vec<(String, usize)> = vec![(String::new(), 0)];
    while let Some((dir, level)) = stack.pop() {
        if level >= depth || visited > 20 * limit {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(root.join(&dir)) else { continue };
        for entry in entries.flatten() {
            visited += 1;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "node_modules" || name == "target" {
                continue;
            }
            if !entry.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            let rel = if dir.is_empty() { name } else { format!("{dir}/{name}") };
            if include.is_match(&rel) && !skip.is_match(&rel) {
                out.push(rel.clone());
            }
            stack.push((rel, level + 1));
        }
    }
    out.sort();
    out.truncate(limit);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_expand_from_globs() {
        let dir = tempfile::tempdir().unwrap();
        for d in
            ["crates/a", "crates/b/inner", "axum", "axum-core", "other", "play/x/y", "crates/skip"]
        {
            std::fs::create_dir_all(dir.path().join(d)).unwrap();
        }
        let pats = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            member_dirs(
                dir.path(),
                &pats(&["crates/*", "axum", "axum-*"]),
                &pats(&["crates/skip"]),
                100
            ),
            ["axum", "axum-core", "crates/a", "crates/b"]
        );
        assert_eq!(member_dirs(dir.path(), &pats(&["play/**"]), &[], 100), ["play/x", "play/x/y"]);
    }

    #[test]
    fn links_out_of_the_root_and_large_files_are_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("real.toml"), "a = 1\n").unwrap();
        std::fs::write(outside.path().join("x.toml"), "a = 1\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::symlink;
            symlink(dir.path().join("real.toml"), dir.path().join("link.toml")).unwrap();
            symlink(outside.path().join("x.toml"), dir.path().join("out.toml")).unwrap();
        }
        std::fs::write(dir.path().join("big.toml"), "#".repeat(2 << 20)).unwrap();
        assert!(toml(dir.path(), "real.toml").is_some());
        assert!(toml(dir.path(), "link.toml").is_some(), "a link inside the root is followed");
        assert!(toml(dir.path(), "out.toml").is_none());
        assert!(text(dir.path(), "big.toml").is_none());
    }
}
