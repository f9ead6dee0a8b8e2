//! The inbound search and its two uses. `find_inbound` (finalize, and clean's guard)
//! gathers every reference to each moved doc: links in the scanned docs (plus an mdBook's
//! `SUMMARY.md`), mkdocs nav entries, Docusaurus sidebar ids, paths in every other text
//! file, and a destination that leaves the folder a docs site builds from.
//! `rewrite_file` (clean) applies the rewrites to one file's current bytes, found again
//! by the same functions, so what clean writes is what finalize planned. `difference`
//! says why the references found now are not the ones a report planned.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::mkdocs::Mkdocs;
use super::other_files::other_files;
use super::read::read_capped;
use super::refs::{in_markdown, in_mkdocs, in_other_file, in_sidebar, Found, Move, What};
use super::sites::{inside, is_sidebar, Sites};
use crate::report::{Inbound, InboundFile, InboundRef, LinkRewrite};
use crate::scan::resolve::parent_dir;

/// Every reference to each of `moves`, by source; a doc nothing refers to is absent.
/// `docs` are the scanned docs (the report's shortlist).
pub(crate) fn find_inbound(
    root: &Path,
    docs: &[String],
    moves: &[Move<'_>],
) -> BTreeMap<String, Inbound> {
    if moves.is_empty() {
        return BTreeMap::new();
    }
    let sites = Sites::read(root);
    let mut markdown: BTreeSet<String> = docs.iter().cloned().collect();
    if let Some(book) = &sites.mdbook {
        markdown.insert(book.summary.clone());
    }
    // (path, base, references) of every file that refers to a moved doc.
    let mut files: Vec<(String, String, Vec<Found>)> = Vec::new();
    for doc in &markdown {
        if let Some(bytes) = read_capped(root, doc) {
            let found = in_markdown(doc, &bytes, moves);
            if !found.is_empty() {
                files.push((doc.clone(), parent_dir(doc).to_string(), found));
            }
        }
    }
    if let Some(m) = &sites.mkdocs {
        files.push((m.path.clone(), m.docs_dir.clone(), in_mkdocs(m, moves)));
    }
    let mut skip = markdown.clone();
    skip.extend(sites.mkdocs.as_ref().map(|m| m.path.clone()));
    for path in other_files(root, &skip) {
        let Some(bytes) = read_capped(root, &path) else { continue };
        if bytes.contains(&0) {
            continue; // binary
        }
        let text = String::from_utf8_lossy(&bytes);
        let mut found = in_other_file(&path, &text, moves);
        if is_sidebar(&path) {
            found.extend(in_sidebar(&path, &text, moves));
        }
        if !found.is_empty() {
            files.push((path.clone(), parent_dir(&path).to_string(), found));
        }
    }
    let mut out = BTreeMap::new();
    for (k, m) in moves.iter().enumerate() {
        let mut inbound = Inbound::default();
        for (path, base, found) in &files {
            let mut links = Vec::new();
            for f in found.iter().filter(|f| f.target == k) {
                match &f.what {
                    What::Rewrite { from, to, .. } => {
                        links.push(LinkRewrite { line: f.line, from: from.clone(), to: to.clone() })
                    }
                    What::Unrewritable { reason } => inbound.unrewritable.push(InboundRef {
                        path: path.clone(),
                        line: Some(f.line),
                        reason: reason.clone(),
                    }),
                }
            }
            if !links.is_empty() {
                inbound.rewrites.push(InboundFile {
                    path: path.clone(),
                    base: base.clone(),
                    links,
                });
            }
        }
        leaving_a_site(&sites, m, &mut inbound);
        inbound.unrewritable.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
        inbound.unrewritable.dedup();
        if !inbound.is_empty() {
            out.insert(m.source.to_string(), inbound);
        }
    }
    out
}

/// A doc moving out of the folder a site builds from, while the site links to it or
/// lists it in its nav: the site's references cannot follow.
fn leaving_a_site(sites: &Sites, m: &Move<'_>, inbound: &mut Inbound) {
    for site in sites.dirs() {
        let leaves = inside(&site.dir, m.source) && !inside(&site.dir, m.dest);
        let referred = inbound
            .rewrites
            .iter()
            .map(|f| f.path.as_str())
            .chain(inbound.unrewritable.iter().map(|r| r.path.as_str()))
            .any(|p| p == site.config || inside(&site.dir, p));
        if leaves && referred {
            inbound.unrewritable.push(InboundRef {
                path: site.config.clone(),
                line: None,
                reason: format!(
                    "{} is outside {}/, the folder {} builds the site from, so the site's links and nav to the doc cannot follow it; choose a destination inside {}/ or fix them by hand",
                    m.dest, site.dir, site.tool, site.dir
                ),
            });
        }
    }
}

/// `bytes` of referring file `path` with every reference to `moves` that can be rewritten
/// byte for byte rewritten; every other byte kept.
pub(crate) fn rewrite_file(sites: &Sites, path: &str, bytes: &[u8], moves: &[Move<'_>]) -> Vec<u8> {
    let found = if sites.is_config(path) {
        in_mkdocs(&Mkdocs::from_bytes(path, bytes), moves)
    } else {
        in_markdown(path, bytes, moves)
    };
    let mut spans: Vec<(std::ops::Range<usize>, &str)> = found
        .iter()
        .filter_map(|f| match &f.what {
            What::Rewrite { range, to, .. } => Some((range.clone(), to.as_str())),
            What::Unrewritable { .. } => None,
        })
        .collect();
    spans.sort_by_key(|(r, _)| r.start);
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for (range, to) in spans {
        if range.start < at {
            continue; // overlapping: the first one wins
        }
        out.extend_from_slice(&bytes[at..range.start]);
        out.extend_from_slice(to.as_bytes());
        at = range.end;
    }
    out.extend_from_slice(&bytes[at..]);
    out
}

/// Why the references to `source` found now (`now`) are not the ones the report planned
/// (`planned`), or `None`. Lines may move; the files, each file's rewrites in order, and
/// the references that cannot be rewritten may not (one that went away is fine).
pub(crate) fn difference(
    source: &str,
    planned: Option<&Inbound>,
    now: Option<&Inbound>,
) -> Option<String> {
    let empty = Inbound::default();
    let (planned, now) = (planned.unwrap_or(&empty), now.unwrap_or(&empty));
    let rewrites = |i: &Inbound| -> BTreeMap<String, Vec<(String, String)>> {
        i.rewrites
            .iter()
            .map(|f| {
                (f.path.clone(), f.links.iter().map(|l| (l.from.clone(), l.to.clone())).collect())
            })
            .collect()
    };
    let (want, got) = (rewrites(planned), rewrites(now));
    let paths: BTreeSet<&String> = want.keys().chain(got.keys()).collect();
    for path in paths {
        let (w, g) = (want.get(path).map_or(0, Vec::len), got.get(path).map_or(0, Vec::len));
        if want.get(path) != got.get(path) {
            let detail = if w == g {
                format!("{path} holds different links to it than the check saw")
            } else {
                let g = crate::plural::count(g as u64, "link", "links");
                format!("{path} now has {g} to rewrite, the check planned {w}")
            };
            return Some(format!("the links to {source} changed since the check: {detail}"));
        }
    }
    let known: BTreeSet<(&str, &str)> =
        planned.unrewritable.iter().map(|r| (r.path.as_str(), r.reason.as_str())).collect();
    now.unrewritable.iter().find(|r| !known.contains(&(r.path.as_str(), r.reason.as_str()))).map(
        |r| {
            format!(
                "the links to {source} changed since the check: a new reference cannot follow the move ({})",
                r.reason
            )
        },
    )
}
