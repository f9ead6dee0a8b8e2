//! How a name from the project (a file name, a path, a link target) is written into
//! human output — `scan --format text`, GitHub annotation messages, `report.md`, stderr —
//! so that no name can start a line of its own or hide what it is.
//!
//! The one rule, git's (`core.quotePath=false`): a name is written as it is unless it
//! holds a control character, a Unicode line separator or bidirectional control, a
//! byte that is not UTF-8, a `"` or a `\`; then it is written in double quotes with those
//! escaped (`\n`, `\t`, `\"`, `\\`, `\u{202e}`, `\xff`). Machine formats (JSON, SARIF,
//! the status line) carry the exact name instead, escaped by their own syntax.

use std::borrow::Cow;
use std::path::Path;

/// `name` as human output shows it: unchanged when harmless, else quoted and escaped.
pub(crate) fn quote_name(name: &str) -> Cow<'_, str> {
    if !name.chars().any(needs_quoting) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 2);
    out.push('"');
    for c in name.chars() {
        push_escaped(&mut out, c, true);
    }
    out.push('"');
    Cow::Owned(out)
}

/// [`quote_name`] for a path, whose bytes need not be UTF-8.
pub(crate) fn quote_path(path: &Path) -> Cow<'_, str> {
    if let Some(name) = path.to_str() {
        return quote_name(name);
    }
    let bytes = path.as_os_str().as_encoded_bytes();
    let mut out = String::from("\"");
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            push_escaped(&mut out, c, true);
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out.push('"');
    Cow::Owned(out)
}

/// Engine prose that may embed names (a signal's detail, a skip reason): the characters
/// that could start a line or hide text are escaped, quotes and backslashes are not.
pub(crate) fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c, false);
    }
    Cow::Owned(out)
}

fn needs_quoting(c: char) -> bool {
    is_hidden(c) || c == '"' || c == '\\'
}

/// Control characters (C0, DEL, C1), line and paragraph separators, and the
/// bidirectional controls that reorder what a terminal shows.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

fn push_escaped(out: &mut String, c: char, quoting: bool) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '"' | '\\' if quoting => {
            out.push('\\');
            out.push(c);
        }
        c if is_hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harmless_names_are_unchanged_and_others_quoted() {
        assert_eq!(quote_name("docs/café guide.md"), "docs/café guide.md");
        assert_eq!(quote_name("a\nb.md"), "\"a\\nb.md\"");
        assert_eq!(quote_name("say \"hi\".md"), "\"say \\\"hi\\\".md\"");
        assert_eq!(
            quote_name("a\\nb.md"),
            "\"a\\\\nb.md\"",
            "a literal backslash is not a newline"
        );
        assert_eq!(quote_name("x\u{1b}[31m\u{202e}.md"), "\"x\\u{1b}[31m\\u{202e}.md\"");
    }

    #[cfg(unix)]
    #[test]
    fn paths_that_are_not_utf8_show_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let path = Path::new(std::ffi::OsStr::from_bytes(b"caf\xe9.md"));
        assert_eq!(quote_path(path), "\"caf\\xe9.md\"");
        assert_eq!(quote_path(Path::new("/x/report.json")), "/x/report.json");
    }

    #[test]
    fn prose_keeps_its_quotes_and_loses_its_line_breaks() {
        assert_eq!(escape_controls("link `a\"b` is broken"), "link `a\"b` is broken");
        assert_eq!(escape_controls("same block as a\nb.md"), "same block as a\\nb.md");
    }
}
