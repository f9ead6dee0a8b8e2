//! The closed taxonomy: two classes and their subtypes (SPEC section 7).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The top-level class of a finding.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Class {
    /// The doc no longer tells the truth.
    Stale,
    /// The doc tells the truth at too high a token cost.
    Bloat,
}

/// The subtype; each belongs to exactly one class.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Subtype {
    Orphaned,
    Superseded,
    CompletedInPlace,
    Duplicated,
    Contradicted,
    VersionSkewed,
    Distill,
    Split,
    ArchiveHeavy,
    OverBudget,
}

impl Class {
    pub(crate) const ALL: [Class; 2] = [Class::Stale, Class::Bloat];

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Class::Stale => "stale",
            Class::Bloat => "bloat",
        }
    }

    /// The subtypes of this class, in taxonomy order.
    pub(crate) fn subtypes(self) -> &'static [Subtype] {
        match self {
            Class::Stale => &[
                Subtype::Orphaned,
                Subtype::Superseded,
                Subtype::CompletedInPlace,
                Subtype::Duplicated,
                Subtype::Contradicted,
                Subtype::VersionSkewed,
            ],
            Class::Bloat => {
                &[Subtype::Distill, Subtype::Split, Subtype::ArchiveHeavy, Subtype::OverBudget]
            }
        }
    }
}

impl Subtype {
    pub(crate) const ALL: [Subtype; 10] = [
        Subtype::Orphaned,
        Subtype::Superseded,
        Subtype::CompletedInPlace,
        Subtype::Duplicated,
        Subtype::Contradicted,
        Subtype::VersionSkewed,
        Subtype::Distill,
        Subtype::Split,
        Subtype::ArchiveHeavy,
        Subtype::OverBudget,
    ];

    /// The class this subtype belongs to.
    pub(crate) fn class(self) -> Class {
        if Class::Stale.subtypes().contains(&self) {
            Class::Stale
        } else {
            Class::Bloat
        }
    }

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Subtype::Orphaned => "orphaned",
            Subtype::Superseded => "superseded",
            Subtype::CompletedInPlace => "completed-in-place",
            Subtype::Duplicated => "duplicated",
            Subtype::Contradicted => "contradicted",
            Subtype::VersionSkewed => "version-skewed",
            Subtype::Distill => "distill",
            Subtype::Split => "split",
            Subtype::ArchiveHeavy => "archive-heavy",
            Subtype::OverBudget => "over-budget",
        }
    }
}

impl std::fmt::Display for Class {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Display for Subtype {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A class with one of its subtypes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Category {
    pub class: Class,
    pub subtype: Subtype,
}

impl Category {
    /// The category of a subtype (its class is implied).
    pub(crate) fn of(subtype: Subtype) -> Self {
        Category { class: subtype.class(), subtype }
    }

    /// Whether the subtype belongs to the class.
    pub(crate) fn is_consistent(&self) -> bool {
        self.subtype.class() == self.class
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subtype_has_exactly_one_class() {
        for s in Subtype::ALL {
            let owners = Class::ALL.iter().filter(|c| c.subtypes().contains(&s)).count();
            assert_eq!(owners, 1, "{s}");
        }
        assert_eq!(Subtype::VersionSkewed.class(), Class::Stale);
        assert_eq!(Subtype::OverBudget.class(), Class::Bloat);
        assert!(!Category { class: Class::Bloat, subtype: Subtype::Orphaned }.is_consistent());
    }

    #[test]
    fn names_match_serde() {
        for s in Subtype::ALL {
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
    }
}
