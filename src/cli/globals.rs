//! The options every subcommand takes besides `--root`: `--quiet`, `--color`,
//! `--config`, and the check that `--root` names a folder that exists (a usage error,
//! exit 2, before any work). `commands::run` records them once, first thing.

use std::path::PathBuf;

use clap::Args;

use crate::color::ColorChoice;

/// Options shared by every subcommand.
#[derive(Debug, Default, Args)]
pub struct GlobalArgs {
    /// Print no explanations, notes or warnings on stderr (errors still are).
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,
    /// Color the human output (scan text, status): auto colors a terminal unless NO_COLOR
    /// is set.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
    /// Read the configuration from FILE instead of the project's dochygiene.toml.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// `--root`'s value parser: the folder must exist (else exit 2 with clap's usage line).
pub fn existing_folder(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    match std::fs::metadata(&path) {
        Ok(meta) if meta.is_dir() => Ok(path),
        Ok(_) => Err("not a folder".into()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err("no such folder; name the project's folder, or leave --root out to use the nearest one holding .git".into())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// What the exit codes mean, for the end of `--help`.
pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0  done
  1  findings (scan found signals, validate found violations)
  2  usage: bad arguments, configuration or answers file
  3  I/O or internal error
  4  busy: another dochygiene process holds .dochygiene/lock
  5  stale: answers for another batch, a file changed under a guard, another version's op
  6  corrupt or unsafe state under .dochygiene/
  7  needs answers: a pending batch was written; answer it, then run `dochygiene resume`";
