//! The writer lock: an exclusive `File::try_lock` on `.dochygiene/lock`, held for the
//! life of the value. The OS drops it when the process dies, so a crash never leaves a
//! stale lock behind. The lock file is opened without following a symbolic link, so a
//! linked `.dochygiene/lock` never creates or locks a file elsewhere.

use std::fs::{File, TryLockError};
use std::path::Path;

use crate::error::{Error, Result};

/// Proof that this process holds the lock. Every writer of state takes `&Lock`; the
/// only way to get one is `Project::lock`.
#[derive(Debug)]
pub(crate) struct Lock {
    _file: File,
}

impl Lock {
    /// Takes the lock without waiting; another holder gives [`Error::Busy`] (exit 4).
    pub(crate) fn acquire(path: &Path) -> Result<Lock> {
        let mut options = std::fs::OpenOptions::new();
        options.create(true).truncate(false).read(true).write(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        let file = match options.open(path) {
            Ok(file) => file,
            #[cfg(unix)]
            Err(e) if e.raw_os_error() == Some(libc::ELOOP) => {
                return Err(super::check_entry(path, super::Kind::File)
                    .err()
                    .unwrap_or_else(|| Error::io("open", path, e)));
            }
            Err(e) => return Err(Error::io("open", path, e)),
        };
        let regular = file.metadata().map_err(|e| Error::io("inspect", path, e))?.is_file();
        if !regular {
            // Names what it is (a FIFO, a folder…) and what to do.
            super::check_entry(path, super::Kind::File)?;
            return Err(Error::Internal(format!("{} changed while it was opened", path.display())));
        }
        match file.try_lock() {
            Ok(()) => Ok(Lock { _file: file }),
            Err(TryLockError::WouldBlock) => Err(Error::Busy { path: path.to_path_buf() }),
            Err(TryLockError::Error(e)) => Err(Error::io("lock", path, e)),
        }
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

    #[cfg(unix)]
    #[test]
    fn a_linked_lock_is_refused_and_its_target_never_created() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("elsewhere");
        std::os::unix::fs::symlink(&target, dir.path().join("lock")).unwrap();
        let err = Lock::acquire(&dir.path().join("lock")).unwrap_err();
        assert!(matches!(err, Error::UnsafeState { .. }), "{err}");
        assert!(!target.exists());
    }
}
