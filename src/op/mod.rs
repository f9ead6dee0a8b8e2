//! Ops: `check`, `clean` and `sweep` runs, each in `ops/<op-id>/`, resumable.

pub mod failpoint;
mod leftovers;
mod listing;
mod op_dir;
pub mod op_id;
mod record;

pub use leftovers::remove_leftover_temp_files;
pub use listing::{list, CorruptOp, OpList};
pub use op_dir::{refuse_if_open, refuse_other_version, resolve_for_resume, OpDir};
pub use record::{OpCommand, OpRecord, Phase};
