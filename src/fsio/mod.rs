//! File-system helpers shared by every reader and writer: `atomic.rs` writes, `read.rs`
//! holds the checked readers (the doors untrusted files come in through).

mod atomic;
mod read;

pub(crate) use atomic::{
    rename_durable, sync_parent, write_atomic, write_atomic_with_mode, write_temp_beside,
};
pub(crate) use read::{
    read_confined, read_regular, read_state, read_walked, read_walked_head, resolve_confined,
    ReadError,
};

/// The largest doc (Markdown file) the engine reads: 8 MiB. The scan skips a larger doc
/// with a warning, so no entry ever names one.
pub(crate) const DOC_MAX_BYTES: u64 = 8 * 1024 * 1024;
/// The largest state file the engine reads back (`scan.json` of a huge tree included).
pub(crate) const STATE_MAX_BYTES: u64 = 1 << 30;
