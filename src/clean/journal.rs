//! The clean op's journal: every file's bytes before and after, written (with copies in
//! `trash/`) before the first edit. Apply, resume and undo all work from it, and each
//! decides per file from the file's current bytes, so any of them can be re-run after a
//! crash.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::edit::Change;
use crate::error::{Error, Result};
use crate::fsio::write_atomic;
use crate::hash::sha256_hex;
use crate::json::state_file::{read_state_file, write_state_file};

/// One file a clean changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JournalItem {
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
pub struct Skipped {
    pub id: String,
    pub reason: String,
}

/// `ops/<op>/journal.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Journal {
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
}

/// Where an image of item `i` lives.
pub fn image_path(op_dir: &Path, i: usize, which: &str) -> PathBuf {
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
    /// Writes the before/after images, then the journal itself.
    pub fn write_with_images(&self, op_dir: &Path, changes: &[Change]) -> Result<()> {
        let trash = trash_dir(op_dir)?;
        fs_err::create_dir_all(&trash).map_err(|e| Error::io("create", &trash, e))?;
        for (i, c) in changes.iter().enumerate() {
            if let Some(b) = &c.before {
                write_atomic(&image_path(op_dir, i, "before"), b)?;
            }
            if let Some(a) = &c.after {
                write_atomic(&image_path(op_dir, i, "after"), a)?;
            }
        }
        write_state_file(&op_dir.join("journal.json"), self)
    }

    pub fn read(op_dir: &Path) -> Result<Journal> {
        read_state_file(&op_dir.join("journal.json"))
    }

    /// The items of `changes`, with the `modes` of the files they create or remove.
    pub fn items_of(changes: &[Change], modes: &BTreeMap<String, u32>) -> Vec<JournalItem> {
        changes
            .iter()
            .map(|c| JournalItem {
                path: c.path.clone(),
                before_sha256: c.before.as_deref().map(sha256_hex),
                after_sha256: c.after.as_deref().map(sha256_hex),
                mode: modes.get(&c.path).copied(),
            })
            .collect()
    }
}

/// Reads an image, checking it still hashes to what the journal says.
pub fn read_image(op_dir: &Path, i: usize, which: &str, sha: &str) -> Result<Vec<u8>> {
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
