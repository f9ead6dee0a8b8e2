//! The status line (`guide/protocol.md`, SPEC section 13): exactly one JSON line on
//! stdout for every invocation of check, resume, sweep, clean and undo, whatever the exit
//! code, valid against the committed schema; the stderr explanations beside it pinned
//! as snapshots; `resume` of any op kind in any phase; the rewrite phase's round (its
//! re-asks and its crash safety); and the format version of the state files.

use serde_json::Value;

use crate::support::{fixture, json_line, Output, Project};

fn demo() -> Project {
    Project::from_fixture("demo")
}

fn demo_checked() -> Project {
    let p = demo();
    p.run(&["check", "--op-id", "demo"])
        .env("DOCHYGIENE_TIER2_FIXTURE", fixture("demo/answers.json"))
        .expect_code(0);
    p
}

/// The one line, checked against `guide/schema/status-line.schema.json`.
fn status_line(out: &Output) -> Value {
    let line = json_line(out);
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(
            crate::support::repo().join("guide/schema/status-line.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&line).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{line} breaks the schema: {errors:?}");
    line
}

/// stderr with the project root and the generated op ids made stable.
fn normalized(p: &Project, text: &str) -> String {
    let root = p.root().to_str().unwrap();
    let canon = std::fs::canonicalize(p.root()).unwrap();
    let text = text.replace(canon.to_str().unwrap(), "<ROOT>").replace(root, "<ROOT>");
    let re = regex::Regex::new(r"(clean|sweep|check)-\d{8}T\d{6}Z-[0-9a-f]{6}").unwrap();
    re.replace_all(&text, "$1-<ID>").into_owned()
}

#[test]
fn sweep_prints_one_line_with_the_report_and_the_clean() {
    let p = demo();
    let out = p
        .run(&["sweep", "--op-id", "sweep-1"])
        .env("DOCHYGIENE_TIER2_FIXTURE", fixture("demo/answers.json"))
        .expect_code(0);
    let line = status_line(&out);
    assert_eq!(line["status"], "done");
    assert_eq!(line["op_id"], "sweep-1");
    assert_eq!(line["entries"], 7, "{line}");
    assert_eq!(line["applied"].as_array().unwrap().len(), 4, "{line}");
    assert_eq!(line["undo"], "dochygiene undo sweep-1");
}

#[test]
fn resume_after_an_undone_sweep_says_it_is_undone() {
    let p = demo();
    p.run(&["sweep", "--op-id", "sweep-1"])
        .env("DOCHYGIENE_TIER2_FIXTURE", fixture("demo/answers.json"))
        .expect_code(0);
    p.run(&["undo", "sweep-1"]).expect_code(0);
    let out = p.run(&["resume", "sweep-1"]).expect_code(0);
    let line = status_line(&out);
    assert_eq!(
        (line["status"].as_str(), line["op_id"].as_str()),
        (Some("undone"), Some("sweep-1"))
    );
    assert!(
        out.stderr.contains("op sweep-1 is already undone; nothing to resume"),
        "{}",
        out.stderr
    );
    // A finished clean and a finished check answer the same way.
    let clean = status_line(&p.run(&["clean"]).expect_code(0));
    let op = clean["op_id"].as_str().unwrap();
    let again = status_line(&p.run(&["resume", op]).expect_code(0));
    assert_eq!(
        (again["status"].as_str(), again["applied"].clone()),
        (Some("done"), clean["applied"].clone())
    );
}

#[test]
fn every_op_command_prints_exactly_one_line_at_every_exit_code() {
    let p = demo();
    // 2: nothing to resume.
    let line = status_line(&p.run(&["resume"]).expect_code(2));
    assert_eq!((line["status"].as_str(), line["exit"].as_u64()), (Some("error"), Some(2)));
    assert!(line["hint"].as_str().unwrap().contains("dochygiene check"), "{line}");
    // 7 from check, 7 again from a resume with no answers.
    assert_eq!(
        status_line(&p.run(&["check", "--op-id", "c1"]).expect_code(7))["status"],
        "needs_answers"
    );
    assert_eq!(status_line(&p.run(&["resume", "c1"]).expect_code(7))["status"], "needs_answers");
    // 5: a second check while one is open.
    let line = status_line(&p.run(&["check"]).expect_code(5));
    assert_eq!(line["exit"], 5);
    // 0 from resume with answers.
    let out = p
        .run(&["resume", "c1", "--answers", fixture("demo/answers.json").to_str().unwrap()])
        .expect_code(0);
    assert_eq!(status_line(&out)["status"], "done");
    // 0 from clean and undo; 2 from an undo of an op that changed nothing.
    let cleaned = status_line(&p.run(&["clean"]).expect_code(0));
    assert_eq!(status_line(&p.run(&["clean"]).expect_code(0))["status"], "nothing_to_apply");
    let op = cleaned["op_id"].as_str().unwrap();
    assert_eq!(status_line(&p.run(&["undo", op]).expect_code(0))["status"], "undone");
    assert_eq!(status_line(&p.run(&["undo", "c1"]).expect_code(2))["exit"], 2);
    // 0: a dry run is a preview line.
    let preview = status_line(&p.run(&["clean", "--dry-run"]).expect_code(0));
    assert!(preview["diff"].as_str().unwrap().contains("+++ b/README.md"), "{preview}");
    // 4: the lock is held.
    let lock = std::fs::File::open(p.state("lock")).unwrap();
    lock.try_lock().unwrap();
    assert_eq!(status_line(&p.run(&["clean"]).expect_code(4))["exit"], 4);
    drop(lock);
    // 6: a corrupt state.json.
    std::fs::write(p.state("state.json"), "{").unwrap();
    assert_eq!(status_line(&p.run(&["sweep"]).expect_code(6))["exit"], 6);
}

#[test]
fn stderr_explanations_are_pinned() {
    let p = demo();
    let asked = p.run(&["check", "--op-id", "c1", "--no-git"]).expect_code(7);
    let out = p
        .run(&["resume", "c1", "--answers", fixture("demo/answers.json").to_str().unwrap()])
        .expect_code(0);
    let cleaned = p.run(&["clean"]).expect_code(0);
    let nothing = p.run(&["clean"]).expect_code(0);
    let op = json_line(&cleaned)["op_id"].as_str().unwrap().to_string();
    let undone = p.run(&["undo", &op]).expect_code(0);
    let refused = p.run(&["undo", &op]).expect_code(2);
    let all = [
        ("check, exit 7", &asked),
        ("resume, exit 0", &out),
        ("clean, exit 0", &cleaned),
        ("clean, nothing to apply", &nothing),
        ("undo, exit 0", &undone),
        ("undo again, exit 2", &refused),
    ]
    .iter()
    .map(|(what, o)| format!("== {what}\n{}", normalized(&p, &o.stderr)))
    .collect::<Vec<_>>()
    .join("\n");
    insta::assert_snapshot!(all);
}

#[test]
fn a_rewrite_answer_that_breaks_the_rules_is_reasked_with_violations_then_dropped() {
    let p = demo_checked();
    let report: Value = serde_json::from_str(&p.read(".dochygiene/report.json")).unwrap();
    let entry = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["op_type"] == "generative")
        .unwrap();
    let id = entry["id"].as_str().unwrap();
    let before = p.read("CLAUDE.md");
    let mut out = p.run(&["clean", "--entry", id, "--yes"]).expect_code(7);
    for attempt in 0..3 {
        let line = status_line(&out);
        let pending: Value = serde_json::from_str(
            &std::fs::read_to_string(line["pending"].as_str().unwrap()).unwrap(),
        )
        .unwrap();
        let request = &pending["requests"][0];
        if attempt > 0 {
            assert_eq!(request["inputs"]["attempt"], attempt, "{request:#}");
            assert!(request["inputs"]["violations"][0].as_str().unwrap().starts_with("summary"));
        }
        let responses = serde_json::json!({"batch_id": line["batch_id"], "responses": [{
            "request_id": request["request_id"],
            "response": {"replacement": "## Rules\n", "summary": " "}}]});
        std::fs::write(line["responses"].as_str().unwrap(), responses.to_string()).unwrap();
        out = p.run(&["resume"]).output();
    }
    assert_eq!(out.code, 0, "{}", out.stderr);
    let done = status_line(&out);
    assert_eq!(done["applied"], serde_json::json!([]));
    let reason = done["skipped"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("failed validation 3 times") && reason.contains("summary"), "{reason}");
    assert_eq!(p.read("CLAUDE.md"), before, "a dropped rewrite writes nothing");
}

/// Drives a clean of the demo's generative entry to the end, answering its rewrite,
/// dying once at `failpoint`. Returns CLAUDE.md and whether the failpoint fired.
fn rewrite_to_end(p: &Project, failpoint: Option<&str>) -> (String, bool) {
    let report: Value = serde_json::from_str(&p.read(".dochygiene/report.json")).unwrap();
    let entries = report["entries"].as_array().unwrap();
    let id = entries.iter().find(|e| e["op_type"] == "generative").unwrap()["id"].as_str().unwrap();
    let mut args = vec!["clean".to_string(), "--entry".into(), id.into(), "--yes".into()];
    let (mut armed, mut fired) = (failpoint, false);
    for _ in 0..10 {
        let mut run = p.run(&args.iter().map(String::as_str).collect::<Vec<_>>());
        if let Some(step) = armed {
            run = run.env("DOCHYGIENE_FAILPOINT", step);
        }
        let out = run.output();
        args = vec!["resume".into()];
        if out.aborted() {
            (fired, armed) = (true, None);
            continue;
        }
        match out.code {
            7 => {
                let line = json_line(&out);
                let pending: Value = serde_json::from_str(
                    &std::fs::read_to_string(line["pending"].as_str().unwrap()).unwrap(),
                )
                .unwrap();
                let responses = serde_json::json!({"batch_id": line["batch_id"], "responses": [{
                    "request_id": pending["requests"][0]["request_id"],
                    "response": {"replacement": "## Rules\n\n- One rule.", "summary": "Folded the lists."}}]});
                std::fs::write(line["responses"].as_str().unwrap(), responses.to_string()).unwrap();
            }
            0 => return (p.read("CLAUDE.md"), fired),
            code => panic!("exit {code}\n{}", out.stderr),
        }
    }
    panic!("the clean did not finish in 10 steps");
}

#[test]
fn a_rewrite_clean_killed_at_every_failpoint_then_resumed_gives_the_same_bytes() {
    let (baseline, _) = rewrite_to_end(&demo_checked(), None);
    for step in [
        "iteration-persisted",
        "pending-written",
        "answers-stored",
        "journal-written",
        "file-applied",
    ] {
        let (got, fired) = rewrite_to_end(&demo_checked(), Some(step));
        assert!(fired, "failpoint {step} never fired");
        assert_eq!(got, baseline, "CLAUDE.md after {step}");
    }
}

#[test]
fn a_state_file_from_an_unknown_format_is_refused_naming_its_writer() {
    let p = demo();
    p.run(&["check", "--op-id", "c1"]).expect_code(7);
    let path = p.state("ops/c1/op.json");
    let mut op: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(op["format_version"], 1, "{op}");
    // Today's files without a version still read as version 1.
    op.as_object_mut().unwrap().remove("format_version");
    std::fs::write(&path, op.to_string()).unwrap();
    assert_eq!(status_line(&p.run(&["resume", "c1"]).expect_code(7))["status"], "needs_answers");
    op["format_version"] = 2.into();
    op["tool_version"] = "9.9.9".into();
    op["new_field"] = true.into();
    std::fs::write(&path, op.to_string()).unwrap();
    let out = p.run(&["resume", "c1"]).expect_code(6);
    assert!(out.stderr.contains("unknown format version 2"), "{}", out.stderr);
    assert!(out.stderr.contains("hint: it was written by dochygiene 9.9.9"), "{}", out.stderr);
}
