//! `.dochygiene/verdicts.json`: the last accepted `classify_file` answer per file, with
//! the reuse key it answered, the op that asked it and the `--category` it was asked
//! under. A check copies the verdicts still valid for its candidates into its op folder
//! (`reusable.json`, frozen at the start so a resume plans exactly what an uninterrupted
//! run would) and writes the store again after its report.
//!
//! The store is a cache: bounded ([`MAX_VERDICTS`] files, [`MAX_BYTES`] on the read and
//! the write), and one that cannot be read — corrupt, a link, too large, another
//! format — is reported as a notice and ignored, never fatal.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::category_filter::CategoryFilter;
use super::reuse_key::KeyContext;
use crate::error::Result;
use crate::json::state_file::{format_v1, written_by, FORMAT_VERSION};
use crate::protocol::ClassifyAnswer;

use super::candidates::Candidates;

/// At most this many files' verdicts are kept.
pub(crate) const MAX_VERDICTS: usize = 20_000;

/// The store is read, and written, only up to this size.
pub(crate) const MAX_BYTES: u64 = 32 * 1024 * 1024;

/// One file's stored verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StoredVerdict {
    /// The reuse key of the question it answered (`reuse_key.rs`).
    pub key: String,
    /// The op that asked the question.
    pub op_id: String,
    /// The `--category` values it was asked under (empty: every category).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    /// The accepted `classify_file` answer.
    pub answer: Value,
}

impl StoredVerdict {
    /// Whether an answer asked under `self.categories` answers a question asked under
    /// `wanted`: one asked for everything answers any; a narrowed one only questions
    /// narrowed at least as far.
    fn covers(&self, wanted: &CategoryFilter) -> bool {
        if self.categories.is_empty() {
            return true;
        }
        let asked = CategoryFilter::parse(&self.categories).unwrap_or_default();
        !wanted.values().is_empty() && wanted.within(&asked)
    }
}

/// Verdicts by root-relative path.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct VerdictStore {
    #[serde(default = "format_v1")]
    format_version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tool_version: Option<String>,
    pub verdicts: BTreeMap<String, StoredVerdict>,
}

impl Default for VerdictStore {
    fn default() -> VerdictStore {
        VerdictStore { format_version: format_v1(), tool_version: None, verdicts: BTreeMap::new() }
    }
}

impl VerdictStore {
    /// Reads the store at `path`: empty when it does not exist; empty with the reason
    /// when it cannot be used (the caller reports it, the check goes on).
    pub(crate) fn load(path: &Path) -> (VerdictStore, Option<String>) {
        let bytes = match crate::fsio::read_state(path, MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(e) if e.is_not_found() => return (VerdictStore::default(), None),
            Err(e) => return (VerdictStore::default(), Some(e.to_string())),
        };
        match serde_json::from_slice::<VerdictStore>(&bytes) {
            Ok(store) if store.format_version == FORMAT_VERSION => (store, None),
            Ok(store) => (
                VerdictStore::default(),
                Some(format!("format_version {} is not {FORMAT_VERSION}", store.format_version)),
            ),
            Err(e) => (VerdictStore::default(), Some(e.to_string())),
        }
    }

    /// Reads an op's frozen `reusable.json` (engine state: corrupt is exit 6); empty
    /// when the op has none (`--fresh`).
    pub(crate) fn read_frozen(path: &Path) -> Result<VerdictStore> {
        if !path.exists() {
            return Ok(VerdictStore::default());
        }
        crate::json::state_file::read_versioned(path)
    }

    /// Writes the store (or an op's frozen copy) atomically, bounded: past
    /// [`MAX_VERDICTS`] or [`MAX_BYTES`], the verdicts of files `keep` does not name go
    /// first, then the largest.
    pub(crate) fn write(&self, path: &Path, keep: impl Fn(&str) -> bool) -> Result<()> {
        let mut verdicts = self.verdicts.clone();
        let size = |v: &StoredVerdict| v.answer.to_string().len() + v.key.len() + 200;
        let mut bytes: usize = verdicts.iter().map(|(p, v)| p.len() + size(v)).sum();
        let mut order: Vec<(bool, usize, String)> =
            verdicts.iter().map(|(p, v)| (keep(p), usize::MAX - size(v), p.clone())).collect();
        order.sort();
        for (_, _, path) in order {
            if verdicts.len() <= MAX_VERDICTS && bytes as u64 <= MAX_BYTES / 2 {
                break;
            }
            if let Some(v) = verdicts.remove(&path) {
                bytes -= path.len() + size(&v);
            }
        }
        let stamped =
            VerdictStore { format_version: FORMAT_VERSION, tool_version: written_by(), verdicts };
        crate::json::state_file::write_state_file(path, &stamped)
    }

    /// The verdicts that answer today's questions about `candidates` asked under
    /// `wanted`: same reuse key, an answer of today's shape.
    pub(crate) fn reusable_for(
        &self,
        candidates: &Candidates,
        ctx: &KeyContext,
        wanted: &CategoryFilter,
    ) -> VerdictStore {
        let mut out = VerdictStore::default();
        for c in &candidates.candidates {
            let Some(v) = self.verdicts.get(&c.path) else { continue };
            let shaped = serde_json::from_value::<ClassifyAnswer>(v.answer.clone()).is_ok();
            if shaped && v.key == ctx.key(c) && v.covers(wanted) {
                out.verdicts.insert(c.path.clone(), v.clone());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn verdict(n: usize) -> StoredVerdict {
        StoredVerdict {
            key: format!("k{n}"),
            op_id: "check-1".into(),
            categories: vec![],
            answer: json!({"verdict": "clear"}),
        }
    }

    #[test]
    fn the_store_is_bounded_and_keeps_the_files_it_is_told_to_keep_first() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("verdicts.json");
        let mut store = VerdictStore::default();
        for n in 0..MAX_VERDICTS + 5 {
            store.verdicts.insert(format!("d{n:06}.md"), verdict(n));
        }
        store.write(&path, |p| p != "d000003.md").unwrap();
        let (read, problem) = VerdictStore::load(&path);
        assert_eq!(problem, None);
        assert_eq!(read.verdicts.len(), MAX_VERDICTS);
        assert!(!read.verdicts.contains_key("d000003.md"), "the file not kept went first");
    }

    #[test]
    fn an_unreadable_store_is_empty_with_a_reason() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("verdicts.json");
        assert_eq!(VerdictStore::load(&path), (VerdictStore::default(), None));
        std::fs::write(&path, "{ not json").unwrap();
        let (store, problem) = VerdictStore::load(&path);
        assert!(store.verdicts.is_empty());
        assert!(problem.is_some());
        std::fs::write(&path, r#"{"format_version": 9, "verdicts": {}}"#).unwrap();
        assert!(VerdictStore::load(&path).1.unwrap().contains("format_version 9"));
    }

    #[test]
    fn a_narrowed_answer_answers_only_questions_narrowed_as_far() {
        let f = |v: &[&str]| {
            CategoryFilter::parse(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap()
        };
        let all = verdict(1);
        let stale = StoredVerdict { categories: vec!["stale".into()], ..verdict(2) };
        assert!(all.covers(&f(&[])) && all.covers(&f(&["bloat"])));
        assert!(stale.covers(&f(&["stale"])) && stale.covers(&f(&["orphaned"])));
        assert!(!stale.covers(&f(&[])) && !stale.covers(&f(&["bloat"])));
    }
}
