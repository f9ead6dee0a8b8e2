//! `answers.json`: every answer accepted so far in an op, keyed by request id, so resume
//! never re-asks an answered request. Written atomically after each accepted batch.
//! Versioned (`json::state_file`): a file without a `format_version` is version 1.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::kind::RequestKind;
use crate::error::Result;
use crate::ids::RequestId;
use crate::json::state_file::{
    format_v1, read_versioned, write_state_file, written_by, FORMAT_VERSION,
};
use crate::state::Lock;

/// One stored answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StoredAnswer {
    pub kind: RequestKind,
    /// Where it came from: `fixture` or the responses file name.
    pub source: String,
    pub response: Value,
}

/// All accepted answers of an op.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnswerStore {
    #[serde(default = "format_v1")]
    format_version: u32,
    /// The dochygiene version that wrote it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tool_version: Option<String>,
    answers: BTreeMap<RequestId, StoredAnswer>,
}

impl Default for AnswerStore {
    fn default() -> AnswerStore {
        AnswerStore { format_version: format_v1(), tool_version: None, answers: BTreeMap::new() }
    }
}

impl AnswerStore {
    /// Reads `answers.json`; empty when it does not exist; corrupt state when it does not
    /// parse.
    pub(crate) fn read(path: &Path) -> Result<AnswerStore> {
        if !path.exists() {
            return Ok(AnswerStore::default());
        }
        read_versioned(path)
    }

    /// Writes it atomically (the caller holds the lock).
    pub(crate) fn write(&self, path: &Path, _lock: &Lock) -> Result<()> {
        let stamped = AnswerStore {
            format_version: FORMAT_VERSION,
            tool_version: written_by(),
            answers: self.answers.clone(),
        };
        write_state_file(path, &stamped)
    }

    pub(crate) fn get(&self, request_id: &RequestId) -> Option<&StoredAnswer> {
        self.answers.get(request_id)
    }

    pub(crate) fn insert(&mut self, request_id: RequestId, answer: StoredAnswer) {
        self.answers.insert(request_id, answer);
    }
}
