//! The one door through which `src/inbound/` reads project files: regular files only
//! (a symbolic link is read only when it stays inside the root), the size limit enforced
//! on the read itself. A file that is missing, too big or not regular reads as `None`:
//! the inbound search is advisory input to a plan, never a reason to stop a check.

use std::io::Read;
use std::path::Path;

/// The most bytes read from one file.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// The bytes of root-relative `rel`, or `None` (absent, not a regular file, leading out
/// of the root, over `MAX_FILE_BYTES`, unreadable).
pub fn read_capped(root: &Path, rel: &str) -> Option<Vec<u8>> {
    let path = root.join(rel);
    let meta = path.symlink_metadata().ok()?;
    if meta.file_type().is_symlink() {
        let target = std::fs::canonicalize(&path).ok()?;
        let root = std::fs::canonicalize(root).ok()?;
        if !target.starts_with(root) {
            return None;
        }
    }
    // Checked before opening: opening a FIFO would block.
    if !std::fs::metadata(&path).ok()?.is_file() {
        return None;
    }
    let file = std::fs::File::open(&path).ok()?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= MAX_FILE_BYTES).then_some(bytes)
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
