//! dochygiene: keeps a repository's Markdown documentation free of stale and bloated
//! content. The engine does every deterministic step; judgment is asked of an agent
//! through the exit-7 handshake. See `guide/architecture.md` for the map.

pub mod check;
pub mod clean;
pub mod cli;
pub mod clock;
pub mod color;
pub mod commands;
pub mod config;
pub mod console;
pub mod doc_role;
pub mod error;
pub mod exit;
pub mod fsio;
pub mod hash;
pub mod inbound;
pub mod json;
pub mod op;
pub mod project_root;
pub mod protocol;
pub mod quote;
pub mod rel_path;
pub mod report;
pub mod scan;
pub mod state;
pub mod tokens;
pub mod yaml;

/// The tool version, from Cargo.toml; written into reports and op files.
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");
