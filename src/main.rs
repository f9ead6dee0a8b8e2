//! The `dochygiene` binary, the process boundary: parse the arguments, run the command,
//! print an error once, exit with its code.

use std::process::ExitCode;

use clap::Parser;
use dochygiene::cli::Cli;
use dochygiene::exit::Exit;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { Exit::Usage.into() } else { Exit::Done.into() };
        }
    };
    match dochygiene::commands::run(cli) {
        Ok(exit) => exit.into(),
        Err(err) => {
            dochygiene::console::write_stderr(format_args!("{}", err.render()));
            err.exit().into()
        }
    }
}
