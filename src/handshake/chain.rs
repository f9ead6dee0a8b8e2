//! One request's chain: ask → answer → check. An answer that breaks the request kind's
//! rules is asked again with its violations (`inputs.violations`, `previous_answer`,
//! `attempt`), at most [`MAX_REASKS`] times, then dropped with them; a valid answer the
//! kind wants a second opinion on (a low-confidence classification) is asked once more,
//! escalated. Every request kind goes through this one chain via [`AnswerCheck`].
//!
//! The chain is a pure function of the base inputs, the stored answers and what the
//! check reads, so a resume after a crash settles exactly what an uninterrupted run
//! would.

use std::path::Path;

use serde::de::DeserializeOwned;
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
    /// 0 on a first ask; 1 and 2 on the re-asks with violations.
    pub attempt: u32,
}

/// What a request kind contributes to the chain: its request, the rules its answers
/// must keep, and whether a valid answer is worth a second opinion.
pub(crate) trait AnswerCheck {
    /// The answer type (its schema is the kind's `response_schema`).
    type Answer: DeserializeOwned;

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
}

/// How a chain ends (or that it is still open).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Settled<A> {
    /// The next request to ask.
    Open(Request),
    /// A valid answer.
    Accepted { request_id: RequestId, answer: A },
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
    let mut ask = Ask { hints: SONNET_MEDIUM, escalated: false, attempt: 0 };
    let mut inputs = base.clone();
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
        let violations = check.violations(&answer)?;
        if !violations.is_empty() {
            if ask.attempt >= MAX_REASKS {
                return Ok(Settled::Dropped { request_id: request.request_id, violations });
            }
            ask.attempt += 1;
            let chain_base = if ask.escalated {
                with_fields(&base, json!({"escalation": inputs["escalation"].clone()}))
            } else {
                base.clone()
            };
            inputs = with_fields(
                &chain_base,
                json!({
                    "previous_answer": stored.response,
                    "violations": violations,
                    "attempt": ask.attempt,
                }),
            );
            continue;
        }
        if !ask.escalated && check.escalate(&answer) {
            ask = Ask { hints: OPUS_HIGH, escalated: true, attempt: 0 };
            inputs = with_fields(&base, json!({"escalation": {"first_answer": stored.response}}));
            continue;
        }
        return Ok(Settled::Accepted { request_id: request.request_id, answer });
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
