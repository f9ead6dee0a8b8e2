//! `dochygiene validate`: the golden valid report passes; each invalid fixture fails with
//! exactly the violations pinned in the snapshot.

use crate::support::{dochygiene, fixture};

#[test]
fn golden_valid_report_is_valid() {
    let out = dochygiene(["validate".as_ref(), fixture("golden/valid_report.json").as_os_str()])
        .expect_code(0);
    assert!(out.stdout.contains("valid report (schema 1.0)"), "{}", out.stdout);
}

#[test]
fn golden_valid_report_covers_every_kind_and_a_generative_entry() {
    let text = std::fs::read_to_string(fixture("golden/valid_report.json")).unwrap();
    let report: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut kinds: Vec<&str> = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["exact_edit"]["kind"].as_str().unwrap_or("generative"))
        .collect();
    kinds.sort();
    kinds.dedup();
    assert_eq!(
        kinds,
        [
            "dedupe",
            "delete-range",
            "generative",
            "insert-frontmatter",
            "move-to-archive",
            "replace-text"
        ]
    );
}

#[test]
fn every_invalid_fixture_fails_with_its_pinned_violations() {
    let dir = fixture("golden/invalid");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert!(names.len() >= 17, "one fixture per rule, found {}", names.len());
    let mut combined = String::new();
    let mut first_rules = std::collections::BTreeSet::new();
    for name in &names {
        let out = dochygiene(["validate".as_ref(), dir.join(name).as_os_str()]).expect_code(1);
        assert!(!out.stdout.trim().is_empty(), "{name}: no violation printed");
        combined.push_str(&format!("== {name}\n{}", out.stdout));
        let json = dochygiene(["validate".as_ref(), "--json".as_ref(), dir.join(name).as_os_str()])
            .expect_code(1);
        let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
        assert_eq!(v["valid"], false);
        let first = &v["violations"][0];
        first_rules.insert(format!("{} {}", first["rule"], first["message"]));
    }
    assert_eq!(first_rules.len(), names.len(), "each fixture breaks a distinct rule");
    insta::assert_snapshot!(combined);
}

#[test]
fn unreadable_file_is_an_io_error_with_the_path() {
    let out = dochygiene(["validate", "/nonexistent/report.json"]).expect_code(3);
    assert!(
        out.stderr.starts_with("error: failed to read /nonexistent/report.json"),
        "{}",
        out.stderr
    );
}

#[test]
fn json_output_lists_paths_and_rules() {
    let file = fixture("golden/invalid/tier-not-derived.json");
    let out = dochygiene(["validate".as_ref(), "--json".as_ref(), file.as_os_str()]).expect_code(1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["violations"][0]["path"], "entries[0].safety_tier");
    assert_eq!(v["violations"][0]["rule"], "safety-tier-derived");
}
