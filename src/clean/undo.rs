//! `undo`: restores every file a clean (or sweep) changed, if each still holds what the
//! clean wrote (or already holds the before-image); otherwise refuses whole. Removes
//! the folders the clean created that are empty again. Nothing here prints.

use super::files::{current, put};
use crate::error::{Error, Result};
use crate::ids::OpId;
use crate::op::{read_image, Journal, OpDir, OpState, Phase};
use crate::project::Project;
use crate::quote::quote_name;
use crate::state::Lock;

/// What an undo restored.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Undone {
    pub op_id: OpId,
    pub restored: Vec<String>,
}

/// `dochygiene undo OP_ID`.
pub(crate) fn undo(project: &Project, lock: &Lock, id: &OpId) -> Result<Undone> {
    let root = &project.root;
    let op = OpDir::new(&project.state, id)?;
    let mut record = op.record()?;
    if !matches!(record.state, OpState::Clean { .. } | OpState::Sweep { .. })
        || !op.path().join("journal.json").exists()
    {
        return Err(Error::usage(format!(
            "op {id} changed no files; only clean and sweep ops can be undone"
        )));
    }
    if record.state.phase() == Phase::Undone {
        return Err(Error::usage(format!("op {id} was already undone")));
    }
    let journal = Journal::read(op.path())?;
    let mut restore = Vec::new();
    let mut changed = Vec::new();
    for (i, item) in journal.items.iter().enumerate() {
        let now_sha = current(root, &item.path)?.as_deref().map(crate::hash::sha256_hex);
        if now_sha == item.before_sha256 {
            continue;
        }
        if now_sha != item.after_sha256 {
            changed.push(item.path.clone());
            continue;
        }
        restore.push((i, item));
    }
    if !changed.is_empty() {
        return Err(Error::stale(
            format!("these files changed since op {id} wrote them, so nothing was restored: {}", changed.iter().map(|p| quote_name(p)).collect::<Vec<_>>().join(", ")),
            "undo later clean ops first, newest first (`dochygiene ops list`); or revert the later edits; the before-images are in the op's trash/ folder",
        ));
    }
    for (i, item) in &restore {
        let before = match &item.before_sha256 {
            Some(sha) => Some(read_image(op.path(), *i, "before", sha)?),
            None => None,
        };
        put(root, &item.path, before.as_deref(), item.mode)?;
    }
    super::files::remove_empty_dirs(root, &journal.created_dirs)?;
    record.state.set_undone();
    op.write_record(&record, lock)?;
    let restored = restore.iter().map(|(_, item)| item.path.clone()).collect();
    Ok(Undone { op_id: id.clone(), restored })
}
