//! `version_skew`: a doc names a version of something the repository declares — its
//! packages and workspace members, a toolchain minimum or pin, Python's supported range,
//! an action its workflows pin, a release of its own (by tag) — older than the
//! declaration (SPEC section 10; the sources are in `manifests/`).
//!
//! Two steps: while a doc is read, `find` collects its `Mention`s (prose and code
//! blocks, history left out); once git history is in, `judge` weighs each against the
//! declarations and the newest tags.

mod badges;
mod code;
mod commands;
mod docs_links;
mod find;
mod history;
mod judge;
mod mention;
mod module_paths;
mod prose;
mod security;
mod tags;
mod words;

pub use commands::shell_commands;
pub use find::find;
pub use history::history_ranges;
pub use judge::judge;
pub use mention::Mention;
pub use tags::{with_release_tags, Tags};
