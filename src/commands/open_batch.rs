//! The open batch of an op, for `pending` and `answer`: a check or sweep op classifying,
//! or a clean op asking for rewrites, with its current pending file on disk.

use std::path::PathBuf;

use crate::error::{Error, Result};
use crate::ids::OpId;
use crate::op::{OpDir, OpState, Phase};
use crate::project::Project;
use crate::protocol::{batch_id, BatchPhase, PendingFile};

/// The op folder, the pending file's path and its contents.
pub(super) fn open_batch(project: &Project, op_id: &OpId) -> Result<(OpDir, PathBuf, PendingFile)> {
    let op = OpDir::new(&project.state, op_id)?;
    let record = op.record()?;
    let no_batch = || {
        Error::usage_hint(
            format!(
                "op {op_id} has no open batch (phase {}, round {})",
                record.state.phase().as_str(),
                record.iteration
            ),
            format!("run `dochygiene resume {op_id}` to continue it"),
        )
    };
    let phase = match (&record.state, record.state.phase()) {
        (OpState::Check { .. } | OpState::Sweep { .. }, Phase::Classify) => BatchPhase::Classify,
        (OpState::Clean { .. }, Phase::Rewrite) => BatchPhase::Rewrite,
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
    Ok((op, path, pending))
}
