//! `Inbound`: what refers to a doc a `move-to-archive` entry moves (SPEC section 13),
//! computed by the engine at finalize — the links and nav entries the move rewrites in the
//! same op, and the references it cannot rewrite byte for byte. Any of the latter makes
//! the entry `confirm` (`derive_safety_tier`). Types only; `src/inbound/` computes them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The references to a moved doc. Absent from an entry when nothing refers to the doc
/// (and in reports written before the field existed).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Inbound {
    /// Files whose references the move rewrites, by path, each with its links in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rewrites: Vec<InboundFile>,
    /// References that cannot be rewritten byte for byte (a JS/TS sidebar, a link from a
    /// non-Markdown file, a destination the docs site cannot reach…).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unrewritable: Vec<InboundRef>,
}

impl Inbound {
    /// Whether nothing was found.
    pub(crate) fn is_empty(&self) -> bool {
        self.rewrites.is_empty() && self.unrewritable.is_empty()
    }

    /// The flag the tier derivation reads: some reference cannot follow the move.
    pub(crate) fn has_unrewritable(&self) -> bool {
        !self.unrewritable.is_empty()
    }
}

/// One file with references to rewrite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct InboundFile {
    /// Root-relative path of the referring file.
    pub path: String,
    /// The root-relative folder its paths are relative to: the file's own folder for a
    /// Markdown doc, mkdocs' `docs_dir` for `mkdocs.yml` (`""` = the root).
    pub base: String,
    pub links: Vec<LinkRewrite>,
}

/// One reference: the bytes of its path part (no `#fragment`, no `?query`) before and
/// after. `from` resolves from `base` to the entry's `path`, `to` to its `dest_path`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LinkRewrite {
    /// 1-based line at check time (for people; clean finds the reference again).
    #[schemars(range(min = 1))]
    pub line: u32,
    pub from: String,
    pub to: String,
}

/// A reference the move cannot rewrite, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct InboundRef {
    /// Root-relative path of the referring file (or the site config).
    pub path: String,
    /// 1-based line, when the reference has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u32", range(min = 1))]
    pub line: Option<u32>,
    pub reason: String,
}
