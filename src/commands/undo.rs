//! `dochygiene undo OP_ID`: takes the lock and restores what a clean or sweep op changed.

use super::outcome::Outcome;
use crate::cli::UndoArgs;
use crate::error::Result;
use crate::project::Project;

pub(super) fn run(project: &Project, args: &UndoArgs) -> Result<Outcome> {
    let lock = project.lock()?;
    crate::clean::undo(project, &lock, &args.op_id).map(Outcome::Undone)
}
