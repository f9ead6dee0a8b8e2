//! Untrusted input (SPEC section 13, `guide/architecture.md` "Trust boundaries"): a cloned
//! repository's files, symlinks and frontmatter, answers, fixtures and state a user may
//! have edited. Every test here failed before its fix.
//!
//! - `archive` — a moved doc's inbound links and nav entries rewritten in the same op (or
//!   the entry is `confirm`), answer-time `dest_path` rules, undo removing the folders
//!   clean created.
//! - `audit` — what an attack-and-accident pass over the merged work found: names holding
//!   `:` or `\`, an edit growing a doc past its limit, a `dedupe` naming a huge file or a
//!   name with spaces, a corrupt journal of a finished clean, a report over its reader's
//!   limit, a linked `trash/`, frontmatter values and TOML blocks an edit would break.
//! - `confinement` — nothing read or written outside the root or through `.dochygiene`
//!   symlinks; non-regular inputs; corrupt state; closed stdout; `remind` writes nothing.
//! - `edits` — every byte outside an edit's span kept (non-UTF-8, CRLF, BOM), file modes,
//!   inbound links of a moved doc, `dest_path` rules, bounded answer fields.
//! - `parsing` — bounded parsing under a memory cap (YAML bombs, deep nesting, huge docs)
//!   and property tests of the untrusted readers.

mod archive;
mod audit;
mod confinement;
mod edits;
mod parsing;

use serde_json::{json, Value};

use crate::support::{json_line, Output, Project};

/// Runs `check --no-git` as a runner would: every `classify_file` request is answered with
/// `answer(path)` (`None` = clear), re-asks included, until the op ends. Returns the last
/// output and every violation list a re-ask carried, by path.
pub(super) fn check_answering(
    p: &Project,
    answer: impl Fn(&str) -> Option<Value>,
) -> (Output, Vec<(String, Vec<String>)>) {
    let mut reasked = Vec::new();
    let mut out = p.run(&["check", "--no-git"]).output();
    for _ in 0..10 {
        if out.code != 7 {
            return (out, reasked);
        }
        let line = json_line(&out);
        let pending: Value = serde_json::from_str(
            &std::fs::read_to_string(line["pending"].as_str().unwrap()).unwrap(),
        )
        .unwrap();
        let mut responses = Vec::new();
        for request in pending["requests"].as_array().unwrap() {
            let path = request["inputs"]["path"].as_str().unwrap().to_string();
            if let Some(v) = request["inputs"]["violations"].as_array() {
                let v = v.iter().map(|s| s.as_str().unwrap().to_string()).collect();
                reasked.push((path.clone(), v));
            }
            let response = answer(&path).unwrap_or_else(|| json!({"verdict": "clear"}));
            responses.push(json!({"request_id": request["request_id"], "response": response}));
        }
        let file = json!({"batch_id": line["batch_id"], "responses": responses});
        std::fs::write(line["responses"].as_str().unwrap(), file.to_string()).unwrap();
        out = p.run(&["resume"]).output();
    }
    panic!("check did not finish:\n{}\n{}", out.stdout, out.stderr);
}

/// The report the last check wrote.
pub(super) fn report(p: &Project) -> Value {
    serde_json::from_str(&p.read(".dochygiene/report.json")).unwrap()
}
