//! Line links that drifted: a link to a file of this repository with a line anchor
//! (`server.rs#L174`, `blob/main/table.rs#L87-L101`) names lines by number, and numbers
//! move when the file is edited above them. A link names what its lines held when the doc
//! was last changed; when the file changed since and those lines (the same text) now sit
//! elsewhere, at one place only, the link points at the wrong code and its fix is known:
//! a `stale_name_location` whose `suggestion` is the link with the new numbers (tonic's
//! route guide tutorial links `server.rs#L174` for `fn in_range`, now at line 151).
//!
//! Judged only on evidence: the lines must hold some code (not a lone `}`), must differ
//! now, and must be found again, once; lines that are gone or repeated say nothing a
//! fix could use. A permalink (a tag or a commit) is not a line link here: it is read
//! as it was written (`self_url`).

use crate::scan::git::History;
use crate::scan::signal::{Signal, SignalName};

/// A link with a line anchor to an existing file of the repository, noted while its doc
/// is parsed and judged once history is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineLink {
    /// The doc's line.
    pub line: u32,
    /// The link's destination as written (`../src/server.rs#L174`).
    pub written: String,
    /// The file, root-relative.
    pub path: String,
    /// The lines named, 1-based, inclusive.
    pub first: u32,
    pub last: u32,
    /// The words of the doc's line that may name what the link shows (`subject_words`).
    pub words: Vec<String>,
}

/// Words too common to name what a line link shows.
const COMMON: [&str; 16] = [
    "here", "this", "that", "with", "from", "code", "source", "line", "lines", "file", "link",
    "defined", "also", "more", "example", "see",
];

/// The words of `text` (a doc's line) that may name what its line link `dest` to `path`
/// shows: identifiers of four characters or more, outside link destinations and URLs,
/// neither common words nor parts of the file's path (`RequestID` in "- [RequestID](…)",
/// `handle_engine_signals` in prefect's "### `handle_engine_signals` <sup><a href=…>").
pub fn subject_words(text: &str, dest: &str, path: &str) -> Vec<String> {
    // The link's own text first (`[BinaryFiles](…#L82)` in a table row whose other cell is
    // `files`): the line's other words only when it has none.
    let label = text
        .find(&format!("]({dest}"))
        .and_then(|end| text[..end].rfind('[').map(|start| &text[start + 1..end]));
    if let Some(words) = label.map(|l| subject_words(l, dest, path)).filter(|w| !w.is_empty()) {
        return words;
    }
    let mut words: Vec<String> = Vec::new();
    for raw in text.replace(dest, " ").split_whitespace() {
        if raw.contains("://") || raw.contains("href=") || raw.contains("](") {
            let label = raw.split("](").next().unwrap_or_default();
            if raw.contains("://") && !raw.contains("](") {
                continue;
            }
            words.extend(tokens(label));
            continue;
        }
        words.extend(tokens(raw));
    }
    let path_parts: Vec<String> = tokens(path);
    words.retain(|w| {
        w.chars().count() >= 4
            && !COMMON.contains(&w.to_ascii_lowercase().as_str())
            && !path_parts.contains(w)
            && !w.chars().all(|c| c.is_ascii_digit())
    });
    words.sort();
    words.dedup();
    words
}

fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// The lines `fragment` names (`L174`, `L87-L101`, `L12C3-L14C9`), first to last.
pub fn line_anchor(fragment: &str) -> Option<(u32, u32)> {
    let number = |part: &str| -> Option<u32> {
        let digits = part.strip_prefix('L')?;
        let digits = digits.split_once('C').map_or(digits, |(line, col)| {
            if col.chars().all(|c| c.is_ascii_digit()) && !col.is_empty() {
                line
            } else {
                "" // not a column: no line anchor
            }
        });
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok().filter(|n| *n > 0)
    };
    match fragment.split_once('-') {
        Some((a, b)) => {
            let (first, last) = (number(a)?, number(b)?);
            (first <= last).then_some((first, last))
        }
        None => number(fragment).map(|n| (n, n)),
    }
}

/// Longest span of lines a link may name and still be looked for elsewhere.
const MAX_SPAN: u32 = 200;

/// Least letters and digits the named lines hold to be worth following (a lone `}` or
/// a blank line is found everywhere).
const MIN_CODE_CHARS: usize = 8;

/// The pairs `(commit, path)` whose text `judge` needs for `links` of the doc at
/// `doc`: the file as it was at the doc's last commit, when the file changed after it.
pub fn wanted(history: &History, doc: &str, link: &LineLink) -> Option<(String, String)> {
    let (doc_time, since) = history.last_commit(doc)?;
    let (file_time, _) = history.last_commit(&link.path)?;
    (file_time > doc_time && link.last - link.first < MAX_SPAN)
        .then(|| (since.to_string(), link.path.clone()))
}

/// A file's text as `judge` reads it: its lines, trailing blanks trimmed.
pub fn lines_of(text: &str) -> Vec<&str> {
    text.lines().map(str::trim_end).collect()
}

/// The signal for `link` of a doc last changed in `since`, given the file's lines then
/// (`old`) and now (`new`, both `lines_of`); `head` is the newest commit.
pub fn judge(
    link: &LineLink,
    since: &str,
    head: &str,
    old: &[&str],
    new: &[&str],
) -> Option<Signal> {
    let (first, last) = (link.first as usize, link.last as usize);
    let block = old.get(first - 1..last)?;
    let code: usize = block.iter().flat_map(|l| l.chars()).filter(|c| c.is_alphanumeric()).count();
    if code < MIN_CODE_CHARS || new.get(first - 1..last) == Some(block) {
        return None;
    }
    // The lines held what the doc's line names (`[AppState](types.ts#L95)` on the line
    // declaring `AppState`): else the link was off already when the doc was written, and
    // where its old text went is no fix (excalidraw's `#L95` held `| "selection"`).
    if !link.words.iter().any(|w| block.iter().any(|l| l.contains(w.as_str()))) {
        return None;
    }
    let mut at = new.windows(block.len()).enumerate().filter(|(_, w)| *w == block).map(|(i, _)| i);
    let (found, again) = (at.next()?, at.next());
    if again.is_some() {
        return None;
    }
    let (to_first, to_last) = (found + 1, found + block.len());
    let anchor =
        if block.len() == 1 { format!("L{to_first}") } else { format!("L{to_first}-L{to_last}") };
    let (base, _) = link.written.rsplit_once('#')?;
    let range = format!("{}..{}", abbrev(since), abbrev(head));
    let was = if first == last { format!("line {first}") } else { format!("lines {first}-{last}") };
    let detail = format!(
        "line link `{}` names {was} of `{}` as they were when the doc was last changed; the file changed since ({range}) and that text is at {anchor} now",
        link.written, link.path
    );
    Some(
        Signal::new(SignalName::StaleNameLocation, link.line, detail)
            .with_target(link.written.clone())
            .with_suggestion(format!("{base}#{anchor}"))
            .with_related_path(link.path.clone())
            .with_changes(range, vec![link.path.clone()]),
    )
}

/// Line links in one doc from which it reads as a generated reference (an API page
/// links every item to its line, and a regeneration fixes them all): its drifted ones
/// become one signal listing every line. prefect's `api-ref/python/*.mdx` pages, which
/// its `mdxify` writes (up to 55 drifted links each), and chi's `routes.md`, written by
/// its docgen in 2017.
pub const MANY: usize = 5;

/// One signal for the drifted line links `each` of one doc with `MANY` line links or
/// more (in line order), each as `judge` gave it.
pub fn grouped(each: Vec<Signal>) -> Option<Signal> {
    let first = each.first()?;
    let mut files: Vec<String> = Vec::new();
    for sig in &each {
        let file = sig.related_path.clone().unwrap_or_default();
        if !files.contains(&file) {
            files.push(file);
        }
    }
    let range = first.commit_range.clone().unwrap_or_default();
    let others = match files.len() {
        1 => String::new(),
        2 => " and 1 more file".to_string(),
        n => format!(" and {} more files", n - 1),
    };
    let links = if each.len() == 1 {
        "1 line link names".to_string()
    } else {
        format!("{} line links name", each.len())
    };
    let detail = format!(
        "{links} lines of `{}`{others} as they were when the doc was last changed; the files changed since ({range}) and the text those lines held is elsewhere now (a generated page to regenerate?)",
        files[0]
    );
    let lines = each.iter().map(|s| s.line).collect();
    Some(
        Signal::new(SignalName::StaleNameLocation, first.line, detail)
            .with_related_path(files[0].clone())
            .with_changes(range, files)
            .with_lines(lines),
    )
}

fn abbrev(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_anchors_are_lines_and_ranges() {
        assert_eq!(line_anchor("L174"), Some((174, 174)));
        assert_eq!(line_anchor("L87-L101"), Some((87, 101)));
        assert_eq!(line_anchor("L12C3-L14C9"), Some((12, 14)));
        for no in ["L", "L0", "l12", "L12-L3", "Lines", "L12x", "L1C", "install", "L1-"] {
            assert_eq!(line_anchor(no), None, "{no}");
        }
    }

    fn link(first: u32, last: u32) -> LineLink {
        LineLink {
            line: 5,
            written: format!("../src/server.rs#L{first}"),
            path: "src/server.rs".into(),
            first,
            last,
            words: vec!["in_range".into(), "Point".into()],
        }
    }

    fn judge(link: &LineLink, since: &str, head: &str, before: &str, now: &str) -> Option<Signal> {
        super::judge(link, since, head, &lines_of(before), &lines_of(now))
    }

    #[test]
    fn lines_found_once_elsewhere_are_a_move_with_their_new_numbers() {
        let before = "use x;\n\nfn in_range(p: Point) -> bool {\n    true\n}\n";
        let now = "use x;\nuse y;\n\n// added\nfn in_range(p: Point) -> bool {\n    true\n}\n";
        let sig = judge(&link(3, 3), "a".repeat(40).as_str(), "b".repeat(40).as_str(), before, now)
            .expect("moved");
        assert_eq!(sig.suggestion.as_deref(), Some("../src/server.rs#L5"));
        assert_eq!(sig.target.as_deref(), Some("../src/server.rs#L3"));
        assert_eq!(sig.commit_range.as_deref(), Some("aaaaaaaaaaaa..bbbbbbbbbbbb"));
        let range = judge(&link(3, 5), "a", "b", before, now).expect("moved");
        assert_eq!(range.suggestion.as_deref(), Some("../src/server.rs#L5-L7"));
        // Unchanged lines, a lone brace, text now gone or found twice: nothing to fix.
        assert!(judge(&link(3, 3), "a", "b", before, before).is_none());
        assert!(judge(&link(5, 5), "a", "b", before, now).is_none());
        assert!(judge(&link(3, 3), "a", "b", before, "use x;\n").is_none());
        let twice = format!("{now}fn in_range(p: Point) -> bool {{\n");
        assert!(judge(&link(3, 3), "a", "b", before, &twice).is_none());
        // Lines past the old file's end.
        assert!(judge(&link(30, 30), "a", "b", before, now).is_none());
        // Lines that held nothing the doc's line names: the link was off already.
        let off = LineLink { words: vec!["AppState".into()], ..link(3, 3) };
        assert!(judge(&off, "a", "b", before, now).is_none());
    }

    #[test]
    fn the_words_a_line_names_are_outside_urls_and_the_path() {
        let line = "- [RequestID](/middleware/request_id.go#L63) see the code";
        assert_eq!(
            subject_words(line, "/middleware/request_id.go#L63", "middleware/request_id.go"),
            ["RequestID"]
        );
        let prefect = "### `handle_engine_signals` <sup><a href=\"https://github.com/P/p/blob/main/src/engine.py#L62\" target=\"_blank\"></a></sup>";
        let words = subject_words(
            prefect,
            "https://github.com/P/p/blob/main/src/engine.py#L62",
            "src/engine.py",
        );
        assert!(words.contains(&"handle_engine_signals".to_string()), "{words:?}");
        assert!(!words.iter().any(|w| w.contains("github")), "{words:?}");
        let row = "| `files` | [BinaryFiles](https://x.dev/o/r/blob/main/types.ts#L82) |";
        let dest = "https://x.dev/o/r/blob/main/types.ts#L82";
        assert_eq!(subject_words(row, dest, "types.ts"), ["BinaryFiles"]);
    }
}
