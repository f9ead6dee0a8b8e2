//! The `dest_path` rules of `move-to-archive` (SPEC section 13): checked when the answer
//! is checked, so a bad destination is asked again instead of reaching the report, and
//! checked again by `clean` before anything is written. A destination is a valid
//! root-relative path (`rel_path`), not the doc itself, not yet there, reached through
//! real folders only (no symbolic link, no file where a folder must be), and unique per
//! op. Reads the file system; never writes.

use std::collections::BTreeMap;
use std::path::Path;

use crate::rel_path::confinement_problem;

/// The longest path, in bytes, the engine will create.
const MAX_PATH_BYTES: usize = 4096;

/// Why `dest` cannot receive `source`, or `None`. Every component is looked at with
/// `symlink_metadata`, so a symbolic link is never followed, even one that stays inside
/// the root.
pub(crate) fn dest_problem(root: &Path, source: &str, dest: &str) -> Option<String> {
    if let Some(problem) = confinement_problem(dest) {
        return Some(problem);
    }
    if dest.len() > MAX_PATH_BYTES {
        return Some(format!("is longer than {MAX_PATH_BYTES} bytes"));
    }
    if dest == source {
        return Some("is the file itself".into());
    }
    let parts: Vec<&str> = dest.split('/').collect();
    for i in 0..parts.len() {
        let prefix = parts[..=i].join("/");
        let meta = match root.join(&prefix).symlink_metadata() {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => return Some(format!("{prefix} cannot be inspected ({e})")),
        };
        let last = i + 1 == parts.len();
        if meta.file_type().is_symlink() {
            return Some(format!(
                "{prefix} is a symbolic link; a destination goes through real folders only"
            ));
        }
        if last {
            return Some(format!("{dest} already exists"));
        }
        if !meta.is_dir() {
            return Some(format!("{prefix} is a file, so it cannot hold {dest}"));
        }
    }
    None
}

/// Why `dest` collides with a destination another doc of the same op already claimed
/// (`claimed`: destination → the doc moving there), or `None`.
pub(crate) fn collision(
    claimed: &BTreeMap<String, String>,
    source: &str,
    dest: &str,
) -> Option<String> {
    for (other_dest, other_source) in claimed {
        if other_source == source {
            continue;
        }
        if other_dest == dest {
            return Some(format!("{dest} is already the destination of {other_source}"));
        }
        if dest.strip_prefix(other_dest.as_str()).is_some_and(|rest| rest.starts_with('/')) {
            return Some(format!("{dest} is inside {other_dest}, where {other_source} moves"));
        }
        if other_dest.strip_prefix(dest).is_some_and(|rest| rest.starts_with('/')) {
            return Some(format!("{other_source} moves to {other_dest}, inside {dest}"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destinations_go_through_real_folders_to_a_free_name() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("docs/real")).unwrap();
        std::fs::write(root.join("docs/old.md"), "x").unwrap();
        std::fs::write(root.join("docs/note.txt"), "x").unwrap();
        std::os::unix::fs::symlink("real", root.join("docs/linked")).unwrap();
        let problem = |dest: &str| dest_problem(root, "docs/old.md", dest);
        assert_eq!(problem("docs/archive/old.md"), None);
        assert_eq!(problem("docs/real/old.md"), None);
        assert!(problem("docs/old.md").unwrap().contains("the file itself"));
        assert!(problem("docs/note.txt").unwrap().contains("already exists"));
        assert!(problem("docs/note.txt/old.md").unwrap().contains("is a file"));
        assert!(problem("docs/linked/old.md").unwrap().contains("symbolic link"));
        assert!(problem("docs/linked").unwrap().contains("symbolic link"));
        assert!(problem("docs/x/.git/old.md").unwrap().contains(".git"));
    }

    #[test]
    fn one_destination_per_op() {
        let claimed = BTreeMap::from([("docs/archive/a.md".to_string(), "docs/a.md".to_string())]);
        assert_eq!(collision(&claimed, "docs/a.md", "docs/archive/a.md"), None);
        assert!(collision(&claimed, "docs/b.md", "docs/archive/a.md")
            .unwrap()
            .contains("docs/a.md"));
        assert!(collision(&claimed, "docs/b.md", "docs/archive/a.md/b.md").is_some());
        assert!(collision(&claimed, "docs/b.md", "docs/archive").is_some());
        assert_eq!(collision(&claimed, "docs/b.md", "docs/archive/b.md"), None);
    }
}
