//! Replacing `report.json` + `report.md` together, so exactly one pair ever exists.
//!
//! The new report is validated from the bytes of its scratch file (`report.json.next`)
//! before anything is replaced. Both new files are written and synced as `*.next`; the
//! rename of `report.json.next` is the commit point; `report.md.next` follows. After a
//! crash, [`recover`] (run whenever the lock is taken) deletes an uncommitted pair
//! (`report.json.next` still there) or rolls a committed one forward (only
//! `report.md.next` left). An invalid report is never written: the old pair survives
//! byte for byte.

use std::path::PathBuf;

use super::lock::Lock;
use super::state_dir::StateDir;
use crate::error::{Error, Result};
use crate::fsio::{rename_durable, sync_parent, write_temp_beside};
use crate::report::{render_markdown, validate_text, Report};

fn next_path(path: PathBuf) -> PathBuf {
    let mut name = path.file_name().expect("report paths have names").to_os_string();
    name.push(".next");
    path.with_file_name(name)
}

/// The bytes of `report.json` for a report value: pretty JSON with a final newline.
pub(crate) fn report_json_bytes(report: &Report) -> Vec<u8> {
    let mut text = serde_json::to_string_pretty(report).expect("a report serializes");
    text.push('\n');
    text.into_bytes()
}

/// Validates `report` and replaces the pair. On any violation nothing is replaced and
/// the violations are returned in the error.
pub(crate) fn write_report(state: &StateDir, _lock: &Lock, report: &Report) -> Result<()> {
    let json_path = state.report_json_path();
    let md_path = state.report_md_path();
    let json_next = next_path(json_path.clone());
    let md_next = next_path(md_path.clone());

    let json_tmp = write_temp_beside(&json_next, &report_json_bytes(report))?;
    let written = fs_err::read_to_string(json_tmp.path())
        .map_err(|e| Error::io("read back", json_tmp.path().to_path_buf(), e))?;
    let violations = validate_text(&written);
    if let [v] = violations.as_slice() {
        if v.rule == "report-size" {
            // Not a bug: the answers are too many for one report. The op cannot finish as it
            // is, so say how to get out of it.
            let op = &report.op_id;
            return Err(Error::usage_hint(
                format!(
                    "the new report would be {} bytes, over the {} bytes its reader accepts, so it was not written; the previous report was kept",
                    written.len(),
                    crate::json::strict::MAX_BYTES
                ),
                format!("discard the op with `dochygiene ops abort {op}`, then check a part of the tree at a time with --scope or --category"),
            ));
        }
    }
    if !violations.is_empty() {
        let list: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
        return Err(Error::Internal(format!(
            "the new report is invalid, so the previous report was kept:\n  {}",
            list.join("\n  ")
        )));
    }
    let md_tmp = write_temp_beside(&md_next, render_markdown(report).as_bytes())?;
    json_tmp.persist(&json_next).map_err(|e| Error::io("write", &json_next, e.error))?;
    md_tmp.persist(&md_next).map_err(|e| Error::io("write", &md_next, e.error))?;
    sync_parent(&json_next)?;
    rename_durable(&json_next, &json_path)?; // commit point
    rename_durable(&md_next, &md_path)
}

/// The text of `report.json`, `None` when there is none. Read through the state door
/// (never through a link, never a FIFO, at most [`crate::json::strict::MAX_BYTES`]).
pub(crate) fn read_report_text(state: &StateDir) -> Result<Option<String>> {
    let path = state.report_json_path();
    let bytes = match crate::fsio::read_state(&path, crate::json::strict::MAX_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.is_not_found() => return Ok(None),
        Err(crate::fsio::ReadError::Io(e)) => return Err(Error::io("read", path, e)),
        Err(e) => return Err(Error::Corrupt { path, message: e.to_string() }),
    };
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|e| Error::Corrupt { path, message: format!("is not UTF-8: {e}") })
}

/// Finishes or undoes a replacement that a killed process left half done.
pub(crate) fn recover(state: &StateDir, _lock: &Lock) -> Result<()> {
    let json_next = next_path(state.report_json_path());
    let md_next = next_path(state.report_md_path());
    if json_next.exists() {
        for path in [&json_next, &md_next] {
            match fs_err::remove_file(path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(Error::io("remove", path, e));
                }
                _ => {}
            }
        }
        sync_parent(&json_next)?;
    } else if md_next.exists() {
        rename_durable(&md_next, &state.report_md_path())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Report;

    fn golden() -> Report {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/golden/valid_report.json");
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    fn setup() -> (tempfile::TempDir, StateDir, Lock) {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::ensure(dir.path()).unwrap();
        let lock = Lock::acquire(&state.lock_path()).unwrap();
        (dir, state, lock)
    }

    fn report_files(state: &StateDir) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(state.dir())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.starts_with("report") || n.contains("tmp") || n.ends_with(".next"))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn an_invalid_report_never_replaces_the_valid_pair() {
        let (_dir, state, lock) = setup();
        let good = golden();
        write_report(&state, &lock, &good).unwrap();
        let json_before = std::fs::read(state.report_json_path()).unwrap();
        let md_before = std::fs::read(state.report_md_path()).unwrap();
        let mut bad = good.clone();
        bad.entries[0].safety_tier = crate::report::SafetyTier::Auto;
        let err = write_report(&state, &lock, &bad).unwrap_err();
        assert!(err.to_string().contains("safety_tier"), "{err}");
        assert_eq!(std::fs::read(state.report_json_path()).unwrap(), json_before);
        assert_eq!(std::fs::read(state.report_md_path()).unwrap(), md_before);
        assert_eq!(report_files(&state), ["report.json", "report.md"]);
    }

    #[test]
    fn fifty_writes_leave_exactly_one_pair_and_no_temp_files() {
        let (_dir, state, lock) = setup();
        let mut report = golden();
        for i in 0..50 {
            report.op_id = format!("check-{i}");
            write_report(&state, &lock, &report).unwrap();
        }
        assert_eq!(report_files(&state), ["report.json", "report.md"]);
        let last: Report =
            serde_json::from_slice(&std::fs::read(state.report_json_path()).unwrap()).unwrap();
        assert_eq!(last.op_id, "check-49");
        assert!(std::fs::read_to_string(state.report_md_path()).unwrap().contains("`check-49`"));
    }

    #[test]
    fn the_same_report_renders_the_same_bytes() {
        let report = golden();
        assert_eq!(report_json_bytes(&report), report_json_bytes(&report.clone()));
        assert_eq!(render_markdown(&report), render_markdown(&report.clone()));
        let reparsed: Report = serde_json::from_slice(&report_json_bytes(&report)).unwrap();
        assert_eq!(report_json_bytes(&reparsed), report_json_bytes(&report));
    }

    #[test]
    fn markdown_rendering_is_pinned() {
        insta::assert_snapshot!(render_markdown(&golden()));
    }

    #[test]
    fn recovery_drops_an_uncommitted_pair_and_rolls_a_committed_one_forward() {
        let (_dir, state, lock) = setup();
        write_report(&state, &lock, &golden()).unwrap();
        let json = std::fs::read(state.report_json_path()).unwrap();
        // Killed before the commit point: both .next files exist.
        std::fs::write(next_path(state.report_json_path()), b"{partial").unwrap();
        std::fs::write(next_path(state.report_md_path()), b"partial").unwrap();
        recover(&state, &lock).unwrap();
        assert_eq!(report_files(&state), ["report.json", "report.md"]);
        assert_eq!(std::fs::read(state.report_json_path()).unwrap(), json);
        // Killed after the commit point: only report.md.next is left.
        std::fs::write(next_path(state.report_md_path()), b"new md").unwrap();
        recover(&state, &lock).unwrap();
        assert_eq!(report_files(&state), ["report.json", "report.md"]);
        assert_eq!(std::fs::read(state.report_md_path()).unwrap(), b"new md");
        drop(lock);
    }
}
