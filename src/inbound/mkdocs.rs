//! `mkdocs.yml`: its `docs_dir` and the file paths of its `nav`, each with the byte range
//! of its scalar, so a move can replace exactly those bytes. The YAML is read as an event
//! stream (aliases are never expanded) by `yaml_events`, the one place the inbound search
//! calls a YAML parser, with a size and an event cap.

use std::ops::Range;

use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::TScalarStyle;

use crate::scan::markdown::LineIndex;
use crate::scan::resolve::join;

/// The most bytes of a site config parsed.
pub(crate) const MAX_CONFIG_BYTES: usize = 1024 * 1024;
/// The most YAML events read from one config.
const MAX_EVENTS: usize = 200_000;

/// One file path of the nav.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NavEntry {
    pub value: String,
    /// The value's bytes in the file, when they are there verbatim (plain or quoted
    /// without escapes).
    pub range: Option<Range<usize>>,
    pub line: u32,
}

/// What `mkdocs.yml` says about the docs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mkdocs {
    /// Root-relative path of the config.
    pub path: String,
    /// Root-relative `docs_dir` (default `docs`).
    pub docs_dir: String,
    /// The nav's file paths, or why the config could not be read.
    pub nav: Result<Vec<NavEntry>, String>,
    pub text: String,
}

impl Mkdocs {
    /// Reads the config at root-relative `path` from its bytes.
    pub(crate) fn from_bytes(path: &str, bytes: &[u8]) -> Mkdocs {
        let text = String::from_utf8_lossy(bytes).into_owned();
        let mut site =
            Mkdocs { path: path.to_string(), docs_dir: "docs".into(), nav: Ok(Vec::new()), text };
        match yaml_events(&site.text) {
            Ok(events) => {
                let (docs_dir, nav) = top_level(&events);
                if let Some(dir) = docs_dir {
                    site.docs_dir = join("", &dir);
                }
                site.nav = Ok(nav_entries(&site.text, &events, nav));
            }
            Err(e) => site.nav = Err(e),
        }
        site
    }
}

/// Parses YAML into events with their character offsets, refusing a text over
/// `MAX_CONFIG_BYTES` or a stream over `MAX_EVENTS` events. The one yaml-rust2 call of the
/// inbound search: a bounded loader may take its place.
fn yaml_events(text: &str) -> Result<Vec<(Event, TScalarStyle, usize)>, String> {
    if text.len() > MAX_CONFIG_BYTES {
        return Err(format!("it is over {MAX_CONFIG_BYTES} bytes"));
    }
    let mut parser = Parser::new_from_str(text);
    let mut out = Vec::new();
    loop {
        let (event, mark) = parser.next_token().map_err(|e| e.to_string())?;
        if event == Event::StreamEnd {
            return Ok(out);
        }
        if out.len() >= MAX_EVENTS {
            return Err(format!("it holds over {MAX_EVENTS} YAML nodes"));
        }
        let style = match &event {
            Event::Scalar(_, style, _, _) => *style,
            _ => TScalarStyle::Plain,
        };
        out.push((event, style, mark.index()));
    }
}

type Events = [(Event, TScalarStyle, usize)];

/// `docs_dir`'s value and the event range of `nav`'s value, from the first document's
/// top-level mapping.
fn top_level(events: &Events) -> (Option<String>, Range<usize>) {
    let mut docs_dir = None;
    let mut nav = 0..0;
    let first =
        events.iter().position(|(e, _, _)| !matches!(e, Event::StreamStart | Event::DocumentStart));
    let Some(mut i) = first.filter(|&i| matches!(events[i].0, Event::MappingStart(..))) else {
        return (None, nav);
    };
    i += 1;
    while i < events.len() && events[i].0 != Event::MappingEnd {
        let key = match &events[i].0 {
            Event::Scalar(k, ..) => Some(k.clone()),
            _ => None,
        };
        let value = skip(events, i);
        let end = skip(events, value);
        match (key.as_deref(), &events.get(value).map(|e| &e.0)) {
            (Some("docs_dir"), Some(Event::Scalar(v, ..))) => docs_dir = Some(v.clone()),
            (Some("nav"), _) => nav = value..end,
            _ => {}
        }
        i = end;
    }
    (docs_dir, nav)
}

/// The index after the node starting at `i`.
fn skip(events: &Events, i: usize) -> usize {
    let mut depth = 0usize;
    let mut j = i;
    while j < events.len() {
        match events[j].0 {
            Event::MappingStart(..) | Event::SequenceStart(..) => depth += 1,
            Event::MappingEnd | Event::SequenceEnd => depth = depth.saturating_sub(1),
            _ => {}
        }
        j += 1;
        if depth == 0 {
            break;
        }
    }
    j
}

/// The value scalars (never a mapping's keys: those are titles) of the nav's events.
fn nav_entries(text: &str, events: &Events, nav: Range<usize>) -> Vec<NavEntry> {
    let mut picked = Vec::new();
    // (is_mapping, next node is a key). A node flips its mapping's state at its first
    // event; an end event flips only the frame it closes, which is then dropped.
    let mut frames: Vec<(bool, bool)> = Vec::new();
    for (event, style, at) in &events[nav] {
        let is_key = matches!(frames.last(), Some((true, true)));
        if let Some((true, next_is_key)) = frames.last_mut() {
            *next_is_key = !*next_is_key;
        }
        match event {
            Event::Scalar(value, ..) if !is_key => picked.push((value.clone(), *style, *at)),
            Event::MappingStart(..) => frames.push((true, true)),
            Event::SequenceStart(..) => frames.push((false, false)),
            Event::MappingEnd | Event::SequenceEnd => {
                frames.pop();
            }
            _ => {}
        }
    }
    let offsets = byte_offsets(text, picked.iter().map(|p| p.2).collect());
    let lines = LineIndex::new(text);
    picked
        .into_iter()
        .zip(offsets)
        .map(|((value, style, _), at)| {
            let range = at.and_then(|at| verbatim(text, at, &value, style));
            let line = lines.line(range.as_ref().map_or(at.unwrap_or(0), |r| r.start));
            NavEntry { value, range, line }
        })
        .collect()
}

/// The byte offset of each character index (sorted or not); `None` past the end.
fn byte_offsets(text: &str, chars: Vec<usize>) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..chars.len()).collect();
    order.sort_by_key(|&k| chars[k]);
    let mut out = vec![None; chars.len()];
    let mut it = text.char_indices().enumerate().peekable();
    for k in order {
        while it.peek().is_some_and(|(ci, _)| *ci < chars[k]) {
            it.next();
        }
        out[k] = it.peek().map(|(_, (byte, _))| *byte);
    }
    out
}

/// Where `value` sits verbatim at byte `at` (inside its quotes for a quoted scalar).
fn verbatim(text: &str, at: usize, value: &str, style: TScalarStyle) -> Option<Range<usize>> {
    let rest = text.get(at..)?;
    let start = match style {
        TScalarStyle::Plain => at,
        TScalarStyle::SingleQuoted if rest.starts_with('\'') => at + 1,
        TScalarStyle::DoubleQuoted if rest.starts_with('"') => at + 1,
        _ => return None,
    };
    let end = start + value.len();
    let after = text.get(end..)?;
    let closed = match style {
        TScalarStyle::SingleQuoted => after.starts_with('\''),
        TScalarStyle::DoubleQuoted => after.starts_with('"'),
        _ => true,
    };
    (text.get(start..end)? == value && closed).then_some(start..end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nav_entries_are_values_only_with_their_bytes() {
        let text = "site_name: X\ndocs_dir: site/\nnav:\n  - Home: index.md\n  - Guide:\n      - 'old.md'\n      - \"é/new.md\"\n      - Ext: https://x.org\n  - plain.md\n  - Sec: {a: b.md}\nextra:\n  emoji: !!python/name:material.x\n";
        let site = Mkdocs::from_bytes("mkdocs.yml", text.as_bytes());
        assert_eq!(site.docs_dir, "site");
        let nav = site.nav.unwrap();
        let got: Vec<(&str, Option<&str>, u32)> = nav
            .iter()
            .map(|n| (n.value.as_str(), n.range.clone().map(|r| &text[r]), n.line))
            .collect();
        assert_eq!(
            got,
            [
                ("index.md", Some("index.md"), 4),
                ("old.md", Some("old.md"), 6),
                ("é/new.md", Some("é/new.md"), 7),
                ("https://x.org", Some("https://x.org"), 8),
                ("plain.md", Some("plain.md"), 9),
                ("b.md", Some("b.md"), 10),
            ]
        );
    }

    #[test]
    fn a_bad_or_huge_config_is_an_error_not_a_panic() {
        assert!(Mkdocs::from_bytes("mkdocs.yml", b"nav: [a, b").nav.is_err());
        let huge = format!("nav:\n{}", "  - a.md\n".repeat(MAX_CONFIG_BYTES / 8));
        assert!(Mkdocs::from_bytes("mkdocs.yml", huge.as_bytes()).nav.is_err());
        let bomb = "a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nnav: [*c, *c]\n";
        assert_eq!(Mkdocs::from_bytes("mkdocs.yml", bomb.as_bytes()).nav, Ok(Vec::new()));
    }
}
