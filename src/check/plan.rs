//! The plan: from the candidates and the answers so far, which `classify_file` requests
//! are still open and what each file's outcome is. Recomputed from scratch on every
//! step, so it is a pure function of `candidates.json` + `answers.json` (+ the files'
//! bytes) and a resume after a crash plans exactly what an uninterrupted run would.
//!
//! A file whose verdict was stored by an earlier check for the same question (the op's
//! frozen `reusable.json`, see `verdict_store.rs`) is not asked when that answer still
//! passes today's proposal checks; when it does not, the file is asked anew, as a first
//! request.
//!
//! Per file the chain (ask → answer → check → re-ask or escalate) is the handshake's
//! one chain (`handshake::settle`); what is particular to classifying — the request,
//! its checks against the file, the escalation threshold — is [`ClassifyCheck`].

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use super::candidates::{Candidate, Candidates};
use super::proposal_check::{check_answer, move_destination, Problems};
use super::reuse_key::KeyContext;
use super::verdict_store::VerdictStore;
use crate::error::Result;
use crate::file_view::FileView;
use crate::handshake::{settle, AnswerCheck, Ask, Planned, Settled, Split};
use crate::ids::RequestId;
use crate::protocol::{
    AnswerStore, ClassifyAnswer, Proposal, Request, RequestKind, Verdict, SONNET_MEDIUM,
};

/// A file's outcome once its chain has ended.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Outcome {
    /// A valid answer to finalize. `reused_from` names the op that asked it when it was
    /// reused rather than asked in this op; `dropped` holds the violations of its
    /// proposals that failed validation `MAX_REASKS + 1` times and were dropped (the rest
    /// were kept).
    Accepted {
        request_id: RequestId,
        answer: ClassifyAnswer,
        reused_from: Option<String>,
        dropped: Vec<String>,
    },
    /// The answer failed validation `MAX_REASKS + 1` times.
    Dropped { request_id: RequestId, violations: Vec<String> },
}

/// Settled outcomes by path.
pub(crate) type Outcomes = BTreeMap<String, Outcome>;

/// The verdicts an op may reuse (its frozen `reusable.json`) and the key they must match.
pub(crate) struct Reusable {
    pub verdicts: VerdictStore,
    pub ctx: KeyContext,
}

impl Reusable {
    /// The stored answer to the question about `c`, if it is still the same question.
    fn answer_for(&self, c: &Candidate) -> Option<(ClassifyAnswer, &str)> {
        let v = self.verdicts.verdicts.get(&c.path).filter(|v| v.key == self.ctx.key(c))?;
        let answer = serde_json::from_value(v.answer.clone()).ok()?;
        Some((answer, v.op_id.as_str()))
    }
}

/// Plans every candidate. `escalate_below` is the confidence threshold.
pub(crate) fn plan(
    root: &Path,
    candidates: &Candidates,
    answers: &AnswerStore,
    answers_path: &Path,
    escalate_below: f64,
    reusable: &Reusable,
) -> Result<Planned<Outcomes>> {
    let mut open = Vec::new();
    let mut outcomes = Outcomes::new();
    // `dest_path` → the doc moving there, from the answers accepted so far: a later
    // file's answer naming a claimed destination is asked again.
    let mut claimed: BTreeMap<String, String> = BTreeMap::new();
    for c in &candidates.candidates {
        let base = serde_json::to_value(c).expect("a candidate serializes");
        let mut check =
            ClassifyCheck { root, candidate: c, file: None, claimed: &claimed, escalate_below };
        let reused = match reusable.answer_for(c) {
            Some((answer, op)) if check.violations(&answer)?.is_empty() => {
                let first = Ask { hints: SONNET_MEDIUM, escalated: false, attempt: 0, kept: 0 };
                let request_id = check.request(base.clone(), first).request_id;
                Some(Settled::Accepted { request_id, answer, dropped: Vec::new() })
                    .zip(Some(op.to_string()))
            }
            _ => None,
        };
        let (settled, reused_from) = match reused {
            Some((settled, op)) => (settled, Some(op)),
            None => (settle(&mut check, base, answers, answers_path)?, None),
        };
        match settled {
            Settled::Open(request) => open.push(request),
            Settled::Accepted { request_id, answer, dropped } => {
                for dest in answer.entries.iter().filter_map(move_destination) {
                    claimed.insert(dest.to_string(), c.path.clone());
                }
                let outcome = Outcome::Accepted { request_id, answer, reused_from, dropped };
                outcomes.insert(c.path.clone(), outcome);
            }
            Settled::Dropped { request_id, violations } => {
                outcomes.insert(c.path.clone(), Outcome::Dropped { request_id, violations });
            }
        }
    }
    Ok(Planned { open, settled: outcomes })
}

/// `classify_file`: the request about one candidate, checked against its file.
struct ClassifyCheck<'a> {
    root: &'a Path,
    candidate: &'a Candidate,
    /// The file's current bytes, read at the first answer to check.
    file: Option<FileView>,
    claimed: &'a BTreeMap<String, String>,
    escalate_below: f64,
}

impl AnswerCheck for ClassifyCheck<'_> {
    type Answer = ClassifyAnswer;
    const KIND: RequestKind = RequestKind::ClassifyFile;

    fn request(&self, inputs: Value, ask: Ask) -> Request {
        let c = self.candidate;
        let names: Vec<&str> = c.signals.iter().map(|s| s.name.as_str()).collect();
        let mut prompt = format!(
            "Classify `{}` ({} lines, ~{} tokens; signals: {}).",
            c.path,
            c.lines,
            c.raw_tokens,
            summarize(&names)
        );
        if ask.escalated {
            prompt.push_str(" A first answer had low confidence; decide afresh.");
        }
        prompt.push_str(&ask.reask_note());
        Request::new(Self::KIND, prompt, inputs, ask.hints)
    }

    fn violations(&mut self, answer: &ClassifyAnswer) -> Result<Vec<String>> {
        Ok(self.problems(answer)?.all())
    }

    /// Keeps the valid proposals when the answer as a whole is sound: only the invalid
    /// ones are asked again.
    fn split(&mut self, answer: &ClassifyAnswer) -> Result<Option<Split<ClassifyAnswer>>> {
        let problems = self.problems(answer)?;
        let valid = problems.proposals.iter().filter(|p| p.is_empty()).count();
        if !problems.answer.is_empty() || valid == 0 || valid == answer.entries.len() {
            return Ok(None);
        }
        let (mut keep, mut redo) = (Vec::new(), Vec::new());
        let mut violations = Vec::new();
        for (p, problems) in answer.entries.iter().zip(&problems.proposals) {
            if problems.is_empty() {
                keep.push(p.clone());
            } else {
                let i = redo.len();
                violations.extend(problems.iter().map(|m| format!("entries[{i}]{m}")));
                redo.push(p.clone());
            }
        }
        let part = |entries: Vec<Proposal>, dismissed| ClassifyAnswer {
            verdict: Verdict::Entries,
            entries,
            why: None,
            dismissed,
        };
        Ok(Some(Split {
            kept: keep.len(),
            keep: part(keep, answer.dismissed.clone()),
            redo: part(redo, Vec::new()),
            violations,
        }))
    }

    /// The kept proposals, then the re-asked part's (none when it is now `clear`).
    fn merge(&self, kept: &ClassifyAnswer, answer: ClassifyAnswer) -> ClassifyAnswer {
        let mut merged = kept.clone();
        merged.entries.extend(answer.entries);
        merged.dismissed.extend(answer.dismissed);
        merged
    }

    fn escalate(&self, answer: &ClassifyAnswer) -> bool {
        answer.min_confidence().is_some_and(|m| m < self.escalate_below)
    }
}

impl ClassifyCheck<'_> {
    /// The answer's violations against the file's current bytes (read once).
    fn problems(&mut self, answer: &ClassifyAnswer) -> Result<Problems> {
        if self.file.is_none() {
            self.file = Some(FileView::read(&self.root.join(&self.candidate.path))?);
        }
        let file = self.file.as_ref().expect("read above");
        Ok(check_answer(self.root, self.candidate, file, answer, self.claimed))
    }
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
