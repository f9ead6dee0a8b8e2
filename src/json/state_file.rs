//! Reading the engine's own state files (`op.json`, `scan.json`, `candidates.json`,
//! `answers.json`, pending files): a regular file, read through `fsio::read_state` (never
//! through a link, never a FIFO), parsed straight into its strict type. Anything else is
//! corrupt state (exit 6) naming the file, line and column.
//!
//! These files are written only by the engine, atomically, so they skip the strict
//! reader's size limit and duplicate-key pass (typed `deny_unknown_fields` structs
//! already refuse repeated fields); untrusted input goes through `json::strict`.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

/// Reads and parses an engine state file.
pub fn read_state_file<T: DeserializeOwned>(path: &Path) -> Result<T> {
    let bytes = match crate::fsio::read_state(path, crate::fsio::STATE_MAX_BYTES) {
        Ok(bytes) => bytes,
        Err(crate::fsio::ReadError::Io(e)) => return Err(Error::io("read", path, e)),
        Err(refused) => {
            return Err(Error::Corrupt { path: path.into(), message: refused.to_string() })
        }
    };
    serde_json::from_slice(&bytes)
        .map_err(|e| Error::Corrupt { path: path.into(), message: e.to_string() })
}

/// Serializes `value` as pretty JSON with a final newline and writes it atomically.
pub fn write_state_file<T: serde::Serialize>(path: &Path, value: &T) -> Result<()> {
    let mut bytes = serde_json::to_vec_pretty(value).expect("state serializes");
    bytes.push(b'\n');
    crate::fsio::write_atomic(path, &bytes)
}
