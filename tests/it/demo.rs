//! The bundled demo (`fixtures/demo` + its answers file), as the README runs it.

use crate::support::{fixture, json_line, Project};

#[test]
fn the_demo_answers_every_request_and_writes_the_pinned_report() {
    let p = Project::from_fixture("demo");
    let out = p.run(&["check", "--op-id", "demo"]).expect_code(7);
    let line = json_line(&out);
    let pending: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(line["pending"].as_str().unwrap()).unwrap())
            .unwrap();
    let answers: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("demo/answers.json")).unwrap())
            .unwrap();
    let mut asked: Vec<&str> = pending["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["request_id"].as_str().unwrap())
        .collect();
    let mut answered: Vec<&str> = answers.as_object().unwrap().keys().map(String::as_str).collect();
    asked.sort();
    answered.sort();
    assert_eq!(
        asked, answered,
        "fixtures/demo/answers.json must answer exactly the demo's requests"
    );
    p.run(&["ops", "abort", "demo"]).expect_code(0);

    let out = p
        .run(&["check", "--op-id", "demo-2"])
        .env("DOCHYGIENE_TIER2_FIXTURE", fixture("demo/answers.json"))
        .expect_code(0);
    let done = json_line(&out);
    assert_eq!((done["entries"].as_u64(), done["cleared"].as_u64()), (Some(7), Some(1)));
    crate::support::dochygiene(["validate".as_ref(), p.state("report.json").as_os_str()])
        .expect_code(0);
    insta::assert_snapshot!(p.read(".dochygiene/report.md"));
}
