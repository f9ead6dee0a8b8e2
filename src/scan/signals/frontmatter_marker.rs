//! `frontmatter_marker`: a doc that says of itself that it is finished or replaced —
//! frontmatter `status` done/complete/implemented/shipped/superseded/deprecated/
//! obsolete/archived, a `superseded_by`/`replaced_by` key, or a status banner at the top
//! (`Status: Done`, `**Deprecated:** …`, "This document is obsolete").
//!
//! `check` says whether it marked the doc: `archive_to_live_ratio`'s folder rule counts
//! the marked docs.

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::markdown::BlockKind;
use crate::scan::resolve::{classify, LinkTarget};
use crate::scan::signal::{Signal, SignalName};
use crate::scan::signals::sections::{is_record, kept_on_purpose};
use crate::scan::site::Generator;

/// Status words that mean the doc is no longer live.
pub const DONE_STATUSES: [&str; 10] = [
    "done",
    "complete",
    "completed",
    "implemented",
    "shipped",
    "superseded",
    "deprecated",
    "obsolete",
    "archived",
    "retired",
];

/// Words that mark a banner sentence (stricter than a `status:` value).
pub const BANNER_WORDS: [&str; 5] = ["deprecated", "superseded", "obsolete", "archived", "retired"];

/// Frontmatter keys that name a replacement.
pub const REPLACED_BY_KEYS: [&str; 2] = ["superseded_by", "replaced_by"];

/// How many leading blocks may hold a status banner.
const BANNER_BLOCKS: usize = 3;

/// Adds the signals for `doc`; returns whether it marked it. A record's status is its
/// outcome, kept on purpose (a decision record `Status: Implemented`, a design note
/// `Status: Shipped`), and a package's README stays its package's page whatever the
/// package's status (`**Deprecated** — this package is frozen`): neither is marked, nor
/// is a doc that says it is kept on purpose ("retained as the design record").
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Findings) -> bool {
    if is_record(&doc.path) || package_readme(ctx, &doc.path) || kept_on_purpose(&doc.parsed) {
        return false;
    }
    frontmatter(ctx, doc, out) || banner(doc, out)
}

/// Whether `path` is the README of a package (a folder with its own manifest).
fn package_readme(ctx: &ScanContext<'_>, path: &str) -> bool {
    let (dir, name) = path.rsplit_once('/').unwrap_or(("", path));
    let manifests = ["package.json", "Cargo.toml", "pyproject.toml", "go.mod"];
    name.to_ascii_lowercase().starts_with("readme")
        && !dir.is_empty()
        && manifests.iter().any(|m| ctx.tree.exists(&format!("{dir}/{m}")))
}

fn frontmatter(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Findings) -> bool {
    let mut marked = false;
    let Some(fm) = &doc.parsed.frontmatter else {
        return false;
    };
    if let Some(status) = fm.get("status") {
        // Material for MkDocs shows `status: deprecated` as an icon beside the page in
        // the nav: the page documents a deprecated feature, and stays live.
        let page_icon = status.value.trim().eq_ignore_ascii_case("deprecated")
            && ctx.renderer_of(&doc.path, &doc.parsed) == Some(Generator::Mkdocs);
        if let Some(word) = done_word(&status.value).filter(|_| !page_icon) {
            let detail = format!("frontmatter says `status: {}`", status.value);
            out.push(
                &doc.path,
                Signal::new(SignalName::FrontmatterMarker, status.line, detail).with_target(word),
            );
            marked = true;
        }
    }
    for key in REPLACED_BY_KEYS {
        let Some(entry) = fm.get(key) else { continue };
        if entry.value.trim().is_empty() {
            continue;
        }
        let mut sig = Signal::new(
            SignalName::FrontmatterMarker,
            entry.line,
            format!("frontmatter says `{key}: {}`", entry.value),
        )
        .with_target(&entry.value);
        if let LinkTarget::Local { path, .. } = classify(&entry.value, doc.dir()) {
            if ctx.tree.exists(&path) {
                sig = sig.with_related_path(path);
            }
        }
        out.push(&doc.path, sig);
        marked = true;
    }
    marked
}

fn banner(doc: &Doc, out: &mut Findings) -> bool {
    let blocks = doc.parsed.blocks.iter().filter(|b| b.kind != BlockKind::Heading || b.line > 1);
    for block in blocks.take(BANNER_BLOCKS) {
        if !matches!(block.kind, BlockKind::Paragraph | BlockKind::BlockQuote | BlockKind::Html) {
            continue;
        }
        let text = block_text(doc, block.range.clone());
        if let Some(word) = banner_word(&text) {
            let detail = format!("status banner at the top: \"{}\"", shorten(&text));
            let sig = Signal::new(SignalName::FrontmatterMarker, block.line, detail)
                .with_end_line(block.end_line)
                .with_target(word);
            out.push(&doc.path, sig);
            return true;
        }
    }
    false
}

/// The plain text of a block: its prose runs joined by spaces.
fn block_text(doc: &Doc, range: std::ops::Range<usize>) -> String {
    let runs = doc.parsed.text_runs.iter().filter(|r| range.contains(&r.offset));
    let mut out = String::new();
    for text in runs.map(|r| r.text.trim()).filter(|t| !t.is_empty()) {
        let glued = text.starts_with(['.', ',', ';', ':', '!', '?', ')']);
        if !out.is_empty() && !glued {
            out.push(' ');
        }
        out.push_str(text);
    }
    out
}

/// The status word a frontmatter value starts with, if it means "not live".
fn done_word(value: &str) -> Option<&'static str> {
    let first = value.trim().split(|c: char| !c.is_alphanumeric()).next()?.to_lowercase();
    DONE_STATUSES.iter().copied().find(|w| *w == first)
}

/// The status word of a banner text, if it is one.
pub fn banner_word(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    match words.as_slice() {
        ["status", next, ..] => DONE_STATUSES.iter().copied().find(|w| w == next),
        [first, ..] => match BANNER_WORDS.iter().copied().find(|w| w == first) {
            Some(word) if stands_alone(&lower, word) && !said_of_a_feature(&words, word) => {
                Some(word)
            }
            Some(_) => None,
            None => self_described(&words),
        },
        [] => None,
    }
}

/// Whether the banner word opening `lower` is said of the doc — alone, or followed by
/// `:`, `.`, `!` or a dash (`**Deprecated:** use the v2 guide`) — and not the first word
/// of a sentence about something else ("Deprecated items should no longer be used",
/// "Deprecated in the 2026 protocol; functional through the window").
fn stands_alone(lower: &str, word: &str) -> bool {
    let rest = lower.trim_start_matches(|c: char| !c.is_alphanumeric());
    let rest = rest.strip_prefix(word).unwrap_or(rest).trim_start_matches(['*', '_', ' ']);
    // "Deprecated in 0.138.0", Hugo's `{{< deprecated-in 0.138.0 >}}`: when the API the
    // page documents was deprecated, which the page goes on documenting.
    let when = rest.trim_start_matches(['-', '_', ' ', ':']);
    if ["in ", "since "].iter().any(|w| when.starts_with(w)) {
        return false;
    }
    rest.is_empty() || rest.starts_with([':', '.', '!', '—', '–', '-', '('])
}

/// "Deprecated: The Roots feature is deprecated as of …": the banner repeats its word
/// of something the page documents, which is deprecated, not the page.
fn said_of_a_feature(words: &[&str], word: &str) -> bool {
    let again = words.iter().skip(1).position(|w| *w == word);
    again.is_some_and(|at| {
        let before = &words[1..=at];
        let verb = before.last().is_some_and(|w| ["is", "are", "was", "been"].contains(w));
        let of_doc =
            before.iter().any(|w| ["document", "doc", "page", "guide", "file"].contains(w));
        verb && !of_doc
    })
}

/// "This document is obsolete", "this plan has been superseded".
fn self_described(words: &[&str]) -> Option<&'static str> {
    let subjects = ["document", "doc", "page", "file", "plan", "design", "spec", "guide"];
    let at = words.windows(2).position(|w| w[0] == "this" && subjects.contains(&w[1]))?;
    let mut rest =
        words[at + 2..].iter().skip_while(|w| ["is", "has", "been", "was", "now"].contains(w));
    let word = rest.next()?;
    BANNER_WORDS.iter().copied().find(|b| b == word)
}

fn shorten(text: &str) -> String {
    let mut s: String = text.chars().take(80).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn banners() {
        assert_eq!(banner_word("Status: Done (2024-03)"), Some("done"));
        assert_eq!(banner_word("Deprecated: use the new guide"), Some("deprecated"));
        assert_eq!(banner_word("This document is obsolete."), Some("obsolete"));
        assert_eq!(banner_word("This plan has been superseded by v2."), Some("superseded"));
        assert_eq!(banner_word("Status: in progress"), None);
        assert_eq!(banner_word("This guide is complete enough to start."), None);
        assert_eq!(banner_word("We deprecated nothing."), None);
        assert_eq!(banner_word("DEPRECATED"), Some("deprecated"));
        // When the API the page documents was deprecated (Hugo's `deprecated-in` banner).
        assert_eq!(banner_word("{{< deprecated-in 0.138.0 >}} Use the method instead."), None);
        assert_eq!(banner_word("Deprecated since v2.1: use `b`."), None);
        assert_eq!(banner_word("Archived. Kept for reference."), Some("archived"));
        assert_eq!(banner_word("Deprecated items should no longer be used."), None);
        assert_eq!(banner_word("Deprecated in the 2026-07-28 protocol (SEP-2577)."), None);
        let feature =
            "**Deprecated**: The Roots feature is deprecated as of protocol version `2026-07-28`.";
        assert_eq!(banner_word(feature), None);
        assert_eq!(banner_word("Deprecated: this page is deprecated, see v2."), Some("deprecated"));
    }

    #[test]
    fn frontmatter_words() {
        assert_eq!(done_word("Done"), Some("done"));
        assert_eq!(done_word("shipped in 1.2"), Some("shipped"));
        assert_eq!(done_word("draft"), None);
        assert_eq!(done_word("in-progress"), None);
    }
}
