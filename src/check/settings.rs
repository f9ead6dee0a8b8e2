//! `CheckSettings`: the validated arguments of a check op, persisted as the op's `args`
//! so a resume runs with exactly what the op started with.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// What a check op was started with.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckSettings {
    /// `--scope` values (globs or path prefixes).
    pub scopes: Vec<String>,
    /// `--category` values (classes or subtypes).
    pub categories: Vec<String>,
    /// `--answers FILE`, absolute, consulted on every step of the op.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answers: Option<PathBuf>,
    /// Whether git history is read (`--no-git` turns it off).
    pub use_git: bool,
}
