//! `Limits`: how much a YAML text may cost before the loader stops reading it.
//!
//! The node and scalar-byte budgets count every node the loader builds, copies made for
//! aliases and anchors included, so an alias bomb ("billion laughs") is stopped when its
//! expansion would pass them, before anything is cloned. Without aliases a text's nodes
//! and scalars are bounded by its size; the budgets only bite on expansion.

/// Caps for one `load_bounded` call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    /// Texts longer than this (in bytes) are refused before parsing.
    pub max_bytes: usize,
    /// Collections nested deeper than this are refused (alias copies count where they land).
    pub max_depth: usize,
    /// Nodes built in all (scalars and collections, alias and anchor copies included).
    pub max_nodes: usize,
    /// Scalar bytes built in all (alias and anchor copies included).
    pub max_scalar_bytes: usize,
}

/// The expansion budget every YAML file shares. A node costs about 80 bytes, so a text
/// that spends it all (50k nodes, 2 MiB of scalars) costs about 6 MB; a 16k-page mkdocs
/// `nav` fits, and no real frontmatter comes near it.
const SHARED: Limits = Limits {
    max_bytes: 1024 * 1024,
    max_depth: 64,
    max_nodes: 50_000,
    max_scalar_bytes: 2 * 1024 * 1024,
};

impl Limits {
    /// A doc's frontmatter: at most 64 KiB of YAML.
    pub(crate) const FRONTMATTER: Limits = Limits { max_bytes: 64 * 1024, ..SHARED };
    /// A site configuration file such as `mkdocs.yml`: at most 1 MiB, anchors and aliases
    /// welcome within the shared budget.
    pub(crate) const CONFIG_FILE: Limits = SHARED;
}
