//! `dochygiene ops list|show|abort|gc`: inspect and tidy op folders.
//!
//! A corrupt op (an `op.json` that does not parse) is a row marked corrupt, never the
//! end of the command; `abort` and `gc` remove it. An op folder that is a symbolic link
//! is reported and left for the user to remove: nothing here enters or deletes through
//! a link (`OpDir::remove` checks again before deleting).

use serde_json::json;

use crate::cli::OpsCommand;
use crate::error::{Error, Result};
use crate::exit::Exit;
use crate::ids::OpId;
use crate::op::{self, CorruptOp, OpDir};
use crate::project::Project;
use crate::state::StateDir;
use crate::{errln, outln};

pub(super) fn run(project: &Project, cmd: OpsCommand) -> Result<Exit> {
    match cmd {
        OpsCommand::List { json } => list(&project.state, json),
        OpsCommand::Show { op_id } => show(&project.state, &op_id),
        OpsCommand::Abort { op_id } => abort(project, &op_id),
        OpsCommand::Gc => gc(project),
    }
}

fn list(state: &StateDir, as_json: bool) -> Result<Exit> {
    let ops = op::list(state)?;
    if as_json {
        let mut rows: Vec<(String, serde_json::Value)> =
            ops.ops.iter().map(|o| (o.op_id.to_string(), o.summary())).collect();
        rows.extend(ops.corrupt.iter().map(|c| (c.op_id.clone(), corrupt_row(c))));
        rows.sort_by(|a, b| a.0.cmp(&b.0));
        let rows: Vec<_> = rows.into_iter().map(|(_, row)| row).collect();
        outln!("{}", serde_json::to_string_pretty(&rows).expect("rows serialize"));
    } else if ops.ops.is_empty() && ops.corrupt.is_empty() {
        errln!("no ops");
    } else {
        let mut lines: Vec<(String, String)> = ops
            .ops
            .iter()
            .map(|o| {
                let line = format!(
                    "{}\t{}\t{}\tround {}\t{}",
                    o.op_id,
                    o.state.command().as_str(),
                    o.state.phase().as_str(),
                    o.iteration,
                    o.created_at
                );
                (o.op_id.to_string(), line)
            })
            .collect();
        lines.extend(
            ops.corrupt
                .iter()
                .map(|c| (c.op_id.clone(), format!("{}\tcorrupt\t{}", c.op_id, c.problem))),
        );
        lines.sort();
        for (_, line) in lines {
            outln!("{line}");
        }
        for c in &ops.corrupt {
            errln!("dochygiene: warning: op {} {}; {}", c.op_id, c.problem, remedy(state, c));
        }
    }
    Ok(Exit::Done)
}

/// The `ops list --json` (and `status --json`) row of a corrupt op.
pub(super) fn corrupt_row(c: &CorruptOp) -> serde_json::Value {
    json!({"op_id": c.op_id, "corrupt": c.problem})
}

/// What removes a corrupt op: `ops abort` for a folder, `rm` for a link.
pub(super) fn remedy(state: &StateDir, c: &CorruptOp) -> String {
    if c.is_link {
        format!(
            "remove the link with `rm {}` (only the link goes, not what it points to)",
            state.ops_dir().join(&c.op_id).display()
        )
    } else {
        format!("`dochygiene ops abort {}` removes it", c.op_id)
    }
}

fn show(state: &StateDir, id: &OpId) -> Result<Exit> {
    let dir = OpDir::new(state, id)?;
    let (record, corrupt) = match dir.record() {
        Ok(record) => (Some(record), None),
        Err(Error::Corrupt { message, .. }) => (None, Some(format!("op.json: {message}"))),
        Err(other) => return Err(other),
    };
    let mut files: Vec<String> = fs_err::read_dir(dir.path())
        .map_err(|e| Error::io("list", dir.path(), e))?
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    files.sort();
    let record = record.map(|r| r.shown());
    let mut out = json!({"op": record, "folder": dir.path().display().to_string(), "files": files});
    if let Some(problem) = &corrupt {
        out["corrupt"] = json!(problem);
        errln!("dochygiene: warning: op {id} is corrupt ({problem}); `dochygiene ops abort {id}` removes it");
    }
    outln!("{}", serde_json::to_string_pretty(&out).expect("an op serializes"));
    Ok(Exit::Done)
}

fn abort(project: &Project, id: &OpId) -> Result<Exit> {
    let state = &project.state;
    let lock = project.lock()?;
    let dir = OpDir::new(state, id)?;
    let mut record = match dir.record() {
        Ok(record) => record,
        Err(Error::Corrupt { message, .. }) => {
            dir.remove(&lock)?;
            errln!(
                "dochygiene: op {id} could not be read (op.json: {message}); removed its folder"
            );
            return Ok(Exit::Done);
        }
        Err(other) => return Err(other),
    };
    if !record.state.is_open() {
        return Err(Error::usage(format!(
            "op {id} is {}, not open",
            record.state.phase().as_str()
        )));
    }
    record.state.set_aborted();
    dir.write_record(&record, &lock)?;
    errln!("dochygiene: op {id} aborted; `dochygiene ops gc` removes its folder");
    Ok(Exit::Done)
}

fn gc(project: &Project) -> Result<Exit> {
    let state = &project.state;
    if !state.ops_dir().is_dir() {
        errln!("dochygiene: no ops to remove");
        return Ok(Exit::Done);
    }
    let lock = project.lock()?;
    let current_report_op = crate::state::read_report_text(state)?
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v["op_id"].as_str().map(str::to_string));
    let ops = op::list(state)?;
    let mut removed: Vec<String> = Vec::new();
    // A folder without op.json is a start that never finished.
    let finished = ops
        .ops
        .iter()
        .filter(|r| !r.state.is_open() && current_report_op.as_deref() != Some(r.op_id.as_str()));
    let unfinished = ops.unfinished.iter().filter_map(|name| OpId::parse(name).ok());
    let names: Vec<OpId> = unfinished.chain(finished.map(|r| r.op_id.clone())).collect();
    for name in names {
        OpDir::new(state, &name)?.remove(&lock)?;
        removed.push(name.to_string());
    }
    for c in &ops.corrupt {
        if c.is_link {
            errln!("dochygiene: kept op {}: it {}; {}", c.op_id, c.problem, remedy(state, c));
            continue;
        }
        if c.has_journal {
            errln!(
                "dochygiene: kept corrupt op {} ({}): it holds a clean journal, the only way to undo that clean; {}",
                c.op_id,
                c.problem,
                remedy(state, c)
            );
            continue;
        }
        let Ok(id) = OpId::parse(&c.op_id) else { continue };
        OpDir::new(state, &id)?.remove(&lock)?;
        removed.push(c.op_id.clone());
    }
    removed.sort();
    for name in &removed {
        outln!("{name}");
    }
    errln!("dochygiene: removed {} op folder(s)", removed.len());
    Ok(Exit::Done)
}
