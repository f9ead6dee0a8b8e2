//! `AnchorSet`: the anchors of one doc kept as sorted 64-bit hashes, so that a 100k-file
//! tree can answer cross-file `#fragment` checks without keeping every doc's text or
//! strings in memory. (A false "found" needs a 64-bit collision between a fragment and
//! an anchor of the same doc.)

use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use crate::scan::markdown::OPEN_ANCHORS;

/// The hash of one anchor or fragment (`DefaultHasher::new()` has fixed keys, so the
/// hashes agree within a process, which is all they are used for).
pub fn anchor_hash(text: &str) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// One doc's anchors.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnchorSet {
    hashes: Vec<u64>,
    /// Every fragment counts as found (`OPEN_ANCHORS`: the renderer generates anchors).
    open: bool,
    /// The hashes of the ids only GitHub gives (`ParsedDoc::github_only`), sorted: a
    /// link from a page of the same site does not reach them.
    github_only: Vec<u64>,
}

impl AnchorSet {
    pub fn new(anchors: &HashSet<String>) -> Self {
        let mut hashes: Vec<u64> = anchors.iter().map(|a| anchor_hash(a)).collect();
        hashes.sort_unstable();
        hashes.dedup();
        AnchorSet { hashes, open: anchors.contains(OPEN_ANCHORS), github_only: Vec::new() }
    }

    /// The set with `ids` marked as GitHub's only (`ParsedDoc::github_only`).
    pub fn with_github_only(mut self, ids: &HashSet<String>) -> Self {
        self.github_only = ids.iter().map(|a| anchor_hash(a)).collect();
        self.github_only.sort_unstable();
        self
    }

    /// Whether the text hashed to `hash` is an id only GitHub gives, so a page of the
    /// doc's own site that links it reaches nothing.
    pub fn github_only_hash(&self, hash: u64) -> bool {
        !self.open && self.github_only.binary_search(&hash).is_ok()
    }

    /// Whether the text hashed to `hash` is an anchor (exactly; callers also try the
    /// lowercase form, as GitHub does).
    pub fn contains_hash(&self, hash: u64) -> bool {
        self.open || self.hashes.binary_search(&hash).is_ok()
    }

    /// Whether the doc itself names the anchor hashed to `hash` (its open anchors aside).
    pub fn names_hash(&self, hash: u64) -> bool {
        self.hashes.binary_search(&hash).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn membership_exact_or_lowercase() {
        let set = AnchorSet::new(&["setup".to_string(), "café".to_string()].into_iter().collect());
        assert!(set.contains_hash(anchor_hash("setup")));
        assert!(set.contains_hash(anchor_hash("café")));
        assert!(!set.contains_hash(anchor_hash("Setup")));
        assert!(!set.contains_hash(anchor_hash("nope")));
        assert_eq!(anchor_hash("x"), anchor_hash("x"));
    }
}
