//! Writing doc files for clean and undo: only inside the root, never through a symlink
//! that leaves it, never into `.git` or `.dochygiene`, always atomically, keeping the
//! file's mode (a file created gets the mode its journal item names).

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::fsio::{sync_parent, write_atomic_with_mode};
use crate::quote::quote_name;
use crate::rel_path::tree_path_problem;

/// The absolute path of root-relative `rel`, refused when it could escape the root. Any
/// name passes (`tree_path_problem`): a proposed destination was held to the stricter
/// `confinement_problem` when its answer and the report were checked.
pub(crate) fn confined(root: &Path, rel: &str) -> Result<PathBuf> {
    let shown = quote_name(rel);
    if let Some(problem) = tree_path_problem(rel) {
        return Err(Error::usage(format!("refusing to write {shown}: {problem}")));
    }
    let target = root.join(rel);
    if target.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(Error::usage(format!("refusing to write {shown}: it is a symbolic link")));
    }
    let canon_root = fs_err::canonicalize(root).map_err(|e| Error::io("open", root, e))?;
    let mut existing = target.parent().map(Path::to_path_buf).unwrap_or_else(|| root.to_path_buf());
    while !existing.exists() {
        existing = existing.parent().map(Path::to_path_buf).unwrap_or_else(|| root.to_path_buf());
    }
    let canon = fs_err::canonicalize(&existing).map_err(|e| Error::io("open", &existing, e))?;
    if !canon.starts_with(&canon_root) {
        return Err(Error::usage(format!(
            "refusing to write {shown}: a symbolic link leads out of the root"
        )));
    }
    Ok(target)
}

/// The folders that do not exist yet and would be created to write `paths`, deepest first.
pub(crate) fn missing_dirs<'a>(root: &Path, paths: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for rel in paths {
        let mut dir = rel;
        while let Some((parent, _)) = dir.rsplit_once('/') {
            dir = parent;
            if out.iter().any(|d| d == dir) || root.join(dir).symlink_metadata().is_ok() {
                break;
            }
            out.push(dir.to_string());
        }
    }
    out.sort_by_key(|d| std::cmp::Reverse(d.matches('/').count()));
    out
}

/// Removes each of `dirs` (deepest first) that is an empty folder now; a folder that holds
/// anything, or is gone, or is not a real folder, is left as it is.
pub(crate) fn remove_empty_dirs(root: &Path, dirs: &[String]) -> Result<()> {
    for rel in dirs {
        let target = confined(root, rel)?;
        let is_dir = target.symlink_metadata().is_ok_and(|m| m.is_dir());
        let empty = is_dir && fs_err::read_dir(&target).is_ok_and(|mut d| d.next().is_none());
        if empty {
            fs_err::remove_dir(&target).map_err(|e| Error::io("remove", &target, e))?;
            sync_parent(&target)?;
        }
    }
    Ok(())
}

/// The file's current bytes, `None` when absent. Read through `fsio::read_confined`: a
/// FIFO, a device or a link out of the root is refused (exit 5), never read.
pub(crate) fn current(root: &Path, rel: &str) -> Result<Option<Vec<u8>>> {
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

/// The mode of a doc clean creates when its journal names none (a journal written
/// before modes were kept).
const DEFAULT_DOC_MODE: u32 = 0o644;

/// Makes `rel` hold `bytes`, or removes it for `None`. An existing file keeps its mode
/// and owner; a new one gets `new_mode`.
pub(crate) fn put(
    root: &Path,
    rel: &str,
    bytes: Option<&[u8]>,
    new_mode: Option<u32>,
) -> Result<()> {
    let target = confined(root, rel)?;
    match bytes {
        Some(b) => {
            if let Some(dir) = target.parent() {
                fs_err::create_dir_all(dir).map_err(|e| Error::io("create", dir, e))?;
            }
            write_atomic_with_mode(&target, b, Some(new_mode.unwrap_or(DEFAULT_DOC_MODE)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_dirs_are_listed_deepest_first_and_only_empty_ones_removed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("docs")).unwrap();
        let dirs = missing_dirs(root, ["docs/a/b/x.md", "docs/a/y.md", "top.md"].into_iter());
        assert_eq!(dirs, ["docs/a/b", "docs/a"]);
        std::fs::create_dir_all(root.join("docs/a/b")).unwrap();
        std::fs::write(root.join("docs/a/keep.txt"), "x").unwrap();
        remove_empty_dirs(root, &dirs).unwrap();
        assert!(!root.join("docs/a/b").exists());
        assert!(root.join("docs/a/keep.txt").exists());
    }
}
