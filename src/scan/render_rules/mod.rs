//! How docs-site generators render what GitHub renders differently: heading ids and
//! link targets, one file per generator, and the per-folder dispatch (`site_links.rs`).
//! A link or fragment counts as resolving when GitHub or the doc's renderer resolves it:
//! a doc is read on both.

mod astro;
mod dialect;
mod docusaurus;
mod heading_ids;
mod mdbook;
mod mintlify;
mod mkdocs_anchors;
mod python_markdown;
mod site_links;
mod vitepress;

pub use heading_ids::{add_site_ids, heading_ids};
pub use site_links::{link_candidates, renderer_of};
