//! `ParsedDoc`: what one pulldown-cmark pass over a Markdown file yields for the signals.
//!
//! Plain data only; building it is `parse.rs`'s job and judging it the signals'. Offsets
//! are byte offsets into the file's text; lines are 1-based.

use std::collections::HashSet;
use std::ops::Range;

use super::frontmatter::Frontmatter;
use super::line_index::LineIndex;

/// How a link was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// `[text](dest)` (or an autolink).
    Inline,
    /// `![alt](dest)`.
    Image,
    /// `[label]: dest` — reported at the definition, not at each use.
    Definition,
}

/// How a reference link names its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefStyle {
    /// `[text][label]`.
    Full,
    /// `[label][]`.
    Collapsed,
    /// `[label]`.
    Shortcut,
}

/// A reference link (or image) whose label no definition in the doc gives: CommonMark
/// renders it as its text, brackets and all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndefinedRef {
    pub style: RefStyle,
    /// The label as written, between its brackets.
    pub label: String,
    /// The whole `[text][label]` (or `[label]`) in the source.
    pub range: Range<usize>,
    pub line: u32,
}

/// One link destination found outside code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRef {
    pub kind: LinkKind,
    /// The destination as written (after Markdown unescaping).
    pub dest: String,
    pub line: u32,
    /// Written in raw HTML (`<img src>`, `<a href>`): a site generator leaves it as is,
    /// so the browser resolves it from the page's URL.
    pub html: bool,
}

/// One heading, in document order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    /// 1 to 6.
    pub level: u8,
    /// The heading's plain text (inline code included, markup dropped).
    pub text: String,
    /// Where the heading starts in the source.
    pub offset: usize,
    /// Where it ends (exclusive).
    pub end: usize,
    pub line: u32,
    /// Its id on GitHub (github-slugger, made unique within the doc).
    pub slug: String,
    /// Its `{#id}` attribute, if any.
    pub custom_id: Option<String>,
}

/// An inline code span (`` `like/this` ``).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeSpan {
    pub text: String,
    pub line: u32,
    /// Whether the span is the text of a link to a web URL (`` [`docs/x.md`](https://…) ``):
    /// it names what the link reaches, which need not be in this repository.
    pub in_web_link: bool,
}

/// A run of prose text (outside code blocks), with where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRun {
    pub text: String,
    pub offset: usize,
    pub line: u32,
}

/// What one piece of the prose stream is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlineKind {
    /// Prose text (a soft or hard line break is a one-space `Text`).
    Text,
    /// An inline code span's contents.
    Code,
    /// The end of a paragraph, heading, list item or table cell: nothing reads across it.
    Break,
}

/// One piece of prose in reading order, with where it starts in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inline {
    pub kind: InlineKind,
    pub text: String,
    pub offset: usize,
}

/// In `ParsedDoc::anchors`: the renderer generates anchors the source does not show (an
/// API page built from code), so every fragment into the doc is taken as found. Not a
/// valid anchor text (it holds a NUL), so no fragment spells it.
pub const OPEN_ANCHORS: &str = "\0open";

/// A fenced or indented code block's contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeBlock {
    /// The fence's info string (`yaml title="x.yml"`), empty for indented blocks.
    pub info: String,
    /// The contents, one source line per line.
    pub text: String,
    /// The file line of the contents' first line.
    pub line: u32,
}

/// The kind of a top-level block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    Heading,
    Paragraph,
    CodeBlock,
    List,
    BlockQuote,
    Table,
    Html,
    Other,
}

/// One top-level block with its source span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub kind: BlockKind,
    pub range: Range<usize>,
    pub line: u32,
    pub end_line: u32,
}

/// Everything the signals need from one Markdown file.
#[derive(Debug, Default)]
pub struct ParsedDoc {
    pub text: String,
    pub lines: LineIndex,
    pub line_count: u32,
    pub links: Vec<LinkRef>,
    pub headings: Vec<Heading>,
    /// Every fragment a link may point at: heading slugs, heading `{#id}`s, HTML
    /// `id`/`name` attributes.
    pub anchors: HashSet<String>,
    /// On a page of a site that slugs headings its own way (VitePress), the ids of
    /// `anchors` only GitHub gives (a heading's GitHub slug the site's slugify does not
    /// produce, `-v---verbose` for `` `-v, --verbose` ``): a link from a page of the
    /// same site that names one reaches no anchor there. Filled by
    /// `render_rules::add_site_ids`, kept by `ScanContext::add_site_ids` only where
    /// such links are read on the site (`reads_on_site_only`); empty elsewhere.
    pub github_only: HashSet<String>,
    /// Whether the doc's VitePress site slugs headings keeping their case
    /// (`Site::keeps_case`): its ids are `vitepress::slugify_keeping_case`'s. Set by
    /// `ScanContext::add_site_ids`.
    pub keeps_case: bool,
    pub code_spans: Vec<CodeSpan>,
    /// Prose text runs (never code spans or code blocks).
    pub text_runs: Vec<TextRun>,
    /// Prose and inline code in reading order, with block ends marked (what version
    /// claims are read from: a sentence may run across a code span or a line break).
    pub inline: Vec<Inline>,
    /// Code blocks, in order.
    pub code_blocks: Vec<CodeBlock>,
    /// Top-level blocks, frontmatter excluded.
    pub blocks: Vec<Block>,
    /// Spans of `~~strike-through~~`.
    pub strike: Vec<Range<usize>>,
    pub frontmatter: Option<Frontmatter>,
    /// Markdown files the doc includes when its site is built, as written
    /// (`includes.rs`); a doc with any has open anchors.
    pub includes: Vec<String>,
    /// Reference links whose label has no definition, in order.
    pub undefined_refs: Vec<UndefinedRef>,
    /// The labels of the doc's reference definitions (used or not), as written.
    pub definitions: Vec<String>,
}

impl ParsedDoc {
    /// The source text of `range`.
    pub fn slice(&self, range: &Range<usize>) -> &str {
        &self.text[range.clone()]
    }

    /// Whether `fragment` names an anchor of this doc (exactly, or lowercased as GitHub
    /// also accepts).
    pub fn has_anchor(&self, fragment: &str) -> bool {
        self.has_anchor_cased(fragment, false)
    }

    /// `has_anchor`, or, with `exact`, only as written: a browser on a docs site
    /// matches a fragment to an id case by case (`#withSchema` is not `withschema`),
    /// where GitHub's page script also tries the lowercase form.
    pub fn has_anchor_cased(&self, fragment: &str, exact: bool) -> bool {
        self.anchors.contains(OPEN_ANCHORS)
            || self.anchors.contains(fragment)
            || (!exact && self.anchors.contains(&fragment.to_lowercase()))
    }
}
