//! Byte-exact replacement of a span's lines: everything outside the span is copied as
//! it is, and the new lines take the span's own line endings (`\r\n` stays `\r\n`).
//!
//! Nothing here decodes a file: a doc in a legacy encoding (Latin-1, say) keeps every
//! byte it had outside the span. Whether inserting some text into such a doc is
//! acceptable at all is [`encoding_problem`]'s decision, made before any of these run.

use crate::file_view::FileView;
use crate::quote::quote_name;
use crate::report::Anchor;

/// The file with the lines of `a` replaced by `with`.
pub(crate) fn splice(view: &FileView, a: Anchor, with: &[u8]) -> Vec<u8> {
    let bytes = view.bytes();
    let range = view.span_range(a);
    let mut out = Vec::with_capacity(bytes.len() + with.len());
    out.extend_from_slice(&bytes[..range.start]);
    out.extend_from_slice(with);
    out.extend_from_slice(&bytes[range.end..]);
    out
}

/// The terminator of the first line of `bytes` that has one (`\r\n` or `\n`); `\n` when
/// no line has one.
pub(crate) fn line_ending(bytes: &[u8]) -> &'static [u8] {
    match bytes.iter().position(|b| *b == b'\n') {
        Some(i) if i > 0 && bytes[i - 1] == b'\r' => b"\r\n",
        _ => b"\n",
    }
}

/// `text` with every line break written as `eol`.
pub(crate) fn with_line_endings(text: &str, eol: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for piece in text.split_inclusive('\n') {
        match piece.strip_suffix('\n') {
            Some(line) => {
                out.extend_from_slice(line.strip_suffix('\r').unwrap_or(line).as_bytes());
                out.extend_from_slice(eol);
            }
            None => out.extend_from_slice(piece.as_bytes()),
        }
    }
    out
}

/// The terminator `line` ends with: `\r\n`, `\n`, or nothing (the file's last line).
pub(crate) fn terminator(line: &[u8]) -> &[u8] {
    if line.ends_with(b"\r\n") {
        &line[line.len() - 2..]
    } else if line.ends_with(b"\n") {
        &line[line.len() - 1..]
    } else {
        &[]
    }
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// The lines of `a` replaced by the one line `text`, keeping the span's leading and
/// trailing blank lines as they are, so the line never joins the paragraph before or
/// after it. The line ends as the span's last non-blank line did.
pub(crate) fn replace_with_line(view: &FileView, a: Anchor, text: &str) -> Vec<u8> {
    let span = view.span(a);
    let lines: Vec<&[u8]> = span.split_inclusive(|b| *b == b'\n').collect();
    let lead = lines.iter().take_while(|l| is_blank(l)).count();
    let trail = lines[lead..].iter().rev().take_while(|l| is_blank(l)).count();
    let core_end = lines.len() - trail;
    let end = match lines[lead..core_end].last() {
        Some(last) => terminator(last),
        None => line_ending(view.bytes()),
    };
    let mut with = lines[..lead].concat();
    with.extend_from_slice(text.as_bytes());
    with.extend_from_slice(end);
    with.extend(lines[core_end..].concat());
    splice(view, a, &with)
}

/// The lines of `a` replaced by an agent's `replacement`, written with the span's line
/// endings and ending with a line break when the span did.
pub(crate) fn replace_with_text(view: &FileView, a: Anchor, replacement: &str) -> Vec<u8> {
    let span = view.span(a);
    let mut with = with_line_endings(replacement, line_ending(span));
    let end = terminator(span);
    if !end.is_empty() && !with.is_empty() && !with.ends_with(b"\n") {
        with.extend_from_slice(end);
    }
    splice(view, a, &with)
}

/// The lines of `a` with every occurrence of `needle` replaced by `with` (written with
/// the span's line endings); `None` when `needle` is empty or not in the span. Every
/// other byte of the span is kept.
pub(crate) fn replace_in_span(
    view: &FileView,
    a: Anchor,
    needle: &str,
    with: &str,
) -> Option<Vec<u8>> {
    let span = view.span(a);
    let needle = needle.as_bytes();
    if needle.is_empty() {
        return None;
    }
    let with = with_line_endings(with, line_ending(span));
    let mut out = Vec::with_capacity(span.len());
    let (mut i, mut found) = (0, false);
    while i < span.len() {
        if span[i..].starts_with(needle) {
            out.extend_from_slice(&with);
            i += needle.len();
            found = true;
        } else {
            out.push(span[i]);
            i += 1;
        }
    }
    found.then(|| splice(view, a, &out))
}

/// Why writing `inserted` into `view` (or rewriting the lines of `rewritten`) would not
/// keep the file in one encoding, if it would not. A UTF-8 file takes any text; a file
/// in another encoding takes only ASCII, and only spans that are valid UTF-8 can be shown
/// to an agent and rewritten.
pub(crate) fn encoding_problem(
    path: &str,
    view: &FileView,
    inserted: &str,
    rewritten: Option<Anchor>,
) -> Option<String> {
    if view.is_utf8() {
        return None;
    }
    let path = quote_name(path);
    if let Some(a) = rewritten.filter(|a| std::str::from_utf8(view.span(*a)).is_err()) {
        return Some(format!(
            "lines {a} of {path} are not UTF-8, so they cannot be rewritten without changing their encoding; convert the file to UTF-8 or edit it by hand"
        ));
    }
    if !inserted.is_ascii() {
        return Some(format!(
            "{path} is not UTF-8 and the edit would write non-ASCII text into it, mixing two encodings; convert the file to UTF-8 or edit it by hand"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: u32, e: u32) -> Anchor {
        Anchor { start_line: s, end_line: e }
    }

    fn view(b: &[u8]) -> FileView {
        FileView::from_bytes(b.to_vec())
    }

    #[test]
    fn splice_replaces_whole_lines() {
        let v = view(b"a\nb\nc\n");
        assert_eq!(splice(&v, a(2, 2), b""), b"a\nc\n");
        assert_eq!(splice(&v, a(1, 3), b"x\n"), b"x\n");
        assert_eq!(splice(&view(b"\xEF\xBB\xBFa\nb\n"), a(1, 1), b""), b"\xEF\xBB\xBFb\n");
    }

    #[test]
    fn a_line_keeps_the_blank_lines_around_its_span_and_their_endings() {
        let v = view(b"p\n\nx\r\ny\r\n\r\nq\n");
        assert_eq!(replace_with_line(&v, a(2, 5), "See."), b"p\n\nSee.\r\n\r\nq\n");
        assert_eq!(replace_with_line(&view(b"x\ny"), a(1, 2), "See."), b"See.");
    }

    #[test]
    fn text_takes_the_span_line_endings() {
        let v = view(b"a\r\nb\r\nc\r\n");
        assert_eq!(replace_with_text(&v, a(2, 2), "x\ny"), b"a\r\nx\r\ny\r\nc\r\n");
        assert_eq!(replace_in_span(&v, a(2, 2), "b", "B").unwrap(), b"a\r\nB\r\nc\r\n");
        assert_eq!(replace_in_span(&v, a(2, 2), "z", "B"), None);
        let latin1 = view(b"v 1.0 \xa7\n");
        assert_eq!(replace_in_span(&latin1, a(1, 1), "1.0", "2.0").unwrap(), b"v 2.0 \xa7\n");
    }

    #[test]
    fn only_ascii_goes_into_a_file_that_is_not_utf8() {
        let latin1 = view(b"caf\xe9\nok\n");
        assert_eq!(encoding_problem("d.md", &latin1, "plain", Some(a(2, 2))), None);
        assert!(encoding_problem("d.md", &latin1, "é", None).unwrap().contains("not UTF-8"));
        assert!(encoding_problem("d.md", &latin1, "x", Some(a(1, 1))).is_some());
        assert_eq!(encoding_problem("d.md", &view("é\n".as_bytes()), "ü", Some(a(1, 1))), None);
    }
}
