//! `Generated`: the files the root `.gitattributes` marks `linguist-generated` or
//! `linguist-vendored` (how GitHub itself learns that a file is not hand-written).
//! Patterns are matched with the `ignore` crate's gitignore matcher, whose pattern rules
//! are the ones gitattributes uses.
//!
//! It reads one small file and never fails a scan: an unreadable file marks nothing.

use std::path::Path;

use ignore::gitignore::{Gitignore, GitignoreBuilder};

/// `.gitattributes` files larger than this are not read.
const MAX_BYTES: u64 = 1 << 20;

/// The generated and vendored files of one tree.
#[derive(Debug)]
pub struct Generated {
    matcher: Option<Gitignore>,
}

impl Generated {
    /// Reads `<root>/.gitattributes`, if it is a small regular file.
    pub fn load(root: &Path) -> Generated {
        let text = crate::fsio::read_confined(root, ".gitattributes", MAX_BYTES)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok());
        Generated { matcher: text.and_then(|t| matcher(root, &t)) }
    }

    /// Whether root-relative `path` is marked generated or vendored.
    pub fn contains(&self, path: &str) -> bool {
        self.matcher
            .as_ref()
            .is_some_and(|m| m.matched_path_or_any_parents(path, false).is_ignore())
    }
}

fn matcher(root: &Path, text: &str) -> Option<Gitignore> {
    let mut builder = GitignoreBuilder::new(root);
    let mut any = false;
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let Some(pattern) = words.next() else { continue };
        if pattern.starts_with('#') || pattern.starts_with('!') {
            continue;
        }
        if words.any(marks_generated) && builder.add_line(None, pattern).is_ok() {
            any = true;
        }
    }
    any.then(|| builder.build().ok()).flatten()
}

fn marks_generated(attr: &str) -> bool {
    matches!(
        attr,
        "linguist-generated"
            | "linguist-generated=true"
            | "linguist-vendored"
            | "linguist-vendored=true"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linguist_marks() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(".gitattributes"),
            "# c\napi/*.md linguist-generated\nvendor-docs/ linguist-vendored=true\nx.md -linguist-generated\n*.md text eol=lf\n",
        )
        .unwrap();
        let g = Generated::load(dir.path());
        assert!(g.contains("api/ref.md"));
        assert!(g.contains("vendor-docs/a/b.md"));
        assert!(!g.contains("x.md"));
        assert!(!g.contains("README.md"));
        assert!(!Generated::load(&dir.path().join("none")).contains("api/ref.md"));
    }
}
