//! `parse`: one pulldown-cmark pass (with source offsets) over a Markdown file into a
//! `ParsedDoc`.
//!
//! Extensions follow GitHub: tables, footnotes, strike-through, task lists, GFM alerts,
//! YAML frontmatter; heading `{#id}` attributes are read too (mdBook and others render
//! them). Code spans and code blocks are never mined for links; they are kept (the prose
//! stream `inline`, `code_blocks`) for the claims read from them. This module judges
//! nothing: the signals do.

use std::collections::HashSet;
use std::ops::Range;

use pulldown_cmark::{BrokenLink, CodeBlockKind, Event, LinkType, Options, Parser, Tag, TagEnd};

use super::doc::{
    Block, BlockKind, CodeBlock, CodeSpan, Heading, Inline, InlineKind, LinkKind, LinkRef,
    ParsedDoc, RefStyle, TextRun, UndefinedRef,
};
use super::frontmatter::Frontmatter;
use super::html_anchors::html_refs;
use super::line_index::LineIndex;
use super::slug::{slug_untrimmed, Slugger};

/// The parser options the scanner uses everywhere. Frontmatter is not one of them:
/// pulldown-cmark's metadata blocks open at any `---` line of the document
/// (pulldown-cmark#1000), where GitHub reads frontmatter only at the very top — Nuxt
/// UI's component pages, whose `::component-code` blocks carry `---` props, lost the
/// headings between two such lines. `frontmatter_block` finds the top one instead, and
/// `without_frontmatter` hides it from the parser.
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_GFM
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// The frontmatter block at the top of `text` (its `---` lines included) and its body:
/// a first line `---`, a body whose first line is not blank, and a closing line `---` or
/// `...` (the YAML-style metadata block as pulldown-cmark reads it, at the top only).
pub fn frontmatter_block(text: &str) -> Option<(Range<usize>, Range<usize>)> {
    let first = text.split_inclusive('\n').next()?;
    if first.trim_end_matches(['\n', '\r']).trim_end() != "---" || !first.ends_with('\n') {
        return None;
    }
    let body_start = first.len();
    let mut at = body_start;
    for line in text[body_start..].split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        if at == body_start && content.trim().is_empty() {
            return None;
        }
        if matches!(content.trim_end(), "---" | "...") {
            return Some((0..at + line.len(), body_start..at));
        }
        at += line.len();
    }
    None
}

/// `text` with its frontmatter block blanked (every byte but line breaks a space), so
/// offsets and lines stay the file's and the parser sees no Markdown there.
pub fn without_frontmatter(text: &str) -> std::borrow::Cow<'_, str> {
    blanked(text, frontmatter_block(text).map(|(block, _)| block))
}

/// `text` with `block` (a range at its top) blanked, one space per byte: a character of
/// several bytes keeps its width, so every offset after it is the file's.
fn blanked(text: &str, block: Option<Range<usize>>) -> std::borrow::Cow<'_, str> {
    let Some(block) = block else { return std::borrow::Cow::Borrowed(text) };
    let blank: String = text[block.clone()]
        .bytes()
        .map(|b| if b == b'\n' || b == b'\r' { b as char } else { ' ' })
        .collect();
    std::borrow::Cow::Owned(format!("{blank}{}", &text[block.end..]))
}

/// Parses `text` (a whole Markdown file). A leading byte-order mark is dropped first, so
/// frontmatter and a first heading after it are seen as such; offsets are into the text
/// without it, and line numbers are unchanged.
pub fn parse(text: String) -> ParsedDoc {
    parse_as(text, false)
}

/// `parse`, for an MDX file when `mdx` (JSX elements' children are Markdown).
pub fn parse_as(mut text: String, mdx: bool) -> ParsedDoc {
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    let lines = LineIndex::new(&text);
    let line_count = count_lines(&text);
    let mut doc = ParsedDoc { lines, line_count, ..ParsedDoc::default() };
    let mut walker = Walker::default();
    let front = frontmatter_block(&text);
    if let Some((block, body)) = &front {
        let block_line = doc.lines.line(block.start);
        doc.frontmatter = Some(Frontmatter::parse(&text[body.clone()], block_line, block_line + 1));
    }
    {
        let plain = blanked(&text, front.map(|(block, _)| block));
        // Containers the renderer opens are parsed from a shadow; offsets map back.
        let shadow = super::containers::shadow(&plain, mdx);
        let source = shadow.as_ref().map_or(&*plain, |s| s.text.as_str());
        let map = |r: Range<usize>| shadow.as_ref().map_or(r.clone(), |s| s.range(r));
        // Each reference whose label nothing defines, as the parser meets it (it may
        // try one bracket pair twice); the parse itself is unchanged.
        let mut broken: Vec<(Range<usize>, LinkType, String)> = Vec::new();
        let record = |b: BrokenLink<'_>| {
            broken.push((b.span, b.link_type, b.reference.to_string()));
            None
        };
        let mut iter = Parser::new_with_broken_link_callback(source, options(), Some(record))
            .into_offset_iter();
        for (event, range) in iter.by_ref() {
            walker.event(&mut doc, &text, event, map(range));
        }
        walker.flush_bare(&mut doc);
        if let Some(shadow) = &shadow {
            for tag in &shadow.tags {
                walker.html(&mut doc, &text[tag.clone()], tag.start);
            }
            fold_elements(&mut doc, &shadow.elements, text.len());
        }
        // A definition no link uses renders nothing: no reader follows it (rustc's dev
        // guide keeps one whose link spells its label otherwise, kustomize's examples
        // keep the definitions of links they no longer make).
        for (label, def) in iter.reference_definitions().iter() {
            if !walker.used_labels.contains(&label_key(label)) {
                continue;
            }
            let line = doc.lines.line(map(def.span.clone()).start);
            doc.links.push(LinkRef {
                kind: LinkKind::Definition,
                dest: def.dest.to_string(),
                line,
                html: false,
            });
        }
        doc.definitions = iter.reference_definitions().iter().map(|(l, _)| l.to_string()).collect();
        drop(iter);
        broken.sort_by_key(|(span, ..)| span.start);
        broken.dedup_by_key(|(span, ..)| span.start);
        for (span, link_type, label) in broken {
            let style = match link_type {
                LinkType::Reference => RefStyle::Full,
                LinkType::Collapsed => RefStyle::Collapsed,
                _ => RefStyle::Shortcut,
            };
            let range = map(span);
            let line = doc.lines.line(range.start);
            doc.undefined_refs.push(UndefinedRef { style, label, range, line });
        }
    }
    doc.links.sort_by_key(|l| l.line);
    add_unattributed_slugs(&mut doc, &text);
    doc.includes = super::includes::include_targets(&text);
    if !doc.includes.is_empty() {
        doc.anchors.insert(super::OPEN_ANCHORS.to_string());
    }
    doc.text = text;
    doc
}

/// GitHub reads no heading attributes: `## Options {🚀}` is the heading "Options {🚀}"
/// there, with the id `options-` (github-slugger drops the braces and the emoji, keeps
/// the space), where the parser took `{🚀}` for attributes and slugged "Options". Each
/// heading whose source line ends on a brace block its text lost also answers to the
/// slug of its text as written (mobx's `#options-`, `#…-async--await-`).
fn add_unattributed_slugs(doc: &mut ParsedDoc, text: &str) {
    for h in &doc.headings {
        let Some(source) = text.get(h.offset..h.end).and_then(|s| s.lines().next()) else {
            continue;
        };
        let source = source.trim_end().trim_end_matches('#').trim_end();
        let Some(open) = source.rfind('{').filter(|_| source.ends_with('}')) else { continue };
        if h.text.contains('{') {
            continue;
        }
        let written = format!("{} {}", h.text, &source[open..]);
        doc.anchors.insert(super::slug::slugify(&written));
    }
}

/// Makes each of `elements` (line spans of top-level JSX elements) one `Html` block in
/// place of the blocks inside it.
fn fold_elements(doc: &mut ParsedDoc, elements: &[(u32, u32)], len: usize) {
    for &(first, last) in elements {
        let inside = |b: &Block| b.line >= first && b.end_line <= last;
        let Some(at) = doc.blocks.iter().position(inside) else { continue };
        let start = doc.lines.start_of(first).unwrap_or(len);
        let end = doc.lines.start_of(last + 1).unwrap_or(len);
        doc.blocks.retain(|b| !inside(b));
        let block = Block { kind: BlockKind::Html, range: start..end, line: first, end_line: last };
        doc.blocks.insert(at, block);
    }
}

fn count_lines(text: &str) -> u32 {
    let newlines = text.bytes().filter(|b| *b == b'\n').count();
    let last = usize::from(!text.is_empty() && !text.ends_with('\n'));
    (newlines + last) as u32
}

/// State carried across events.
#[derive(Default)]
struct Walker {
    depth: usize,
    in_code_block: bool,
    heading: Option<(u8, Option<String>, Range<usize>, String)>,
    /// The open heading's text without its images' alt text, which GitHub's anchor
    /// leaves out (an image has no text content), and how many images are open.
    heading_no_alt: String,
    image_depth: usize,
    slugger: Slugger,
    last_text_end: Option<usize>,
    /// Inside a link or an image (its text is no bare URL of its own).
    link_depth: usize,
    /// For each open link or image, whether its destination is a web URL.
    web_links: Vec<bool>,
    /// Prose outside links read so far in one piece (its offset and text), searched for
    /// bare URLs once it ends (`flush_bare`).
    bare: Option<(usize, String)>,
    /// The labels reference-style links and images use (`label_key`).
    used_labels: HashSet<String>,
}

impl Walker {
    fn event(&mut self, doc: &mut ParsedDoc, text: &str, event: Event<'_>, range: Range<usize>) {
        if !matches!(event, Event::Text(_)) {
            self.flush_bare(doc);
        }
        match event {
            Event::Start(tag) => self.start(doc, text, tag, range),
            Event::End(end) => self.end(doc, end),
            Event::Text(t) => self.text(doc, &t, range),
            Event::Code(code) => {
                let line = doc.lines.line(range.start);
                let in_web_link = self.web_links.iter().any(|&web| web);
                doc.code_spans.push(CodeSpan { text: code.to_string(), line, in_web_link });
                push_inline(doc, InlineKind::Code, &code, range.start);
                if let Some(h) = &mut self.heading {
                    h.3.push_str(&code);
                    if self.image_depth == 0 {
                        self.heading_no_alt.push_str(&code);
                    }
                }
                self.last_text_end = None;
            }
            Event::InlineHtml(html) => {
                self.html(doc, &html, range.start);
            }
            Event::Html(_) => {} // read whole, at the HtmlBlock start
            Event::SoftBreak | Event::HardBreak => {
                push_inline(doc, InlineKind::Text, " ", range.start);
                self.last_text_end = None;
            }
            _ => self.last_text_end = None,
        }
    }

    fn start(&mut self, doc: &mut ParsedDoc, text: &str, tag: Tag<'_>, range: Range<usize>) {
        if self.depth == 0 {
            if let Some(kind) = block_kind(&tag) {
                let (line, end_line) = (doc.lines.line(range.start), doc.lines.end_line(&range));
                doc.blocks.push(Block { kind, range: range.clone(), line, end_line });
            }
        }
        self.depth += 1;
        if matches!(tag, Tag::Image { .. }) {
            self.image_depth += 1;
        }
        if let Tag::Link { link_type, id, .. } | Tag::Image { link_type, id, .. } = &tag {
            if !is_direct(*link_type) {
                self.used_labels.insert(label_key(id));
            }
        }
        if let Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } = &tag {
            self.link_depth += 1;
            let web = ["http://", "https://"]
                .iter()
                .any(|p| dest_url.get(..p.len()).is_some_and(|head| head.eq_ignore_ascii_case(p)));
            self.web_links.push(web);
        }
        if starts_block(&tag) {
            push_break(doc);
        }
        match tag {
            Tag::Heading { level, id, .. } => {
                self.heading = Some((level as u8, id.map(|i| i.to_string()), range, String::new()));
                self.heading_no_alt.clear();
            }
            Tag::CodeBlock(kind) => {
                self.in_code_block = true;
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                doc.code_blocks.push(CodeBlock { info, text: String::new(), line: 0 });
            }
            Tag::HtmlBlock => self.html(doc, &text[range.clone()], range.start),
            Tag::Strikethrough => doc.strike.push(range),
            // `[llms.txt](llms.txt){.external}`: MyST's mark of a link the site leaves
            // to the browser (a file the build writes, outside Sphinx's pages).
            Tag::Link { link_type, .. }
                if is_direct(link_type) && marked_external(&text[range.end..]) => {}
            // `[API docs](api-docs/index.html ':ignore')`: docsify's mark of a link its
            // router leaves to the browser (a file the build writes).
            Tag::Link { link_type, ref title, .. }
                if is_direct(link_type) && docsify_ignored(title) => {}
            Tag::Link { link_type, dest_url, .. } if is_direct(link_type) => {
                let line = doc.lines.line(range.start);
                doc.links.push(LinkRef {
                    kind: LinkKind::Inline,
                    dest: dest_url.to_string(),
                    line,
                    html: false,
                });
            }
            Tag::Image { link_type, dest_url, .. } if is_direct(link_type) => {
                let line = doc.lines.line(range.start);
                doc.links.push(LinkRef {
                    kind: LinkKind::Image,
                    dest: dest_url.to_string(),
                    line,
                    html: false,
                });
            }
            _ => {}
        }
        self.last_text_end = None;
    }

    fn end(&mut self, doc: &mut ParsedDoc, end: TagEnd) {
        self.depth = self.depth.saturating_sub(1);
        if end == TagEnd::Image {
            self.image_depth = self.image_depth.saturating_sub(1);
        }
        if matches!(end, TagEnd::Link | TagEnd::Image) {
            self.link_depth = self.link_depth.saturating_sub(1);
            self.web_links.pop();
        }
        if ends_prose(&end) {
            push_break(doc);
        }
        match end {
            TagEnd::Heading(_) => {
                if let Some((level, id, range, text)) = self.heading.take() {
                    let slug = self.slugger.slug(&text);
                    doc.anchors.insert(slug.clone());
                    if self.heading_no_alt.len() != text.len() {
                        // `## Contributors [![badge](…)](…)` is `#contributors-` on GitHub.
                        doc.anchors.insert(slug_untrimmed(&self.heading_no_alt));
                    }
                    if let Some(id) = &id {
                        doc.anchors.insert(id.clone());
                    }
                    let line = doc.lines.line(range.start);
                    doc.headings.push(Heading {
                        level,
                        text,
                        offset: range.start,
                        end: range.end,
                        line,
                        slug,
                        custom_id: id,
                    });
                }
            }
            TagEnd::CodeBlock => self.in_code_block = false,
            _ => {}
        }
        self.last_text_end = None;
    }

    fn text(&mut self, doc: &mut ParsedDoc, t: &str, range: Range<usize>) {
        if self.in_code_block {
            if let Some(block) = doc.code_blocks.last_mut() {
                if block.text.is_empty() {
                    block.line = doc.lines.line(range.start);
                }
                block.text.push_str(t);
            }
            return;
        }
        push_inline(doc, InlineKind::Text, t, range.start);
        if self.link_depth == 0 {
            match &mut self.bare {
                Some((_, run)) if self.last_text_end == Some(range.start) => run.push_str(t),
                _ => {
                    self.flush_bare(doc);
                    self.bare = Some((range.start, t.to_string()));
                }
            }
        }
        if let Some(h) = &mut self.heading {
            h.3.push_str(t);
            if self.image_depth == 0 {
                self.heading_no_alt.push_str(t);
            }
        }
        match doc.text_runs.last_mut() {
            Some(run) if self.last_text_end == Some(range.start) => run.text.push_str(t),
            _ => {
                let line = doc.lines.line(range.start);
                doc.text_runs.push(TextRun { text: t.to_string(), offset: range.start, line });
            }
        }
        self.last_text_end = Some(range.end);
    }

    /// Adds the bare URLs of the prose read so far (`bare`) as links: GitHub links a
    /// `https://…` written in text (GFM's autolink extension, which pulldown-cmark does
    /// not implement; `linkify` finds where each ends, trailing punctuation and unbalanced
    /// parentheses left out). Only `http`/`https` URLs; one written again as a link's
    /// destination on the same line (an `<a href>` around its own URL) is that link.
    fn flush_bare(&mut self, doc: &mut ParsedDoc) {
        let Some((offset, run)) = self.bare.take() else { return };
        if !run.contains("://") {
            return;
        }
        let mut finder = linkify::LinkFinder::new();
        finder.kinds(&[linkify::LinkKind::Url]);
        for url in finder.links(&run) {
            let dest = url.as_str();
            let scheme = dest.split_once("://").map_or("", |(s, _)| s);
            if !scheme.eq_ignore_ascii_case("https") && !scheme.eq_ignore_ascii_case("http") {
                continue;
            }
            let line = doc.lines.line(offset + url.start());
            if doc.links.iter().rev().take_while(|l| l.line == line).any(|l| l.dest == dest) {
                continue;
            }
            doc.links.push(LinkRef {
                kind: LinkKind::Inline,
                dest: dest.to_string(),
                line,
                html: false,
            });
        }
    }

    fn html(&mut self, doc: &mut ParsedDoc, html: &str, offset: usize) {
        let refs = html_refs(html);
        doc.anchors.extend(refs.anchors);
        for text in refs.headings {
            let slug = self.slugger.slug(&text);
            doc.anchors.insert(slug);
        }
        for (is_image, dest) in refs.links {
            let at = html.find(dest.as_str()).map_or(offset, |i| offset + i);
            let kind = if is_image { LinkKind::Image } else { LinkKind::Inline };
            doc.links.push(LinkRef { kind, dest, line: doc.lines.line(at), html: true });
        }
    }
}

/// Appends to the prose stream.
fn push_inline(doc: &mut ParsedDoc, kind: InlineKind, text: &str, offset: usize) {
    doc.inline.push(Inline { kind, text: text.to_string(), offset });
}

/// Ends the current stretch of prose (once).
fn push_break(doc: &mut ParsedDoc) {
    if doc.inline.last().is_some_and(|i| i.kind != InlineKind::Break) {
        doc.inline.push(Inline { kind: InlineKind::Break, text: String::new(), offset: 0 });
    }
}

/// Whether `tag` opens a block: the prose before it (a tight list item's text before
/// a nested list) ends there.
fn starts_block(tag: &Tag<'_>) -> bool {
    matches!(
        tag,
        Tag::Paragraph
            | Tag::Heading { .. }
            | Tag::Item
            | Tag::List(_)
            | Tag::TableCell
            | Tag::BlockQuote(_)
            | Tag::CodeBlock(_)
            | Tag::HtmlBlock
            | Tag::FootnoteDefinition(_)
    )
}

/// Whether the end of `tag` ends a stretch of prose (nothing reads across it).
fn ends_prose(end: &TagEnd) -> bool {
    matches!(
        end,
        TagEnd::Paragraph
            | TagEnd::Heading(_)
            | TagEnd::Item
            | TagEnd::TableCell
            | TagEnd::BlockQuote(_)
            | TagEnd::FootnoteDefinition
    )
}

/// Whether the text right after a link is an attribute block marking it external
/// (`{.external}`, `{.external target=_blank}`).
fn marked_external(after: &str) -> bool {
    after.strip_prefix('{').and_then(|a| a.split_once('}')).is_some_and(|(attrs, _)| {
        !attrs.contains('\n') && attrs.split_whitespace().any(|a| a == ".external")
    })
}

/// Whether a link's title holds docsify's `:ignore` or `:disabled` (`':ignore Title'`).
fn docsify_ignored(title: &str) -> bool {
    title.split_whitespace().any(|w| w == ":ignore" || w == ":disabled")
}

/// A link label as CommonMark matches it: case-folded, inner whitespace runs as one
/// space, trimmed.
/// A reference label as CommonMark matches it: whitespace runs one space, case folded.
pub fn label_key(label: &str) -> String {
    label.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// Links written with their destination in place; reference-style uses are checked once,
/// at their definition. An e-mail autolink (`<name@host>`) is a `mailto:`, never a path.
fn is_direct(link_type: LinkType) -> bool {
    matches!(link_type, LinkType::Inline | LinkType::Autolink)
}

fn block_kind(tag: &Tag<'_>) -> Option<BlockKind> {
    Some(match tag {
        Tag::Heading { .. } => BlockKind::Heading,
        Tag::Paragraph => BlockKind::Paragraph,
        Tag::CodeBlock(_) => BlockKind::CodeBlock,
        Tag::List(_) => BlockKind::List,
        Tag::BlockQuote(_) => BlockKind::BlockQuote,
        Tag::Table(_) => BlockKind::Table,
        Tag::HtmlBlock => BlockKind::Html,
        Tag::MetadataBlock(_) => return None,
        _ => BlockKind::Other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dests(doc: &ParsedDoc) -> Vec<(LinkKind, &str, u32)> {
        doc.links.iter().map(|l| (l.kind, l.dest.as_str(), l.line)).collect()
    }

    #[test]
    fn mdx_elements_are_one_block_and_their_children_markdown() {
        let text = "# T\n\n<Note>\nSee [the guide](guide.md) first.\n</Note>\n\nAfter.\n";
        let doc = parse_as(text.into(), true);
        assert_eq!(
            doc.links.iter().map(|l| (l.dest.as_str(), l.line)).collect::<Vec<_>>(),
            [("guide.md", 4)]
        );
        let blocks: Vec<_> = doc.blocks.iter().map(|b| (b.kind, b.line, b.end_line)).collect();
        assert_eq!(
            blocks,
            [(BlockKind::Heading, 1, 1), (BlockKind::Html, 3, 5), (BlockKind::Paragraph, 7, 7)]
        );
        assert_eq!(
            doc.slice(&doc.blocks[1].range),
            "<Note>\nSee [the guide](guide.md) first.\n</Note>\n"
        );
        // Plain Markdown reads the element as raw HTML, as GitHub does.
        assert!(parse(text.into()).links.is_empty());
    }

    #[test]
    fn an_mdx_tag_with_a_reference_ends_at_its_line() {
        // qwik's docs: a tag carrying `src=` right above a fence. CommonMark would run an
        // HTML block over the fence, and the fence's close would open code swallowing the
        // `createContextId()` heading; MDX reads the tag, then the code, then the heading.
        let text = "[Go](#createcontextid)\n\n<CodeSandbox src=\"/demo/index.tsx\">\n```tsx\nconst a = 1;\n\nconst b = 2;\n```\n</CodeSandbox>\n\n## `createContextId()`\n\n<img src=\"/a.png\" />\n```sh\nx\n```\n";
        let doc = parse_as(text.into(), true);
        assert!(doc.anchors.contains("createcontextid"), "{:?}", doc.anchors);
        assert_eq!(doc.code_blocks.len(), 2);
        // A tag's reference is still read, at its line.
        let links: Vec<_> = doc.links.iter().map(|l| (l.dest.as_str(), l.line, l.html)).collect();
        assert_eq!(links, [("#createcontextid", 1, false), ("/a.png", 13, true)]);
    }

    #[test]
    fn admonition_bodies_are_markdown_at_their_file_offsets() {
        let text = "!!! warning\n\n    Read [this](a.md).\n";
        let doc = parse(text.into());
        assert!(doc.code_blocks.is_empty());
        assert_eq!(doc.links[0].line, 3);
        let run = doc.text_runs.iter().find(|r| r.text.contains("Read")).unwrap();
        assert_eq!(&text[run.offset..run.offset + 4], "Read");
    }

    #[test]
    fn links_outside_code_are_collected_with_lines() {
        let doc = parse(
            "# T\n\nSee [a](a.md) and ![i](img/x.png).\n\n`[not](code.md)`\n\n```\n[no](fence.md)\n```\n\n[ref]: ref.md\n\nUse [ref] and [ref][].\n<a href=\"h.md\">x</a>\n".into(),
        );
        assert_eq!(
            dests(&doc),
            [
                (LinkKind::Inline, "a.md", 3),
                (LinkKind::Image, "img/x.png", 3),
                (LinkKind::Definition, "ref.md", 11),
                (LinkKind::Inline, "h.md", 14),
            ]
        );
        assert_eq!(doc.code_spans[0].text, "[not](code.md)");
        assert_eq!(doc.code_spans[0].line, 5);
        assert!(!doc.code_spans[0].in_web_link);
    }

    #[test]
    fn a_definition_no_link_uses_is_not_a_link() {
        let doc = parse(
            "# T\n\nSee [the Guide][Guide  Page], ![logo] and [Spec].\n\n[guide page]: guide.md\n[logo]: logo.png\n[spec]: spec.md\n[unused]: gone.md\n[resolver-field]: features.md#resolver-versions\n".into(),
        );
        // Labels match case-folded, whitespace collapsed; an unused one renders nothing.
        assert_eq!(
            dests(&doc),
            [
                (LinkKind::Definition, "guide.md", 5),
                (LinkKind::Definition, "logo.png", 6),
                (LinkKind::Definition, "spec.md", 7),
            ]
        );
    }

    #[test]
    fn a_heading_keeps_githubs_slug_of_an_attribute_block_github_does_not_read() {
        let doc =
            parse("## Options {🚀}\n\n## Using flow {🚀}\n\n## Set {#custom}\n\n## Plain\n".into());
        for id in ["options", "options-", "using-flow-", "custom", "set", "set-custom", "plain"] {
            assert!(doc.has_anchor(id), "{id}");
        }
        assert!(!doc.has_anchor("plain-"));
    }

    #[test]
    fn a_link_marked_external_is_left_to_the_browser() {
        let doc = parse(
            "- [llms.txt](llms.txt){.external} and [full](x.txt){.external target=_blank}\n- [kept](a.md){.internal} and [also](b.md) {.external}\n".into(),
        );
        assert_eq!(dests(&doc), [(LinkKind::Inline, "a.md", 2), (LinkKind::Inline, "b.md", 2)]);
    }

    #[test]
    fn a_code_span_knows_when_it_is_a_web_links_text() {
        let doc = parse(
            "Per [`docs/a.md`](https://github.com/o/r/blob/main/docs/a.md), [`b.md`](b.md), \
             [see `c.md` here][w] and `d.md`.\n\n[w]: HTTPS://example.com/c\n"
                .into(),
        );
        let web: Vec<(&str, bool)> =
            doc.code_spans.iter().map(|s| (s.text.as_str(), s.in_web_link)).collect();
        assert_eq!(web, [("docs/a.md", true), ("b.md", false), ("c.md", true), ("d.md", false)]);
    }

    #[test]
    fn a_link_docsify_leaves_to_the_browser_is_not_checked() {
        let doc = parse("[API](api-docs/index.html ':ignore') [B](b.md ':ignore Title') [C](c.md \"Ignore me\") [D](d.md)\n".into());
        let dests: Vec<&str> = doc.links.iter().map(|l| l.dest.as_str()).collect();
        assert_eq!(dests, ["c.md", "d.md"]);
    }

    #[test]
    fn a_heading_with_images_also_answers_to_its_anchor_without_their_alt_text() {
        // mermaid's README links `#contributors---`, the anchor GitHub gives the heading:
        // an image has no text, the spaces between the badges stay.
        let doc = parse("## Contributors [![Issues](a.svg)](x) [![Commits](b.svg)](y) [![C](c.svg)](z)\n## Plain\n".into());
        assert!(doc.has_anchor("contributors---"), "{:?}", doc.anchors);
        assert!(doc.has_anchor("contributors-issues-commits-c"), "the text with alt still answers");
        assert!(!doc.has_anchor("contributors"), "GitHub keeps the spaces");
        assert_eq!(doc.anchors.len(), 3, "a heading without images gets one anchor");
    }

    #[test]
    fn anchors_from_headings_ids_and_html() {
        let doc = parse("# Intro\n## Setup\n## Setup\n### Custom {#my-id}\n<a name=\"legacy\"></a>\n\nText <span id=\"inline\">x</span>\n## `code` heading\n".into());
        for a in
            ["intro", "setup", "setup-1", "custom", "my-id", "legacy", "inline", "code-heading"]
        {
            assert!(doc.anchors.contains(a), "missing {a}: {:?}", doc.anchors);
        }
        assert_eq!(doc.headings.len(), 5);
        assert_eq!(doc.headings[1].line, 2);
        assert!(doc.has_anchor("Intro"));
    }

    #[test]
    fn frontmatter_blocks_and_strike() {
        let doc =
            parse("---\nstatus: done\n---\n# Title\n\nPara ~~old~~ text.\n\n- a\n- b\n".into());
        let fm = doc.frontmatter.as_ref().unwrap();
        assert_eq!(fm.get("status").unwrap().value, "done");
        assert_eq!(fm.get("status").unwrap().line, 2);
        let kinds: Vec<_> = doc.blocks.iter().map(|b| (b.kind, b.line)).collect();
        assert_eq!(
            kinds,
            [(BlockKind::Heading, 4), (BlockKind::Paragraph, 6), (BlockKind::List, 8)]
        );
        assert_eq!(doc.blocks[2].end_line, 9);
        assert_eq!(doc.slice(&doc.strike[0]), "~~old~~");
        assert_eq!(doc.line_count, 9);
        assert!(doc.text_runs.iter().all(|r| !r.text.contains("status")));
    }

    #[test]
    fn frontmatter_after_a_bom_or_with_crlf_is_frontmatter() {
        for text in [
            "---\r\ntitle: x\r\nstatus: done\r\n---\r\n# Title\r\n",
            "\u{feff}---\nstatus: done\n---\n# Title\n",
            "\u{feff}---\r\nstatus: done\r\n---\r\n# Title\r\n",
        ] {
            let doc = parse(text.into());
            let fm = doc.frontmatter.as_ref().unwrap_or_else(|| panic!("{text:?}"));
            assert_eq!(fm.get("status").map(|k| k.value.as_str()), Some("done"), "{text:?}");
            let headings: Vec<_> = doc.headings.iter().map(|h| (h.text.as_str(), h.line)).collect();
            assert_eq!(headings.last(), Some(&("Title", 4 + u32::from(text.contains("title")))));
            assert_eq!(doc.headings.len(), 1, "{text:?}");
        }
    }

    #[test]
    fn only_the_top_block_is_frontmatter() {
        // Nuxt UI's component pages: `::component-code` blocks carry `---` props; the
        // headings between them are headings, as GitHub renders them.
        let text = "---\ndescription: x\n---\n\nSee [c](#color).\n\n::component-code\n---\nignore:\n  - page\n---\n::\n\n### Color\n\n::component-code\n---\nignore:\n  - total\n";
        let doc = parse(text.into());
        assert_eq!(doc.frontmatter.as_ref().unwrap().get("description").unwrap().value, "x");
        assert!(doc.frontmatter.as_ref().unwrap().problem.is_none());
        assert!(doc.has_anchor("color"), "{:?}", doc.headings);
        assert_eq!(doc.links.iter().map(|l| l.line).collect::<Vec<_>>(), [5]);
        // A rule and a setext heading are not frontmatter, nor is a block opened by a
        // blank line or never closed.
        for text in ["Intro\n\n---\nkey: v\n---\n", "---\n\nkey: v\n---\n", "---\nkey: v\n"] {
            assert!(parse(text.into()).frontmatter.is_none(), "{text:?}");
        }
        assert_eq!(frontmatter_block("---\nk: v\n...\nrest\n"), Some((0..13, 4..9)));
        assert_eq!(without_frontmatter("---\nk: v\n---\n# T\n"), "   \n    \n   \n# T\n");
        let wide = "---\ntitle: 配置 ✓\n---\n# T\n";
        assert_eq!(without_frontmatter(wide).len(), wide.len(), "offsets stay the file's");
    }

    #[test]
    fn prose_stream_and_code_blocks_keep_their_places() {
        let doc = parse(
            "Install `uv` (version\n0.4.30 or later).\n\n- a\n- b\n  - c\n\n```yaml title=\"x\"\nrev: v1\nid: x\n```\n\n    indented 1.0\n".into(),
        );
        let kinds: Vec<(InlineKind, &str)> =
            doc.inline.iter().map(|i| (i.kind, i.text.as_str())).collect();
        assert_eq!(
            kinds,
            [
                (InlineKind::Text, "Install "),
                (InlineKind::Code, "uv"),
                (InlineKind::Text, " (version"),
                (InlineKind::Text, " "),
                (InlineKind::Text, "0.4.30 or later)."),
                (InlineKind::Break, ""),
                (InlineKind::Text, "a"),
                (InlineKind::Break, ""),
                (InlineKind::Text, "b"),
                (InlineKind::Break, ""),
                (InlineKind::Text, "c"),
                (InlineKind::Break, ""),
            ]
        );
        assert_eq!(doc.inline[4].offset, 22);
        assert_eq!(doc.code_blocks.len(), 2);
        assert_eq!(doc.code_blocks[0].info, "yaml title=\"x\"");
        assert_eq!(doc.code_blocks[0].text, "rev: v1\nid: x\n");
        assert_eq!(doc.code_blocks[0].line, 9);
        assert_eq!(doc.code_blocks[1].info, "");
        assert_eq!(doc.code_blocks[1].text, "indented 1.0\n");
        assert_eq!(doc.code_blocks[1].line, 13);
    }
}
