//! Temp files a killed process left behind. `fsio::write_temp_beside` names a temp file
//! `.<target name>.<6 letters or digits>.tmp` in its target's folder; a SIGKILL between
//! creating and renaming it leaves it there for good.
//!
//! Whenever the lock is taken (`Project::lock`), names of exactly that shape are
//! removed from the engine's own folders (`.dochygiene/`, each op folder and its
//! `trash/`) and, beside docs, only for the names of files a clean op journaled (the only
//! docs the engine ever writes). A user's file of another shape, or beside a doc the
//! engine never wrote, is never touched. Links are never followed. Best effort: a temp
//! file that cannot be removed is left for the next run.

use std::path::Path;

use crate::state::{Lock, StateDir};

/// Removes the engine's leftover temp files; see the module docs.
pub(crate) fn remove_leftover_temp_files(state: &StateDir, _lock: &Lock) {
    sweep(state.dir(), None);
    let Ok(ops) = super::list(state) else { return };
    for record in &ops.ops {
        let Ok(dir) = super::OpDir::new(state, &record.op_id) else { continue };
        sweep(dir.path(), None);
        sweep(&dir.path().join("trash"), None);
        let Ok(journal) = super::Journal::read(dir.path()) else { continue };
        for item in &journal.items {
            beside(state.root(), &item.path);
        }
    }
    let unreadable = ops.corrupt.iter().filter(|c| !c.is_link).map(|c| &c.op_id);
    for name in ops.unfinished.iter().chain(unreadable) {
        let dir = state.ops_dir().join(name);
        sweep(&dir, None);
        sweep(&dir.join("trash"), None);
    }
}

/// Removes the temp files of root-relative `rel` from its folder, if that folder is a
/// real one inside the root.
fn beside(root: &Path, rel: &str) {
    if crate::rel_path::tree_path_problem(rel).is_some() {
        return;
    }
    let (folder, name) = rel.rsplit_once('/').unwrap_or(("", rel));
    let dir = if folder.is_empty() {
        std::fs::canonicalize(root).ok()
    } else {
        crate::fsio::resolve_confined(root, folder).ok()
    };
    if let Some(dir) = dir {
        sweep(&dir, Some(name));
    }
}

/// Removes, from folder `dir`, regular files named like a temp file of `target` (of any
/// target when `None`).
fn sweep(dir: &Path, target: Option<&str>) {
    if !std::fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir()) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut removed = false;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let ours = temp_target(name).is_some_and(|t| target.is_none_or(|want| t == want));
        if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
            removed |= std::fs::remove_file(entry.path()).is_ok();
        }
    }
    if removed {
        let _ = crate::fsio::sync_parent(&dir.join("x"));
    }
}

/// The target name of a temp file name `.<target>.<6 alphanumerics>.tmp`.
fn temp_target(name: &str) -> Option<&str> {
    let inner = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (target, random) = inner.rsplit_once('.')?;
    let ours = !target.is_empty()
        && random.len() == 6
        && random.bytes().all(|b| b.is_ascii_alphanumeric());
    ours.then_some(target)
}

#[cfg(test)]
mod tests {
    use super::temp_target;

    #[test]
    fn only_the_engine_temp_name_shape_matches() {
        assert_eq!(temp_target(".README.md.Ab12Cd.tmp"), Some("README.md"));
        assert_eq!(temp_target(".report.json.next.x1Y2z3.tmp"), Some("report.json.next"));
        for theirs in [
            ".README.md.tmp",
            "README.md.Ab12Cd.tmp",
            ".README.md.Ab12C.tmp",
            ".README.md.Ab-2Cd.tmp",
            "..Ab12Cd.tmp",
            ".README.md.Ab12Cd.tmp.keep",
        ] {
            assert_eq!(temp_target(theirs), None, "{theirs}");
        }
    }

    #[test]
    fn write_temp_beside_names_match_the_shape() {
        let dir = tempfile::tempdir().unwrap();
        let tmp = crate::fsio::write_temp_beside(&dir.path().join("a.md"), b"x").unwrap();
        let name = tmp.path().file_name().unwrap().to_str().unwrap().to_string();
        assert_eq!(temp_target(&name), Some("a.md"), "{name}");
    }
}
