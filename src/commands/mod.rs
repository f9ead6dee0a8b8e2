//! The commands: one file per subcommand, and the process's output. `run` resolves the
//! project once, dispatches, and for the op commands (check, resume, sweep, clean, undo)
//! prints the notices, exactly one status line (`status_line.rs`, whatever the exit
//! code) and the explanation (`explain.rs`). Everything the binary prints goes through
//! here or `main.rs`; the pipelines return outcomes and notices as data.

mod answer;
mod check;
mod clean;
mod explain;
mod generate;
mod open_batch;
mod ops;
mod outcome;
mod pending;
mod remind;
mod resume;
mod scan;
mod status;
mod status_line;
mod sweep;
mod undo;
mod validate;

use crate::cli::{Cli, Command};
use crate::error::{Error, Result};
use crate::exit::Exit;
use crate::notice::Notices;
use crate::project::Project;

use outcome::Outcome;
use status_line::StatusLine;

/// Runs a parsed command line; the caller (`main.rs`) prints an error once and exits
/// with the code this returns or `Error::exit` names.
pub fn run(cli: Cli) -> Result<Exit> {
    apply_globals(&cli.globals);
    let result = dispatch(cli);
    if let Err((file, e)) = crate::tokens::cache::save_all() {
        crate::errln!(
            "dochygiene: warning: token-count cache not saved to {} ({e}); set DOCHYGIENE_CACHE_DIR to a writable folder, or to `off`",
            crate::quote::quote_path(&file)
        );
    }
    match (result, crate::console::stdout_failure()) {
        (Ok(_), Some(why)) => {
            Err(Error::io("write", "standard output", std::io::Error::other(why.to_string())))
        }
        (result, _) => result,
    }
}

/// Records the options every command takes for the rest of the process.
fn apply_globals(g: &crate::cli::GlobalArgs) {
    crate::console::set_quiet(g.quiet);
    crate::color::set_choice(g.color, crate::console::stdout_is_terminal());
    if let Some(file) = &g.config {
        crate::config::set_config_file(file);
    }
}

fn dispatch(cli: Cli) -> Result<Exit> {
    let root = cli.root.as_deref();
    match cli.command {
        Command::Check(args) => op_command(root, |p, n| check::run(p, args, n)),
        Command::Sweep(args) => op_command(root, |p, n| sweep::run(p, args, n)),
        Command::Resume(args) => op_command(root, |p, n| resume::run(p, &args, n)),
        Command::Clean(args) => op_command(root, |p, _| clean::run(p, &args)),
        Command::Undo(args) => op_command(root, |p, _| undo::run(p, &args)),
        Command::Pending(args) => pending::run(&Project::resolve(root)?, &args),
        Command::Answer(args) => answer::run(&Project::resolve(root)?, &args),
        Command::Ops(cmd) => ops::run(&Project::resolve(root)?, cmd),
        Command::Validate(args) => validate::run(&args),
        Command::Status(args) => status::run(&Project::resolve(root)?, &args),
        Command::Remind(args) => Ok(remind::run(root, &args)),
        Command::Scan(args) => scan::run(root, &args),
        Command::Completions { shell } => generate::completions(shell),
        Command::Man => generate::man(),
    }
}

/// Runs an op command and prints what it must: its notices and, whatever happens,
/// exactly one status line, then the explanation (an error's is printed by `main.rs`).
fn op_command(
    root: Option<&std::path::Path>,
    command: impl FnOnce(&Project, &mut Notices) -> Result<Outcome>,
) -> Result<Exit> {
    let mut notices = Notices::default();
    let result = Project::resolve(root).and_then(|project| command(&project, &mut notices));
    for n in notices.drain() {
        crate::errln!("{}", explain::notice(&n));
    }
    match result {
        Ok(outcome) => {
            status_line::print(&StatusLine::of(&outcome));
            crate::errln!("{}", explain::outcome(&outcome));
            Ok(outcome.exit())
        }
        Err(err) => {
            status_line::print(&StatusLine::of_error(&err));
            Err(err)
        }
    }
}
