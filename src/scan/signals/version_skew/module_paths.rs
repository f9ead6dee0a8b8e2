//! Go module paths of an older major: `go.mod` declares `module github.com/x/y/v86`, and
//! a doc still imports (or names) `github.com/x/y/v82`. Go's import paths carry the major
//! from v2 on, so an old path builds against an old release, or not at all (stripe-go's
//! agent file naming `/v82` for its "major version in import path" convention, echo's
//! `CLAUDE.md` calling the repository "`github.com/labstack/echo/v4`" beside `/v5`).

use super::mention::{Claim, Mention, Subject};
use super::words::strict_version;
use crate::scan::markdown::{Inline, InlineKind, ParsedDoc};
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
    unversioned(doc, base, *major, &known.go_nested, skip_line, out);
}

/// The page hosts whose path after the host is a Go import path: a link to one names
/// that module's docs (chi's README links `pkg.go.dev/github.com/go-chi/chi/middleware`,
/// the v1 module's page, beside `/v5`).
const GO_DOC_HOSTS: [&str; 3] = ["pkg.go.dev/", "godoc.org/", "go.dev/"];

/// Adds each mention of the module's path with no major at all, the v0/v1 module, where
/// Go reads it as an import path: a docs page link (`pkg.go.dev/…`), or code that
/// imports or fetches it (an import string, `go get`/`go install`, a `require` line, a
/// code span holding the path alone): chi's CONTRIBUTING `go get -u -d
/// github.com/go-chi/chi` and goose's "Import `github.com/pressly/goose`" beside `/v5`
/// and `/v3`. A path through a folder holding a `go.mod` of its own is that module's
/// (etcd's `go.etcd.io/etcd/api/v3`); a repository link (`https://github.com/x/y`) or a
/// mention in prose names the project, not an import.
fn unversioned(
    doc: &ParsedDoc,
    base: &str,
    major: u64,
    nested: &[String],
    skip_line: &dyn Fn(u32) -> bool,
    out: &mut Vec<Mention>,
) {
    let text = &doc.text;
    let mut from = 0;
    while let Some(found) = text[from..].find(base) {
        let start = from + found;
        let end = start + base.len();
        from = end;
        let after = &text[end..];
        if after.starts_with(|c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '.')) {
            continue;
        }
        if let Some(rest) = after.strip_prefix('/') {
            // A placeholder (`google.golang.org/adk/<module_directory_path>`) is a path
            // the reader makes up.
            if rest.starts_with(['<', '{', '$']) {
                continue;
            }
            // The path on: a major in it (`/v5/…`, a sub-module's `raft/v3`) or a
            // folder holding a module of its own names another module.
            let path = rest
                .split(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '/')))
                .next()
                .unwrap_or("");
            let is_major = |seg: &str| {
                seg.strip_prefix('v')
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            };
            let first = path.split('/').next().unwrap_or("");
            if path.split('/').any(is_major) || nested.iter().any(|n| n == first) {
                continue;
            }
        }
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let before = &text[line_start..start];
        let docs_page = GO_DOC_HOSTS.iter().any(|host| {
            before.strip_suffix(host).is_some_and(|b| {
                b.is_empty()
                    || b.ends_with("://")
                    || b.ends_with(|c: char| c.is_whitespace() || c == '(')
            })
        });
        let line = doc.lines.line(start);
        if !docs_page && !imported(doc, start, before, line) {
            continue;
        }
        if skip_line(line) || headed_or_told_as_older(doc, start) {
            continue;
        }
        out.push(Mention {
            line,
            subject: Subject::ModulePath { module: format!("{base}/v{major}") },
            claim: Claim::Version,
            written: base.to_string(),
            target: base.to_string(),
            version: vec![1],
            asserts_current: true,
            about_project: false,
        });
    }
}

/// Whether the headings over `offset` (naming a release), or the block holding it,
/// speak of an older release on purpose (a "Migrating from v1" section; a paragraph
/// saying v1 is deprecated). Narrower than `about_older_major`'s whole section: chi's "Core
/// middlewares" section marks one middleware "Deprecated" while its links name the v1
/// module.
fn headed_or_told_as_older(doc: &ParsedDoc, offset: usize) -> bool {
    // Either names the release it is about ("Migrating from v1"): goose's and
    // golang-migrate's "Go Migrations" name their own job.
    let about = |text: &str| {
        let text = text.to_lowercase();
        names_release(&text) && tells_older(&text)
    };
    let mut level = u8::MAX;
    for h in doc.headings.iter().rev().filter(|h| h.offset <= offset) {
        if h.level < level {
            level = h.level;
            if about(&h.text) {
                return true;
            }
        }
    }
    doc.blocks
        .iter()
        .find(|b| b.range.contains(&offset))
        .is_some_and(|b| about(&doc.text[b.range.clone()]))
}

/// Whether `text` (lowercase) names a release: `v1`, `v2.3`, `1.x`, `0.9` (not a list
/// item's `4.`).
fn names_release(text: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.')).any(|word| {
        let word = word.trim_end_matches('.');
        match word.strip_suffix(".x") {
            Some(major) => strict_version(major).is_some(),
            None => strict_version(word).is_some_and(|v| v.len() > 1 || word.starts_with('v')),
        }
    })
}

/// Whether `text` (lowercase) holds one of `OLDER_MAJOR_WORDS`: stems start a word
/// (`v2-maint`, `maintained`; not the `older` of `folder`), phrases are matched whole.
fn tells_older(text: &str) -> bool {
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    OLDER_MAJOR_WORDS.iter().any(|w| {
        if w.contains(' ') {
            text.contains(w)
        } else {
            words.iter().any(|word| word.starts_with(w))
        }
    })
}

/// Whether the path at `start` (its line's text before it is `before`) is code that Go
/// reads as an import path: in a code block or a code span, after an opening quote (an
/// import), a `go` command that fetches or builds, or a `require`/`replace` word, or
/// alone at the start of a code span or of a code block's line.
fn imported(doc: &ParsedDoc, start: usize, before: &str, line: u32) -> bool {
    let in_block = doc.code_blocks.iter().any(|b| {
        let lines = b.text.lines().count().max(1) as u32;
        (b.line..b.line + lines).contains(&line)
    });
    let before = if in_block {
        before
    } else {
        // A code span's offset is its opening backticks'; its text is what they hold.
        let content = |i: &Inline| {
            let ticks = doc.text[i.offset..].bytes().take_while(|&b| b == b'`').count();
            i.offset + ticks..i.offset + ticks + i.text.len()
        };
        let Some(span) = doc
            .inline
            .iter()
            .filter(|i| i.kind == InlineKind::Code)
            .map(content)
            .find(|r| r.contains(&start))
        else {
            return false;
        };
        &doc.text[span.start..start]
    };
    let trimmed = before.trim();
    if trimmed.is_empty() || before.ends_with('"') {
        return true;
    }
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    matches!(words.last(), Some(&("require" | "replace" | "import")))
        || words.windows(2).any(|w| {
            w[0] == "go" && matches!(w[1], "get" | "install" | "run" | "doc" | "list" | "build")
        })
}

/// Whether the section (heading to heading) holding `offset` is about an older major on
/// purpose.
fn about_older_major(doc: &ParsedDoc, offset: usize) -> bool {
    let i = doc.headings.partition_point(|h| h.offset <= offset);
    let start = if i == 0 { 0 } else { doc.headings[i - 1].offset };
    let end = doc.headings.get(i).map_or(doc.text.len(), |h| h.offset);
    tells_older(&doc.text[start..end].to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_release_is_named_by_a_version_not_a_list_number() {
        for yes in ["migrating from v1", "the 1.x series", "upgrade to 2.3", "v2-maint"] {
            assert!(names_release(yes), "{yes}");
        }
        for no in ["go migrations", "4. register your migration functions", "main.go", "v"] {
            assert!(!names_release(no), "{no}");
        }
    }
}
