//! The token saving of an entry (schema 1.1): what applying it takes off its doc, and
//! whether that figure was measured on the exact edit or is an estimate (a generative
//! entry before `clean` applies its rewrite). The totals keep the two apart.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::totals::round_tokens;

/// How a saving was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SavingBasis {
    /// Tokens of the doc before minus after the exact edit (or the applied rewrite).
    Measured,
    /// A generative entry not yet applied: [`ESTIMATED_KEEP_SHARE`] of its span is
    /// assumed to stay.
    Estimated,
}

/// The share of a generative entry's span its rewrite is assumed to keep, until a clean
/// measures it.
pub(crate) const ESTIMATED_KEEP_SHARE: f64 = 0.5;

/// An entry's token saving. Negative when the edit adds text (an insert-frontmatter).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TokenSaving {
    /// Tokens before minus after.
    pub tokens: i64,
    /// `tokens × injection_frequency` (the entry's `token_estimate`), rounded to 2
    /// decimals: the saving per session.
    pub weighted_tokens: f64,
    pub basis: SavingBasis,
}

impl TokenSaving {
    /// A saving of `tokens` in a doc loaded `frequency` times per session.
    pub(crate) fn new(tokens: i64, frequency: f64, basis: SavingBasis) -> TokenSaving {
        TokenSaving { tokens, weighted_tokens: round_tokens(tokens as f64 * frequency), basis }
    }

    /// The estimate for a generative entry whose span holds `span_tokens`.
    pub(crate) fn estimate(span_tokens: u64, frequency: f64) -> TokenSaving {
        let saved = (span_tokens as f64 * (1.0 - ESTIMATED_KEEP_SHARE)).round() as i64;
        TokenSaving::new(saved, frequency, SavingBasis::Estimated)
    }
}

/// One side of the savings totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SavingSum {
    pub entries: u64,
    pub tokens: i64,
    pub weighted_tokens: f64,
}

/// The savings of a report, measured apart from estimated.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SavingTotals {
    pub measured: SavingSum,
    pub estimated: SavingSum,
}

impl SavingTotals {
    /// The totals of `savings`, or `None` when no entry carries one (a 1.0 report).
    pub(crate) fn of<'a>(
        savings: impl IntoIterator<Item = &'a TokenSaving>,
    ) -> Option<SavingTotals> {
        let mut totals: Option<SavingTotals> = None;
        for s in savings {
            let t = totals.get_or_insert_with(SavingTotals::default);
            let sum = match s.basis {
                SavingBasis::Measured => &mut t.measured,
                SavingBasis::Estimated => &mut t.estimated,
            };
            sum.entries += 1;
            sum.tokens += s.tokens;
            sum.weighted_tokens = round_tokens(sum.weighted_tokens + s.weighted_tokens);
        }
        totals
    }
}
