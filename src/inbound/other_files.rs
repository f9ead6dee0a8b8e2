//! The files the plain-text search reads: every file under the root that is not a
//! scanned doc or a site config, `.gitignore` respected, hidden folders included (agent
//! context lives there), the default-excluded folders (`.git`, `.dochygiene`,
//! `node_modules`, `target`, `vendor`) and symbolic links skipped. Lists paths only.

use std::collections::BTreeSet;
use std::path::Path;

use crate::scan::DEFAULT_EXCLUDED_DIRS;

/// Root-relative paths of the files to search, sorted, minus `skip`.
pub(crate) fn other_files(root: &Path, skip: &BTreeSet<String>) -> Vec<String> {
    let mut builder = crate::scan::walk_builder(root);
    builder.filter_entry(|entry| {
        let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
        entry.depth() == 0
            || !is_dir
            || !DEFAULT_EXCLUDED_DIRS.contains(&entry.file_name().to_string_lossy().as_ref())
    });
    let mut out: Vec<String> = builder
        .build()
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.file_type().is_some_and(|t| t.is_file()))
        .filter_map(|entry| relative(root, entry.path()))
        .filter(|rel| !skip.contains(rel))
        .collect();
    out.sort();
    out
}

/// `path` relative to `root`, `/`-separated; `None` when not UTF-8.
fn relative(root: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(root).ok()?;
    let parts: Vec<&str> =
        rel.components().map(|c| c.as_os_str().to_str()).collect::<Option<_>>()?;
    (!parts.is_empty()).then(|| parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_other_file_is_listed() {
        let dir = tempfile::tempdir().unwrap();
        for f in [
            "README.md",
            "src/lib.rs",
            ".claude/x.md",
            ".git/config",
            "node_modules/a.js",
            "gen/out.html",
        ] {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x").unwrap();
        }
        std::fs::write(dir.path().join(".gitignore"), "gen/\n").unwrap();
        let skip = BTreeSet::from(["README.md".to_string()]);
        assert_eq!(other_files(dir.path(), &skip), [".claude/x.md", ".gitignore", "src/lib.rs"]);
    }
}
