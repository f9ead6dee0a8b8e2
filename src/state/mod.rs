//! The on-disk state under `.dochygiene/`: its paths, the lock, the timestamps and the
//! report pair.

mod lock;
mod report_pair;
mod state_dir;
mod timestamps;

pub(crate) use lock::Lock;
pub(crate) use report_pair::{read_report_text, recover, write_report};
pub(crate) use state_dir::{check_entry, Kind, StateDir};
pub(crate) use timestamps::Timestamps;
