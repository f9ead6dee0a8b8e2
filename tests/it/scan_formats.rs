//! Snapshots of every `scan` output format on one small fixture, plus the structural
//! checks a consumer relies on (SARIF 2.1.0 shape, GitHub annotation escaping).

use crate::scan_support::{dochygiene, fixture};

/// Runs `scan --no-git --format <format>` on the formats fixture, root path redacted.
fn render(format: &str) -> String {
    let root = fixture("formats");
    let out = dochygiene(&root, &["scan", "--no-git", "--format", format]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    out.stdout.replace(&root.canonicalize().unwrap().display().to_string(), "[ROOT]")
}

#[test]
fn text_format() {
    insta::assert_snapshot!(render("text"));
}

#[test]
fn github_format() {
    let out = render("github");
    assert!(out.contains("title=broken_reference::link target"), "{out}");
    assert!(!out.lines().any(|l| l.matches("::").count() != 2), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn json_format() {
    insta::assert_snapshot!(render("json"));
}

#[test]
fn sarif_format_is_sarif_2_1_0() {
    let out = render("sarif");
    let log: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), 8, "one rule per signal name");
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    for r in results {
        let index = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], r["ruleId"]);
        let loc = &r["locations"][0]["physicalLocation"];
        assert!(loc["region"]["startLine"].as_u64().unwrap() >= 1);
        assert!(
            !loc["artifactLocation"]["uri"].as_str().unwrap().contains(' '),
            "URIs are encoded"
        );
    }
    insta::assert_snapshot!(out);
}
