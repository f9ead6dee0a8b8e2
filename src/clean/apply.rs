//! The clean op: select report entries, check every guard before the first write,
//! journal before- and after-images, apply, stamp `last_clean`. Also the apply of a
//! clean op killed mid-way, and the clean half of a sweep (driven by `commands/`).
//! Nothing here prints; each step ends in a [`CleanStep`].

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::edit::{Change, Changes};
use super::files::{current, put};
use super::inbound::plan_with_inbound;
use super::locate::Located;
use super::preview::{preview, Preview};
use super::select::{applied_entries, locate_all, read_report, select, Selection};
use crate::clock;
use crate::error::{Error, Result};
use crate::handshake::Asked;
use crate::hash::sha256_hex;
use crate::ids::OpId;
use crate::op::failpoint;
use crate::op::{read_image, refuse_if_open, write_image, Journal, JournalItem, Skipped};
use crate::op::{CleanArgs, CleanPhase, OpCommand, OpDir, OpRecord, OpState};
use crate::project::Project;
use crate::quote::quote_name;
use crate::report::{Entry, Report, SavingBasis, TokenSaving, Totals, SCHEMA_VERSION};
use crate::state::{Lock, Timestamps};
use crate::tokens::Estimator;

/// Where a clean step ended.
pub(crate) enum CleanStep {
    /// A rewrite batch waits for answers (exit 7).
    Asked(Asked),
    /// The journaled edits are applied.
    Applied(Applied),
    /// Every selected entry was applied already, is confirm tier, or is generative.
    NothingToApply { report_op_id: String },
    /// `--dry-run`: what would be applied.
    Preview(Preview),
}

/// What a clean (or a sweep's clean half) applied.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Applied {
    pub op_id: OpId,
    pub applied: Vec<String>,
    pub skipped: Vec<Skipped>,
    /// Every file written or removed.
    pub files: Vec<String>,
}

/// `dochygiene clean`.
pub(crate) fn clean(
    project: &Project,
    lock: &Lock,
    selection: &Selection,
    dry_run: bool,
) -> Result<CleanStep> {
    let (root, state) = (&project.root, &project.state);
    // All state is read and checked before the first edit: a corrupt state.json found
    // only when `last_clean` is stamped would leave every doc edited and the op open.
    Timestamps::read(state)?;
    let report = read_report(state)?;
    let applied = applied_entries(state, &report.op_id)?;
    let chosen = select(&report, &applied, selection, dry_run)?;
    if dry_run {
        return preview(root, &report.shortlist, &chosen).map(CleanStep::Preview);
    }
    if chosen.is_empty() {
        return Ok(CleanStep::NothingToApply { report_op_id: report.op_id });
    }
    refuse_if_open(state, OpCommand::Clean)?;
    // Every guard is checked before an agent is asked for anything or a byte written.
    locate_all(root, &report.shortlist, &chosen, selection.skip_stale)?;
    let now = clock::now()?;
    let generative = chosen.iter().any(|e| e.exact_edit.is_none());
    let args = CleanArgs {
        report_op_id: report.op_id.clone(),
        entries: chosen.iter().map(|e| e.id.clone()).collect(),
        skip_stale: selection.skip_stale,
    };
    let phase = if generative { CleanPhase::Rewrite } else { CleanPhase::Apply };
    let mut record = OpRecord {
        op_id: crate::op::generate_op_id(OpCommand::Clean, now),
        state: OpState::Clean { args, phase },
        iteration: 0,
        created_at: clock::format(now),
        tool_version: crate::TOOL_VERSION.to_string(),
    };
    let op = OpDir::create(state, &record, lock)?;
    if generative {
        op.write_record(&record, lock)?;
        return super::rewrite::advance(project, lock, &op, &mut record, 1);
    }
    let plan = ApplyPlan { report: &report, chosen: &chosen, skip_stale: selection.skip_stale };
    apply_in_op(project, lock, &op, &mut record, &plan, &HashMap::new(), Vec::new())
        .map(CleanStep::Applied)
}

/// Applies the auto entries of the report just written, inside a sweep op.
pub(crate) fn sweep_apply(
    project: &Project,
    lock: &Lock,
    op: &OpDir,
    record: &mut OpRecord,
) -> Result<Applied> {
    let report = read_report(&project.state)?;
    let selection = Selection { skip_stale: true, ..Selection::default() };
    let chosen = select(&report, &BTreeSet::new(), &selection, false)?;
    let plan = ApplyPlan { report: &report, chosen: &chosen, skip_stale: true };
    apply_in_op(project, lock, op, record, &plan, &HashMap::new(), Vec::new())
}

/// `resume` of a clean op (answers to its rewrite batch, or the rest of its apply), or
/// of a sweep op in its apply phase.
pub(crate) fn resume(
    project: &Project,
    lock: &Lock,
    op: &OpDir,
    record: &mut OpRecord,
) -> Result<CleanStep> {
    if let OpState::Clean { phase: CleanPhase::Rewrite, .. } = record.state {
        return super::rewrite::resume(project, lock, op, record);
    }
    finish_apply(project, lock, op, record).map(CleanStep::Applied)
}

/// The entries an apply works on.
pub(crate) struct ApplyPlan<'a> {
    pub report: &'a Report,
    pub chosen: &'a [Entry],
    pub skip_stale: bool,
}

/// Journals and applies the chosen entries (with the agent's `rewrites` for generative
/// ones; `skipped` lists entries already known not to apply) inside the op.
pub(crate) fn apply_in_op(
    project: &Project,
    lock: &Lock,
    op: &OpDir,
    record: &mut OpRecord,
    plan: &ApplyPlan<'_>,
    rewrites: &HashMap<String, String>,
    skipped: Vec<Skipped>,
) -> Result<Applied> {
    let root = &project.root;
    let (located, stale) = locate_all(root, &plan.report.shortlist, plan.chosen, plan.skip_stale)?;
    let known: BTreeSet<&str> = skipped.iter().map(|s| s.id.as_str()).collect();
    let located: Vec<_> =
        located.into_iter().filter(|l| !known.contains(l.entry.id.as_str())).collect();
    let rewritten = rewritten_spans(root, &located, rewrites)?;
    let Changes { mut changes, applied, skipped: unapplied, modes } =
        plan_with_inbound(root, located, rewrites)?;
    let measured_savings = if rewritten.is_empty() {
        BTreeMap::new()
    } else {
        let estimator = Estimator::new(project.config()?.tokens.encoding);
        rewritten
            .into_iter()
            .filter(|(id, _)| applied.contains(id))
            .map(|(id, before)| {
                let after = estimator.count(&rewrites[&id]) as i64;
                (id, estimator.count(&before) as i64 - after)
            })
            .collect()
    };
    // Every target is checked before anything is written, and files are written before
    // any is removed, so a move never loses its source.
    for c in &changes {
        super::files::confined(root, &c.path)?;
    }
    changes.sort_by_key(|c| c.after.is_none());
    let mut all_skipped = stale;
    all_skipped.extend(skipped);
    all_skipped.extend(unapplied.into_iter().map(|(id, reason)| Skipped { id, reason }));
    let created = changes.iter().filter(|c| c.before.is_none()).map(|c| c.path.as_str());
    let journal = Journal {
        format_version: crate::json::state_file::FORMAT_VERSION,
        tool_version: None,
        report_op_id: plan.report.op_id.clone(),
        applied,
        skipped: all_skipped,
        items: items_of(&changes, &modes),
        created_dirs: super::files::missing_dirs(root, created),
        measured_savings,
    };
    for (i, c) in changes.iter().enumerate() {
        if let Some(b) = &c.before {
            write_image(op.path(), i, "before", b, lock)?;
        }
        if let Some(a) = &c.after {
            write_image(op.path(), i, "after", a, lock)?;
        }
    }
    journal.write(op.path(), lock)?;
    record.state.set_apply();
    op.write_record(record, lock)?;
    failpoint::hit("journal-written");
    finish_apply(project, lock, op, record)
}

/// The current text of each generative entry's lines that `rewrites` answers, by id.
fn rewritten_spans(
    root: &std::path::Path,
    located: &[Located],
    rewrites: &HashMap<String, String>,
) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    for l in located.iter().filter(|l| l.entry.exact_edit.is_none()) {
        if let (Some(a), true) = (l.anchor, rewrites.contains_key(&l.entry.id)) {
            let view = crate::file_view::FileView::read(&root.join(&l.entry.path))?;
            out.push((l.entry.id.clone(), view.span_text(a).into_owned()));
        }
    }
    Ok(out)
}

/// The report with the savings `journal` measured: each rewritten entry's estimate
/// becomes the measured figure (and the totals follow), written only when it changes a
/// report of the journal's check op.
fn record_measured_savings(project: &Project, lock: &Lock, journal: &Journal) -> Result<()> {
    if journal.measured_savings.is_empty() {
        return Ok(());
    }
    let mut report = read_report(&project.state)?;
    // A 1.0 report has no savings to update (the journal keeps the figure).
    if report.op_id != journal.report_op_id || report.schema_version != SCHEMA_VERSION {
        return Ok(());
    }
    let mut changed = false;
    for e in &mut report.entries {
        if let Some(tokens) = journal.measured_savings.get(&e.id) {
            let frequency = e.token_estimate.injection_frequency;
            let measured = TokenSaving::new(*tokens, frequency, SavingBasis::Measured);
            if e.token_saving.as_ref() != Some(&measured) {
                e.token_saving = Some(measured);
                changed = true;
            }
        }
    }
    if changed {
        report.totals =
            Totals::compute(&report.entries, report.totals.candidates, report.totals.cleared);
        crate::state::write_report(&project.state, lock, &report)?;
    }
    Ok(())
}

/// The journal items of `changes`, with the `modes` of the files they create or remove.
fn items_of(changes: &[Change], modes: &BTreeMap<String, u32>) -> Vec<JournalItem> {
    changes
        .iter()
        .map(|c| JournalItem {
            path: c.path.clone(),
            before_sha256: c.before.as_deref().map(sha256_hex),
            after_sha256: c.after.as_deref().map(sha256_hex),
            mode: modes.get(&c.path).copied(),
        })
        .collect()
}

/// Brings every journaled file to its after-image, then closes the op. Safe to re-run.
fn finish_apply(
    project: &Project,
    lock: &Lock,
    op: &OpDir,
    record: &mut OpRecord,
) -> Result<Applied> {
    let root = &project.root;
    let journal = Journal::read(op.path())?;
    Timestamps::read(&project.state)?;
    for (i, item) in journal.items.iter().enumerate() {
        let now = current(root, &item.path)?;
        let now_sha = now.as_deref().map(sha256_hex);
        if now_sha == item.after_sha256 {
            continue;
        }
        if now_sha != item.before_sha256 {
            return Err(Error::stale(
                format!(
                    "{} changed while op {} was applying; nothing more was written",
                    quote_name(&item.path),
                    record.op_id
                ),
                format!("inspect it, then `dochygiene undo {}`", record.op_id),
            ));
        }
        let after = match &item.after_sha256 {
            Some(sha) => Some(read_image(op.path(), i, "after", sha)?),
            None => None,
        };
        put(root, &item.path, after.as_deref(), item.mode)?;
        failpoint::hit("file-applied");
    }
    record_measured_savings(project, lock, &journal)?;
    let now = clock::format(clock::now()?);
    Timestamps::update(&project.state, lock, |t| t.last_clean = Some(now.clone()))?;
    record.state.set_done();
    op.write_record(record, lock)?;
    Ok(applied_of(record.op_id.clone(), journal))
}

/// What a journal says its op applied.
pub(crate) fn applied_of(op_id: OpId, journal: Journal) -> Applied {
    let files = journal.items.into_iter().map(|i| i.path).collect();
    Applied { op_id, applied: journal.applied, skipped: journal.skipped, files }
}
