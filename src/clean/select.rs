//! Which entries a clean applies: the report they come from (validated), the entries
//! already applied by an earlier clean of the same report, the `--entry`/`--tier`
//! selection, and every chosen entry's guard checked before anything is asked or
//! written. Reads only.

use std::collections::BTreeSet;
use std::path::Path;

use super::inbound::guard_moves;
use super::locate::{locate, Located};
use crate::error::{Error, Result};
use crate::op::{CleanArgs, Journal, OpDir, OpRecord, OpState, Phase, Skipped};
use crate::quote::{escape_controls, quote_name};
use crate::report::{Entry, Report, SafetyTier};
use crate::state::StateDir;

/// Which entries a clean applies.
#[derive(Clone, Debug, Default)]
pub(crate) struct Selection {
    /// `--entry` ids; empty = every entry of `tier`.
    pub entries: Vec<String>,
    /// `--tier` (default auto).
    pub tier: Option<SafetyTier>,
    /// `--yes`: confirm-tier entries named with `--entry` may be applied.
    pub yes: bool,
    pub skip_stale: bool,
}

/// The current report, validated.
pub(crate) fn read_report(state: &StateDir) -> Result<Report> {
    let path = state.report_json_path();
    let Some(text) = crate::state::read_report_text(state)? else {
        return Err(Error::usage_hint(
            "there is no report to clean from",
            "run `dochygiene check` first",
        ));
    };
    let violations = crate::report::validate_text(&text);
    if let Some(v) = violations.first() {
        return Err(Error::usage_hint(
            format!(
                "{} is not a valid report ({} violation(s), first: {v})",
                crate::quote::quote_path(&path),
                violations.len()
            ),
            "run `dochygiene check` again",
        ));
    }
    serde_json::from_str(&text)
        .map_err(|e| Error::Internal(format!("a validated report did not parse: {e}")))
}

/// The report and chosen entries of a clean op, refused if a newer check replaced the
/// report since the op started.
pub(crate) fn op_entries(
    state: &StateDir,
    record: &OpRecord,
    args: &CleanArgs,
) -> Result<(Report, Vec<Entry>)> {
    let report = read_report(state)?;
    if report.op_id != args.report_op_id {
        return Err(Error::stale(
            format!(
                "op {} cleans report {}, but the current report is {}",
                record.op_id, args.report_op_id, report.op_id
            ),
            format!("discard it with `dochygiene ops abort {}` and clean again", record.op_id),
        ));
    }
    let chosen = report.entries.iter().filter(|e| args.entries.contains(&e.id)).cloned().collect();
    Ok((report, chosen))
}

/// Entries of report `report_op` already applied by a finished, not undone, clean.
pub(crate) fn applied_entries(state: &StateDir, report_op: &str) -> Result<BTreeSet<String>> {
    let mut out = BTreeSet::new();
    for record in crate::op::list(state)?.ops {
        let cleans = matches!(record.state, OpState::Clean { .. } | OpState::Sweep { .. });
        if cleans && record.state.phase() == Phase::Done {
            let dir = OpDir::new(state, &record.op_id)?;
            if dir.path().join("journal.json").exists() {
                let journal = Journal::read(dir.path())?;
                if journal.report_op_id == report_op {
                    out.extend(journal.applied);
                }
            }
        }
    }
    Ok(out)
}

/// The entries to apply. A dry run may preview every confirm entry at once.
pub(crate) fn select(
    report: &Report,
    applied: &BTreeSet<String>,
    s: &Selection,
    dry_run: bool,
) -> Result<Vec<Entry>> {
    if !s.entries.is_empty() {
        let mut out = Vec::new();
        for id in &s.entries {
            let entry = report.entries.iter().find(|e| &e.id == id).ok_or_else(|| {
                Error::usage_hint(
                    format!("the report has no entry {id}"),
                    "list the entries in .dochygiene/report.md",
                )
            })?;
            if applied.contains(id) {
                return Err(Error::usage(format!(
                    "entry {id} was already applied; `dochygiene undo` reverts a clean"
                )));
            }
            if entry.safety_tier == SafetyTier::Confirm && !s.yes {
                return Err(Error::usage_hint(
                    format!(
                        "entry {id} is confirm tier ({}: {})",
                        quote_name(&entry.path),
                        escape_controls(&entry.op)
                    ),
                    format!("apply it with `dochygiene clean --entry {id} --yes`"),
                ));
            }
            out.push(entry.clone());
        }
        return Ok(out);
    }
    let tier = s.tier.unwrap_or(SafetyTier::Auto);
    if tier == SafetyTier::Confirm && !dry_run {
        return Err(Error::usage_hint(
            "confirm entries are applied one by one",
            "preview them with `dochygiene clean --tier confirm --dry-run`, then apply each with `dochygiene clean --entry ID --yes`",
        ));
    }
    Ok(report
        .entries
        .iter()
        .filter(|e| e.safety_tier == tier && e.exact_edit.is_some() && !applied.contains(&e.id))
        .cloned()
        .collect())
}

/// Checks every guard — a move's destination and inbound references too (`docs`: the
/// report's shortlist); refuses (exit 5) when any entry is stale unless skipping.
pub(crate) fn locate_all(
    root: &Path,
    docs: &[String],
    chosen: &[Entry],
    skip_stale: bool,
) -> Result<(Vec<Located>, Vec<Skipped>)> {
    let mut located = Vec::new();
    let mut stale = Vec::new();
    for e in chosen {
        match locate(root, e) {
            Ok(l) => located.push(l),
            Err(reason) => stale.push(Skipped { id: e.id.clone(), reason }),
        }
    }
    let located = guard_moves(root, docs, located, &mut stale);
    if !stale.is_empty() && !skip_stale {
        let list: Vec<String> = stale.iter().map(|s| format!("  {}: {}", s.id, s.reason)).collect();
        return Err(Error::stale(
            format!(
                "{} no longer {} the files; nothing was written:\n{}",
                crate::plural::count(stale.len() as u64, "entry", "entries"),
                if stale.len() == 1 { "matches" } else { "match" },
                list.join("\n")
            ),
            "run `dochygiene check` again, or pass --skip-stale to apply the rest",
        ));
    }
    Ok((located, stale))
}
