//! Batches: the pending file the engine writes and its id.
//!
//! `batch_id` = first 12 hex of sha256(op_id, 0x00, phase, 0x00, iteration). The pending
//! file carries, once per kind present, the instructions and the answer schema, so a
//! batch of thousands of requests does not repeat them.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::instructions::instructions_for;
use super::request::Request;
use crate::error::Result;
use crate::hash::sha256_parts_hex;
use crate::ids::{BatchId, OpId};
use crate::names::serde_name;
use crate::state::Lock;

/// The protocol name written into every pending file.
pub(crate) const PROTOCOL: &str = "dochygiene.tier2.v1";

/// What a batch asks for: the phase its op is in. Part of the batch id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum BatchPhase {
    /// A check or sweep op classifying its candidates (`classify_file`).
    Classify,
    /// A clean op asking for the rewrites of generative entries (`rewrite_span`).
    Rewrite,
}

impl BatchPhase {
    pub(crate) fn as_str(self) -> &'static str {
        serde_name(&self)
    }
}

/// The id of batch `iteration` of `phase` in op `op_id`.
pub(crate) fn batch_id(op_id: &OpId, phase: BatchPhase, iteration: u32) -> BatchId {
    let iteration = iteration.to_string();
    let parts = [op_id.as_str().as_bytes(), phase.as_str().as_bytes(), iteration.as_bytes()];
    BatchId::new(sha256_parts_hex(&parts)[..12].to_string())
}

/// `pending-<batch>.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PendingFile {
    pub protocol: String,
    pub op_id: OpId,
    pub batch_id: BatchId,
    pub phase: BatchPhase,
    pub iteration: u32,
    pub created_at: String,
    /// Where the runner writes its answers (absolute).
    pub responses_path: String,
    /// Per kind present: taxonomy, decision rules, answer format.
    pub instructions: BTreeMap<String, String>,
    /// Per kind present: the JSON Schema of its answer. Requests point here with `$ref`.
    pub response_schemas: BTreeMap<String, Value>,
    pub requests: Vec<Request>,
}

impl PendingFile {
    /// Assembles a pending file for `requests`.
    pub(crate) fn new(
        op_id: &OpId,
        phase: BatchPhase,
        iteration: u32,
        created_at: String,
        responses_path: &Path,
        requests: Vec<Request>,
    ) -> PendingFile {
        let mut instructions = BTreeMap::new();
        let mut response_schemas = BTreeMap::new();
        for r in &requests {
            instructions
                .entry(r.kind.as_str().to_string())
                .or_insert_with(|| instructions_for(r.kind));
            response_schemas
                .entry(r.kind.as_str().to_string())
                .or_insert_with(|| r.kind.response_schema());
        }
        PendingFile {
            protocol: PROTOCOL.to_string(),
            op_id: op_id.clone(),
            batch_id: batch_id(op_id, phase, iteration),
            phase,
            iteration,
            created_at,
            responses_path: responses_path.display().to_string(),
            instructions,
            response_schemas,
            requests,
        }
    }

    /// Reads a pending file; one that does not parse is corrupt state.
    pub(crate) fn read(path: &Path) -> Result<PendingFile> {
        crate::json::state_file::read_state_file(path)
    }

    /// Writes the pending file atomically (the caller holds the lock).
    pub(crate) fn write(&self, path: &Path, _lock: &Lock) -> Result<()> {
        crate::fsio::write_atomic(path, &self.to_bytes())
    }

    /// The pretty JSON bytes written to disk.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut text = serde_json::to_string_pretty(self).expect("a pending file serializes");
        text.push('\n');
        text.into_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_ids_differ_by_op_phase_and_iteration() {
        let op = |id: &str| OpId::parse(id).unwrap();
        let a = batch_id(&op("check-1"), BatchPhase::Classify, 1);
        assert_eq!(a.as_str().len(), 12);
        assert_eq!(a, batch_id(&op("check-1"), BatchPhase::Classify, 1));
        assert_ne!(a, batch_id(&op("check-1"), BatchPhase::Classify, 2));
        assert_ne!(a, batch_id(&op("check-2"), BatchPhase::Classify, 1));
        assert_ne!(a, batch_id(&op("check-1"), BatchPhase::Rewrite, 1));
        // The documented formula: sha256(op_id, 0x00, phase, 0x00, iteration).
        let by_hand = crate::hash::sha256_hex(&[&b"check-1"[..], b"\x00classify\x001"].concat());
        assert_eq!(a.as_str(), &by_hand[..12]);
    }
}
