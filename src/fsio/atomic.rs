//! Atomic, durable file replacement: the one way the engine writes a file.
//!
//! A temp file is created exclusively in the target's own folder, written, `sync_all`ed,
//! renamed over the target, and the folder is fsynced. A reader sees the old bytes or the
//! new, never a mix, whatever instant the process dies at. Nothing here ever writes a
//! target in place.
//!
//! A replaced file keeps its mode, and its owner where the process may set it: the temp
//! file takes both before it is renamed, so `git diff` shows no mode change after an
//! edit. A new file gets the mode its caller names, else the temp file's (0600, fine for
//! the engine's own state).

use std::io::Write;
use std::path::Path;

use crate::error::{Error, Result};

/// Replaces `path` with `bytes` atomically and durably, keeping an existing file's mode
/// and owner; a new file is 0600.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    write_atomic_with_mode(path, bytes, None)
}

/// [`write_atomic`], where a `path` that does not exist yet is created with `new_mode`
/// (permission bits) when one is given.
pub(crate) fn write_atomic_with_mode(
    path: &Path,
    bytes: &[u8],
    new_mode: Option<u32>,
) -> Result<()> {
    let tmp = temp_beside(path)?;
    take_metadata(tmp.as_file(), tmp.path(), path, new_mode)?;
    let tmp = fill(tmp, bytes)?;
    tmp.persist(path).map_err(|e| Error::io("replace", path, e.error))?;
    sync_parent(path)
}

/// Writes `bytes` to a fresh temp file in `path`'s folder and syncs it, without renaming.
/// The caller persists it (see [`write_atomic`]) or drops it, which deletes it.
pub(crate) fn write_temp_beside(path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    fill(temp_beside(path)?, bytes)
}

/// A fresh, empty temp file in `path`'s folder, named after it.
fn temp_beside(path: &Path) -> Result<tempfile::NamedTempFile> {
    let dir = parent_of(path);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| Error::io("create a temp file in", dir, e))
}

/// Writes `bytes` into `tmp` and syncs it.
fn fill(mut tmp: tempfile::NamedTempFile, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    tmp.write_all(bytes).map_err(|e| Error::io("write", tmp.path().to_path_buf(), e))?;
    tmp.as_file().sync_all().map_err(|e| Error::io("sync", tmp.path().to_path_buf(), e))?;
    Ok(tmp)
}

/// Gives the temp file `file` (at `tmp`) the owner and mode of the regular file at
/// `target`, or `new_mode` when there is none. Changing the owner needs privileges the
/// process may lack; that refusal is ignored (the file then belongs to the user running
/// the command, as any edit of theirs would).
#[cfg(unix)]
fn take_metadata(
    file: &std::fs::File,
    tmp: &Path,
    target: &Path,
    new_mode: Option<u32>,
) -> Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let mode = match std::fs::symlink_metadata(target) {
        Ok(meta) if meta.is_file() => {
            let mine = file.metadata().map_err(|e| Error::io("inspect", tmp, e))?;
            if (mine.uid(), mine.gid()) != (meta.uid(), meta.gid()) {
                match std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid())) {
                    Err(e) if e.kind() != std::io::ErrorKind::PermissionDenied => {
                        return Err(Error::io("keep the owner of", target, e))
                    }
                    _ => {}
                }
            }
            Some(meta.permissions().mode())
        }
        Ok(_) => None,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => new_mode,
        Err(e) => return Err(Error::io("inspect", target, e)),
    };
    if let Some(mode) = mode {
        file.set_permissions(std::fs::Permissions::from_mode(mode & 0o7777))
            .map_err(|e| Error::io("keep the mode of", target, e))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn take_metadata(
    _file: &std::fs::File,
    _tmp: &Path,
    _target: &Path,
    _new_mode: Option<u32>,
) -> Result<()> {
    Ok(())
}

/// Renames `from` over `to` (same folder) and fsyncs the folder.
pub(crate) fn rename_durable(from: &Path, to: &Path) -> Result<()> {
    fs_err::rename(from, to).map_err(|e| Error::io("rename into place", to, e))?;
    sync_parent(to)
}

/// Fsyncs the folder holding `path`, so a rename in it survives a power cut.
pub(crate) fn sync_parent(path: &Path) -> Result<()> {
    let dir = parent_of(path);
    #[cfg(unix)]
    {
        let handle = std::fs::File::open(dir).map_err(|e| Error::io("open", dir, e))?;
        handle.sync_all().map_err(|e| Error::io("sync", dir, e))?;
    }
    Ok(())
}

fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_content_and_leaves_no_temp_files() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("state.json");
        write_atomic(&target, b"one").unwrap();
        write_atomic(&target, b"two").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"two");
        let names: Vec<_> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("state.json")]);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_mode_and_a_new_one_gets_the_mode_asked_for() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        let doc = dir.path().join("doc.md");
        std::fs::write(&doc, "a").unwrap();
        std::fs::set_permissions(&doc, std::fs::Permissions::from_mode(0o751)).unwrap();
        write_atomic(&doc, b"b").unwrap();
        assert_eq!((std::fs::read(&doc).unwrap(), mode(&doc)), (b"b".to_vec(), 0o751));
        let new = dir.path().join("new.md");
        write_atomic_with_mode(&new, b"c", Some(0o640)).unwrap();
        assert_eq!(mode(&new), 0o640);
        write_atomic_with_mode(&new, b"d", Some(0o600)).unwrap();
        assert_eq!(mode(&new), 0o640, "an existing file keeps its own mode");
    }

    #[test]
    fn dropped_temp_file_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("x.json");
        drop(write_temp_beside(&target, b"partial").unwrap());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
