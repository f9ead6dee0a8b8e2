//! `version_skew`: prose that names a version of the project (by its manifest name) or
//! of a pinned toolchain (Rust, Node, Python, Go) older than the manifest or pin.
//!
//! Compared at the doc's precision (`Rust 1.80` against 1.85.0 compares 1.80 with 1.85);
//! the `suggestion` is the current version at that precision, with the doc's `v` prefix
//! if it had one. Changelog files, history sections and strike-through are history, not
//! skew, and are never read here; neither is code.

use super::manifests::{parse_version, KnownVersion};
use super::sections::{archive_ranges, is_changelog_file};
use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::signal::{Signal, SignalName};

/// Words allowed between a name and its version (`Rust >= 1.70`, `Node version 18`).
const BETWEEN: [&str; 8] = [">=", "≥", ">", "^", "~", "version", "v", "@"];

/// Adds a `version_skew` signal per outdated mention in `doc`.
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Findings) {
    let known = &ctx.known_versions;
    if known.is_empty() || is_changelog_file(&doc.path) {
        return;
    }
    let history = archive_ranges(&doc.parsed);
    for run in &doc.parsed.text_runs {
        let words = words_with_offsets(&run.text);
        for (i, (at, word)) in words.iter().enumerate() {
            let offset = (run.offset + at).min(doc.parsed.text.len().saturating_sub(1));
            if history.iter().any(|r| r.contains(&offset)) {
                continue;
            }
            for k in known {
                let Some(version_word) = version_after(&words, i, word, k) else {
                    continue;
                };
                if let Some(sig) = skew(k, version_word, doc.parsed.lines.line(offset)) {
                    out.push(&doc.path, sig);
                }
            }
        }
    }
}

/// The word holding the version that follows name `word` (at index `i`), if any.
fn version_after<'w>(
    words: &'w [(usize, &str)],
    i: usize,
    word: &'w str,
    k: &KnownVersion,
) -> Option<&'w str> {
    let bare = word.trim_matches(|c: char| "(),;:*_".contains(c)).to_lowercase();
    if let Some((name, version)) = bare.split_once('@') {
        if k.names.iter().any(|n| n == name) {
            return (!version.is_empty()).then(|| word.rsplit_once('@').map_or(word, |(_, v)| v));
        }
        return None;
    }
    if !k.names.contains(&bare) {
        return None;
    }
    let mut j = i + 1;
    while let Some((_, next)) = words.get(j) {
        if BETWEEN.contains(&next.to_lowercase().as_str()) && j == i + 1 {
            j += 1;
            continue;
        }
        return Some(next);
    }
    None
}

fn skew(k: &KnownVersion, written: &str, line: u32) -> Option<Signal> {
    let target = written
        .trim_start_matches(['(', '*', '_', '`'])
        .trim_end_matches(|c: char| ".,;:)!+*_`".contains(c));
    let v_prefix = target.starts_with(['v', 'V']);
    let doc_version = parse_version(target)?;
    if doc_version.len() < 2 && !k.major_only_ok {
        return None;
    }
    let n = doc_version.len().min(k.version.len());
    if doc_version[..n] >= k.version[..n] {
        return None;
    }
    let current: Vec<String> =
        k.version.iter().take(doc_version.len()).map(u64::to_string).collect();
    let mut suggestion = current.join(".");
    if v_prefix {
        suggestion = format!("{}{suggestion}", &target[..1]);
    }
    let full: Vec<String> = k.version.iter().map(u64::to_string).collect();
    let detail =
        format!("names {} {target}, but {} is on {}", k.names[0], k.source, full.join("."));
    Some(
        Signal::new(SignalName::VersionSkew, line, detail)
            .with_target(target)
            .with_suggestion(suggestion),
    )
}

/// Whitespace-separated words with their byte offsets.
fn words_with_offsets(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rust() -> KnownVersion {
        KnownVersion {
            names: vec!["rust".into()],
            version: vec![1, 85, 0],
            source: "rust-toolchain".into(),
            major_only_ok: false,
        }
    }

    fn mentions(text: &str, k: &KnownVersion) -> Vec<(String, String)> {
        let words = words_with_offsets(text);
        let mut out = Vec::new();
        for (i, (_, w)) in words.iter().enumerate() {
            if let Some(v) = version_after(&words, i, w, k) {
                if let Some(s) = skew(k, v, 1) {
                    out.push((s.target.unwrap(), s.suggestion.unwrap()));
                }
            }
        }
        out
    }

    #[test]
    fn older_versions_fire_at_the_docs_precision() {
        let k = rust();
        assert_eq!(mentions("Requires Rust 1.70.", &k), [("1.70".into(), "1.85".into())]);
        assert_eq!(
            mentions("needs rust >= v1.70.2 now", &k),
            [("v1.70.2".into(), "v1.85.0".into())]
        );
        assert!(mentions("Rust 1.85 and Rust 1.85.0 and Rust 1.90", &k).is_empty());
        assert!(mentions("the Rust 2018 edition", &k).is_empty());
        assert!(mentions("Rust is 1.2 times faster", &k).is_empty());
        let widget = KnownVersion {
            names: vec!["widget".into()],
            version: vec![2, 3, 1],
            source: "Cargo.toml".into(),
            major_only_ok: false,
        };
        assert_eq!(
            mentions("install widget@2.2.0 first", &widget),
            [("2.2.0".into(), "2.3.1".into())]
        );
        let node = KnownVersion {
            names: vec!["node".into()],
            version: vec![20],
            source: ".nvmrc".into(),
            major_only_ok: true,
        };
        assert_eq!(mentions("Use Node 18.", &node), [("18".into(), "20".into())]);
        assert_eq!(mentions("Use Node 18.17", &node), [("18.17".into(), "20".into())]);
    }
}
