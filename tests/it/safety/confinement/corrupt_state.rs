//! Corrupt state: `state.json` is checked before the first edit; a corrupt op is
//! reported and removable, and blocks nothing else.

use serde_json::Value;

use super::{demo_checked, demo_docs};
use crate::support::{fixture, json_line, Project};

#[test]
fn corrupt_state_json_stops_clean_before_any_doc_is_edited() {
    let p = demo_checked();
    let docs = demo_docs(&p);
    std::fs::write(p.state("state.json"), "").unwrap();
    let out = p.run(&["clean"]).expect_code(6);
    assert!(out.stderr.contains("state.json"), "{}", out.stderr);
    assert_eq!(demo_docs(&p), docs, "clean edited docs before reading its state");
    let list = p.run(&["ops", "list", "--json"]).expect_code(0);
    let rows: Value = serde_json::from_str(&list.stdout).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 1, "no clean op was left open: {rows}");
    // sweep reads it before its scan too.
    let out = p.run(&["sweep", "--op-id", "s1"]).expect_code(6);
    assert!(out.stderr.contains("state.json"), "{}", out.stderr);
    assert_eq!(demo_docs(&p), docs);
}

fn truncate_op(p: &Project, id: &str) {
    let path = p.state(&format!("ops/{id}/op.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
}

#[test]
fn a_corrupt_finished_op_is_reported_and_blocks_nothing() {
    let p = demo_checked();
    truncate_op(&p, "demo");
    let status = p.run(&["status"]).expect_code(0);
    assert!(status.stdout.contains("corrupt op:    demo"), "{}", status.stdout);
    assert!(status.stdout.contains("dochygiene ops abort demo"), "{}", status.stdout);
    let status = p.run(&["status", "--json"]).expect_code(0);
    assert_eq!(status.json()["corrupt_ops"][0]["op_id"], "demo");
    let list = p.run(&["ops", "list"]).expect_code(0);
    assert!(list.stdout.starts_with("demo\tcorrupt\t"), "{}", list.stdout);
    let list = p.run(&["ops", "list", "--json"]).expect_code(0);
    assert!(list.json()[0]["corrupt"].is_string(), "{}", list.stdout);
    let show = p.run(&["ops", "show", "demo"]).expect_code(0);
    assert!(show.json()["corrupt"].is_string(), "{}", show.stdout);
    assert!(show.json()["files"].as_array().unwrap().iter().any(|f| f == "op.json"));
    // Unrelated commands run.
    p.run(&["check", "--op-id", "again"])
        .env("DOCHYGIENE_TIER2_FIXTURE", fixture("demo/answers.json"))
        .expect_code(0);
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    assert_eq!(done["status"], "done");
    p.run(&["resume"]).expect_code(2);
    // Naming it still says what is wrong and what to do.
    let out = p.run(&["resume", "demo"]).expect_code(6);
    assert!(out.stderr.contains("dochygiene ops abort demo"), "{}", out.stderr);
    // gc removes it.
    let gc = p.run(&["ops", "gc"]).expect_code(0);
    assert!(gc.stdout.lines().any(|l| l == "demo"), "{}", gc.stdout);
    assert!(!p.state("ops/demo").exists());
}

#[test]
fn a_corrupt_op_is_removed_by_abort_and_a_corrupt_clean_op_is_kept_by_gc() {
    let p = demo_checked();
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    let clean_op = done["op_id"].as_str().unwrap().to_string();
    truncate_op(&p, "demo");
    truncate_op(&p, &clean_op);
    let gc = p.run(&["ops", "gc"]).expect_code(0);
    assert!(gc.stdout.lines().any(|l| l == "demo"), "{}", gc.stdout);
    assert!(gc.stderr.contains(&format!("dochygiene ops abort {clean_op}")), "{}", gc.stderr);
    assert!(p.state(&format!("ops/{clean_op}/journal.json")).exists(), "undo data kept");
    let out = p.run(&["ops", "abort", &clean_op]).expect_code(0);
    assert!(out.stderr.contains("removed"), "{}", out.stderr);
    assert!(!p.state(&format!("ops/{clean_op}")).exists());
    p.run(&["status"]).expect_code(0);
}
