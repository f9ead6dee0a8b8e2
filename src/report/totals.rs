//! The report's `totals`: entry counts and raw/weighted tokens rolled up by class,
//! subtype and tier (SPEC section 11). Always computed from the entries, never stored
//! independently, so validate can recompute and compare.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::saving::SavingTotals;
use super::types::Entry;

/// One rollup bucket.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Rollup {
    pub entries: u64,
    pub raw_tokens: u64,
    pub weighted_tokens: f64,
}

/// The rollup of a report.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Totals {
    /// Signal-bearing files the classifier looked at.
    pub candidates: u64,
    /// Candidates that got no entry.
    pub cleared: u64,
    pub entries: u64,
    pub raw_tokens: u64,
    pub weighted_tokens: f64,
    pub by_class: BTreeMap<String, Rollup>,
    pub by_subtype: BTreeMap<String, Rollup>,
    pub by_tier: BTreeMap<String, Rollup>,
    /// 1.1: the entries' `token_saving`s, measured apart from estimated (absent in 1.0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SavingTotals")]
    pub saving: Option<SavingTotals>,
}

/// Rounds a token figure to 2 decimals, the precision reports carry.
pub(crate) fn round_tokens(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Rollup {
    fn add(&mut self, e: &Entry) {
        self.entries += 1;
        self.raw_tokens += e.token_estimate.raw_tokens;
        self.weighted_tokens =
            round_tokens(self.weighted_tokens + e.token_estimate.weighted_tokens);
    }
}

impl Totals {
    /// Computes the totals of `entries`, given how many candidates there were and how
    /// many of them were cleared.
    pub(crate) fn compute(entries: &[Entry], candidates: u64, cleared: u64) -> Totals {
        let mut all = Rollup::default();
        let mut totals = Totals { candidates, cleared, ..Totals::default() };
        for e in entries {
            all.add(e);
            totals.by_class.entry(e.category.class.as_str().into()).or_default().add(e);
            totals.by_subtype.entry(e.category.subtype.as_str().into()).or_default().add(e);
            totals.by_tier.entry(e.safety_tier.as_str().into()).or_default().add(e);
        }
        totals.entries = all.entries;
        totals.raw_tokens = all.raw_tokens;
        totals.weighted_tokens = all.weighted_tokens;
        totals.saving = SavingTotals::of(entries.iter().filter_map(|e| e.token_saving.as_ref()));
        totals
    }
}
