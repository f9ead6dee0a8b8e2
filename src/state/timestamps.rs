//! `state.json`: the lifecycle timestamps `last_check`, `last_clean`, `last_reminded`
//! (RFC 3339 UTC or null). Missing file = all null; a file that does not parse is
//! corrupt state (exit 6), never silently reset. Versioned (`json::state_file`): a file
//! without a `format_version` is version 1.

use serde::{Deserialize, Serialize};

use super::lock::Lock;
use super::state_dir::StateDir;
use crate::error::{Error, Result};
use crate::json::state_file::{format_v1, read_versioned, write_state_file, written_by};

/// The contents of `state.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Timestamps {
    #[serde(default = "format_v1")]
    pub format_version: u32,
    /// The dochygiene version that last wrote the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_version: Option<String>,
    pub last_check: Option<String>,
    pub last_clean: Option<String>,
    pub last_reminded: Option<String>,
}

impl Default for Timestamps {
    fn default() -> Timestamps {
        Timestamps {
            format_version: format_v1(),
            tool_version: None,
            last_check: None,
            last_clean: None,
            last_reminded: None,
        }
    }
}

impl Timestamps {
    /// Reads `state.json`; all null when it does not exist.
    pub(crate) fn read(state: &StateDir) -> Result<Timestamps> {
        let path = state.state_path();
        if !path.exists() {
            return Ok(Timestamps::default());
        }
        let ts: Timestamps = read_versioned(&path)?;
        let corrupt = |message: String| Error::Corrupt { path: path.clone(), message };
        for t in [&ts.last_check, &ts.last_clean, &ts.last_reminded].into_iter().flatten() {
            crate::clock::parse(t)
                .map_err(|_| corrupt(format!("{t:?} is not an RFC 3339 timestamp")))?;
        }
        Ok(ts)
    }

    /// Writes `state.json` atomically.
    pub(crate) fn write(&self, state: &StateDir, _lock: &Lock) -> Result<()> {
        let stamped = Timestamps {
            format_version: crate::json::state_file::FORMAT_VERSION,
            tool_version: written_by(),
            ..self.clone()
        };
        write_state_file(&state.state_path(), &stamped)
    }

    /// Reads, changes one field with `edit`, and writes back.
    pub(crate) fn update(
        state: &StateDir,
        lock: &Lock,
        edit: impl FnOnce(&mut Timestamps),
    ) -> Result<Timestamps> {
        let mut ts = Timestamps::read(state)?;
        edit(&mut ts);
        ts.write(state, lock)?;
        Ok(ts)
    }
}
