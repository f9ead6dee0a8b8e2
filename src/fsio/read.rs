//! The checked readers: every file the engine reads from a project, from its own state
//! folder, or from a path a person names goes through one of three doors here.
//!
//! Each door opens without blocking (a FIFO or a device never stalls the process), checks
//! on the open handle that it is a regular file, and reads at most `limit + 1` bytes, so
//! the limit holds whatever the metadata claims (`/dev/zero` reports a size of 0).
//!
//! - [`read_regular`]: a file a person named (`answer FILE`, `--answers`, `validate`).
//!   Symbolic links are followed; what they reach must still be a regular file.
//! - [`read_state`]: a file inside `.dochygiene/`. Its last component is never followed
//!   (the folders above it were checked by `StateDir` and `OpDir`).
//! - [`read_confined`]: a project file named root-relative. A link is followed only while
//!   it stays inside the root; [`resolve_confined`] is the same check without the read.
//! - [`read_walked`]: a doc the scanner's walk listed. The walk follows no link, so no
//!   component of its path is one; like `read_state`, its last component is never
//!   followed (in case it was swapped since), without `read_confined`'s per-file
//!   `canonicalize` (a scan of 100k docs would pay it 100k times).
//!
//! Nothing here writes, and nothing here decides what a refusal means to the user: the
//! caller turns a [`ReadError`] into the error its command owes (usage, config, corrupt).

use std::fs::File;
use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// Why a checked read refused or failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ReadError {
    /// A FIFO, a device, a socket or a folder.
    #[error("is not a regular file")]
    NotRegular,
    /// More than `limit` bytes (counted while reading).
    #[error("is over the {limit} byte limit")]
    TooLarge { limit: u64 },
    /// It, or a symbolic link on the way to it, leads out of the project root.
    #[error("leads out of the project root")]
    Outside,
    /// A symbolic link where the engine keeps a real file.
    #[error("is a symbolic link")]
    Link,
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl ReadError {
    /// Whether the file simply does not exist.
    pub(crate) fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }

    /// The error for a file a person handed the engine: I/O failures stay I/O errors
    /// (exit 3), a refusal is a usage error naming the file (exit 2).
    pub(crate) fn at(self, path: &Path) -> crate::error::Error {
        use crate::error::Error;
        match self {
            ReadError::Io(e) => Error::io("read", path, e),
            refusal => Error::usage_hint(
                format!("{} {refusal}", path.display()),
                "dochygiene reads only regular files (within their size limit); give it one",
            ),
        }
    }
}

/// Reads a file a person named, following symbolic links.
pub(crate) fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    read_open(path, true, limit)
}

/// Reads a file in the engine's state folder without following a link in its name.
pub(crate) fn read_state(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    read_open(path, false, limit)
}

/// Reads root-relative `rel` under `root`, refusing it when it (or a link on the way)
/// leads out of the root.
pub(crate) fn read_confined(root: &Path, rel: &str, limit: u64) -> Result<Vec<u8>, ReadError> {
    let path = resolve_confined(root, rel)?;
    read_open(&path, false, limit)
}

/// The first `limit` bytes (at most) of root-relative `rel`, a path the walk listed,
/// checked as `read_walked` checks it: what a look at a doc's top needs (its
/// frontmatter), without reading the rest.
pub(crate) fn read_walked_head(root: &Path, rel: &str, limit: u64) -> Result<Vec<u8>, ReadError> {
    let rel_path = Path::new(rel);
    if rel_path.components().any(|c| !matches!(c, Component::Normal(_))) {
        return Err(ReadError::Outside);
    }
    let file = open_nonblocking(&root.join(rel_path), false)?;
    if !file.metadata()?.is_file() {
        return Err(ReadError::NotRegular);
    }
    let mut bytes = Vec::new();
    file.take(limit).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Reads root-relative `rel`, a path the walk listed (see the module docs).
pub(crate) fn read_walked(root: &Path, rel: &str, limit: u64) -> Result<Vec<u8>, ReadError> {
    let rel_path = Path::new(rel);
    if rel_path.components().any(|c| !matches!(c, Component::Normal(_))) {
        return Err(ReadError::Outside);
    }
    read_open(&root.join(rel_path), false, limit)
}

/// The canonical path of root-relative `rel` when it exists inside the root. A path that
/// does not exist is `NotFound` only when the part of it that does exist is inside the
/// root, so the answer never depends on what lies outside.
pub(crate) fn resolve_confined(root: &Path, rel: &str) -> Result<PathBuf, ReadError> {
    let rel_path = Path::new(rel);
    if rel_path.components().any(|c| !matches!(c, Component::Normal(_) | Component::CurDir)) {
        return Err(ReadError::Outside);
    }
    let canon_root = std::fs::canonicalize(root)?;
    let path = root.join(rel_path);
    match std::fs::canonicalize(&path) {
        Ok(canon) if canon.starts_with(&canon_root) => Ok(canon),
        Ok(_) => Err(ReadError::Outside),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            missing_inside(&path, &canon_root)?;
            Err(ReadError::Io(e))
        }
        Err(e) => Err(ReadError::Io(e)),
    }
}

/// For a path that does not resolve: `Outside` when the deepest part of it that exists
/// (or a dangling link in it) points out of the root.
fn missing_inside(path: &Path, canon_root: &Path) -> Result<(), ReadError> {
    let mut existing = path;
    loop {
        match std::fs::symlink_metadata(existing) {
            Ok(meta) if meta.file_type().is_symlink() => {
                // A dangling link: judge where it points, lexically.
                let parent = existing.parent().unwrap_or(canon_root);
                let target = std::fs::read_link(existing)?;
                let base = std::fs::canonicalize(parent).unwrap_or_else(|_| parent.to_path_buf());
                return if normalize(&base.join(target)).starts_with(canon_root) {
                    Ok(())
                } else {
                    Err(ReadError::Outside)
                };
            }
            Ok(_) => {
                let canon = std::fs::canonicalize(existing)?;
                return if canon.starts_with(canon_root) {
                    Ok(())
                } else {
                    Err(ReadError::Outside)
                };
            }
            Err(_) => match existing.parent() {
                Some(parent) => existing = parent,
                None => return Err(ReadError::Outside),
            },
        }
    }
}

/// `.` and `..` resolved without touching the disk.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

fn read_open(path: &Path, follow: bool, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_nonblocking(path, follow)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    let mut bytes = Vec::with_capacity(meta.len().min(limit) as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open_nonblocking(path: &Path, follow: bool) -> Result<File, ReadError> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut flags = libc::O_NONBLOCK;
    if !follow {
        flags |= libc::O_NOFOLLOW;
    }
    match std::fs::OpenOptions::new().read(true).custom_flags(flags).open(path) {
        Ok(file) => Ok(file),
        Err(e) if !follow && e.raw_os_error() == Some(libc::ELOOP) => Err(ReadError::Link),
        Err(e) => Err(ReadError::Io(e)),
    }
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path, follow: bool) -> Result<File, ReadError> {
    if !follow && std::fs::symlink_metadata(path)?.file_type().is_symlink() {
        return Err(ReadError::Link);
    }
    Ok(File::open(path)?)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn the_limit_is_enforced_on_the_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.json");
        std::fs::write(&file, b"12345").unwrap();
        assert_eq!(read_regular(&file, 5).unwrap(), b"12345");
        assert!(matches!(read_regular(&file, 4), Err(ReadError::TooLarge { limit: 4 })));
        // /dev/zero claims size 0 and never ends.
        assert!(matches!(
            read_regular(Path::new("/dev/zero"), 1 << 20),
            Err(ReadError::NotRegular)
        ));
        assert!(matches!(read_regular(dir.path(), 10), Err(ReadError::NotRegular)));
        assert!(read_regular(&dir.path().join("nope"), 10).unwrap_err().is_not_found());
    }

    #[test]
    fn state_reads_never_follow_a_link() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("real"), b"x").unwrap();
        symlink(dir.path().join("real"), dir.path().join("link")).unwrap();
        assert_eq!(read_regular(&dir.path().join("link"), 10).unwrap(), b"x");
        assert!(matches!(read_state(&dir.path().join("link"), 10), Err(ReadError::Link)));
    }

    #[test]
    fn confined_reads_follow_links_only_inside_the_root() {
        let parent = tempfile::tempdir().unwrap();
        let root = parent.path().join("root");
        let out = parent.path().join("out");
        std::fs::create_dir_all(root.join("docs")).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(root.join("AGENTS.md"), b"# A\n").unwrap();
        std::fs::write(out.join("secret.md"), b"# S\n").unwrap();
        symlink("AGENTS.md", root.join("CLAUDE.md")).unwrap();
        symlink(&out, root.join("docs/out")).unwrap();
        symlink("../../out/gone.md", root.join("docs/dangling-out.md")).unwrap();
        symlink("../AGENTS-old.md", root.join("docs/dangling-in.md")).unwrap();
        assert_eq!(read_confined(&root, "CLAUDE.md", 100).unwrap(), b"# A\n");
        assert_eq!(read_walked(&root, "AGENTS.md", 100).unwrap(), b"# A\n");
        assert!(matches!(read_walked(&root, "CLAUDE.md", 100), Err(ReadError::Link)));
        assert!(matches!(read_walked(&root, "../out/secret.md", 100), Err(ReadError::Outside)));
        for outside in [
            "docs/out/secret.md",
            "docs/out/missing.md",
            "../out/secret.md",
            "../out/missing.md",
            "docs/dangling-out.md",
            "/etc/passwd",
        ] {
            assert!(
                matches!(read_confined(&root, outside, 100), Err(ReadError::Outside)),
                "{outside}"
            );
        }
        assert!(read_confined(&root, "docs/missing.md", 100).unwrap_err().is_not_found());
        assert!(read_confined(&root, "docs/dangling-in.md", 100).unwrap_err().is_not_found());
        assert!(read_confined(&root, "nope/deeper/x.md", 100).unwrap_err().is_not_found());
    }
}
