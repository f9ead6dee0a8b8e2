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
pub fn report_json_bytes(report: &Report) -> Vec<u8> {
    let mut text = serde_json::to_string_pretty(report).expect("a report serializes");
    text.push('\n');
    text.into_bytes()
}

/// Validates `report` and replaces the pair. On any violation nothing is replaced and
/// the violations are returned in the error.
pub fn write_report(state: &StateDir, _lock: &Lock, report: &Report) -> Result<()> {
    let json_path = state.report_json_path();
    let md_path = state.report_md_path();
    let json_next = next_path(json_path.clone());
    let md_next = next_path(md_path.clone());

    let json_tmp = write_temp_beside(&json_next, &report_json_bytes(report))?;
    let written = fs_err::read_to_string(json_tmp.path()).map_err(|e| Error::io("read back", json_tmp.path().to_path_buf(), e))?;
    let violations = validate_text(&written);
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

/// Finishes or undoes a replacement that a killed process left half done.
pub fn recover(state: &StateDir) -> Result<()> {
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
