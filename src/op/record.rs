//! `op.json`: what an op is, where it stands, and which tool version started it.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::Result;

/// The commands that run as ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OpCommand {
    Check,
    Clean,
    Sweep,
}

impl OpCommand {
    pub fn as_str(self) -> &'static str {
        match self {
            OpCommand::Check => "check",
            OpCommand::Clean => "clean",
            OpCommand::Sweep => "sweep",
        }
    }
}

/// Where an op stands. Persisted before the step's effects become visible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Requests are being asked and answered.
    Classify,
    /// Every answer is in; the report is being built and written.
    Finalize,
    /// The report was written and `last_check` stamped.
    Done,
    /// `ops abort` ended it.
    Aborted,
    /// A clean op whose journal is written and whose edits are being applied.
    Apply,
    /// A clean op that `undo` reverted.
    Undone,
    /// A clean op asking an agent to rewrite the spans of generative entries.
    Rewrite,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Classify => "classify",
            Phase::Finalize => "finalize",
            Phase::Done => "done",
            Phase::Aborted => "aborted",
            Phase::Apply => "apply",
            Phase::Undone => "undone",
            Phase::Rewrite => "rewrite",
        }
    }

    /// Whether the op can still be resumed.
    pub fn is_open(self) -> bool {
        matches!(self, Phase::Classify | Phase::Finalize | Phase::Apply | Phase::Rewrite)
    }
}

/// The contents of `ops/<op-id>/op.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpRecord {
    pub op_id: String,
    pub command: OpCommand,
    /// The command's arguments, as the op was started with them.
    pub args: serde_json::Value,
    pub phase: Phase,
    pub iteration: u32,
    pub created_at: String,
    pub tool_version: String,
    /// The instant finalize started, persisted so a finalize re-run after a crash stamps
    /// the same time and writes byte-identical output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finalized_at: Option<String>,
}

impl OpRecord {
    /// Reads an `op.json`; anything that does not parse is corrupt state (exit 6).
    pub fn read(path: &Path) -> Result<OpRecord> {
        crate::json::state_file::read_state_file(path)
    }

    /// The one-line summary `status --json` and `ops list --json` print.
    pub fn summary(&self) -> serde_json::Value {
        serde_json::json!({
            "op_id": self.op_id, "command": self.command.as_str(), "phase": self.phase.as_str(),
            "iteration": self.iteration, "created_at": self.created_at,
            "tool_version": self.tool_version,
        })
    }

    /// Writes `op.json` atomically.
    pub fn write(&self, path: &Path) -> Result<()> {
        crate::json::state_file::write_state_file(path, self)
    }
}
