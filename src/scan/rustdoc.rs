//! Markdown that rustdoc renders: files a Rust source pulls into its documentation with
//! `#[doc = include_str!("…")]` (or `#![doc = …]` for a crate's front page). Their links
//! are written for the docs.rs page they become, where `struct.CacheControl.html` and
//! `attr.Object.html` name the crate's item pages (async-graphql's `src/docs/*.md`, each
//! the doc of a macro re-exported at the crate root; embassy's crate READMEs, each its
//! crate's front page). A README no source includes is read on GitHub and crates.io,
//! where such a link is broken (wgpu-hal's and wezterm's, judged true).
//!
//! Found only when a doc in a crate has such a link that is missing
//! (`resolves_on_docs_rs`): one walk over that crate's `.rs` files, reading those that
//! mention `include_str!`.

use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

use super::resolve::{join, parent_dir};

/// Rust sources larger than this are not read (generated bindings).
const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// The kinds of rustdoc item pages (`struct.Foo.html`, `fn.bar.html`, `attr.Object.html`).
const ITEM_KINDS: [&str; 14] = [
    "struct",
    "enum",
    "trait",
    "fn",
    "macro",
    "attr",
    "derive",
    "type",
    "constant",
    "static",
    "union",
    "primitive",
    "keyword",
    "traitalias",
];

/// Whether a link target names a rustdoc item page: its last segment is
/// `<kind>.<name>.html`, before any `#fragment`.
fn is_item_page(target: &str) -> bool {
    let path = target.split(['#', '?']).next().unwrap_or(target);
    let last = path.rsplit('/').next().unwrap_or(path);
    let Some(stem) = last.strip_suffix(".html") else { return false };
    let Some((kind, name)) = stem.split_once('.') else { return false };
    ITEM_KINDS.contains(&kind)
        && !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether a link target is one rustdoc resolves on the page a doc becomes: an item
/// page (`is_item_page`) or an intra-doc link, a Rust path (`join`, `select::select`,
/// `Vec::new()`, `vec!`; embassy-futures' README, its crate's front page, links
/// `[join](join)` to the module). A name in capitals alone (`LICENSE`, `CHANGELOG`) is
/// a file's, which rustdoc leaves a relative link.
pub fn resolves_on_docs_rs(target: &str) -> bool {
    let path = target.trim_end_matches("()").trim_end_matches('!');
    let file_like = !path.contains("::") && !path.chars().any(|c| c.is_ascii_lowercase());
    is_item_page(target)
        || (!path.is_empty()
            && !file_like
            && path.split("::").all(|seg| {
                seg.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                    && seg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            }))
}

/// Root-relative paths of the files the Rust sources under folder `krate` (root-relative,
/// `""` for the whole tree) include as documentation.
pub fn included_docs(root: &Path, krate: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    for entry in super::walk::builder(&root.join(krate)).build().flatten() {
        let is_rs = entry.file_type().is_some_and(|t| t.is_file())
            && entry.path().extension().is_some_and(|e| e == "rs");
        if !is_rs || entry.metadata().is_ok_and(|m| m.len() > MAX_SOURCE_BYTES) {
            continue;
        }
        let Ok(rel) = entry.path().strip_prefix(root) else { continue };
        let rel = rel.to_string_lossy().replace('\\', "/");
        let Ok(text) = std::fs::read_to_string(entry.path()) else { continue };
        if !text.contains("include_str!") {
            continue;
        }
        for written in doc_includes(&text) {
            let path = match written {
                Include::FromFile(p) => join(parent_dir(&rel), p),
                Include::FromCrate(p) => {
                    let krate = crate_of(&rel, |m| root.join(m).is_file()).unwrap_or_default();
                    join(&krate, p.trim_start_matches('/'))
                }
            };
            if !path.starts_with("../") {
                out.insert(path);
            }
        }
    }
    out
}

/// A path `include_str!` is given: relative to the source file, or (through
/// `concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")`) to the crate's folder.
#[derive(Debug, PartialEq, Eq)]
enum Include<'t> {
    FromFile(&'t str),
    FromCrate(&'t str),
}

/// The files a Rust source includes as docs (`doc = include_str!(…)`).
fn doc_includes(text: &str) -> Vec<Include<'_>> {
    static DOC: OnceLock<regex::Regex> = OnceLock::new();
    let re = DOC.get_or_init(|| {
        regex::Regex::new(
            r#"\bdoc\s*=\s*include_str!\s*\(\s*(?:"([^"]+)"|concat!\s*\(\s*env!\s*\(\s*"CARGO_MANIFEST_DIR"\s*\)\s*,\s*"([^"]+)"\s*\))"#,
        )
        .expect("valid regex")
    });
    re.captures_iter(text)
        .filter_map(|c| match (c.get(1), c.get(2)) {
            (Some(p), _) => Some(Include::FromFile(p.as_str())),
            (None, Some(p)) => Some(Include::FromCrate(p.as_str())),
            _ => None,
        })
        .collect()
}

/// The folder of the crate root-relative `path` belongs to: the nearest folder above it
/// whose `Cargo.toml` `is_file` says exists (`""` for the root); `None` outside every
/// crate.
pub fn crate_of(path: &str, is_file: impl Fn(&str) -> bool) -> Option<String> {
    let mut dir = parent_dir(path);
    loop {
        if is_file(&join(dir, "Cargo.toml")) {
            return Some(dir.to_string());
        }
        if dir.is_empty() {
            return None;
        }
        dir = parent_dir(dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn item_pages() {
        assert!(is_item_page("struct.CacheControl.html"));
        assert!(is_item_page("dataloader/struct.DataLoader.html#method.new"));
        assert!(is_item_page("../../std/macro.env.html"));
        assert!(!is_item_page("ch01.html"));
        assert!(!is_item_page("struct.html"));
        assert!(!is_item_page("guide/index.html"));
        assert!(resolves_on_docs_rs("join"));
        assert!(resolves_on_docs_rs("select::select"));
        assert!(resolves_on_docs_rs("Vec::new()"));
        assert!(resolves_on_docs_rs("struct.Upload.html"));
        assert!(!resolves_on_docs_rs("docs/guide.md"));
        assert!(!resolves_on_docs_rs("LICENSE-MIT"));
        assert!(!resolves_on_docs_rs("LICENSE"), "a file's name");
        assert!(resolves_on_docs_rs("String"));
        assert!(!resolves_on_docs_rs("examples/"));
    }

    #[test]
    fn doc_includes_of_a_source() {
        let text = "#![doc = include_str!(\"../README.md\")]\n\
                    #[doc = include_str!(\"docs/object.md\")]\npub use x::Object;\n\
                    #![doc = include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/README.md\"))]\n\
                    const T: &str = include_str!(\"template.md\");\n";
        assert_eq!(
            doc_includes(text),
            [
                Include::FromFile("../README.md"),
                Include::FromFile("docs/object.md"),
                Include::FromCrate("/README.md"),
            ]
        );
    }

    #[test]
    fn included_docs_resolve_from_the_source_or_the_crate() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("a/src/docs")).unwrap();
        std::fs::create_dir_all(root.join("b/src")).unwrap();
        std::fs::write(root.join("a/Cargo.toml"), "").unwrap();
        std::fs::write(root.join("b/Cargo.toml"), "").unwrap();
        std::fs::write(
            root.join("a/src/lib.rs"),
            "#![doc = include_str!(\"../README.md\")]\n#[doc = include_str!(\"docs/x.md\")]\n",
        )
        .unwrap();
        std::fs::write(
            root.join("b/src/lib.rs"),
            "#![doc = include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/README.md\"))]\n",
        )
        .unwrap();
        let docs = included_docs(root, "");
        let mut docs: Vec<&str> = docs.iter().map(String::as_str).collect();
        docs.sort();
        assert_eq!(docs, ["a/README.md", "a/src/docs/x.md", "b/README.md"]);
    }
}
