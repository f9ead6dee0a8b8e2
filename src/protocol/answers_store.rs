//! `answers.json`: every answer accepted so far in an op, keyed by request id, so resume
//! never re-asks an answered request. Written atomically after each accepted batch.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::kind::RequestKind;
use crate::error::Result;

/// One stored answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredAnswer {
    pub kind: RequestKind,
    /// Where it came from: `fixture` or the responses file name.
    pub source: String,
    pub response: Value,
}

/// All accepted answers of an op.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerStore {
    pub answers: BTreeMap<String, StoredAnswer>,
}

impl AnswerStore {
    /// Reads `answers.json`; empty when it does not exist; corrupt state when it does not
    /// parse.
    pub fn read(path: &Path) -> Result<AnswerStore> {
        if !path.exists() {
            return Ok(AnswerStore::default());
        }
        crate::json::state_file::read_state_file(path)
    }

    /// Writes it atomically.
    pub fn write(&self, path: &Path) -> Result<()> {
        crate::json::state_file::write_state_file(path, self)
    }

    pub fn get(&self, request_id: &str) -> Option<&StoredAnswer> {
        self.answers.get(request_id)
    }

    pub fn insert(&mut self, request_id: String, answer: StoredAnswer) {
        self.answers.insert(request_id, answer);
    }

    pub fn len(&self) -> usize {
        self.answers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.answers.is_empty()
    }
}
