//! What a check asks narrows with what was asked for (issue 11 items 2 and 7):
//! `--category` leaves out candidates whose signals cannot produce the wanted classes and
//! says in the instructions what is wanted; `--scope` replaces only its part of the last
//! report, and still finds a duplicate whose twin lies outside it.

use serde_json::{json, Value};

use crate::handshake::{read_json, respond};
use crate::support::{json_line, Project};

/// A broken link (stale only) in `docs/links.md`, and an always-loaded `CLAUDE.md` over a
/// small budget (a `token_budget` signal, which bloat entries rest on).
fn mixed() -> Project {
    let p = Project::new();
    p.write("dochygiene.toml", "[thresholds]\nalways_loaded_budget = 20\n");
    p.write("docs/links.md", "# Links\n\nSee [the old guide](missing.md).\n");
    let long = "Always run every test before you push, and say so in the pull request. ".repeat(6);
    p.write("CLAUDE.md", &format!("# Rules\n\n{long}\n"));
    p
}

fn requests(line: &Value) -> Vec<Value> {
    read_json(line["pending"].as_str().unwrap())["requests"].as_array().unwrap().clone()
}

#[test]
fn category_asks_only_candidates_whose_signals_can_produce_it_and_says_what_is_wanted() {
    let p = mixed();
    let line = json_line(
        &p.run(&["check", "--no-git", "--op-id", "b", "--category", "bloat"]).expect_code(7),
    );
    let asked: Vec<Value> = requests(&line).iter().map(|r| r["inputs"]["path"].clone()).collect();
    assert_eq!(asked, [json!("CLAUDE.md")], "the broken link cannot be bloat");
    let pending = read_json(line["pending"].as_str().unwrap());
    let instructions = pending["instructions"]["classify_file"].as_str().unwrap();
    assert!(instructions.contains("WANTED CATEGORIES: bloat"), "{instructions}");
    respond(&line, |_| Some(json!({"verdict": "clear"})));
    p.run(&["resume", "b"]).expect_code(0);
    let report = read_json(p.state("report.json").to_str().unwrap());
    let notes = report["notes"].to_string();
    assert!(notes.contains("docs/links.md"), "the unasked candidate is named: {notes}");

    // Unfiltered, both are asked, and the instructions ask for every category.
    let line = json_line(&p.run(&["check", "--no-git", "--op-id", "all"]).expect_code(7));
    // A clear given when only bloat was wanted does not answer the wider question.
    assert_eq!(requests(&line).len(), 2, "both are asked");
    let pending = read_json(line["pending"].as_str().unwrap());
    assert!(!pending["instructions"]["classify_file"].as_str().unwrap().contains("WANTED"));
}

/// Two docs with a broken link each, in two folders.
fn two_folders() -> Project {
    let p = Project::new();
    p.write("a/one.md", "# One\n\nSee [gone](gone-a.md).\n");
    p.write("b/two.md", "# Two\n\nSee [gone](gone-b.md).\n");
    p
}

fn delete_line(r: &Value) -> Value {
    let line = r["inputs"]["signals"][0]["line"].clone();
    json!({"verdict": "entries", "entries": [{
        "category": {"class": "stale", "subtype": "orphaned"},
        "signals": ["broken_reference"],
        "op": "Delete the dead link.",
        "op_type": "deterministic",
        "exact_edit": {"kind": "delete-range", "anchor": {"start_line": line, "end_line": line}},
        "confidence": 0.9}]})
}

#[test]
fn a_scoped_check_replaces_its_part_and_keeps_the_rest_of_the_last_report() {
    let p = two_folders();
    let line = json_line(&p.run(&["check", "--no-git", "--op-id", "whole"]).expect_code(7));
    respond(&line, |r| Some(delete_line(r)));
    p.run(&["resume", "whole"]).expect_code(0);

    // Inside a/: the doc is now cleared; b/'s entry stays, from the whole check.
    p.write("a/one.md", "# One\n\nSee [gone](gone-a.md) (kept on purpose).\n");
    let line = json_line(
        &p.run(&["check", "--no-git", "--op-id", "only-a", "--scope", "a"]).expect_code(7),
    );
    assert_eq!(requests(&line).len(), 1);
    respond(&line, |_| Some(json!({"verdict": "clear"})));
    let done = json_line(&p.run(&["resume", "only-a"]).expect_code(0));
    assert_eq!(done["entries"], 1);
    let report = read_json(p.state("report.json").to_str().unwrap());
    assert_eq!(report["cleared"], json!(["a/one.md"]));
    let entries = report["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["path"], "b/two.md");
    let parts = report["parts"].as_array().unwrap();
    assert_eq!(parts.len(), 2, "{parts:?}");
    assert_eq!(parts[0]["op_id"], "only-a");
    assert_eq!(parts[0]["scopes"], json!(["a"]));
    assert_eq!(parts[0]["cleared"], json!(["a/one.md"]));
    assert_eq!(parts[1]["op_id"], "whole");
    assert_eq!(parts[1]["entries"], json!([entries[0]["id"]]));
    let shortlist = report["shortlist"].as_array().unwrap();
    assert!(shortlist.contains(&json!("b/two.md")), "{shortlist:?}");
    crate::support::dochygiene(["validate".as_ref(), p.state("report.json").as_os_str()])
        .expect_code(0);
}

#[test]
fn a_duplicate_whose_twin_is_outside_the_scope_is_still_found() {
    let p = Project::new();
    let block = "This paragraph is long enough to count as a duplicate block: it has well over \
                 two hundred characters of normalised text, which is the default threshold of \
                 the duplicate content signal, and it keeps going for a while to be safe.";
    p.write("docs/a.md", &format!("# A\n\n## Setup\n\n{block}\n"));
    p.write("other/b.md", &format!("# B\n\n## Setup\n\n{block}\n"));
    let out = p.run(&["check", "--no-git", "--op-id", "s", "--scope", "docs"]).expect_code(7);
    let asked = requests(&json_line(&out));
    assert_eq!(asked.len(), 1);
    let signal = &asked[0]["inputs"]["signals"][0];
    assert_eq!(signal["name"], "duplicate_content");
    assert_eq!(signal["related_path"], "other/b.md");
}
