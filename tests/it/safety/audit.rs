//! See `safety/mod.rs`. What an attack-and-accident pass over the merged safety work found
//! (task J): docs whose names hold `:` or `\` (legal on Unix), an edit that would grow a
//! doc past the doc limit, a `dedupe` naming a huge file or a name with spaces, a corrupt
//! journal of a finished clean, a report over its reader's limit, a linked `trash/`, and
//! `insert-frontmatter` values or TOML blocks that would break a doc's frontmatter. Every
//! test here failed before its fix.

use serde_json::{json, Value};

use super::parsing::capped;
use super::{check_answering, report};
use crate::support::{json_line, Project};
/// A `classify_file` answer holding `proposals`, each citing the file's first signal.
fn entries(proposals: Vec<Value>) -> Value {
    json!({"verdict": "entries", "entries": proposals})
}

fn proposal(class: &str, subtype: &str, signal: &str, edit: Value) -> Value {
    json!({"category": {"class": class, "subtype": subtype}, "signals": [signal],
           "op": "Fix it.", "op_type": "deterministic", "exact_edit": edit, "confidence": 0.9})
}

fn set_archived() -> Value {
    proposal(
        "stale",
        "completed-in-place",
        "frontmatter_marker",
        json!({"kind": "insert-frontmatter", "key": "archived", "value": "true"}),
    )
}

fn move_to(dest: &str) -> Value {
    proposal(
        "stale",
        "superseded",
        "frontmatter_marker",
        json!({"kind": "move-to-archive", "dest_path": dest}),
    )
}

fn entry_id(p: &Project, path: &str) -> String {
    let r = report(p);
    let found = r["entries"].as_array().unwrap().iter().find(|e| e["path"] == path);
    found.unwrap_or_else(|| panic!("no entry for {path}: {r}"))["id"].as_str().unwrap().into()
}

fn bytes(p: &Project, rel: &str) -> Option<Vec<u8>> {
    std::fs::read(p.root().join(rel)).ok()
}

#[test]
fn docs_named_with_a_colon_or_a_backslash_are_cleaned_and_undone_like_any_other() {
    let p = Project::new();
    p.write("README.md", "# R\n\nSee the [FAQ](<docs/faq: intro.md>).\n");
    p.write("docs/faq: intro.md", "---\nstatus: shipped\n---\n# FAQ\n");
    p.write("docs/old.md", "---\nstatus: superseded\n---\n# Old\n");
    p.write("docs/win\\dows.md", "# Windows\n\nRead [the old notes](old.md).\n");
    let files = ["README.md", "docs/faq: intro.md", "docs/old.md", "docs/win\\dows.md"];
    let before: Vec<_> = files.iter().map(|f| bytes(&p, f)).collect();
    let (out, reasked) = check_answering(&p, |path| match path {
        "docs/faq: intro.md" => Some(entries(vec![set_archived()])),
        "docs/old.md" => Some(entries(vec![move_to("docs/archive/old.md")])),
        _ => None,
    });
    assert_eq!(out.code, 0, "check failed:\n{}\n{}", out.stdout, out.stderr);
    assert!(reasked.is_empty(), "{reasked:?}");
    let r = report(&p);
    assert!(r["entries"].as_array().unwrap().iter().all(|e| e["safety_tier"] == "auto"), "{r}");

    let done = json_line(&p.run(&["clean"]).expect_code(0));
    assert_eq!(done["applied"].as_array().unwrap().len(), 2, "{done}");
    assert!(p.read("docs/faq: intro.md").contains("archived: true"));
    assert_eq!(p.read("docs/win\\dows.md"), "# Windows\n\nRead [the old notes](archive/old.md).\n");
    assert!(bytes(&p, "docs/old.md").is_none());

    let op = done["op_id"].as_str().unwrap();
    p.run(&["undo", op]).expect_code(0);
    let after: Vec<_> = files.iter().map(|f| bytes(&p, f)).collect();
    assert_eq!(after, before, "undo restored every file byte for byte");
    assert!(!p.root().join("docs/archive").exists());
}

#[test]
fn a_reference_in_a_file_named_with_a_colon_makes_the_move_confirm_not_an_internal_error() {
    let p = Project::new();
    p.write("README.md", "# R\n");
    p.write("docs/old.md", "---\nstatus: superseded\n---\n# Old\n");
    p.write("notes: todo.txt", "read docs/old.md again\n");
    let (out, _) = check_answering(&p, |path| {
        (path == "docs/old.md").then(|| entries(vec![move_to("docs/archive/old.md")]))
    });
    assert_eq!(out.code, 0, "check failed:\n{}\n{}", out.stdout, out.stderr);
    let r = report(&p);
    let entry = &r["entries"][0];
    assert_eq!(entry["safety_tier"], "confirm", "{r}");
    assert_eq!(entry["inbound"]["unrewritable"][0]["path"], "notes: todo.txt", "{r}");
    let report_json = p.state("report.json");
    p.run(&["validate", report_json.to_str().unwrap()]).expect_code(0);
}

#[test]
fn an_edit_that_would_grow_a_doc_past_the_doc_limit_is_skipped_so_undo_can_always_read_it() {
    const DOC_MAX_BYTES: usize = 8 * 1024 * 1024;
    let p = Project::new();
    let head = "---\nstatus: shipped\n---\n# Near the limit\n\n";
    let line = "Filler text that keeps this doc just under the size limit of a doc.\n";
    let mut near = head.to_string();
    while near.len() + line.len() < DOC_MAX_BYTES - 8 {
        near.push_str(line);
    }
    // Exactly 8 bytes under the limit: `archived: true` (15 bytes) would pass it.
    near.push_str(&"x".repeat(DOC_MAX_BYTES - 9 - near.len()));
    near.push('\n');
    p.write("README.md", "# R\n");
    p.write("docs/near.md", &near);
    p.write("docs/small.md", "---\nstatus: shipped\n---\n# Small\n");
    let (out, _) = check_answering(&p, |path| {
        path.starts_with("docs/").then(|| entries(vec![set_archived()]))
    });
    assert_eq!(out.code, 0, "check failed:\n{}\n{}", out.stdout, out.stderr);
    let near_id = entry_id(&p, "docs/near.md");
    let small_id = entry_id(&p, "docs/small.md");

    let done = json_line(&p.run(&["clean"]).expect_code(0));
    assert_eq!(done["applied"], json!([small_id]), "{done}");
    assert_eq!(done["skipped"][0]["id"], near_id.as_str(), "{done}");
    let reason = done["skipped"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("docs/near.md") && reason.contains("8388608"), "{reason}");
    assert_eq!(p.read("docs/near.md"), near, "the skipped doc is untouched");

    // Whatever a clean wrote, its undo can read back.
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    assert!(!p.read("docs/small.md").contains("archived"));
}

#[test]
fn a_dedupe_naming_a_huge_file_is_asked_again_without_reading_it_whole() {
    let p = Project::new();
    p.write("README.md", "# R\n\nSee [gone](gone.md).\n\nShared text here.\n");
    // 600 MB of zeros (sparse, so it costs no disk): read whole, then normalised, it
    // takes twice that, over the cap.
    std::fs::create_dir_all(p.root().join("data")).unwrap();
    let big = std::fs::File::create(p.root().join("data/big.bin")).unwrap();
    big.set_len(600 * 1024 * 1024).unwrap();
    let out = p.run(&["check", "--no-git", "--op-id", "c1"]).expect_code(7);
    let pending: Value = serde_json::from_slice(
        &std::fs::read(json_line(&out)["pending"].as_str().unwrap()).unwrap(),
    )
    .unwrap();
    let id = pending["requests"][0]["request_id"].as_str().unwrap().to_string();
    let dedupe = proposal(
        "stale",
        "duplicated",
        "broken_reference",
        json!({"kind": "dedupe", "anchor": {"start_line": 5, "end_line": 5},
               "canonical_ref": "data/big.bin"}),
    );
    let answers = p.root().join("answers.json");
    std::fs::write(&answers, json!({ id: entries(vec![dedupe]) }).to_string()).unwrap();

    let out = capped(&p, &["resume", "c1", "--answers", answers.to_str().unwrap()]);
    assert_eq!(out.code, 7, "the answer is asked again:\n{}", out.stderr);
    let pending: Value = serde_json::from_slice(
        &std::fs::read(json_line(&out)["pending"].as_str().unwrap()).unwrap(),
    )
    .unwrap();
    let violation = pending["requests"][0]["inputs"]["violations"][0].as_str().unwrap();
    assert!(
        violation.contains("data/big.bin") && violation.contains("8388608"),
        "the violation names the file and the limit: {violation}"
    );
}

#[test]
fn a_corrupt_journal_of_a_finished_clean_names_commands_that_get_the_user_out() {
    let p = Project::new();
    p.write("README.md", "# R\n");
    p.write("docs/a.md", "---\nstatus: shipped\n---\n# A\n");
    p.write("docs/b.md", "---\nstatus: shipped\n---\n# B\n");
    let (out, _) = check_answering(&p, |path| {
        path.starts_with("docs/").then(|| entries(vec![set_archived()]))
    });
    assert_eq!(out.code, 0, "{}", out.stderr);
    let (a, b) = (entry_id(&p, "docs/a.md"), entry_id(&p, "docs/b.md"));
    let done = json_line(&p.run(&["clean", "--entry", &a]).expect_code(0));
    let op = done["op_id"].as_str().unwrap();
    let journal = p.state(&format!("ops/{op}/journal.json"));
    let text = std::fs::read_to_string(&journal).unwrap();
    std::fs::write(&journal, &text[..text.len() / 2]).unwrap();

    // Clean reads every finished clean's journal before it edits anything.
    let out = p.run(&["clean", "--entry", &b]).expect_code(6);
    assert!(out.stderr.contains("journal.json"), "{}", out.stderr);
    let hint = out.stderr.lines().find_map(|l| l.strip_prefix("hint: ")).unwrap_or_default();
    let commands: Vec<&str> = hint.split('`').skip(1).step_by(2).collect();
    assert!(commands.iter().any(|c| c.ends_with("ops gc")), "{}", out.stderr);
    for command in commands {
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        // The hint offers `ops abort` only for an op that is still open; this one is done.
        if !args.starts_with(&["ops", "abort"]) {
            p.run(&args).expect_code(0);
        }
    }
    p.run(&["clean", "--entry", &b]).expect_code(0);
}

#[test]
fn a_report_over_its_readers_limit_names_the_way_out_instead_of_an_internal_error() {
    // Eight docs, 200 entries each, every field at its limit: no single answer is too
    // large, but the report (~17 MB) is over the 16 MiB its reader accepts.
    let p = Project::new();
    p.write("README.md", "# R\n");
    let body: String = (0..210).map(|i| format!("line {i} text\n")).collect();
    for d in 0..8 {
        p.write(&format!("docs/d{d}.md"), &format!("# D{d}\n\nSee [gone](gone.md).\n\n{body}"));
    }
    let many = || {
        let one = |line: u32| {
            let mut e = proposal(
                "stale",
                "orphaned",
                "broken_reference",
                json!({"kind": "replace-text", "anchor": {"start_line": line, "end_line": line},
                       "match": "text", "replacement": "r".repeat(4000)}),
            );
            e["why"] = json!("w".repeat(4000));
            e["detail"] = json!("d".repeat(1000));
            e["op"] = json!("o".repeat(1000));
            e
        };
        entries((5..205).map(one).collect())
    };
    // Answered in two batches, so each responses file stays under its own 16 MiB limit.
    let mut out = p.run(&["check", "--no-git", "--op-id", "big"]).expect_code(7);
    for half in 0..2 {
        let line = json_line(&out);
        let pending: Value =
            serde_json::from_slice(&std::fs::read(line["pending"].as_str().unwrap()).unwrap())
                .unwrap();
        let responses: Vec<Value> = pending["requests"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let answer = if half == 1 || i < 4 { many() } else { Value::Null };
                json!({"request_id": r["request_id"], "response": answer})
            })
            .collect();
        let file = json!({"batch_id": line["batch_id"], "responses": responses});
        std::fs::write(line["responses"].as_str().unwrap(), file.to_string()).unwrap();
        out = p.run(&["resume", "big"]).output();
    }
    assert!(!out.stderr.contains("internal error"), "{}", out.stderr);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("16777216") && out.stderr.contains("--scope"), "{}", out.stderr);
    assert!(out.stderr.contains("`dochygiene ops abort big`"), "{}", out.stderr);
    assert!(!p.state("report.json").exists(), "no report over the limit is written");
    p.run(&["ops", "abort", "big"]).expect_code(0);
    p.run(&["check", "--no-git", "--scope", "docs/d0.md"]).expect_code(7);
}

#[test]
fn undo_never_reads_its_images_through_a_linked_trash_folder() {
    let p = Project::new();
    p.write("README.md", "# R\n");
    p.write("docs/a.md", "---\nstatus: shipped\n---\n# A\n");
    let (out, _) =
        check_answering(&p, |path| (path == "docs/a.md").then(|| entries(vec![set_archived()])));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    let op = done["op_id"].as_str().unwrap();
    let cleaned = p.read("docs/a.md");
    // The trash folder moved out of the project and replaced by a link to it.
    let outside = tempfile::tempdir().unwrap();
    let trash = p.state(&format!("ops/{op}/trash"));
    std::fs::rename(&trash, outside.path().join("trash")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("trash"), &trash).unwrap();
    let out = p.run(&["undo", op]).expect_code(6);
    assert!(out.stderr.contains("trash") && out.stderr.contains("symbolic link"), "{}", out.stderr);
    assert_eq!(p.read("docs/a.md"), cleaned, "nothing was restored through the link");
}

#[test]
fn a_dedupe_links_a_canonical_doc_whose_name_has_spaces_or_brackets() {
    let p = Project::new();
    p.write("README.md", "# R\n");
    p.write("docs/my notes.md", "# Notes\n\nShared text here.\n");
    p.write("docs/a].md", "# Odd\n\nOther shared text.\n");
    p.write("docs/a.md", "# A\n\nSee [gone](gone.md).\n\nShared text here.\n");
    p.write("docs/b.md", "# B\n\nSee [gone](gone.md).\n\nOther shared text.\n");
    let dedupe = |canonical: &str| {
        let edit = json!({"kind": "dedupe", "anchor": {"start_line": 5, "end_line": 5},
                          "canonical_ref": canonical});
        entries(vec![proposal("stale", "duplicated", "broken_reference", edit)])
    };
    let (out, reasked) = check_answering(&p, |path| match path {
        "docs/a.md" => Some(dedupe("docs/my notes.md")),
        "docs/b.md" => Some(dedupe("docs/a].md")),
        _ => None,
    });
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(reasked.is_empty(), "{reasked:?}");
    p.run(&["clean"]).expect_code(0);
    let a = p.read("docs/a.md");
    let b = p.read("docs/b.md");
    assert!(a.ends_with("\nSee [docs/my notes.md](<my notes.md>).\n"), "{a}");
    assert!(b.ends_with("\nSee [docs/a\\].md](a].md).\n"), "{b}");
    // The scanner reads both as links to files that exist: only the two old broken links.
    let scan = p.run(&["scan", "--no-git", "--format", "json"]).expect_code(1);
    let signals = scan.json()["signals"].clone();
    let broken: Vec<&Value> = signals
        .as_object()
        .unwrap()
        .values()
        .flat_map(|list| list.as_array().unwrap())
        .filter(|s| s["name"] == "broken_reference")
        .map(|s| &s["target"])
        .collect();
    assert_eq!(broken, [&json!("gone.md"), &json!("gone.md")], "{signals}");
}

#[test]
fn an_insert_frontmatter_value_that_would_break_the_yaml_is_asked_again() {
    let p = Project::new();
    p.write("README.md", "# R\n");
    let values = ["a: b", "#x", "[unclosed", "'quoted", "done # shipped", "tab\there"];
    for i in 0..values.len() {
        p.write(&format!("docs/d{i}.md"), "---\nstatus: shipped\n---\n# D\n");
    }
    p.write("docs/ok.md", "---\nstatus: shipped\n---\n# D\n");
    let set = |value: &str| {
        let edit = json!({"kind": "insert-frontmatter", "key": "archived", "value": value});
        entries(vec![proposal("stale", "completed-in-place", "frontmatter_marker", edit)])
    };
    let (out, reasked) = check_answering(&p, |path| {
        let i = path.strip_prefix("docs/d").and_then(|n| n.strip_suffix(".md"));
        match i.and_then(|n| n.parse::<usize>().ok()) {
            Some(i) => Some(set(values[i])),
            None => (path == "docs/ok.md").then(|| set("\"a: b\"")),
        }
    });
    assert_eq!(out.code, 0, "{}", out.stderr);
    for (i, value) in values.iter().enumerate() {
        let doc = format!("docs/d{i}.md");
        let mine: Vec<&String> =
            reasked.iter().filter(|(p, _)| *p == doc).flat_map(|(_, v)| v).collect();
        assert!(!mine.is_empty(), "{value:?} was accepted: {reasked:?}");
        assert!(mine.iter().all(|v| v.contains("exact_edit.value")), "{mine:?}");
    }
    assert!(!reasked.iter().any(|(p, _)| p == "docs/ok.md"), "{reasked:?}");
    // Only the quoted value reached the report, and clean leaves readable frontmatter.
    let r = report(&p);
    assert_eq!(r["entries"].as_array().unwrap().len(), 1, "{r}");
    p.run(&["clean"]).expect_code(0);
    assert!(p.read("docs/ok.md").contains("archived: \"a: b\"\n"));
    let scan = p.run(&["scan", "--no-git"]).output();
    assert!(!scan.stderr.contains("frontmatter not read"), "{}", scan.stderr);
}

#[test]
fn insert_frontmatter_never_puts_a_yaml_block_in_front_of_toml_frontmatter() {
    let p = Project::new();
    p.write("README.md", "# R\n");
    let hugo = "+++\ntitle = \"Old\"\n+++\n# Old\n\nSee [gone](gone.md).\n";
    p.write("docs/hugo.md", hugo);
    let edit = json!({"kind": "insert-frontmatter", "key": "archived", "value": "true"});
    let set = entries(vec![proposal("stale", "completed-in-place", "broken_reference", edit)]);
    let (out, reasked) = check_answering(&p, |path| (path == "docs/hugo.md").then(|| set.clone()));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(reasked.iter().flat_map(|(_, v)| v).any(|v| v.contains("TOML")), "{reasked:?}");
    assert_eq!(report(&p)["entries"].as_array().unwrap().len(), 0);
    p.run(&["clean"]).expect_code(0);
    assert_eq!(p.read("docs/hugo.md"), hugo);
}
