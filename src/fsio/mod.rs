//! File-system helpers shared by every writer.

mod atomic;

pub use atomic::{
    rename_durable, sync_parent, write_atomic, write_atomic_with_mode, write_temp_beside,
};
