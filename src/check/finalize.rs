//! Finalize (SPEC section 8): turns accepted answers into report entries with every guard
//! field computed here — hashes, flags, a move's inbound references and own links, tier,
//! token counts, ids — and assembles the report. It never calls a model and never trusts
//! one with a computed field.

use std::collections::BTreeMap;
use std::path::Path;

use super::candidates::Candidates;
use super::category_filter::CategoryFilter;
use super::plan::{Outcome, Outcomes};
use crate::doc_edit::apply_exact;
use crate::error::{Error, Result};
use crate::file_view::FileView;
use crate::handshake::{AllSettled, MAX_REASKS};
use crate::hash::sha256_hex;
use crate::inbound::{find_inbound, plan_own_links, Move};
use crate::protocol::{ClassifyAnswer, Dismissal, Proposal, Verdict};
use crate::report::entry_id::entry_id;
use crate::report::kind_table::{derive_safety_tier, flags_for};
use crate::report::totals::round_tokens;
use crate::report::{
    Anchor, CitedSignal, DismissedSignal, EditKind, Entry, ExactEdit, Inbound, Note, NoteKind,
    Outbound, Report, ReusedVerdict, SavingBasis, ScanSummary, SpanGuard, TokenEstimate,
    TokenSaving, Totals, SCHEMA_VERSION,
};
use crate::scan::{ScanArtifact, Signal};
use crate::tokens::Estimator;

/// Everything finalize reads.
pub(crate) struct FinalizeInput<'a> {
    pub root: &'a Path,
    pub op_id: &'a str,
    /// The persisted finalize instant (RFC 3339): the report's and every entry's time.
    pub instant: &'a str,
    pub scan: &'a ScanArtifact,
    pub candidates: &'a Candidates,
    /// Every candidate's outcome, with no request open (only the round makes one).
    pub outcomes: &'a AllSettled<Outcomes>,
    pub filter: &'a CategoryFilter,
    pub estimator: &'a Estimator,
}

/// Builds the report.
pub(crate) fn finalize(input: &FinalizeInput<'_>) -> Result<Report> {
    let mut entries = Vec::new();
    let mut cleared = Vec::new();
    let mut cleared_reasons = BTreeMap::new();
    let mut dismissed = Vec::new();
    let mut notes = Vec::new();
    let mut filtered = 0usize;
    let mut reused = Vec::new();
    let moves = moves_of(input);
    let inbound = find_inbound(input.root, &input.scan.shortlist, &moves);
    for (path, outcome) in input.outcomes.get() {
        if let Outcome::Accepted { reused_from: Some(op_id), .. } = outcome {
            reused.push(ReusedVerdict { path: path.clone(), op_id: op_id.clone() });
        }
        match outcome {
            Outcome::Accepted { answer, .. } if answer.verdict == Verdict::Clear => {
                cleared.push(path.clone());
                if let Some(why) = answer.why.as_deref().map(str::trim).filter(|w| !w.is_empty()) {
                    cleared_reasons.insert(path.clone(), why.to_string());
                }
            }
            Outcome::Accepted { request_id, answer, reused_from, dropped: partly } => {
                // Reused or not, the entry is finalized against today's bytes: hashes,
                // guards, tier and tokens are never carried over.
                if !partly.is_empty() {
                    notes.push(Note {
                        kind: NoteKind::AnswerDropped,
                        path: Some(path.clone()),
                        request_id: Some(request_id.to_string()),
                        message: format!(
                            "proposals of the classify_file answer failed validation {} times and were dropped; its other proposals were kept: {}",
                            MAX_REASKS + 1,
                            partly.join("; ")
                        ),
                    });
                }
                dismissed.extend(dismissed_signals(input.candidates, path, answer));
                let file = FileView::read(&input.root.join(path))?;
                for p in &answer.entries {
                    if input.filter.keeps(&p.category) {
                        let links = Links { inbound: inbound.get(path), moves: &moves };
                        let mut e = entry(input, path, &file, p, links)?;
                        e.reused_from = reused_from.clone();
                        entries.push(e);
                    } else {
                        filtered += 1;
                    }
                }
            }
            Outcome::Dropped { request_id, violations } => notes.push(Note {
                kind: NoteKind::AnswerDropped,
                path: Some(path.clone()),
                request_id: Some(request_id.to_string()),
                message: format!(
                    "the classify_file answer failed validation {} times and was dropped: {}",
                    MAX_REASKS + 1,
                    violations.join("; ")
                ),
            }),
        }
    }
    if filtered > 0 {
        notes.push(Note {
            kind: NoteKind::CategoryFiltered,
            path: None,
            request_id: None,
            message: format!(
                "{} outside --category {} {} left out",
                crate::plural::count(filtered as u64, "proposal", "proposals"),
                input.filter.values().join(", "),
                if filtered == 1 { "was" } else { "were" }
            ),
        });
    }
    for path in &input.candidates.not_asked {
        notes.push(Note {
            kind: NoteKind::CategoryFiltered,
            path: Some(path.clone()),
            request_id: None,
            message: format!(
                "not asked: no signal of this file can produce an entry of --category {}",
                input.filter.values().join(", ")
            ),
        });
    }
    if !input.scan.git.used {
        notes.push(Note {
            kind: NoteKind::GitSkipped,
            path: None,
            request_id: None,
            message: input
                .scan
                .git
                .note
                .clone()
                .unwrap_or_else(|| "git history was not read; git signals were skipped".into()),
        });
    }
    sort_entries(&mut entries);
    let candidates = input.candidates.candidates.len() as u64;
    let totals = Totals::compute(&entries, candidates, cleared.len() as u64);
    let scan = input.scan;
    Ok(Report {
        schema_version: SCHEMA_VERSION.to_string(),
        tool_version: crate::TOOL_VERSION.to_string(),
        generated_at: input.instant.to_string(),
        op_id: input.op_id.to_string(),
        scan: ScanSummary {
            project_root: scan.project_root.clone(),
            scope_globs: scan.scope_globs.clone(),
            excluded_dirs: scan.excluded_dirs.clone(),
            files_scanned: scan.files_scanned,
            category_filter: input.filter.values().to_vec(),
        },
        shortlist: scan.shortlist.clone(),
        cleared,
        cleared_reasons,
        dismissed,
        entries,
        notes,
        totals,
        reused,
        parts: Vec::new(),
    })
}

/// The report's entry order: by path, then first line, then id.
pub(super) fn sort_entries(entries: &mut [Entry]) {
    entries.sort_by(|a, b| {
        let start =
            |e: &Entry| e.exact_edit.as_ref().and_then(|x| x.anchor).map_or(0, |a| a.start_line);
        (a.path.as_str(), start(a), a.id.as_str()).cmp(&(b.path.as_str(), start(b), b.id.as_str()))
    });
}

/// Every move a kept proposal makes.
fn moves_of<'a>(input: &FinalizeInput<'a>) -> Vec<Move<'a>> {
    let mut moves = Vec::new();
    for (path, outcome) in input.outcomes.get() {
        let Outcome::Accepted { answer, .. } = outcome else { continue };
        for p in answer.entries.iter().filter(|p| input.filter.keeps(&p.category)) {
            let edit = p.exact_edit.as_ref().filter(|e| e.kind == EditKind::MoveToArchive);
            if let Some(dest) = edit.and_then(|e| e.dest_path.as_deref()) {
                moves.push(Move { source: path.as_str(), dest });
            }
        }
    }
    moves
}

/// What a move's entry needs beside its own file: the references to the doc, and every
/// move of the report (a link to another moved doc may need a new path only then).
struct Links<'a> {
    inbound: Option<&'a Inbound>,
    moves: &'a [Move<'a>],
}

fn entry(
    input: &FinalizeInput<'_>,
    path: &str,
    file: &FileView,
    p: &Proposal,
    links: Links<'_>,
) -> Result<Entry> {
    let kind = p.exact_edit.as_ref().map(|e| e.kind);
    let anchor = p.exact_edit.as_ref().and_then(|e| e.anchor);
    let (is_destructive, is_reversible) = flags_for(kind);
    let dest = p.exact_edit.as_ref().filter(|e| e.kind == EditKind::MoveToArchive);
    let dest = dest.and_then(|e| e.dest_path.as_deref());
    let inbound = links.inbound.filter(|_| dest.is_some()).cloned();
    let outbound = dest
        .and_then(|dest| plan_own_links(Move { source: path, dest }, file.bytes(), links.moves));
    let unrewritable = inbound.as_ref().is_some_and(Inbound::has_unrewritable)
        || outbound.as_ref().is_some_and(Outbound::has_unrewritable);
    let whole = Anchor { start_line: 1, end_line: file.line_count().max(1) };
    let span: Option<Anchor> = match kind {
        Some(EditKind::MoveToArchive) => Some(whole),
        Some(EditKind::InsertFrontmatter) => None,
        Some(_) => anchor,
        None => p.reducible_range,
    };
    let raw_tokens = span.map_or(0, |a| input.estimator.count(&file.span_text(a)));
    let observed = p.signals.contains(&CitedSignal::AgentObservation);
    let facts = input
        .scan
        .files
        .get(path)
        .ok_or_else(|| Error::Internal(format!("no file facts for {path}")))?;
    let frequency = facts.injection_frequency;
    let exact_edit = p.exact_edit.as_ref().map(|e| ExactEdit {
        kind: e.kind,
        anchor: e.anchor,
        dest_path: e.dest_path.clone(),
        key: e.key.clone(),
        value: e.value.clone(),
        canonical_ref: e.canonical_ref.clone(),
        match_text: e.match_text.clone(),
        replacement: e.replacement.clone(),
        expected_sha256: e.anchor.map(|a| sha256_hex(file.span(a))),
        file_sha256: file.sha256(),
    });
    let token_saving = match &exact_edit {
        Some(edit) => measured_saving(input.estimator, path, file, edit, raw_tokens, frequency),
        None => TokenSaving::estimate(raw_tokens, frequency),
    };
    let guard = match (&p.exact_edit, p.reducible_range) {
        (None, Some(range)) => Some(SpanGuard {
            anchor: range,
            expected_sha256: sha256_hex(file.span(range)),
            file_sha256: file.sha256(),
        }),
        _ => None,
    };
    Ok(Entry {
        id: entry_id(path, p.category.subtype, kind, anchor),
        path: path.to_string(),
        generated_at: input.instant.to_string(),
        category: p.category,
        signals: dedup(&p.signals),
        agent_found: observed,
        evidence: p.evidence.clone().filter(|_| observed),
        detail: p.detail.clone(),
        op: p.op.trim().to_string(),
        op_type: p.op_type,
        exact_edit,
        guard,
        inbound,
        outbound,
        is_destructive,
        is_reversible,
        safety_tier: derive_safety_tier(p.op_type, is_destructive, is_reversible, unrewritable),
        token_estimate: TokenEstimate {
            raw_tokens,
            encoding: input.estimator.encoding(),
            injection_frequency: frequency,
            weighted_tokens: round_tokens(raw_tokens as f64 * frequency),
        },
        token_saving: Some(token_saving),
        confidence: p.confidence,
        why: p.why.clone(),
        reused_from: None,
    })
}

/// The saving of a deterministic entry, measured: the doc's tokens before minus after
/// the very bytes clean will write (a move takes the whole doc out of the live tree).
fn measured_saving(
    estimator: &Estimator,
    path: &str,
    file: &FileView,
    edit: &ExactEdit,
    raw_tokens: u64,
    frequency: f64,
) -> TokenSaving {
    match apply_exact(path, file, edit, edit.anchor) {
        Ok(Some(after)) => {
            let before = estimator.count(&file.text()) as i64;
            let after = estimator.count(&String::from_utf8_lossy(&after)) as i64;
            TokenSaving::new(before - after, frequency, SavingBasis::Measured)
        }
        Ok(None) => TokenSaving::new(raw_tokens as i64, frequency, SavingBasis::Measured),
        // The answer check made sure the edit applies; should it not, say so honestly.
        Err(_) => TokenSaving::estimate(raw_tokens, frequency),
    }
}

/// The scanner signals of `path` that no proposal of its entries answer cites, each
/// with the reason the answer gave for leaving it out (by name, and line when given).
fn dismissed_signals(
    candidates: &Candidates,
    path: &str,
    answer: &ClassifyAnswer,
) -> Vec<DismissedSignal> {
    let Some(c) = candidates.candidates.iter().find(|c| c.path == path) else {
        return Vec::new();
    };
    let cited = |s: &Signal| answer.entries.iter().any(|p| p.signals.iter().any(|n| n.is(s.name)));
    c.signals
        .iter()
        .filter(|s| !cited(s))
        .map(|s| {
            let on = |d: &&Dismissal| {
                d.signal == s.name
                    && d.line.is_none_or(|l| {
                        (s.line..=s.last_line()).contains(&l) || s.lines.contains(&l)
                    })
            };
            let why = answer.dismissed.iter().find(on).map(|d| d.why.trim().to_string());
            DismissedSignal { path: path.to_string(), signal: s.name, line: s.line, why }
        })
        .collect()
}

fn dedup<T: Clone + PartialEq>(items: &[T]) -> Vec<T> {
    let mut out: Vec<T> = Vec::with_capacity(items.len());
    for item in items {
        if !out.contains(item) {
            out.push(item.clone());
        }
    }
    out
}
