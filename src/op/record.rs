//! `op.json`: what an op is, where it stands, and which tool version started it.
//!
//! In memory an op is an [`OpState`], tagged by its command, with typed args and a
//! phase enum per command, so a check op can never be "applying" and a clean op never
//! "classifying". On disk the file keeps its flat shape (`command`, `args`, `phase`,
//! `iteration`, …, plus a `format_version`, missing = 1); [`OpRecord::read`] refuses a
//! combination no command has (corrupt state, exit 6).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::args::{CheckSettings, CleanArgs};
use crate::error::{Error, Result};
use crate::ids::OpId;
use crate::json::state_file::{format_v1, read_versioned, write_state_file, FORMAT_VERSION};
use crate::names::serde_name;
use crate::state::Lock;

/// The commands that run as ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum OpCommand {
    Check,
    Clean,
    Sweep,
}

impl OpCommand {
    pub(crate) fn as_str(self) -> &'static str {
        serde_name(&self)
    }
}

/// Where an op stands, as written in `op.json` (every command's phases in one list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Phase {
    Classify,
    Finalize,
    Done,
    Aborted,
    Apply,
    Undone,
    Rewrite,
}

impl Phase {
    pub(crate) fn as_str(self) -> &'static str {
        serde_name(&self)
    }
}

/// A check op's phases. `Finalize` carries the persisted finalize instant, so a
/// finalize re-run after a crash stamps the same time.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CheckPhase {
    /// Requests are being asked and answered.
    Classify,
    /// Every answer is in; the report is being built and written.
    Finalize {
        at: String,
    },
    /// The report was written and `last_check` stamped.
    Done,
    Aborted,
}

/// A sweep op: a check, then the clean of the report's auto entries.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SweepPhase {
    Classify,
    Finalize {
        at: String,
    },
    /// The report is written; the journal is written and its edits are being applied.
    Apply,
    Done,
    Undone,
    Aborted,
}

/// A clean op's phases.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CleanPhase {
    /// Asking an agent to rewrite the spans of generative entries.
    Rewrite,
    /// The journal is written; its edits are being applied.
    Apply,
    Done,
    Undone,
    Aborted,
}

/// An op: its command, typed args and phase.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum OpState {
    Check { args: CheckSettings, phase: CheckPhase },
    Sweep { args: CheckSettings, phase: SweepPhase },
    Clean { args: CleanArgs, phase: CleanPhase },
}

/// The check half of a check or sweep op, where the check pipeline can drive it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CheckStage {
    Classify,
    Finalize { at: String },
}

/// One op, as `op.json` holds it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct OpRecord {
    pub op_id: OpId,
    pub state: OpState,
    /// The handshake round the op is in (0 before its first batch).
    pub iteration: u32,
    pub created_at: String,
    pub tool_version: String,
}

/// `op.json` on disk.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct OpFile {
    #[serde(default = "format_v1")]
    format_version: u32,
    op_id: OpId,
    command: OpCommand,
    args: serde_json::Value,
    phase: Phase,
    iteration: u32,
    created_at: String,
    tool_version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    finalized_at: Option<String>,
}

impl OpState {
    pub(crate) fn command(&self) -> OpCommand {
        match self {
            OpState::Check { .. } => OpCommand::Check,
            OpState::Sweep { .. } => OpCommand::Sweep,
            OpState::Clean { .. } => OpCommand::Clean,
        }
    }

    /// The phase as written in `op.json`.
    pub(crate) fn phase(&self) -> Phase {
        match self {
            OpState::Check { phase, .. } => match phase {
                CheckPhase::Classify => Phase::Classify,
                CheckPhase::Finalize { .. } => Phase::Finalize,
                CheckPhase::Done => Phase::Done,
                CheckPhase::Aborted => Phase::Aborted,
            },
            OpState::Sweep { phase, .. } => match phase {
                SweepPhase::Classify => Phase::Classify,
                SweepPhase::Finalize { .. } => Phase::Finalize,
                SweepPhase::Apply => Phase::Apply,
                SweepPhase::Done => Phase::Done,
                SweepPhase::Undone => Phase::Undone,
                SweepPhase::Aborted => Phase::Aborted,
            },
            OpState::Clean { phase, .. } => match phase {
                CleanPhase::Rewrite => Phase::Rewrite,
                CleanPhase::Apply => Phase::Apply,
                CleanPhase::Done => Phase::Done,
                CleanPhase::Undone => Phase::Undone,
                CleanPhase::Aborted => Phase::Aborted,
            },
        }
    }

    /// Whether the op can still be resumed.
    pub(crate) fn is_open(&self) -> bool {
        matches!(self.phase(), Phase::Classify | Phase::Finalize | Phase::Apply | Phase::Rewrite)
    }

    /// The check half of a check or sweep op still to drive, if any.
    pub(crate) fn check_stage(&self) -> Option<CheckStage> {
        match self {
            OpState::Check { phase: CheckPhase::Classify, .. }
            | OpState::Sweep { phase: SweepPhase::Classify, .. } => Some(CheckStage::Classify),
            OpState::Check { phase: CheckPhase::Finalize { at }, .. }
            | OpState::Sweep { phase: SweepPhase::Finalize { at }, .. } => {
                Some(CheckStage::Finalize { at: at.clone() })
            }
            _ => None,
        }
    }

    /// Moves a check or sweep op to a check stage; any other op is left alone.
    pub(crate) fn set_check_stage(&mut self, stage: CheckStage) {
        match (self, stage) {
            (OpState::Check { phase, .. }, CheckStage::Classify) => *phase = CheckPhase::Classify,
            (OpState::Check { phase, .. }, CheckStage::Finalize { at }) => {
                *phase = CheckPhase::Finalize { at }
            }
            (OpState::Sweep { phase, .. }, CheckStage::Classify) => *phase = SweepPhase::Classify,
            (OpState::Sweep { phase, .. }, CheckStage::Finalize { at }) => {
                *phase = SweepPhase::Finalize { at }
            }
            (OpState::Clean { .. }, _) => debug_assert!(false, "a clean op has no check stage"),
        }
    }

    /// The op has finished its work.
    pub(crate) fn set_done(&mut self) {
        match self {
            OpState::Check { phase, .. } => *phase = CheckPhase::Done,
            OpState::Sweep { phase, .. } => *phase = SweepPhase::Done,
            OpState::Clean { phase, .. } => *phase = CleanPhase::Done,
        }
    }

    /// The op's journal is written; its edits are being applied (sweep and clean).
    pub(crate) fn set_apply(&mut self) {
        match self {
            OpState::Sweep { phase, .. } => *phase = SweepPhase::Apply,
            OpState::Clean { phase, .. } => *phase = CleanPhase::Apply,
            OpState::Check { .. } => debug_assert!(false, "a check op applies nothing"),
        }
    }

    /// `undo` reverted the op's edits (sweep and clean).
    pub(crate) fn set_undone(&mut self) {
        match self {
            OpState::Sweep { phase, .. } => *phase = SweepPhase::Undone,
            OpState::Clean { phase, .. } => *phase = CleanPhase::Undone,
            OpState::Check { .. } => debug_assert!(false, "a check op changes no file"),
        }
    }

    /// `ops abort` closed the op.
    pub(crate) fn set_aborted(&mut self) {
        match self {
            OpState::Check { phase, .. } => *phase = CheckPhase::Aborted,
            OpState::Sweep { phase, .. } => *phase = SweepPhase::Aborted,
            OpState::Clean { phase, .. } => *phase = CleanPhase::Aborted,
        }
    }

    fn from_file(file: &OpFile) -> std::result::Result<OpState, String> {
        let check_args = || -> std::result::Result<CheckSettings, String> {
            serde_json::from_value(file.args.clone()).map_err(|e| format!("args: {e}"))
        };
        let at = || {
            file.finalized_at
                .clone()
                .ok_or_else(|| "phase finalize without finalized_at".to_string())
        };
        let state = match (file.command, file.phase) {
            (OpCommand::Check, phase) => OpState::Check {
                args: check_args()?,
                phase: match phase {
                    Phase::Classify => CheckPhase::Classify,
                    Phase::Finalize => CheckPhase::Finalize { at: at()? },
                    Phase::Done => CheckPhase::Done,
                    Phase::Aborted => CheckPhase::Aborted,
                    other => return Err(format!("a check op has no phase {}", other.as_str())),
                },
            },
            (OpCommand::Sweep, phase) => OpState::Sweep {
                args: check_args()?,
                phase: match phase {
                    Phase::Classify => SweepPhase::Classify,
                    Phase::Finalize => SweepPhase::Finalize { at: at()? },
                    Phase::Apply => SweepPhase::Apply,
                    Phase::Done => SweepPhase::Done,
                    Phase::Undone => SweepPhase::Undone,
                    Phase::Aborted => SweepPhase::Aborted,
                    Phase::Rewrite => return Err("a sweep op has no phase rewrite".into()),
                },
            },
            (OpCommand::Clean, phase) => OpState::Clean {
                args: serde_json::from_value(file.args.clone())
                    .map_err(|e| format!("args: {e}"))?,
                phase: match phase {
                    Phase::Rewrite => CleanPhase::Rewrite,
                    Phase::Apply => CleanPhase::Apply,
                    Phase::Done => CleanPhase::Done,
                    Phase::Undone => CleanPhase::Undone,
                    Phase::Aborted => CleanPhase::Aborted,
                    other => return Err(format!("a clean op has no phase {}", other.as_str())),
                },
            },
        };
        Ok(state)
    }
}

impl OpRecord {
    /// Reads an `op.json`; anything that does not parse, or pairs a command with a phase
    /// or args it does not have, is corrupt state (exit 6).
    pub(crate) fn read(path: &Path) -> Result<OpRecord> {
        let file: OpFile = read_versioned(path)?;
        let state = OpState::from_file(&file)
            .map_err(|message| Error::Corrupt { path: path.into(), message })?;
        Ok(OpRecord {
            op_id: file.op_id,
            state,
            iteration: file.iteration,
            created_at: file.created_at,
            tool_version: file.tool_version,
        })
    }

    /// Writes `op.json` atomically (the caller holds the lock).
    pub(crate) fn write(&self, path: &Path, _lock: &Lock) -> Result<()> {
        let (args, finalized_at) = match &self.state {
            OpState::Check { args, phase } => (
                serde_json::to_value(args),
                match phase {
                    CheckPhase::Finalize { at } => Some(at.clone()),
                    _ => None,
                },
            ),
            OpState::Sweep { args, phase } => (
                serde_json::to_value(args),
                match phase {
                    SweepPhase::Finalize { at } => Some(at.clone()),
                    _ => None,
                },
            ),
            OpState::Clean { args, .. } => (serde_json::to_value(args), None),
        };
        let file = OpFile {
            format_version: FORMAT_VERSION,
            op_id: self.op_id.clone(),
            command: self.state.command(),
            args: args.expect("op args serialize"),
            phase: self.state.phase(),
            iteration: self.iteration,
            created_at: self.created_at.clone(),
            tool_version: self.tool_version.clone(),
            finalized_at,
        };
        write_state_file(path, &file)
    }

    /// The one-line summary `status --json` and `ops list --json` print.
    pub(crate) fn summary(&self) -> serde_json::Value {
        serde_json::json!({
            "op_id": self.op_id, "command": self.state.command().as_str(),
            "phase": self.state.phase().as_str(), "iteration": self.iteration,
            "created_at": self.created_at, "tool_version": self.tool_version,
        })
    }

    /// The record as `ops show` prints it (the on-disk shape).
    pub(crate) fn shown(&self) -> serde_json::Value {
        let mut value = self.summary();
        let args = match &self.state {
            OpState::Check { args, .. } | OpState::Sweep { args, .. } => serde_json::to_value(args),
            OpState::Clean { args, .. } => serde_json::to_value(args),
        };
        value["args"] = args.expect("op args serialize");
        if let Some(CheckStage::Finalize { at }) = self.state.check_stage() {
            value["finalized_at"] = at.into();
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_never_holds_another_commands_phase() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("op.json");
        let op = |command: &str, phase: &str, args: &str| {
            format!(
                r#"{{"op_id":"x-1","command":"{command}","args":{args},"phase":"{phase}","iteration":0,"created_at":"2026-01-01T00:00:00Z","tool_version":"0.1.0"}}"#
            )
        };
        let check_args = r#"{"scopes":[],"categories":[],"use_git":true}"#;
        std::fs::write(&path, op("check", "classify", check_args)).unwrap();
        let record = OpRecord::read(&path).unwrap();
        assert_eq!(record.state.phase(), Phase::Classify);
        for (command, phase) in [("check", "apply"), ("check", "rewrite"), ("sweep", "rewrite")] {
            std::fs::write(&path, op(command, phase, check_args)).unwrap();
            let err = OpRecord::read(&path).unwrap_err();
            assert_eq!(err.exit(), crate::exit::Exit::Corrupt, "{command} {phase}: {err}");
        }
        std::fs::write(&path, op("check", "finalize", check_args)).unwrap();
        assert!(OpRecord::read(&path).unwrap_err().to_string().contains("finalized_at"));
        std::fs::write(&path, op("clean", "apply", check_args)).unwrap();
        assert!(OpRecord::read(&path).unwrap_err().to_string().contains("args"));
    }
}
