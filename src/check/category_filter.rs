//! `--category CLASS|SUBTYPE`: which candidates are asked about, what the instructions
//! say is wanted, and which proposals become entries. A candidate is asked only when one
//! of its signals can produce an entry of a wanted category ([`SIGNAL_SUBTYPES`], the
//! one table of it); the scanner never sees the filter.

use crate::error::{Error, Result};
use crate::report::{Category, Class, Subtype};
use crate::scan::{Signal, SignalName};

/// The subtypes an entry resting on each signal can have (`guide/taxonomy.md`, "typical
/// signals", widened where a signal is evidence for more than one finding).
pub(crate) const SIGNAL_SUBTYPES: [(SignalName, &[Subtype]); 8] = {
    use Subtype::*;
    [
        (SignalName::BrokenReference, &[Orphaned, Superseded, Contradicted, CompletedInPlace]),
        (SignalName::StaleNameLocation, &[Orphaned, Superseded, Contradicted]),
        (SignalName::VersionSkew, &[VersionSkewed, Contradicted, Superseded]),
        (SignalName::EditRecencyVsChurn, &[Contradicted, Orphaned, Superseded, CompletedInPlace]),
        (SignalName::ArchiveToLiveRatio, &[ArchiveHeavy, Split, Distill, CompletedInPlace]),
        (SignalName::FrontmatterMarker, &[CompletedInPlace, Superseded, Orphaned]),
        (SignalName::DuplicateContent, &[Duplicated, Distill]),
        (SignalName::TokenBudget, &[OverBudget, Distill, Split, ArchiveHeavy, Duplicated]),
    ]
};

/// The parsed filter; empty keeps everything.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct CategoryFilter {
    values: Vec<String>,
}

impl CategoryFilter {
    /// Parses `--category` values, refusing unknown names.
    pub(crate) fn parse(values: &[String]) -> Result<CategoryFilter> {
        for v in values {
            let known = Class::ALL.iter().any(|c| c.as_str() == v)
                || Subtype::ALL.iter().any(|s| s.as_str() == v);
            if !known {
                let names: Vec<&str> = Class::ALL
                    .iter()
                    .map(|c| c.as_str())
                    .chain(Subtype::ALL.iter().map(|s| s.as_str()))
                    .collect();
                return Err(Error::usage(format!(
                    "--category {v:?} is not a class or subtype (known: {})",
                    names.join(", ")
                )));
            }
        }
        Ok(CategoryFilter { values: values.to_vec() })
    }

    /// Whether a proposal of `category` is kept.
    pub(crate) fn keeps(&self, category: &Category) -> bool {
        self.values.is_empty()
            || self
                .values
                .iter()
                .any(|v| v == category.class.as_str() || v == category.subtype.as_str())
    }

    pub(crate) fn values(&self) -> &[String] {
        &self.values
    }

    /// Whether a candidate with `signals` is asked about: some signal can produce an
    /// entry this filter keeps.
    pub(crate) fn asks_about(&self, signals: &[Signal]) -> bool {
        self.values.is_empty()
            || signals.iter().any(|s| {
                SIGNAL_SUBTYPES
                    .iter()
                    .filter(|(name, _)| *name == s.name)
                    .flat_map(|(_, subtypes)| subtypes.iter())
                    .any(|st| self.keeps(&Category::of(*st)))
            })
    }

    /// Whether everything this filter keeps, `wider` keeps too.
    pub(crate) fn within(&self, wider: &CategoryFilter) -> bool {
        Subtype::ALL
            .iter()
            .all(|st| !self.keeps(&Category::of(*st)) || wider.keeps(&Category::of(*st)))
    }

    /// The paragraph the classify instructions end with when the check is narrowed.
    pub(crate) fn focus(&self) -> Option<String> {
        if self.values.is_empty() {
            return None;
        }
        Some(format!(
            "\nWANTED CATEGORIES: {}. This check asks only for entries of these classes or subtypes: propose only those, and answer {{\"verdict\":\"clear\"}} when none of them applies.\n",
            self.values.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_and_subtypes_filter() {
        let f = CategoryFilter::parse(&["bloat".into(), "orphaned".into()]).unwrap();
        assert!(f.keeps(&Category::of(Subtype::Distill)));
        assert!(f.keeps(&Category::of(Subtype::Orphaned)));
        assert!(!f.keeps(&Category::of(Subtype::Superseded)));
        assert!(CategoryFilter::parse(&["rotten".into()]).is_err());
        assert!(CategoryFilter::default().keeps(&Category::of(Subtype::Split)));
    }

    #[test]
    fn the_guide_lists_the_signal_table() {
        let guide = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("guide/taxonomy.md"),
        )
        .unwrap();
        for (name, subtypes) in SIGNAL_SUBTYPES {
            let names: Vec<String> = subtypes.iter().map(|s| format!("`{}`", s.as_str())).collect();
            let row = format!("| `{}` | {} |", name.as_str(), names.join(", "));
            assert!(guide.contains(&row), "guide/taxonomy.md lacks {row}");
        }
    }

    #[test]
    fn every_signal_can_produce_some_entry_and_a_filter_asks_by_the_table() {
        for name in SignalName::ALL {
            assert!(SIGNAL_SUBTYPES.iter().any(|(n, s)| *n == name && !s.is_empty()), "{name}");
        }
        let link: Signal = serde_json::from_value(serde_json::json!(
            {"name": "broken_reference", "line": 3, "detail": "x"}
        ))
        .unwrap();
        let bloat = CategoryFilter::parse(&["bloat".into()]).unwrap();
        assert!(!bloat.asks_about(std::slice::from_ref(&link)));
        assert!(CategoryFilter::parse(&["orphaned".into()])
            .unwrap()
            .asks_about(std::slice::from_ref(&link)));
        assert!(CategoryFilter::default().asks_about(&[link]));
        assert!(bloat.focus().unwrap().contains("WANTED CATEGORIES: bloat"));
        assert_eq!(CategoryFilter::default().focus(), None);
    }
}
