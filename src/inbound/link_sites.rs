//! `link_sites`: every link destination of a Markdown text with the byte range it
//! occupies, so a move can replace exactly those bytes. One pulldown-cmark pass (with
//! source offsets, the scanner's options): inline links and images, reference
//! definitions, and `<a href>` / `<img src>` in raw HTML (read with html5gum). A
//! destination whose source bytes differ from its value (Markdown escapes, HTML
//! entities) has no range: it cannot be rewritten byte for byte. Never reads a file.

use std::ops::Range;

use pulldown_cmark::{Event, LinkType, Parser, Tag};

use crate::scan::markdown::{html_refs, options, shadow, LineIndex};

/// One link destination in a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LinkSite {
    /// The destination's value (after Markdown unescaping).
    pub dest: String,
    /// Where exactly the value's bytes sit in the text, when they are there verbatim.
    pub range: Option<Range<usize>>,
    /// 1-based line of the link.
    pub line: u32,
}

impl LinkSite {
    /// Where path part `written` of this destination (what `classify` split off: no
    /// `?query`, no `#fragment`) sits in `text`, when its bytes are there verbatim.
    pub(crate) fn path_range(&self, text: &str, written: &str) -> Option<Range<usize>> {
        let lead = self.dest.len() - self.dest.trim_start().len();
        let start = self.range.as_ref()?.start + lead;
        let range = start..start + written.len();
        (text.get(range.clone()) == Some(written)).then_some(range)
    }
}

/// Every link destination of `text` outside code, in source order; `mdx`: the doc is
/// MDX. Links inside containers the renderer opens (admonitions, JSX elements) count, as
/// they do for the scan (`scan::markdown::shadow`).
pub(crate) fn link_sites(text: &str, mdx: bool) -> Vec<LinkSite> {
    let lines = LineIndex::new(text);
    let mut out = Vec::new();
    let plain = crate::scan::markdown::without_frontmatter(text);
    let shadow = shadow(&plain, mdx);
    let source = shadow.as_ref().map_or(&*plain, |s| s.text.as_str());
    let map = |r: &Range<usize>| shadow.as_ref().map_or(r.clone(), |s| s.range(r.clone()));
    let mut iter = Parser::new_ext(source, options()).into_offset_iter();
    for (event, range) in iter.by_ref() {
        let range = map(&range);
        match event {
            Event::Start(Tag::Link { link_type: LinkType::Inline, dest_url, .. })
            | Event::Start(Tag::Image { link_type: LinkType::Inline, dest_url, .. }) => {
                let at = find_after(text, &range, "](", &dest_url, true);
                out.push(site(&lines, dest_url.to_string(), at, range.start));
            }
            Event::Start(Tag::HtmlBlock) => html_sites(text, range, &lines, &mut out),
            Event::InlineHtml(_) => html_sites(text, range, &lines, &mut out),
            _ => {}
        }
    }
    for (_, def) in iter.reference_definitions().iter() {
        let span = map(&def.span);
        let at = find_after(text, &span, "]:", &def.dest, false);
        out.push(site(&lines, def.dest.to_string(), at, span.start));
    }
    out.sort_by_key(|s| (s.range.as_ref().map_or(usize::MAX, |r| r.start), s.line));
    out
}

fn site(lines: &LineIndex, dest: String, range: Option<Range<usize>>, fallback: usize) -> LinkSite {
    let line = lines.line(range.as_ref().map_or(fallback, |r| r.start));
    LinkSite { dest, range, line }
}

/// Where `dest` sits verbatim in `text[within]`, right after `marker` (`](` for an inline
/// link, `]:` for a definition), whitespace and an optional `<`. The last such place for
/// an inline link (its text may hold brackets), the first for a definition (its title
/// may).
fn find_after(
    text: &str,
    within: &Range<usize>,
    marker: &str,
    dest: &str,
    last: bool,
) -> Option<Range<usize>> {
    if dest.is_empty() {
        return None;
    }
    let slice = text.get(within.clone())?;
    let mut starts: Vec<usize> = slice.match_indices(marker).map(|(i, _)| i).collect();
    if last {
        starts.reverse();
    }
    starts.into_iter().find_map(|i| {
        let rest = &slice[i + marker.len()..];
        let skipped = rest.len() - rest.trim_start().len();
        let rest = &rest[skipped..];
        let (angle, rest) = match rest.strip_prefix('<') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let after = rest.strip_prefix(dest)?;
        let closed = if angle {
            after.starts_with('>')
        } else {
            after.is_empty() || after.starts_with(|c: char| c == ')' || c.is_whitespace())
        };
        closed.then(|| {
            let start = within.start + i + marker.len() + skipped + usize::from(angle);
            start..start + dest.len()
        })
    })
}

/// The `<a href>` / `<img src>` destinations of the raw HTML at `range`. A value is
/// located when it occurs verbatim as an attribute value (`="…"`, `='…'` or `=…`) exactly
/// as many times as the tokenizer saw it.
fn html_sites(text: &str, range: Range<usize>, lines: &LineIndex, out: &mut Vec<LinkSite>) {
    let Some(html) = text.get(range.clone()) else { return };
    let links = html_refs(html).links;
    for (k, (_, dest)) in links.iter().enumerate() {
        let seen_before = links[..k].iter().filter(|(_, d)| d == dest).count();
        let same = links.iter().filter(|(_, d)| d == dest).count();
        let places = attribute_values(html, dest);
        let at = (places.len() == same && !dest.is_empty())
            .then(|| places[seen_before])
            .map(|i| range.start + i..range.start + i + dest.len());
        out.push(site(lines, dest.clone(), at, range.start));
    }
}

/// Offsets in `html` where `value` stands as a whole attribute value: after `=` (and
/// whitespace), quoted or not, and closed by the same quote, `>` or whitespace.
fn attribute_values(html: &str, value: &str) -> Vec<usize> {
    if value.is_empty() {
        return Vec::new();
    }
    let whole = |i: usize| {
        let head = &html[..i];
        let (quote, head) = match head.chars().last() {
            Some(q @ ('"' | '\'')) => (Some(q), &head[..head.len() - 1]),
            _ => (None, head),
        };
        let after = &html[i + value.len()..];
        let closed = match quote {
            Some(q) => after.starts_with(q),
            None => after.is_empty() || after.starts_with(|c: char| c == '>' || c.is_whitespace()),
        };
        head.trim_end().ends_with('=') && closed
    };
    html.match_indices(value).map(|(i, _)| i).filter(|&i| whole(i)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn located(text: &str) -> Vec<(String, Option<String>, u32)> {
        link_sites(text, false)
            .into_iter()
            .map(|s| (s.dest, s.range.map(|r| text[r].to_string()), s.line))
            .collect()
    }

    #[test]
    fn links_inside_admonitions_and_jsx_are_located_in_the_file() {
        let text = "!!! tip\n\n    See [a](old.md).\n";
        assert_eq!(located(text), [("old.md".into(), Some("old.md".into()), 3)]);
        let mdx = "<Tip>\n  See [b](b.md).\n</Tip>\n";
        let sites = link_sites(mdx, true);
        assert_eq!(sites.len(), 1);
        assert_eq!(&mdx[sites[0].range.clone().unwrap()], "b.md");
        assert!(link_sites(mdx, false).is_empty(), "raw HTML outside MDX");
    }

    #[test]
    fn every_kind_of_destination_is_found_at_its_bytes() {
        let text = "# T\n\n[a [b]](old.md#x) ![i](<img one.png>)\n\n[ref]: ./old.md \"t\"\n\n<a href=\"old.md\">h</a> <img src='p.png'>\n\n`[no](code.md)`\n";
        assert_eq!(
            located(text),
            [
                ("old.md#x".into(), Some("old.md#x".into()), 3),
                ("img one.png".into(), Some("img one.png".into()), 3),
                ("./old.md".into(), Some("./old.md".into()), 5),
                ("old.md".into(), Some("old.md".into()), 7),
                ("p.png".into(), Some("p.png".into()), 7),
            ]
        );
    }

    #[test]
    fn escaped_destinations_have_no_range() {
        let sites = located("[a](ol\\_d.md) and <a href=\"o&amp;ld.md\">x</a>\n");
        assert_eq!(sites[0], ("ol_d.md".into(), None, 1));
        assert_eq!(sites[1], ("o&ld.md".into(), None, 1));
    }

    #[test]
    fn crlf_and_titles_keep_offsets_exact() {
        let text = "See [x](a.md \"](a.md\").\r\n\r\n[r]:\r\n  <b c.md>\r\n";
        assert_eq!(
            located(text),
            [("a.md".into(), Some("a.md".into()), 1), ("b c.md".into(), Some("b c.md".into()), 4)]
        );
    }
}
