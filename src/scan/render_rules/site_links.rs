//! Which renderer a doc is read on besides GitHub, and the files a link reaches there
//! that GitHub's resolution does not: the per-folder dispatch to each generator's rules.
//!
//! Reads nothing from disk.

use super::{astro, dialect, docusaurus, mdbook, mintlify, vitepress};
use crate::scan::markdown::ParsedDoc;
use crate::scan::site::{Generator, Site, Sites};

/// The generator whose heading ids `path` also has: its docs site's, else MkDocs'
/// (Python-Markdown) when the doc is written in that dialect, else none (GitHub only).
pub fn renderer_of(sites: &Sites, path: &str, parsed: &ParsedDoc) -> Option<Generator> {
    match sites.page_of(path) {
        Some(site) => Some(site.generator),
        None => dialect::is_python_markdown(parsed).then_some(Generator::Mkdocs),
    }
}

/// The files a link from a page of `site` may reach when GitHub's resolution `resolved`
/// does not exist: `written` is the link's decoded path part.
pub fn link_candidates(site: &Site, written: &str, resolved: &str) -> Vec<String> {
    match site.generator {
        Generator::MdBook => mdbook::link_candidates(resolved),
        Generator::VitePress => {
            let content = site.content.first().map_or("", String::as_str);
            vitepress::link_candidates(content, written, resolved)
        }
        Generator::Docusaurus => docusaurus::link_candidates(&site.content, written, resolved),
        Generator::Astro => astro::link_candidates(&site.content, written, resolved),
        Generator::Mintlify => mintlify::link_candidates(&site.content, written, resolved),
        // MkDocs resolves relative `.md` links as GitHub does.
        Generator::Mkdocs => Vec::new(),
    }
}
