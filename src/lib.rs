//! dochygiene: keeps a repository's Markdown documentation free of stale and bloated
//! content. The engine does every deterministic step; judgment is asked of an agent
//! through the exit-7 handshake. See `guide/architecture.md` for the map.
//!
//! The library's public surface is what the binary (`main.rs`), the integration tests
//! and the benchmarks use: the CLI shapes, `commands::run`, the error and exit types,
//! the console, the op id, the configuration and the token estimator. Everything else
//! is `pub(crate)`.

mod check;
mod clean;
pub mod cli;
mod clock;
pub mod color;
pub mod commands;
pub mod config;
pub mod console;
mod dest_rules;
mod doc_edit;
mod doc_role;
pub mod error;
pub mod exit;
mod file_view;
mod fsio;
mod handshake;
mod hash;
pub mod ids;
mod inbound;
mod json;
mod names;
mod notice;
mod op;
mod plural;
mod project;
mod protocol;
mod quote;
mod rel_path;
mod report;
mod scan;
mod state;
#[cfg(test)]
mod test_files;
pub mod tokens;
mod yaml;

/// The tool version, from Cargo.toml; written into reports and op files.
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");
