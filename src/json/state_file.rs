//! Reading the engine's own state files (`op.json`, `scan.json`, `candidates.json`,
//! `answers.json`, `journal.json`, `state.json`, pending files): a regular file, read
//! through `fsio::read_state` (never through a link, never a FIFO), parsed straight into
//! its strict type. Anything else is corrupt state (exit 6) naming the file, line and
//! column.
//!
//! The files a person may carry from one dochygiene version to another (`state.json`,
//! `op.json`, `journal.json`, `answers.json`) carry a `format_version` and the
//! `tool_version` that wrote them: a file without one is version 1 (the files written
//! before versions existed), and a version this build does not know is refused before
//! its fields are read, naming the tool version that wrote it ([`Error::NewerFormat`]).
//!
//! These files are written only by the engine, atomically, so they skip the strict
//! reader's size limit and duplicate-key pass (typed `deny_unknown_fields` structs
//! already refuse repeated fields); untrusted input goes through `json::strict`.

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::error::{Error, Result};

/// The format version of the versioned state files this build writes and reads.
pub(crate) const FORMAT_VERSION: u32 = 1;

/// The `format_version` of a file that has none (written before versions existed).
pub(crate) fn format_v1() -> u32 {
    1
}

/// The tool version to stamp into a versioned file.
pub(crate) fn written_by() -> Option<String> {
    Some(crate::TOOL_VERSION.to_string())
}

/// The two fields read before anything else of a versioned file.
#[derive(Deserialize)]
struct Header {
    #[serde(default = "format_v1")]
    format_version: u32,
    #[serde(default)]
    tool_version: Option<String>,
}

fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    match crate::fsio::read_state(path, crate::fsio::STATE_MAX_BYTES) {
        Ok(bytes) => Ok(bytes),
        Err(crate::fsio::ReadError::Io(e)) => Err(Error::io("read", path, e)),
        Err(refused) => Err(Error::Corrupt { path: path.into(), message: refused.to_string() }),
    }
}

fn parse<T: DeserializeOwned>(path: &Path, bytes: &[u8]) -> Result<T> {
    serde_json::from_slice(bytes)
        .map_err(|e| Error::Corrupt { path: path.into(), message: e.to_string() })
}

/// Reads and parses an engine state file.
pub(crate) fn read_state_file<T: DeserializeOwned>(path: &Path) -> Result<T> {
    parse(path, &read_bytes(path)?)
}

/// Reads a versioned state file: its `format_version` first (missing = 1; unknown =
/// [`Error::NewerFormat`]), then the whole file into `T`.
pub(crate) fn read_versioned<T: DeserializeOwned>(path: &Path) -> Result<T> {
    let bytes = read_bytes(path)?;
    if let Ok(header) = serde_json::from_slice::<Header>(&bytes) {
        if header.format_version != FORMAT_VERSION {
            return Err(Error::NewerFormat {
                path: path.into(),
                version: header.format_version,
                reads: FORMAT_VERSION,
                written_by: header.tool_version,
            });
        }
    }
    parse(path, &bytes)
}

/// Serializes `value` as pretty JSON with a final newline and writes it atomically.
pub(crate) fn write_state_file<T: serde::Serialize>(path: &Path, value: &T) -> Result<()> {
    let mut bytes = serde_json::to_vec_pretty(value).expect("state serializes");
    bytes.push(b'\n');
    crate::fsio::write_atomic(path, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Serialize, serde::Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct File {
        #[serde(default = "format_v1")]
        format_version: u32,
        #[serde(default)]
        tool_version: Option<String>,
        x: u32,
    }

    #[test]
    fn a_file_without_a_version_is_version_1_and_an_unknown_one_names_its_writer() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.json");
        std::fs::write(&path, r#"{"x": 1}"#).unwrap();
        let f: File = read_versioned(&path).unwrap();
        assert_eq!(f.format_version, 1);
        std::fs::write(&path, r#"{"format_version": 2, "tool_version": "9.0.0", "x": 1, "y": 2}"#)
            .unwrap();
        let err = read_versioned::<File>(&path).unwrap_err();
        assert_eq!(err.exit(), crate::exit::Exit::Corrupt);
        assert!(err.to_string().contains("format version 2"), "{err}");
        assert!(err.hint().unwrap().contains("dochygiene 9.0.0"), "{}", err.render());
    }
}
