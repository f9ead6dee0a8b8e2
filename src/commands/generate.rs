//! `dochygiene completions <SHELL>` and `dochygiene man`: the shell completion script
//! (clap_complete) and the roff man page (clap_mangen), both generated from the same
//! clap definition the binary parses with, printed on stdout.
//!
//! Install them where the shell or `man` looks, for example
//! `dochygiene completions bash > ~/.local/share/bash-completion/completions/dochygiene`
//! and `dochygiene man > ~/.local/share/man/man1/dochygiene.1`.

use clap::CommandFactory;

use crate::cli::Cli;
use crate::error::{Error, Result};
use crate::exit::Exit;

/// Prints the completion script for `shell`.
pub fn completions(shell: clap_complete::Shell) -> Result<Exit> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "dochygiene", &mut script);
    print_bytes(&script)
}

/// Prints the man page (section 1, roff).
pub fn man() -> Result<Exit> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(|e| Error::io("render", "the man page", e))?;
    print_bytes(&page)
}

fn print_bytes(bytes: &[u8]) -> Result<Exit> {
    crate::out!("{}", String::from_utf8_lossy(bytes));
    Ok(Exit::Done)
}
