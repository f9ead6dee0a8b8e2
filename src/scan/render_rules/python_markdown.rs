//! Heading ids as Python-Markdown's `toc` extension makes them (MkDocs' default):
//! `slugify` and `unique` of `markdown/extensions/toc.py`, and the heading text as the
//! page shows it once mkdocs-autorefs has turned `[Name][module.Name]` into a link.
//!
//! Pure string work; it never reads a file.

use std::collections::HashSet;

use pulldown_cmark::{Event, Parser};
use unicode_normalization::UnicodeNormalization;

/// `toc.slugify(value, "-")`: NFKD, non-ASCII dropped, everything but `[A-Za-z0-9_]`,
/// whitespace and `-` removed, trimmed, lowercased, each run of `-` and whitespace one `-`.
pub fn slugify(text: &str) -> String {
    let ascii: String = text.nfkd().filter(char::is_ascii).collect();
    let kept: String = ascii
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-' || is_py_space(*c))
        .collect();
    let mut out = String::with_capacity(kept.len());
    let mut in_run = false;
    for c in kept.trim_matches(is_py_space).chars().map(|c| c.to_ascii_lowercase()) {
        if c == '-' || is_py_space(c) {
            if !in_run {
                out.push('-');
            }
            in_run = true;
        } else {
            out.push(c);
            in_run = false;
        }
    }
    out
}

/// Python's `\s` and `str.strip()` on ASCII text.
fn is_py_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
}

/// `toc.unique`: an id already used (or empty) gets `_1`, `_2`, … (a trailing `_<n>`
/// is counted up).
pub fn unique(id: String, used: &mut HashSet<String>) -> String {
    let mut id = id;
    while id.is_empty() || used.contains(&id) {
        id = match id.rsplit_once('_') {
            Some((stem, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                let next = n.parse::<u64>().map_or(1, |n| n.saturating_add(1));
                format!("{stem}_{next}")
            }
            _ => format!("{id}_1"),
        };
    }
    used.insert(id.clone());
    id
}

/// The text Python-Markdown slugs for a heading whose source is `source` (the whole
/// heading line): reference links without a definition count as links, as
/// mkdocs-autorefs renders them (`[`Name`][pkg.Name] is new` → `Name is new`).
pub fn heading_text(source: &str, parsed_text: &str) -> String {
    if !source.contains('[') {
        return parsed_text.to_string();
    }
    let mut accept_all = |_: pulldown_cmark::BrokenLink<'_>| {
        Some((pulldown_cmark::CowStr::Borrowed(""), pulldown_cmark::CowStr::Borrowed("")))
    };
    let parser = Parser::new_with_broken_link_callback(
        source,
        crate::scan::markdown::options(),
        Some(&mut accept_all),
    );
    let mut text = String::new();
    for event in parser {
        match event {
            Event::Text(t) | Event::Code(t) => text.push_str(&t),
            _ => {}
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_as_python_markdown_toc() {
        // Values checked against markdown.extensions.toc.slugify(value, "-").
        assert_eq!(slugify("Browser WebRTC + server sideband"), "browser-webrtc-server-sideband");
        assert_eq!(slugify("Browser → backend WebSocket relay"), "browser-backend-websocket-relay");
        assert_eq!(slugify("Adaptive Thinking & Effort"), "adaptive-thinking-effort");
        assert_eq!(slugify("Žlutý kůň"), "zluty-kun");
        assert_eq!(slugify("snake_case -- and  spaces"), "snake_case-and-spaces");
        assert_eq!(slugify("  What's new? (v2.0) "), "whats-new-v20");
        assert_eq!(slugify("日本語"), "");
        assert_eq!(slugify("ﬁle"), "file");
    }

    #[test]
    fn duplicates_get_underscored_numbers() {
        let mut used = HashSet::new();
        assert_eq!(unique("setup".into(), &mut used), "setup");
        assert_eq!(unique("setup".into(), &mut used), "setup_1");
        assert_eq!(unique("setup".into(), &mut used), "setup_2");
        assert_eq!(unique("".into(), &mut used), "_1");
        assert_eq!(unique("v_1".into(), &mut used), "v_1");
        assert_eq!(unique("v_1".into(), &mut used), "v_2");
    }

    #[test]
    fn autorefs_render_as_their_text() {
        let source =
            "##### [`ModelProfile`][pydantic_ai.profiles.ModelProfile] is now a `TypedDict`";
        assert_eq!(heading_text(source, "unused"), "ModelProfile is now a TypedDict");
        assert_eq!(slugify(&heading_text(source, "")), "modelprofile-is-now-a-typeddict");
        assert_eq!(heading_text("## Plain", "Plain"), "Plain");
    }
}
