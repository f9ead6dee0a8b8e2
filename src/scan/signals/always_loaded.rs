//! Which docs an agent loads every session: the root agent files
//! (`ALWAYS_LOADED_ROOT_FILES`), docs matching the configured `always_loaded` globs, and
//! what those `@import` (Claude Code's `@path/to/file`, in prose, never in code;
//! relative to the importing file; followed up to five hops as Claude Code does).

use std::collections::BTreeMap;

use globset::{GlobBuilder, GlobSetBuilder};

use crate::scan::context::Doc;
use crate::scan::resolve::{has_scheme, join, parent_dir};
use crate::tokens::ALWAYS_LOADED_ROOT_FILES;

/// How many import hops are followed.
pub const MAX_IMPORT_DEPTH: usize = 5;

/// Always-loaded doc paths among the sorted shortlist `paths`, each with its importer
/// (`None` for a root file or a glob). Only these files are read here, through `read`.
pub fn always_loaded(
    paths: &[String],
    globs: &[String],
    read: impl Fn(&str) -> Option<Doc>,
) -> BTreeMap<String, Option<String>> {
    let in_scope = |p: &str| paths.binary_search_by(|x| x.as_str().cmp(p)).is_ok();
    let mut out: BTreeMap<String, Option<String>> = BTreeMap::new();
    for root_file in ALWAYS_LOADED_ROOT_FILES {
        if in_scope(root_file) {
            out.insert(root_file.to_string(), None);
        }
    }
    let mut set = GlobSetBuilder::new();
    for g in globs {
        if let Ok(glob) =
            GlobBuilder::new(g.trim_start_matches("./")).literal_separator(true).build()
        {
            set.add(glob);
        }
    }
    if let Ok(set) = set.build() {
        for path in paths.iter().filter(|p| set.is_match(p.as_str())) {
            out.entry(path.clone()).or_insert(None);
        }
    }
    let mut frontier: Vec<String> = out.keys().cloned().collect();
    for _ in 0..MAX_IMPORT_DEPTH {
        let mut next = Vec::new();
        for importer in &frontier {
            let Some(doc) = read(importer) else { continue };
            for import in imports(&doc) {
                if in_scope(&import) && !out.contains_key(&import) {
                    out.insert(import.clone(), Some(importer.clone()));
                    next.push(import);
                }
            }
        }
        frontier = next;
    }
    out
}

/// The root-relative paths a doc `@import`s.
pub fn imports(doc: &Doc) -> Vec<String> {
    import_refs(doc).into_iter().map(|i| i.resolved).collect()
}

/// One `@path` of a doc's prose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportRef {
    pub line: u32,
    /// The path as written, without the `@`.
    pub written: String,
    /// Relative to the importing file (Claude Code's rule for memory files); `/` starts
    /// at the root.
    pub resolved: String,
}

/// The `@path`s of a doc's prose (never of its code), each with its line.
pub fn import_refs(doc: &Doc) -> Vec<ImportRef> {
    let mut out = Vec::new();
    let text = &doc.parsed.text;
    for run in &doc.parsed.text_runs {
        // A run joins the lines of a paragraph (a soft break is a space); each `@` is
        // found again in the source, after the previous one, for its line.
        let mut from = run.offset;
        for word in run.text.split_whitespace() {
            let Some(path) = word.strip_prefix('@') else {
                continue;
            };
            let path = path.trim_end_matches(|c: char| ".,;:)!?\"'".contains(c));
            // `@${CLAUDE_SKILL_DIR}/role.md`, `@<file>`: a variable or a placeholder.
            if path.is_empty()
                || path.starts_with('~')
                || has_scheme(path)
                || !path.contains(['.', '/'])
                || path.contains(['$', '{', '<', '*'])
            {
                continue;
            }
            let at =
                text.get(from..).and_then(|rest| rest.find(&format!("@{path}"))).map(|i| from + i);
            let line = at.map_or(run.line, |at| doc.parsed.lines.line(at));
            if let Some(at) = at {
                from = at + 1;
            }
            let resolved = match path.strip_prefix('/') {
                Some(abs) => join("", abs),
                None => join(parent_dir(&doc.path), path),
            };
            out.push(ImportRef { line, written: path.to_string(), resolved });
        }
    }
    out
}

/// Whether an `@path` names a file, not a package scope (`@scope/pkg`), a decorator
/// (`@router.get`) or a folder: its last name has a file extension, and it is a Markdown
/// file or has a folder (`@docs/style.md`, `@CLAUDE.md`, `@src/main.rs`).
pub fn names_a_file(written: &str) -> bool {
    let name = written.rsplit('/').next().unwrap_or(written);
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    let ext_ok = (1..=8).contains(&ext.len()) && ext.bytes().all(|b| b.is_ascii_alphanumeric());
    !stem.is_empty()
        && ext_ok
        && ext.bytes().any(|b| b.is_ascii_alphabetic())
        && (written.contains('/') || ext.eq_ignore_ascii_case("md"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;

    fn doc(path: &str, text: &str) -> (String, Doc) {
        (
            path.into(),
            Doc { path: path.into(), parsed: parse(text.into()), bytes: text.len() as u64 },
        )
    }

    #[test]
    fn root_files_globs_and_imports() {
        let docs: BTreeMap<_, _> = [
            doc(
                "CLAUDE.md",
                "Rules. See @docs/style.md and @alice, mail a@b.c.\n\n`@docs/code.md`\n",
            ),
            doc("docs/style.md", "Also @./more.md.\n"),
            doc("docs/more.md", "x\n"),
            doc("docs/code.md", "x\n"),
            doc("docs/team.md", "x\n"),
            doc("sub/CLAUDE.md", "x\n"),
        ]
        .into_iter()
        .collect();
        let paths: Vec<String> = docs.keys().cloned().collect();
        let read = |p: &str| {
            docs.get(p).map(|d| Doc {
                path: d.path.clone(),
                parsed: parse(d.parsed.text.clone()),
                bytes: d.bytes,
            })
        };
        let got = always_loaded(&paths, &["docs/team.md".into()], read);
        assert_eq!(got.get("CLAUDE.md"), Some(&None));
        assert_eq!(got.get("docs/style.md"), Some(&Some("CLAUDE.md".to_string())));
        assert_eq!(got.get("docs/more.md"), Some(&Some("docs/style.md".to_string())));
        assert_eq!(got.get("docs/team.md"), Some(&None));
        assert!(!got.contains_key("docs/code.md"));
        assert!(!got.contains_key("sub/CLAUDE.md"));
    }

    #[test]
    fn import_lines_and_what_names_a_file() {
        let (_, d) = doc(
            "sub/CLAUDE.md",
            "# T\n\nRead @a.md and\nthen @../b/c.md, @a.md again.\n\n```\n@code.md\n```\n",
        );
        let got: Vec<_> =
            import_refs(&d).into_iter().map(|i| (i.line, i.written, i.resolved)).collect();
        assert_eq!(
            got,
            [
                (3, "a.md".into(), "sub/a.md".into()),
                (4, "../b/c.md".into(), "b/c.md".into()),
                (4, "a.md".into(), "sub/a.md".into()),
            ]
        );
        for yes in ["docs/a.md", "CLAUDE.md", "src/main.rs", ".github/x.yml"] {
            assert!(names_a_file(yes), "{yes}");
        }
        for no in ["scope/pkg", "router.get", "agent.tool_plain", "docs/", "v1.2", "x/y.123"] {
            assert!(!names_a_file(no), "{no}");
        }
    }
}
