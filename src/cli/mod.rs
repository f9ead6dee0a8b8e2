//! The process boundary: parse arguments, dispatch, print an error once, exit with its
//! code. Nothing below this module prints an error or picks an exit code. Output goes
//! through `console` (never `println!`), so a closed stdout never becomes a panic.

mod args;
mod globals;

pub use args::{
    AnswerArgs, CheckArgs, CleanArgs, OpsCommand, PendingArgs, RemindArgs, ResumeArgs, ScanArgs,
    ScanFormat, StatusArgs, TierArg, UndoArgs, ValidateArgs,
};

pub use args::{Cli, Command};
pub use globals::GlobalArgs;

use std::process::ExitCode;

use clap::Parser;

use crate::commands;
use crate::exit::Exit;

/// Runs the binary.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { Exit::Usage.into() } else { Exit::Done.into() };
        }
    };
    let result = commands::run(cli);
    if let Err((file, e)) = crate::tokens::cache::save_all() {
        crate::errln!(
            "dochygiene: warning: token-count cache not saved to {} ({e}); set DOCHYGIENE_CACHE_DIR to a writable folder, or to `off`",
            crate::quote::quote_path(&file)
        );
    }
    let result = match (result, crate::console::stdout_failure()) {
        (Ok(_), Some(why)) => Err(crate::error::Error::io(
            "write",
            "standard output",
            std::io::Error::other(why.to_string()),
        )),
        (result, _) => result,
    };
    match result {
        Ok(exit) => exit.into(),
        Err(err) => {
            crate::console::write_stderr(format_args!("{}", err.render()));
            err.exit().into()
        }
    }
}
