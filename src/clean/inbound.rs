//! Clean's side of a move's references and own links (SPEC section 13). The guard: a
//! move applies only while its destination is still free and the references found in the
//! files now are exactly the ones the report planned (`inbound::difference`); otherwise
//! the entry is stale, with the reason (the doc's own links need no guard of their own:
//! the whole-file hash guards its bytes). The plan: two moves to one destination are
//! skipped; each moved doc's own links are rewritten in its destination's bytes for the
//! moves that apply together; every referring file's rewrite joins the same changes (so
//! the same journal, and one undo). Writes nothing.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use super::edit::{plan_changes, Change, Changes};
use super::files::current;
use super::locate::Located;
use crate::dest_rules::dest_problem;
use crate::error::Result;
use crate::inbound::{difference, find_inbound, rewrite_file, rewrite_own_links, Move, Sites};
use crate::op::Skipped;
use crate::report::{EditKind, Entry};

/// The source and destination of a move entry.
fn move_of(entry: &Entry) -> Option<Move<'_>> {
    let edit = entry.exact_edit.as_ref().filter(|e| e.kind == EditKind::MoveToArchive)?;
    Some(Move { source: &entry.path, dest: edit.dest_path.as_deref()? })
}

/// Keeps the located entries whose moves still apply; the rest go to `stale` with why.
/// `docs` are the report's shortlist (the docs searched for links).
pub(crate) fn guard_moves(
    root: &Path,
    docs: &[String],
    located: Vec<Located>,
    stale: &mut Vec<Skipped>,
) -> Vec<Located> {
    let mut kept = Vec::with_capacity(located.len());
    for l in located {
        let problem = move_of(&l.entry)
            .and_then(|m| dest_problem(root, m.source, m.dest).map(|p| (m, p)))
            .map(|(m, p)| format!("{} cannot move to {}: {p}", m.source, m.dest));
        match problem {
            Some(reason) => stale.push(Skipped { id: l.entry.id.clone(), reason }),
            None => kept.push(l),
        }
    }
    let moves: Vec<Move<'_>> = kept.iter().filter_map(|l| move_of(&l.entry)).collect();
    let now = find_inbound(root, docs, &moves);
    let mut changed: BTreeMap<String, String> = BTreeMap::new();
    for l in &kept {
        if let Some(m) = move_of(&l.entry) {
            if let Some(why) = difference(m.source, l.entry.inbound.as_ref(), now.get(m.source)) {
                changed.insert(l.entry.id.clone(), why);
            }
        }
    }
    kept.retain(|l| match changed.remove(&l.entry.id) {
        Some(reason) => {
            stale.push(Skipped { id: l.entry.id.clone(), reason });
            false
        }
        None => true,
    });
    kept
}

/// The changes of `located` (see `plan_changes`) with every applied move's own links and
/// inbound references rewritten. Two moves to one destination are skipped first.
pub(crate) fn plan_with_inbound(
    root: &Path,
    located: Vec<Located>,
    rewrites: &HashMap<String, String>,
) -> Result<Changes> {
    let (located, conflicts) = drop_conflicts(located);
    let moves: Vec<Entry> =
        located.iter().filter(|l| move_of(&l.entry).is_some()).map(|l| l.entry.clone()).collect();
    let mut changes = plan_changes(root, located, rewrites)?;
    changes.skipped.extend(conflicts);
    let applied = follow_own_links(&mut changes, &moves);
    let applied_moves: Vec<Move<'_>> = applied.iter().filter_map(|e| move_of(e)).collect();
    let mut files: Vec<&str> = applied
        .iter()
        .filter_map(|e| e.inbound.as_ref())
        .flat_map(|i| i.rewrites.iter().map(|f| f.path.as_str()))
        .collect();
    files.sort();
    files.dedup();
    let sites = Sites::read(root);
    for path in files {
        let pending = changes.changes.iter_mut().find(|c| c.path == path);
        match pending {
            Some(Change { after: Some(after), .. }) => {
                *after = rewrite_file(&sites, path, after, &applied_moves);
            }
            // A referring doc this clean moves: its own links were rewritten for every
            // move that applies, this one included.
            Some(Change { after: None, .. }) => {}
            None => {
                let Some(before) = current(root, path)? else { continue };
                let after = rewrite_file(&sites, path, &before, &applied_moves);
                if after != before {
                    let path = path.to_string();
                    changes.changes.push(Change { path, before: Some(before), after: Some(after) });
                }
            }
        }
    }
    Ok(changes)
}

/// Rewrites each applied move's own links in its destination's bytes, for the moves that
/// apply together; returns those moves. A moved doc that now holds a link that needs a new
/// path and cannot get one which the report did not plan (an edit of this clean put it
/// there) is not moved: the move is skipped with why, the doc's other edits apply where
/// it is, and the rest are planned again without it.
fn follow_own_links<'e>(changes: &mut Changes, moves: &'e [Entry]) -> Vec<&'e Entry> {
    loop {
        let applied: Vec<&Entry> =
            moves.iter().filter(|e| changes.applied.contains(&e.id)).collect();
        let together: Vec<Move<'_>> = applied.iter().filter_map(|e| move_of(e)).collect();
        let mut rewritten = Vec::new();
        let mut stays = None;
        for e in &applied {
            let Some(m) = move_of(e) else { continue };
            let Some(i) =
                changes.changes.iter().position(|c| c.path == m.dest && c.before.is_none())
            else {
                continue;
            };
            let text = changes.changes[i].after.as_deref().unwrap_or_default();
            let (bytes, reasons) = rewrite_own_links(m, text, &together);
            let planned: BTreeSet<&str> = e
                .outbound
                .iter()
                .flat_map(|o| &o.unrewritable)
                .map(|r| r.reason.as_str())
                .collect();
            if let Some(reason) = reasons.into_iter().find(|r| !planned.contains(r.as_str())) {
                stays = Some((e.id.as_str(), m, reason));
                break;
            }
            rewritten.push((i, bytes));
        }
        match stays {
            None => {
                for (i, bytes) in rewritten {
                    changes.changes[i].after = Some(bytes);
                }
                return applied;
            }
            Some((id, m, reason)) => stay_in_place(changes, id, m, &reason),
        }
    }
}

/// Takes move `m` (entry `id`) back out of `changes`: its doc keeps its path and this
/// clean's other edits to it.
fn stay_in_place(changes: &mut Changes, id: &str, m: Move<'_>, reason: &str) {
    let text = changes
        .changes
        .iter()
        .position(|c| c.path == m.dest && c.before.is_none())
        .and_then(|i| changes.changes.remove(i).after);
    if let Some(i) = changes.changes.iter().position(|c| c.path == m.source) {
        changes.changes[i].after = text;
        if changes.changes[i].after == changes.changes[i].before {
            changes.changes.remove(i);
        }
    }
    changes.modes.remove(m.source);
    changes.modes.remove(m.dest);
    changes.applied.retain(|applied| applied != id);
    changes.skipped.push((
        id.to_string(),
        format!(
            "{} was not moved: after this clean's other edits it holds a link the move cannot rewrite ({reason}); run `dochygiene check` again",
            m.source
        ),
    ));
}

/// Splits off the moves that cannot share this clean (two to one destination), with the
/// reason.
fn drop_conflicts(located: Vec<Located>) -> (Vec<Located>, Vec<(String, String)>) {
    let mut claimed: BTreeMap<String, String> = BTreeMap::new();
    let mut kept = Vec::with_capacity(located.len());
    let mut dropped = Vec::new();
    for l in located {
        let Some(m) = move_of(&l.entry) else {
            kept.push(l);
            continue;
        };
        match crate::dest_rules::collision(&claimed, m.source, m.dest) {
            Some(clash) => {
                dropped.push((l.entry.id.clone(), format!("{clash}; run `dochygiene check` again")))
            }
            None => {
                claimed.insert(m.dest.to_string(), m.source.to_string());
                kept.push(l);
            }
        }
    }
    (kept, dropped)
}
