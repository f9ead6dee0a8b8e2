//! A clean (or sweep) op's journal, `journal.json`: every file's hashes before and
//! after, with the images in `trash/`, written before the first edit. Apply, resume and
//! undo all work from it, and each decides per file from the file's current bytes, so
//! any of them can be re-run after a crash. Versioned (`json::state_file`). The data and
//! its files live here, beside the op they belong to; `clean/` decides what goes in.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::fsio::write_atomic;
use crate::hash::sha256_hex;
use crate::json::state_file::{
    format_v1, read_versioned, write_state_file, written_by, FORMAT_VERSION,
};
use crate::state::Lock;

/// One file a clean changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct JournalItem {
    /// Root-relative path.
    pub path: String,
    /// sha256 of the bytes before, or `None` when clean creates the file.
    pub before_sha256: Option<String>,
    /// sha256 of the bytes after, or `None` when clean removes the file.
    pub after_sha256: Option<String>,
    /// The mode a file clean creates (or undo recreates) gets: a moved doc's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<u32>,
}

/// An entry clean did not apply, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Skipped {
    pub id: String,
    pub reason: String,
}

/// `ops/<op>/journal.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Journal {
    #[serde(default = "format_v1")]
    pub format_version: u32,
    /// The dochygiene version that wrote it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_version: Option<String>,
    /// The check op whose report the entries came from.
    pub report_op_id: String,
    pub applied: Vec<String>,
    pub skipped: Vec<Skipped>,
    pub items: Vec<JournalItem>,
    /// Root-relative folders clean creates for its new files (a move's destination),
    /// deepest first; undo removes each that is empty again. Absent in journals written
    /// before it existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub created_dirs: Vec<String>,
    /// The token saving each applied rewrite (a generative entry) measured — its lines'
    /// tokens before minus the replacement's — by entry id; the report's estimate of
    /// the entry becomes this figure when the apply finishes.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub measured_savings: std::collections::BTreeMap<String, i64>,
}

/// Where an image of item `i` lives.
fn image_path(op_dir: &Path, i: usize, which: &str) -> PathBuf {
    op_dir.join("trash").join(format!("{i}.{which}"))
}

/// The op's `trash/` folder, refused (exit 6) when it is a symbolic link or not a folder:
/// images are never read or written through a link out of `.dochygiene`.
fn trash_dir(op_dir: &Path) -> Result<PathBuf> {
    let trash = op_dir.join("trash");
    crate::state::check_entry(&trash, crate::state::Kind::Folder)?;
    Ok(trash)
}

impl Journal {
    pub(crate) fn read(op_dir: &Path) -> Result<Journal> {
        read_versioned(&op_dir.join("journal.json"))
    }

    /// Writes `journal.json` atomically, stamped with this build's format and version.
    pub(crate) fn write(&self, op_dir: &Path, _lock: &Lock) -> Result<()> {
        let stamped =
            Journal { format_version: FORMAT_VERSION, tool_version: written_by(), ..self.clone() };
        write_state_file(&op_dir.join("journal.json"), &stamped)
    }
}

/// Writes an image of item `i` (the caller holds the lock), in a `trash/` folder that is
/// not a link.
pub(crate) fn write_image(
    op_dir: &Path,
    i: usize,
    which: &str,
    bytes: &[u8],
    _lock: &Lock,
) -> Result<()> {
    let trash = trash_dir(op_dir)?;
    fs_err::create_dir_all(&trash).map_err(|e| Error::io("create", &trash, e))?;
    write_atomic(&image_path(op_dir, i, which), bytes)
}

/// Reads an image, checking it still hashes to what the journal says.
pub(crate) fn read_image(op_dir: &Path, i: usize, which: &str, sha: &str) -> Result<Vec<u8>> {
    trash_dir(op_dir)?;
    let path = image_path(op_dir, i, which);
    let bytes = match crate::fsio::read_state(&path, crate::fsio::STATE_MAX_BYTES) {
        Ok(bytes) => bytes,
        Err(crate::fsio::ReadError::Io(e)) => return Err(Error::io("read", &path, e)),
        Err(refused) => return Err(Error::Corrupt { path, message: refused.to_string() }),
    };
    if sha256_hex(&bytes) != sha {
        return Err(Error::Corrupt {
            path,
            message: "does not hash to the journal's sha256".into(),
        });
    }
    Ok(bytes)
}
