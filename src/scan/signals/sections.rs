//! Which parts of a doc are history rather than live content: sections under a
//! history/changelog/archive/done/legacy heading (down to the next heading of the same
//! or a higher level) and strike-through spans. Shared by `archive_to_live_ratio` and
//! `version_skew` (which ignores versions named in history).

use std::ops::Range;

use crate::scan::markdown::ParsedDoc;

/// Heading words that mark a history section.
pub const ARCHIVE_HEADING_WORDS: [&str; 7] =
    ["history", "changelog", "archive", "archived", "done", "completed", "legacy"];

/// First words of a heading that names a task done to the history, not the history
/// itself: "Update changelog and Cargo versions", "Rewriting history", "How to write a
/// changelog entry" are live procedure.
const TASK_WORDS: [&str; 22] = [
    "add",
    "adding",
    "check",
    "checking",
    "create",
    "creating",
    "edit",
    "editing",
    "generate",
    "generating",
    "how",
    "keep",
    "keeping",
    "maintain",
    "maintaining",
    "prepare",
    "rewrite",
    "rewriting",
    "update",
    "updating",
    "write",
    "writing",
];

/// Whether a heading's text marks a history section: an archive word opens or closes it
/// ("Changelog", "Version history", "Archived plans"), and it does not name a task.
pub fn is_archive_heading(text: &str) -> bool {
    let lower = text.to_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    if words.first().is_some_and(|w| TASK_WORDS.contains(w)) {
        return false;
    }
    if lower.contains("change log") || lower.contains("release notes") {
        return true;
    }
    let last = words.iter().rev().find(|w| !w.chars().all(|c| c.is_ascii_digit()));
    let archive =
        [words.first(), last].into_iter().flatten().any(|w| ARCHIVE_HEADING_WORDS.contains(w));
    archive
}

/// Whether the whole file is a changelog by name (`CHANGELOG.md`, `HISTORY.md`…).
pub fn is_changelog_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_uppercase();
    let stem = name.split('.').next().unwrap_or(&name);
    ["CHANGELOG", "CHANGES", "HISTORY", "NEWS", "RELEASES", "RELEASE-NOTES", "RELEASE_NOTES"]
        .contains(&stem)
}

/// The byte ranges of history sections and strike-through, sorted and merged.
pub fn archive_ranges(doc: &ParsedDoc) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let hs = &doc.headings;
    for (i, h) in hs.iter().enumerate() {
        if !is_archive_heading(&h.text) {
            continue;
        }
        let end =
            hs[i + 1..].iter().find(|n| n.level <= h.level).map_or(doc.text.len(), |n| n.offset);
        ranges.push(h.offset..end);
    }
    ranges.extend(doc.strike.iter().cloned());
    merge(ranges)
}

fn merge(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::new();
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;

    #[test]
    fn history_sections_end_at_the_next_peer_heading() {
        let doc = parse(
            "# Plan\nlive\n## History\nold\n### 2023\nolder\n## Next\nlive ~~gone~~\n".into(),
        );
        let ranges = archive_ranges(&doc);
        assert_eq!(ranges.len(), 2);
        assert_eq!(doc.slice(&ranges[0]), "## History\nold\n### 2023\nolder\n");
        assert_eq!(doc.slice(&ranges[1]), "~~gone~~");
    }

    #[test]
    fn heading_words_and_changelog_names() {
        assert!(is_archive_heading("Version History"));
        assert!(is_archive_heading("What's done"));
        assert!(is_archive_heading("Release Notes"));
        assert!(!is_archive_heading("Donations"));
        assert!(!is_archive_heading("Setup"));
        assert!(is_archive_heading("History (2019-2021)"));
        assert!(is_archive_heading("Archived plans"));
        assert!(!is_archive_heading("Update changelog and Cargo versions"));
        assert!(!is_archive_heading("Rewriting history"));
        assert!(!is_archive_heading("Where the changelog lives"));
        assert!(is_changelog_file("docs/CHANGELOG.md"));
        assert!(is_changelog_file("History.markdown"));
        assert!(!is_changelog_file("docs/design.md"));
    }
}
