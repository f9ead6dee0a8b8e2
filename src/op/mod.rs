//! Ops: `check`, `clean` and `sweep` runs, each in `ops/<op-id>/`, resumable: the
//! record (`op.json`, typed by command), the folder, the journal of a clean, the listing
//! and the housekeeping a killed process needs.

mod args;
pub(crate) mod failpoint;
mod journal;
mod leftovers;
mod listing;
mod op_dir;
mod op_id;
mod record;

pub(crate) use args::{CheckSettings, CleanArgs};
pub(crate) use journal::{read_image, write_image, Journal, JournalItem, Skipped};
pub(crate) use leftovers::remove_leftover_temp_files;
pub(crate) use listing::{list, CorruptOp};
pub(crate) use op_dir::{refuse_if_open, refuse_other_version, resolve_for_resume, OpDir};
pub(crate) use op_id::generate as generate_op_id;
pub(crate) use record::{
    CheckPhase, CheckStage, CleanPhase, OpCommand, OpRecord, OpState, Phase, SweepPhase,
};
