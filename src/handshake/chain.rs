//! One request's chain: ask → answer → check. An answer that breaks the request kind's
//! rules is asked again with its violations (`inputs.violations`, `previous_answer`,
//! `attempt`), at most [`MAX_REASKS`] times, then dropped with them; a valid answer the
//! kind wants a second opinion on (a low-confidence classification) is asked once more,
//! escalated. Every request kind goes through this one chain via [`AnswerCheck`].
//!
//! A kind whose answers have parts (a classification's proposals) can [`split`] an
//! invalid answer: the valid part is kept, only the invalid part is asked again (its
//! violations, `inputs.kept` saying how many parts were kept), and when its re-asks run
//! out only that part is dropped.
//!
//! [`split`]: AnswerCheck::split
//!
//! The chain is a pure function of the base inputs, the stored answers and what the
//! check reads, so a resume after a crash settles exactly what an uninterrupted run
//! would.

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

use crate::error::{Error, Result};
use crate::ids::RequestId;
use crate::protocol::{AnswerStore, Hints, Request, RequestKind, OPUS_HIGH, SONNET_MEDIUM};

/// How many times an invalid answer is asked again before it is dropped.
pub(crate) const MAX_REASKS: u32 = 2;

/// Where a request stands in its chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ask {
    pub hints: Hints,
    /// A first answer was valid but asked once more of a stronger model.
    pub escalated: bool,
    /// 0 on a first ask; 1 and 2 on the re-asks with violations (`inputs.attempt`).
    pub attempt: u32,
    /// On a re-ask of part of an answer: how many parts of it were kept (`inputs.kept`).
    pub kept: usize,
}

impl Ask {
    /// The sentence a re-ask's prompt ends with, the same for every kind, naming the
    /// attempt exactly as `inputs.attempt` does; empty on a first ask.
    pub(crate) fn reask_note(&self) -> String {
        match (self.attempt, self.kept) {
            (0, _) => String::new(),
            (n, 0) => format!(
                " Re-ask {n} of {MAX_REASKS} (inputs.attempt = {n}): your previous answer broke the rules in inputs.violations; answer again, fixing them."
            ),
            (n, kept) => format!(
                " Re-ask {n} of {MAX_REASKS} (inputs.attempt = {n}): {kept} part(s) of your answer were kept; answer again only for inputs.previous_answer, fixing inputs.violations."
            ),
        }
    }
}

/// An invalid answer cut in two: the part that keeps the rules, accepted as it is, and
/// the part asked again alone, with its own violations.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Split<A> {
    pub keep: A,
    /// How many parts `keep` holds.
    pub kept: usize,
    pub redo: A,
    pub violations: Vec<String>,
}

/// What a request kind contributes to the chain: its request, the rules its answers
/// must keep, and whether a valid answer is worth a second opinion.
pub(crate) trait AnswerCheck {
    /// The answer type (its schema is the kind's `response_schema`).
    type Answer: DeserializeOwned + Serialize;

    /// The request kind.
    const KIND: RequestKind;

    /// The request for `inputs` at `ask` (the prompt may say it is a re-ask).
    fn request(&self, inputs: Value, ask: Ask) -> Request;

    /// Every rule `answer` breaks, as sentences the answerer can act on; empty = valid.
    fn violations(&mut self, answer: &Self::Answer) -> Result<Vec<String>>;

    /// Whether a valid first answer is asked once more of a stronger model.
    fn escalate(&self, _answer: &Self::Answer) -> bool {
        false
    }

    /// An answer with violations, cut into a valid part and a part to ask again; `None`
    /// (the default) asks the whole answer again.
    fn split(&mut self, _answer: &Self::Answer) -> Result<Option<Split<Self::Answer>>> {
        Ok(None)
    }

    /// The kept part of an answer together with the answer to its re-asked part.
    fn merge(&self, _kept: &Self::Answer, answer: Self::Answer) -> Self::Answer {
        answer
    }
}

/// How a chain ends (or that it is still open).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Settled<A> {
    /// The next request to ask.
    Open(Request),
    /// A valid answer. `dropped` holds the violations of the part of it that broke the
    /// rules `MAX_REASKS + 1` times and was dropped (empty: nothing was).
    Accepted { request_id: RequestId, answer: A, dropped: Vec<String> },
    /// The answer broke the rules `MAX_REASKS + 1` times.
    Dropped { request_id: RequestId, violations: Vec<String> },
}

/// Follows the chain of the request with `base` inputs through the stored answers.
/// `answers_path` names `answers.json` when a stored answer no longer has its kind's
/// shape (it had when it was stored, so the file was changed: corrupt state).
pub(crate) fn settle<C: AnswerCheck>(
    check: &mut C,
    base: Value,
    answers: &AnswerStore,
    answers_path: &Path,
) -> Result<Settled<C::Answer>> {
    let mut ask = Ask { hints: SONNET_MEDIUM, escalated: false, attempt: 0, kept: 0 };
    let mut inputs = base.clone();
    // The valid part of an earlier answer while only the rest is asked again.
    let mut kept: Option<C::Answer> = None;
    loop {
        let request = check.request(inputs.clone(), ask);
        let Some(stored) = answers.get(&request.request_id) else {
            return Ok(Settled::Open(request));
        };
        let answer: C::Answer =
            serde_json::from_value(stored.response.clone()).map_err(|e| Error::Corrupt {
                path: answers_path.to_path_buf(),
                message: format!(
                    "the stored {} answer to request {} lost its shape: {e}",
                    C::KIND.as_str(),
                    request.request_id
                ),
            })?;
        // The answer as the next re-ask or escalation quotes it: the stored text, or
        // the kept part merged with it.
        let (answer, as_stored) = match kept.take() {
            Some(k) => {
                let merged = check.merge(&k, answer);
                let value = serde_json::to_value(&merged).expect("an answer serializes");
                (merged, value)
            }
            None => (answer, stored.response.clone()),
        };
        let violations = check.violations(&answer)?;
        if !violations.is_empty() {
            let split = check.split(&answer)?;
            if ask.attempt >= MAX_REASKS {
                return Ok(match split {
                    Some(s) => Settled::Accepted {
                        request_id: request.request_id,
                        answer: s.keep,
                        dropped: s.violations,
                    },
                    None => Settled::Dropped { request_id: request.request_id, violations },
                });
            }
            ask.attempt += 1;
            let chain_base = if ask.escalated {
                with_fields(&base, json!({"escalation": inputs["escalation"].clone()}))
            } else {
                base.clone()
            };
            let (previous, violations, extra) = match split {
                Some(s) => {
                    ask.kept = s.kept;
                    let redo = serde_json::to_value(&s.redo).expect("an answer serializes");
                    kept = Some(s.keep);
                    (redo, s.violations, json!({"kept": ask.kept}))
                }
                None => {
                    ask.kept = 0;
                    (as_stored, violations, json!({}))
                }
            };
            inputs = with_fields(
                &with_fields(&chain_base, extra),
                json!({
                    "previous_answer": previous,
                    "violations": violations,
                    "attempt": ask.attempt,
                }),
            );
            continue;
        }
        if !ask.escalated && check.escalate(&answer) {
            ask = Ask { hints: OPUS_HIGH, escalated: true, attempt: 0, kept: 0 };
            inputs = with_fields(&base, json!({"escalation": {"first_answer": as_stored}}));
            continue;
        }
        return Ok(Settled::Accepted { request_id: request.request_id, answer, dropped: vec![] });
    }
}

fn with_fields(base: &Value, extra: Value) -> Value {
    let mut out = base.clone();
    if let (Some(map), Value::Object(extra)) = (out.as_object_mut(), extra) {
        map.extend(extra);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{RewriteAnswer, StoredAnswer};

    /// A kind whose answers are valid when their summary is not empty.
    struct Summaries;

    impl AnswerCheck for Summaries {
        type Answer = RewriteAnswer;
        const KIND: RequestKind = RequestKind::RewriteSpan;
        fn request(&self, inputs: Value, _ask: Ask) -> Request {
            Request::new(Self::KIND, "p".into(), inputs, SONNET_MEDIUM)
        }
        fn violations(&mut self, answer: &RewriteAnswer) -> Result<Vec<String>> {
            Ok(if answer.summary.is_empty() { vec!["summary: empty".into()] } else { vec![] })
        }
    }

    fn answer(store: &mut AnswerStore, request: &Request, summary: &str) {
        let response = json!({"replacement": "x", "summary": summary});
        let kind = RequestKind::RewriteSpan;
        store.insert(
            request.request_id.clone(),
            StoredAnswer { kind, source: "t".into(), response },
        );
    }

    #[test]
    fn an_invalid_answer_is_asked_again_with_its_violations_then_dropped() {
        let path = Path::new("answers.json");
        let mut store = AnswerStore::default();
        let base = json!({"entry_id": "e1"});
        for attempt in 0..=MAX_REASKS {
            let Settled::Open(request) =
                settle(&mut Summaries, base.clone(), &store, path).unwrap()
            else {
                panic!("attempt {attempt} is open");
            };
            if attempt > 0 {
                assert_eq!(request.inputs["attempt"], attempt);
                assert_eq!(request.inputs["violations"], json!(["summary: empty"]));
            }
            answer(&mut store, &request, "");
        }
        let settled = settle(&mut Summaries, base, &store, path).unwrap();
        assert!(matches!(settled, Settled::Dropped { .. }), "{settled:?}");
    }

    #[test]
    fn a_stored_answer_of_the_wrong_shape_is_corrupt_state() {
        let mut store = AnswerStore::default();
        let base = json!({"entry_id": "e1"});
        let Settled::Open(request) =
            settle(&mut Summaries, base.clone(), &store, Path::new("a.json")).unwrap()
        else {
            panic!("open")
        };
        let stored = StoredAnswer {
            kind: RequestKind::RewriteSpan,
            source: "t".into(),
            response: json!({"nope": 1}),
        };
        store.insert(request.request_id, stored);
        let err = settle(&mut Summaries, base, &store, Path::new("a.json")).unwrap_err();
        assert_eq!(err.exit(), crate::exit::Exit::Corrupt, "{err}");
    }
}
