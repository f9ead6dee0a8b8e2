//! A closed stdout never panics: every command ends with the exit code it would have had.

use std::process::{Command, Stdio};

use super::{command, demo_checked, guarded};
use crate::handshake::{respond, rule, sample};
use crate::support::{fixture, json_line, Output};

/// Runs `cmd` with stdout a pipe whose read end is already closed.
fn with_closed_stdout(mut cmd: Command) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    cmd.stdout(writer);
    cmd.stderr(Stdio::piped());
    let out = guarded(cmd);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    out
}

#[test]
fn a_closed_stdout_never_panics_and_keeps_the_exit_code() {
    let p = sample();
    let closed = |args: &[&str], code: i32| {
        let out = with_closed_stdout(command(&p, args));
        assert_eq!(out.code, code, "{args:?}\nstderr:\n{}", out.stderr);
    };
    closed(&["check", "--no-git", "--op-id", "t1"], 7);
    let pending = std::fs::read_dir(p.state("ops/t1"))
        .unwrap()
        .any(|e| e.unwrap().file_name().to_string_lossy().starts_with("pending-"));
    assert!(pending, "the pending file is written before the line is printed");
    closed(&["resume", "t1"], 7);
    closed(&["pending", "t1"], 0);
    closed(&["pending", "t1", "--template"], 0);
    closed(&["status"], 0);
    closed(&["status", "--json"], 0);
    closed(&["ops", "list"], 0);
    closed(&["ops", "list", "--json"], 0);
    closed(&["ops", "show", "t1"], 0);
    closed(&["scan", "--no-git"], 1);
    closed(&["scan", "--no-git", "--format", "json"], 1);
    closed(&["remind"], 0);
    let valid = fixture("golden/valid_report.json");
    let invalid = fixture("golden/invalid/anchor-inverted.json");
    closed(&["validate", valid.to_str().unwrap()], 0);
    closed(&["validate", "--json", valid.to_str().unwrap()], 0);
    closed(&["validate", invalid.to_str().unwrap()], 1);
    let out = p.run(&["check", "--no-git", "--op-id", "t1"]).output();
    assert_eq!(out.code, 5, "t1 is still open: {}", out.stderr);
    let line = json_line(&p.run(&["resume", "t1"]).expect_code(7));
    respond(&line, |r| Some(rule(r)));
    let answers = p.root().join("answers.json");
    std::fs::rename(line["responses"].as_str().unwrap(), &answers).unwrap();
    closed(&["answer", "t1", answers.to_str().unwrap()], 0);
    closed(&["resume", "t1"], 0);
    closed(&["clean", "--dry-run"], 0);
    closed(&["clean"], 0);
    let list = p.run(&["ops", "list", "--json"]).expect_code(0).json();
    let clean_op = list.as_array().unwrap().iter().find(|o| o["command"] == "clean").unwrap();
    closed(&["undo", clean_op["op_id"].as_str().unwrap()], 0);
    std::fs::create_dir_all(p.state("ops/half-started")).unwrap();
    closed(&["ops", "gc"], 0);
    assert!(!p.state("ops/half-started").exists());
    // --fresh: t1's verdicts would be reused, and the sweep is to stop at exit 7.
    closed(&["sweep", "--no-git", "--op-id", "s1", "--fresh"], 7);
    closed(&["ops", "abort", "s1"], 0);
    closed(&["--version"], 0);
    let q = demo_checked();
    let mut sweep = command(&q, &["sweep", "--op-id", "s2"]);
    sweep.env("DOCHYGIENE_TIER2_FIXTURE", fixture("demo/answers.json"));
    let out = with_closed_stdout(sweep);
    assert_eq!(out.code, 0, "{}", out.stderr);
}
