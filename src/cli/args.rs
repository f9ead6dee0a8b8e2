//! The command line as clap parses it. Only shapes live here; each command turns its
//! args into validated settings before it does any work.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Keeps a repository's Markdown documentation free of stale and bloated content.
#[derive(Debug, Parser)]
#[command(name = "dochygiene", version, about, max_term_width = 100)]
pub struct Cli {
    /// Project root (default: nearest ancestor holding .git, else the current folder).
    #[arg(long, global = true, value_name = "DIR")]
    pub root: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate a report file against schema 1.0 and every report invariant.
    Validate(ValidateArgs),
    /// Show timestamps, report presence and age, and open ops (reads only).
    Status(StatusArgs),
    /// One line for the SessionStart hook when the docs have not been checked lately.
    Remind(RemindArgs),
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The report file to validate.
    pub file: PathBuf,
    /// Print the violations as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// Print the status as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct RemindArgs {
    /// Remind when the last check is older than this many days.
    #[arg(long, default_value_t = 7, value_name = "N")]
    pub days: u32,
}
