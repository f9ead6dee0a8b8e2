//! See `safety/mod.rs`.
