//! `Project`: the world a command works in, resolved once at the boundary (ripgrep's
//! low → high args step): the root (`--root DIR`, else the nearest ancestor holding
//! `.git`, else the current folder), the `--root` text as the user typed it (for hints),
//! the state folder, and the configuration (read once, on first use, so commands that
//! never need it never fail on it).
//!
//! [`Project::lock`] is the only way to get a [`Lock`], the handle every writer of state
//! takes: it takes `.dochygiene/lock`, finishes a report-pair replacement a killed
//! process left half done, and removes the temp files a killed process left.

use std::cell::OnceCell;
use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::error::{Error, Result};
use crate::state::{Lock, StateDir};

/// One project, resolved.
#[derive(Debug)]
pub(crate) struct Project {
    /// The canonical root.
    pub(crate) root: PathBuf,
    /// `--root` as given, for the commands a hint prints; `None` when it was not given.
    pub(crate) display_root: Option<PathBuf>,
    /// `.dochygiene/` (checked, maybe not created yet).
    pub(crate) state: StateDir,
    config: OnceCell<Config>,
}

impl Project {
    /// Resolves the root from an optional `--root` flag and the current directory, and
    /// checks its state folder (nothing is created).
    pub(crate) fn resolve(flag: Option<&Path>) -> Result<Project> {
        let root = resolve_root(flag)?;
        let state = StateDir::locate(&root)?;
        Ok(Project {
            root,
            display_root: flag.map(Path::to_path_buf),
            state,
            config: OnceCell::new(),
        })
    }

    /// `dochygiene.toml`, read on first use.
    pub(crate) fn config(&self) -> Result<&Config> {
        if let Some(config) = self.config.get() {
            return Ok(config);
        }
        let config = Config::load(&self.root)?;
        Ok(self.config.get_or_init(|| config))
    }

    /// Creates `.dochygiene/` (with its `.gitignore`) if missing.
    pub(crate) fn ensure_state(&self) -> Result<()> {
        StateDir::ensure(&self.root).map(drop)
    }

    /// Takes the writer lock (exit 4 when another process holds it), creating
    /// `.dochygiene/` if needed, then recovers what a killed process left: a half-done
    /// report-pair replacement and the engine's own temp files.
    pub(crate) fn lock(&self) -> Result<Lock> {
        self.ensure_state()?;
        let lock = Lock::acquire(&self.state.lock_path())?;
        crate::state::recover(&self.state, &lock)?;
        crate::op::remove_leftover_temp_files(&self.state, &lock);
        Ok(lock)
    }

    /// ` --root DIR` as the user gave it, for commands printed in hints.
    pub(crate) fn root_arg(&self) -> String {
        self.display_root
            .as_deref()
            .map(|r| format!(" --root {}", crate::quote::quote_path(r)))
            .unwrap_or_default()
    }
}

pub(crate) fn resolve_root(flag: Option<&Path>) -> Result<PathBuf> {
    if let Some(dir) = flag {
        let canon = fs_err::canonicalize(dir).map_err(|e| Error::io("open the root", dir, e))?;
        if !canon.is_dir() {
            return Err(Error::usage(format!(
                "--root {} is not a folder",
                crate::quote::quote_path(dir)
            )));
        }
        return Ok(canon);
    }
    let cwd = std::env::current_dir().map_err(|e| Error::io("read the current folder", ".", e))?;
    let cwd = fs_err::canonicalize(&cwd).map_err(|e| Error::io("open", &cwd, e))?;
    Ok(find_git_ancestor(&cwd).unwrap_or(cwd))
}

fn find_git_ancestor(start: &Path) -> Option<PathBuf> {
    start.ancestors().find(|dir| dir.join(".git").exists()).map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_git_ancestor_wins() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("a/b");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        assert_eq!(find_git_ancestor(&nested).as_deref(), Some(dir.path()));
        assert_eq!(resolve_root(Some(&nested)).unwrap(), std::fs::canonicalize(&nested).unwrap());
    }
}
