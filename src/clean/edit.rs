//! Turning located entries into file changes, in memory: per file, anchored edits
//! bottom-up (so earlier line numbers stay valid), then frontmatter, then a move. No
//! file is touched here; the caller journals the changes first.
//!
//! Every edit keeps every byte outside its span (`doc_edit/`, shared with check);
//! an entry that cannot — text that would mix encodings in a doc that is not UTF-8 — is
//! skipped with its reason, never applied lossily. So is an entry that would grow its doc
//! past `fsio::DOC_MAX_BYTES`: no clean leaves a doc its undo cannot read back.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use super::locate::Located;
use crate::doc_edit::{apply_exact, encoding_problem, inserted_text, replace_with_text};
use crate::error::{Error, Result};
use crate::file_view::FileView;
use crate::fsio::DOC_MAX_BYTES;
use crate::quote::quote_name;
use crate::report::{Anchor, EditKind};

/// One file's bytes before and after (`None` = absent).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Change {
    pub path: String,
    pub before: Option<Vec<u8>>,
    pub after: Option<Vec<u8>>,
}

/// The changes of a clean, and the entries that could not be applied with why.
#[derive(Debug, Default)]
pub(crate) struct Changes {
    pub changes: Vec<Change>,
    pub applied: Vec<String>,
    pub skipped: Vec<(String, String)>,
    /// The mode of each file a change creates or removes, by path: a moved doc's
    /// destination gets its source's mode, and undo recreates the source with it.
    pub modes: BTreeMap<String, u32>,
}

/// Plans every located entry; `rewrites` holds the agent's replacement text for each
/// generative entry, by entry id.
pub(crate) fn plan_changes(
    root: &Path,
    located: Vec<Located>,
    rewrites: &HashMap<String, String>,
) -> Result<Changes> {
    let mut by_file: BTreeMap<String, Vec<Located>> = BTreeMap::new();
    for l in located {
        by_file.entry(l.entry.path.clone()).or_default().push(l);
    }
    let mut out = Changes::default();
    for (path, mut edits) in by_file {
        let before = FileView::read(&root.join(&path))?.bytes().to_vec();
        let mut text = before.clone();
        // Anchored edits bottom-up; then frontmatter; the move last.
        edits.sort_by_key(|l| {
            let kind = l.entry.exact_edit.as_ref().map(|e| e.kind);
            let order = match kind {
                Some(EditKind::MoveToArchive) => 2,
                Some(EditKind::InsertFrontmatter) => 1,
                _ => 0,
            };
            (order, std::cmp::Reverse(l.anchor.map_or(0, |a| a.start_line)))
        });
        let mut lowest_touched: Option<u32> = None;
        // Whether every edit applied from `lowest_touched` down replaced text within its
        // lines, keeping them: two stale names on one line are two entries.
        let mut in_lines_only = true;
        let mut dest: Option<String> = None;
        let original = FileView::from_bytes(before.clone());
        for l in edits {
            if let Some(a) = l.anchor {
                let overlaps = lowest_touched.is_some_and(|low| a.end_line >= low);
                let composes = || {
                    in_lines_only
                        && replaces_in_lines(&l)
                        && same_matches(&original, &FileView::from_bytes(text.clone()), &l, a)
                };
                if overlaps && !composes() {
                    out.skipped.push((
                        l.entry.id.clone(),
                        "overlaps another entry applied to the same lines".into(),
                    ));
                    continue;
                }
                in_lines_only = if overlaps {
                    in_lines_only && replaces_in_lines(&l)
                } else {
                    replaces_in_lines(&l)
                };
                lowest_touched =
                    Some(lowest_touched.map_or(a.start_line, |low| low.min(a.start_line)));
            }
            let view = FileView::from_bytes(text.clone());
            match apply_one(&path, &view, &l, rewrites) {
                Ok(Applied::Text(next)) if next.len() as u64 > DOC_MAX_BYTES => {
                    out.skipped.push((l.entry.id.clone(), over_limit(&path, next.len())));
                    continue;
                }
                Ok(Applied::Text(next)) => text = next,
                Ok(Applied::Move(to)) => dest = Some(to),
                Err(reason) => {
                    out.skipped.push((l.entry.id.clone(), reason));
                    continue;
                }
            }
            out.applied.push(l.entry.id.clone());
        }
        match dest {
            Some(dest) => {
                if root.join(&dest).symlink_metadata().is_ok() {
                    return Err(Error::stale(
                        format!(
                            "{} exists, so {} cannot be moved there",
                            quote_name(&dest),
                            quote_name(&path)
                        ),
                        "run `dochygiene check` again",
                    ));
                }
                if let Some(mode) = mode_of(&root.join(&path)) {
                    out.modes.insert(path.clone(), mode);
                    out.modes.insert(dest.clone(), mode);
                }
                out.changes.push(Change { path: path.clone(), before: Some(before), after: None });
                out.changes.push(Change { path: dest, before: None, after: Some(text) });
            }
            None if text != before => {
                out.changes.push(Change { path, before: Some(before), after: Some(text) })
            }
            None => {}
        }
    }
    Ok(out)
}

/// Whether `l` replaces text within its lines and keeps them: a `replace-text` whose
/// match and replacement hold no line break. Such edits compose on one line.
fn replaces_in_lines(l: &Located) -> bool {
    l.entry.exact_edit.as_ref().is_some_and(|e| {
        e.kind == EditKind::ReplaceText
            && !e.match_text.as_deref().unwrap_or_default().contains('\n')
            && !e.replacement.as_deref().unwrap_or_default().contains('\n')
    })
}

/// Whether `l`'s match occurs as often in its lines now (`current`, after the edits
/// below and on them) as in the file it was checked against (`original`): an earlier
/// replacement that wrote or removed an occurrence would change what this one replaces.
fn same_matches(original: &FileView, current: &FileView, l: &Located, a: Anchor) -> bool {
    let Some(needle) = l.entry.exact_edit.as_ref().and_then(|e| e.match_text.as_deref()) else {
        return false;
    };
    if needle.is_empty() || a.end_line > current.line_count() {
        return false;
    }
    let count = |view: &FileView| {
        let span = view.span(a);
        span.windows(needle.len()).filter(|w| *w == needle.as_bytes()).count()
    };
    let before = count(original);
    before > 0 && before == count(current)
}

/// Why an edit that would leave a doc of `len` bytes is skipped: a doc over the limit is
/// one the scan, a later clean and this clean's undo would refuse to read.
fn over_limit(path: &str, len: usize) -> String {
    format!(
        "the edit would make {} {len} bytes, over the {DOC_MAX_BYTES}-byte limit of a doc (which the scan and undo would refuse to read); shorten the doc by hand first",
        quote_name(path)
    )
}

/// The permission bits of the file at `path`, if it can be read.
fn mode_of(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).ok().map(|m| m.permissions().mode() & 0o7777)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// What one entry does to its file.
enum Applied {
    /// The file's new bytes.
    Text(Vec<u8>),
    /// The file moves there (its bytes unchanged).
    Move(String),
}

/// Applies one located entry to `view` (the file as the entries before it left it), or
/// says why it cannot be applied byte-exactly.
fn apply_one(
    path: &str,
    view: &FileView,
    l: &Located,
    rewrites: &HashMap<String, String>,
) -> std::result::Result<Applied, String> {
    let anchor = || l.anchor.expect("anchor kinds and generative entries are located by one");
    let checked = |inserted: &str, rewritten: Option<Anchor>| {
        encoding_problem(path, view, inserted, rewritten).map_or(Ok(()), Err)
    };
    let Some(edit) = l.entry.exact_edit.as_ref() else {
        let a = anchor();
        checked("", Some(a))?;
        let replacement = rewrites.get(&l.entry.id).ok_or("no rewrite was answered")?;
        checked(replacement, None)?;
        return Ok(Applied::Text(replace_with_text(view, a, replacement)));
    };
    if let Some(text) = inserted_text(path, edit) {
        checked(&text, None)?;
    }
    match apply_exact(path, view, edit, l.anchor)? {
        Some(text) => Ok(Applied::Text(text)),
        None => Ok(Applied::Move(edit.dest_path.clone().unwrap_or_default())),
    }
}
