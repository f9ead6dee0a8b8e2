//! `--config FILE`: a configuration file named on the command line, read instead of the
//! project's `dochygiene.toml`. The flag is recorded once at the process boundary
//! (`set_config_file`); `Config::load` asks `config_file` before it looks at the root.
//!
//! The file is one a person named, so it is read through `fsio::read_regular` (a
//! regular file, links followed, size-capped on the read), like an answers file.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::file::{Config, MAX_CONFIG_BYTES};
use crate::error::{Error, Result};

static CONFIG_FILE: OnceLock<PathBuf> = OnceLock::new();

/// Records `--config FILE` for the rest of the process (the first call wins).
pub fn set_config_file(path: &Path) {
    let _ = CONFIG_FILE.set(path.to_path_buf());
}

/// The file `--config` named, if any.
pub(super) fn config_file() -> Option<&'static Path> {
    CONFIG_FILE.get().map(PathBuf::as_path)
}

/// Reads and parses the file `--config` named; a missing file is a usage error.
pub(super) fn load_file(path: &Path) -> Result<Config> {
    let shown = crate::quote::quote_path(path);
    let bytes = match crate::fsio::read_regular(path, MAX_CONFIG_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.is_not_found() => {
            return Err(Error::usage_hint(
                format!("--config {shown} does not exist"),
                "name an existing TOML file, or leave --config out to read the project's dochygiene.toml",
            ))
        }
        Err(e) => return Err(e.at(path)),
    };
    let text = String::from_utf8(bytes).map_err(|e| Error::Config {
        path: path.to_path_buf(),
        message: format!("the file is not UTF-8 ({e})"),
    })?;
    Config::parse(&text, path)
}
