//! The human explanation on stderr that goes with a status line (and the notices the
//! pipelines collected on the way). Text only: [`outcome`] and [`notice`] build it and
//! `commands/` prints it; snapshot tests pin it (`tests/it/status_line.rs`).

use crate::notice::Notice;
use crate::plural::count;
use crate::quote::{quote_name, quote_path};

use super::outcome::Outcome;

/// The stderr lines of a notice.
pub(crate) fn notice(n: &Notice) -> String {
    match n {
        Notice::ScanWarning(w) => format!("dochygiene: warning: {w}"),
        Notice::Rescanning(paths) => format!(
            "dochygiene: {} changed since the scan; scanning again so nothing is finalized on old lines",
            paths.iter().map(|p| quote_name(p)).collect::<Vec<_>>().join(", ")
        ),
        Notice::NoAnswersYet(path) => {
            format!("dochygiene: no answers yet at {}", quote_path(path))
        }
        Notice::VerdictStoreUnread { path, problem } => format!(
            "dochygiene: warning: ignoring the verdict store {} ({problem}); asking again about every candidate, and the check's end writes a new one",
            quote_path(path)
        ),
        Notice::VerdictStoreUnsaved { path, problem } => format!(
            "dochygiene: warning: could not write the verdict store {} ({problem}); the next check asks again about every candidate",
            quote_path(path)
        ),
        Notice::LastReportNotKept { problem } => format!(
            "dochygiene: warning: the last report could not be read ({problem}); this scoped check's report holds only its scope"
        ),
        Notice::AlreadyFinished { op_id, phase } => {
            format!("dochygiene: op {op_id} is already {phase}; nothing to resume")
        }
    }
}

/// The stderr explanation of an outcome.
pub(crate) fn outcome(outcome: &Outcome) -> String {
    match outcome {
        Outcome::NeedsAnswers { asked, root_arg } => {
            let p = &asked.pending;
            format!(
                "dochygiene: {} {} answers (op {}, round {}).\n  read:   {}\n  answer: {}\n  then:   dochygiene{root_arg} resume {}\n  (by hand: `dochygiene{root_arg} pending {} --template` prints a responses file to fill in)",
                count(p.requests.len() as u64, "request", "requests"),
                if p.requests.len() == 1 { "needs" } else { "need" },
                p.op_id,
                p.iteration,
                quote_path(&asked.pending_path),
                p.responses_path,
                p.op_id,
                p.op_id,
            )
        }
        Outcome::Checked { report: Some(report), paths, .. } => report_written(report, paths),
        Outcome::Checked { op_id, report: None, .. } => format!(
            "dochygiene: op {op_id} is done; its report has since been replaced (see `dochygiene status`)"
        ),
        Outcome::Swept { report, paths, applied } => {
            let mut text = match report {
                Some(report) => report_written(report, paths),
                None => String::new(),
            };
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&applied_text(applied));
            text
        }
        Outcome::Cleaned(applied) => applied_text(applied),
        Outcome::NothingToApply { .. } => "dochygiene: no entries to apply (already applied, confirm tier, or generative); see .dochygiene/report.md".into(),
        Outcome::Preview(p) => {
            let mut text = String::new();
            for note in &p.notes {
                text.push_str(&format!("dochygiene: {note}\n"));
            }
            text.push_str(&p.diff);
            text.push_str(&format!(
                "dochygiene: dry run: would apply {} to {}; {} stale or skipped",
                count(p.entries as u64, "entry", "entries"),
                count(p.files as u64, "file", "files"),
                p.skipped
            ));
            text
        }
        Outcome::Undone(u) => {
            format!(
                "dochygiene: restored {} changed by op {}",
                count(u.restored.len() as u64, "file", "files"),
                u.op_id
            )
        }
    }
}

fn report_written(report: &crate::report::Report, paths: &super::outcome::ReportPaths) -> String {
    let t = &report.totals;
    let tiers: Vec<String> =
        t.by_tier.iter().map(|(tier, r)| format!("{} {tier}", r.entries)).collect();
    format!(
        "dochygiene: report written: {} ({}), {} of {} cleared, ~{} tokens (~{} weighted per session)\n  {}\n  {}",
        count(t.entries, "entry", "entries"),
        if tiers.is_empty() { "none".to_string() } else { tiers.join(", ") },
        t.cleared,
        count(t.candidates, "candidate", "candidates"),
        t.raw_tokens,
        t.weighted_tokens,
        quote_path(std::path::Path::new(&paths.md)),
        quote_path(std::path::Path::new(&paths.json)),
    )
}

fn applied_text(a: &crate::clean::Applied) -> String {
    format!(
        "dochygiene: applied {} to {} ({} skipped); `dochygiene undo {}` reverts it",
        count(a.applied.len() as u64, "entry", "entries"),
        count(a.files.len() as u64, "file", "files"),
        a.skipped.len(),
        a.op_id
    )
}
