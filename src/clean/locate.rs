//! The content guard (SPEC section 9): where, if anywhere, an entry still applies.
//!
//! The whole file hashing to `file_sha256` → apply at the anchor as reported. Otherwise,
//! for anchor kinds: the anchored lines still hashing to `expected_sha256` → apply there;
//! else exactly one run of as many lines anywhere in the file hashing to it → apply at
//! that place. Anything else is stale. Reads only.

use std::path::Path;

use crate::file_view::FileView;
use crate::hash::sha256_hex;
use crate::quote::quote_name;
use crate::report::{Anchor, Entry};

/// Where an entry applies now.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Located {
    pub entry: Entry,
    /// The anchor at its current place (anchor kinds only).
    pub anchor: Option<Anchor>,
}

/// Finds where `entry` applies in the file as it is now, or says why it is stale.
pub(crate) fn locate(root: &Path, entry: &Entry) -> Result<Located, String> {
    let (anchor, expected, file_sha256) = match (&entry.exact_edit, &entry.guard) {
        (Some(e), _) => (e.anchor, e.expected_sha256.as_deref(), e.file_sha256.as_str()),
        (None, Some(g)) => {
            (Some(g.anchor), Some(g.expected_sha256.as_str()), g.file_sha256.as_str())
        }
        (None, None) => {
            return Err("the entry carries no guard; run `dochygiene check` again".into())
        }
    };
    let path = root.join(&entry.path);
    let file = match FileView::read(&path) {
        Ok(f) => f,
        Err(_) => return Err(format!("{} is gone", quote_name(&entry.path))),
    };
    if file.sha256() == file_sha256 {
        return Ok(Located { entry: entry.clone(), anchor });
    }
    let (Some(anchor), Some(expected)) = (anchor, expected) else {
        return Err(format!("{} changed since the check", quote_name(&entry.path)));
    };
    if file.contains(anchor) && sha256_hex(file.span(anchor)) == expected {
        return Ok(Located { entry: entry.clone(), anchor: Some(anchor) });
    }
    match find_unique_span(&file, anchor, expected) {
        Some(moved) => Ok(Located { entry: entry.clone(), anchor: Some(moved) }),
        None => Err(format!(
            "{} changed since the check and lines {}-{} are no longer there exactly once",
            quote_name(&entry.path),
            anchor.start_line,
            anchor.end_line
        )),
    }
}

fn find_unique_span(file: &FileView, anchor: Anchor, expected: &str) -> Option<Anchor> {
    let len = anchor.end_line - anchor.start_line;
    let mut found = None;
    for start in 1..=file.line_count().saturating_sub(len) {
        let candidate = Anchor { start_line: start, end_line: start + len };
        if sha256_hex(file.span(candidate)) == expected {
            if found.is_some() {
                return None;
            }
            found = Some(candidate);
        }
    }
    found
}
