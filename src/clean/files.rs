//! Writing doc files for clean and undo: only inside the root, never through a symlink
//! that leaves it, never into `.git` or `.dochygiene`, always atomically.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::fsio::{sync_parent, write_atomic};
use crate::rel_path::confinement_problem;

/// The absolute path of root-relative `rel`, refused when it could escape the root.
pub fn confined(root: &Path, rel: &str) -> Result<PathBuf> {
    if let Some(problem) = confinement_problem(rel) {
        return Err(Error::usage(format!("refusing to write {rel}: {problem}")));
    }
    let target = root.join(rel);
    if target.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(Error::usage(format!("refusing to write {rel}: it is a symbolic link")));
    }
    let canon_root = fs_err::canonicalize(root).map_err(|e| Error::io("open", root, e))?;
    let mut existing = target.parent().map(Path::to_path_buf).unwrap_or_else(|| root.to_path_buf());
    while !existing.exists() {
        existing = existing.parent().map(Path::to_path_buf).unwrap_or_else(|| root.to_path_buf());
    }
    let canon = fs_err::canonicalize(&existing).map_err(|e| Error::io("open", &existing, e))?;
    if !canon.starts_with(&canon_root) {
        return Err(Error::usage(format!(
            "refusing to write {rel}: a symbolic link leads out of the root"
        )));
    }
    Ok(target)
}

/// The file's current bytes, `None` when absent. Read through `fsio::read_confined`: a
/// FIFO, a device or a link out of the root is refused (exit 5), never read.
pub fn current(root: &Path, rel: &str) -> Result<Option<Vec<u8>>> {
    match crate::fsio::read_confined(root, rel, crate::fsio::DOC_MAX_BYTES) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.is_not_found() => Ok(None),
        Err(crate::fsio::ReadError::Io(e)) => Err(Error::io("read", root.join(rel), e)),
        Err(refused) => Err(Error::stale(
            format!("{rel} {refused}, so dochygiene will not touch it"),
            "put the file back as a regular file inside the project, then run the command again",
        )),
    }
}

/// Makes `rel` hold `bytes`, or removes it for `None`.
pub fn put(root: &Path, rel: &str, bytes: Option<&[u8]>) -> Result<()> {
    let target = confined(root, rel)?;
    match bytes {
        Some(b) => {
            if let Some(dir) = target.parent() {
                fs_err::create_dir_all(dir).map_err(|e| Error::io("create", dir, e))?;
            }
            write_atomic(&target, b)
        }
        None => {
            match fs_err::remove_file(&target) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(Error::io("remove", &target, e))
                }
                _ => {}
            }
            sync_parent(&target)
        }
    }
}
