//! `dochygiene check` and `dochygiene sweep`: validate the arguments and start the op.

use std::path::Path;

use crate::check::{absolute, CheckSettings};
use crate::cli::CheckArgs;
use crate::error::Result;
use crate::exit::Exit;
use crate::op::OpCommand;

pub fn run(root: Option<&Path>, args: CheckArgs, command: OpCommand) -> Result<Exit> {
    let settings = CheckSettings {
        scopes: args.scopes,
        categories: args.categories,
        answers: args.answers.as_deref().map(absolute).transpose()?,
        use_git: !args.no_git,
    };
    crate::check::start(root, settings, args.op_id, command)
}
