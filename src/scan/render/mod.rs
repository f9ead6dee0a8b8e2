//! The `scan` command's output formats, each a pure function of the artifact.

mod github;
mod sarif;
mod text;

pub use github::github;
pub use sarif::sarif;
pub use text::text;
