//! `clean`, `sweep` and `undo`: entries applied under the content guard, journaled,
//! reversible byte for byte; stale entries refuse the whole clean.

use crate::support::{fixture, json_line, Project};

fn demo_checked() -> Project {
    let p = Project::from_fixture("demo");
    p.run(&["check", "--op-id", "demo"])
        .env("DOCHYGIENE_TIER2_FIXTURE", fixture("demo/answers.json"))
        .expect_code(0);
    p
}

fn snapshot_docs(p: &Project) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for rel in [
        "README.md",
        "CLAUDE.md",
        "docs/config.md",
        "docs/design/overview.md",
        "docs/plans/http2.md",
    ] {
        out.push((rel.to_string(), p.read(rel)));
    }
    out
}

#[test]
fn clean_applies_the_auto_entries_and_undo_restores_every_byte() {
    let p = demo_checked();
    let before = snapshot_docs(&p);
    let out = p.run(&["clean"]).expect_code(0);
    let done = json_line(&out);
    assert_eq!(done["applied"].as_array().unwrap().len(), 4, "{}", out.stdout);
    assert!(p.read("README.md").contains("docs/config.md#settings"));
    assert!(p.read("README.md").contains("lantern 3.2.0"));
    assert!(p.read("README.md").contains("installation guide"), "the confirm entry is not applied");
    assert!(p.read("docs/design/overview.md").contains("See [docs/config.md](../config.md)."));
    assert!(p
        .read("docs/plans/http2.md")
        .starts_with("---\ntitle: HTTP/2 support\nstatus: shipped\narchived: true\n---\n"));
    let state: serde_json::Value = serde_json::from_str(&p.read(".dochygiene/state.json")).unwrap();
    assert_eq!(state["last_clean"], p.now.as_str());
    // Nothing left: a second clean applies nothing and creates no op.
    let again = p.run(&["clean"]).expect_code(0);
    assert_eq!(json_line(&again)["status"], "nothing_to_apply");
    let op = done["op_id"].as_str().unwrap();
    p.run(&["undo", op]).expect_code(0);
    assert_eq!(snapshot_docs(&p), before);
    let out = p.run(&["undo", op]).expect_code(2);
    assert!(out.stderr.contains("already undone"), "{}", out.stderr);
}

#[test]
fn confirm_entries_need_their_id_and_yes() {
    let p = demo_checked();
    let report: serde_json::Value =
        serde_json::from_str(&p.read(".dochygiene/report.json")).unwrap();
    let delete = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["exact_edit"]["kind"] == "delete-range" && e["path"] == "README.md")
        .unwrap();
    let id = delete["id"].as_str().unwrap();
    let out = p.run(&["clean", "--entry", id]).expect_code(2);
    assert!(out.stderr.contains(&format!("dochygiene clean --entry {id} --yes")), "{}", out.stderr);
    p.run(&["clean", "--tier", "confirm"]).expect_code(2);
    let preview = p.run(&["clean", "--tier", "confirm", "--dry-run"]).expect_code(0);
    assert!(
        preview.stdout.contains("-- Start with the [installation guide](docs/install.md)."),
        "{}",
        preview.stdout
    );
    assert!(p.read("README.md").contains("installation guide"), "a dry run writes nothing");
    p.run(&["clean", "--entry", id, "--yes"]).expect_code(0);
    assert!(!p.read("README.md").contains("installation guide"));
}

#[test]
fn a_moved_span_is_found_and_a_changed_one_refuses_the_whole_clean() {
    let p = demo_checked();
    // Lines moved down by one: the span still hashes the same, once, elsewhere.
    let readme = p.read("README.md");
    p.write("README.md", &format!("<!-- top -->\n{readme}"));
    // The duplicated paragraph edited: its dedupe entry is stale.
    let overview = p
        .read("docs/design/overview.md")
        .replace("Every response carries", "Each response carries");
    p.write("docs/design/overview.md", &overview);
    let before = snapshot_docs(&p);
    let out = p.run(&["clean"]).expect_code(5);
    assert!(out.stderr.contains("the files; nothing was written"), "{}", out.stderr);
    assert!(
        out.stderr.contains("docs/design/overview.md changed since the check"),
        "{}",
        out.stderr
    );
    assert_eq!(snapshot_docs(&p), before, "a refused clean writes nothing");
    let out = p.run(&["clean", "--skip-stale"]).expect_code(0);
    let done = json_line(&out);
    assert_eq!(done["skipped"].as_array().unwrap().len(), 1);
    assert!(p.read("README.md").starts_with("<!-- top -->\n# Lantern"));
    assert!(p.read("README.md").contains("lantern 3.2.0"), "applied at the moved line");
}

#[test]
fn undo_refuses_when_a_file_changed_after_the_clean() {
    let p = demo_checked();
    let op = json_line(&p.run(&["clean"]).expect_code(0))["op_id"].as_str().unwrap().to_string();
    let edited = format!("{}\nA later edit.\n", p.read("README.md"));
    p.write("README.md", &edited);
    let out = p.run(&["undo", &op]).expect_code(5);
    assert!(out.stderr.contains("README.md"), "{}", out.stderr);
    assert_eq!(p.read("README.md"), edited, "nothing restored");
}

#[test]
fn a_clean_killed_after_its_journal_or_a_file_finishes_on_resume() {
    for step in ["journal-written", "file-applied"] {
        let p = demo_checked();
        let out = p.run(&["clean"]).env("DOCHYGIENE_FAILPOINT", step).output();
        assert!(out.aborted(), "failpoint {step} did not fire: {}", out.stderr);
        let out = p.run(&["clean"]).expect_code(5);
        assert!(out.stderr.contains("is still open"), "{}", out.stderr);
        p.run(&["resume"]).expect_code(0);
        let reference = demo_checked();
        reference.run(&["clean"]).expect_code(0);
        assert_eq!(snapshot_docs(&p), snapshot_docs(&reference), "after {step}");
    }
}

#[test]
fn sweep_checks_and_applies_the_auto_entries_in_one_op() {
    let p = Project::from_fixture("demo");
    let out = p
        .run(&["sweep", "--op-id", "sweep-1"])
        .env("DOCHYGIENE_TIER2_FIXTURE", fixture("demo/answers.json"))
        .expect_code(0);
    let lines: Vec<serde_json::Value> =
        out.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.last().unwrap()["applied"].as_array().unwrap().len(), 4, "{}", out.stdout);
    assert!(p.read("README.md").contains("lantern 3.2.0"));
    p.run(&["undo", "sweep-1"]).expect_code(0);
    assert!(p.read("README.md").contains("lantern 2.4.0"));
}

#[test]
fn clean_never_writes_through_a_symlink_out_of_the_root() {
    let outside = tempfile::tempdir().unwrap();
    let p = Project::new();
    p.write("docs/old.md", "---\nstatus: superseded\n---\n# Old\n");
    let answer = serde_json::json!({"__kind__classify_file": {"verdict": "entries", "entries": [{
        "category": {"class": "stale", "subtype": "superseded"}, "signals": ["frontmatter_marker"],
        "op": "Archive it.", "op_type": "deterministic",
        "exact_edit": {"kind": "move-to-archive", "dest_path": "docs/archive/old.md"}, "confidence": 0.9}]}});
    std::fs::write(p.root().join("fx.json"), answer.to_string()).unwrap();
    p.run(&["check", "--no-git"])
        .env("DOCHYGIENE_TIER2_FIXTURE", p.root().join("fx.json"))
        .expect_code(0);
    // The link appears after the check (at check time the answer would be re-asked).
    std::os::unix::fs::symlink(outside.path(), p.root().join("docs/archive")).unwrap();
    let out = p.run(&["clean"]).expect_code(5);
    assert!(out.stderr.contains("docs/archive is a symbolic link"), "{}", out.stderr);
    assert!(p.root().join("docs/old.md").exists());
    assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 0);
}

#[test]
fn a_generative_entry_is_rewritten_through_the_handshake_then_applied_and_undone() {
    let p = demo_checked();
    let before = p.read("CLAUDE.md");
    let report: serde_json::Value =
        serde_json::from_str(&p.read(".dochygiene/report.json")).unwrap();
    let entry = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["op_type"] == "generative")
        .unwrap();
    let id = entry["id"].as_str().unwrap();
    assert_eq!(entry["guard"]["anchor"]["start_line"], 5);
    let out = p.run(&["clean", "--entry", id, "--yes"]).expect_code(7);
    let line = json_line(&out);
    let pending: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(line["pending"].as_str().unwrap()).unwrap())
            .unwrap();
    assert_eq!(pending["phase"], "rewrite");
    let request = &pending["requests"][0];
    assert_eq!(request["kind"], "rewrite_span");
    assert_eq!(
        (request["inputs"]["start_line"].as_u64(), request["inputs"]["end_line"].as_u64()),
        (Some(5), Some(104))
    );
    assert!(request["inputs"]["text"].as_str().unwrap().starts_with("## Errors\n"));
    assert!(pending["instructions"]["rewrite_span"].as_str().unwrap().contains("Keep every fact"));
    let responses = serde_json::json!({"batch_id": line["batch_id"], "responses": [{
        "request_id": request["request_id"],
        "response": {"replacement": "## Rules\n\n- Keep each topic consistent; explain exceptions in the PR.", "summary": "Folded ten identical rule lists into one."}}]});
    std::fs::write(line["responses"].as_str().unwrap(), responses.to_string()).unwrap();
    let out = p.run(&["resume"]).expect_code(0);
    let done = json_line(&out);
    assert_eq!(done["applied"], serde_json::json!([id]));
    let after = p.read("CLAUDE.md");
    assert_eq!(after, "# Working on Lantern\n\nRead this before changing anything.\n\n## Rules\n\n- Keep each topic consistent; explain exceptions in the PR.\n");
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    assert_eq!(p.read("CLAUDE.md"), before);
}
