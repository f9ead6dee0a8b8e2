//! The command line as clap parses it. Only shapes live here; each command turns its
//! args into validated settings before it does any work.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

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
    /// Run the deterministic scanner alone; exit 1 when any signal is found.
    Scan(ScanArgs),
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

#[derive(Debug, Args)]
pub struct ScanArgs {
    /// Narrow the scan to a glob or a path prefix (repeatable).
    #[arg(long, value_name = "GLOB|PATH")]
    pub scope: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ScanFormat::Text)]
    pub format: ScanFormat,
    /// Skip git history (and the git signals).
    #[arg(long)]
    pub no_git: bool,
    /// Exit 0 even when signals are found.
    #[arg(long)]
    pub exit_zero: bool,
}

/// How `scan` prints its findings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScanFormat {
    /// `path:line: signal: detail`, like a linter.
    Text,
    /// The scan artifact (`scan.json`).
    Json,
    /// GitHub Actions workflow-command annotations.
    Github,
    /// SARIF 2.1.0.
    Sarif,
}
