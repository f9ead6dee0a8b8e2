//! The deterministic scanner: walk, parse Markdown, compute signals, write the artifact.

mod artifact;
mod signal;

pub use artifact::{FileFacts, GitStatus, ScanArtifact};
pub use signal::{Signal, SignalName};
