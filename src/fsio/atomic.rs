//! Atomic, durable file replacement: the one way the engine writes a file.
//!
//! A temp file is created exclusively in the target's own folder, written, `sync_all`ed,
//! renamed over the target, and the folder is fsynced. A reader sees the old bytes or the
//! new, never a mix, whatever instant the process dies at. Nothing here ever writes a
//! target in place.

use std::io::Write;
use std::path::Path;

use crate::error::{Error, Result};

/// Replaces `path` with `bytes` atomically and durably.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = write_temp_beside(path, bytes)?;
    tmp.persist(path).map_err(|e| Error::io("replace", path, e.error))?;
    sync_parent(path)
}

/// Writes `bytes` to a fresh temp file in `path`'s folder and syncs it, without renaming.
/// The caller persists it (see [`write_atomic`]) or drops it, which deletes it.
pub fn write_temp_beside(path: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    let dir = parent_of(path);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| Error::io("create a temp file in", dir, e))?;
    tmp.write_all(bytes).map_err(|e| Error::io("write", tmp.path().to_path_buf(), e))?;
    tmp.as_file().sync_all().map_err(|e| Error::io("sync", tmp.path().to_path_buf(), e))?;
    Ok(tmp)
}

/// Renames `from` over `to` (same folder) and fsyncs the folder.
pub fn rename_durable(from: &Path, to: &Path) -> Result<()> {
    fs_err::rename(from, to).map_err(|e| Error::io("rename into place", to, e))?;
    sync_parent(to)
}

/// Fsyncs the folder holding `path`, so a rename in it survives a power cut.
pub fn sync_parent(path: &Path) -> Result<()> {
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

    #[test]
    fn dropped_temp_file_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("x.json");
        drop(write_temp_beside(&target, b"partial").unwrap());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
