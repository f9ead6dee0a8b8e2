//! `ScanContext`: everything the signals read — the parsed docs, the disk, git history,
//! the always-loaded set, the thresholds — and `Findings`, where they write.
//!
//! Built once per scan by `engine.rs`; signals only read it.

use std::collections::BTreeMap;
use std::path::Path;

use super::git::History;
use super::markdown::ParsedDoc;
use super::signal::Signal;
use super::tree::Tree;
use crate::config::Config;
use crate::tokens::Estimator;

/// One scanned doc.
#[derive(Debug)]
pub struct Doc {
    /// Root-relative, `/`-separated.
    pub path: String,
    pub parsed: ParsedDoc,
    pub bytes: u64,
}

impl Doc {
    /// The doc's folder, root-relative (`""` at the root).
    pub fn dir(&self) -> &str {
        super::resolve::parent_dir(&self.path)
    }
}

/// What the signals read.
#[derive(Debug)]
pub struct ScanContext<'a> {
    pub root: &'a Path,
    pub config: &'a Config,
    /// Every scanned doc, by path.
    pub docs: BTreeMap<String, Doc>,
    pub tree: Tree,
    /// `None` when git is off or unavailable.
    pub history: Option<History>,
    pub estimator: Estimator,
    /// Always-loaded docs, each with why (the importer, or `None` for a root agent
    /// file or a configured glob).
    pub always_loaded: BTreeMap<String, Option<String>>,
}

/// Signals found so far, by path.
#[derive(Debug, Default)]
pub struct Findings {
    by_path: BTreeMap<String, Vec<Signal>>,
}

impl Findings {
    pub fn push(&mut self, path: &str, signal: Signal) {
        self.by_path.entry(path.to_string()).or_default().push(signal);
    }

    /// The signals, each list sorted by line, then name, then the other fields, with
    /// exact repeats removed: the artifact's deterministic order.
    pub fn into_sorted(self) -> BTreeMap<String, Vec<Signal>> {
        let mut map = self.by_path;
        for signals in map.values_mut() {
            signals.sort_by(|a, b| {
                (a.line, a.name, a.last_line(), &a.target, &a.related_path, &a.detail).cmp(&(
                    b.line,
                    b.name,
                    b.last_line(),
                    &b.target,
                    &b.related_path,
                    &b.detail,
                ))
            });
            signals.dedup();
        }
        map
    }
}
