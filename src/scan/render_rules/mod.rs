//! How docs-site generators render what GitHub renders differently: heading ids and
//! link targets, one file per generator, and the per-folder dispatch (`site_links.rs`).
//! A link or fragment counts as resolving when GitHub or the doc's renderer resolves it:
//! a doc is read on both.

mod astro;
mod dialect;
mod doc_builder;
mod docusaurus;
mod heading_ids;
mod jekyll;
mod mdbook;
mod mintlify;
mod mkdocs_anchors;
mod python_markdown;
mod site_links;
mod vitepress;

pub use heading_ids::{add_site_ids, decamelized_id, definition_term_ids, heading_ids};

/// The id a heading gets where every run of characters other than letters and digits
/// becomes one `-` (trimmed, lowercased): `` `queryClient.query` `` → `queryclient-query`.
/// The common scheme besides GitHub's (VitePress and markdown-it-anchor are close to it,
/// and sites built from a repository elsewhere use it: tanstack.com).
pub fn dash_slug(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// The page files a route `base` (root-relative, no trailing `/`, no extension) may be,
/// for each page extension in `exts`: `base.<ext>` and `base/index.<ext>` (`index.<ext>`
/// for the root). Shared by the file-routed generators (Astro, Mintlify).
fn route_pages(base: &str, exts: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for ext in exts {
        if base.is_empty() {
            out.push(format!("index.{ext}"));
        } else {
            out.push(format!("{base}.{ext}"));
            out.push(format!("{base}/index.{ext}"));
        }
    }
    out
}
pub use heading_ids::kept_id;

/// The fragment a VitePress 2 site writes for `fragment` in an internal link
/// (`normalizeHash`: the fragment through the site's slugify, `#Packaging--Runtime` →
/// `#packaging-runtime`; with `keeps_case`, `Site::keeps_case`, through that one).
pub fn vitepress_fragment(fragment: &str, keeps_case: bool) -> String {
    match keeps_case {
        true => vitepress::slugify_keeping_case(fragment),
        false => vitepress::slugify(fragment),
    }
}

/// The definition-list terms of `text`, with the byte offset of each term's line: a
/// line after a blank one (or the page's start) whose next line opens with `: ` (PHP
/// Markdown Extra's syntax, which mdBook and Hugo's goldmark read), backticks removed.
fn definition_terms(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let (mut before, mut term, mut term_at) = ("", "", 0);
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let after_blank = before.trim().is_empty();
        let t = term.trim();
        let fence = t.starts_with("```") || t.starts_with("~~~");
        let plain = !t.is_empty() && !fence && !t.starts_with(['#', '-', '*', '>', '|', ':']);
        if after_blank && plain && line.trim_start().starts_with(": ") {
            out.push((term_at, t.replace('`', "")));
        }
        (before, term, term_at) = (term, line, at);
        at += line.len();
    }
    out
}
pub use site_links::{
    html_link_candidate, link_candidates, page_url_candidates, redirected, renderer_of,
};
