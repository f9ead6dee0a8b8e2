//! Go module paths of an older major: `go.mod` declares `module github.com/x/y/v86`, and
//! a doc still imports (or names) `github.com/x/y/v82`. Go's import paths carry the major
//! from v2 on, so an old path builds against an old release, or not at all (stripe-go's
//! agent file naming `/v82` for its "major version in import path" convention, echo's
//! `CLAUDE.md` calling the repository "`github.com/labstack/echo/v4`" beside `/v5`).

use super::mention::{Claim, Mention, Subject};
use crate::scan::markdown::ParsedDoc;
use crate::scan::signals::manifests::KnownVersions;

/// Words that make a section about an older major on purpose: its maintenance branch,
/// the way off it, or its history (urfave/cli's "The `v2` series is receiving security
/// and bug fixes only via the `v2-maint` branch").
const OLDER_MAJOR_WORDS: [&str; 9] = [
    "maint",
    "migrat",
    "upgrad",
    "legacy",
    "deprecat",
    "previous",
    "older",
    "no longer",
    "bug fixes only",
];

/// Adds each mention of the module's path at an older major in `doc` (prose and code
/// alike); `skip_line` says which lines are history.
pub fn mentions(
    doc: &ParsedDoc,
    path: &str,
    known: &KnownVersions,
    skip_line: &dyn Fn(u32) -> bool,
    out: &mut Vec<Mention>,
) {
    let Some((base, major)) = &known.go_module else { return };
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    if ["migrat", "upgrad"].iter().any(|w| name.contains(w)) {
        return;
    }
    let needle = format!("{base}/v");
    let text = &doc.text;
    let mut from = 0;
    while let Some(found) = text[from..].find(&needle) {
        let start = from + found;
        let digits_at = start + needle.len();
        from = digits_at;
        let digits: String = text[digits_at..].chars().take_while(char::is_ascii_digit).collect();
        let end = digits_at + digits.len();
        // `…/v8` of `…/v86` is no path of its own; nor a longer module (`…/v2beta`).
        let whole = !text[end..].chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_');
        let before_ok = !text[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '-');
        let Ok(written) = digits.parse::<u64>() else { continue };
        // `/v0` and `/v1` are no majors a module path carries: a folder of its own.
        if !whole || !before_ok || written >= *major || written < 2 {
            continue;
        }
        let line = doc.lines.line(start);
        if skip_line(line) || about_older_major(doc, start) {
            continue;
        }
        let target = text[start..end].to_string();
        out.push(Mention {
            line,
            subject: Subject::ModulePath { module: format!("{base}/v{major}") },
            claim: Claim::Version,
            written: target.clone(),
            target,
            version: vec![written],
            asserts_current: true,
            about_project: false,
        });
    }
}

/// Whether the section (heading to heading) holding `offset` is about an older major on
/// purpose.
fn about_older_major(doc: &ParsedDoc, offset: usize) -> bool {
    let i = doc.headings.partition_point(|h| h.offset <= offset);
    let start = if i == 0 { 0 } else { doc.headings[i - 1].offset };
    let end = doc.headings.get(i).map_or(doc.text.len(), |h| h.offset);
    let section = doc.text[start..end].to_lowercase();
    // Stems start a word (`v2-maint`, `maintained`; not the `older` of `folder`);
    // phrases are matched whole.
    let words: Vec<&str> = section.split(|c: char| !c.is_alphanumeric()).collect();
    OLDER_MAJOR_WORDS.iter().any(|w| {
        if w.contains(' ') {
            section.contains(w)
        } else {
            words.iter().any(|word| word.starts_with(w))
        }
    })
}
