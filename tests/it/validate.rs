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
fn a_1_1_report_validates_and_each_of_its_new_fields_is_checked() {
    let golden = fixture("golden/valid_report_1_1.json");
    let out = dochygiene(["validate".as_ref(), golden.as_os_str()]).expect_code(0);
    assert!(out.stdout.contains("valid report (schema 1.1)"), "{}", out.stdout);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&golden).unwrap()).unwrap();
    let replace = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e["agent_found"] == true)
        .unwrap();
    type Mutation = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Mutation)> = vec![
        (
            "token-saving-present",
            Box::new(|r| {
                r["entries"][0].as_object_mut().unwrap().remove("token_saving");
            }),
        ),
        (
            "token-saving-weighted",
            Box::new(|r| r["entries"][0]["token_saving"]["weighted_tokens"] = 1.5.into()),
        ),
        (
            "token-saving-basis",
            Box::new(|r| r["entries"][0]["token_saving"]["basis"] = "estimated".into()),
        ),
        (
            "agent-found-evidence",
            Box::new(move |r| r["entries"][replace]["agent_found"] = false.into()),
        ),
        ("cleared-reason-cleared", Box::new(|r| r["cleared_reasons"]["README.md"] = "x".into())),
        ("dismissed-signal", Box::new(|r| r["dismissed"][0]["path"] = "docs/notes.md".into())),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (rule, mutate) in cases {
        let mut broken = report.clone();
        mutate(&mut broken);
        let file = dir.path().join(format!("{rule}.json"));
        std::fs::write(&file, serde_json::to_string_pretty(&broken).unwrap()).unwrap();
        let out =
            dochygiene(["validate".as_ref(), "--json".as_ref(), file.as_os_str()]).expect_code(1);
        let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let rules: Vec<&str> = v["violations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["rule"].as_str().unwrap())
            .collect();
        assert!(rules.contains(&rule), "{rule}: {rules:?}");
    }
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
