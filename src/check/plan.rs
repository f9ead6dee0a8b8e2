//! The plan: from the candidates and the answers so far, which requests are still open
//! and what each file's outcome is. Recomputed from scratch on every step, so it is a
//! pure function of `candidates.json` + `answers.json` (+ the files' bytes) and a resume
//! after a crash at any instant plans exactly what an uninterrupted run would.
//!
//! Per file the chain is: ask → answer → check. A semantically invalid answer is asked
//! again with its violations, at most twice, then dropped. A valid answer with a
//! proposal under the escalation threshold is asked once more of a stronger model.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{json, Value};

use super::candidates::{Candidate, Candidates};
use super::file_view::FileView;
use super::proposal_check::{check_answer, move_destination};
use crate::error::{Error, Result};
use crate::protocol::{
    AnswerStore, ClassifyAnswer, Hints, Request, RequestKind, OPUS_HIGH, SONNET_MEDIUM,
};

/// How many times an invalid answer is asked again before it is dropped.
pub const MAX_REASKS: u32 = 2;

/// A file's outcome once its chain has ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A valid answer to finalize.
    Accepted { request_id: String, answer: ClassifyAnswer },
    /// The answer failed validation `MAX_REASKS + 1` times.
    Dropped { request_id: String, violations: Vec<String> },
}

/// Open requests and settled outcomes.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub open: Vec<Request>,
    /// By path, for files whose chain has ended.
    pub outcomes: BTreeMap<String, Outcome>,
}

/// Plans every candidate. `escalate_below` is the confidence threshold.
pub fn plan(
    root: &Path,
    candidates: &Candidates,
    answers: &AnswerStore,
    escalate_below: f64,
) -> Result<Plan> {
    let mut plan = Plan::default();
    // `dest_path` → the doc moving there, from the answers accepted so far: a later
    // file's answer naming a claimed destination is asked again.
    let mut claimed: BTreeMap<String, String> = BTreeMap::new();
    for c in &candidates.candidates {
        let mut file = None;
        let base = serde_json::to_value(c).expect("a candidate serializes");
        let mut inputs = base.clone();
        let mut hints = SONNET_MEDIUM;
        let mut attempt = 0;
        let mut escalated = false;
        loop {
            let request = classify_request(c, inputs.clone(), hints, escalated, attempt);
            let Some(stored) = answers.get(&request.request_id) else {
                plan.open.push(request);
                break;
            };
            let answer: ClassifyAnswer =
                serde_json::from_value(stored.response.clone()).map_err(|e| {
                    Error::Internal(format!(
                        "stored answer {} lost its shape: {e}",
                        request.request_id
                    ))
                })?;
            if file.is_none() {
                file = Some(FileView::read(&root.join(&c.path))?);
            }
            let view = file.as_ref().expect("read above");
            let violations = check_answer(root, c, view, &answer, &claimed);
            if !violations.is_empty() {
                if attempt < MAX_REASKS {
                    attempt += 1;
                    inputs = with_fields(
                        &inputs_of_chain(&base, escalated, &inputs),
                        json!({
                            "previous_answer": stored.response,
                            "violations": violations,
                            "attempt": attempt,
                        }),
                    );
                    continue;
                }
                plan.outcomes.insert(
                    c.path.clone(),
                    Outcome::Dropped { request_id: request.request_id, violations },
                );
                break;
            }
            let low = answer.min_confidence().is_some_and(|m| m < escalate_below);
            if low && !escalated {
                escalated = true;
                attempt = 0;
                hints = OPUS_HIGH;
                inputs =
                    with_fields(&base, json!({"escalation": {"first_answer": stored.response}}));
                continue;
            }
            for dest in answer.entries.iter().filter_map(move_destination) {
                claimed.insert(dest.to_string(), c.path.clone());
            }
            plan.outcomes.insert(
                c.path.clone(),
                Outcome::Accepted { request_id: request.request_id, answer },
            );
            break;
        }
    }
    Ok(plan)
}

/// The inputs a re-ask builds on: the chain's base (plain or escalated), without the
/// previous re-ask's fields.
fn inputs_of_chain(base: &Value, escalated: bool, current: &Value) -> Value {
    if escalated {
        with_fields(base, json!({"escalation": current["escalation"].clone()}))
    } else {
        base.clone()
    }
}

fn with_fields(base: &Value, extra: Value) -> Value {
    let mut out = base.clone();
    if let (Some(map), Value::Object(extra)) = (out.as_object_mut(), extra) {
        map.extend(extra);
    }
    out
}

fn classify_request(
    c: &Candidate,
    inputs: Value,
    hints: Hints,
    escalated: bool,
    attempt: u32,
) -> Request {
    let names: Vec<&str> = c.signals.iter().map(|s| s.name.as_str()).collect();
    let mut prompt = format!(
        "Classify `{}` ({} lines, ~{} tokens; signals: {}).",
        c.path,
        c.lines,
        c.raw_tokens,
        summarize(&names)
    );
    if escalated {
        prompt.push_str(" A first answer had low confidence; decide afresh.");
    }
    if attempt > 0 {
        prompt.push_str(&format!(" Attempt {}: fix the listed violations.", attempt + 1));
    }
    Request::new(RequestKind::ClassifyFile, prompt, inputs, hints)
}

/// "broken_reference ×2, version_skew".
fn summarize(names: &[&str]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for n in names {
        *counts.entry(n).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(n, k)| if k > 1 { format!("{n} ×{k}") } else { n.to_string() })
        .collect::<Vec<_>>()
        .join(", ")
}
