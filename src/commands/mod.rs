//! One file per subcommand; `run` dispatches.

mod answer;
mod check;
mod clean;
mod generate;
mod open_batch;
mod ops;
mod pending;
mod remind;
mod scan;
mod status;
mod validate;

use crate::cli::{Cli, Command};
use crate::error::Result;
use crate::exit::Exit;

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<Exit> {
    cli.globals.apply();
    let root = cli.root.as_deref();
    match cli.command {
        Command::Check(args) => check::run(root, args, crate::op::OpCommand::Check),
        Command::Sweep(args) => check::run(root, args, crate::op::OpCommand::Sweep),
        Command::Clean(args) => clean::run(root, &args),
        Command::Undo(args) => crate::clean::undo(root, &args.op_id),
        Command::Resume(args) => {
            crate::check::resume(root, args.op_id.as_deref(), args.answers.as_deref())
        }
        Command::Pending(args) => pending::run(root, &args),
        Command::Answer(args) => answer::run(root, &args),
        Command::Ops(cmd) => ops::run(root, cmd),
        Command::Validate(args) => validate::run(&args),
        Command::Status(args) => status::run(cli.root.as_deref(), &args),
        Command::Remind(args) => Ok(remind::run(cli.root.as_deref(), &args)),
        Command::Scan(args) => scan::run(cli.root.as_deref(), &args),
        Command::Completions { shell } => generate::completions(shell),
        Command::Man => generate::man(),
    }
}
