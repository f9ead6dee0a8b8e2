//! JSON helpers: strict reading of untrusted files, canonical serialization, and (in
//! tests) the check that a committed generated file is current.

pub(crate) mod canonical;
#[cfg(test)]
pub(crate) mod committed;
pub(crate) mod state_file;
pub(crate) mod strict;
