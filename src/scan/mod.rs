//! The deterministic scanner: walk, parse Markdown, compute signals, build the artifact.
//! `scan` is the entry point the `scan` and `check` commands call.

mod anchors;
mod artifact;
mod ci_services;
mod context;
mod doc_outcome;
mod engine;
mod git;
mod gitattributes;
mod go_embed;
mod ignored;
mod makefile;
pub mod markdown;
mod options;
mod page_urls;
pub mod render;
mod render_rules;
pub(crate) mod resolve;
mod role;
mod rustdoc;
mod scope;
mod self_url;
mod signal;
mod signals;
mod site;
mod skill_lock;
mod tally;
mod token_jobs;
mod tree;
mod walk;
mod warning;
mod workers;
mod yaml_tree;

pub use artifact::ScanArtifact;
pub use engine::scan;
pub use options::ScanOptions;
pub use scope::{Scope, DEFAULT_EXCLUDED_DIRS};
pub use signal::{Signal, SignalName};
pub use walk::builder as walk_builder;
pub use warning::ScanWarning;
