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
        let attrs: Vec<&str> = words.collect();
        if attrs.iter().any(|a| marks_generated(a)) {
            // A mark on every file (loco's `* linguist-vendored`, then `*.rs
            // linguist-vendored=false`) keeps all but one language out of GitHub's
            // language statistics; it says nothing of who wrote the docs.
            if !BLANKET.contains(&pattern) && builder.add_line(None, pattern).is_ok() {
                any = true;
            }
        } else if attrs.iter().any(|a| unmarks_generated(a)) {
            // A later line that unsets the mark wins, as in gitattributes.
            let _ = builder.add_line(None, &format!("!{pattern}"));
        }
    }
    any.then(|| builder.build().ok()).flatten()
}

/// Patterns that match every file of the tree.
const BLANKET: [&str; 5] = ["*", "**", "/*", "**/*", "*.*"];

fn unmarks_generated(attr: &str) -> bool {
    matches!(
        attr,
        "-linguist-generated"
            | "linguist-generated=false"
            | "-linguist-vendored"
            | "linguist-vendored=false"
            | "!linguist-generated"
            | "!linguist-vendored"
    )
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
            "# c\napi/*.md linguist-generated\nvendor-docs/ linguist-vendored=true\nx.md -linguist-generated\n*.md text eol=lf\napi/kept.md linguist-generated=false\n",
        )
        .unwrap();
        let g = Generated::load(dir.path());
        assert!(g.contains("api/ref.md"));
        assert!(!g.contains("api/kept.md"), "a later line unsets the mark");
        assert!(g.contains("vendor-docs/a/b.md"));
        assert!(!g.contains("x.md"));
        assert!(!g.contains("README.md"));
        assert!(!Generated::load(&dir.path().join("none")).contains("api/ref.md"));
    }

    #[test]
    fn a_mark_on_every_file_is_for_language_statistics() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(".gitattributes"),
            "* linguist-vendored\n*.rs linguist-vendored=false\ndocs/api/** linguist-generated\n",
        )
        .unwrap();
        let g = Generated::load(dir.path());
        assert!(!g.contains("CONTRIBUTING.md") && !g.contains("docs/guide.md"));
        assert!(g.contains("docs/api/x.md"));
    }
}
