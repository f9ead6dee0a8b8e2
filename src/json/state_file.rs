//! Reading the engine's own state files (`op.json`, `scan.json`, `candidates.json`,
//! `answers.json`, pending files): a regular file, parsed straight into its strict type.
//! Anything else is corrupt state (exit 6) naming the file, line and column.
//!
//! These files are written only by the engine, atomically, so they skip the strict
//! reader's size limit and duplicate-key pass (typed `deny_unknown_fields` structs
//! already refuse repeated fields); untrusted input goes through `json::strict`.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

/// Reads and parses an engine state file.
pub fn read_state_file<T: DeserializeOwned>(path: &Path) -> Result<T> {
    let meta = fs_err::symlink_metadata(path).map_err(|e| Error::io("read", path, e))?;
    if !meta.is_file() {
        return Err(Error::Corrupt { path: path.into(), message: "is not a regular file".into() });
    }
    let bytes = fs_err::read(path).map_err(|e| Error::io("read", path, e))?;
    serde_json::from_slice(&bytes)
        .map_err(|e| Error::Corrupt { path: path.into(), message: e.to_string() })
}

/// Serializes `value` as pretty JSON with a final newline and writes it atomically.
pub fn write_state_file<T: serde::Serialize>(path: &Path, value: &T) -> Result<()> {
    let mut bytes = serde_json::to_vec_pretty(value).expect("state serializes");
    bytes.push(b'\n');
    crate::fsio::write_atomic(path, &bytes)
}
