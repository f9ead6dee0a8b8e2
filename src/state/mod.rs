//! The on-disk state under `.dochygiene/`: its paths, the lock, the timestamps and the
//! report pair.

mod lock;
mod report_pair;
mod state_dir;
mod timestamps;

pub use lock::Lock;
pub use report_pair::{read_report_text, recover, report_json_bytes, write_report};
pub use state_dir::{check_entry, Kind, StateDir, DIR_NAME};
pub use timestamps::Timestamps;
