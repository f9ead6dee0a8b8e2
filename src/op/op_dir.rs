//! `OpDir`: one op's folder, `ops/<op-id>/`, and the fixed names of the files in it.
//! Finding the op to resume and refusing a second open op of a command live here too.

use std::path::{Path, PathBuf};

use super::op_id::is_valid_id;
use super::record::{OpCommand, OpRecord};
use crate::error::{Error, Result};
use crate::state::StateDir;

/// The folder of one op.
#[derive(Clone, Debug)]
pub struct OpDir {
    id: String,
    path: PathBuf,
}

impl OpDir {
    /// The folder of op `id` (which may not exist).
    pub fn new(state: &StateDir, id: &str) -> Result<OpDir> {
        if !is_valid_id(id) {
            return Err(Error::usage(format!("{id:?} is not an op id")));
        }
        Ok(OpDir { id: id.to_string(), path: state.ops_dir().join(id) })
    }

    pub fn id(&self) -> &str {
        &self.id
    }
    pub fn path(&self) -> &Path {
        &self.path
    }
    pub fn op_json(&self) -> PathBuf {
        self.path.join("op.json")
    }
    pub fn scan_json(&self) -> PathBuf {
        self.path.join("scan.json")
    }
    pub fn candidates_json(&self) -> PathBuf {
        self.path.join("candidates.json")
    }
    pub fn answers_json(&self) -> PathBuf {
        self.path.join("answers.json")
    }
    pub fn pending(&self, batch_id: &str) -> PathBuf {
        self.path.join(format!("pending-{batch_id}.json"))
    }
    pub fn responses(&self, batch_id: &str) -> PathBuf {
        self.path.join(format!("responses-{batch_id}.json"))
    }

    /// Whether the op was fully created (its `op.json` exists).
    pub fn exists(&self) -> bool {
        self.op_json().exists()
    }

    /// Reads the op's record.
    pub fn record(&self) -> Result<OpRecord> {
        if !self.exists() {
            return Err(Error::usage_hint(
                format!("there is no op {}", self.id),
                "list the ops with `dochygiene ops list`",
            ));
        }
        OpRecord::read(&self.op_json())
    }
}

/// Refuses to start a `command` op while another op of the same command is open.
pub fn refuse_if_open(state: &StateDir, command: OpCommand) -> Result<()> {
    if let Some(open) =
        super::list(state)?.into_iter().find(|o| o.command == command && o.phase.is_open())
    {
        return Err(Error::stale(
            format!(
                "op {} ({}) is still open, in phase {} round {}",
                open.op_id,
                command.as_str(),
                open.phase.as_str(),
                open.iteration
            ),
            format!(
                "finish it with `dochygiene resume {id}`, or discard it with `dochygiene ops abort {id}`",
                id = open.op_id
            ),
        ));
    }
    Ok(())
}

/// The op a `resume` means: the named one, or the only open one.
pub fn resolve_for_resume(state: &StateDir, id: Option<&str>) -> Result<(OpDir, OpRecord)> {
    if let Some(id) = id {
        let dir = OpDir::new(state, id)?;
        let record = dir.record()?;
        return Ok((dir, record));
    }
    let open: Vec<OpRecord> =
        super::list(state)?.into_iter().filter(|o| o.phase.is_open()).collect();
    match open.as_slice() {
        [] => Err(Error::usage_hint(
            "there is no open op to resume",
            "start one with `dochygiene check`",
        )),
        [only] => Ok((OpDir::new(state, &only.op_id)?, only.clone())),
        many => Err(Error::usage_hint(
            format!(
                "{} ops are open ({}); say which to resume",
                many.len(),
                many.iter().map(|o| o.op_id.as_str()).collect::<Vec<_>>().join(", ")
            ),
            "run `dochygiene resume OP_ID`",
        )),
    }
}

/// Refuses to resume an op written by another tool version.
pub fn refuse_other_version(record: &OpRecord) -> Result<()> {
    if record.tool_version != crate::TOOL_VERSION {
        return Err(Error::stale(
            format!(
                "op {} was started by dochygiene {}, but this is {}",
                record.op_id,
                record.tool_version,
                crate::TOOL_VERSION
            ),
            format!(
                "discard it with `dochygiene ops abort {}` and start again, or resume it with dochygiene {}",
                record.op_id, record.tool_version
            ),
        ));
    }
    Ok(())
}
