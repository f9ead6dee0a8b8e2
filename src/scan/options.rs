//! `ScanOptions`: what a caller (the `scan` and `check` commands) asks of a scan.

use crate::config::Config;

/// Settings of one scan, validated by the caller.
#[derive(Clone, Debug, Default)]
pub struct ScanOptions {
    /// `--scope` values: globs or path prefixes narrowing the include globs.
    pub scopes: Vec<String>,
    /// Read git history (off with `--no-git`).
    pub use_git: bool,
    pub config: Config,
}
