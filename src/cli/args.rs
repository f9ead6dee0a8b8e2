//! The command line as clap parses it. Only shapes live here; each command turns its
//! args into validated settings before it does any work. Op ids are parsed here, once,
//! into `OpId` (a clap value parser), so no command sees a string that could name a path.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::ids::OpId;

/// Keeps a repository's Markdown documentation free of stale and bloated content.
#[derive(Debug, Parser)]
#[command(name = "dochygiene", version, about, max_term_width = 100)]
#[command(after_help = super::globals::EXIT_CODES_HELP)]
pub struct Cli {
    /// Project root (default: nearest ancestor holding .git, else the current folder).
    #[arg(long, global = true, value_name = "DIR", value_parser = super::globals::existing_folder)]
    pub root: Option<PathBuf>,

    #[command(flatten)]
    pub globals: super::globals::GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Scan, ask an agent to classify the candidates (exit 7 handshake), write the report.
    Check(CheckArgs),
    /// Continue an op after its answers were written.
    Resume(ResumeArgs),
    /// Print the open requests of an op (or a responses file to fill in).
    Pending(PendingArgs),
    /// Check a hand-written responses file against an op's open batch and store it.
    Answer(AnswerArgs),
    /// Apply report entries under content guards (auto tier by default), journaled.
    Clean(CleanArgs),
    /// `check`, then `clean` of the auto entries, as one resumable op.
    Sweep(CheckArgs),
    /// Restore the files a clean or sweep op changed.
    Undo(UndoArgs),
    /// Inspect and tidy op folders.
    #[command(subcommand)]
    Ops(OpsCommand),
    /// Validate a report file against schema 1.1 (or 1.0) and every report invariant.
    Validate(ValidateArgs),
    /// Show timestamps, report presence and age, and open ops (reads only).
    Status(StatusArgs),
    /// One line for the SessionStart hook when the docs have not been checked lately.
    Remind(RemindArgs),
    /// Run the deterministic scanner alone; exit 1 when any signal is found.
    Scan(ScanArgs),
    /// Print the shell completion script for SHELL.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    Man,
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
    /// Print the line as SessionStart hook JSON (`systemMessage`, shown to the user).
    #[arg(long)]
    pub hook: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Limit the scan to a glob or path prefix (repeatable).
    #[arg(long = "scope", value_name = "GLOB|PATH")]
    pub scopes: Vec<String>,
    /// Ask for and keep only entries of this class or subtype (repeatable).
    #[arg(long = "category", value_name = "CLASS|SUBTYPE")]
    pub categories: Vec<String>,
    /// Name the op instead of generating an id ([a-z0-9-]{1,64}).
    #[arg(long, value_name = "ID", value_parser = OpId::parse_new)]
    pub op_id: Option<OpId>,
    /// Answer requests from this file (as DOCHYGIENE_TIER2_FIXTURE does).
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
    /// Skip git history (and the signals that need it).
    #[arg(long)]
    pub no_git: bool,
    /// Ask about every candidate again, reusing no verdict of an earlier check.
    #[arg(long)]
    pub fresh: bool,
}

#[derive(Debug, Args)]
pub struct CleanArgs {
    /// Apply this entry (repeatable); confirm-tier entries also need --yes.
    #[arg(long = "entry", value_name = "ID")]
    pub entries: Vec<String>,
    /// Which tier to apply when no --entry is given (confirm entries go one by one).
    #[arg(long, value_enum, value_name = "auto|confirm")]
    pub tier: Option<TierArg>,
    /// Apply the confirm-tier entries named with --entry.
    #[arg(long)]
    pub yes: bool,
    /// Print the diff that would be applied; change nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Apply what still matches and skip entries whose files changed.
    #[arg(long)]
    pub skip_stale: bool,
}

/// `--tier` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TierArg {
    Auto,
    Confirm,
}

#[derive(Debug, Args)]
pub struct UndoArgs {
    /// The clean or sweep op to revert.
    pub op_id: OpId,
}

#[derive(Debug, Args)]
pub struct ResumeArgs {
    /// The op to resume (default: the one open op).
    pub op_id: Option<OpId>,
    /// Answer requests from this file (as DOCHYGIENE_TIER2_FIXTURE does).
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct PendingArgs {
    /// The op whose open batch to print.
    pub op_id: OpId,
    /// Print a responses file to fill in instead of the requests.
    #[arg(long)]
    pub template: bool,
}

#[derive(Debug, Args)]
pub struct AnswerArgs {
    /// The op whose open batch the file answers.
    pub op_id: OpId,
    /// The responses file.
    pub file: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum OpsCommand {
    /// List every op with its phase.
    List {
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Show one op: its record and files.
    Show {
        /// The op id.
        op_id: OpId,
    },
    /// Close an open op without finishing it.
    Abort {
        /// The op id.
        op_id: OpId,
    },
    /// Remove finished and aborted ops (keeping the one behind the current report).
    Gc,
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
