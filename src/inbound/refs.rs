//! The references to moved docs in one file, each either a byte-exact rewrite (the
//! range of its path part, the old and the new text) or a reason it cannot be one:
//! links in a Markdown doc, entries of a mkdocs nav, ids in a Docusaurus sidebar, and
//! paths in any other text file (never rewritten). Pure functions of the file's bytes.

use std::ops::Range;

use super::link_sites::link_sites;
use super::mkdocs::Mkdocs;
use super::sites::docusaurus_id;
use super::target::{retarget, Style};
use crate::scan::markdown::LineIndex;
use crate::scan::resolve::{classify, join, parent_dir, LinkTarget};

/// A doc that moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Move<'a> {
    pub source: &'a str,
    pub dest: &'a str,
}

/// One reference to `moves[target]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// Index into the moves.
    pub target: usize,
    pub line: u32,
    pub what: What,
}

/// What can be done with a reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum What {
    /// Replace the bytes at `range` (`from`) with `to`.
    Rewrite { range: Range<usize>, from: String, to: String },
    /// It cannot be rewritten byte for byte, because `reason`.
    Unrewritable { reason: String },
}

fn unrewritable(target: usize, line: u32, reason: String) -> Found {
    Found { target, line, what: What::Unrewritable { reason } }
}

/// The references in Markdown doc `path` (its bytes `bytes`). A doc's links to itself are
/// its own business (they move with it); a link to the folder of a moved `README.md` or
/// `index.md` shows that doc, but pointing it elsewhere is a person's choice.
pub(crate) fn in_markdown(path: &str, bytes: &[u8], moves: &[Move<'_>]) -> Vec<Found> {
    let base = parent_dir(path);
    let utf8 = std::str::from_utf8(bytes).is_ok();
    let text = String::from_utf8_lossy(bytes);
    let mut out = Vec::new();
    for site in link_sites(&text, path.ends_with(".mdx")) {
        let LinkTarget::Local { written, path: target, .. } = classify(&site.dest, base) else {
            continue;
        };
        for (k, m) in moves.iter().enumerate() {
            if m.source == path {
                continue;
            }
            let folder = shown_by_folder(m.source);
            if folder.is_some_and(|f| f == target) {
                out.push(unrewritable(
                    k,
                    site.line,
                    format!("{path} links to the folder {target}/, which shows {}; point it at the doc's new place by hand", m.source),
                ));
                continue;
            }
            if target != m.source {
                continue;
            }
            let range = site.path_range(&text, &written);
            let to = retarget(&written, base, m.dest, Style::Url);
            out.push(match (utf8, range, to) {
                (false, ..) => unrewritable(
                    k,
                    site.line,
                    format!("{path} is not UTF-8, so dochygiene does not rewrite its links"),
                ),
                (true, Some(range), Some(to)) => Found {
                    target: k,
                    line: site.line,
                    what: What::Rewrite { range, from: written.clone(), to },
                },
                _ => unrewritable(
                    k,
                    site.line,
                    format!("the link in {path} is written with escapes or entities, so its bytes cannot be rewritten exactly"),
                ),
            });
        }
    }
    out
}

/// The folder whose page `doc` is (`docs/guide` for `docs/guide/README.md`), if any.
fn shown_by_folder(doc: &str) -> Option<&str> {
    let (dir, name) = doc.rsplit_once('/')?;
    let lower = name.to_ascii_lowercase();
    matches!(lower.as_str(), "readme.md" | "index.md").then_some(dir)
}

/// The nav entries of a mkdocs config naming a moved doc. A config that does not parse
/// cannot be rewritten; if it mentions the doc, that is a reference to flag.
pub(crate) fn in_mkdocs(site: &Mkdocs, moves: &[Move<'_>]) -> Vec<Found> {
    let mut out = Vec::new();
    let nav = match &site.nav {
        Ok(nav) => nav,
        Err(e) => {
            for (k, m) in moves.iter().enumerate() {
                let Some(rel) = m.source.strip_prefix(&format!("{}/", site.docs_dir)) else {
                    continue;
                };
                if let Some(line) = line_of(&site.text, rel) {
                    let reason = format!("{} could not be read ({e}); its nav may name the doc, so it is not rewritten", site.path);
                    out.push(unrewritable(k, line, reason));
                }
            }
            return out;
        }
    };
    for entry in nav {
        let LinkTarget::Local { written, path: target, .. } =
            classify(&entry.value, &site.docs_dir)
        else {
            continue;
        };
        for (k, m) in moves.iter().enumerate().filter(|(_, m)| m.source == target) {
            let range = entry
                .range
                .as_ref()
                .filter(|_| entry.value.starts_with(written.as_str()))
                .map(|r| r.start..r.start + written.len());
            let to = retarget(&written, &site.docs_dir, m.dest, Style::NavPath);
            out.push(match (range, to) {
                (Some(range), Some(to)) => Found {
                    target: k,
                    line: entry.line,
                    what: What::Rewrite { range, from: written.clone(), to },
                },
                _ => unrewritable(
                    k,
                    entry.line,
                    format!("the nav entry {:?} in {} cannot be rewritten byte for byte (escapes, or a new path YAML would need quoted)", entry.value, site.path),
                ),
            });
        }
    }
    out
}

/// A Docusaurus sidebar naming a moved doc by id (`'guide/old'`): JS/TS is not rewritten.
pub(crate) fn in_sidebar(path: &str, text: &str, moves: &[Move<'_>]) -> Vec<Found> {
    let mut out = Vec::new();
    for (k, m) in moves.iter().enumerate() {
        let Some(id) = docusaurus_id(path, m.source) else { continue };
        for q in ['\'', '"', '`'] {
            if let Some(line) = line_of(text, &format!("{q}{id}{q}")) {
                out.push(unrewritable(
                    k,
                    line,
                    format!("the sidebar {path} names the doc by its id {id:?}; dochygiene does not rewrite JS/TS sidebars, so update it by hand"),
                ));
            }
        }
    }
    out
}

/// Paths naming a moved doc in any other text file (source, HTML, config, a Markdown file
/// outside the scan): each is flagged, none rewritten. A path counts when it resolves to
/// the doc from the file's folder or from the root.
pub(crate) fn in_other_file(path: &str, text: &str, moves: &[Move<'_>]) -> Vec<Found> {
    let is_path_char = |c: char| c.is_alphanumeric() || "._~/%+-".contains(c);
    let lines = LineIndex::new(text);
    let mut out: Vec<Found> = Vec::new();
    for (k, m) in moves.iter().enumerate() {
        let name = m.source.rsplit('/').next().unwrap_or(m.source);
        for (i, _) in text.match_indices(name) {
            let end = i + name.len();
            if text[end..].chars().next().is_some_and(is_path_char) {
                continue;
            }
            let start = text[..i]
                .char_indices()
                .rev()
                .take_while(|(_, c)| is_path_char(*c))
                .last()
                .map_or(i, |(j, _)| j);
            let token = &text[start..end];
            let hits = join(parent_dir(path), token) == m.source
                || join("", token.trim_start_matches('/')) == m.source;
            let line = lines.line(i);
            if hits && !out.iter().any(|f| f.target == k && f.line == line) {
                let what = if path.ends_with(".md") || path.ends_with(".mdx") {
                    "is a Markdown file outside the scan's scope"
                } else {
                    "is not a Markdown doc"
                };
                out.push(unrewritable(
                    k,
                    line,
                    format!("{path} {what}, so its reference to the doc is not rewritten; update it by hand"),
                ));
            }
        }
    }
    out
}

/// The 1-based line of the first occurrence of `needle`.
fn line_of(text: &str, needle: &str) -> Option<u32> {
    text.find(needle).map(|i| LineIndex::new(text).line(i))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOVE: [Move<'static>; 1] = [Move { source: "docs/old.md", dest: "docs/archive/old.md" }];

    fn rewrites(found: &[Found]) -> Vec<(&str, &str, u32)> {
        found
            .iter()
            .filter_map(|f| match &f.what {
                What::Rewrite { from, to, .. } => Some((from.as_str(), to.as_str(), f.line)),
                What::Unrewritable { .. } => None,
            })
            .collect()
    }

    #[test]
    fn markdown_links_to_the_moved_doc_are_rewritten_in_place() {
        let text = "[a](old.md#x) [b](./old.md?plain=1) [c](other.md) [d](/docs/old.md)\n";
        let found = in_markdown("docs/guide.md", text.as_bytes(), &MOVE);
        assert_eq!(
            rewrites(&found),
            [
                ("old.md", "archive/old.md", 1),
                ("./old.md", "./archive/old.md", 1),
                ("/docs/old.md", "/docs/archive/old.md", 1)
            ]
        );
        assert!(in_markdown("docs/old.md", b"[self](old.md)\n", &MOVE).is_empty());
        let latin = in_markdown("docs/l.md", b"caf\xe9 [a](old.md)\n", &MOVE);
        assert!(
            matches!(&latin[0].what, What::Unrewritable { reason } if reason.contains("UTF-8"))
        );
    }

    #[test]
    fn other_files_are_flagged_when_a_path_resolves_to_the_doc() {
        let text = "see ../docs/old.md\nnot bold.md or old.mdx\n\"docs/old.md\"\n";
        let found = in_other_file("site/index.html", text, &MOVE);
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [1, 3]);
        assert!(in_other_file("site/x.txt", "old.md\n", &MOVE).is_empty());
        let sidebar = in_sidebar("sidebars.js", "module.exports = {d: ['intro', 'old']};\n", &MOVE);
        assert_eq!(sidebar.len(), 1);
    }
}
