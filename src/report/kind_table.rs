//! KIND_TABLE and `derive_safety_tier`: the single source of the per-kind flags, the
//! fields each `exact_edit` kind needs, and the safety tier (SPEC section 7).
//!
//! Nothing else in the crate may restate these facts; finalize, validate, clean and the
//! docs generator all read them from here.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The kinds of deterministic edit.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum EditKind {
    DeleteRange,
    MoveToArchive,
    InsertFrontmatter,
    Dedupe,
    ReplaceText,
}

/// A kind-specific field of an `exact_edit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EditField {
    Anchor,
    DestPath,
    Key,
    Value,
    CanonicalRef,
    Match,
    Replacement,
}

impl EditField {
    /// Every kind field, in schema order.
    pub(crate) const ALL: [EditField; 7] = [
        EditField::Anchor,
        EditField::DestPath,
        EditField::Key,
        EditField::Value,
        EditField::CanonicalRef,
        EditField::Match,
        EditField::Replacement,
    ];

    /// The JSON name of the field.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            EditField::Anchor => "anchor",
            EditField::DestPath => "dest_path",
            EditField::Key => "key",
            EditField::Value => "value",
            EditField::CanonicalRef => "canonical_ref",
            EditField::Match => "match",
            EditField::Replacement => "replacement",
        }
    }
}

/// One row of KIND_TABLE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KindSpec {
    pub kind: EditKind,
    pub has_anchor: bool,
    pub is_destructive: bool,
    pub is_reversible: bool,
    /// Every field the kind needs, and the only kind fields it may carry.
    pub fields: &'static [EditField],
}

/// The table (SPEC section 7).
pub(crate) const KIND_TABLE: [KindSpec; 5] = [
    KindSpec {
        kind: EditKind::DeleteRange,
        has_anchor: true,
        is_destructive: true,
        is_reversible: false,
        fields: &[EditField::Anchor],
    },
    KindSpec {
        kind: EditKind::MoveToArchive,
        has_anchor: false,
        is_destructive: false,
        is_reversible: true,
        fields: &[EditField::DestPath],
    },
    KindSpec {
        kind: EditKind::InsertFrontmatter,
        has_anchor: false,
        is_destructive: false,
        is_reversible: true,
        fields: &[EditField::Key, EditField::Value],
    },
    KindSpec {
        kind: EditKind::Dedupe,
        has_anchor: true,
        is_destructive: false,
        is_reversible: true,
        fields: &[EditField::Anchor, EditField::CanonicalRef],
    },
    KindSpec {
        kind: EditKind::ReplaceText,
        has_anchor: true,
        is_destructive: false,
        is_reversible: true,
        fields: &[EditField::Anchor, EditField::Match, EditField::Replacement],
    },
];

impl EditKind {
    #[cfg(test)]
    pub(crate) const ALL: [EditKind; 5] = [
        EditKind::DeleteRange,
        EditKind::MoveToArchive,
        EditKind::InsertFrontmatter,
        EditKind::Dedupe,
        EditKind::ReplaceText,
    ];

    /// This kind's row of KIND_TABLE.
    pub(crate) fn spec(self) -> &'static KindSpec {
        KIND_TABLE.iter().find(|row| row.kind == self).expect("every kind has a KIND_TABLE row")
    }

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            EditKind::DeleteRange => "delete-range",
            EditKind::MoveToArchive => "move-to-archive",
            EditKind::InsertFrontmatter => "insert-frontmatter",
            EditKind::Dedupe => "dedupe",
            EditKind::ReplaceText => "replace-text",
        }
    }
}

impl std::fmt::Display for EditKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Anything carrying an edit's kind and kind fields: the model's skeleton and the
/// report's `exact_edit` both answer to the same KIND_TABLE rules through this.
pub(crate) trait KindFields {
    fn edit_kind(&self) -> EditKind;
    /// Whether `field` is present.
    fn has(&self, field: EditField) -> bool;
}

/// Implements [`KindFields`] for a struct whose kind fields carry the JSON names
/// (`anchor`, `dest_path`, `key`, `value`, `canonical_ref`, `match_text`, `replacement`):
/// the model's `EditSkeleton` and the report's `ExactEdit`.
macro_rules! impl_kind_fields {
    ($t:ty) => {
        impl $crate::report::kind_table::KindFields for $t {
            fn edit_kind(&self) -> $crate::report::kind_table::EditKind {
                self.kind
            }
            fn has(&self, field: $crate::report::kind_table::EditField) -> bool {
                use $crate::report::kind_table::EditField;
                match field {
                    EditField::Anchor => self.anchor.is_some(),
                    EditField::DestPath => self.dest_path.is_some(),
                    EditField::Key => self.key.is_some(),
                    EditField::Value => self.value.is_some(),
                    EditField::CanonicalRef => self.canonical_ref.is_some(),
                    EditField::Match => self.match_text.is_some(),
                    EditField::Replacement => self.replacement.is_some(),
                }
            }
        }
    };
}
pub(crate) use impl_kind_fields;

/// Every kind field the edit lacks though its kind requires it, and every one it
/// carries though its kind takes no such field, as `(field, sentence)`.
pub(crate) fn kind_field_problems(edit: &impl KindFields) -> Vec<(EditField, String)> {
    let kind = edit.edit_kind();
    let spec = kind.spec();
    EditField::ALL
        .into_iter()
        .filter_map(|field| match (spec.fields.contains(&field), edit.has(field)) {
            (true, false) => Some((field, format!("kind {kind} requires {}", field.as_str()))),
            (false, true) => Some((field, format!("kind {kind} takes no {}", field.as_str()))),
            _ => None,
        })
        .collect()
}

/// Whether an op is a fixed edit or a rewrite an agent must write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum OpType {
    Deterministic,
    Generative,
}

impl OpType {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            OpType::Deterministic => "deterministic",
            OpType::Generative => "generative",
        }
    }
}

/// Whether `clean` may apply an entry unasked.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum SafetyTier {
    Auto,
    Confirm,
}

impl SafetyTier {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            SafetyTier::Auto => "auto",
            SafetyTier::Confirm => "confirm",
        }
    }
}

/// The only way a safety tier is ever decided: generative → confirm; destructive or
/// irreversible → confirm; a move some reference or own link cannot follow
/// (`unrewritable`: the entry's `inbound.unrewritable` or `outbound.unrewritable` is
/// non-empty) → confirm; otherwise auto.
pub(crate) fn derive_safety_tier(
    op_type: OpType,
    is_destructive: bool,
    is_reversible: bool,
    unrewritable: bool,
) -> SafetyTier {
    match op_type {
        OpType::Generative => SafetyTier::Confirm,
        OpType::Deterministic if is_destructive || !is_reversible => SafetyTier::Confirm,
        OpType::Deterministic if unrewritable => SafetyTier::Confirm,
        OpType::Deterministic => SafetyTier::Auto,
    }
}

/// The flags a generative entry carries: it rewrites unique prose, so it is treated as
/// destructive and irreversible.
pub(crate) const GENERATIVE_FLAGS: (bool, bool) = (true, false);

/// The flags `(is_destructive, is_reversible)` for an entry: from KIND_TABLE for a
/// deterministic edit, [`GENERATIVE_FLAGS`] otherwise.
pub(crate) fn flags_for(kind: Option<EditKind>) -> (bool, bool) {
    match kind {
        Some(kind) => (kind.spec().is_destructive, kind.spec().is_reversible),
        None => GENERATIVE_FLAGS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_follow_the_table() {
        let tiers: Vec<_> = EditKind::ALL
            .iter()
            .map(|k| {
                let (d, r) = flags_for(Some(*k));
                derive_safety_tier(OpType::Deterministic, d, r, false).as_str()
            })
            .collect();
        assert_eq!(tiers, ["confirm", "auto", "auto", "auto", "auto"]);
        let (d, r) = flags_for(None);
        assert_eq!(derive_safety_tier(OpType::Generative, d, r, false), SafetyTier::Confirm);
        assert_eq!(derive_safety_tier(OpType::Generative, false, true, false), SafetyTier::Confirm);
        assert_eq!(
            derive_safety_tier(OpType::Deterministic, false, false, false),
            SafetyTier::Confirm
        );
        // A move whose inbound references cannot all be rewritten waits for a person.
        let (d, r) = flags_for(Some(EditKind::MoveToArchive));
        assert_eq!(derive_safety_tier(OpType::Deterministic, d, r, true), SafetyTier::Confirm);
    }

    #[test]
    fn anchor_field_matches_has_anchor() {
        for row in KIND_TABLE {
            assert_eq!(row.fields.contains(&EditField::Anchor), row.has_anchor, "{}", row.kind);
        }
    }
}
