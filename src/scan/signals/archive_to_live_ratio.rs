//! `archive_to_live_ratio`: a doc with ≥ 40 % (configurable) of its tokens under
//! history/changelog/archive/done/legacy headings or in strike-through; or a folder
//! whose archived docs (those `frontmatter_marker` marked) outnumber its live ones — each
//! archived doc there gets the signal, `related_path` the folder.
//!
//! Tokens are counted only for docs that have a history section or strike-through, and
//! fewer than 100 archived tokens never fire.
//! Changelog files and docs titled as history (`# Changelog`) are history by design and
//! are not measured.

use std::collections::{BTreeMap, BTreeSet};

use super::sections::{archive_ranges, is_archive_heading, is_changelog_file, is_history_file};
use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::markdown::ParsedDoc;
use crate::scan::resolve::parent_dir;
use crate::scan::signal::{Signal, SignalName};
use crate::scan::token_jobs::TokenJob;
use crate::tokens::ARCHIVE_DIR_NAMES;

/// History smaller than this (in tokens) is not worth moving, whatever its share: a
/// package README of twelve lines whose "Changelog" section is one link to the
/// changelog (sveltekit's packages) is not an archive-heavy doc.
const MIN_ARCHIVED_TOKENS: u64 = 100;

/// Words near the top of a README that say its folder holds code copied from elsewhere.
const COPIED: [&str; 7] = [
    "copy of",
    "copied from",
    "extracted from",
    "forked from",
    "fork of",
    "vendored from",
    "synced from",
];

/// Whether `doc` says near its top (its first 400 bytes) that its folder is a copy of
/// code from elsewhere: its history section logs each sync with upstream, on purpose
/// (golangci-lint's `internal/go/*` READMEs: "Extracted from `go/src/cmd/go/internal/
/// mmap/`", then "## History" with every `sync go1.x` pull request).
fn copied_code(doc: &ParsedDoc) -> bool {
    let mut end = doc.text.len().min(400);
    while !doc.text.is_char_boundary(end) {
        end -= 1;
    }
    let top = doc.text[..end].to_lowercase();
    COPIED.iter().any(|p| top.contains(p))
}

/// The counts that decide the ratio signal for `doc`: the whole text, then each history
/// range; `None` when the doc has no history, or too little to matter.
pub fn job(ctx: &ScanContext<'_>, doc: &Doc) -> Option<TokenJob> {
    let threshold = ctx.config.thresholds.archive_ratio;
    // A license or community policy strikes text out on purpose, to show what changed in
    // it (kysely's code of conduct strikes out the Covenant's pledge it replaced): its
    // strike-through is the policy, not an archive in it.
    if is_changelog_file(&doc.path)
        || is_history_file(&doc.path)
        || is_history_doc(&doc.parsed)
        || copied_code(&doc.parsed)
        || crate::scan::role::is_policy_file(&doc.path)
    {
        // A doc that is history by name, place or title (a changelog, a migration guide
        // listing every breaking change, a release post) is an archive, not a live doc.
        return None;
    }
    let ranges = archive_ranges(&doc.parsed);
    if ranges.is_empty() {
        return None;
    }
    let archived_bytes: usize = ranges.iter().map(|r| r.len()).sum();
    if (archived_bytes as f64) < threshold * doc.parsed.text.len() as f64 * 0.5 {
        return None; // far below the ratio even if history tokenizes twice as densely
    }
    let first = ranges.first().map_or(1, |r| doc.parsed.lines.line(r.start));
    let last = ranges.last().map_or(first, |r| doc.parsed.lines.end_line(r));
    let whole = 0..doc.parsed.text.len();
    let mut spans = Vec::from([whole]);
    spans.extend(ranges);
    Some(TokenJob::new(spans, move |counts| {
        let (total, archived) = (counts[0], counts[1..].iter().sum::<u64>());
        if total == 0
            || archived < MIN_ARCHIVED_TOKENS
            || (archived as f64) < threshold * total as f64
        {
            return None;
        }
        let pct = (archived as f64 * 100.0 / total as f64).round();
        let detail = format!(
            "{pct}% of the doc's tokens ({archived} of {total}) sit under history, changelog, archive, done or legacy headings or in strike-through"
        );
        Some(Signal::new(SignalName::ArchiveToLiveRatio, first, detail).with_end_line(last))
    }))
}

/// Whether the doc's title (its first heading, level 1) marks the whole doc as history.
fn is_history_doc(doc: &ParsedDoc) -> bool {
    doc.headings.first().is_some_and(|h| h.level == 1 && is_archive_heading(&h.text))
}

/// Adds the folder rule: in a live folder where docs marked archived (`marked`)
/// outnumber the others, each marked doc gets a signal.
pub fn folder_rule(ctx: &ScanContext<'_>, marked: &BTreeSet<String>, out: &mut Findings) {
    let mut folders: BTreeMap<&str, (Vec<&str>, usize)> = BTreeMap::new();
    for path in &ctx.paths {
        let entry = folders.entry(parent_dir(path)).or_default();
        if marked.contains(path) {
            entry.0.push(path);
        } else {
            entry.1 += 1;
        }
    }
    for (folder, (archived, live)) in folders {
        let is_archive_folder =
            folder.split('/').any(|d| ARCHIVE_DIR_NAMES.contains(&d.to_ascii_lowercase().as_str()));
        if is_archive_folder || archived.len() < 2 || archived.len() <= live {
            continue;
        }
        let shown =
            if folder.is_empty() { "the root folder".to_string() } else { format!("`{folder}/`") };
        for path in archived {
            let detail = format!(
                "{} of the {} docs in {shown} are marked done or superseded, outnumbering the {live} live ones",
                marked_count(marked, folder),
                marked_count(marked, folder) + live
            );
            let folder_path = if folder.is_empty() { ".".to_string() } else { folder.to_string() };
            out.push(
                path,
                Signal::new(SignalName::ArchiveToLiveRatio, 1, detail)
                    .with_related_path(folder_path),
            );
        }
    }
}

fn marked_count(marked: &BTreeSet<String>, folder: &str) -> usize {
    marked.iter().filter(|p| parent_dir(p) == folder).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;

    #[test]
    fn a_copy_of_upstream_code_keeps_its_sync_log() {
        let copied = "# mmap\n\nExtracted from `go/src/cmd/go/internal/mmap/`.\n\n## History\n\n- sync go1.26.4\n";
        assert!(copied_code(&parse(copied.into())));
        assert!(!copied_code(&parse("# Guide\n\n## History\n\n- v1\n".into())));
    }
}
