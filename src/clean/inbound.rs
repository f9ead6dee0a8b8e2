//! Clean's side of a move's inbound references (SPEC section 13). The guard: a move
//! applies only while its destination is still free and the references found in the
//! files now are exactly the ones the report planned (`inbound::difference`); otherwise
//! the entry is stale, with the reason. The plan: moves that would step on each other in
//! one clean are skipped, and every referring file's rewrite joins the same changes (so
//! the same journal, and one undo). Writes nothing.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use super::edit::{plan_changes, Change, Changes};
use super::files::current;
use super::journal::Skipped;
use super::locate::Located;
use crate::check::dest_problem;
use crate::error::Result;
use crate::inbound::{difference, find_inbound, rewrite_file, Move, Sites};
use crate::report::{EditKind, Entry};

/// The source and destination of a move entry.
fn move_of(entry: &Entry) -> Option<Move<'_>> {
    let edit = entry.exact_edit.as_ref().filter(|e| e.kind == EditKind::MoveToArchive)?;
    Some(Move { source: &entry.path, dest: edit.dest_path.as_deref()? })
}

/// Keeps the located entries whose moves still apply; the rest go to `stale` with why.
/// `docs` are the report's shortlist (the docs searched for links).
pub fn guard_moves(
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

/// The changes of `located` (see `plan_changes`) with every applied move's inbound
/// rewrites added. Moves that would step on each other are skipped first: two to one
/// destination, or one whose referring file another move of this clean takes away.
pub fn plan_with_inbound(
    root: &Path,
    located: Vec<Located>,
    rewrites: &HashMap<String, String>,
) -> Result<Changes> {
    let (located, conflicts) = drop_conflicts(located);
    let moves: Vec<Entry> =
        located.iter().filter(|l| move_of(&l.entry).is_some()).map(|l| l.entry.clone()).collect();
    let mut changes = plan_changes(root, located, rewrites)?;
    changes.skipped.extend(conflicts);
    let applied: Vec<&Entry> = moves.iter().filter(|e| changes.applied.contains(&e.id)).collect();
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
            Some(Change { after: None, .. }) => {} // removed by this clean: not a conflict left
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

/// Splits off the moves that cannot share this clean, with the reason.
fn drop_conflicts(located: Vec<Located>) -> (Vec<Located>, Vec<(String, String)>) {
    let sources: Vec<String> =
        located.iter().filter_map(|l| move_of(&l.entry)).map(|m| m.source.to_string()).collect();
    let mut claimed: BTreeMap<String, String> = BTreeMap::new();
    let mut kept = Vec::with_capacity(located.len());
    let mut dropped = Vec::new();
    for l in located {
        let Some(m) = move_of(&l.entry) else {
            kept.push(l);
            continue;
        };
        let referrer = l
            .entry
            .inbound
            .iter()
            .flat_map(|i| &i.rewrites)
            .find_map(|f| sources.iter().find(|s| **s == f.path).map(|s| s.to_string()));
        let clash = crate::check::dest_collision(&claimed, m.source, m.dest);
        let reason = match (referrer, clash) {
            (Some(other), _) => Some(format!(
                "{other} links to {} and this clean moves {other} too; apply this entry on its own with `dochygiene clean --entry {}`",
                m.source, l.entry.id
            )),
            (None, Some(clash)) => Some(format!("{clash}; run `dochygiene check` again")),
            (None, None) => None,
        };
        match reason {
            Some(reason) => dropped.push((l.entry.id.clone(), reason)),
            None => {
                claimed.insert(m.dest.to_string(), m.source.to_string());
                kept.push(l);
            }
        }
    }
    (kept, dropped)
}
