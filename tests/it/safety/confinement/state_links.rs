//! Symbolic links at `.dochygiene`, `.dochygiene/ops`, an op folder or the lock: refused
//! (exit 6) by every command, with nothing behind them read, written or deleted.

use std::os::unix::fs::symlink;
use std::path::Path;

use serde_json::Value;

use super::{outside, tree};
use crate::handshake::sample;

/// Every command that reads or writes state, with the exit code it must give when the
/// state folder (or a part of it) is a symbolic link.
fn state_commands(answers: &Path) -> Vec<Vec<String>> {
    let answers = answers.display().to_string();
    [
        vec!["status"],
        vec!["status", "--json"],
        vec!["ops", "list"],
        vec!["ops", "show", "x"],
        vec!["ops", "abort", "x"],
        vec!["ops", "gc"],
        vec!["check", "--no-git"],
        vec!["check", "--no-git", "--op-id", "victim"],
        vec!["sweep", "--no-git"],
        vec!["clean"],
        vec!["undo", "x"],
        vec!["resume"],
        vec!["resume", "x"],
        vec!["pending", "x"],
        vec!["answer", "x", answers.as_str()],
    ]
    .into_iter()
    .map(|args| args.into_iter().map(str::to_string).collect())
    .collect()
}

#[test]
fn a_symlinked_ops_folder_is_refused_by_every_command_and_nothing_behind_it_changes() {
    let out_dir = outside();
    let before = tree(out_dir.path());
    let p = sample();
    std::fs::create_dir_all(p.root().join(".dochygiene")).unwrap();
    symlink(out_dir.path(), p.state("ops")).unwrap();
    let answers = p.root().join("answers.json");
    std::fs::write(&answers, r#"{"batch_id": "x", "responses": []}"#).unwrap();
    for args in state_commands(&answers) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = p.run(&args).output();
        assert_eq!(out.code, 6, "{args:?}\nstdout:\n{}\nstderr:\n{}", out.stdout, out.stderr);
        assert!(out.stderr.contains(".dochygiene/ops"), "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("symbolic link"), "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("hint: remove the link"), "{args:?}: {}", out.stderr);
        assert_eq!(tree(out_dir.path()), before, "{args:?} changed what the link points at");
    }
    // A link that stays inside the root is no better: `ops gc` must not empty docs/.
    std::fs::remove_file(p.state("ops")).unwrap();
    symlink("../docs", p.state("ops")).unwrap();
    let docs = tree(&p.root().join("docs"));
    p.run(&["ops", "gc"]).expect_code(6);
    assert_eq!(tree(&p.root().join("docs")), docs);
}

#[test]
fn a_symlinked_state_folder_is_refused_and_remind_writes_nothing_through_it() {
    let out_dir = outside();
    let before = tree(out_dir.path());
    let p = sample();
    symlink(out_dir.path(), p.root().join(".dochygiene")).unwrap();
    let answers = p.root().join("answers.json");
    std::fs::write(&answers, r#"{"batch_id": "x", "responses": []}"#).unwrap();
    for args in state_commands(&answers) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = p.run(&args).output();
        assert_eq!(out.code, 6, "{args:?}\nstdout:\n{}\nstderr:\n{}", out.stdout, out.stderr);
        assert!(out.stderr.contains("symbolic link"), "{args:?}: {}", out.stderr);
        assert_eq!(tree(out_dir.path()), before, "{args:?} changed what the link points at");
    }
    // remind never fails a session, and stamps nothing through the link.
    let out = p.run(&["remind"]).now("2026-06-01T00:00:00Z").expect_code(0);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.contains("symbolic link"), "{}", out.stderr);
    assert_eq!(tree(out_dir.path()), before);
}

#[test]
fn an_op_folder_that_is_a_symlink_is_never_entered_or_removed() {
    let out_dir = outside();
    let before = tree(out_dir.path());
    let p = sample();
    std::fs::create_dir_all(p.state("ops")).unwrap();
    symlink(out_dir.path().join("victim"), p.state("ops/victim")).unwrap();
    symlink(out_dir.path().join("x"), p.state("ops/x")).unwrap();
    let out = p.run(&["check", "--no-git", "--op-id", "victim"]).expect_code(6);
    assert!(out.stderr.contains(".dochygiene/ops/victim"), "{}", out.stderr);
    assert!(out.stderr.contains("hint: remove the link"), "{}", out.stderr);
    p.run(&["ops", "show", "x"]).expect_code(6);
    p.run(&["ops", "abort", "x"]).expect_code(6);
    p.run(&["undo", "x"]).expect_code(6);
    p.run(&["resume", "x"]).expect_code(6);
    assert_eq!(tree(out_dir.path()), before);
    // `ops list` and `gc` report the links instead of reading through them.
    let list = p.run(&["ops", "list", "--json"]).expect_code(0);
    let rows: Value = serde_json::from_str(&list.stdout).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 2, "{rows}");
    assert!(rows[0]["corrupt"].as_str().unwrap().contains("symbolic link"), "{rows}");
    let gc = p.run(&["ops", "gc"]).expect_code(0);
    assert!(gc.stderr.contains("symbolic link"), "{}", gc.stderr);
    assert_eq!(tree(out_dir.path()), before);
}

#[test]
fn a_symlinked_lock_is_refused_without_creating_its_target() {
    let out_dir = tempfile::tempdir().unwrap();
    let target = out_dir.path().join("lockfile");
    let p = sample();
    std::fs::create_dir_all(p.root().join(".dochygiene")).unwrap();
    symlink(&target, p.state("lock")).unwrap();
    let out = p.run(&["check", "--no-git"]).expect_code(6);
    assert!(out.stderr.contains(".dochygiene/lock"), "{}", out.stderr);
    assert!(out.stderr.contains("hint: remove the link"), "{}", out.stderr);
    p.run(&["ops", "gc"]).expect_code(6);
    assert!(!target.exists(), "the lock was created outside the root");
    assert!(!p.state("ops").exists(), "nothing was written");
}
