//! The versions a repository declares in its files (never the network): its packages
//! and workspace members, toolchain minimums and pins, Python's supported range, the
//! actions its workflows pin and the pre-commit hooks it offers. One reader per
//! ecosystem; `collect.rs` runs them all.

mod cargo;
mod collect;
mod go;
mod hooks;
mod known;
mod node;
pub(crate) mod python;
pub(crate) mod read;
mod workflows;

pub use collect::known_versions;
#[cfg(test)]
pub use known::ActionPin;
pub use known::{
    dotted, extra_name, parse_version, repo_slug, Bound, DepFloors, KnownVersion, KnownVersions,
    Registry,
};
pub use node::lowest_allowed;
pub use workflows::{comment_version, is_sha};
