//! One file per subcommand; `run` dispatches.

mod remind;
mod scan;
mod status;
mod validate;

use crate::cli::{Cli, Command};
use crate::error::Result;
use crate::exit::Exit;

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<Exit> {
    match cli.command {
        Command::Validate(args) => validate::run(&args),
        Command::Status(args) => status::run(cli.root.as_deref(), &args),
        Command::Remind(args) => Ok(remind::run(cli.root.as_deref(), &args)),
        Command::Scan(args) => scan::run(cli.root.as_deref(), &args),
    }
}
