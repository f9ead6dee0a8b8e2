//! Where an old version is history, not skew: files about the past (migration guides,
//! blog posts, announcements), sections under history headings (the archive ones of
//! `sections.rs` plus migration, upgrading, breaking changes, deprecations, what's new),
//! and sentences that place a version in time ("since", "added in", "as of",
//! "introduced in", "deprecated in", "until", "prior to", "for example", "no longer"…).
//! A reader is misled by "Install widget 2.1.0", not by "Since widget 2.0, …".

use std::ops::Range;

use crate::scan::markdown::ParsedDoc;
use crate::scan::signals::sections::archive_ranges;
pub use crate::scan::signals::sections::is_history_file;

/// Heading phrases (lowercase) that open a section about the past.
const HISTORY_HEADINGS: [&str; 14] = [
    "migrat",
    "news",
    "upgrading",
    "updating to",
    "upgrade guide",
    "upgrade from",
    "upgrade to",
    "breaking change",
    "deprecat",
    "what's new",
    "whats new",
    "what’s new",
    "announc",
    "removed",
];

/// Words right before a mention that place it in time (`since Rust 1.70`).
const BEFORE_MENTION: [&str; 24] = [
    "since",
    "as of",
    "added in",
    "introduced in",
    "deprecated in",
    "deprecated since",
    "removed in",
    "changed in",
    "fixed in",
    "new in",
    "available in",
    "available since",
    "until",
    "till",
    "prior to",
    "before",
    "after",
    "from",
    "starting with",
    "starting from",
    "starting in",
    "older than",
    "earlier than",
    "up to",
];

/// Phrases anywhere in a sentence that make its versions history or examples.
const IN_SENTENCE: [&str; 65] = [
    "not supported",
    "unsupported",
    "isn't supported",
    "doesn't support",
    "does not support",
    "don't support",
    "do not support",
    "drops",
    "for example",
    "e.g.",
    "for instance",
    "no longer",
    "dropped",
    "deprecated",
    // A notice of what was dropped, and where its users go: supabase-js's "Node.js 18
    // Deprecation Notice" and "If you must use Node.js 18, please use version 2.78.0,
    // which is the last version that supported Node.js 18".
    "deprecation",
    "last version that supported",
    "last version to support",
    "last release that supported",
    "if you must use",
    "used to",
    "previously",
    "was released",
    "were released",
    "released in",
    "stabilized in",
    "stabilised in",
    "was available",
    "were available",
    "in beta",
    "included a",
    // A situation, not what the project needs: "if you are using Node.js 22.6".
    "if you are using",
    "if you're using",
    "if you use",
    "in case you are using",
    "in case you're using",
    // Where users of an old release stay: openai-go's "If your application must remain
    // on Go 1.22–1.24, pin SDK v3.44.0, the final compatible release".
    "must remain on",
    "final compatible",
    "last compatible",
    "when using",
    "your existing",
    "older than",
    // A fact about another tool's release: "corepack (included with Node.js 16.9+)".
    "included with",
    "bundled with",
    "ships with",
    "shipped with",
    "migrat",
    "upgrad",
    "end of life",
    "end-of-life",
    "older version",
    "old version",
    "earlier version",
    "previous version",
    // A hypothetical, or the reader's own project: an example, not this repository.
    "let's say",
    "let us say",
    "suppose",
    "imagine",
    "your project",
    "your package",
    "your code",
    "if you support",
    // A measurement reports the version it ran on: "an informal run similar to this on
    // DSPy 2.5.29 raises ReAct's score from 24% to 51%".
    "informal run",
    "benchmark",
    "measured on",
    "measured with",
];

/// Byte ranges of `doc` that are history: archive sections, strike-through, and
/// sections under the headings above (down to the next heading of the same level).
pub fn history_ranges(doc: &ParsedDoc) -> Vec<Range<usize>> {
    let mut ranges = archive_ranges(doc);
    ranges.extend(crate::scan::signals::sections::release_ranges(doc));
    let hs = &doc.headings;
    for (i, h) in hs.iter().enumerate() {
        let lower = h.text.to_lowercase();
        if !HISTORY_HEADINGS
            .iter()
            .any(|w| lower.contains(w) && !(*w == "migrat" && db_migrations(&lower)))
        {
            continue;
        }
        let end =
            hs[i + 1..].iter().find(|n| n.level <= h.level).map_or(doc.text.len(), |n| n.offset);
        ranges.push(h.offset..end);
    }
    ranges
}

/// Whether a heading's "migrat" (lowercase `heading`) is a database's migrations, not
/// a move between releases: the plural, with no release named and no "from"/"to"
/// (goose's and golang-migrate's "Go Migrations", "## Running migrations in
/// production"; not "Migrating from v1", "Migrations from 2.x").
fn db_migrations(heading: &str) -> bool {
    let words: Vec<&str> = heading.split(|c: char| !c.is_alphanumeric()).collect();
    heading.contains("migrations")
        && !heading.contains(|c: char| c.is_ascii_digit())
        && !words.iter().any(|w| matches!(*w, "from" | "to" | "guide" | "guides" | "upgrade"))
}

/// Whether `before` (the sentence up to a mention) ends in words that place it in time
/// (`since`, `as of version`, `added in the`).
pub fn placed_in_time(before: &str) -> bool {
    // "In Python 3.7, PEP 563 introduced…": a sentence that opens on a release is about
    // what happened in it.
    if before.trim() == "In" {
        return true;
    }
    let lower = before.to_lowercase();
    let mut words: Vec<&str> =
        lower.split(|c: char| !c.is_alphanumeric() && c != '-').filter(|w| !w.is_empty()).collect();
    while words.last().is_some_and(|w| matches!(*w, "v" | "version" | "the")) {
        words.pop();
    }
    let tail = words[words.len().saturating_sub(3)..].join(" ");
    BEFORE_MENTION.iter().any(|cue| tail == *cue || tail.ends_with(&format!(" {cue}")))
}

/// Past-tense verbs that, right after a version, make it an event (`Rust 1.70
/// stabilized …`, `uv 0.4.13 included …`).
const PAST_VERBS: [&str; 24] = [
    "included",
    "introduced",
    "added",
    "stabilized",
    "stabilised",
    "shipped",
    "released",
    "brought",
    "changed",
    "removed",
    "deprecated",
    "dropped",
    "fixed",
    "made",
    "was",
    "were",
    "had",
    "landed",
    "broke",
    "switched",
    "moved",
    "renamed",
    "replaced",
    "saw",
];

/// Words of a sentence that make a version of the project a statement about now
/// (`Install widget 2.1.0`, `the latest release is widget 2.1.0`).
const CURRENT_WORDS: [&str; 23] = [
    "install",
    "installs",
    "installing",
    "download",
    "downloads",
    "latest",
    "current",
    "currently",
    "use",
    "uses",
    "using",
    "run",
    "runs",
    "requires",
    "require",
    "required",
    "need",
    "needs",
    "pin",
    "pins",
    "pinned",
    "get",
    "available",
];

/// Verbs that, right after a version, make the release the sentence's subject: what
/// that release does (`Textual version 0.31.0 requires that you set …`, `uv 0.5 adds
/// …`), which stays true of it.
const RELEASE_VERBS: [&str; 12] = [
    "requires",
    "adds",
    "introduces",
    "removes",
    "deprecates",
    "drops",
    "brings",
    "ships",
    "includes",
    "fixes",
    "breaks",
    "changes",
];

/// Whether `word` (lowercase), right after a version, makes the release an event or
/// the subject of what it does.
pub fn release_verb(word: &str) -> bool {
    PAST_VERBS.contains(&word) || RELEASE_VERBS.contains(&word)
}

/// Whether `sentence` says something about the version in use now: only then is an
/// older release of the project itself named in prose skew, and not a reference to that
/// release ("widget 2.0 is a rewrite").
pub fn claims_current(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    words.iter().any(|w| CURRENT_WORDS.contains(w))
        || words
            .windows(2)
            .any(|p| matches!(p, ["upgrade" | "update", "to"] | ["version" | "release", "is"]))
}

/// Whether `sentence` speaks of the past or of an example.
pub fn history_sentence(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    IN_SENTENCE.iter().any(|cue| lower.contains(cue))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cues_before_a_mention() {
        assert!(placed_in_time("This was added in "));
        assert!(placed_in_time("Since "));
        assert!(placed_in_time("kept until "));
        assert!(placed_in_time("It works as of version "));
        assert!(!placed_in_time("Install "));
        assert!(!placed_in_time("You need "));
        assert!(!placed_in_time("Beforehand, install "));
        assert!(placed_in_time("Changed in the "));
        assert!(placed_in_time("In "));
        assert!(!placed_in_time("Tested in "));
    }

    #[test]
    fn sentences_and_files_about_the_past() {
        assert!(history_sentence("For example, uv 0.4.13 included a breaking change."));
        assert!(history_sentence("Python 3.9 support was dropped."));
        assert!(!history_sentence("Install widget 2.1.0 today."));
        assert!(history_sentence("Let's say foo is only compatible with Python 3.6–3.7."));
        assert!(history_sentence("This means your project aims to support Python >=3.7."));
        assert!(history_sentence("Python 3.8 is not supported."));
        assert!(history_sentence("An informal run similar to this on DSPy 2.5.29 raises it."));
        assert!(history_sentence("⚠️ **Node.js 18 Deprecation Notice**"));
        assert!(history_sentence(
            "If you must use Node.js 18, please use version `2.78.0`, which is the last version that supported Node.js 18."
        ));
        assert!(!history_sentence("Node.js 20+ is required for all packages."));
        // gin's and openai-go's: an old release named for readers who stay on it.
        assert!(history_sentence("In case you are using Go 1.8 or a later version, use it."));
        assert!(history_sentence(
            "If your application must remain on Go 1.22–1.24, pin SDK v3.44.0, the final compatible release."
        ));
        assert!(claims_current("Install widget 2.1.0 today."));
        assert!(claims_current("The latest release is widget 2.3."));
        assert!(!claims_current("widget 2.0 is a rewrite of the parser."));
        assert!(release_verb("stabilized") && release_verb("requires") && !release_verb("works"));
        assert!(is_history_file("docs/guide/migration.md"));
        assert!(is_history_file("blog/announcing-vite5.md"));
        assert!(!is_history_file("docs/install.md"));
        assert!(!is_history_file("blog.md"));
    }
}
