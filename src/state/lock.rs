//! The writer lock: an exclusive `File::try_lock` on `.dochygiene/lock`, held for the
//! life of the value. The OS drops it when the process dies, so a crash never leaves a
//! stale lock behind.

use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Proof that this process holds the lock. Functions that write state take `&Lock`.
#[derive(Debug)]
pub struct Lock {
    _file: File,
    path: PathBuf,
}

impl Lock {
    /// Takes the lock without waiting; another holder gives [`Error::Busy`] (exit 4).
    pub fn acquire(path: &Path) -> Result<Lock> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| Error::io("open", path, e))?;
        match file.try_lock() {
            Ok(()) => Ok(Lock { _file: file, path: path.to_path_buf() }),
            Err(TryLockError::WouldBlock) => Err(Error::Busy { path: path.to_path_buf() }),
            Err(TryLockError::Error(e)) => Err(Error::io("lock", path, e)),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_holder_is_busy_until_the_first_drops() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lock");
        let first = Lock::acquire(&path).unwrap();
        assert!(matches!(Lock::acquire(&path), Err(Error::Busy { .. })));
        drop(first);
        Lock::acquire(&path).unwrap();
    }
}
