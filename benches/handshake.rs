//! The handshake at scale: a tree of N signal-bearing docs (default 5,000), one `check`
//! to exit 7, then `resume` with every request answered (half cleared, half a
//! replace-text entry). Prints the pending file's bytes per request, and medians over
//! rounds of `resume` (accept → plan → finalize → validate → write) against `status`
//! (process start + state read) run in the same loop as the baseline. Then, with that
//! report's verdicts stored, 10 docs change and a new `check` of the tree is timed: it
//! reuses the other answers and asks only the 10 (goal: at most 1.5× the resume).
//!
//! Run: `cargo bench --bench handshake [-- N]`.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const ROUNDS: usize = 7;

fn main() {
    let n: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(5_000);
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for i in 0..n {
        let sub = root.join(format!("docs/d{:03}", i / 100));
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(
            sub.join(format!("doc{i}.md")),
            format!("# Doc {i}\n\nSome prose about part {i} of the system.\n\nSee [the old guide](missing-{i}.md).\n"),
        )
        .unwrap();
    }
    let t = Instant::now();
    let out = run(root, &["check", "--no-git", "--op-id", "bench"]);
    let check_time = t.elapsed();
    assert_eq!(out.status.code(), Some(7), "{}", String::from_utf8_lossy(&out.stderr));
    let line: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    let pending_path = line["pending"].as_str().unwrap();
    let pending_bytes = std::fs::metadata(pending_path).unwrap().len();
    let pending: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(pending_path).unwrap()).unwrap();
    let requests = pending["requests"].as_array().unwrap();
    assert_eq!(requests.len(), n);
    let responses: Vec<serde_json::Value> = requests
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let sig = &r["inputs"]["signals"][0];
            let answer = if i % 2 == 0 {
                serde_json::json!({"verdict": "clear"})
            } else {
                serde_json::json!({"verdict": "entries", "entries": [{
                    "category": {"class": "stale", "subtype": "orphaned"},
                    "signals": ["broken_reference"],
                    "op": "Point the link at the new guide.",
                    "op_type": "deterministic",
                    "exact_edit": {"kind": "replace-text",
                                   "anchor": {"start_line": sig["line"], "end_line": sig["line"]},
                                   "match": sig["target"], "replacement": "guide.md"},
                    "confidence": 0.9}]})
            };
            serde_json::json!({"request_id": r["request_id"], "response": answer})
        })
        .collect();
    let file = serde_json::json!({"batch_id": line["batch_id"], "responses": responses});
    std::fs::write(line["responses"].as_str().unwrap(), file.to_string()).unwrap();

    let state = root.join(".dochygiene");
    let saved = root.join("saved-state");
    copy_dir(&state, &saved);
    let mut resumes = Vec::new();
    let mut statuses = Vec::new();
    for _ in 0..ROUNDS {
        std::fs::remove_dir_all(&state).unwrap();
        copy_dir(&saved, &state);
        let t = Instant::now();
        let out = run(root, &["resume", "bench"]);
        resumes.push(t.elapsed());
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let t = Instant::now();
        let out = run(root, &["status"]);
        statuses.push(t.elapsed());
        assert!(out.status.success());
    }
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(state.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["entries"].as_array().unwrap().len(), n / 2);
    // A second check after 10 docs changed: every other verdict is reused.
    let changed = 10.min(n);
    for i in 0..changed {
        let i = i * (n / changed);
        let path = root.join(format!("docs/d{:03}/doc{i}.md", i / 100));
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("Some prose", "Changed prose")).unwrap();
    }
    let reuse_saved = root.join("saved-reuse-state");
    copy_dir(&state, &reuse_saved);
    let mut rechecks = Vec::new();
    for _ in 0..ROUNDS {
        std::fs::remove_dir_all(&state).unwrap();
        copy_dir(&reuse_saved, &state);
        let t = Instant::now();
        let out = run(root, &["check", "--no-git", "--op-id", "reuse"]);
        rechecks.push(t.elapsed());
        assert_eq!(out.status.code(), Some(7), "{}", String::from_utf8_lossy(&out.stderr));
        let line: serde_json::Value =
            serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
        let pending: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(line["pending"].as_str().unwrap()).unwrap(),
        )
        .unwrap();
        assert_eq!(pending["requests"].as_array().unwrap().len(), changed);
    }
    let (resume, status) = (median(&mut resumes), median(&mut statuses));
    let recheck = median(&mut rechecks);
    println!("requests: {n}");
    println!("check (scan + candidates + pending, once): {check_time:?}");
    println!(
        "pending file: {pending_bytes} bytes = {:.0} bytes/request (goal ≤ 3072, ~3 KiB)",
        pending_bytes as f64 / n as f64
    );
    println!("resume of {n} answers: median {resume:?} over {ROUNDS} rounds");
    println!("status baseline:       median {status:?} over {ROUNDS} rounds");
    println!("ratio resume/status: {:.1}", resume.as_secs_f64() / status.as_secs_f64());
    println!(
        "check reusing {} of {n} answers (asks {changed}): median {recheck:?} over {ROUNDS} rounds",
        n - changed
    );
    println!(
        "ratio reusing check/resume: {:.2} (goal ≤ 1.5)",
        recheck.as_secs_f64() / resume.as_secs_f64()
    );
}

fn run(root: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dochygiene"))
        .arg("--root")
        .arg(root)
        .args(args)
        .env_remove("DOCHYGIENE_TIER2_FIXTURE")
        .env_remove("DOCHYGIENE_FAILPOINT")
        .env("DOCHYGIENE_CACHE_DIR", "off") // every round pays for its own token counts
        .output()
        .unwrap()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}
