//! File-system helpers shared by every writer.

mod atomic;

pub use atomic::{rename_durable, sync_parent, write_atomic, write_temp_beside};
