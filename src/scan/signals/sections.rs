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
    let lower = without_asides(&text.to_lowercase());
    let words: Vec<&str> =
        lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    if words.first().is_some_and(|w| TASK_WORDS.contains(w)) {
        return false;
    }
    if lower.contains("change log") || lower.contains("release notes") {
        return true;
    }
    // A percentage reports progress: "Status - 66% done!" is not a done section.
    if lower.match_indices('%').any(|(i, _)| lower[..i].ends_with(|c: char| c.is_ascii_digit())) {
        return false;
    }
    let words: Vec<&str> =
        words.into_iter().filter(|w| !w.chars().all(|c| c.is_ascii_digit())).collect();
    // "Completed when", "Done criteria", "Definition of done": what done will mean, a
    // work order's acceptance criteria, not what was done.
    let criteria = words.windows(2).any(|w| {
        ARCHIVE_HEADING_WORDS.contains(&w[0]) && matches!(w[1], "when" | "criteria" | "if")
    }) || lower.contains("definition of done");
    // "Disconnect when done!", "Wait until completed": a closing "done" after a word of
    // time says when to act, not what is finished (camel's MCP toolkit reference, whose
    // code comment `# Don't forget to disconnect when done!` renders as a heading).
    let when = words.windows(2).any(|w| {
        matches!(w[0], "when" | "until" | "once" | "after" | "before")
            && matches!(w[1], "done" | "completed")
    });
    if criteria || when {
        return false;
    }
    let alone = || words[1..].iter().all(|w| GENERIC_SECTION_WORDS.contains(w));
    // "History" and "Changelog" lead a heading of the past only alone ("History",
    // "History (2019-2021)", "Changelog notes"): "Changelog Fragments" is how to write
    // one, "History and Rollback" a live feature, "History behind prototype poisoning"
    // an article's subject. At the end they name it ("Version history").
    let first = words.first().is_some_and(|w| match *w {
        "history" | "changelog" | "legacy" => alone(),
        w => ARCHIVE_HEADING_WORDS.contains(&w),
    });
    // "History" closes a heading of the past after a word naming what changed ("Version
    // history", "Release history", "A brief history"); after another it names a live
    // feature ("Bounding in-memory history", "Chat history").
    let history_of_the_past = || words.len() < 2 || HISTORY_KINDS.contains(&words[words.len() - 2]);
    let last = words.last().is_some_and(|w| {
        ARCHIVE_HEADING_WORDS.contains(w)
            && *w != "legacy"
            && (*w != "history" || history_of_the_past())
    });
    // "Legacy" names a section only alone ("Legacy", "Legacy notes"); "Legacy React
    // Query APIs" documents a legacy thing that is still in use.
    first || last
}

/// Words before a closing "history" that make it the project's past ("Version history").
const HISTORY_KINDS: [&str; 14] = [
    "version",
    "versions",
    "release",
    "releases",
    "revision",
    "revisions",
    "change",
    "changes",
    "document",
    "project",
    "edit",
    "update",
    "brief",
    "short",
];

/// `text` without its parenthesised asides of three or more words: "Your process
/// (iterate internally until done)" and "Decisions (recorded in the changelog)" are
/// about the process and the decisions; a short one is a status ("Phase 1 (done)",
/// "History (2019-2021)").
fn without_asides(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')') else { break };
        let inner = &rest[open + 1..open + close];
        out.push_str(&rest[..open]);
        if inner.split_whitespace().count() < 3 {
            out.push_str(&rest[open..=open + close]);
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// Words that name a section rather than a subject ("Legacy notes").
const GENERIC_SECTION_WORDS: [&str; 8] =
    ["notes", "docs", "documentation", "content", "section", "information", "info", "material"];

/// File-name fragments (lowercase) of docs about the past.
const HISTORY_FILE_PARTS: [&str; 6] =
    ["migrat", "upgrad", "updating", "announc", "whats-new", "release-notes"];

/// Folders whose docs are dated posts or release notes.
const HISTORY_DIRS: [&str; 9] = [
    "blog",
    "posts",
    "_posts",
    "news",
    "announcements",
    "changelogs",
    "release-notes",
    "migration",
    "migrations",
];

/// Whether the whole doc at `path` is about the past: a migration or upgrade guide, an
/// announcement, release notes, a dated post.
pub fn is_history_file(path: &str) -> bool {
    let lower = path.to_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    let mut dirs = lower.split('/').rev().skip(1);
    HISTORY_FILE_PARTS.iter().any(|p| name.contains(p))
        || dirs.clone().any(|d| HISTORY_DIRS.contains(&d))
        || (dated_name(name) && dirs.any(|d| RECORD_DIRS.contains(&d)))
}

/// Folders of periodic records: a report, minutes or notes named by its date
/// (gitoxide's `etc/reports/25-10.md`, `meetings/2024-03-01.md`) tells that month's news.
const RECORD_DIRS: [&str; 6] = ["reports", "meetings", "minutes", "journal", "weekly", "monthly"];

/// Whether a (lowercase) file name starts with a date: `25-10.md`, `2024-03.md`,
/// `2024-03-01-sync.md`, or a year's end or quarter (gitoxide's `24-eoy.md`,
/// `2024-q3.md`).
fn dated_name(name: &str) -> bool {
    let mut parts = name.split(['-', '.', '_']);
    let year = parts.next().unwrap_or("");
    let month = parts.next().unwrap_or("");
    let period = (month.len() == 2 && month.parse::<u8>().is_ok_and(|m| (1..=12).contains(&m)))
        || matches!(month, "eoy" | "q1" | "q2" | "q3" | "q4");
    [2, 4].contains(&year.len()) && year.bytes().all(|b| b.is_ascii_digit()) && period
}

/// Phrases (lowercase) that, near a doc's top, say the whole doc is kept as history (a
/// recorded session is one: aider's example chat transcripts name the files of the day).
const KEPT_AS_HISTORY: [&str; 3] = ["chat transcript", "this transcript", "no longer maintained"];

/// Phrases (lowercase) that, near a doc's top, say it is kept on purpose as the record
/// of what it describes ("Status: implemented in PR #4279 and retained as the design
/// record requested during review").
const KEPT_ON_PURPOSE: [&str; 10] = [
    "historical purposes",
    "historical record",
    "historical reference",
    "kept for history",
    "kept for reference",
    "kept for posterity",
    "retained as a record",
    "retained as the record",
    "retained as the design record",
    "retained for reference",
];

/// Whether `doc` says near its top (its first 600 bytes) that it is kept as history:
/// "This was the roadmap to 1.0. It is kept for historical purposes."
pub fn kept_as_history(doc: &ParsedDoc) -> bool {
    let top = top_of(doc);
    // An exported chat opens with its export line: "_Exported on 5/22/2025 at 00:05:09
    // EDT from Cursor (0.50.5)_".
    let exported =
        top.lines().any(|l| l.trim_start_matches(['_', '*', ' ']).starts_with("exported on "));
    exported || KEPT_AS_HISTORY.iter().any(|p| top.contains(p)) || kept_on_purpose(doc)
}

/// Whether `doc` says near its top that it is kept on purpose as a record: its status
/// banner ("implemented", "superseded") is then the record's outcome, not a sign it is
/// done with.
pub fn kept_on_purpose(doc: &ParsedDoc) -> bool {
    let top = top_of(doc);
    KEPT_ON_PURPOSE.iter().any(|p| top.contains(p))
}

/// The first 600 bytes of `doc`, lowercased.
fn top_of(doc: &ParsedDoc) -> String {
    let mut end = doc.text.len().min(600);
    while !doc.text.is_char_boundary(end) {
        end -= 1;
    }
    doc.text[..end].to_lowercase()
}

/// Folder names (lowercase) whose docs are records: decisions, proposals, designs, notes.
const RECORD_FOLDERS: [&str; 21] = [
    "research",
    "adr",
    "adrs",
    "decisions",
    "decision-records",
    "rfc",
    "rfcs",
    "proposals",
    "design",
    "designs",
    "design-docs",
    "notes",
    "enhancements",
    "peps",
    // What an agent or a team was told or found on one day: sub-agent dispatches,
    // briefs, handoffs, retrospectives, postmortems (prisma's `projects/*/dispatches/`).
    "dispatches",
    "briefs",
    "handoffs",
    "retro",
    "retros",
    "retrospectives",
    "postmortems",
];

/// Whether the doc at `path` is a record — a decision, proposal, design or note kept as
/// written (`docs/adr/`, `dev-docs/v4-notes/`): its status is its outcome and the paths
/// it names are the code of its time.
pub fn is_record(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    // `RFC-EXTENSION-SYSTEM.md`, `adr-0004-cache.md`, `rfc0012.md`.
    let record_name = ["rfc", "adr"].iter().any(|p| {
        name.strip_prefix(p).is_some_and(|rest| {
            rest.starts_with(['-', '_']) || rest.starts_with(|c: char| c.is_ascii_digit())
        })
    });
    // A name that ends in its date (`hypothesis-pm-2025-10-14.md`,
    // `research_naming_20251015.md`) is the record of that day.
    let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
    let tail = stem.rsplit(['-', '_']).next().unwrap_or_default();
    let tail10 = stem.len().checked_sub(10).and_then(|i| stem.get(i..)).unwrap_or_default();
    let dated = super::version_folders::is_date(tail10)
        || (tail.len() == 8
            && tail.bytes().all(|b| b.is_ascii_digit())
            && tail.starts_with("20")
            && tail[4..6].parse::<u8>().is_ok_and(|m| (1..=12).contains(&m)));
    // A work order or report of one day: an agent's brief (`d5a-brief.md`), a pull
    // request's description or manual QA script, findings, the evidence a work item was
    // done (OpenSpec's `work-items/*/evidence.md`), a ledger of what a change deleted.
    let named = |word: &str| {
        stem == word || stem.strip_suffix(word).is_some_and(|head| head.ends_with(['-', '_']))
    };
    let work_record = ["brief", "findings", "evidence", "ledger"].into_iter().any(named)
        || matches!(stem, "pr-description" | "pr_description" | "manual-qa" | "manual_qa");
    if record_name || work_record || (dated && stem.len() > 10) {
        return true;
    }
    let dirs = path.split('/').rev().skip(1);
    dirs.map(str::to_ascii_lowercase)
        .any(|d| RECORD_FOLDERS.contains(&d.as_str()) || d.ends_with("-notes"))
}

/// Folder names (lowercase) whose docs are already archived, or given up and on their
/// way out (beads' `docs/staged-for-removal/`, an `attic/`, a `deprecated/` folder), or
/// kept as snapshot copies (claude-code-plugins-plus' `backups/`, timestamped copies of
/// plugin folders: 190 false rows in round 85, none true).
const ARCHIVED_FOLDERS: [&str; 11] = [
    "archive",
    "backup",
    "backups",
    "archived",
    "_archive",
    "attic",
    "graveyard",
    "deprecated",
    "obsolete",
    "staged-for-removal",
    "to-be-removed",
];

/// Whether the doc at `path` is already archived: it lies under an `archive/` or
/// `archived/` folder (where `move-to-archive` puts docs, and where maintainers keep old
/// ones), or one whose name says its docs are given up (`deprecated/`, `obsolete/`,
/// `staged-for-removal/`). It is kept as it was: its links, versions, paths and status are its day's,
/// and a copy of a live doc there is the archive's point. No signal is raised on it (on
/// every label so far, all 9 signals in such folders were false: claude-flow's
/// `archive/legacy-memory-system/docs/README.md` on Node 18, its `docs/archived/`
/// summaries). Links into it are still checked.
pub fn is_archived(path: &str) -> bool {
    // A copy kept under its old name: `README_OLD.md`, `CONTRIBUTING.old.md`, `guide-old.md`.
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
    if ["_old", "-old", ".old"].iter().any(|s| stem.ends_with(s)) {
        return true;
    }
    path.split('/')
        .rev()
        .skip(1)
        .any(|d| ARCHIVED_FOLDERS.iter().any(|a| d.eq_ignore_ascii_case(a)))
}

/// Whether the doc at `path` is a plan — under `plans/`, `planning/` or `specs/`, or named
/// `PLAN.md`, `*_plan.md`, `*-plan.md`, or a feature's spec (`spec.md`, `*-spec.md`,
/// `design-notes.md`, `*-design.md`, `prd.md`, `*-prd.md`: what spec-driven work writes before the code, as spec-kit's
/// `specs/001-x/` and prisma's `projects/x/spec.md`): the layout it names is the one
/// intended when it was written, superseded or not (its status is still read: a shipped
/// plan is done).
pub fn is_plan(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
    let suffix = |s: &str| stem.strip_suffix(s).is_some_and(|head| head.ends_with(['-', '_']));
    // A feature's design or requirements (`initiative-f-typed-design.md`,
    // `modernization-prd.md`: pipenv's, 2 false rows); a bare `design.md` is as often the
    // project's live architecture.
    let spec =
        ["spec", "design-notes", "design_notes", "prd"].iter().any(|s| stem == *s || suffix(s))
            || suffix("design");
    // A command or skill that acts on plans (`create-plan.md`, `execute_plan.md`) is
    // instructions, not a plan: documenso's `/create-plan` command.
    let acts_on_plans = ["-plan", "_plan"]
        .iter()
        .any(|end| stem.strip_suffix(end).is_some_and(|verb| PLAN_VERBS.contains(&verb)));
    (stem == "plan" || stem.ends_with("_plan") || stem.ends_with("-plan")) && !acts_on_plans
        || spec
        || path
            .split('/')
            .rev()
            .skip(1)
            .any(|d| ["plans", "planning", "specs"].iter().any(|f| d.eq_ignore_ascii_case(f)))
}

/// Verbs that name a command on plans when a file is named `<verb>-plan`.
const PLAN_VERBS: [&str; 12] = [
    "create",
    "write",
    "make",
    "new",
    "execute",
    "run",
    "review",
    "update",
    "generate",
    "draft",
    "implement",
    "check",
];

/// Whether the doc at `path` is a dated post — a blog's (`blog/`, `blogs/`, `_posts/`, `posts/`)
/// or one named by its date (`2021-05-09-2.3.0.md`): it tells what happened then, in
/// the code of that day. Its links are still read by visitors; the paths in its code
/// are history.
pub fn is_post(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    // `2021-05-09-slug.md`: a date, then the post's name.
    let dated = name.get(..10).is_some_and(super::version_folders::is_date)
        && name.as_bytes().get(10) == Some(&b'-');
    dated
        || path.split('/').rev().skip(1).any(|d| {
            ["blog", "blogs", "_posts", "posts"].contains(&d.to_ascii_lowercase().as_str())
        })
}

/// Whether the whole file is a changelog by name (`CHANGELOG.md`, `HISTORY.md`…).
pub fn is_changelog_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_uppercase();
    let stem = name.split('.').next().unwrap_or(&name);
    // The name alone, or followed by a qualifier of era: `CHANGELOG_PRE_v30.md`,
    // `HISTORY-1.x.md`, `CHANGELOG-OLD.md` (not `HISTORY-OF-X.md`, a doc about history).
    let era = |rest: &str| {
        let rest = rest.trim_start_matches(['-', '_']);
        rest.bytes().any(|b| b.is_ascii_digit())
            || ["OLD", "PRE", "ARCHIVE", "LEGACY"].iter().any(|q| rest.starts_with(q))
    };
    [
        "CHANGELOG",
        "CHANGES",
        "HISTORY",
        "NEWS",
        "RELEASES",
        "RELEASE-NOTES",
        "RELEASE_NOTES",
        "WHATSNEW",
    ]
    .iter()
    .any(|c| {
        stem.strip_prefix(c)
            .is_some_and(|rest| rest.is_empty() || (rest.starts_with(['-', '_']) && era(rest)))
    })
}

/// The byte ranges of history sections and strike-through, sorted and merged.
pub fn archive_ranges(doc: &ParsedDoc) -> Vec<Range<usize>> {
    sections_and_strike(doc, is_archive_heading)
}

/// The byte ranges of sections that record the past (history, changelog, release
/// notes, archive, legacy) and strike-through: what a path named there was then. A
/// "Done" or "Completed" section still points at where its work is now.
pub fn history_ranges(doc: &ParsedDoc) -> Vec<Range<usize>> {
    sections_and_strike(doc, |text| {
        let lower = text.to_lowercase();
        !["done", "complete"].iter().any(|w| lower.contains(w)) && is_archive_heading(text)
    })
}

/// The sections of a log of releases (`release_log`) under a heading naming a shipped
/// release: what each release did, in the words and paths of its day.
pub fn release_ranges(doc: &ParsedDoc) -> Vec<Range<usize>> {
    if !release_log(doc) {
        return Vec::new();
    }
    let hs = &doc.headings;
    let mut ranges = Vec::new();
    for (i, h) in hs.iter().enumerate().filter(|(_, h)| is_release_heading(&h.text)) {
        let end =
            hs[i + 1..].iter().find(|n| n.level <= h.level).map_or(doc.text.len(), |n| n.offset);
        ranges.push(h.offset..end);
    }
    ranges
}

/// Whether `doc` is a log of releases: three or more headings name a release (kedro's
/// `RELEASE.md`, whose name alone is more often a release *process* doc).
pub fn release_log(doc: &ParsedDoc) -> bool {
    doc.headings.iter().filter(|h| is_release_heading(&h.text)).nth(2).is_some()
}

/// Whether a heading names one release: a version, optionally after "Release",
/// "Version" or "v", optionally followed by a date or a parenthesis — `1.2.3`,
/// `[1.2.3] - 2024-05-01`, `Release 0.19.0`, `v2.0.0 (2021-05-01)`. Not "Python 3.10
/// support", a subject, nor "Upcoming Release", which is still to come.
pub fn is_release_heading(text: &str) -> bool {
    let lower = text.to_lowercase();
    if ["unreleased", "upcoming", "not yet released"].iter().any(|w| lower.contains(w)) {
        return false;
    }
    let mut words = lower.split_whitespace().peekable();
    while words.next_if(|w| matches!(*w, "release" | "version" | "v")).is_some() {}
    let Some(version) = words.next() else { return false };
    let version = version.trim_matches(['[', ']', '(', ')', ':']).trim_start_matches('v');
    let mut parts = version.split(['.', '-', '+']);
    let numeric =
        |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if !(numeric(parts.next()) && numeric(parts.next())) {
        return false;
    }
    // What follows is a date, a dash or a parenthesis: nothing that names a subject.
    words.all(|w| {
        w.starts_with('(')
            || w.chars().all(|c| !c.is_alphabetic())
            || matches!(w, "released" | "yanked")
    })
}

/// The sections under headings `heading` accepts (down to the next heading of the same
/// or a higher level) and the strike-through, sorted and merged.
fn sections_and_strike(doc: &ParsedDoc, heading: impl Fn(&str) -> bool) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let hs = &doc.headings;
    for (i, h) in hs.iter().enumerate() {
        if !heading(&h.text) {
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

    #[test]
    fn archived_docs_lie_under_an_archive_folder() {
        assert!(is_archived("docs/archive/old.md"));
        assert!(is_archived("Archived/2024/notes.md"));
        assert!(!is_archived("docs/archive.md"));
        assert!(!is_archived("docs/archiver/guide.md"));
        assert!(is_archived("docs/staged-for-removal/MANIFEST.md"));
        assert!(is_archived("backups/skills-migration-20251108/x/SKILL.md"));
        assert!(!is_archived("docs/backup.md") && !is_archived("docs/backup-and-restore/x.md"));
        assert!(is_archived("docs/deprecated/v1-api.md") && !is_archived("docs/deprecated.md"));
        assert!(is_archived("README_OLD.md") && is_archived("docs/CONTRIBUTING.old.md"));
        assert!(!is_archived("docs/old.md") && !is_archived("docs/bold.md"));
    }

    use super::*;
    use crate::scan::markdown::parse;

    #[test]
    fn release_headings_name_a_shipped_version() {
        for yes in [
            "1.2.3",
            "Release 0.19.0",
            "[1.2.3] - 2024-05-01",
            "v2.0.0 (2021-05-01)",
            "Version 3.1",
            "0.15.6 – 2020-01-28",
        ] {
            assert!(is_release_heading(yes), "{yes}");
        }
        for no in [
            "Upcoming Release",
            "2.0.0 (unreleased)",
            "Python 3.10 support",
            "Release process",
            "3 ways to deploy",
            "Migrating to 2.0",
        ] {
            assert!(!is_release_heading(no), "{no}");
        }
    }

    #[test]
    fn a_release_log_records_each_release_as_history() {
        let log = parse(
            "# Upcoming Release\n\nlive\n\n# Release 0.19.0\n\nold\n\n## Bug fixes\n\nold too\n\n\
             # Release 0.18.0\n\nolder\n\n# Release 0.17.0\n\noldest\n"
                .into(),
        );
        let history = release_ranges(&log);
        let inside = |word: &str| {
            let at = log.text.find(word).unwrap();
            history.iter().any(|r| r.contains(&at))
        };
        assert!(!inside("live"), "what is still to ship is current");
        assert!(inside("old\n") && inside("old too") && inside("oldest"));
        // Two version headings are a doc's sections per version, not a log.
        let two = parse("# Usage\n\n## v4\n\ncurrent\n\n## v3\n\nkept\n\n## 2.0\n\nx\n".into());
        assert!(release_ranges(&two).is_empty());
        let readme = parse("# Tool\n\n## 1.0\n\na\n\n## 2.0\n\nb\n".into());
        assert!(release_ranges(&readme).is_empty());
    }

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
        assert!(!is_archive_heading("Status - 66% done!"));
        assert!(!is_archive_heading("Don't forget to disconnect when done!"));
        assert!(!is_archive_heading("Wait until completed"));
        assert!(is_archive_heading("Phase 1 (done)"));
        assert!(!is_archive_heading("Setup"));
        assert!(
            !is_archive_heading("Changelog Fragments")
                && !is_archive_heading("History and Rollback")
        );
        assert!(!is_archive_heading("History behind prototype poisoning"));
        assert!(is_archive_heading("Version history") && is_archive_heading("Changelog"));
        assert!(is_archive_heading("History (2019-2021)"));
        assert!(is_archive_heading("Archived plans"));
        assert!(!is_archive_heading("Update changelog and Cargo versions"));
        assert!(!is_archive_heading("Rewriting history"));
        assert!(is_archive_heading("Legacy"));
        assert!(is_archive_heading("Legacy notes"));
        assert!(!is_archive_heading("Legacy React Query APIs"));
        assert!(!is_archive_heading("tRPC React Query (Legacy) Testing Patterns"));
        assert!(is_history_file("www/docs/migration/migrate-from-v10-to-v11.mdx"));
        assert!(is_history_file("blog/2024-05-01-release.md"));
        assert!(!is_history_file("docs/guide.md"));
        assert!(is_history_file("UPDATING.md"));
        assert!(
            is_history_file("etc/reports/25-10.md") && is_history_file("etc/reports/24-EOY.md")
        );
        assert!(is_history_file("reports/2024-Q3.md") && !is_history_file("reports/24-eoyx.md"));
        assert!(is_history_file("meetings/2024-03-01-sync.md"));
        assert!(!is_history_file("etc/reports/README.md") && !is_history_file("docs/25-10.md"));
        assert!(is_record("docs/adr/0001-use-rust.md"));
        assert!(is_record("dev-docs/v4-notes/background-tasks.md"));
        assert!(is_record("work-items/05-ship/evidence.md") && is_record("x/deletion-ledger.md"));
        assert!(!is_record("docs/evidence-based-design.md"));
        assert!(!is_record("docs/plans/migrate.md"), "a plan's status is read");
        assert!(is_plan("docs/plans/migrate.md") && is_plan("spec/v2_ux_plan.md"));
        assert!(!is_plan("docs/cli/plan-mode.md") && !is_plan("docs/planning.md"));
        assert!(!is_plan(".opencode/commands/create-plan.md") && !is_plan("execute_plan.md"));
        assert!(is_plan("docs/plans/create-plan.md"), "a plans folder holds plans");
        // A feature's spec, written before its code (spec-kit, prisma's project folders).
        assert!(is_plan("projects/drive/spec.md") && is_plan("projects/x/design-notes.md"));
        assert!(is_plan("docs/auth-spec.md") && is_plan("specs/001-chat/tasks.md"));
        assert!(!is_plan("docs/openapi-specification.md") && !is_plan("docs/inspect.md"));
        assert!(!is_plan("extensions/cli/spec/otlp-metrics.md"), "`spec/` holds tests as often");
        // pipenv's `docs/dev/initiative-f-typed-design.md` and `modernization-prd.md`.
        assert!(is_plan("docs/dev/initiative-f-typed-design.md") && is_plan("docs/a_prd.md"));
        assert!(!is_plan("docs/design.md") && !is_plan("docs/web-design-tips.md.txt"));
        assert!(!is_record("notes.md"));
        let roadmap = crate::scan::markdown::parse(
            "# hyper 1.0 Roadmap\n\n> This was the roadmap. It is kept for historical purposes.\n"
                .to_string(),
        );
        assert!(kept_as_history(&roadmap));
        let session = "---\nparent: Example chat transcripts\n---\n# Add a test\n\nThis transcript shows aider adding a test.\n";
        assert!(kept_as_history(&crate::scan::markdown::parse(session.to_string())));
        assert!(is_post("website/blog/2021-05-09-2.3.0.md") && is_post("site/_posts/a.md"));
        assert!(is_post("notes/2024-01-02-launch.md") && !is_post("docs/2024-01-02.md"));
        assert!(!is_post("docs/guide.md") && !is_post("blog.md"));
        assert!(is_post("docs/content/blogs/1-3.mdx"), "better-auth's release posts");
        assert!(!kept_as_history(&crate::scan::markdown::parse("# Guide\n".to_string())));
        assert!(!is_archive_heading("Where the changelog lives"));
        // Asides, criteria and live histories (CopilotKit, OpenSpec, prisma, a skill).
        assert!(!is_archive_heading("Your process (iterate internally until done)"));
        assert!(!is_archive_heading(
            "Decisions This Spec Makes (autonomous, recorded in the changelog)"
        ));
        assert!(is_archive_heading("Phase 1 — the chat_stream program (DONE)"));
        assert!(!is_archive_heading("Completed when") && !is_archive_heading("Done criteria"));
        assert!(!is_archive_heading("Definition of Done"));
        assert!(!is_archive_heading("Bounding in-memory history"));
        assert!(!is_archive_heading("Chat history"));
        assert!(is_archive_heading("Release History") && is_archive_heading("A Brief History"));
        assert!(is_archive_heading("History"));
        assert!(is_changelog_file("docs/CHANGELOG.md"));
        assert!(is_changelog_file("History.markdown"));
        assert!(!is_changelog_file("docs/design.md"));
        assert!(is_changelog_file("CHANGELOG_PRE_v30.md"));
        assert!(!is_changelog_file("HISTORYLESS.md"));
        assert!(!is_changelog_file("docs/history-of-x.md"));
        assert!(is_record("extensions/RFC-EXTENSION-SYSTEM.md"));
        assert!(is_record("docs/adr-0004-cache.md"));
        assert!(is_record("docs/research/parallel-execution-findings.md"));
        assert!(is_record("docs/Development/hypothesis-pm-enhancement-2025-10-14.md"));
        assert!(is_record("docs/research_python_directory_naming_20251015.md"));
        assert!(!is_record("docs/release-2025.md"), "a year alone is not a day");
        assert!(!is_record("docs/build_12345678.md"));
        // Work orders and reports of one day (prisma's project folders).
        assert!(is_record("projects/facade/dispatches/d5a-brief.md"));
        assert!(is_record("projects/x/dispatches/01-facade-surface-r2.md"));
        assert!(is_record("projects/x/manual-qa.md") && is_record("drive/retro/findings.md"));
        assert!(is_record("projects/x/slices/y/pr-description.md"));
        assert!(
            !is_record("plugins/incident-response/skills/postmortem-writing/SKILL.md"),
            "a skill teaching postmortems is no postmortem"
        );
        assert!(!is_record(".claude/commands/resume_handoff.md"));
        let chat = crate::scan::markdown::parse(
            "# Title Discussion\n\n_Exported on 5/22/2025 at 00:05:09 EDT from Cursor (0.50.5)_\n"
                .into(),
        );
        assert!(kept_as_history(&chat));
        let metrics =
            crate::scan::markdown::parse("# Metrics\n\nThey are exported on `/metrics`.\n".into());
        assert!(!kept_as_history(&metrics));
        let plan = crate::scan::markdown::parse(
            "# Storage\n\n> Status: implemented in PR #4279 and retained as the design record.\n"
                .into(),
        );
        assert!(kept_on_purpose(&plan) && kept_as_history(&plan));
        let cache =
            crate::scan::markdown::parse("# Cache\n\nHeaders are retained as sent.\n".into());
        assert!(!kept_on_purpose(&cache));
    }
}
