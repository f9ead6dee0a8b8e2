//! `insert-frontmatter`, byte-exact: sets `key: value` in a doc's leading YAML block.
//!
//! The block is found on the bytes (after a byte-order mark, fences ending in `\n` or
//! `\r\n`); only the key's own line is written, in the file's line endings. Every other
//! byte — the byte-order mark, the other keys, the body, whatever its encoding — is
//! copied as it is.

use super::splice::{line_ending, terminator};
use crate::file_view::FileView;
use crate::scan::markdown::Frontmatter;

/// Sets `key: value` in the frontmatter, re-read now: rewrites the key's line when it
/// exists (never adding a second one), adds it before the closing `---` otherwise, and
/// adds a block after the byte-order mark when there is none.
pub(crate) fn set_frontmatter(view: &FileView, key: &str, value: &str) -> Vec<u8> {
    let bytes = view.bytes();
    let (bom, body) = bytes.split_at(view.bom_len());
    let new_line = format!("{key}: {value}");
    let lines: Vec<&[u8]> = body.split_inclusive(|b| *b == b'\n').collect();
    let block = lines
        .first()
        .filter(|l| is_fence(l))
        .and_then(|_| lines.iter().skip(1).position(|l| is_fence(l)).map(|i| i + 1));
    let Some(close) = block else {
        let eol = line_ending(body);
        let mut out = bom.to_vec();
        for line in ["---", new_line.as_str(), "---"] {
            out.extend_from_slice(line.as_bytes());
            out.extend_from_slice(eol);
        }
        out.extend_from_slice(body);
        return out;
    };
    // Keys are ASCII-checked; a lossy read can only blur values, never move a line.
    let yaml = String::from_utf8_lossy(&lines[1..close].concat()).into_owned();
    let fm = Frontmatter::parse(&yaml, 1, 2);
    let (at, replaces) = match fm.keys.iter().find(|k| k.key == key) {
        Some(k) if k.value == value => return bytes.to_vec(),
        Some(k) => {
            let i = (k.line as usize).saturating_sub(1);
            let own = lines.get(i).is_some_and(|l| writes_key(l, key));
            if own && i > 0 && i < close {
                (i, true)
            } else {
                (close, false)
            }
        }
        None => (close, false),
    };
    let eol = if replaces { terminator(lines[at]) } else { line_ending(lines[0]) };
    let mut out = bom.to_vec();
    out.extend(lines[..at].concat());
    out.extend_from_slice(new_line.as_bytes());
    out.extend_from_slice(eol);
    out.extend(lines[at + usize::from(replaces)..].concat());
    out
}

/// Whether `line` writes top-level `key:` (the key bare or double-quoted).
fn writes_key(line: &[u8], key: &str) -> bool {
    let quoted = format!("\"{key}\"");
    [key, quoted.as_str()].iter().any(|k| {
        line.strip_prefix(k.as_bytes())
            .is_some_and(|rest| rest.trim_ascii_start().starts_with(b":"))
    })
}

/// Whether `line` is a `---` fence (trailing blanks and either line ending allowed).
fn is_fence(line: &[u8]) -> bool {
    let text = line.strip_suffix(b"\n").unwrap_or(line);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    text.trim_ascii_end() == b"---"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fm(bytes: &[u8], key: &str, value: &str) -> Vec<u8> {
        set_frontmatter(&FileView::from_bytes(bytes.to_vec()), key, value)
    }

    #[test]
    fn frontmatter_is_added_updated_and_never_duplicated() {
        assert_eq!(fm(b"# T\n", "status", "archived"), b"---\nstatus: archived\n---\n# T\n");
        assert_eq!(
            fm(b"---\ntitle: x\n---\n# T\n", "status", "archived"),
            b"---\ntitle: x\nstatus: archived\n---\n# T\n"
        );
        assert_eq!(
            fm(b"---\nstatus: done\n---\n# T\n", "status", "archived"),
            b"---\nstatus: archived\n---\n# T\n"
        );
        assert_eq!(
            fm(b"---\n\"status\" : done\n---\n", "status", "archived"),
            b"---\nstatus: archived\n---\n"
        );
        let same = b"---\nstatus: archived\n---\n# T\n";
        assert_eq!(fm(same, "status", "archived"), same);
    }

    #[test]
    fn the_block_goes_after_a_bom_in_the_file_line_endings() {
        assert_eq!(
            fm(b"\xEF\xBB\xBF# T\r\n", "status", "archived"),
            b"\xEF\xBB\xBF---\r\nstatus: archived\r\n---\r\n# T\r\n"
        );
        assert_eq!(
            fm(b"\xEF\xBB\xBF---\r\nstatus: done\r\n---\r\n# Caf\xe9\r\n", "status", "archived"),
            b"\xEF\xBB\xBF---\r\nstatus: archived\r\n---\r\n# Caf\xe9\r\n"
        );
        assert_eq!(
            fm(b"---\r\ntitle: Caf\xe9\r\n---\r\n", "status", "archived"),
            b"---\r\ntitle: Caf\xe9\r\nstatus: archived\r\n---\r\n"
        );
    }
}
