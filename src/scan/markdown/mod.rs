//! Markdown as the scanner sees it: one pulldown-cmark pass per file into a `ParsedDoc`.

mod containers;
mod doc;
mod frontmatter;
mod html_anchors;
mod includes;
mod line_index;
mod normalize;
mod parse;
mod slug;

pub use containers::shadow;
pub use doc::{
    BlockKind, CodeBlock, Heading, Inline, InlineKind, LinkKind, ParsedDoc, RefStyle, OPEN_ANCHORS,
};
pub use frontmatter::{Frontmatter, FrontmatterProblem};
pub use html_anchors::html_refs;
pub use line_index::LineIndex;
pub use normalize::normalize_block;
pub use parse::{frontmatter_block, label_key, options, parse, parse_as, without_frontmatter};
pub use slug::Slugger;
