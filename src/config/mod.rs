//! `dochygiene.toml`: the optional project configuration at the root, or the file
//! `--config FILE` names instead.

mod explicit;
mod file;

pub use explicit::set_config_file;
pub use file::{CheckConfig, Config, Thresholds, TokensConfig, CONFIG_FILE_NAME};
