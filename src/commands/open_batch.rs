//! The open batch of an op, for `pending` and `answer`: a check op classifying or a
//! clean op asking for rewrites, with its current pending file on disk.

use std::path::{Path, PathBuf};

use crate::check::CLASSIFY;
use crate::clean::REWRITE;
use crate::error::{Error, Result};
use crate::op::{OpDir, Phase};
use crate::protocol::{batch_id, PendingFile};
use crate::state::StateDir;

/// The op folder, the pending file's path and its contents.
pub fn open_batch(
    root: Option<&Path>,
    op_id: &str,
) -> Result<(StateDir, OpDir, PathBuf, PendingFile)> {
    let root = crate::project_root::resolve(root)?;
    let state = StateDir::locate(&root)?;
    let op = OpDir::new(&state, op_id)?;
    let record = op.record()?;
    let no_batch = || {
        Error::usage_hint(
            format!(
                "op {op_id} has no open batch (phase {}, round {})",
                record.phase.as_str(),
                record.iteration
            ),
            format!("run `dochygiene resume {op_id}` to continue it"),
        )
    };
    let phase = match record.phase {
        Phase::Classify => CLASSIFY,
        Phase::Rewrite => REWRITE,
        _ => return Err(no_batch()),
    };
    if record.iteration == 0 {
        return Err(no_batch());
    }
    let batch = batch_id(op_id, phase, record.iteration);
    let path = op.pending(&batch);
    if !path.exists() {
        return Err(no_batch());
    }
    let pending = PendingFile::read(&path)?;
    Ok((state, op, path, pending))
}
