//! The words of prose as `version_skew` reads them: tokens of ASCII letters and digits
//! with `._-+@'` (so `1.79.0`, `axum-core's`, `widget@2.2.0` stay whole and CJK text
//! splits around them), a word without its punctuation, a strict version, a sentence.

use std::ops::Range;

/// Byte ranges of the words: ASCII letters and digits with `._-+@'`.
pub fn tokens(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let word =
            c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+' | '@' | '\'' | '’');
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..text.len());
    }
    out
}

/// Whether a word starts as a version does (`1…`, `v1…`).
pub fn starts_like_version(word: &str) -> bool {
    let b = word.as_bytes();
    b.first().is_some_and(u8::is_ascii_digit)
        || matches!(b.first(), Some(b'v' | b'V')) && b.get(1).is_some_and(u8::is_ascii_digit)
}

/// A word without trailing punctuation or possessive.
pub fn clean(word: &str) -> &str {
    let word = word.trim_start_matches(['\'', '’', '.', '-']);
    let word = word.trim_end_matches(['.', ',', ';', ':', '!', '?', '\'', '’']);
    word.strip_suffix("'s").or_else(|| word.strip_suffix("’s")).unwrap_or(word)
}

/// `1.2.3`, `v20`, `3.12` (digits and dots only) → components; `None` otherwise.
pub fn strict_version(text: &str) -> Option<Vec<u64>> {
    let core = text.strip_prefix(['v', 'V']).unwrap_or(text);
    if core.is_empty() || core.starts_with('.') || core.ends_with('.') {
        return None;
    }
    let parts: Vec<u64> = core.split('.').map(|p| p.parse().ok()).collect::<Option<_>>()?;
    (1..=3).contains(&parts.len()).then_some(parts)
}

/// The token a mention is anchored at (its name, or its version when the name comes
/// after), and each version it states: byte range in the text, name, claim.
/// The sentence (byte range of `text`) holding byte `at`.
pub fn sentence(text: &str, at: usize) -> (usize, usize) {
    let ends: Vec<usize> = text
        .char_indices()
        .filter(|&(i, c)| {
            let next = text[i + c.len_utf8()..].chars().next();
            match c {
                '。' | '！' | '？' => true,
                '.' | '!' | '?' => {
                    next.is_none_or(char::is_whitespace)
                        && !["e.g", "i.e", "etc", " vs"].iter().any(|a| text[..i].ends_with(a))
                }
                _ => false,
            }
        })
        .map(|(i, c)| i + c.len_utf8())
        .collect();
    let start = ends.iter().rev().find(|e| **e <= at).copied().unwrap_or(0);
    let end = ends.iter().find(|e| **e > at).copied().unwrap_or(text.len());
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_versions_and_sentences() {
        let text = "高于1.74.0版本的 Rust, axum-core's MSRV.";
        let words: Vec<&str> = tokens(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(words, ["1.74.0", "Rust", "axum-core's", "MSRV."]);
        assert_eq!(clean("axum-core's"), "axum-core");
        assert_eq!(clean("1.75."), "1.75");
        assert_eq!(strict_version("v1.70.2"), Some(vec![1, 70, 2]));
        assert_eq!(strict_version("1.0.0-beta"), None);
        assert!(starts_like_version("v18") && !starts_like_version("vite"));
        let s = "See e.g. uv 0.4. Then Rust 1.70! Done";
        assert_eq!(&s[..sentence(s, 10).1], "See e.g. uv 0.4.");
        let (a, b) = sentence(s, 20);
        assert_eq!(&s[a..b], " Then Rust 1.70!");
    }
}
