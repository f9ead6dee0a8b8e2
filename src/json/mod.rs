//! JSON helpers: strict reading of untrusted files and canonical serialization.

pub(crate) mod canonical;
pub(crate) mod state_file;
pub(crate) mod strict;
