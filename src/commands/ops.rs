//! `dochygiene ops list|show|abort|gc`: inspect and tidy op folders.

use std::path::Path;

use serde_json::json;

use crate::cli::OpsCommand;
use crate::error::{Error, Result};
use crate::exit::Exit;
use crate::op::{self, OpDir, Phase};
use crate::state::StateDir;

pub fn run(root: Option<&Path>, cmd: OpsCommand) -> Result<Exit> {
    let root = crate::project_root::resolve(root)?;
    let state = StateDir::locate(&root);
    match cmd {
        OpsCommand::List { json } => list(&state, json),
        OpsCommand::Show { op_id } => show(&state, &op_id),
        OpsCommand::Abort { op_id } => abort(&state, &op_id),
        OpsCommand::Gc => gc(&state),
    }
}

fn list(state: &StateDir, as_json: bool) -> Result<Exit> {
    let ops = op::list(state)?;
    if as_json {
        let rows: Vec<_> = ops.iter().map(|o| o.summary()).collect();
        println!("{}", serde_json::to_string_pretty(&rows).expect("rows serialize"));
    } else if ops.is_empty() {
        eprintln!("no ops");
    } else {
        for o in &ops {
            println!(
                "{}\t{}\t{}\tround {}\t{}",
                o.op_id,
                o.command.as_str(),
                o.phase.as_str(),
                o.iteration,
                o.created_at
            );
        }
    }
    Ok(Exit::Done)
}

fn show(state: &StateDir, id: &str) -> Result<Exit> {
    let dir = OpDir::new(state, id)?;
    let record = dir.record()?;
    let mut files: Vec<String> = fs_err::read_dir(dir.path())
        .map_err(|e| Error::io("list", dir.path(), e))?
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    files.sort();
    let out = json!({"op": record, "folder": dir.path().display().to_string(), "files": files});
    println!("{}", serde_json::to_string_pretty(&out).expect("an op serializes"));
    Ok(Exit::Done)
}

fn abort(state: &StateDir, id: &str) -> Result<Exit> {
    let _lock = state.lock()?;
    let dir = OpDir::new(state, id)?;
    let mut record = dir.record()?;
    if !record.phase.is_open() {
        return Err(Error::usage(format!("op {id} is {}, not open", record.phase.as_str())));
    }
    record.phase = Phase::Aborted;
    record.write(&dir.op_json())?;
    eprintln!("dochygiene: op {id} aborted; `dochygiene ops gc` removes its folder");
    Ok(Exit::Done)
}

fn gc(state: &StateDir) -> Result<Exit> {
    let ops_dir = state.ops_dir();
    if !ops_dir.is_dir() {
        eprintln!("dochygiene: no ops to remove");
        return Ok(Exit::Done);
    }
    let _lock = state.lock()?;
    let current_report_op = std::fs::read_to_string(state.report_json_path())
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v["op_id"].as_str().map(str::to_string));
    let mut removed = Vec::new();
    for entry in fs_err::read_dir(&ops_dir).map_err(|e| Error::io("list", &ops_dir, e))? {
        let entry = entry.map_err(|e| Error::io("list", &ops_dir, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let removable = match OpDir::new(state, &name).ok().filter(|d| d.exists()) {
            // A folder without op.json is a start that never finished.
            None => path.is_dir(),
            Some(dir) => {
                let record = dir.record()?;
                !record.phase.is_open() && current_report_op.as_deref() != Some(name.as_str())
            }
        };
        if removable {
            fs_err::remove_dir_all(&path).map_err(|e| Error::io("remove", &path, e))?;
            removed.push(name);
        }
    }
    removed.sort();
    for name in &removed {
        println!("{name}");
    }
    eprintln!("dochygiene: removed {} op folder(s)", removed.len());
    Ok(Exit::Done)
}
