//! The deterministic scanner: walk, parse Markdown, compute signals, build the artifact.
//! `scan` is the entry point the `scan` and `check` commands call.

mod anchors;
mod artifact;
mod context;
mod doc_outcome;
mod engine;
mod git;
mod gitattributes;
mod ignored;
pub mod markdown;
mod options;
pub mod render;
mod render_rules;
pub(crate) mod resolve;
mod role;
mod scope;
mod self_url;
mod signal;
mod signals;
mod site;
mod tally;
mod token_jobs;
mod tree;
mod walk;
mod warning;
mod workers;
mod yaml_tree;

pub use artifact::{FileFacts, GitStatus, ScanArtifact};
pub use engine::scan;
pub use git::{CHURN_ARGS as GIT_CHURN_ARGS, LOG_ARGS as GIT_LOG_ARGS};
pub use options::ScanOptions;
pub use role::{DocRole, Skipped};
pub use scope::{DEFAULT_EXCLUDED_DIRS, DEFAULT_INCLUDE};
pub use signal::{Signal, SignalName};
pub use site::Generator;
pub use walk::builder as walk_builder;
pub use warning::ScanWarning;
