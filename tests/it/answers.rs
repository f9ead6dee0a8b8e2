//! What an answer can say and what the report keeps of it (issue 11, items 3–6, 8, 9):
//! agent-found findings with evidence, the reasons of dismissals, measured and estimated
//! token savings, per-proposal re-asks, requests that carry the scanner's evidence, and
//! the order of `report.md`.

use serde_json::{json, Value};

use crate::handshake::{read_json, respond};
use crate::support::{json_line, Project};

/// Runs `check` and answers every batch with `answer` until it exits 0 (at most 6
/// rounds); returns the report and every request asked, in order.
fn check_answering(p: &Project, answer: impl Fn(&Value) -> Value) -> (Value, Vec<Value>) {
    let mut asked = Vec::new();
    let mut out = p.run(&["check"]).output();
    for _ in 0..6 {
        if out.code == 0 {
            let line = json_line(&out);
            return (read_json(line["report"].as_str().unwrap()), asked);
        }
        assert_eq!(out.code, 7, "stdout:\n{}\nstderr:\n{}", out.stdout, out.stderr);
        let line = json_line(&out);
        let pending = read_json(line["pending"].as_str().unwrap());
        asked.extend(pending["requests"].as_array().unwrap().iter().cloned());
        respond(&line, |r| Some(answer(r)));
        out = p.run(&["resume"]).output();
    }
    panic!("no report after 6 rounds:\n{}\n{}", out.stdout, out.stderr);
}

fn proposal(signals: Value, edit: Value) -> Value {
    json!({"category": {"class": "stale", "subtype": "orphaned"}, "signals": signals,
           "op": "Fix it.", "op_type": "deterministic", "exact_edit": edit, "confidence": 0.9})
}

fn delete(start: u64, end: u64) -> Value {
    json!({"kind": "delete-range", "anchor": {"start_line": start, "end_line": end}})
}

fn entries(proposals: Vec<Value>) -> Value {
    json!({"verdict": "entries", "entries": proposals})
}

/// A doc with one broken link (line 3) and a claim no signal covers (line 5).
fn pinned_doc() -> Project {
    let p = Project::new();
    p.write(
        "docs/hooks.md",
        "# Hooks\n\nSee [setup](setup.md).\n\nPin black with `rev: 22.3.0` in the hook config.\n",
    );
    p.write(
        ".pre-commit-config.yaml",
        "repos:\n  - repo: https://github.com/psf/black\n    rev: 24.1.0\n",
    );
    p
}

fn observation(quote: &str) -> Value {
    json!({"category": {"class": "stale", "subtype": "version-skewed"},
           "signals": ["agent_observation"],
           "evidence": {"quote": quote, "contradicted_by": "`.pre-commit-config.yaml` line 3 pins `rev: 24.1.0`"},
           "op": "Say the hook pins black 24.1.0.", "op_type": "deterministic",
           "exact_edit": {"kind": "replace-text", "anchor": {"start_line": 5, "end_line": 5},
                          "match": "22.3.0", "replacement": "24.1.0"},
           "confidence": 0.9})
}

#[test]
fn an_agent_observation_with_evidence_becomes_an_agent_found_entry() {
    let p = pinned_doc();
    let (report, asked) = check_answering(&p, |r| {
        // The first ask quotes words the doc does not hold: that proposal alone is
        // asked again with the rule, the other kept.
        if r["inputs"]["attempt"].is_null() {
            entries(vec![
                proposal(json!(["broken_reference"]), delete(3, 3)),
                observation("rev: 23.0.0"),
            ])
        } else {
            assert_eq!(r["inputs"]["kept"], 1);
            entries(vec![observation("rev: 22.3.0")])
        }
    });
    assert_eq!(asked.len(), 2, "{asked:#?}");
    let violations = asked[1]["inputs"]["violations"].to_string();
    assert!(violations.contains("evidence.quote"), "{violations}");
    let found: Vec<&Value> =
        report["entries"].as_array().unwrap().iter().filter(|e| e["agent_found"] == true).collect();
    assert_eq!(found.len(), 1, "{report:#}");
    assert_eq!(found[0]["signals"], json!(["agent_observation"]));
    assert_eq!(found[0]["evidence"]["quote"], "rev: 22.3.0");
    assert_eq!(found[0]["safety_tier"], "auto");
    let md = p.read(".dochygiene/report.md");
    assert!(
        md.contains("- Agent-found (no scanner signal): \"rev: 22.3.0\", contradicted by"),
        "{md}"
    );
    let text = p.read(".dochygiene/report.json");
    let path = p.root().join(".dochygiene/report.json");
    p.run(&["validate", path.to_str().unwrap()]).expect_code(0);
    assert!(text.contains("\"schema_version\": \"1.1\""));
}

#[test]
fn evidence_without_agent_observation_is_asked_again() {
    let p = pinned_doc();
    let (_, asked) = check_answering(&p, |r| {
        let mut first = proposal(json!(["broken_reference"]), delete(3, 3));
        if r["inputs"]["attempt"].is_null() {
            first["evidence"] = json!({"quote": "See", "contradicted_by": "nothing"});
        }
        entries(vec![first])
    });
    assert_eq!(asked.len(), 2);
    assert!(asked[1]["inputs"]["violations"][0]
        .as_str()
        .unwrap()
        .contains("only a proposal citing agent_observation carries evidence"));
}

#[test]
fn the_reasons_of_a_clear_verdict_and_of_dismissed_signals_are_kept() {
    let p = Project::new();
    p.write("a.md", "# A\n\nSee [one](gone.md).\n\nAnd [two](also-gone.md).\n");
    p.write("b.md", "# B\n\nSee [x](nowhere.md).\n");
    let (report, _) = check_answering(&p, |r| match r["inputs"]["path"].as_str().unwrap() {
        "a.md" => json!({"verdict": "entries",
            "entries": [proposal(json!(["broken_reference"]), delete(3, 3))],
            "dismissed": [{"signal": "broken_reference", "line": 5, "why": "also-gone.md is generated at build time."}]}),
        _ => {
            json!({"verdict": "clear", "why": "nowhere.md is a placeholder the tutorial asks readers to create."})
        }
    });
    assert_eq!(report["cleared"], json!(["b.md"]));
    assert_eq!(
        report["cleared_reasons"],
        json!({"b.md": "nowhere.md is a placeholder the tutorial asks readers to create."})
    );
    // a.md's two broken links are one grouped signal or two: either way the one a
    // proposal cites is not dismissed, so a.md lists none... unless they are two.
    let dismissed = report["dismissed"].as_array().cloned().unwrap_or_default();
    for d in &dismissed {
        assert_eq!(d["path"], "a.md");
        assert_eq!(d["why"], "also-gone.md is generated at build time.");
    }
    let md = p.read(".dochygiene/report.md");
    assert!(
        md.contains("- `b.md`: nowhere.md is a placeholder the tutorial asks readers to create."),
        "{md}"
    );
    let cleared_at = md.find("## Cleared").unwrap();
    assert!(md.find("## Bloat").unwrap() < cleared_at, "Cleared comes last");
}

#[test]
fn a_signal_an_entries_answer_leaves_out_is_listed_with_its_reason() {
    let p = Project::new();
    p.write(
        "a.md",
        "---\nstatus: done\n---\n# Plan: auth\n\nWe will build auth, see [one](gone.md).\n",
    );
    let (report, asked) = check_answering(&p, |_| {
        json!({"verdict": "entries",
            "entries": [proposal(json!(["broken_reference"]), delete(6, 6))],
            "dismissed": [{"signal": "frontmatter_marker", "why": "The plan is done but still the reference for the API."}]})
    });
    let signals = asked[0]["inputs"]["signals"].to_string();
    assert!(signals.contains("frontmatter_marker"), "{signals}");
    let dismissed = report["dismissed"].as_array().unwrap();
    assert_eq!(dismissed.len(), 1, "{report:#}");
    assert_eq!(dismissed[0]["path"], "a.md");
    assert_eq!(dismissed[0]["signal"], "frontmatter_marker");
    assert_eq!(dismissed[0]["why"], "The plan is done but still the reference for the API.");
    let md = p.read(".dochygiene/report.md");
    assert!(md.contains("### Dismissed signals (1)"), "{md}");
    assert!(md.contains(": frontmatter_marker — The plan is done but still"), "{md}");
}

#[test]
fn a_dismissal_of_a_signal_the_file_lacks_is_asked_again() {
    let p = Project::new();
    p.write("a.md", "# A\n\nSee [one](gone.md).\n");
    let (_, asked) = check_answering(&p, |r| {
        let mut a = entries(vec![proposal(json!(["broken_reference"]), delete(3, 3))]);
        if r["inputs"]["attempt"].is_null() {
            a["dismissed"] = json!([{"signal": "version_skew", "why": "No."}]);
        }
        a
    });
    assert_eq!(asked.len(), 2);
    assert!(asked[1]["inputs"]["violations"].to_string().contains("dismissed[0].signal"));
}

/// A doc whose entries cover every deterministic kind but a move, and a generative one.
fn savings_project() -> Project {
    let p = Project::new();
    p.write(
        "docs/config.md",
        "# Config\n\n## Options\n\nSet `threads` to the number of cores you have.\n",
    );
    p.write(
        "docs/guide/setup.md",
        "# Setup\n\nSee [old](gone.md) for the removed installer and its many long options.\n\nSet `threads` to the number of cores you have.\n\nThis paragraph says the same thing again and again and again and again at length.\n",
    );
    p
}

fn savings_answer(_: &Value) -> Value {
    entries(vec![
        proposal(json!(["broken_reference"]), delete(3, 3)),
        json!({"category": {"class": "stale", "subtype": "duplicated"}, "signals": ["broken_reference"],
               "op": "Point at the config doc's options.", "op_type": "deterministic",
               "exact_edit": {"kind": "dedupe", "anchor": {"start_line": 5, "end_line": 5},
                              "canonical_ref": "docs/config.md#options"},
               "confidence": 0.9}),
        json!({"category": {"class": "stale", "subtype": "completed-in-place"}, "signals": ["broken_reference"],
               "op": "Mark it archived.", "op_type": "deterministic",
               "exact_edit": {"kind": "insert-frontmatter", "key": "status", "value": "archived"},
               "confidence": 0.9}),
        json!({"category": {"class": "bloat", "subtype": "distill"}, "signals": ["broken_reference"],
               "op": "Say it once.", "op_type": "generative",
               "reducible_range": {"start_line": 7, "end_line": 7}, "confidence": 0.9}),
    ])
}

fn by_kind<'a>(report: &'a Value, kind: &str) -> &'a Value {
    report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["exact_edit"]["kind"].as_str().unwrap_or("generative") == kind)
        .unwrap_or_else(|| panic!("no {kind} entry: {report:#}"))
}

#[test]
fn deterministic_entries_carry_the_saving_measured_on_their_exact_edit() {
    let p = savings_project();
    let (report, _) = check_answering(&p, savings_answer);
    let delete = &by_kind(&report, "delete-range");
    assert_eq!(delete["token_saving"]["basis"], "measured");
    let deleted = delete["token_saving"]["tokens"].as_i64().unwrap();
    assert!(
        deleted > 0
            && deleted.abs_diff(delete["token_estimate"]["raw_tokens"].as_i64().unwrap()) <= 2,
        "{delete:#}"
    );
    // The dedupe writes `See [docs/config.md#options](../config.md#options).`, which
    // costs about what the sentence it replaces did: the saving says so.
    let dedupe = &by_kind(&report, "dedupe");
    let saved = dedupe["token_saving"]["tokens"].as_i64().unwrap();
    let span = dedupe["token_estimate"]["raw_tokens"].as_i64().unwrap();
    assert!(saved < span - 5, "the See line is counted: saved {saved} of a {span}-token span");
    assert_eq!(dedupe["token_saving"]["basis"], "measured");
    let front = &by_kind(&report, "insert-frontmatter");
    assert!(front["token_saving"]["tokens"].as_i64().unwrap() < 0, "{front:#}");
    let rewrite = &by_kind(&report, "generative");
    assert_eq!(rewrite["token_saving"]["basis"], "estimated");
    let totals = &report["totals"]["saving"];
    assert_eq!(totals["measured"]["entries"], 3);
    assert_eq!(totals["estimated"]["entries"], 1);
    let sum: i64 = ["delete-range", "dedupe", "insert-frontmatter"]
        .iter()
        .map(|k| by_kind(&report, k)["token_saving"]["tokens"].as_i64().unwrap())
        .sum();
    assert_eq!(totals["measured"]["tokens"], sum);
    let md = p.read(".dochygiene/report.md");
    assert!(md.contains("estimated; clean measures the rewrite"), "{md}");
    assert!(md.contains("- Saving: "), "{md}");
}

#[test]
fn a_dedupe_may_point_at_a_section_that_exists() {
    let p = savings_project();
    let (report, asked) = check_answering(&p, |r| {
        let reference = if r["inputs"]["attempt"].is_null() {
            "docs/config.md#nowhere"
        } else {
            "docs/config.md#options"
        };
        entries(vec![
            json!({"category": {"class": "stale", "subtype": "duplicated"}, "signals": ["broken_reference"],
               "op": "Point at the config doc's options.", "op_type": "deterministic",
               "exact_edit": {"kind": "dedupe", "anchor": {"start_line": 5, "end_line": 5}, "canonical_ref": reference},
               "confidence": 0.9}),
        ])
    });
    assert_eq!(asked.len(), 2);
    assert!(asked[1]["inputs"]["violations"]
        .to_string()
        .contains("no heading with the id #nowhere"));
    let id = report["entries"][0]["id"].as_str().unwrap();
    p.run(&["clean", "--entry", id, "--yes"]).expect_code(0);
    assert!(
        p.read("docs/guide/setup.md")
            .contains("\nSee [docs/config.md#options](../config.md#options).\n"),
        "{}",
        p.read("docs/guide/setup.md")
    );
}

#[test]
fn one_invalid_proposal_is_asked_again_alone_and_dropped_alone() {
    let p = Project::new();
    p.write(
        "a.md",
        "# A\n\nSee [one](gone.md).\n\nSee [two](gone-too.md).\n\nAnd [three](gone-three.md).\n",
    );
    let (report, asked) = check_answering(&p, |r| {
        if r["inputs"]["kept"].is_null() {
            entries(vec![
                proposal(json!(["broken_reference"]), delete(3, 3)),
                proposal(json!(["broken_reference"]), delete(40, 40)),
                proposal(json!(["broken_reference"]), delete(7, 7)),
            ])
        } else {
            // Only the invalid proposal is asked again, and it stays invalid.
            assert_eq!(r["inputs"]["kept"], 2);
            assert_eq!(r["inputs"]["previous_answer"]["entries"].as_array().unwrap().len(), 1);
            entries(vec![proposal(json!(["broken_reference"]), delete(41, 41))])
        }
    });
    assert_eq!(asked.len(), 3, "a first ask and two re-asks of the one proposal");
    for (attempt, r) in asked.iter().enumerate().skip(1) {
        assert_eq!(r["inputs"]["attempt"], attempt);
        let prompt = r["prompt"].as_str().unwrap();
        assert!(
            prompt.contains(&format!("Re-ask {attempt} of 2 (inputs.attempt = {attempt})")),
            "{prompt}"
        );
        assert!(r["inputs"]["violations"][0]
            .as_str()
            .unwrap()
            .starts_with("entries[0].exact_edit.anchor"));
    }
    let lines: Vec<u64> = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["exact_edit"]["anchor"]["start_line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [3, 7], "the two valid proposals are kept");
    let notes = report["notes"].as_array().unwrap();
    let dropped: Vec<&Value> = notes.iter().filter(|n| n["kind"] == "answer-dropped").collect();
    assert_eq!(dropped.len(), 1);
    assert!(dropped[0]["message"].as_str().unwrap().contains("its other proposals were kept"));
}

#[test]
fn a_rewrite_span_reask_carries_its_violations_and_says_its_attempt() {
    let p = savings_project();
    let (report, _) = check_answering(&p, savings_answer);
    let id = by_kind(&report, "generative")["id"].as_str().unwrap().to_string();
    let mut out = p.run(&["clean", "--entry", &id, "--yes"]).expect_code(7);
    let mut asked = Vec::new();
    for _ in 0..3 {
        let line = json_line(&out);
        let pending = read_json(line["pending"].as_str().unwrap());
        asked.push(pending["requests"][0].clone());
        respond(&line, |r| {
            let summary = if r["inputs"]["attempt"].is_null() { "" } else { "Said it once." };
            Some(json!({"replacement": "This paragraph says it once.\n", "summary": summary}))
        });
        out = p.run(&["resume"]).output();
        if out.code == 0 {
            break;
        }
    }
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    assert_eq!(asked.len(), 2);
    assert_eq!(asked[1]["inputs"]["attempt"], 1);
    assert!(asked[1]["inputs"]["violations"][0].as_str().unwrap().starts_with("summary:"));
    assert!(asked[1]["prompt"].as_str().unwrap().contains("Re-ask 1 of 2 (inputs.attempt = 1)"));
    // The applied rewrite's saving is measured, in the op's journal and the report.
    let op = json_line(&out)["op_id"].as_str().unwrap().to_string();
    let journal = read_json(p.state(&format!("ops/{op}/journal.json")).to_str().unwrap());
    let measured = journal["measured_savings"][&id].as_i64().unwrap();
    assert!(measured > 0, "{journal:#}");
    let report = read_json(p.state("report.json").to_str().unwrap());
    let entry =
        report["entries"].as_array().unwrap().iter().find(|e| e["id"] == id.as_str()).unwrap();
    assert_eq!(entry["token_saving"]["basis"], "measured");
    assert_eq!(entry["token_saving"]["tokens"], measured);
    assert_eq!(report["totals"]["saving"]["estimated"]["entries"], 0);
    let path = p.state("report.json");
    p.run(&["validate", path.to_str().unwrap()]).expect_code(0);
}

#[test]
fn requests_carry_the_scanners_evidence_unchanged_within_the_budget() {
    use crate::scan_support::{git_in, scan_json};
    let p = Project::new();
    let root = p.root();
    git_in(root, &["init", "-q", "-b", "main"], "2024-01-01T00:00:00Z");
    let code = |n: usize| (0..n).map(|i| format!("// line {i}\n")).collect::<String>();
    let mut doc =
        String::from("# Guide\n\nSee [gone](missing.md) and again [gone](missing.md).\n\n");
    for i in 0..20 {
        doc.push_str(&format!("- `src/mod{i:02}.rs` does step {i} in `step_{i:02}()`.\n"));
        p.write(&format!("src/mod{i:02}.rs"), &format!("fn step_{i:02}() {{}}\n{}", code(10)));
    }
    doc.push_str("\nRead [gone](missing.md) first.\n");
    p.write("docs/guide.md", &doc);
    git_in(root, &["add", "-A"], "2024-01-01T00:00:00Z");
    git_in(root, &["commit", "-q", "-m", "start"], "2024-01-01T00:00:00Z");
    for i in 0..20 {
        p.write(&format!("src/mod{i:02}.rs"), &code(200));
    }
    git_in(root, &["add", "-A"], "2024-06-01T00:00:00Z");
    git_in(root, &["commit", "-q", "-m", "churn"], "2024-06-01T00:00:00Z");
    let scanned = scan_json(root, &[], 1);
    let want = &scanned["signals"]["docs/guide.md"];
    let churn = want.as_array().unwrap().iter().find(|s| s["name"] == "edit_recency_vs_churn");
    let churn = churn.unwrap_or_else(|| panic!("no churn signal: {want:#}"));
    assert!(
        churn["commit_range"].is_string() && churn["changed_files"].as_array().unwrap().len() == 20
    );
    let grouped =
        want.as_array().unwrap().iter().find(|s| s["name"] == "broken_reference").unwrap();
    assert_eq!(grouped["lines"], json!([3, 26]), "{grouped:#}");
    let out = p.run(&["check"]).expect_code(7);
    let pending = read_json(json_line(&out)["pending"].as_str().unwrap());
    let request = &pending["requests"][0];
    assert_eq!(&request["inputs"]["signals"], want, "the request carries the scan's signals whole");
    let bytes = serde_json::to_string(request).unwrap().len();
    assert!(bytes <= 3 * 1024, "a request with 20 changed files is {bytes} bytes, over ~3 KiB");
}

#[test]
fn report_md_puts_auto_entries_first_then_larger_savings_and_cleared_last() {
    let p = Project::new();
    p.write("a.md", "# A\n\nSee [one](gone.md).\n\nSee [two](gone2.md) in a much longer sentence with many more words in it to weigh more.\n\nShort [x](gone3.md).\n");
    p.write("b.md", "# B\n\nSee [x](nowhere.md).\n");
    let (_, _) = check_answering(&p, |r| match r["inputs"]["path"].as_str().unwrap() {
        "a.md" => entries(vec![
            proposal(json!(["broken_reference"]), delete(3, 3)),
            proposal(json!(["broken_reference"]), delete(5, 5)),
            proposal(
                json!(["broken_reference"]),
                json!({"kind": "replace-text",
                "anchor": {"start_line": 7, "end_line": 7}, "match": "gone3.md", "replacement": "b.md"}),
            ),
        ]),
        _ => json!({"verdict": "clear"}),
    });
    let md = p.read(".dochygiene/report.md");
    let at = |needle: &str| md.find(needle).unwrap_or_else(|| panic!("{needle} not in\n{md}"));
    assert!(at("replace-text lines 7-7") < at("delete-range lines 5-5"), "auto first\n{md}");
    assert!(
        at("delete-range lines 5-5") < at("delete-range lines 3-3"),
        "larger saving first\n{md}"
    );
    assert!(at("## Notes").max(at("## Stale")) < at("## Cleared"), "Cleared last\n{md}");
}
