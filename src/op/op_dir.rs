//! `OpDir`: one op's folder, `ops/<op-id>/`, and the fixed names of the files in it.
//! Finding the op to resume and refusing a second open op of a command live here too.
//!
//! An `OpDir` is only ever made for a folder that is not a symbolic link (a link there is
//! refused, exit 6), and [`OpDir::remove`] checks that again before it deletes anything.

use std::path::{Path, PathBuf};

use super::record::{OpCommand, OpRecord};
use crate::error::{Error, Result};
use crate::ids::{BatchId, OpId};
use crate::state::{check_entry, Kind, Lock, StateDir};

/// The folder of one op.
#[derive(Clone, Debug)]
pub(crate) struct OpDir {
    id: OpId,
    path: PathBuf,
}

impl OpDir {
    /// The folder of op `id` (which may not exist).
    pub(crate) fn new(state: &StateDir, id: &OpId) -> Result<OpDir> {
        let path = state.ops_dir().join(id.as_str());
        check_entry(&path, Kind::Folder)?;
        Ok(OpDir { id: id.clone(), path })
    }

    /// Creates the folder of a new op and writes its record (the caller holds the lock).
    /// A folder without `op.json` is a start killed before it finished, never visible to
    /// anything: it is started over. An op that exists is stale (exit 5).
    pub(crate) fn create(state: &StateDir, record: &OpRecord, lock: &Lock) -> Result<OpDir> {
        let op = OpDir::new(state, &record.op_id)?;
        if op.exists() {
            return Err(Error::stale(
                format!("op {} already exists", record.op_id),
                "pick another --op-id, or remove finished ops with `dochygiene ops gc`",
            ));
        }
        if op.path().exists() {
            op.remove(lock)?;
        }
        fs_err::create_dir_all(op.path()).map_err(|e| Error::io("create", op.path(), e))?;
        Ok(op)
    }

    /// Writes the op's record (the caller holds the lock).
    pub(crate) fn write_record(&self, record: &OpRecord, lock: &Lock) -> Result<()> {
        record.write(&self.op_json(), lock)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
    pub(crate) fn op_json(&self) -> PathBuf {
        self.path.join("op.json")
    }
    pub(crate) fn scan_json(&self) -> PathBuf {
        self.path.join("scan.json")
    }
    pub(crate) fn candidates_json(&self) -> PathBuf {
        self.path.join("candidates.json")
    }
    /// The stored verdicts this op may reuse, frozen at its start.
    pub(crate) fn reusable_json(&self) -> PathBuf {
        self.path.join("reusable.json")
    }
    pub(crate) fn answers_json(&self) -> PathBuf {
        self.path.join("answers.json")
    }
    pub(crate) fn pending(&self, batch_id: &BatchId) -> PathBuf {
        self.path.join(format!("pending-{batch_id}.json"))
    }
    pub(crate) fn responses(&self, batch_id: &BatchId) -> PathBuf {
        self.path.join(format!("responses-{batch_id}.json"))
    }

    /// The text of the runner's responses file for `batch_id`, read through the state
    /// door: a link there is never followed (even to a valid file), a FIFO or device
    /// never read, and the file is at most `json::strict::MAX_BYTES`. A refusal is a usage
    /// error (exit 2): nothing is consumed, and a regular file there fixes it.
    pub(crate) fn responses_text(&self, batch_id: &BatchId) -> Result<String> {
        let path = self.responses(batch_id);
        let limit = crate::json::strict::MAX_BYTES;
        let refused = |what: String| {
            Error::usage_hint(
                format!("{} {what}", path.display()),
                "write the answers to that path as a regular file (a temp file renamed into place), then run `dochygiene resume` again",
            )
        };
        let bytes = match crate::fsio::read_state(&path, limit) {
            Ok(bytes) => bytes,
            Err(crate::fsio::ReadError::Io(e)) => return Err(Error::io("read", &path, e)),
            Err(crate::fsio::ReadError::TooLarge { limit }) => {
                return Err(refused(format!("is over the {limit} byte limit for JSON input")))
            }
            Err(other) => return Err(refused(other.to_string())),
        };
        String::from_utf8(bytes).map_err(|e| refused(format!("is not UTF-8: {e}")))
    }

    /// Whether the op was fully created (its `op.json` exists).
    pub(crate) fn exists(&self) -> bool {
        std::fs::symlink_metadata(self.op_json()).is_ok()
    }

    /// Deletes the op's folder and everything in it, after checking once more that the
    /// folder is a real one (a link is refused, never followed) and the caller holds the
    /// lock. A folder that is already gone is fine.
    pub(crate) fn remove(&self, _lock: &Lock) -> Result<()> {
        check_entry(&self.path, Kind::Folder)?;
        match fs_err::remove_dir_all(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(Error::io("remove", &self.path, e))
            }
            _ => Ok(()),
        }
    }

    /// Reads the op's record.
    pub(crate) fn record(&self) -> Result<OpRecord> {
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
pub(crate) fn refuse_if_open(state: &StateDir, command: OpCommand) -> Result<()> {
    if let Some(open) = super::list(state)?
        .ops
        .into_iter()
        .find(|o| o.state.command() == command && o.state.is_open())
    {
        return Err(Error::stale(
            format!(
                "op {} ({}) is still open, in phase {} round {}",
                open.op_id,
                command.as_str(),
                open.state.phase().as_str(),
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
pub(crate) fn resolve_for_resume(state: &StateDir, id: Option<&OpId>) -> Result<(OpDir, OpRecord)> {
    if let Some(id) = id {
        let dir = OpDir::new(state, id)?;
        let record = dir.record()?;
        return Ok((dir, record));
    }
    let open: Vec<OpRecord> =
        super::list(state)?.ops.into_iter().filter(|o| o.state.is_open()).collect();
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
pub(crate) fn refuse_other_version(record: &OpRecord) -> Result<()> {
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
