//! Edits keep every byte outside their span, whatever the file's encoding (Latin-1, CRLF,
//! a BOM), or refuse the entry with a reason; files keep their mode through clean and
//! undo; frontmatter is found in CRLF and BOM files; names are escaped in human output;
//! answer fields are bounded. Every test here failed before its fix.

use serde_json::{json, Value};

use crate::support::{json_line, Project};

/// How a test doc's lines are stored.
#[derive(Clone, Copy, Debug)]
enum Encoding {
    /// UTF-8, `\n`.
    Plain,
    /// Latin-1 (not UTF-8), `\n`.
    Latin1,
    /// UTF-8, `\r\n`.
    Crlf,
    /// A UTF-8 byte-order mark, `\n`.
    Bom,
    /// A byte-order mark and `\r\n`.
    BomCrlf,
}

const ENCODINGS: [Encoding; 5] =
    [Encoding::Plain, Encoding::Latin1, Encoding::Crlf, Encoding::Bom, Encoding::BomCrlf];

/// `lines` stored in `enc`, each line terminated.
fn encode(lines: &[&str], enc: Encoding) -> Vec<u8> {
    let eol: &[u8] = match enc {
        Encoding::Crlf | Encoding::BomCrlf => b"\r\n",
        _ => b"\n",
    };
    let mut out = Vec::new();
    if matches!(enc, Encoding::Bom | Encoding::BomCrlf) {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    for line in lines {
        match enc {
            Encoding::Latin1 => {
                out.extend(line.chars().map(|c| u8::try_from(u32::from(c)).unwrap()))
            }
            _ => out.extend_from_slice(line.as_bytes()),
        }
        out.extend_from_slice(eol);
    }
    out
}

/// The body every doc shares: a broken link (the signal the answers cite), a paragraph
/// that lives in `docs/canonical.md` followed by a blank line, a line to replace text in,
/// and non-ASCII text outside every span.
const BODY: [&str; 10] = [
    "# Café notes",
    "",
    "Intro à la carte, see [gone](missing.md).",
    "",
    "Duplicated paragraph one.",
    "Duplicated paragraph two.",
    "",
    "Old text: version 1.0 § here.",
    "",
    "End ü.",
];

fn with_body(head: &[&'static str]) -> Vec<&'static str> {
    head.iter().copied().chain(BODY).collect()
}

fn replaced(
    lines: &[&'static str],
    at: usize,
    count: usize,
    with: &[&'static str],
) -> Vec<&'static str> {
    let mut out = lines.to_vec();
    out.splice(at - 1..at - 1 + count, with.iter().copied());
    out
}

/// One edit case: the doc's lines, the exact_edit (or generative range) proposed for it,
/// and the lines it must hold afterwards (`None`: moved to `docs/archive/<name>`).
struct Case {
    name: &'static str,
    lines: Vec<&'static str>,
    proposal: Value,
    after: Option<Vec<&'static str>>,
}

fn deterministic(subtype: &str, edit: Value) -> Value {
    let class = if subtype == "distill" { "bloat" } else { "stale" };
    json!({"category": {"class": class, "subtype": subtype}, "signals": ["broken_reference"],
           "op": "Fix it.", "op_type": "deterministic", "exact_edit": edit, "confidence": 0.9})
}

fn anchor(start: u32, end: u32) -> Value {
    json!({"start_line": start, "end_line": end})
}

/// One case per edit kind of KIND_TABLE, plus the generative rewrite, plus frontmatter
/// that already exists (a key added, a key updated).
fn cases() -> Vec<Case> {
    let body = with_body(&[]);
    let fm_title = with_body(&["---", "title: Café", "---"]);
    let fm_status = with_body(&["---", "title: Café", "status: draft", "---"]);
    vec![
        Case {
            name: "delete",
            lines: body.clone(),
            proposal: deterministic(
                "orphaned",
                json!({"kind": "delete-range", "anchor": anchor(5, 7)}),
            ),
            after: Some(replaced(&body, 5, 3, &[])),
        },
        Case {
            name: "replace",
            lines: body.clone(),
            proposal: deterministic(
                "orphaned",
                json!({"kind": "replace-text", "anchor": anchor(8, 8), "match": "1.0", "replacement": "2.0"}),
            ),
            after: Some(replaced(&body, 8, 1, &["Old text: version 2.0 § here."])),
        },
        Case {
            // The span ends with a blank line: it stays, so the next paragraph is not
            // glued onto the `See` line.
            name: "dedupe",
            lines: body.clone(),
            proposal: deterministic(
                "duplicated",
                json!({"kind": "dedupe", "anchor": anchor(5, 7), "canonical_ref": "docs/canonical.md"}),
            ),
            after: Some(replaced(&body, 5, 2, &["See [docs/canonical.md](canonical.md)."])),
        },
        Case {
            name: "frontmatter",
            lines: body.clone(),
            proposal: deterministic(
                "orphaned",
                json!({"kind": "insert-frontmatter", "key": "status", "value": "archived"}),
            ),
            after: Some(with_body(&["---", "status: archived", "---"])),
        },
        Case {
            name: "frontmatter-add",
            lines: fm_title.clone(),
            proposal: deterministic(
                "orphaned",
                json!({"kind": "insert-frontmatter", "key": "status", "value": "archived"}),
            ),
            after: Some(with_body(&["---", "title: Café", "status: archived", "---"])),
        },
        Case {
            name: "frontmatter-update",
            lines: fm_status.clone(),
            proposal: deterministic(
                "orphaned",
                json!({"kind": "insert-frontmatter", "key": "status", "value": "archived"}),
            ),
            after: Some(replaced(&fm_status, 3, 1, &["status: archived"])),
        },
        Case {
            name: "move",
            lines: body.clone(),
            proposal: deterministic(
                "superseded",
                json!({"kind": "move-to-archive", "dest_path": "docs/archive/move.md"}),
            ),
            after: None,
        },
        Case {
            name: "rewrite",
            lines: body.clone(),
            proposal: json!({"category": {"class": "bloat", "subtype": "distill"},
                "signals": ["broken_reference"], "op": "Say it once.", "op_type": "generative",
                "reducible_range": anchor(5, 6), "confidence": 0.9}),
            after: Some(replaced(&body, 5, 2, &["One paragraph."])),
        },
    ]
}

const CANONICAL: &str = "# Canonical\n\nDuplicated paragraph one.\nDuplicated paragraph two.\n";

/// Answers each pending classify request with `answer(path)`, resumes, expects exit 0.
fn answer_by_path(p: &Project, out: &crate::support::Output, answer: impl Fn(&str) -> Value) {
    let line = json_line(out);
    let pending: Value =
        serde_json::from_slice(&std::fs::read(line["pending"].as_str().unwrap()).unwrap()).unwrap();
    let responses: Vec<Value> = pending["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| json!({"request_id": r["request_id"], "response": answer(r["inputs"]["path"].as_str().unwrap())}))
        .collect();
    let file = json!({"batch_id": line["batch_id"], "responses": responses});
    std::fs::write(line["responses"].as_str().unwrap(), file.to_string()).unwrap();
    p.run(&["resume"]).expect_code(0);
}

/// The ids of the report's entries, by path.
fn entry_ids(p: &Project) -> Vec<(String, String)> {
    let report: Value = serde_json::from_str(&p.read(".dochygiene/report.json")).unwrap();
    report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["path"].as_str().unwrap().to_string(), e["id"].as_str().unwrap().to_string()))
        .collect()
}

fn bytes(p: &Project, rel: &str) -> Option<Vec<u8>> {
    std::fs::read(p.root().join(rel)).ok()
}

fn shown(b: &[u8]) -> String {
    b.escape_ascii().to_string()
}

/// Checks a project whose docs are `docs` (name → bytes), answering each doc with its
/// proposal, then cleans every entry (rewrites answered by `replacement`).
fn check_and_clean(p: &Project, proposals: &[(String, Value)], replacement: &str) -> Value {
    let out = p.run(&["check", "--no-git", "--op-id", "c1"]).expect_code(7);
    answer_by_path(p, &out, |path| {
        let proposal = &proposals.iter().find(|(d, _)| d == path).unwrap().1;
        json!({"verdict": "entries", "entries": [proposal]})
    });
    let ids = entry_ids(p);
    assert_eq!(ids.len(), proposals.len(), "one entry per doc: {ids:?}");
    let fixture = p.root().join("rewrites.json");
    let rewrite =
        json!({"__kind__rewrite_span": {"replacement": replacement, "summary": "Merged."}});
    std::fs::write(&fixture, rewrite.to_string()).unwrap();
    let mut args = vec!["clean", "--yes"];
    for (_, id) in &ids {
        args.extend(["--entry", id.as_str()]);
    }
    let out = p.run(&args).env("DOCHYGIENE_TIER2_FIXTURE", &fixture).expect_code(0);
    json_line(&out)
}

#[test]
fn every_edit_kind_keeps_every_byte_outside_its_span_in_every_encoding() {
    let mut wrong = Vec::new();
    for enc in ENCODINGS {
        let p = Project::new();
        p.write("docs/canonical.md", CANONICAL);

        let cases = cases();
        let mut proposals = Vec::new();
        for c in &cases {
            let rel = format!("docs/{}.md", c.name);
            std::fs::write(p.root().join(&rel), encode(&c.lines, enc)).unwrap();
            proposals.push((rel, c.proposal.clone()));
        }
        let done = check_and_clean(&p, &proposals, "One paragraph.");
        assert!(done["skipped"].as_array().unwrap().is_empty(), "{enc:?}: {done}");
        for c in &cases {
            let rel = format!("docs/{}.md", c.name);
            let (at, expected) = match &c.after {
                Some(lines) => (rel.clone(), encode(lines, enc)),
                None => {
                    assert_eq!(bytes(&p, &rel), None, "{enc:?} {}: the source is gone", c.name);
                    // The moved doc's own link keeps reaching `docs/missing.md`; only its
                    // path bytes change. Not in a Latin-1 doc: that entry is confirm, the
                    // link left to the user.
                    let moved: Vec<&str> = c
                        .lines
                        .iter()
                        .map(|l| match (l.strip_suffix("(missing.md)."), enc) {
                            (_, Encoding::Latin1) | (None, _) => *l,
                            (Some(_), _) => "Intro à la carte, see [gone](../missing.md).",
                        })
                        .collect();
                    (format!("docs/archive/{}.md", c.name), encode(&moved, enc))
                }
            };
            let got = bytes(&p, &at).unwrap_or_default();
            if got != expected {
                wrong.push(format!(
                    "{enc:?} {}:\n  got      {}\n  expected {}",
                    c.name,
                    shown(&got),
                    shown(&expected)
                ));
            }
        }
        // Undo puts every byte back.
        p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
        for c in &cases {
            let rel = format!("docs/{}.md", c.name);
            assert_eq!(bytes(&p, &rel), Some(encode(&c.lines, enc)), "{enc:?} {} undone", c.name);
        }
        assert!(!p.root().join("docs/archive/move.md").exists());
    }
    assert!(
        wrong.is_empty(),
        "{} edit(s) changed bytes they should keep:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn edits_that_would_mix_encodings_in_a_latin1_doc_are_refused_with_a_reason() {
    let p = Project::new();
    let body = with_body(&[]);
    let proposals = [
        // The rewrite's span holds a Latin-1 byte: the agent could only see it mangled.
        (
            "docs/rewrite.md",
            json!({"category": {"class": "bloat", "subtype": "distill"},
            "signals": ["broken_reference"], "op": "Say it once.", "op_type": "generative",
            "reducible_range": anchor(8, 8), "confidence": 0.9}),
        ),
        (
            "docs/replace.md",
            deterministic(
                "orphaned",
                json!({"kind": "replace-text",
            "anchor": anchor(8, 8), "match": "1.0", "replacement": "2.0 ½"}),
            ),
        ),
        (
            "docs/frontmatter.md",
            deterministic(
                "orphaned",
                json!({"kind": "insert-frontmatter",
            "key": "status", "value": "archivé"}),
            ),
        ),
    ];
    std::fs::create_dir_all(p.root().join("docs")).unwrap();
    for (rel, _) in &proposals {
        std::fs::write(p.root().join(rel), encode(&body, Encoding::Latin1)).unwrap();
    }
    let proposals: Vec<(String, Value)> =
        proposals.into_iter().map(|(r, v)| (r.to_string(), v)).collect();
    let done = check_and_clean(&p, &proposals, "Old text.");
    let skipped = done["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 3, "{done}");
    for s in skipped {
        assert!(s["reason"].as_str().unwrap().contains("not UTF-8"), "{s}");
    }
    for (rel, _) in &proposals {
        assert_eq!(bytes(&p, rel), Some(encode(&body, Encoding::Latin1)), "{rel} untouched");
    }
}

#[test]
fn frontmatter_is_found_in_crlf_and_bom_files_and_never_read_as_a_heading() {
    let p = Project::new();
    let lines = ["---", "status: done", "---", "# Plan", "", "Built."];
    for (folder, enc) in [
        ("lf", Encoding::Plain),
        ("crlf", Encoding::Crlf),
        ("bom", Encoding::Bom),
        ("bomcrlf", Encoding::BomCrlf),
    ] {
        std::fs::create_dir_all(p.root().join(folder)).unwrap();
        std::fs::write(p.root().join(folder).join("plan.md"), encode(&lines, enc)).unwrap();
    }
    let out = p.run(&["scan", "--format", "json", "--no-git"]).expect_code(1);
    let artifact = out.json();
    for folder in ["lf", "crlf", "bom", "bomcrlf"] {
        let path = format!("{folder}/plan.md");
        let got: Vec<(u64, &str, &str)> = artifact["signals"][&path]
            .as_array()
            .map(|sigs| {
                sigs.iter()
                    .map(|s| {
                        let target = s["target"].as_str().unwrap_or_default();
                        (s["line"].as_u64().unwrap(), s["name"].as_str().unwrap(), target)
                    })
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(got, [(2, "frontmatter_marker", "done")], "{path}: {}", artifact["signals"]);
    }
}

/// The file's permission bits, in octal.
fn mode(p: &Project, rel: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    format!("{:o}", std::fs::metadata(p.root().join(rel)).unwrap().permissions().mode() & 0o7777)
}

#[test]
fn clean_and_undo_keep_every_file_mode_and_a_moved_doc_keeps_its_own() {
    use std::os::unix::fs::PermissionsExt;
    let p = Project::new();
    let body = with_body(&[]);
    let docs = [
        (
            "docs/edited.md",
            0o755,
            deterministic(
                "orphaned",
                json!({"kind": "insert-frontmatter", "key": "status", "value": "archived"}),
            ),
        ),
        (
            "docs/replaced.md",
            0o640,
            deterministic(
                "orphaned",
                json!({"kind": "replace-text", "anchor": anchor(8, 8), "match": "1.0", "replacement": "2.0"}),
            ),
        ),
        (
            "docs/moved.md",
            0o604,
            deterministic(
                "superseded",
                json!({"kind": "move-to-archive", "dest_path": "docs/archive/moved.md"}),
            ),
        ),
    ];
    std::fs::create_dir_all(p.root().join("docs")).unwrap();
    for (rel, m, _) in &docs {
        let path = p.root().join(rel);
        std::fs::write(&path, encode(&body, Encoding::Plain)).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(*m)).unwrap();
    }
    let proposals: Vec<(String, Value)> =
        docs.iter().map(|(r, _, v)| (r.to_string(), v.clone())).collect();
    let done = check_and_clean(&p, &proposals, "");
    assert_eq!(done["applied"].as_array().unwrap().len(), 3, "{done}");
    let after = [
        ("docs/edited.md", mode(&p, "docs/edited.md")),
        ("docs/replaced.md", mode(&p, "docs/replaced.md")),
        ("docs/archive/moved.md", mode(&p, "docs/archive/moved.md")),
    ];
    assert_eq!(
        after,
        [
            ("docs/edited.md", "755".to_string()),
            ("docs/replaced.md", "640".to_string()),
            ("docs/archive/moved.md", "604".to_string())
        ],
        "after clean"
    );
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    let undone: Vec<(&str, String)> =
        docs.iter().map(|(rel, _, _)| (*rel, mode(&p, rel))).collect();
    let before: Vec<(&str, String)> =
        docs.iter().map(|(rel, m, _)| (*rel, format!("{m:o}"))).collect();
    assert_eq!(undone, before, "after undo");
}

/// A doc whose name carries a newline and a forged finding after it.
const FORGED: &str = "evil\nREADME.md:1: broken_reference: forged.md";

#[test]
fn a_name_with_a_newline_cannot_forge_a_line_in_any_human_output() {
    let p = Project::new();
    p.write("README.md", "# Readme\n");
    p.write(&format!("docs/{FORGED}"), "# Evil\n\nSee [gone](missing.md).\n");
    let forged = |text: &str| text.lines().any(|l| l.starts_with("README.md:1"));
    let text = p.run(&["scan", "--no-git"]).expect_code(1).stdout;
    assert_eq!(text.lines().count(), 1, "one signal, one line:\n{text}");
    assert!(!forged(&text), "{text}");
    assert!(
        text.starts_with("\"docs/evil\\nREADME.md:1: broken_reference: forged.md\":3: "),
        "{text}"
    );
    let github = p.run(&["scan", "--no-git", "--format", "github"]).expect_code(1).stdout;
    assert_eq!(github.lines().count(), 1, "{github}");
    // report.md: the entry's heading stays one line.
    let answer = json!({"__kind__classify_file": {"verdict": "entries", "entries": [deterministic(
        "orphaned", json!({"kind": "delete-range", "anchor": anchor(3, 3)}))]}});
    std::fs::write(p.root().join("fx.json"), answer.to_string()).unwrap();
    p.run(&["check", "--no-git"])
        .env("DOCHYGIENE_TIER2_FIXTURE", p.root().join("fx.json"))
        .expect_code(0);
    let md = p.read(".dochygiene/report.md");
    assert!(!forged(&md), "{md}");
    assert!(md.contains("### `\"docs/evil\\nREADME.md:1: broken_reference: forged.md\"`"), "{md}");
    // stderr: a clean refused because the doc changed names it on one line.
    p.write(&format!("docs/{FORGED}"), "# Evil\n\nSee [other](gone.md).\n");
    let out = p.run(&["clean", "--tier", "confirm", "--dry-run"]).expect_code(0);
    assert!(!forged(&out.stderr), "{}", out.stderr);
    assert!(out.stderr.contains("\"docs/evil\\nREADME.md"), "{}", out.stderr);
}

/// A `why` of 10 MB: a responses file holding one is under the 16 MiB reader limit, two
/// of them in one report are not.
fn huge_why_answer(path: &str) -> Value {
    let mut proposal =
        deterministic("orphaned", json!({"kind": "delete-range", "anchor": anchor(3, 3)}));
    proposal["why"] = json!(format!("{path}: {}", "w".repeat(10_000_000)));
    json!({"verdict": "entries", "entries": [proposal]})
}

#[test]
fn an_answer_field_over_its_limit_is_refused_with_its_place_so_no_report_outgrows_its_reader() {
    let p = Project::new();
    p.write("docs/a.md", "# A\n\nSee [gone](missing.md).\n");
    p.write("docs/b.md", "# B\n\nSee [gone](missing.md).\n");
    let out = p.run(&["check", "--no-git", "--op-id", "big"]).expect_code(7);
    let line = json_line(&out);
    let pending: Value =
        serde_json::from_slice(&std::fs::read(line["pending"].as_str().unwrap()).unwrap()).unwrap();
    // Round 1 answers docs/a.md only; round 2 would answer docs/b.md the same way.
    let responses: Vec<Value> = pending["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let path = r["inputs"]["path"].as_str().unwrap();
            let answer = if path == "docs/a.md" { huge_why_answer(path) } else { Value::Null };
            json!({"request_id": r["request_id"], "response": answer})
        })
        .collect();
    let file = json!({"batch_id": line["batch_id"], "responses": responses});
    let responses_path = line["responses"].as_str().unwrap();
    std::fs::write(responses_path, file.to_string()).unwrap();
    let out = p.run(&["resume"]).output();
    assert_eq!(out.code, 2, "a 10 MB why is refused when read:\n{}", out.stderr);
    assert!(out.stderr.contains("responses-"), "{}", out.stderr);
    assert!(out.stderr.contains(":1:"), "the file's line and column: {}", out.stderr);
    assert!(
        out.stderr.contains("entries[0].why is 10000011 bytes, over its limit of 4000"),
        "{}",
        out.stderr
    );
    // What to do, without a guide file a binary-only user does not have.
    assert!(out.stderr.contains("; shorten it"), "{}", out.stderr);
    assert!(!out.stderr.contains("guide/"), "{}", out.stderr);
    // Nothing was consumed: a shortened answer goes through.
    let fixed = file.to_string().replace(&"w".repeat(10_000_000), "short");
    std::fs::write(responses_path, fixed).unwrap();
    p.run(&["resume"]).expect_code(7);
}

#[test]
fn replacements_on_one_line_compose_unless_one_changes_what_another_matches() {
    let p = Project::new();
    let doc = "# Notes\n\nSee [gone](missing.md).\n\nThe playgrounds are `packages/a` and `packages/b`; use foo and bar.\n";
    p.write("docs/a.md", doc);
    let out = p.run(&["check", "--no-git", "--op-id", "c1"]).expect_code(7);
    let replace = |from: u32, m: &str, r: &str| {
        let edit = json!({"kind": "replace-text", "anchor": anchor(from, 5), "match": m, "replacement": r});
        deterministic("orphaned", edit)
    };
    // Two stale names on one line are two entries (the report's id is path, subtype,
    // kind and anchor, so the second widens its anchor by a line).
    answer_by_path(&p, &out, |_| {
        json!({"verdict": "entries", "entries": [
            replace(5, "packages/a", "pkgs/a"),
            replace(4, "packages/b", "pkgs/b"),
            replace(3, "foo", "bar"),
            replace(2, "bar", "baz"),
        ]})
    });
    let ids = entry_ids(&p);
    assert_eq!(ids.len(), 4);
    let mut args = vec!["clean", "--yes"];
    for (_, id) in &ids {
        args.extend(["--entry", id.as_str()]);
    }
    let done = json_line(&p.run(&args).expect_code(0));
    // The last would replace the `bar` the third one wrote, too: skipped, not applied.
    let skipped = done["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 1, "{done}");
    assert!(skipped[0]["reason"].as_str().unwrap().contains("overlaps"), "{done}");
    assert_eq!(
        p.read("docs/a.md"),
        doc.replace("packages/a", "pkgs/a").replace("packages/b", "pkgs/b").replace("foo", "bar")
    );
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    assert_eq!(p.read("docs/a.md"), doc);
}
