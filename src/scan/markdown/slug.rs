//! `Slugger`: heading anchors as GitHub renders them (github-slugger's rules).
//!
//! Lowercase; every character that is not a letter, a number, a combining mark, `_`,
//! `-` or a space is removed; each space becomes `-`; a repeated slug gets `-1`, `-2`, …
//! Rust's `char::is_alphanumeric` stands in for `\p{L}\p{N}`; combining marks are kept
//! by block range (see `guide/scanner.md`).

use std::collections::HashSet;

/// Hands out unique slugs for the headings of one document, in order.
#[derive(Debug, Default)]
pub struct Slugger {
    seen: HashSet<String>,
}

impl Slugger {
    /// The slug of `heading_text`, made unique within this document.
    pub fn slug(&mut self, heading_text: &str) -> String {
        let base = slugify(heading_text);
        let mut slug = base.clone();
        let mut n = 0;
        while self.seen.contains(&slug) {
            n += 1;
            slug = format!("{base}-{n}");
        }
        self.seen.insert(slug.clone());
        slug
    }
}

/// The slug of one heading text, before de-duplication.
pub fn slugify(text: &str) -> String {
    slug_untrimmed(text.trim())
}

/// `slugify` without trimming `text` first: the spaces around an image that GitHub's
/// anchor keeps (`## Contributors [![badge](…)](…)` is `#contributors-`).
pub fn slug_untrimmed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if c == ' ' {
            out.push('-');
        } else if c.is_alphanumeric() || c == '_' || c == '-' || is_combining_mark(c) {
            out.push(c);
        }
    }
    out
}

fn is_combining_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x0610..=0x061A
        | 0x064B..=0x065F | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0E31..=0x0E3A
        | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0x3099..=0x309A
        | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_slug_rules() {
        assert_eq!(slugify("Hello World"), "hello-world");
        assert_eq!(slugify("What's new? (v2.0)"), "whats-new-v20");
        assert_eq!(slugify("snake_case and kebab-case"), "snake_case-and-kebab-case");
        assert_eq!(slugify("Café Crème"), "café-crème");
        assert_eq!(slugify("Ünïcödé 日本語"), "ünïcödé-日本語");
        assert_eq!(slugify("A  -  B"), "a-----b");
        assert_eq!(slugify("`code` & <tags>"), "code--tags");
        assert_eq!(slugify("🚀 Launch"), "-launch");
    }

    #[test]
    fn duplicates_get_numbered() {
        let mut s = Slugger::default();
        assert_eq!(s.slug("Setup"), "setup");
        assert_eq!(s.slug("Setup"), "setup-1");
        assert_eq!(s.slug("Setup"), "setup-2");
        assert_eq!(s.slug("Setup 1"), "setup-1-1");
    }
}
