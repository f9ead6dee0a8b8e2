//! Temp files a kill left are removed by the next locked run; `remind` writes nothing in
//! a folder it never checked.

use super::demo_checked;
use crate::support::json_line;

#[test]
fn engine_temp_files_left_by_a_kill_are_removed_by_the_next_locked_run() {
    let p = demo_checked();
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    let op = done["op_id"].as_str().unwrap();
    let ours = [
        ".README.md.Ab12Cd.tmp".to_string(),
        "docs/design/.overview.md.q9W8e7.tmp".to_string(),
        ".dochygiene/.state.json.x1Y2z3.tmp".to_string(),
        format!(".dochygiene/ops/{op}/.op.json.AAAAAA.tmp"),
        format!(".dochygiene/ops/{op}/trash/.0.after.zzzzzz.tmp"),
        ".dochygiene/ops/demo/.answers.json.123456.tmp".to_string(),
    ];
    let theirs = [
        ".README.md.tmp",
        "README.md.Ab12Cd.tmp",
        ".README.md.Ab12C.tmp",
        ".notes.md.Ab12Cd.tmp",
        "docs/.config.md.Ab12Cd.tmp",
        ".README.md.Ab12Cd.tmp.keep",
    ];
    for rel in ours.iter().map(String::as_str).chain(theirs) {
        p.write(rel, "partial");
    }
    p.run(&["ops", "list"]).expect_code(0);
    assert!(p.root().join(&ours[0]).exists(), "a read-only command removes nothing");
    let again = json_line(&p.run(&["clean"]).expect_code(0));
    assert_eq!(again["status"], "nothing_to_apply", "a locked run that writes no doc");
    for rel in &ours {
        assert!(!p.root().join(rel).exists(), "{rel} was left behind");
    }
    for rel in theirs {
        assert!(p.root().join(rel).exists(), "{rel} is not the engine's and was removed");
    }
}

#[test]
fn remind_writes_nothing_in_a_folder_never_checked() {
    let dir = tempfile::tempdir().unwrap();
    let run = || {
        crate::support::dochygiene(["remind"])
            .current_dir(dir.path())
            .now("2026-06-01T00:00:00Z")
            .expect_code(0)
    };
    let out = run();
    assert!(out.stdout.contains("never been checked"), "{}", out.stdout);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "remind wrote in the folder");
    // State without a last check is not a project it has checked either.
    std::fs::create_dir(dir.path().join(".dochygiene")).unwrap();
    let state = r#"{"last_check":null,"last_clean":null,"last_reminded":null}"#;
    std::fs::write(dir.path().join(".dochygiene/state.json"), state).unwrap();
    run();
    assert_eq!(std::fs::read_to_string(dir.path().join(".dochygiene/state.json")).unwrap(), state);
    assert_eq!(std::fs::read_dir(dir.path().join(".dochygiene")).unwrap().count(), 1);
}
