//! A runner written from `guide/protocol.md` and `skills/hygiene-check/SKILL.md` alone,
//! as an author in another language would write it: run `dochygiene check`, on exit 7
//! parse the one JSON line, read the pending file, answer each request from a rule table
//! keyed on the signals in its `inputs` (never the fixture variable), write the
//! responses file whole (temp file + rename), run the `resume` command the line names,
//! and repeat until exit 0 — at most 6 rounds, as the skill says.
//!
//! Round 1 leaves the duplicate requests unanswered (one `null`, one left out) and gives
//! a low-confidence answer that the engine escalates; round 2 answers what is open.

use std::path::Path;

use serde_json::{json, Value};

use crate::support::{dochygiene, json_line, Output, Project};

/// The skill's round cap.
const MAX_ROUNDS: usize = 6;

/// A doc tree with one finding of each deterministic shape the rule table knows.
fn project() -> Project {
    let p = Project::new();
    let paragraph = "Every response carries an ETag computed from the file's content hash, and \
                     the server answers If-None-Match requests with 304 Not Modified whenever \
                     the tags agree, so browsers and proxies keep their copies for as long as \
                     the content does not change.";
    // A non-ASCII link target: its request id depends on how canonical JSON writes it.
    p.write("README.md", "# Demo\n\nRead the [réglages](docs/réglages.md).\n");
    p.write("docs/plan.md", "---\nstatus: done\n---\n# Plan: auth\n\nWe will build auth.\n");
    p.write("docs/config.md", &format!("# Config\n\n## Caching\n\n{paragraph}\n"));
    p.write(
        "docs/overview.md",
        &format!("# Overview\n\nOne process.\n\n## Caching\n\n{paragraph}\n"),
    );
    p.write("docs/api.md", "# API\n\nCall it.\n");
    p
}

/// The rule table: one proposal per signal the runner knows, keyed on the signal's
/// name and the machine fields (`line`, `end_line`, `target`, `suggestion`,
/// `related_path`) the guide documents. `None` means "not answered this round".
fn answer(request: &Value, round: usize) -> Option<Value> {
    assert_eq!(request["kind"], "classify_file", "this runner only knows classify_file");
    let inputs = &request["inputs"];
    let path = inputs["path"].as_str().unwrap();
    // An escalation (guide: `inputs.escalation.first_answer`, hinted opus/high) is
    // decided afresh; this table is simply surer the second time.
    let escalated = inputs.get("escalation").is_some();
    if escalated {
        assert_eq!(
            (request["model_hint"].as_str(), request["effort_hint"].as_str()),
            (Some("opus"), Some("high"))
        );
        assert_eq!(request["effort"], "heavy");
        assert!(inputs["escalation"]["first_answer"]["entries"].is_array());
    } else {
        let hints = (request["model_hint"].as_str(), request["effort_hint"].as_str());
        assert_eq!(hints, (Some("sonnet"), Some("medium")), "a first ask's default hints");
        assert_eq!(request["effort"], "balanced", "a first ask's provider-neutral effort");
    }
    let mut entries = Vec::new();
    for sig in inputs["signals"].as_array().unwrap() {
        let line = sig["line"].as_u64().unwrap();
        let end = sig["end_line"].as_u64().unwrap_or(line);
        let name = sig["name"].as_str().unwrap();
        let proposal = match name {
            _ if sig.get("suggestion").is_some() => json!({
                "category": {"class": "stale", "subtype": "orphaned"},
                "op": "Point the link at its new home.",
                "op_type": "deterministic",
                "exact_edit": {"kind": "replace-text", "anchor": {"start_line": line, "end_line": line},
                               "match": sig["target"], "replacement": sig["suggestion"]},
                "confidence": 0.9}),
            "broken_reference" => json!({
                "category": {"class": "stale", "subtype": "orphaned"},
                "op": "Delete the line that points at the missing file.",
                "op_type": "deterministic",
                "exact_edit": {"kind": "delete-range", "anchor": {"start_line": line, "end_line": line}},
                // Below the default threshold (0.6) at first: the engine escalates it.
                "confidence": if escalated { 0.8 } else { 0.5 }}),
            "frontmatter_marker" => json!({
                "category": {"class": "stale", "subtype": "completed-in-place"},
                "op": "Mark the finished plan archived.",
                "op_type": "deterministic",
                "exact_edit": {"kind": "insert-frontmatter", "key": "archived", "value": "true"},
                "confidence": 0.85}),
            "duplicate_content" => {
                // A sub-agent that is slow on duplicates: nothing for them in round 1.
                if round == 1 {
                    return None;
                }
                let other = sig["related_path"].as_str().unwrap();
                if path < other {
                    continue; // the first copy by path is the canonical one
                }
                json!({
                    "category": {"class": "stale", "subtype": "duplicated"},
                    "op": "Replace the copied paragraph with a link to its home.",
                    "op_type": "deterministic",
                    "exact_edit": {"kind": "dedupe", "anchor": {"start_line": line, "end_line": end},
                                   "canonical_ref": other},
                    "confidence": 0.9})
            }
            _ => continue,
        };
        let mut proposal = proposal;
        proposal["signals"] = json!([name]);
        entries.push(proposal);
    }
    Some(if entries.is_empty() {
        json!({"verdict": "clear"})
    } else {
        json!({"verdict": "entries", "entries": entries})
    })
}

/// Canonical JSON as guide/protocol.md defines it for request ids: object keys sorted
/// (by their UTF-8 bytes) at every level, no whitespace, strings with only the escapes
/// JSON requires (non-ASCII as raw UTF-8).
fn canonical(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let fields: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", Value::String(k.clone()), canonical(&map[k])))
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(items) => {
            format!("[{}]", items.iter().map(canonical).collect::<Vec<_>>().join(","))
        }
        scalar => scalar.to_string(),
    }
}

/// The first `n` hex digits of sha256 over `parts` joined by single 0x00 bytes.
fn id(parts: &[&str], n: usize) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(parts.join("\0").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect::<String>()[..n].to_string()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Resolves a request's `response_schema` (`{"$ref": "#/…"}`, a JSON pointer into the
/// pending file) to the schema itself, which is then used as a standalone document: its
/// own `#/$defs/…` refs are relative to it (guide/protocol.md, "The pending file").
fn response_schema<'a>(pending: &'a Value, request: &'a Value) -> &'a Value {
    let schema = &request["response_schema"];
    match schema["$ref"].as_str() {
        Some(pointer) => pending
            .pointer(pointer.strip_prefix('#').expect("a same-file pointer"))
            .unwrap_or_else(|| panic!("{pointer} does not resolve in the pending file")),
        None => schema,
    }
}

/// Runs the real binary on `argv` (program name first, as written by the engine or the
/// skill) with `--root` added, as the guide says a runner outside the project does.
fn run(p: &Project, argv: &[String]) -> Output {
    assert_eq!(argv[0], "dochygiene");
    let mut args: Vec<std::ffi::OsString> = argv[1..].iter().map(Into::into).collect();
    args.push("--root".into());
    args.push(p.root().into());
    dochygiene(args).now(&p.now).output()
}

/// Writes `value` to `path` whole: a temp file in the same folder, then a rename.
fn write_whole(path: &Path, value: &Value) {
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, serde_json::to_vec_pretty(value).unwrap()).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

/// One runner round on an exit-7 line: returns how many requests it left open.
fn answer_batch(line: &Value, round: usize) -> usize {
    let pending_path = Path::new(line["pending"].as_str().unwrap());
    assert!(pending_path.is_absolute(), "pending is an absolute path");
    let pending = read_json(pending_path);
    assert_eq!(pending["protocol"], "dochygiene.tier2.v1");
    assert_eq!(pending["batch_id"], line["batch_id"]);
    assert_eq!(pending["responses_path"], line["responses"]);
    assert_eq!(pending["iteration"], round as u64, "one batch per round");
    let requests = pending["requests"].as_array().unwrap();
    let op_id = pending["op_id"].as_str().unwrap();
    let phase = pending["phase"].as_str().unwrap();
    assert_eq!(line["batch_id"], id(&[op_id, phase, &round.to_string()], 12), "batch_id formula");
    assert_eq!(requests.len() as u64, line["requests"].as_u64().unwrap());
    let mut open = 0;
    let mut responses = Vec::new();
    for request in requests {
        let kind = request["kind"].as_str().unwrap();
        let expect_id = id(&[kind, &canonical(&request["inputs"])], 16);
        assert_eq!(request["request_id"], expect_id, "request_id formula");
        assert!(pending["instructions"][kind].as_str().is_some_and(|t| !t.is_empty()));
        assert!(!request["prompt"].as_str().unwrap().is_empty());
        let response = answer(request, round);
        if let Some(response) = &response {
            let schema = response_schema(&pending, request);
            let validator = jsonschema::validator_for(schema).expect("the schema compiles");
            assert!(!validator.is_valid(&json!({"verdict": "maybe"})), "the schema bites");
            let errors: Vec<String> =
                validator.iter_errors(response).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "rule answer breaks the response schema: {errors:?}");
        } else {
            open += 1;
            // The guide allows both ways of not answering: the first unanswered request
            // is written as `null`, any further one is left out of the file.
            if open > 1 {
                continue;
            }
        }
        responses.push(json!({
            "request_id": request["request_id"],
            "response": response.unwrap_or(Value::Null),
        }));
    }
    let file = json!({"batch_id": line["batch_id"], "responses": responses});
    write_whole(Path::new(line["responses"].as_str().unwrap()), &file);
    open
}

#[test]
fn a_runner_written_from_the_guide_finishes_the_check() {
    let p = project();
    let mut out = run(&p, &["dochygiene".into(), "check".into()]);
    // The guide: "If the JSON line of an exit 7 was lost, `resume` prints it again."
    let first = json_line(&out);
    let again = run(&p, &shlex::split(first["resume"].as_str().unwrap()).unwrap());
    assert_eq!((again.code, json_line(&again)), (7, first), "resume re-prints a lost line");
    let mut rounds = 0;
    let mut left_open = Vec::new();
    let done = loop {
        match out.code {
            0 => break json_line(&out),
            7 => {
                rounds += 1;
                assert!(rounds <= MAX_ROUNDS, "still exit 7 after {MAX_ROUNDS} rounds");
                let line = json_line(&out);
                assert_eq!(line["status"], "needs_answers");
                left_open.push(answer_batch(&line, rounds));
                let resume = shlex::split(line["resume"].as_str().unwrap()).unwrap();
                out = run(&p, &resume);
            }
            code => panic!("exit {code}\nstdout:\n{}\nstderr:\n{}", out.stdout, out.stderr),
        }
    };
    assert_eq!(rounds, 2, "round 1 leaves requests open, round 2 answers the rest");
    assert_eq!(left_open, [2, 0], "round 1 left both duplicate requests open (one null, one out)");
    assert_eq!(done["status"], "done");
    assert_eq!((done["entries"].as_u64(), done["cleared"].as_u64()), (Some(3), Some(1)));

    let report_path = Path::new(done["report"].as_str().unwrap());
    assert!(Path::new(done["report_md"].as_str().unwrap()).exists());
    dochygiene(["validate".as_ref(), report_path.as_os_str()]).expect_code(0);
    let report = read_json(report_path);
    let entries: Vec<(&str, &str, &str, &str)> = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["path"].as_str().unwrap(),
                e["category"]["subtype"].as_str().unwrap(),
                e["exact_edit"]["kind"].as_str().unwrap(),
                e["safety_tier"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        entries,
        [
            ("README.md", "orphaned", "delete-range", "confirm"),
            ("docs/overview.md", "duplicated", "dedupe", "auto"),
            ("docs/plan.md", "completed-in-place", "insert-frontmatter", "auto"),
        ]
    );
    assert_eq!(report["cleared"], json!(["docs/config.md"]));
    assert_eq!(report["entries"][0]["confidence"], 0.8, "the escalated answer won");
    assert_eq!(report["totals"]["by_tier"]["auto"]["entries"], 2);
    assert_eq!(report["totals"]["by_tier"]["confirm"]["entries"], 1);
    let notes: Vec<&str> =
        report["notes"].as_array().unwrap().iter().map(|n| n["kind"].as_str().unwrap()).collect();
    assert_eq!(notes, ["git-skipped"], "nothing was dropped; only git was absent");
}
