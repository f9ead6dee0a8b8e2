//! Git history for the whole tree, read in one `git log` pass.

mod history;
mod log_parse;
mod runner;

pub use history::{Fate, History};
pub use runner::{load, load_churn, GitLoad, CHURN_ARGS, LOG_ARGS};
