//! What refers to a doc a `move-to-archive` moves, and what the doc itself links to (SPEC
//! section 13): found at finalize (the entry's `inbound` and `outbound`), checked again by
//! clean's guard, and rewritten by clean in the same op, byte for byte. Reads project
//! files through `read.rs` only; never writes.

mod find;
mod link_sites;
mod mkdocs;
mod other_files;
mod outbound;
mod read;
mod refs;
mod sites;
mod target;

pub(crate) use find::{difference, find_inbound, rewrite_file};
pub(crate) use outbound::{plan_own_links, rewrite_own_links};
pub(crate) use refs::Move;
pub(crate) use sites::Sites;
