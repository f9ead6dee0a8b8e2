//! Token counting and weighting: tiktoken-rs counts, injection frequencies.

pub mod cache;
mod encoding;
mod estimator;
mod injection;

pub use encoding::Encoding;
pub use estimator::Estimator;
pub use injection::{
    injection_frequency, AGENT_FILE_NAMES, ALWAYS_LOADED_ROOT_FILES, ARCHIVE_DIR_NAMES,
};
