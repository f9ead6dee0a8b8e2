//! The exit-7 handshake end to end: exit 7 and its JSON line, answers, resume, bad
//! answer files, partial answers, re-asks, escalation, fixtures, locks, stale ops.

use serde_json::{json, Value};

use crate::support::{json_line, Output, Project};

/// A project with three signal-bearing docs and one clean one.
pub fn sample() -> Project {
    let p = Project::new();
    p.write(
        "README.md",
        "# Demo\n\nRead the [setup guide](docs/setup.md).\nAnd the [API](docs/api.md).\n",
    );
    p.write("docs/api.md", "# API\n\n## Usage\n\nCall it.\n");
    p.write("docs/plan.md", "---\nstatus: done\n---\n# Plan: auth\n\nWe will build auth.\n");
    p.write("docs/guide.md", "# Guide\n\nSee [usage](api.md#nowhere).\n");
    p
}

/// Answers a request by a fixed rule on its signals: broken links get a replace-text
/// (or delete-range), a done plan gets frontmatter, anything else is cleared.
pub fn rule(request: &Value) -> Value {
    let inputs = &request["inputs"];
    let sig = &inputs["signals"][0];
    let line = sig["line"].as_u64().unwrap();
    match sig["name"].as_str().unwrap() {
        "broken_reference" if inputs["path"] == "README.md" => {
            json!({"verdict": "entries", "entries": [{
            "category": {"class": "stale", "subtype": "orphaned"},
            "signals": ["broken_reference"],
            "op": "Point the setup link at the API doc.",
            "op_type": "deterministic",
            "exact_edit": {"kind": "replace-text", "anchor": {"start_line": line, "end_line": line},
                           "match": sig["target"], "replacement": "docs/api.md"},
            "confidence": 0.9, "why": "docs/setup.md does not exist."}]})
        }
        "broken_reference" => json!({"verdict": "entries", "entries": [{
            "category": {"class": "stale", "subtype": "orphaned"},
            "signals": ["broken_reference"],
            "op": "Delete the dead link line.",
            "op_type": "deterministic",
            "exact_edit": {"kind": "delete-range", "anchor": {"start_line": line, "end_line": line}},
            "confidence": 0.8}]}),
        "frontmatter_marker" => json!({"verdict": "entries", "entries": [{
            "category": {"class": "stale", "subtype": "completed-in-place"},
            "signals": ["frontmatter_marker"],
            "op": "Mark the finished plan archived.",
            "op_type": "deterministic",
            "exact_edit": {"kind": "insert-frontmatter", "key": "archived", "value": "true"},
            "confidence": 0.85}]}),
        _ => json!({"verdict": "clear"}),
    }
}

pub fn read_json(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Writes the responses file for the batch a JSON line names, answering with `answer`
/// (None leaves a request out).
pub fn respond(line: &Value, answer: impl Fn(&Value) -> Option<Value>) -> usize {
    let pending = read_json(line["pending"].as_str().unwrap());
    let responses: Vec<Value> = pending["requests"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| answer(r).map(|a| json!({"request_id": r["request_id"], "response": a})))
        .collect();
    let n = responses.len();
    let file = json!({"batch_id": line["batch_id"], "responses": responses});
    std::fs::write(
        line["responses"].as_str().unwrap(),
        serde_json::to_string_pretty(&file).unwrap(),
    )
    .unwrap();
    n
}

fn check_to_exit7(p: &Project) -> (Output, Value) {
    let out = p.run(&["check", "--op-id", "t1", "--no-git"]).expect_code(7);
    let line = json_line(&out);
    (out, line)
}

#[test]
fn full_loop_exit7_answer_resume_writes_a_valid_report() {
    let p = sample();
    let (out, line) = check_to_exit7(&p);
    assert_eq!(line["status"], "needs_answers");
    assert_eq!(line["op_id"], "t1");
    assert_eq!(line["requests"], 3);
    assert_eq!(line["resume"], "dochygiene resume t1");
    assert!(out.stderr.contains("need answers"), "{}", out.stderr);
    let pending = read_json(line["pending"].as_str().unwrap());
    assert_eq!(pending["protocol"], "dochygiene.tier2.v1");
    assert_eq!(pending["phase"], "classify");
    assert_eq!(pending["iteration"], 1);
    assert!(pending["instructions"]["classify_file"].as_str().unwrap().contains("TAXONOMY"));
    assert_eq!(pending["response_schemas"]["classify_file"]["title"], "ClassifyAnswer");
    let paths: Vec<&str> = pending["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["inputs"]["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["README.md", "docs/guide.md", "docs/plan.md"]);
    respond(&line, |r| Some(rule(r)));
    let out = p.run(&["resume", "t1"]).expect_code(0);
    let done = json_line(&out);
    assert_eq!(done["status"], "done");
    assert_eq!(done["entries"], 3);
    crate::support::dochygiene(["validate".as_ref(), p.state("report.json").as_os_str()])
        .expect_code(0);
    let report = read_json(p.state("report.json").to_str().unwrap());
    let readme = &report["entries"][0];
    assert_eq!(readme["path"], "README.md");
    assert_eq!(readme["safety_tier"], "auto");
    assert_eq!(readme["exact_edit"]["expected_sha256"].as_str().unwrap().len(), 64);
    let state = read_json(p.state("state.json").to_str().unwrap());
    assert_eq!(state["last_check"], p.now.as_str());
    assert_eq!(report["generated_at"], p.now.as_str());
}

#[test]
fn hand_written_answers_through_pending_template_and_answer() {
    let p = sample();
    let (_, line) = check_to_exit7(&p);
    let template = p.run(&["pending", "t1", "--template"]).expect_code(0);
    let mut file: Value = serde_json::from_str(&template.stdout).unwrap();
    assert_eq!(file["batch_id"], line["batch_id"]);
    let pending = p.run(&["pending", "t1"]).expect_code(0);
    let pending: Value = serde_json::from_str(&pending.stdout).unwrap();
    for (slot, request) in file["responses"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .zip(pending["requests"].as_array().unwrap())
    {
        assert_eq!(slot["response"], Value::Null);
        slot["response"] = rule(request);
    }
    let path = p.root().join("answers-by-hand.json");
    std::fs::write(&path, serde_json::to_string(&file).unwrap()).unwrap();
    let out = p.run(&["answer", "t1", path.to_str().unwrap()]).expect_code(0);
    assert!(out.stderr.contains("stored 3 answers of 3 requests"), "{}", out.stderr);
    p.run(&["resume"]).expect_code(0);
    assert!(p.state("report.md").exists());
}

fn bad_answers_case(mutate: impl Fn(&Value, &mut String), code: i32, expect: &[&str]) {
    let p = sample();
    let (_, line) = check_to_exit7(&p);
    respond(&line, |r| Some(rule(r)));
    let path = line["responses"].as_str().unwrap().to_string();
    let mut text = std::fs::read_to_string(&path).unwrap();
    mutate(&line, &mut text);
    std::fs::write(&path, &text).unwrap();
    let out = p.run(&["resume", "t1"]).expect_code(code);
    for needle in expect {
        assert!(out.stderr.contains(needle), "missing {needle:?} in:\n{}", out.stderr);
    }
    assert!(!p.root().join(".dochygiene/ops/t1/answers.json").exists(), "nothing may be consumed");
    // The op stays resumable: good answers finish it.
    respond(&line, |r| Some(rule(r)));
    p.run(&["resume", "t1"]).expect_code(0);
}

#[test]
fn answers_for_another_batch_are_stale_and_consume_nothing() {
    bad_answers_case(
        |line, text| *text = text.replace(line["batch_id"].as_str().unwrap(), "000000000000"),
        5,
        &["answers batch \"000000000000\"", "nothing was consumed"],
    );
}

#[test]
fn unparseable_answers_name_file_line_and_column() {
    bad_answers_case(|_, text| text.truncate(text.len() / 2), 2, &["responses-", ".json:"]);
}

#[test]
fn duplicate_keys_are_refused_with_position() {
    bad_answers_case(
        |_, text| {
            *text = text.replacen(
                "\"verdict\": \"entries\",",
                "\"verdict\": \"entries\", \"verdict\": \"clear\",",
                1,
            )
        },
        2,
        &["duplicate key \"verdict\""],
    );
}

#[test]
fn unknown_fields_in_an_answer_name_the_request() {
    bad_answers_case(
        |_, text| {
            *text = text.replacen(
                "\"confidence\": 0.9",
                "\"confidence\": 0.9, \"safety_tier\": \"auto\"",
                1,
            )
        },
        2,
        &["request ", "unknown field `safety_tier`"],
    );
}

#[test]
fn unknown_and_duplicate_request_ids_are_refused() {
    bad_answers_case(
        |_, text| *text = text.replacen("\"request_id\": \"", "\"request_id\": \"ffff", 1),
        2,
        &["is not in batch"],
    );
    bad_answers_case(
        |_, text| {
            let mut v: Value = serde_json::from_str(text).unwrap();
            let first = v["responses"][0].clone();
            v["responses"].as_array_mut().unwrap().push(first);
            *text = serde_json::to_string(&v).unwrap();
        },
        2,
        &["answered twice"],
    );
}

#[test]
fn oversize_and_over_deep_files_are_refused() {
    bad_answers_case(
        |_, text| text.push_str(&" ".repeat(16 * 1024 * 1024 + 1)),
        2,
        &["over the 16777216 byte limit"],
    );
    bad_answers_case(
        |_, text| {
            let deep = "[".repeat(70) + &"]".repeat(70);
            *text = text.replacen("\"responses\"", &format!("\"x\": {deep}, \"responses\""), 1);
        },
        2,
        &["nested deeper than 64"],
    );
}

#[test]
fn partial_answers_ask_exactly_the_missing_requests() {
    let p = sample();
    let (_, line) = check_to_exit7(&p);
    respond(&line, |r| (r["inputs"]["path"] != "docs/plan.md").then(|| rule(r)));
    let out = p.run(&["resume", "t1"]).expect_code(7);
    let next = json_line(&out);
    assert_ne!(next["batch_id"], line["batch_id"]);
    let pending = read_json(next["pending"].as_str().unwrap());
    assert_eq!(pending["iteration"], 2);
    let asked: Vec<&str> = pending["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["inputs"]["path"].as_str().unwrap())
        .collect();
    assert_eq!(asked, ["docs/plan.md"]);
    respond(&next, |r| Some(rule(r)));
    p.run(&["resume", "t1"]).expect_code(0);
}

#[test]
fn invalid_proposals_are_reasked_twice_with_violations_then_dropped_into_notes() {
    let p = sample();
    let (_, mut line) = check_to_exit7(&p);
    let bad = |r: &Value| {
        if r["inputs"]["path"] == "docs/plan.md" {
            let mut a = rule(r);
            a["entries"][0]["exact_edit"] =
                json!({"kind": "delete-range", "anchor": {"start_line": 40, "end_line": 50}});
            Some(a)
        } else {
            Some(rule(r))
        }
    };
    let mut violations_seen = Vec::new();
    for round in 0..3 {
        respond(&line, bad);
        let out = p.run(&["resume", "t1"]).output();
        if round < 2 {
            assert_eq!(out.code, 7, "{}", out.stderr);
            line = json_line(&out);
            let pending = read_json(line["pending"].as_str().unwrap());
            let req = &pending["requests"][0];
            assert_eq!(req["inputs"]["path"], "docs/plan.md");
            assert_eq!(req["inputs"]["attempt"], round + 1);
            violations_seen.push(req["inputs"]["violations"][0].as_str().unwrap().to_string());
        } else {
            assert_eq!(out.code, 0, "{}", out.stderr);
        }
    }
    assert!(
        violations_seen[0].contains("anchor: 40-50 is not inside the file (6 lines)"),
        "{violations_seen:?}"
    );
    let report = read_json(p.state("report.json").to_str().unwrap());
    let note = &report["notes"][0];
    assert_eq!(note["kind"], "answer-dropped");
    assert_eq!(note["path"], "docs/plan.md");
    assert!(note["message"].as_str().unwrap().contains("failed validation 3 times"));
    assert!(report["entries"].as_array().unwrap().iter().all(|e| e["path"] != "docs/plan.md"));
}

#[test]
fn low_confidence_is_escalated_once_to_opus() {
    let p = sample();
    let (_, line) = check_to_exit7(&p);
    let low = |r: &Value| {
        let mut a = rule(r);
        if r["inputs"]["path"] == "README.md" {
            a["entries"][0]["confidence"] = json!(0.3);
        }
        Some(a)
    };
    respond(&line, low);
    let out = p.run(&["resume", "t1"]).expect_code(7);
    let next = json_line(&out);
    let pending = read_json(next["pending"].as_str().unwrap());
    let req = &pending["requests"][0];
    assert_eq!(
        (req["model_hint"].as_str(), req["effort_hint"].as_str()),
        (Some("opus"), Some("high"))
    );
    assert_eq!(req["effort"], "heavy", "the provider-neutral effort of an escalation");
    assert_eq!(req["inputs"]["escalation"]["first_answer"]["entries"][0]["confidence"], 0.3);
    respond(&next, low); // still low: accepted, not asked a third time
    p.run(&["resume", "t1"]).expect_code(0);
    let report = read_json(p.state("report.json").to_str().unwrap());
    assert_eq!(report["entries"][0]["confidence"], 0.3);
}

#[test]
fn fixture_answers_inline_with_kind_wildcard_and_leaves_the_rest_to_exit7() {
    let p = sample();
    let (_, line) = check_to_exit7(&p);
    let pending = read_json(line["pending"].as_str().unwrap());
    let readme = &pending["requests"][0];
    p.run(&["ops", "abort", "t1"]).expect_code(0);
    // Specific id for README, nothing else: the other two still need answers.
    let fixture = json!({ readme["request_id"].as_str().unwrap(): rule(readme) });
    std::fs::write(p.root().join("fx.json"), fixture.to_string()).unwrap();
    let out = p
        .run(&["check", "--op-id", "t2", "--no-git"])
        .env("DOCHYGIENE_TIER2_FIXTURE", p.root().join("fx.json"))
        .expect_code(7);
    assert_eq!(json_line(&out)["requests"], 2);
    p.run(&["ops", "abort", "t2"]).expect_code(0);
    // Array form plus a wildcard: runs to the end with no exit 7.
    let all: Vec<Value> = pending["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| json!({"request_id": r["request_id"], "response": rule(r)}))
        .collect();
    std::fs::write(p.root().join("fx-array.json"), Value::Array(all).to_string()).unwrap();
    p.run(&[
        "check",
        "--op-id",
        "t3",
        "--no-git",
        "--answers",
        p.root().join("fx-array.json").to_str().unwrap(),
    ])
    .expect_code(0);
    std::fs::write(
        p.root().join("fx-kind.json"),
        json!({"__kind__classify_file": {"verdict": "clear"}}).to_string(),
    )
    .unwrap();
    let out = p
        // --fresh: t3's verdicts would be reused; here the kind wildcard answers.
        .run(&["check", "--op-id", "t4", "--no-git", "--fresh"])
        .env("DOCHYGIENE_TIER2_FIXTURE", p.root().join("fx-kind.json"))
        .expect_code(0);
    assert_eq!(json_line(&out)["cleared"], 3);
}

#[test]
fn an_invalid_fixture_answer_is_a_usage_error_naming_the_request() {
    let p = sample();
    std::fs::write(
        p.root().join("fx.json"),
        json!({"__kind__classify_file": {"verdict": "maybe"}}).to_string(),
    )
    .unwrap();
    let out = p
        .run(&["check", "--no-git"])
        .env("DOCHYGIENE_TIER2_FIXTURE", p.root().join("fx.json"))
        .expect_code(2);
    assert!(out.stderr.contains("the answer for request"), "{}", out.stderr);
    assert!(out.stderr.contains("unknown variant `maybe`"), "{}", out.stderr);
}

#[test]
fn a_second_check_while_one_is_open_is_refused_with_a_hint() {
    let p = sample();
    check_to_exit7(&p);
    let out = p.run(&["check", "--no-git"]).expect_code(5);
    assert!(out.stderr.contains("op t1 (check) is still open"), "{}", out.stderr);
    assert!(out.stderr.contains("hint: finish it with `dochygiene resume t1`, or discard it with `dochygiene ops abort t1`"), "{}", out.stderr);
}

#[test]
fn resume_by_another_tool_version_is_refused() {
    let p = sample();
    check_to_exit7(&p);
    let op_json = p.state("ops/t1/op.json");
    let text =
        std::fs::read_to_string(&op_json).unwrap().replace(env!("CARGO_PKG_VERSION"), "0.0.1-old");
    std::fs::write(&op_json, text).unwrap();
    let out = p.run(&["resume", "t1"]).expect_code(5);
    assert!(out.stderr.contains("started by dochygiene 0.0.1-old"), "{}", out.stderr);
}

#[test]
fn corrupt_op_file_is_exit_6() {
    let p = sample();
    check_to_exit7(&p);
    std::fs::write(p.state("ops/t1/op.json"), "{ not json").unwrap();
    let out = p.run(&["resume", "t1"]).expect_code(6);
    assert!(out.stderr.contains("corrupt state file"), "{}", out.stderr);
}

#[test]
fn a_second_process_gets_exit_4_while_the_lock_is_held() {
    let p = sample();
    std::fs::create_dir_all(p.state("")).unwrap();
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(p.state("lock"))
        .unwrap();
    lock.try_lock().unwrap();
    let out = p.run(&["check", "--no-git"]).expect_code(4);
    assert!(out.stderr.contains(".dochygiene/lock"), "{}", out.stderr);
    drop(lock);
    p.run(&["check", "--no-git", "--op-id", "after"]).expect_code(7);
}

#[test]
fn a_file_changed_since_the_scan_is_rescanned_and_asked_again() {
    let p = sample();
    let (_, line) = check_to_exit7(&p);
    respond(&line, |r| Some(rule(r)));
    p.write("docs/guide.md", "# Guide\n\nNew intro line.\n\nSee [usage](api.md#nowhere).\n");
    let out = p.run(&["resume", "t1"]).expect_code(7);
    assert!(out.stderr.contains("docs/guide.md changed since the scan"), "{}", out.stderr);
    let next = json_line(&out);
    let pending = read_json(next["pending"].as_str().unwrap());
    let req = &pending["requests"][0];
    assert_eq!(req["inputs"]["path"], "docs/guide.md");
    assert_eq!(req["inputs"]["signals"][0]["line"], 5, "asked on the new line numbers");
    respond(&next, |r| Some(rule(r)));
    p.run(&["resume", "t1"]).expect_code(0);
    let report = read_json(p.state("report.json").to_str().unwrap());
    let guide = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["path"] == "docs/guide.md")
        .unwrap();
    assert_eq!(guide["exact_edit"]["anchor"]["start_line"], 5);
}

#[test]
fn an_empty_tree_still_writes_a_valid_report_and_stamps_last_check() {
    let p = Project::new();
    p.write("notes.txt", "not markdown");
    let out = p.run(&["check", "--no-git"]).expect_code(0);
    assert_eq!(json_line(&out)["entries"], 0);
    crate::support::dochygiene(["validate".as_ref(), p.state("report.json").as_os_str()])
        .expect_code(0);
    let state = read_json(p.state("state.json").to_str().unwrap());
    assert_eq!(state["last_check"], p.now.as_str());
}

#[test]
fn category_filter_keeps_matching_entries_and_is_recorded() {
    let p = sample();
    let out = p
        .run(&["check", "--op-id", "c1", "--no-git", "--category", "completed-in-place"])
        .expect_code(7);
    respond(&json_line(&out), |r| Some(rule(r)));
    p.run(&["resume"]).expect_code(0);
    let report = read_json(p.state("report.json").to_str().unwrap());
    assert_eq!(report["scan"]["category_filter"], json!(["completed-in-place"]));
    let subtypes: Vec<&str> = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["category"]["subtype"].as_str().unwrap())
        .collect();
    assert_eq!(subtypes, ["completed-in-place"]);
    assert!(p.read(".dochygiene/report.md").contains("Category filter: `completed-in-place`"));
    let out = p.run(&["check", "--category", "rotten"]).expect_code(2);
    assert!(out.stderr.contains("--category \"rotten\""), "{}", out.stderr);
}

#[test]
fn scope_limits_the_check_and_is_recorded_in_the_report() {
    let p = sample();
    std::fs::write(
        p.root().join("fx.json"),
        json!({"__kind__classify_file": {"verdict": "clear"}}).to_string(),
    )
    .unwrap();
    p.run(&["check", "--no-git", "--scope", "docs"])
        .env("DOCHYGIENE_TIER2_FIXTURE", p.root().join("fx.json"))
        .expect_code(0);
    let report = read_json(p.state("report.json").to_str().unwrap());
    assert_eq!(report["scan"]["scope_globs"], json!(["docs"]));
    assert_eq!(report["shortlist"], json!(["docs/api.md", "docs/guide.md", "docs/plan.md"]));
    assert!(p.read(".dochygiene/report.md").contains("- Scope: `docs`"));
}

#[test]
fn ops_list_show_abort_and_gc() {
    let p = sample();
    check_to_exit7(&p);
    let list = p.run(&["ops", "list", "--json"]).expect_code(0);
    let ops: Value = serde_json::from_str(&list.stdout).unwrap();
    assert_eq!(
        (ops[0]["op_id"].as_str(), ops[0]["phase"].as_str()),
        (Some("t1"), Some("classify"))
    );
    let show = p.run(&["ops", "show", "t1"]).expect_code(0);
    let shown: Value = serde_json::from_str(&show.stdout).unwrap();
    assert!(shown["files"].as_array().unwrap().iter().any(|f| f == "candidates.json"));
    p.run(&["ops", "gc"]).expect_code(0);
    assert!(p.state("ops/t1").exists(), "gc keeps open ops");
    p.run(&["ops", "abort", "t1"]).expect_code(0);
    p.run(&["ops", "abort", "t1"]).expect_code(2);
    p.run(&["resume", "t1"]).expect_code(2);
    std::fs::create_dir_all(p.state("ops/half-started")).unwrap();
    let gc = p.run(&["ops", "gc"]).expect_code(0);
    assert_eq!(gc.stdout, "half-started\nt1\n");
    assert!(!p.state("ops/t1").exists());
    let status = p.run(&["status", "--json"]).expect_code(0);
    assert_eq!(serde_json::from_str::<Value>(&status.stdout).unwrap()["open_ops"], json!([]));
}
