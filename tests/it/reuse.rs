//! Verdict reuse (issue 11 item 1): a check asks only about files whose question
//! changed; unchanged files keep their stored answer, marked in the report with the op
//! that asked it; `--fresh` asks all; a corrupt store is a notice, never fatal.

use serde_json::{json, Value};

use crate::handshake::{read_json, respond};
use crate::support::{json_line, Project};

/// A generated repository: `n` docs, each with a broken link on line 5.
fn generated(n: usize) -> Project {
    let p = Project::new();
    for i in 0..n {
        p.write(
            &format!("docs/d{i}.md"),
            &format!(
                "# Doc {i}\n\nSome prose about part {i}.\n\nSee [the old guide](missing-{i}.md).\n"
            ),
        );
    }
    p
}

/// A real per-request answer: even docs are cleared, odd ones get a replace-text entry
/// built from that request's own signal.
fn answer(request: &Value) -> Value {
    let path = request["inputs"]["path"].as_str().unwrap();
    let digit = path.trim_start_matches("docs/d").trim_end_matches(".md");
    let sig = &request["inputs"]["signals"][0];
    if digit.parse::<usize>().unwrap() % 2 == 0 {
        return json!({"verdict": "clear"});
    }
    json!({"verdict": "entries", "entries": [{
        "category": {"class": "stale", "subtype": "orphaned"},
        "signals": ["broken_reference"],
        "op": "Point the link at the guide.",
        "op_type": "deterministic",
        "exact_edit": {"kind": "replace-text",
                       "anchor": {"start_line": sig["line"], "end_line": sig["line"]},
                       "match": sig["target"], "replacement": "guide.md"},
        "confidence": 0.9}]})
}

/// The requests of the batch a JSON line names, by path.
fn asked_paths(line: &Value) -> Vec<String> {
    let pending = read_json(line["pending"].as_str().unwrap());
    let mut paths: Vec<String> = pending["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["inputs"]["path"].as_str().unwrap().to_string())
        .collect();
    paths.sort();
    paths
}

/// Runs `check ARGS` to exit 7, answers every request per request, resumes to exit 0,
/// and returns the paths it asked about.
fn check_and_answer(p: &Project, op: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["check", "--no-git", "--op-id", op];
    args.extend_from_slice(extra);
    let line = json_line(&p.run(&args).expect_code(7));
    let asked = asked_paths(&line);
    respond(&line, |r| Some(answer(r)));
    p.run(&["resume", op]).expect_code(0);
    asked
}

fn report(p: &Project) -> Value {
    read_json(p.state("report.json").to_str().unwrap())
}

/// The entries without the marks a reuse adds.
fn entries_without_marks(report: &Value) -> Vec<Value> {
    let mut entries = report["entries"].as_array().unwrap().clone();
    for e in &mut entries {
        e.as_object_mut().unwrap().remove("reused_from");
    }
    entries
}

#[test]
fn an_unchanged_repo_asks_nothing_a_changed_file_asks_its_own_request_fresh_asks_all() {
    let p = generated(6);
    let all: Vec<String> = (0..6).map(|i| format!("docs/d{i}.md")).collect();
    assert_eq!(check_and_answer(&p, "first", &[]), all);
    let first = report(&p);
    assert_eq!(first["entries"].as_array().unwrap().len(), 3);
    assert!(first.get("reused").is_none(), "nothing was reused yet: {first}");

    // Unchanged: no exit 7, the same entries, every verdict marked reused.
    let done = json_line(&p.run(&["check", "--no-git", "--op-id", "second"]).expect_code(0));
    assert_eq!(done["entries"], 3);
    assert_eq!(done["cleared"], 3);
    let second = report(&p);
    assert_eq!(second["op_id"], "second");
    assert_eq!(entries_without_marks(&second), entries_without_marks(&first));
    assert_eq!(second["cleared"], first["cleared"]);
    let reused = second["reused"].as_array().unwrap();
    assert_eq!(reused.len(), 6, "{second}");
    assert!(reused.iter().all(|r| r["op_id"] == "first"), "{reused:?}");
    for e in second["entries"].as_array().unwrap() {
        assert_eq!(e["reused_from"], "first", "{e}");
    }
    let md = std::fs::read_to_string(p.state("report.md")).unwrap();
    assert!(md.contains("verdict reused from op `first`"), "{md}");
    crate::support::dochygiene(["validate".as_ref(), p.state("report.json").as_os_str()])
        .expect_code(0);

    // One candidate changes: exactly its request is asked; the rest stay reused.
    p.write("docs/d3.md", "# Doc 3\n\nNew prose.\n\nSee [the old guide](missing-3.md).\n");
    assert_eq!(check_and_answer(&p, "third", &[]), ["docs/d3.md"]);
    let third = report(&p);
    let d3: Vec<&Value> =
        third["entries"].as_array().unwrap().iter().filter(|e| e["path"] == "docs/d3.md").collect();
    assert_eq!(d3.len(), 1);
    assert!(d3[0].get("reused_from").is_none(), "asked anew: {}", d3[0]);
    assert_eq!(third["reused"].as_array().unwrap().len(), 5);

    // --fresh asks everything again.
    let line =
        json_line(&p.run(&["check", "--no-git", "--op-id", "fourth", "--fresh"]).expect_code(7));
    assert_eq!(asked_paths(&line), all);
}

#[test]
fn the_category_text_is_not_part_of_the_question() {
    let p = generated(2);
    check_and_answer(&p, "first", &[]);
    let out = p.run(&["check", "--no-git", "--op-id", "narrow", "--category", "stale"]);
    let done = json_line(&out.expect_code(0));
    assert_eq!(done["entries"], 1);
    assert_eq!(report(&p)["reused"].as_array().unwrap().len(), 2);
}

#[test]
fn a_corrupt_store_is_reported_and_ignored() {
    let p = generated(2);
    check_and_answer(&p, "first", &[]);
    std::fs::write(p.state("verdicts.json"), "{ not json").unwrap();
    let out = p.run(&["check", "--no-git", "--op-id", "second"]).expect_code(7);
    assert_eq!(json_line(&out)["requests"], 2);
    assert!(out.stderr.contains("verdicts.json"), "{}", out.stderr);
    assert!(out.stderr.contains("asking again"), "{}", out.stderr);
    // The next finished check writes a good store again.
    let line = json_line(&out);
    respond(&line, |r| Some(answer(r)));
    p.run(&["resume", "second"]).expect_code(0);
    p.run(&["check", "--no-git", "--op-id", "third"]).expect_code(0);
}

#[test]
fn a_reused_proposal_that_no_longer_passes_its_checks_is_asked_again_as_a_new_request() {
    let p = Project::new();
    p.write("docs/old.md", "# Old\n\nSee [gone](gone.md).\n");
    let line = json_line(&p.run(&["check", "--no-git", "--op-id", "first"]).expect_code(7));
    respond(&line, |_| {
        Some(json!({"verdict": "entries", "entries": [{
            "category": {"class": "stale", "subtype": "orphaned"},
            "signals": ["broken_reference"],
            "op": "Archive the doc.",
            "op_type": "deterministic",
            "exact_edit": {"kind": "move-to-archive", "dest_path": "attic/old.md"},
            "confidence": 0.9}]}))
    });
    p.run(&["resume", "first"]).expect_code(0);
    // The destination now exists: the stored move no longer passes the proposal checks.
    p.write("attic/old.md", "# Someone else's file\n");
    let out = p.run(&["check", "--no-git", "--op-id", "second"]).expect_code(7);
    let pending = read_json(json_line(&out)["pending"].as_str().unwrap());
    let requests = pending["requests"].as_array().unwrap();
    assert_eq!(requests.len(), 1);
    let inputs = &requests[0]["inputs"];
    assert_eq!(inputs["path"], "docs/old.md");
    assert!(inputs.get("violations").is_none(), "a new request, not a re-ask: {inputs}");
    assert!(inputs.get("attempt").is_none(), "{inputs}");
}
