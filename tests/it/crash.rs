//! Crash safety and determinism: the engine killed right after each step in turn, then
//! resumed, writes the same bytes as an uninterrupted run; two runs from scratch with
//! the same clock, op id and answers write identical files.

use crate::handshake::{respond, rule, sample};
use crate::support::{json_line, Project};

/// Every failpoint a check op with one answered batch passes.
const STEPS: [&str; 8] = [
    "op-created",
    "iteration-persisted",
    "pending-written",
    "answers-stored",
    "finalize-persisted",
    "report-written",
    "last-check-stamped",
    "op-done",
];

/// Drives `check` to the end, answering by the rule table, dying once at `failpoint`.
/// Returns the report pair, `state.json`, and whether the failpoint fired.
fn run_to_end(p: &Project, failpoint: Option<&str>) -> (Vec<u8>, Vec<u8>, Vec<u8>, bool) {
    let mut args = vec!["check", "--op-id", "t1", "--no-git"];
    let mut armed = failpoint;
    let mut fired = false;
    for _ in 0..20 {
        let mut run = p.run(&args);
        if let Some(step) = armed {
            run = run.env("DOCHYGIENE_FAILPOINT", step);
        }
        let out = run.output();
        args = vec!["resume", "t1"];
        if out.aborted() {
            assert!(armed.is_some(), "aborted with no failpoint armed: {}", out.stderr);
            fired = true;
            armed = None;
            continue;
        }
        match out.code {
            7 => {
                respond(&json_line(&out), |r| Some(rule(r)));
            }
            0 => {
                let read = |rel: &str| std::fs::read(p.state(rel)).unwrap();
                return (read("report.json"), read("report.md"), read("state.json"), fired);
            }
            code => panic!("exit {code}\n{}", out.stderr),
        }
    }
    panic!("the op did not finish in 20 steps");
}

#[test]
fn killed_after_every_step_then_resumed_gives_byte_identical_output() {
    let baseline_project = sample();
    let baseline = run_to_end(&baseline_project, None);
    for step in STEPS {
        let p = sample();
        // Same absolute root text is not needed: compare with the root path replaced.
        let got = run_to_end(&p, Some(step));
        assert!(got.3, "failpoint {step} never fired");
        let norm = |bytes: &[u8], root: &std::path::Path| {
            String::from_utf8_lossy(bytes).replace(root.to_str().unwrap(), "<ROOT>")
        };
        assert_eq!(
            norm(&got.0, p.root()),
            norm(&baseline.0, baseline_project.root()),
            "report.json after {step}"
        );
        assert_eq!(
            norm(&got.1, p.root()),
            norm(&baseline.1, baseline_project.root()),
            "report.md after {step}"
        );
        assert_eq!(got.2, baseline.2, "state.json after {step}");
    }
}

#[test]
fn two_runs_from_scratch_give_identical_files() {
    let p = sample();
    let first = run_to_end(&p, None);
    let pending_of = |p: &Project| {
        let dir = p.state("ops/t1");
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap())
            .filter(|e| e.file_name().to_string_lossy().starts_with("pending-"))
            .map(|e| {
                (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap())
            })
            .collect();
        files.sort();
        files
    };
    let first_pending = pending_of(&p);
    assert!(!first_pending.is_empty());
    std::fs::remove_dir_all(p.state("")).unwrap();
    let second = run_to_end(&p, None);
    assert_eq!(first.0, second.0, "report.json");
    assert_eq!(first.1, second.1, "report.md");
    assert_eq!(first_pending, pending_of(&p), "pending files");
}
