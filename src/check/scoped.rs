//! `check --scope X` updates the report instead of replacing it: the entries, cleared
//! files and per-file notes inside X come from this check, the rest of the last report is
//! kept, and `parts` records which check (with which scopes) wrote which part. A scoped
//! check also looks for duplicates across the whole tree, so a doc inside X whose twin
//! lies outside it still carries its `duplicate_content` signal.
//!
//! Pure over its inputs: reads no file but through the scanner, prints nothing.

use std::collections::BTreeSet;
use std::path::Path;

use crate::error::Result;
use crate::report::totals::Totals;
use crate::report::{NoteKind, Report, ReportPart};
use crate::scan::{ScanArtifact, ScanOptions, Scope, Signal, SignalName};

/// Replaces the `duplicate_content` signals of the scoped scan's docs with the ones a
/// scan of the whole tree finds (a block is a copy when it has two homes in the tree,
/// not in the scope). Git history is not read for it: duplicates do not need it.
pub(crate) fn whole_tree_duplicates(
    root: &Path,
    options: &ScanOptions,
    scan: &mut ScanArtifact,
) -> Result<()> {
    let whole = ScanOptions { scopes: Vec::new(), use_git: false, config: options.config.clone() };
    let tree = crate::scan::scan(root, &whole)?;
    let dup = |s: &crate::scan::Signal| s.name == SignalName::DuplicateContent;
    for path in &scan.shortlist {
        let mut signals: Vec<_> = scan.signals.remove(path).unwrap_or_default();
        signals.retain(|s| !dup(s));
        let found = tree.signals.get(path).into_iter().flatten().filter(|s| dup(s)).cloned();
        signals.extend(found);
        signals.sort_by(Signal::artifact_order);
        if !signals.is_empty() && scan.files.contains_key(path) {
            scan.signals.insert(path.clone(), signals);
        }
    }
    Ok(())
}

/// Keeps the part of `last` outside `scopes` in `report` (this scoped check's report).
/// Inside the scope means in this check's shortlist or matched by a `--scope` value.
pub(crate) fn keep_rest_of(report: &mut Report, last: &Report, scopes: &[String]) -> Result<()> {
    let narrowing = Scope::new(&["**".to_string()], scopes, &[])?;
    let shortlist: BTreeSet<String> = report.shortlist.iter().cloned().collect();
    let outside = |path: &str| !shortlist.contains(path) && !narrowing.keeps_file(path);
    let kept_entries: Vec<_> = last.entries.iter().filter(|e| outside(&e.path)).cloned().collect();
    let kept_cleared: Vec<String> = last.cleared.iter().filter(|p| outside(p)).cloned().collect();
    let kept_notes: Vec<_> =
        last.notes.iter().filter(|n| n.path.as_deref().is_some_and(outside)).cloned().collect();
    let kept_shortlist: Vec<String> =
        last.shortlist.iter().filter(|p| outside(p)).cloned().collect();
    if kept_entries.is_empty() && kept_cleared.is_empty() && kept_shortlist.is_empty() {
        return Ok(());
    }
    let kept_ids: BTreeSet<&str> = kept_entries.iter().map(|e| e.id.as_str()).collect();
    let earlier = if last.parts.is_empty() {
        vec![ReportPart {
            op_id: last.op_id.clone(),
            generated_at: last.generated_at.clone(),
            scopes: last.scan.scope_globs.clone(),
            entries: last.entries.iter().map(|e| e.id.clone()).collect(),
            cleared: last.cleared.clone(),
        }]
    } else {
        last.parts.clone()
    };
    let mut parts = vec![ReportPart {
        op_id: report.op_id.clone(),
        generated_at: report.generated_at.clone(),
        scopes: scopes.to_vec(),
        entries: report.entries.iter().map(|e| e.id.clone()).collect(),
        cleared: report.cleared.clone(),
    }];
    for mut part in earlier {
        part.entries.retain(|id| kept_ids.contains(id.as_str()));
        part.cleared.retain(|p| kept_cleared.contains(p));
        if !part.entries.is_empty() || !part.cleared.is_empty() {
            parts.push(part);
        }
    }
    let mut kept_candidates: BTreeSet<&str> =
        kept_entries.iter().map(|e| e.path.as_str()).collect();
    kept_candidates.extend(kept_cleared.iter().map(String::as_str));
    let dropped = kept_notes.iter().filter(|n| n.kind == NoteKind::AnswerDropped);
    kept_candidates.extend(dropped.filter_map(|n| n.path.as_deref()));
    let candidates = report.totals.candidates + kept_candidates.len() as u64;

    report.scan.files_scanned += kept_shortlist.len() as u64;
    report.shortlist.extend(kept_shortlist);
    report.shortlist.sort();
    report.shortlist.dedup();
    report.entries.extend(kept_entries);
    super::finalize::sort_entries(&mut report.entries);
    report.cleared.extend(kept_cleared);
    report.cleared.sort();
    report.notes.extend(kept_notes);
    report.reused.extend(last.reused.iter().filter(|u| outside(&u.path)).cloned());
    report.reused.sort_by(|a, b| a.path.cmp(&b.path));
    report.totals = Totals::compute(&report.entries, candidates, report.cleared.len() as u64);
    report.parts = parts;
    Ok(())
}
