//! Classifier goldens (`fixtures/golden/classifier/<n>-<name>/`): the guard against
//! classifier regressions, hermetic (no model is ever called).
//!
//! Each case holds `input/` (a small static tree), optionally `history.json` (commits
//! replayed into a git repository with fixed dates before `input/` is laid over them),
//! `signals.json` (the scanner signals the input must produce), `answers.json` (the
//! classifier's answers keyed by request id, taken from a real run), `expected.json` (the
//! report the engine wrote from those answers, committed) and `notes.md`.
//!
//! Asserted: the scanner's signals on each input; that `expected.json` validates; that
//! `check` with the answers reproduces every entry's class, subtype, op_type, safety tier
//! and exact_edit kind, and the cleared files. Op prose and anchor lines are advisory:
//! a difference is printed, not failed. `UPDATE_GOLDENS=1 cargo test classifier_golden`
//! rewrites every `expected.json` from the current engine (review the diff).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::scan_support::git_in;
use crate::support::{copy_dir, dochygiene, fixture, json_line, Output};

/// The fixed run instant of every golden.
const NOW: &str = "2026-06-01T12:00:00Z";

/// Every case folder, in name order.
fn cases() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(fixture("golden/classifier"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 6, "{dirs:?}");
    dirs
}

fn name(case: &Path) -> String {
    case.file_name().unwrap().to_string_lossy().into_owned()
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The case's tree in a fresh folder: `input/` copied, after the commits of
/// `history.json` when there is one.
fn materialize(case: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let history = case.join("history.json");
    if history.exists() {
        let history = read_json(&history);
        git_in(root, &["init", "-q", "-b", "main"], "2024-01-01T00:00:00Z");
        for commit in history["commits"].as_array().unwrap() {
            let date = commit["date"].as_str().unwrap();
            for (rel, text) in commit["write"].as_object().into_iter().flatten() {
                let path = root.join(rel);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, text.as_str().unwrap()).unwrap();
            }
            for pair in commit["mv"].as_array().into_iter().flatten() {
                let (from, to) = (pair[0].as_str().unwrap(), pair[1].as_str().unwrap());
                std::fs::create_dir_all(root.join(to).parent().unwrap()).unwrap();
                git_in(root, &["mv", from, to], date);
            }
            for rel in commit["rm"].as_array().into_iter().flatten() {
                git_in(root, &["rm", "-q", rel.as_str().unwrap()], date);
            }
            git_in(root, &["add", "-A"], date);
            git_in(root, &["commit", "-q", "-m", commit["message"].as_str().unwrap()], date);
        }
        copy_dir(&case.join("input"), root);
        let date = history["final_date"].as_str().unwrap();
        git_in(root, &["add", "-A"], date);
        if !git_in(root, &["status", "--porcelain"], date).is_empty() {
            git_in(root, &["commit", "-q", "-m", "final tree"], date);
        }
    } else {
        copy_dir(&case.join("input"), root);
    }
    dir
}

fn run(root: &Path, args: &[&str]) -> Output {
    let mut all: Vec<std::ffi::OsString> = vec!["--root".into(), root.into()];
    all.extend(args.iter().map(std::ffi::OsString::from));
    dochygiene(all).now(NOW).output()
}

/// The signals of an artifact as `signals.json` states them: per path, each signal's
/// name and line, plus `target` and `suggestion` when the scanner gave them.
fn signal_summary(artifact: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for (path, signals) in artifact["signals"].as_object().unwrap() {
        let list: Vec<Value> = signals
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let mut v = json!({"name": s["name"], "line": s["line"]});
                for field in ["target", "suggestion"] {
                    if let Some(x) = s.get(field) {
                        v[field] = x.clone();
                    }
                }
                v
            })
            .collect();
        out.insert(path.clone(), Value::Array(list));
    }
    Value::Object(out)
}

#[test]
fn the_scanner_emits_each_cases_signals() {
    for case in cases() {
        let tree = materialize(&case);
        let out = run(tree.path(), &["scan", "--format", "json", "--exit-zero"]);
        assert_eq!(out.code, 0, "{}: {}", name(&case), out.stderr);
        let got = signal_summary(&out.json());
        let want = read_json(&case.join("signals.json"));
        assert_eq!(got, want, "{}: scanner signals differ from signals.json", name(&case));
    }
}

#[test]
fn every_expected_report_validates() {
    for case in cases() {
        let path = case.join("expected.json");
        let out = dochygiene(["validate".as_ref(), path.as_os_str()]).output();
        assert_eq!(out.code, 0, "{}:\n{}{}", name(&case), out.stdout, out.stderr);
    }
}

/// The fields of an entry that must not move: a classifier regression changes them.
fn stable(entry: &Value) -> (String, String, String, String, String, String) {
    let s = |v: &Value| v.as_str().unwrap_or("-").to_string();
    (
        s(&entry["path"]),
        s(&entry["category"]["class"]),
        s(&entry["category"]["subtype"]),
        s(&entry["op_type"]),
        s(&entry["safety_tier"]),
        s(&entry["exact_edit"]["kind"]),
    )
}

/// Op prose and anchors: reported when they differ, never failed.
fn advisory(entry: &Value) -> (Value, Value) {
    (entry["op"].clone(), entry["exact_edit"]["anchor"].clone())
}

#[test]
fn check_with_the_answers_reproduces_each_expected_report() {
    let update = std::env::var_os("UPDATE_GOLDENS").is_some();
    for case in cases() {
        let tree = materialize(&case);
        let answers = case.join("answers.json");
        let op_id = format!("golden-{}", name(&case));
        let out =
            run(tree.path(), &["check", "--op-id", &op_id, "--answers", answers.to_str().unwrap()]);
        assert_eq!(
            out.code,
            0,
            "{}: answers.json must answer every request\nstdout:\n{}\nstderr:\n{}",
            name(&case),
            out.stdout,
            out.stderr
        );
        let done = json_line(&out);
        let mut got = read_json(Path::new(done["report"].as_str().unwrap()));
        if update {
            // The run's root is a temp folder; the committed copy names the case's input
            // instead, so regenerating does not churn the file.
            got["scan"]["project_root"] =
                json!(format!("fixtures/golden/classifier/{}/input", name(&case)));
            let text = serde_json::to_string_pretty(&got).unwrap() + "\n";
            std::fs::write(case.join("expected.json"), text).unwrap();
            continue;
        }
        let want = read_json(&case.join("expected.json"));
        let entries = |r: &Value| r["entries"].as_array().unwrap().clone();
        let (got_entries, want_entries) = (entries(&got), entries(&want));
        let got_stable: Vec<_> = got_entries.iter().map(stable).collect();
        let want_stable: Vec<_> = want_entries.iter().map(stable).collect();
        assert_eq!(got_stable, want_stable, "{}: entries differ", name(&case));
        assert_eq!(got["cleared"], want["cleared"], "{}: cleared files differ", name(&case));
        for (g, w) in got_entries.iter().zip(&want_entries) {
            if advisory(g) != advisory(w) {
                eprintln!(
                    "advisory: {} {}: op/anchor {:?} differs from expected {:?}",
                    name(&case),
                    g["path"],
                    advisory(g),
                    advisory(w)
                );
            }
        }
    }
}

#[test]
fn the_goldens_cover_the_required_classifications() {
    let mut covered = BTreeSet::new();
    for case in cases() {
        for entry in read_json(&case.join("expected.json"))["entries"].as_array().unwrap() {
            let (_, _, subtype, _, tier, kind) = stable(entry);
            covered.insert(format!("{subtype} {kind} {tier}"));
        }
        assert!(case.join("notes.md").exists(), "{} has no notes.md", name(&case));
    }
    for required in [
        "orphaned delete-range confirm",
        "superseded move-to-archive auto",
        "completed-in-place insert-frontmatter auto",
        "duplicated dedupe auto",
        "orphaned replace-text auto",
        "distill - confirm",
    ] {
        assert!(covered.contains(required), "no golden for {required}: {covered:?}");
    }
}
