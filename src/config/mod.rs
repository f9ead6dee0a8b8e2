//! `dochygiene.toml`: the optional project configuration at the root.

mod file;

pub use file::{CheckConfig, Config, Thresholds, TokensConfig, CONFIG_FILE_NAME};
