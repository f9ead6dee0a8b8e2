//! JSON helpers: strict reading of untrusted files and canonical serialization.

pub mod canonical;
pub mod state_file;
pub mod strict;
