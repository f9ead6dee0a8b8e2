//! Ops: `check`, `clean` and `sweep` runs, each in `ops/<op-id>/`, resumable.

pub mod failpoint;
mod op_dir;
pub mod op_id;
mod record;

pub use op_dir::{refuse_if_open, refuse_other_version, resolve_for_resume, OpDir};
pub use record::{OpCommand, OpRecord, Phase};

use crate::error::{Error, Result};
use crate::state::StateDir;

/// Every op folder with its record, sorted by op id.
pub fn list(state: &StateDir) -> Result<Vec<OpRecord>> {
    let dir = state.ops_dir();
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for entry in fs_err::read_dir(&dir).map_err(|e| Error::io("list", &dir, e))? {
        let entry = entry.map_err(|e| Error::io("list", &dir, e))?;
        let op_json = entry.path().join("op.json");
        if entry.path().is_dir() && op_json.exists() {
            out.push(OpRecord::read(&op_json)?);
        }
    }
    out.sort_by(|a, b| a.op_id.cmp(&b.op_id));
    Ok(out)
}
