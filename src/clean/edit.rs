//! Turning located entries into file changes, in memory: per file, anchored edits
//! bottom-up (so earlier line numbers stay valid), then frontmatter, then a move. No
//! file is touched here; the caller journals the changes first.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use super::locate::Located;
use crate::check::FileView;
use crate::error::{Error, Result};
use crate::report::{Anchor, EditKind};
use crate::scan::markdown::Frontmatter;
use crate::scan::resolve::{parent_dir, relative_path};

/// One file's bytes before and after (`None` = absent).
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub path: String,
    pub before: Option<Vec<u8>>,
    pub after: Option<Vec<u8>>,
}

/// The changes of a clean, and the entries that could not be applied with why.
#[derive(Debug, Default)]
pub struct Changes {
    pub changes: Vec<Change>,
    pub applied: Vec<String>,
    pub skipped: Vec<(String, String)>,
}

/// Plans every located entry; `rewrites` holds the agent's replacement text for each
/// generative entry, by entry id.
pub fn plan_changes(
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
        let mut dest: Option<String> = None;
        for l in edits {
            if let Some(a) = l.anchor {
                if lowest_touched.is_some_and(|low| a.end_line >= low) {
                    out.skipped.push((
                        l.entry.id.clone(),
                        "overlaps another entry applied to the same lines".into(),
                    ));
                    continue;
                }
                lowest_touched = Some(a.start_line);
            }
            let view = FileView::from_bytes(text.clone());
            let Some(edit) = l.entry.exact_edit.as_ref() else {
                let a = l.anchor.expect("generative entries are located by their guard");
                let Some(replacement) = rewrites.get(&l.entry.id) else {
                    out.skipped.push((l.entry.id.clone(), "no rewrite was answered".into()));
                    continue;
                };
                let mut replacement = replacement.clone();
                if view.span(a).ends_with(b"\n")
                    && !replacement.is_empty()
                    && !replacement.ends_with('\n')
                {
                    replacement.push('\n');
                }
                text = splice(&view, a, replacement.as_bytes());
                out.applied.push(l.entry.id.clone());
                continue;
            };
            let next = match edit.kind {
                EditKind::DeleteRange => splice(&view, l.anchor.expect("anchor kind"), b""),
                EditKind::ReplaceText => {
                    let a = l.anchor.expect("anchor kind");
                    let span = view.span_text(a).into_owned();
                    let m = edit.match_text.as_deref().unwrap_or_default();
                    if m.is_empty() || !span.contains(m) {
                        out.skipped
                            .push((l.entry.id.clone(), format!("{m:?} is no longer in lines {a}")));
                        continue;
                    }
                    let replaced = span.replace(m, edit.replacement.as_deref().unwrap_or_default());
                    splice(&view, a, replaced.as_bytes())
                }
                EditKind::Dedupe => {
                    let a = l.anchor.expect("anchor kind");
                    let canonical = edit.canonical_ref.as_deref().unwrap_or_default();
                    let link = relative_path(parent_dir(&path), canonical);
                    let line = format!("See [{canonical}]({link}).\n");
                    splice(&view, a, line.as_bytes())
                }
                EditKind::InsertFrontmatter => set_frontmatter(
                    &view,
                    edit.key.as_deref().unwrap_or_default(),
                    edit.value.as_deref().unwrap_or_default(),
                ),
                EditKind::MoveToArchive => {
                    dest = edit.dest_path.clone();
                    text.clone()
                }
            };
            text = next;
            out.applied.push(l.entry.id.clone());
        }
        match dest {
            Some(dest) => {
                if root.join(&dest).symlink_metadata().is_ok() {
                    return Err(Error::stale(
                        format!("{dest} exists, so {path} cannot be moved there"),
                        "run `dochygiene check` again",
                    ));
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

/// The file with lines `a` replaced by `with`.
fn splice(view: &FileView, a: Anchor, with: &[u8]) -> Vec<u8> {
    let bytes = view.bytes();
    let span = view.span(a);
    let start = span.as_ptr() as usize - bytes.as_ptr() as usize;
    let mut out = Vec::with_capacity(bytes.len() + with.len());
    out.extend_from_slice(&bytes[..start]);
    out.extend_from_slice(with);
    out.extend_from_slice(&bytes[start + span.len()..]);
    out
}

/// Sets `key: value` in the YAML frontmatter, re-read now: updates the key's line when it
/// exists (never adding a second one), adds it before the closing `---` otherwise, and
/// adds a frontmatter block when there is none.
fn set_frontmatter(view: &FileView, key: &str, value: &str) -> Vec<u8> {
    let text = view.text().into_owned();
    let new_line = format!("{key}: {value}");
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let is_fence = |l: &str| l.trim_end() == "---";
    if lines.first().is_some_and(|l| is_fence(l)) {
        if let Some(close) = lines.iter().skip(1).position(|l| is_fence(l)).map(|i| i + 1) {
            let body: String = lines[1..close].concat();
            let fm = Frontmatter::parse(&body, 1, 2);
            let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            match fm.keys.iter().find(|k| k.key == key) {
                Some(k) if k.value == value => return view.bytes().to_vec(),
                Some(k) => {
                    let i = (k.line - 1) as usize;
                    if out[i].starts_with(&format!("{key}:")) {
                        out[i] = format!("{new_line}\n");
                    } else {
                        out.insert(close, format!("{new_line}\n"));
                    }
                }
                None => out.insert(close, format!("{new_line}\n")),
            }
            return out.concat().into_bytes();
        }
    }
    format!("---\n{new_line}\n---\n{text}").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fm(text: &str, key: &str, value: &str) -> String {
        String::from_utf8(set_frontmatter(
            &FileView::from_bytes(text.as_bytes().to_vec()),
            key,
            value,
        ))
        .unwrap()
    }

    #[test]
    fn frontmatter_is_added_updated_and_never_duplicated() {
        assert_eq!(fm("# T\n", "status", "archived"), "---\nstatus: archived\n---\n# T\n");
        assert_eq!(
            fm("---\ntitle: x\n---\n# T\n", "status", "archived"),
            "---\ntitle: x\nstatus: archived\n---\n# T\n"
        );
        assert_eq!(
            fm("---\nstatus: done\n---\n# T\n", "status", "archived"),
            "---\nstatus: archived\n---\n# T\n"
        );
        let same = "---\nstatus: archived\n---\n# T\n";
        assert_eq!(fm(same, "status", "archived"), same);
    }

    #[test]
    fn splice_replaces_whole_lines() {
        let v = FileView::from_bytes(b"a\nb\nc\n".to_vec());
        assert_eq!(splice(&v, Anchor { start_line: 2, end_line: 2 }, b""), b"a\nc\n");
        assert_eq!(splice(&v, Anchor { start_line: 1, end_line: 3 }, b"x\n"), b"x\n");
    }
}
