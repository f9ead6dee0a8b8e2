//! `StateDir`: the `.dochygiene/` folder and the fixed paths inside it (SPEC section 3).
//!
//! Read-only commands use [`StateDir::locate`], which never creates anything; writers
//! use [`StateDir::ensure`] and then take the lock before touching a file.

use std::path::{Path, PathBuf};

use super::lock::Lock;
use crate::error::{Error, Result};
use crate::fsio::write_atomic;

/// The folder name under the project root.
pub const DIR_NAME: &str = ".dochygiene";

/// The `.dochygiene/` folder of one project.
#[derive(Clone, Debug)]
pub struct StateDir {
    root: PathBuf,
    dir: PathBuf,
}

impl StateDir {
    /// The state folder of `root`, which may not exist yet.
    pub fn locate(root: &Path) -> Self {
        StateDir { root: root.to_path_buf(), dir: root.join(DIR_NAME) }
    }

    /// The state folder of `root`, created with its `.gitignore` if missing.
    pub fn ensure(root: &Path) -> Result<Self> {
        let this = Self::locate(root);
        if this.dir.is_symlink() {
            return Err(Error::Corrupt {
                path: this.dir.clone(),
                message: "is a symbolic link; dochygiene writes only into a real folder".into(),
            });
        }
        fs_err::create_dir_all(&this.dir).map_err(|e| Error::io("create", &this.dir, e))?;
        let ignore = this.dir.join(".gitignore");
        if !ignore.exists() {
            write_atomic(&ignore, b"*\n")?;
        }
        Ok(this)
    }

    /// Takes the writer lock (exit 4 when another process holds it) and finishes any
    /// report-pair replacement a killed process left half done.
    pub fn lock(&self) -> Result<Lock> {
        let lock = Lock::acquire(&self.lock_path())?;
        super::report_pair::recover(self)?;
        Ok(lock)
    }

    pub fn root(&self) -> &Path {
        &self.root
    }
    pub fn dir(&self) -> &Path {
        &self.dir
    }
    pub fn exists(&self) -> bool {
        self.dir.is_dir()
    }
    pub fn state_path(&self) -> PathBuf {
        self.dir.join("state.json")
    }
    pub fn report_json_path(&self) -> PathBuf {
        self.dir.join("report.json")
    }
    pub fn report_md_path(&self) -> PathBuf {
        self.dir.join("report.md")
    }
    pub fn lock_path(&self) -> PathBuf {
        self.dir.join("lock")
    }
    pub fn ops_dir(&self) -> PathBuf {
        self.dir.join("ops")
    }
}
