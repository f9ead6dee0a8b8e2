//! `move-to-archive` (issue 10, items 4, 7 and 15b): a move rewrites every inbound link
//! and nav entry in the same op, byte for byte, or the entry is `confirm`; the moved doc's
//! own relative links follow it too (or the entry is `confirm`); an inbound file that
//! changed since the check refuses the move; bad `dest_path` answers are re-asked when the
//! answer is checked; undo removes the folders the clean created.

use serde_json::{json, Value};

use super::{check_answering, report};
use crate::support::{fixture, json_line, Project};

/// A `classify_file` answer that moves the file to `dest`.
fn move_to(dest: &str) -> Value {
    json!({"verdict": "entries", "entries": [{
        "category": {"class": "stale", "subtype": "superseded"},
        "signals": ["frontmatter_marker"],
        "op": "Move the superseded doc into the archive.",
        "op_type": "deterministic",
        "exact_edit": {"kind": "move-to-archive", "dest_path": dest},
        "confidence": 0.9}]})
}

/// The one entry of the report (these projects propose exactly one).
fn only_entry(p: &Project) -> Value {
    let r = report(p);
    let entries = r["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1, "{}", serde_json::to_string_pretty(&r).unwrap());
    entries[0].clone()
}

const OLD: &str = "---\nstatus: superseded\n---\n# Old\n\n## Setup\n\nOld setup.\n";

/// A docs site: links to `docs/old.md` from the README (with a fragment), from a guide
/// (relative, `./`, reference-style, raw HTML), from a CRLF doc, and a mkdocs nav entry.
fn site() -> Project {
    let p = Project::new();
    p.write("docs/old.md", OLD);
    p.write(
        "README.md",
        "# Project\n\nSee [the old design](docs/old.md#setup) and [the guide](docs/guide.md).\n",
    );
    p.write(
        "docs/guide.md",
        "# Guide\n\nRead [old](old.md), or [old again][old-ref].\n\n<a href=\"./old.md\">the html link</a>\n\n[old-ref]: ./old.md \"Old design\"\n",
    );
    p.write("docs/crlf.md", "# CRLF\r\n\r\nSee [old](old.md#setup).\r\n");
    p.write(
        "mkdocs.yml",
        "site_name: Demo\nnav:\n  - Home: guide.md\n  - Old design: old.md   # kept for history\n  - 'crlf.md'\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n",
    );
    p
}

fn site_files(p: &Project) -> Vec<(String, Option<Vec<u8>>)> {
    [
        "README.md",
        "docs/guide.md",
        "docs/crlf.md",
        "mkdocs.yml",
        "docs/old.md",
        "docs/archive/old.md",
    ]
    .iter()
    .map(|rel| (rel.to_string(), std::fs::read(p.root().join(rel)).ok()))
    .collect()
}

#[test]
fn an_auto_move_rewrites_every_inbound_link_and_nav_entry_and_undo_restores_them() {
    let p = site();
    let before = site_files(&p);
    let (out, _) =
        check_answering(&p, |path| (path == "docs/old.md").then(|| move_to("docs/archive/old.md")));
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    let entry = only_entry(&p);
    assert_eq!(entry["safety_tier"], "auto", "{entry:#}");
    let files: Vec<&str> = entry["inbound"]["rewrites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["README.md", "docs/crlf.md", "docs/guide.md", "mkdocs.yml"], "{entry:#}");
    assert!(entry["inbound"].get("unrewritable").is_none(), "{entry:#}");
    p.run(&["validate", p.state("report.json").to_str().unwrap()]).expect_code(0);

    let out = p.run(&["clean"]).expect_code(0);
    let done = json_line(&out);
    assert_eq!(done["applied"].as_array().unwrap().len(), 1, "{}", out.stdout);
    assert!(!p.root().join("docs/old.md").exists());
    assert_eq!(p.read("docs/archive/old.md"), OLD);
    // Only the link targets' bytes changed.
    assert_eq!(
        p.read("README.md"),
        "# Project\n\nSee [the old design](docs/archive/old.md#setup) and [the guide](docs/guide.md).\n"
    );
    assert_eq!(
        p.read("docs/guide.md"),
        "# Guide\n\nRead [old](archive/old.md), or [old again][old-ref].\n\n<a href=\"./archive/old.md\">the html link</a>\n\n[old-ref]: ./archive/old.md \"Old design\"\n"
    );
    assert_eq!(p.read("docs/crlf.md"), "# CRLF\r\n\r\nSee [old](archive/old.md#setup).\r\n");
    assert_eq!(
        p.read("mkdocs.yml"),
        "site_name: Demo\nnav:\n  - Home: guide.md\n  - Old design: archive/old.md   # kept for history\n  - 'crlf.md'\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
    );
    // Every rewritten file is in the op's journal, and undo restores them together.
    let mut journaled: Vec<&str> =
        done["files"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
    journaled.sort();
    assert_eq!(
        journaled,
        [
            "README.md",
            "docs/archive/old.md",
            "docs/crlf.md",
            "docs/guide.md",
            "docs/old.md",
            "mkdocs.yml"
        ]
    );
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    assert_eq!(site_files(&p), before);
}

#[test]
fn an_mdbook_summary_entry_follows_the_move_and_leaving_src_is_confirm() {
    let book = |dest: &'static str| {
        let p = Project::new();
        p.write("book.toml", "[book]\ntitle = \"Demo\"\nsrc = \"book\"\n");
        p.write("book/SUMMARY.md", "# Summary\n\n- [Intro](intro.md)\n- [Old](old.md)\n");
        p.write("book/intro.md", "# Intro\n");
        p.write("book/old.md", OLD);
        let (out, _) = check_answering(&p, |path| (path == "book/old.md").then(|| move_to(dest)));
        assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
        p
    };
    let p = book("book/archive/old.md");
    assert_eq!(only_entry(&p)["safety_tier"], "auto");
    p.run(&["clean"]).expect_code(0);
    assert_eq!(
        p.read("book/SUMMARY.md"),
        "# Summary\n\n- [Intro](intro.md)\n- [Old](archive/old.md)\n"
    );

    // mdBook builds only what is inside `src`: a destination outside it cannot stay in
    // the book, so the move waits for a person.
    let p = book("archive/old.md");
    let entry = only_entry(&p);
    assert_eq!(entry["safety_tier"], "confirm", "{entry:#}");
    let reason = entry["inbound"]["unrewritable"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("book"), "{reason}");
    assert_eq!(json_line(&p.run(&["clean"]).expect_code(0))["status"], "nothing_to_apply");
    assert!(p.root().join("book/old.md").exists());
}

#[test]
fn a_reference_the_engine_cannot_rewrite_makes_the_move_confirm() {
    let cases: [(&str, &str, &[u8]); 3] = [
        ("sidebars.js", "sidebars.js", b"module.exports = {\n  docs: ['intro', 'old'],\n};\n"),
        ("non-Markdown", "site/index.html", b"<a href=\"../docs/old.md\">old</a>\n"),
        ("not UTF-8", "docs/latin.md", b"# Caf\xe9\n\nSee [old](old.md).\n"),
    ];
    for (case, rel, bytes) in cases {
        let p = Project::new();
        p.write("docs/old.md", OLD);
        p.write("docs/intro.md", "# Intro\n");
        std::fs::create_dir_all(p.root().join(rel).parent().unwrap()).unwrap();
        std::fs::write(p.root().join(rel), bytes).unwrap();
        let (out, _) = check_answering(&p, |path| {
            (path == "docs/old.md").then(|| move_to("docs/archive/old.md"))
        });
        assert_eq!(out.code, 0, "{case}: {}\n{}", out.stdout, out.stderr);
        let entry = only_entry(&p);
        assert_eq!(entry["safety_tier"], "confirm", "{case}: {entry:#}");
        let refs = entry["inbound"]["unrewritable"].as_array().unwrap();
        assert_eq!(refs[0]["path"], rel, "{case}: {entry:#}");
        assert!(!refs[0]["reason"].as_str().unwrap().is_empty());
        p.run(&["validate", p.state("report.json").to_str().unwrap()]).expect_code(0);
        // The preview names what the move would leave for the user.
        let preview = p.run(&["clean", "--tier", "confirm", "--dry-run"]).expect_code(0);
        assert!(
            preview.stderr.contains(&format!("would leave {rel}")),
            "{case}: {}",
            preview.stderr
        );
        // Plain clean leaves it alone; the user may still apply it by id.
        assert_eq!(json_line(&p.run(&["clean"]).expect_code(0))["status"], "nothing_to_apply");
        assert!(p.root().join("docs/old.md").exists(), "{case}");
        assert_eq!(std::fs::read(p.root().join(rel)).unwrap(), bytes, "{case}");
    }
}

#[test]
fn an_inbound_file_that_changed_since_the_check_refuses_the_move() {
    let p = site();
    let (out, _) =
        check_answering(&p, |path| (path == "docs/old.md").then(|| move_to("docs/archive/old.md")));
    assert_eq!(out.code, 0, "{}", out.stderr);
    // A new link to the doc: the planned rewrite no longer covers the file.
    let readme = format!("{}\nAlso [old](docs/old.md).\n", p.read("README.md"));
    p.write("README.md", &readme);
    let before = site_files(&p);
    let out = p.run(&["clean"]).expect_code(5);
    assert!(out.stderr.contains("nothing was written"), "{}", out.stderr);
    assert!(out.stderr.contains("README.md"), "{}", out.stderr);
    assert!(out.stderr.contains("links to docs/old.md"), "{}", out.stderr);
    assert_eq!(site_files(&p), before, "a refused clean writes nothing");
    let out = p.run(&["clean", "--skip-stale"]).expect_code(0);
    assert_eq!(json_line(&out)["skipped"].as_array().unwrap().len(), 1, "{}", out.stdout);
    assert_eq!(site_files(&p), before, "the skipped move is not half-applied");
}

#[test]
fn an_inbound_file_edited_elsewhere_still_gets_its_planned_rewrite() {
    let p = site();
    let (out, _) =
        check_answering(&p, |path| (path == "docs/old.md").then(|| move_to("docs/archive/old.md")));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let guide = format!("<!-- a new first line -->\n{}", p.read("docs/guide.md"));
    p.write("docs/guide.md", &guide);
    p.run(&["clean"]).expect_code(0);
    assert_eq!(
        p.read("docs/guide.md"),
        guide.replace("./old.md", "./archive/old.md").replace("(old.md)", "(archive/old.md)")
    );
}

#[test]
fn validate_checks_the_inbound_fields_and_still_accepts_reports_without_them() {
    let p = Project::new();
    p.write("docs/old.md", OLD);
    p.write("docs/guide.md", "# Guide\n\n[old](old.md)\n");
    p.write("sidebars.js", "module.exports = { docs: ['old'] };\n");
    let (out, _) =
        check_answering(&p, |path| (path == "docs/old.md").then(|| move_to("docs/archive/old.md")));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let good = report(&p);
    let validate = |r: &Value| {
        let file = p.root().join("edited.json");
        std::fs::write(&file, serde_json::to_string_pretty(r).unwrap()).unwrap();
        p.run(&["validate", "--json", file.to_str().unwrap()]).output()
    };
    assert_eq!(validate(&good).code, 0);
    // The tier follows the unrewritable references like every derived field.
    let mut auto = good.clone();
    auto["entries"][0]["safety_tier"] = json!("auto");
    let out = validate(&auto);
    assert_eq!(out.code, 1);
    assert_eq!(out.json()["violations"][0]["rule"], "safety-tier-derived", "{}", out.stdout);
    // A rewrite must resolve to the doc and to its destination.
    let mut wrong = good.clone();
    wrong["entries"][0]["inbound"]["rewrites"][0]["links"][0]["to"] = json!("elsewhere.md");
    let out = validate(&wrong);
    assert_eq!(out.code, 1);
    assert_eq!(out.json()["violations"][0]["rule"], "inbound-rewrite-resolves", "{}", out.stdout);
    // A report written before the field existed (schema 1.0 as shipped) still validates.
    let golden: Value = serde_json::from_str(
        &std::fs::read_to_string(fixture("golden/valid_report.json")).unwrap(),
    )
    .unwrap();
    let mut old = golden.clone();
    for e in old["entries"].as_array_mut().unwrap() {
        let e = e.as_object_mut().unwrap();
        e.remove("inbound");
        e.remove("outbound");
    }
    assert_eq!(validate(&old).code, 0, "{}", validate(&old).stdout);
}

#[test]
fn undo_removes_the_folders_clean_created_and_only_those() {
    let p = Project::new();
    p.write("docs/old.md", OLD);
    std::fs::create_dir_all(p.root().join("docs/kept")).unwrap();
    let (out, _) = check_answering(&p, |path| {
        (path == "docs/old.md").then(|| move_to("docs/kept/archive/2026/old.md"))
    });
    assert_eq!(out.code, 0, "{}", out.stderr);
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    assert!(p.root().join("docs/kept/archive/2026/old.md").exists());
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    assert_eq!(p.read("docs/old.md"), OLD);
    assert!(!p.root().join("docs/kept/archive").exists(), "the folders clean made are gone");
    assert!(
        p.root().join("docs/kept").is_dir(),
        "a folder that was there before stays, empty or not"
    );
}

#[test]
fn undo_keeps_a_created_folder_that_is_no_longer_empty() {
    let p = Project::new();
    p.write("docs/old.md", OLD);
    let (out, _) =
        check_answering(&p, |path| (path == "docs/old.md").then(|| move_to("docs/archive/old.md")));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    p.write("docs/archive/notes.txt", "mine\n");
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    assert_eq!(p.read("docs/archive/notes.txt"), "mine\n");
}

/// One bad `dest_path`: the answer is asked again with the violation, then dropped; no
/// entry reaches the report, so `clean` never meets it.
fn assert_refused_at_check(p: &Project, dest: &str, expect: &str) {
    let (out, reasked) = check_answering(p, |path| (path == "docs/old.md").then(|| move_to(dest)));
    assert_eq!(out.code, 0, "{dest:?}: {}\n{}", out.stdout, out.stderr);
    let violations: Vec<&String> =
        reasked.iter().filter(|(path, _)| path == "docs/old.md").flat_map(|(_, v)| v).collect();
    assert!(
        violations.iter().any(|v| v.contains("dest_path") && v.contains(expect)),
        "{dest:?}: expected a re-ask naming {expect:?}, got {violations:?}"
    );
    let r = report(p);
    assert!(r["entries"].as_array().unwrap().is_empty(), "{dest:?}: {r:#}");
    assert_eq!(r["notes"][0]["kind"], "answer-dropped", "{dest:?}: {r:#}");
    assert!(p.root().join("docs/old.md").exists());
}

#[test]
fn bad_dest_paths_are_refused_when_the_answer_is_checked() {
    let long = format!("docs/archive/{}.md", "a".repeat(300));
    let cases: Vec<(String, &str)> = vec![
        ("docs/readme.txt/old.md".into(), "is a file"),
        ("docs/archive/o\u{0}ld.md".into(), "control character"),
        (long, "longer than 255 bytes"),
        ("docs/linked/old.md".into(), "symbolic link"),
        ("docs/vendor/.git/old.md".into(), ".git"),
        ("docs/existing.md".into(), "already exists"),
    ];
    for (dest, expect) in cases {
        let p = Project::new();
        p.write("docs/old.md", OLD);
        p.write("docs/readme.txt", "not a folder\n");
        p.write("docs/existing.md", "# Here\n");
        p.write("docs/real/keep.txt", "x\n");
        std::os::unix::fs::symlink("real", p.root().join("docs/linked")).unwrap();
        assert_refused_at_check(&p, &dest, expect);
    }
}

#[test]
fn two_docs_moved_to_one_destination_are_refused_at_check() {
    let p = Project::new();
    p.write("docs/a.md", OLD);
    p.write("docs/b.md", OLD);
    let (out, reasked) = check_answering(&p, |path| {
        path.starts_with("docs/").then(|| move_to("docs/archive/old.md"))
    });
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    assert!(
        reasked.iter().any(|(path, v)| path == "docs/b.md"
            && v.iter().any(|v| v.contains("docs/archive/old.md") && v.contains("docs/a.md"))),
        "{reasked:?}"
    );
    let r = report(&p);
    let moved: Vec<&str> =
        r["entries"].as_array().unwrap().iter().map(|e| e["path"].as_str().unwrap()).collect();
    assert_eq!(moved, ["docs/a.md"], "{r:#}");
    // The one move that reached the report applies cleanly.
    p.run(&["clean"]).expect_code(0);
    assert_eq!(p.read("docs/archive/old.md"), OLD);
    assert_eq!(p.read("docs/b.md"), OLD);
}

/// The `broken_reference` signals `scan` finds on `path` now.
fn broken_references(p: &Project, path: &str) -> Vec<Value> {
    let out = p.run(&["scan", "--no-git", "--format", "json", "--exit-zero"]).expect_code(0);
    let scan = out.json();
    scan["signals"][path]
        .as_array()
        .map(|s| s.iter().filter(|s| s["name"] == "broken_reference").cloned().collect())
        .unwrap_or_default()
}

/// Every file of the project (but `.dochygiene/`), with its bytes.
fn all_files(p: &Project) -> Vec<(String, Vec<u8>)> {
    fn walk(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<(String, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            if rel == ".dochygiene" {
                continue;
            }
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                out.push((rel, std::fs::read(&path).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    walk(p.root(), p.root(), &mut out);
    out.sort();
    out
}

/// The id of the entry moving `path`.
fn entry_id_of(p: &Project, path: &str) -> String {
    let r = report(p);
    let e = r["entries"].as_array().unwrap().iter().find(|e| e["path"] == path).unwrap();
    e["id"].as_str().unwrap().to_string()
}

/// A doc with every kind of relative link: inline, `./`, `?query`, image, raw HTML,
/// a reference definition, a folder, the root README; and links that must not change:
/// `#fragment` only, itself, an absolute URL, a root-absolute path.
const LINKS: &str = "---\nstatus: superseded\n---\n# Old\n\n## Setup\n\nSee [the guide](guide.md#intro), [again](./guide.md?plain=1) and [the readme](../README.md).\n![diagram](../img/x.png) <img src=\"../img/x.png\" alt=\"d\"> <a href='guide.md'>html</a>\n[Up](#setup), [this doc](old.md#setup), [site](https://example.com/guide.md), [rooted](/docs/guide.md), [images](../img/).\nRead [the ref][g].\n\n[g]: <guide.md> \"The guide\"\n";

#[test]
fn a_moved_docs_own_links_still_resolve_and_undo_restores_every_byte() {
    let p = Project::new();
    p.write("README.md", "# Project\n\nSee [the guide](docs/guide.md).\n");
    p.write("docs/guide.md", "# Guide\n\n## Intro\n\nOnce [old](old.md).\n");
    p.write("img/x.png", "png");
    p.write("docs/old.md", LINKS);
    assert!(broken_references(&p, "docs/old.md").is_empty(), "the fixture's links resolve");
    let before = all_files(&p);
    let (out, _) =
        check_answering(&p, |path| (path == "docs/old.md").then(|| move_to("docs/archive/old.md")));
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    let entry = only_entry(&p);
    assert_eq!(entry["safety_tier"], "auto", "{entry:#}");
    // The report says which of the doc's own links the move rewrites.
    let planned: Vec<(&str, &str)> = entry["outbound"]["rewrites"]
        .as_array()
        .unwrap_or_else(|| panic!("no outbound rewrites: {entry:#}"))
        .iter()
        .map(|l| (l["from"].as_str().unwrap(), l["to"].as_str().unwrap()))
        .collect();
    assert_eq!(
        planned,
        [
            ("guide.md", "../guide.md"),
            ("./guide.md", "../guide.md"),
            ("../README.md", "../../README.md"),
            ("../img/x.png", "../../img/x.png"),
            ("../img/x.png", "../../img/x.png"),
            ("guide.md", "../guide.md"),
            ("../img/", "../../img/"),
            ("guide.md", "../guide.md"),
        ],
        "{entry:#}"
    );
    p.run(&["validate", p.state("report.json").to_str().unwrap()]).expect_code(0);
    // `validate` checks each rewrite like every derived field.
    let mut wrong = report(&p);
    wrong["entries"][0]["outbound"]["rewrites"][0]["to"] = json!("guide.md");
    let file = p.root().join("wrong.json");
    std::fs::write(&file, wrong.to_string()).unwrap();
    let out = p.run(&["validate", "--json", file.to_str().unwrap()]).output();
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert_eq!(out.json()["violations"][0]["rule"], "outbound-rewrite-resolves", "{}", out.stdout);
    std::fs::remove_file(&file).unwrap();

    let done = json_line(&p.run(&["clean"]).expect_code(0));
    assert_eq!(
        p.read("docs/archive/old.md"),
        LINKS
            .replace("(guide.md#intro)", "(../guide.md#intro)")
            .replace("(./guide.md?plain=1)", "(../guide.md?plain=1)")
            .replace("(../README.md)", "(../../README.md)")
            .replace("../img/x.png", "../../img/x.png")
            .replace("'guide.md'", "'../guide.md'")
            .replace("(../img/)", "(../../img/)")
            .replace("<guide.md>", "<../guide.md>"),
        "only the path bytes of the links that needed it changed"
    );
    assert_eq!(p.read("docs/guide.md"), "# Guide\n\n## Intro\n\nOnce [old](archive/old.md).\n");
    let broken = broken_references(&p, "docs/archive/old.md");
    assert!(broken.is_empty(), "{broken:#?}");
    assert!(broken_references(&p, "docs/guide.md").is_empty());
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    assert_eq!(all_files(&p), before, "undo restores every byte at the original paths");
}

#[test]
fn two_docs_moved_together_keep_their_links_to_each_other() {
    let p = Project::new();
    let a = format!("{OLD}\nSee [b](b.md#setup) and [the guide](guide.md).\n");
    let b = format!("{OLD}\nSee [a](./a.md) and <a href=\"a.md\">a again</a>.\n");
    p.write("docs/a.md", &a);
    p.write("docs/b.md", &b);
    p.write("docs/guide.md", "# Guide\n\n[a](a.md) and [b](b.md)\n");
    let before = all_files(&p);
    let dest = |path: &str| match path {
        "docs/a.md" => Some(move_to("docs/archive/a.md")),
        "docs/b.md" => Some(move_to("docs/old/b.md")),
        _ => None,
    };
    let (out, _) = check_answering(&p, dest);
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    let r = report(&p);
    for e in r["entries"].as_array().unwrap() {
        assert_eq!(e["safety_tier"], "auto", "{e:#}");
    }
    let no_broken = |p: &Project, docs: &[&str]| {
        for doc in docs {
            let broken = broken_references(p, doc);
            assert!(broken.is_empty(), "{doc}: {broken:#?}");
        }
    };

    // One of them alone: its link to the other points at where the other still is.
    let done =
        json_line(&p.run(&["clean", "--entry", &entry_id_of(&p, "docs/a.md")]).expect_code(0));
    assert_eq!(
        p.read("docs/archive/a.md"),
        a.replace("(b.md#setup)", "(../b.md#setup)").replace("(guide.md)", "(../guide.md)")
    );
    assert_eq!(
        p.read("docs/b.md"),
        b.replace("./a.md", "./archive/a.md").replace("\"a.md\"", "\"archive/a.md\"")
    );
    no_broken(&p, &["docs/archive/a.md", "docs/b.md", "docs/guide.md"]);
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    assert_eq!(all_files(&p), before);

    // Both in one clean: each link points at the other's new place.
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    assert_eq!(done["applied"].as_array().unwrap().len(), 2, "{done}");
    assert_eq!(
        p.read("docs/archive/a.md"),
        a.replace("(b.md#setup)", "(../old/b.md#setup)").replace("(guide.md)", "(../guide.md)")
    );
    assert_eq!(
        p.read("docs/old/b.md"),
        b.replace("./a.md", "../archive/a.md").replace("\"a.md\"", "\"../archive/a.md\"")
    );
    assert_eq!(p.read("docs/guide.md"), "# Guide\n\n[a](archive/a.md) and [b](old/b.md)\n");
    no_broken(&p, &["docs/archive/a.md", "docs/old/b.md", "docs/guide.md"]);
    p.run(&["undo", done["op_id"].as_str().unwrap()]).expect_code(0);
    assert_eq!(all_files(&p), before, "undo restores both docs and the guide");
}

#[test]
fn an_own_link_the_engine_cannot_rewrite_makes_the_move_confirm() {
    let front = b"---\nstatus: superseded\n---\n# Old\n\n".to_vec();
    let cases: [(&str, &[u8], &str); 4] = [
        ("escaped", b"See [it](gu\\_ide.md).\n", "escapes"),
        ("entity", b"See <a href=\"gu&#105;de.md\">it</a>.\n", "escapes"),
        ("not UTF-8", b"Caf\xe9: see [it](guide.md).\n", "UTF-8"),
        ("out of the root", b"See [it](../../outside.md).\n", "outside"),
    ];
    for (case, body, expect) in cases {
        let p = Project::new();
        p.write("docs/guide.md", "# Guide\n");
        let doc = [front.as_slice(), body].concat();
        std::fs::write(p.root().join("docs/old.md"), &doc).unwrap();
        let (out, _) = check_answering(&p, |path| {
            (path == "docs/old.md").then(|| move_to("docs/archive/old.md"))
        });
        assert_eq!(out.code, 0, "{case}: {}\n{}", out.stdout, out.stderr);
        let entry = only_entry(&p);
        assert_eq!(entry["safety_tier"], "confirm", "{case}: {entry:#}");
        let refs = entry["outbound"]["unrewritable"]
            .as_array()
            .unwrap_or_else(|| panic!("{case}: {entry:#}"));
        assert_eq!(refs[0]["line"], 6, "{case}: {entry:#}");
        let reason = refs[0]["reason"].as_str().unwrap();
        assert!(reason.contains(expect), "{case}: {reason}");
        p.run(&["validate", p.state("report.json").to_str().unwrap()]).expect_code(0);
        let preview = p.run(&["clean", "--tier", "confirm", "--dry-run"]).expect_code(0);
        assert!(
            preview.stderr.contains("would leave docs/old.md line 6"),
            "{case}: {}",
            preview.stderr
        );
        assert_eq!(json_line(&p.run(&["clean"]).expect_code(0))["status"], "nothing_to_apply");
        assert_eq!(std::fs::read(p.root().join("docs/old.md")).unwrap(), doc, "{case}");

        // The tier follows the flag like every derived field.
        let mut edited = report(&p);
        edited["entries"][0]["safety_tier"] = json!("auto");
        let file = p.root().join("edited.json");
        std::fs::write(&file, edited.to_string()).unwrap();
        let out = p.run(&["validate", "--json", file.to_str().unwrap()]).output();
        assert_eq!(out.code, 1, "{case}: {}", out.stdout);
        assert_eq!(out.json()["violations"][0]["rule"], "safety-tier-derived", "{}", out.stdout);
    }
    // Links that need no change may be written any way at all, in any encoding.
    let fine: [&[u8]; 3] = [
        b"See [it](/docs/gu\\_ide.md) and [site](https://example.com/a\\_b.md).\n",
        b"Caf\xe9: see [site](https://example.com/) and [top](#old).\n",
        b"See [me](old.md#old).\n",
    ];
    for body in fine {
        let p = Project::new();
        p.write("docs/guide.md", "# Guide\n");
        std::fs::write(p.root().join("docs/old.md"), [front.as_slice(), body].concat()).unwrap();
        let (out, _) = check_answering(&p, |path| {
            (path == "docs/old.md").then(|| move_to("docs/archive/old.md"))
        });
        assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
        let entry = only_entry(&p);
        assert_eq!(entry["safety_tier"], "auto", "{entry:#}");
        assert!(entry.get("outbound").is_none(), "{entry:#}");
    }
}

/// `docs/old.md` (line 10: "Build with make.") moved, with a second entry of the same
/// answer editing line 10.
fn moved_and_edited(edit: Value) -> Project {
    let p = Project::new();
    p.write("docs/guide.md", "# Guide\n\nBuild with make.\n");
    p.write("docs/old.md", &format!("{OLD}\nBuild with make.\n"));
    let (out, _) = check_answering(&p, |path| {
        (path == "docs/old.md").then(|| {
            let mut answer = move_to("docs/archive/old.md");
            let second = json!({
                "category": {"class": "stale", "subtype": "duplicated"},
                "signals": ["frontmatter_marker"],
                "op": "Point at the guide instead of repeating it.",
                "op_type": "deterministic",
                "exact_edit": edit.clone(),
                "confidence": 0.9});
            answer["entries"].as_array_mut().unwrap().push(second);
            answer
        })
    });
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    p
}

#[test]
fn a_link_an_edit_of_the_same_clean_adds_follows_the_move_or_the_doc_stays() {
    // The link a dedupe writes (from the old folder) is rewritten with the doc's own.
    let p = moved_and_edited(json!({"kind": "dedupe",
        "anchor": {"start_line": 10, "end_line": 10}, "canonical_ref": "docs/guide.md"}));
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    assert_eq!(done["applied"].as_array().unwrap().len(), 2, "{done}");
    let moved = p.read("docs/archive/old.md");
    assert!(moved.contains("See [docs/guide.md](../guide.md)."), "{moved}");
    assert!(broken_references(&p, "docs/archive/old.md").is_empty(), "{moved}");

    // A replacement that writes a link the move cannot rewrite: the edit applies where the
    // doc is, and the move is skipped with why.
    let p = moved_and_edited(json!({"kind": "replace-text",
        "anchor": {"start_line": 10, "end_line": 10}, "match": "make",
        "replacement": "[make](ma\\_ke.md)"}));
    p.write("docs/ma_ke.md", "# Make\n");
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    assert_eq!(done["applied"].as_array().unwrap().len(), 1, "{done}");
    let reason = done["skipped"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("was not moved") && reason.contains("escapes"), "{reason}");
    assert!(!p.root().join("docs/archive").exists());
    assert!(p.read("docs/old.md").contains("Build with [make](ma\\_ke.md)."));
    assert!(broken_references(&p, "docs/old.md").is_empty());
}

#[test]
fn a_link_from_a_doc_larger_than_4_mib_still_follows_the_move() {
    // Docs up to the 8 MiB doc limit are scanned, so the move's search reads them too
    // (it stopped at 4 MiB: the link was neither rewritten nor flagged).
    let p = site();
    let filler = "Filler text for a very large doc.\n".repeat(5 * 1024 * 1024 / 34 + 1);
    p.write("docs/huge.md", &format!("# Huge\n\nSee [old](old.md).\n\n{filler}"));
    let (out, _) =
        check_answering(&p, |path| (path == "docs/old.md").then(|| move_to("docs/archive/old.md")));
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    let entry = only_entry(&p);
    let files: Vec<&str> = entry["inbound"]["rewrites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert!(files.contains(&"docs/huge.md"), "{entry:#}");
    p.run(&["clean"]).expect_code(0);
    assert!(p.read("docs/huge.md").starts_with("# Huge\n\nSee [old](archive/old.md).\n"));
}
