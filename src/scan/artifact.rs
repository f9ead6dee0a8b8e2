//! `ScanArtifact`: the scanner's output, frozen into `ops/<op>/scan.json` at op start.
//!
//! Paths are root-relative with `/` separators. Maps are `BTreeMap`s so the artifact
//! serializes byte-identically for the same tree.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::role::{DocRole, Skipped};
use super::signal::Signal;
use super::warning::ScanWarning;

/// Facts about one scanned file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileFacts {
    /// sha256 of the file's bytes, 64 lowercase hex.
    pub sha256: String,
    pub bytes: u64,
    pub lines: u32,
    /// How often an agent loads this file per session (SPEC section 11).
    pub injection_frequency: f64,
    /// What the file is for (SPEC section 13); signals decide by it.
    #[serde(default)]
    pub role: DocRole,
}

/// Whether git history was read, and if not, why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GitStatus {
    pub used: bool,
    /// Why git signals were skipped (`--no-git`, not a repository, git missing), or a
    /// caveat such as a shallow clone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The whole scan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScanArtifact {
    pub project_root: String,
    pub scope_globs: Vec<String>,
    pub excluded_dirs: Vec<String>,
    pub files_scanned: u64,
    /// Every in-scope file that was scanned, sorted (a doc over the size limit is only in
    /// `warnings`).
    pub shortlist: Vec<String>,
    /// Signal-bearing files only, each list sorted by line then name.
    pub signals: BTreeMap<String, Vec<Signal>>,
    pub files: BTreeMap<String, FileFacts>,
    /// Files found but left out of the default scope by their role, with the reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skipped>,
    pub git: GitStatus,
    /// What the scan could not read and went on without, sorted by path and line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<ScanWarning>,
}
