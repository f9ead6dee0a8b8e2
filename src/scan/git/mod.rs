//! Git history for the whole tree, read in one `git log` pass (plus one `git diff-tree`
//! for churn when a doc is old enough to need it).

mod history;
mod log_parse;
mod runner;

pub use history::{Fate, History};
pub use runner::{
    load, load_net_churn, object_kinds, read_blobs, remotes, tracked_ignored, tree_paths, GitLoad,
    Remotes,
};
