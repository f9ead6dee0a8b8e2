//! Listing the op folders under `.dochygiene/ops/`, each as a readable op, a corrupt one
//! (an `op.json` that does not parse, or a folder that is a symbolic link), or an
//! unfinished start (a folder with no `op.json` yet).
//!
//! A corrupt op never stops the listing: `status` and `ops list` show it, `ops abort` and
//! `ops gc` remove it, and every other command goes on without it. Links are never
//! entered.

use super::record::OpRecord;
use crate::error::{Error, Result};
use crate::state::StateDir;

/// An op folder whose record cannot be used.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CorruptOp {
    /// The folder name.
    pub op_id: String,
    /// What is wrong, as a fragment ("is a symbolic link", the parse error).
    pub problem: String,
    /// The folder is a symbolic link (never entered, never removed: the user removes it).
    pub is_link: bool,
    /// It holds a clean journal, the only way to undo that clean.
    pub has_journal: bool,
}

/// Every op folder, sorted by op id.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpList {
    pub ops: Vec<OpRecord>,
    pub corrupt: Vec<CorruptOp>,
    /// Folders without `op.json`: a start killed before it finished.
    pub unfinished: Vec<String>,
}

/// Lists the op folders.
pub(crate) fn list(state: &StateDir) -> Result<OpList> {
    let dir = state.ops_dir();
    let mut out = OpList::default();
    if !dir.is_dir() {
        return Ok(out);
    }
    for entry in fs_err::read_dir(&dir).map_err(|e| Error::io("list", &dir, e))? {
        let entry = entry.map_err(|e| Error::io("list", &dir, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = entry.file_type().map_err(|e| Error::io("inspect", entry.path(), e))?;
        if kind.is_symlink() {
            out.corrupt.push(CorruptOp {
                op_id: name,
                problem: "is a symbolic link, which dochygiene never enters".into(),
                is_link: true,
                has_journal: false,
            });
            continue;
        }
        if !kind.is_dir() || !crate::ids::is_valid_op_id(&name) {
            continue;
        }
        let path = entry.path();
        if std::fs::symlink_metadata(path.join("op.json")).is_err() {
            out.unfinished.push(name);
            continue;
        }
        let has_journal = std::fs::symlink_metadata(path.join("journal.json")).is_ok();
        let corrupt = |problem: String| CorruptOp {
            op_id: name.clone(),
            problem,
            is_link: false,
            has_journal,
        };
        match OpRecord::read(&path.join("op.json")) {
            Ok(record) if record.op_id == *name.as_str() => out.ops.push(record),
            Ok(record) => out.corrupt.push(corrupt(format!(
                "its op.json names op {:?}, not the folder's",
                record.op_id
            ))),
            Err(Error::Corrupt { message, .. }) => {
                out.corrupt.push(corrupt(format!("op.json: {message}")))
            }
            Err(other) => return Err(other),
        }
    }
    out.ops.sort_by(|a, b| a.op_id.cmp(&b.op_id));
    out.corrupt.sort_by(|a, b| a.op_id.cmp(&b.op_id));
    out.unfinished.sort();
    Ok(out)
}
