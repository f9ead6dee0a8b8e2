//! `StateDir`: the `.dochygiene/` folder and the fixed paths inside it (SPEC section 3).
//!
//! Read-only commands use [`StateDir::locate`], which never creates anything; writers
//! use [`StateDir::ensure`]; the lock is taken through `Project::lock`.
//!
//! Both refuse (exit 6) a `.dochygiene`, `.dochygiene/ops` or `.dochygiene/lock` that is a
//! symbolic link, and a fixed state file that is not a regular file: git stores links,
//! so a cloned repository can carry `.dochygiene/ops -> ../docs`, and no command may read,
//! write or delete through one. A `StateDir` value is that check passed.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::fsio::write_atomic;

/// The folder name under the project root.
pub(crate) const DIR_NAME: &str = ".dochygiene";

/// The `.dochygiene/` folder of one project.
#[derive(Clone, Debug)]
pub(crate) struct StateDir {
    root: PathBuf,
    dir: PathBuf,
}

impl StateDir {
    /// The state folder of `root`, which may not exist yet; refused when it, `ops` or a
    /// fixed file in it is a link or of the wrong kind.
    pub(crate) fn locate(root: &Path) -> Result<Self> {
        let this = StateDir { root: root.to_path_buf(), dir: root.join(DIR_NAME) };
        check_entry(&this.dir, Kind::Folder)?;
        check_entry(&this.ops_dir(), Kind::Folder)?;
        let files =
            [this.lock_path(), this.state_path(), this.report_json_path(), this.report_md_path()];
        for file in files {
            check_entry(&file, Kind::File)?;
        }
        Ok(this)
    }

    /// The state folder of `root`, created with its `.gitignore` if missing.
    pub(crate) fn ensure(root: &Path) -> Result<Self> {
        let this = Self::locate(root)?;
        fs_err::create_dir_all(&this.dir).map_err(|e| Error::io("create", &this.dir, e))?;
        let ignore = this.dir.join(".gitignore");
        if !ignore.exists() {
            write_atomic(&ignore, b"*\n")?;
        }
        Ok(this)
    }

    pub(crate) fn root(&self) -> &Path {
        &self.root
    }
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }
    pub(crate) fn exists(&self) -> bool {
        self.dir.is_dir()
    }
    pub(crate) fn state_path(&self) -> PathBuf {
        self.dir.join("state.json")
    }
    pub(crate) fn report_json_path(&self) -> PathBuf {
        self.dir.join("report.json")
    }
    pub(crate) fn report_md_path(&self) -> PathBuf {
        self.dir.join("report.md")
    }
    /// The verdict store (`check/verdict_store.rs`): a cache, not a fixed state file.
    pub(crate) fn verdicts_path(&self) -> PathBuf {
        self.dir.join("verdicts.json")
    }
    pub(crate) fn lock_path(&self) -> PathBuf {
        self.dir.join("lock")
    }
    pub(crate) fn ops_dir(&self) -> PathBuf {
        self.dir.join("ops")
    }
}

/// What the engine keeps at a state path.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Folder,
    File,
}

/// Refuses `path` when it is a symbolic link or not of `kind`; a missing path is fine.
pub(crate) fn check_entry(path: &Path, kind: Kind) -> Result<()> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(Error::io("inspect", path, e)),
    };
    let (noun, right_kind) = match kind {
        Kind::Folder => ("folder", meta.is_dir()),
        Kind::File => ("file", meta.is_file()),
    };
    if meta.file_type().is_symlink() {
        return Err(Error::UnsafeState {
            path: path.to_path_buf(),
            message: "is a symbolic link; dochygiene never reads, writes or deletes its state through one".into(),
            hint: format!(
                "remove the link with `rm {}` (that removes only the link, not what it points to); the next run creates a real {noun}",
                path.display()
            ),
        });
    }
    if !right_kind {
        let message = match kind {
            Kind::Folder => "is not a folder".to_string(),
            Kind::File => "is not a regular file".to_string(),
        };
        return Err(Error::UnsafeState {
            path: path.to_path_buf(),
            message,
            hint: format!(
                "move it out of the way; dochygiene keeps a {noun} there and creates it on the next run"
            ),
        });
    }
    Ok(())
}
