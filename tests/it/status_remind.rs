//! `status` reads without writing; `remind` prints one line when the last check is old,
//! stamps `last_reminded`, and never fails a session.

use crate::support::dochygiene;

fn write_state(root: &std::path::Path, last_check: &str) {
    std::fs::create_dir_all(root.join(".dochygiene")).unwrap();
    std::fs::write(
        root.join(".dochygiene/state.json"),
        format!(r#"{{"last_check":{last_check},"last_clean":null,"last_reminded":null}}"#),
    )
    .unwrap();
}

#[test]
fn status_on_a_fresh_project_reads_only() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join(".git")).unwrap();
    let out = dochygiene(["status", "--json"]).current_dir(dir.path()).expect_code(0);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["last_check"], serde_json::Value::Null);
    assert_eq!(v["report"], serde_json::Value::Null);
    assert_eq!(v["open_ops"], serde_json::json!([]));
    assert!(!dir.path().join(".dochygiene").exists(), "status must not create state");
}

#[test]
fn status_with_corrupt_state_is_exit_6() {
    let dir = tempfile::tempdir().unwrap();
    write_state(dir.path(), "\"not a time\"");
    let out =
        dochygiene(["--root".as_ref(), dir.path().as_os_str(), "status".as_ref()]).expect_code(6);
    assert!(out.stderr.contains("corrupt state file"), "{}", out.stderr);
    assert!(out.stderr.contains("state.json"), "{}", out.stderr);
}

#[test]
fn remind_speaks_when_the_check_is_old_and_stamps_the_time() {
    let dir = tempfile::tempdir().unwrap();
    write_state(dir.path(), "\"2026-01-01T00:00:00Z\"");
    let root = ["--root".as_ref(), dir.path().as_os_str()];
    let out = dochygiene(root.iter().chain(&["remind".as_ref()]))
        .now("2026-01-20T00:00:00Z")
        .expect_code(0);
    assert_eq!(out.stdout.lines().count(), 1);
    assert!(out.stdout.contains("last checked 19 days ago"), "{}", out.stdout);
    let state = std::fs::read_to_string(dir.path().join(".dochygiene/state.json")).unwrap();
    assert!(state.contains(r#""last_reminded": "2026-01-20T00:00:00Z""#), "{state}");
    let out = dochygiene(root.iter().chain(&["remind".as_ref(), "--days".as_ref(), "30".as_ref()]))
        .now("2026-01-20T00:00:00Z")
        .expect_code(0);
    assert_eq!(out.stdout, "", "a check 19 days old is recent enough for --days 30");
}

#[test]
fn remind_never_fails_even_on_corrupt_state() {
    let dir = tempfile::tempdir().unwrap();
    write_state(dir.path(), "[1, 2");
    let out = dochygiene(["--root".as_ref(), dir.path().as_os_str(), "remind".as_ref()])
        .env("DOCHYGIENE_NOW", "2026-01-20T00:00:00Z")
        .expect_code(0);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.contains("skipped"), "{}", out.stderr);
}
