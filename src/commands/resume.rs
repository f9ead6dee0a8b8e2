//! `dochygiene resume [OP_ID]`: continues an op, dispatching on its kind and phase — the
//! check half of a check or sweep op to `check/`, a clean op or a sweep's apply to
//! `clean/`. An op that already finished answers with its final status line (exit 0);
//! an aborted one is a usage error.

use super::clean::clean_outcome;
use super::outcome::{Outcome, ReportPaths};
use super::sweep::after_check;
use crate::clean::{applied_of, CleanStep, Undone};
use crate::cli::ResumeArgs;
use crate::error::{Error, Result};
use crate::notice::{Notice, Notices};
use crate::op::{refuse_other_version, resolve_for_resume, Journal, OpDir, OpRecord, OpState};
use crate::op::{CheckPhase, CleanPhase, SweepPhase};
use crate::project::Project;
use crate::report::Report;
use crate::state::Timestamps;

pub(super) fn run(project: &Project, args: &ResumeArgs, notices: &mut Notices) -> Result<Outcome> {
    if !project.state.exists() {
        return Err(Error::usage_hint(
            format!(
                "{} has no dochygiene state, so no op to resume",
                crate::quote::quote_path(&project.root)
            ),
            "start one with `dochygiene check`",
        ));
    }
    let lock = project.lock()?;
    Timestamps::read(&project.state)?;
    let (op, mut record) = resolve_for_resume(&project.state, args.op_id.as_ref())?;
    refuse_other_version(&record)?;
    let aborted = || {
        Error::usage_hint(
            format!("op {} was aborted", record.op_id),
            "start a new one with `dochygiene check`",
        )
    };
    match &record.state {
        OpState::Check { phase: CheckPhase::Aborted, .. }
        | OpState::Sweep { phase: SweepPhase::Aborted, .. }
        | OpState::Clean { phase: CleanPhase::Aborted, .. } => Err(aborted()),
        _ if record.state.check_stage().is_some() => {
            let step =
                crate::check::resume(project, &lock, op, record, args.answers.as_deref(), notices)?;
            after_check(project, &lock, step)
        }
        OpState::Sweep { phase: SweepPhase::Apply, .. } => {
            match crate::clean::resume(project, &lock, &op, &mut record)? {
                CleanStep::Applied(applied) => Ok(Outcome::Swept {
                    report: report_of(project, &record),
                    paths: ReportPaths::of(&project.state),
                    applied,
                }),
                other => Ok(clean_outcome(project, other)),
            }
        }
        OpState::Clean { phase: CleanPhase::Rewrite | CleanPhase::Apply, .. } => {
            let step = crate::clean::resume(project, &lock, &op, &mut record)?;
            Ok(clean_outcome(project, step))
        }
        _ => finished(project, &op, &record, notices),
    }
}

/// The final status of an op that is done or undone: nothing to resume.
fn finished(
    project: &Project,
    op: &OpDir,
    record: &OpRecord,
    notices: &mut Notices,
) -> Result<Outcome> {
    let phase = record.state.phase();
    notices
        .push(Notice::AlreadyFinished { op_id: record.op_id.to_string(), phase: phase.as_str() });
    let paths = ReportPaths::of(&project.state);
    let journal = || Journal::read(op.path());
    match (&record.state, phase) {
        (OpState::Check { .. }, _) => Ok(Outcome::Checked {
            op_id: record.op_id.to_string(),
            report: report_of(project, record),
            paths,
        }),
        (_, crate::op::Phase::Undone) => Ok(Outcome::Undone(Undone {
            op_id: record.op_id.clone(),
            restored: journal()?.items.into_iter().map(|i| i.path).collect(),
        })),
        (OpState::Sweep { .. }, _) => Ok(Outcome::Swept {
            report: report_of(project, record),
            paths,
            applied: applied_of(record.op_id.clone(), journal()?),
        }),
        (OpState::Clean { .. }, _) => {
            Ok(Outcome::Cleaned(applied_of(record.op_id.clone(), journal()?)))
        }
    }
}

/// The current report, when it is the one `record`'s op wrote.
fn report_of(project: &Project, record: &OpRecord) -> Option<Box<Report>> {
    crate::state::read_report_text(&project.state)
        .ok()
        .flatten()
        .and_then(|t| serde_json::from_str::<Report>(&t).ok())
        .filter(|r| record.op_id == *r.op_id.as_str())
        .map(Box::new)
}
