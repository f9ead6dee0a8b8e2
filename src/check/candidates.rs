//! `candidates.json`: the signal-bearing files of the frozen scan that `--category` wants
//! asked about, each with exactly the inputs of its `classify_file` request (path, sha256, line count, raw tokens, the
//! scanner's signals). Built once at op start (and again after a rescan), so a resume
//! never re-counts tokens.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::category_filter::CategoryFilter;
use crate::error::{Error, Result};
use crate::file_view::FileView;
use crate::fsio::{ReadError, DOC_MAX_BYTES};
use crate::scan::{ScanArtifact, Signal};
use crate::state::Lock;
use crate::tokens::Estimator;

/// One file the classifier will be asked about.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Candidate {
    pub path: String,
    pub sha256: String,
    pub lines: u32,
    pub raw_tokens: u64,
    pub signals: Vec<Signal>,
}

/// Every candidate of an op, sorted by path.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Candidates {
    pub candidates: Vec<Candidate>,
    /// Signal-bearing files left out because none of their signals can produce an entry
    /// of the `--category` wanted (`category_filter.rs`): never asked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_asked: Vec<String>,
}

impl Candidates {
    /// The candidates of a scan: every file with at least one signal.
    pub(crate) fn build(
        root: &Path,
        scan: &ScanArtifact,
        estimator: &Estimator,
        filter: &CategoryFilter,
    ) -> Result<Candidates> {
        let mut candidates = Vec::with_capacity(scan.signals.len());
        let mut not_asked = Vec::new();
        for (path, signals) in &scan.signals {
            if !filter.asks_about(signals) {
                not_asked.push(path.clone());
                continue;
            }
            let facts = scan.files.get(path).ok_or_else(|| {
                Error::Internal(format!("scan has signals for {path} but no file facts"))
            })?;
            let view = FileView::read(&root.join(path))?;
            candidates.push(Candidate {
                path: path.clone(),
                sha256: facts.sha256.clone(),
                lines: facts.lines,
                raw_tokens: estimator.count(&view.text()),
                signals: signals.clone(),
            });
        }
        Ok(Candidates { candidates, not_asked })
    }

    pub(crate) fn read(path: &Path) -> Result<Candidates> {
        crate::json::state_file::read_state_file(path)
    }

    /// Writes `candidates.json` atomically (the caller holds the lock).
    pub(crate) fn write(&self, path: &Path, _lock: &Lock) -> Result<()> {
        crate::json::state_file::write_state_file(path, self)
    }

    /// Paths whose bytes no longer hash to what the scan saw.
    pub(crate) fn changed_since_scan(&self, root: &Path) -> Result<Vec<String>> {
        let mut changed = Vec::new();
        for c in &self.candidates {
            let current = match crate::fsio::read_confined(root, &c.path, DOC_MAX_BYTES) {
                Ok(bytes) => crate::hash::sha256_hex(&bytes),
                Err(ReadError::Io(e)) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(Error::io("read", root.join(&c.path), e))
                }
                // Gone, or no longer a regular file inside the root: changed.
                Err(_) => String::new(),
            };
            if current != c.sha256 {
                changed.push(c.path.clone());
            }
        }
        Ok(changed)
    }
}
