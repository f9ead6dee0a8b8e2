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
use super::kind::RequestKind;
use super::request::Request;
use crate::error::Result;
use crate::hash::sha256_parts_hex;

/// The protocol name written into every pending file.
pub const PROTOCOL: &str = "dochygiene.tier2.v1";

/// The id of batch `iteration` of `phase` in op `op_id`.
pub fn batch_id(op_id: &str, phase: &str, iteration: u32) -> String {
    let iteration = iteration.to_string();
    sha256_parts_hex(&[op_id.as_bytes(), phase.as_bytes(), iteration.as_bytes()])[..12].to_string()
}

/// `pending-<batch>.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PendingFile {
    pub protocol: String,
    pub op_id: String,
    pub batch_id: String,
    pub phase: String,
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
    pub fn new(
        op_id: &str,
        phase: &str,
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
            op_id: op_id.to_string(),
            batch_id: batch_id(op_id, phase, iteration),
            phase: phase.to_string(),
            iteration,
            created_at,
            responses_path: responses_path.display().to_string(),
            instructions,
            response_schemas,
            requests,
        }
    }

    /// Reads a pending file; one that does not parse is corrupt state.
    pub fn read(path: &Path) -> Result<PendingFile> {
        crate::json::state_file::read_state_file(path)
    }

    /// The pretty JSON bytes written to disk.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut text = serde_json::to_string_pretty(self).expect("a pending file serializes");
        text.push('\n');
        text.into_bytes()
    }

    /// The kind of the open request `id`, if it is in this batch.
    pub fn kind_of(&self, id: &str) -> Option<RequestKind> {
        self.requests.iter().find(|r| r.request_id == id).map(|r| r.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_ids_differ_by_op_phase_and_iteration() {
        let a = batch_id("check-1", "classify", 1);
        assert_eq!(a.len(), 12);
        assert_eq!(a, batch_id("check-1", "classify", 1));
        assert_ne!(a, batch_id("check-1", "classify", 2));
        assert_ne!(a, batch_id("check-2", "classify", 1));
        assert_ne!(a, batch_id("check-1", "rewrite", 1));
    }
}
