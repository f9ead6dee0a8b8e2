//! `dochygiene sweep`: a check, then the clean of the new report's auto entries, as one
//! resumable op — the one place the two pipelines meet (they never import each other).
//! Prints one status line: the report's fields and the clean's together.

use super::outcome::{Outcome, ReportPaths};
use crate::check::{CheckStep, Reported};
use crate::cli::CheckArgs;
use crate::error::Result;
use crate::notice::Notices;
use crate::op::{OpCommand, OpState};
use crate::project::Project;
use crate::state::Lock;

pub(super) fn run(project: &Project, args: CheckArgs, notices: &mut Notices) -> Result<Outcome> {
    let settings = super::check::settings(&args)?;
    crate::check::validate(project, &settings)?;
    let lock = project.lock()?;
    let step =
        crate::check::start(project, &lock, settings, args.op_id, OpCommand::Sweep, notices)?;
    after_check(project, &lock, step)
}

/// What follows a check step: the exit-7 batch, the done check, or — for a sweep — the
/// clean of the report's auto entries inside the same op.
pub(super) fn after_check(project: &Project, lock: &Lock, step: CheckStep) -> Result<Outcome> {
    let paths = ReportPaths::of(&project.state);
    match step {
        CheckStep::Asked(asked) => {
            Ok(Outcome::NeedsAnswers { asked, root_arg: project.root_arg() })
        }
        CheckStep::Reported(reported) => {
            let Reported { report, op, mut record } = *reported;
            let report = Some(Box::new(report));
            match record.state {
                OpState::Sweep { .. } => {
                    let applied = crate::clean::sweep_apply(project, lock, &op, &mut record)?;
                    Ok(Outcome::Swept { report, paths, applied })
                }
                _ => Ok(Outcome::Checked { op_id: record.op_id.to_string(), report, paths }),
            }
        }
    }
}
