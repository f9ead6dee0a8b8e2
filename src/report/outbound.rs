//! `Outbound`: the moved doc's own relative links (SPEC section 13), computed by the
//! engine at finalize — the links, images, reference definitions and raw-HTML links the
//! move rewrites in the doc's bytes so each still reaches its target from the new folder,
//! and those it cannot rewrite byte for byte. Any of the latter makes the entry `confirm`
//! (`derive_safety_tier`, through `Entry::has_unrewritable_reference`). Types only;
//! `src/inbound/outbound.rs` computes them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The moved doc's own links that its new folder would break. Absent from an entry when
/// none would (and in reports written before the field existed).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Outbound {
    /// The links the move rewrites, in the doc's order, as if this entry were applied
    /// alone; a link to a doc another move of the same clean moves points at that doc's
    /// new place instead.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rewrites: Vec<OwnLinkRewrite>,
    /// Links that would need a new path but cannot be rewritten byte for byte.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unrewritable: Vec<OwnLinkRef>,
}

impl Outbound {
    /// Whether nothing was found.
    pub(crate) fn is_empty(&self) -> bool {
        self.rewrites.is_empty() && self.unrewritable.is_empty()
    }

    /// The flag the tier derivation reads: some own link cannot follow the move.
    pub(crate) fn has_unrewritable(&self) -> bool {
        !self.unrewritable.is_empty()
    }
}

/// One own link: the bytes of its path part (no `#fragment`, no `?query`) before and
/// after. `from`, read from the folder of the entry's `path`, and `to`, read from the
/// folder of its `dest_path`, reach the same file or folder (the `dest_path` itself for a
/// link to the doc).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct OwnLinkRewrite {
    /// 1-based line at check time (for people; clean finds the link again).
    #[schemars(range(min = 1))]
    pub line: u32,
    pub from: String,
    pub to: String,
}

/// An own link the move cannot rewrite, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct OwnLinkRef {
    /// 1-based line of the link at check time.
    #[schemars(range(min = 1))]
    pub line: u32,
    pub reason: String,
}
