//! How `src/inbound/` reads project files: through `fsio::read_confined`, the engine's
//! door for project files (regular files only, a link followed only while it stays
//! inside the root, the size limit enforced on the read). A file that is missing, too
//! big or refused reads as `None`: the inbound search is advisory input to a plan, never
//! a reason to stop a check.

use std::path::Path;

/// The most bytes read from one file.
pub(crate) const MAX_FILE_BYTES: u64 = crate::fsio::DOC_MAX_BYTES;

/// The bytes of root-relative `rel`, or `None` (absent, not a regular file, leading out
/// of the root, over `MAX_FILE_BYTES`, unreadable).
pub(crate) fn read_capped(root: &Path, rel: &str) -> Option<Vec<u8>> {
    crate::fsio::read_confined(root, rel, MAX_FILE_BYTES).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_inside_the_root_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.md"), "a").unwrap();
        std::fs::write(outside.path().join("x.md"), "x").unwrap();
        std::os::unix::fs::symlink("a.md", dir.path().join("in.md")).unwrap();
        std::os::unix::fs::symlink(outside.path().join("x.md"), dir.path().join("out.md")).unwrap();
        assert_eq!(read_capped(dir.path(), "a.md").unwrap(), b"a");
        assert_eq!(read_capped(dir.path(), "in.md").unwrap(), b"a");
        assert_eq!(read_capped(dir.path(), "out.md"), None);
        assert_eq!(read_capped(dir.path(), "missing.md"), None);
        assert_eq!(read_capped(dir.path(), "."), None);
    }
}
