//! Finds the project root: `--root DIR`, else the nearest ancestor holding `.git`, else
//! the current directory.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Resolves the root from an optional `--root` flag and the current directory.
pub fn resolve(flag: Option<&Path>) -> Result<PathBuf> {
    if let Some(dir) = flag {
        let canon = fs_err::canonicalize(dir).map_err(|e| Error::io("open the root", dir, e))?;
        if !canon.is_dir() {
            return Err(Error::usage(format!(
                "--root {} is not a folder",
                crate::quote::quote_path(dir)
            )));
        }
        return Ok(canon);
    }
    let cwd = std::env::current_dir().map_err(|e| Error::io("read the current folder", ".", e))?;
    let cwd = fs_err::canonicalize(&cwd).map_err(|e| Error::io("open", &cwd, e))?;
    Ok(find_git_ancestor(&cwd).unwrap_or(cwd))
}

fn find_git_ancestor(start: &Path) -> Option<PathBuf> {
    start.ancestors().find(|dir| dir.join(".git").exists()).map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_git_ancestor_wins() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("a/b");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::create_dir(dir.path().join(".git")).unwrap();
        assert_eq!(find_git_ancestor(&nested).as_deref(), Some(dir.path()));
        assert_eq!(resolve(Some(&nested)).unwrap(), std::fs::canonicalize(&nested).unwrap());
    }
}
