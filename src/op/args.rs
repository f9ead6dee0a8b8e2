//! What an op was started with, persisted as its `args` in `op.json` so a resume runs
//! with exactly that: [`CheckSettings`] for check and sweep ops, [`CleanArgs`] for clean
//! ops. Plain data, shared by the pipelines and the commands.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// What a check (or sweep) op was started with.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CheckSettings {
    /// `--scope` values (globs or path prefixes).
    pub scopes: Vec<String>,
    /// `--category` values (classes or subtypes).
    pub categories: Vec<String>,
    /// `--answers FILE`, absolute, consulted on every step of the op.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answers: Option<PathBuf>,
    /// Whether git history is read (`--no-git` turns it off).
    pub use_git: bool,
    /// `--fresh`: ask every candidate, reusing no stored verdict.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fresh: bool,
}

/// What a clean op was started with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CleanArgs {
    /// The check op whose report the entries come from.
    pub report_op_id: String,
    /// The chosen entry ids.
    pub entries: Vec<String>,
    pub skip_stale: bool,
}
