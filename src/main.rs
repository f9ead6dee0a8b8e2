//! The `dochygiene` binary: parse, run, print the error once, exit with its code.

use std::process::ExitCode;

fn main() -> ExitCode {
    dochygiene::cli::main()
}
