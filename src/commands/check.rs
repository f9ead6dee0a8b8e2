//! `dochygiene check`: validate the arguments, take the lock, start the op.

use super::outcome::Outcome;
use super::sweep::after_check;
use crate::check::absolute;
use crate::cli::CheckArgs;
use crate::error::Result;
use crate::notice::Notices;
use crate::op::{CheckSettings, OpCommand};
use crate::project::Project;

/// The op's settings from the command line.
pub(super) fn settings(args: &CheckArgs) -> Result<CheckSettings> {
    Ok(CheckSettings {
        scopes: args.scopes.clone(),
        categories: args.categories.clone(),
        answers: args.answers.as_deref().map(absolute).transpose()?,
        use_git: !args.no_git,
        fresh: args.fresh,
    })
}

pub(super) fn run(project: &Project, args: CheckArgs, notices: &mut Notices) -> Result<Outcome> {
    let settings = settings(&args)?;
    crate::check::validate(project, &settings)?;
    let lock = project.lock()?;
    let step =
        crate::check::start(project, &lock, settings, args.op_id, OpCommand::Check, notices)?;
    after_check(project, &lock, step)
}
