//! A request: one question for the runner, with a content-derived id.
//!
//! `request_id` = first 16 hex of sha256(kind, 0x00, canonical JSON of inputs). The same
//! question always gets the same id, so resume never re-asks an answered one, and any
//! difference in the inputs, however deeply nested, gives a new id.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::kind::{Effort, Hints, RequestKind};
use crate::hash::sha256_parts_hex;
use crate::ids::RequestId;
use crate::json::canonical::to_canonical_string;

/// One request in a pending batch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Request {
    pub request_id: RequestId,
    pub kind: RequestKind,
    /// The short question about this request's own file.
    pub prompt: String,
    pub inputs: Value,
    /// A `$ref` to the kind's schema in the pending file's `response_schemas`.
    pub response_schema: Value,
    /// The provider-neutral effort (`light`, `balanced`, `heavy`); a pending file
    /// written before it existed reads as `balanced`.
    #[serde(default)]
    pub effort: Effort,
    /// Claude's model for `effort`, kept for compatibility.
    pub model_hint: String,
    /// Claude's effort level for `effort`, kept for compatibility.
    pub effort_hint: String,
}

/// The id of a request of `kind` with `inputs`.
pub(crate) fn request_id(kind: RequestKind, inputs: &Value) -> RequestId {
    let canonical = to_canonical_string(inputs);
    RequestId::new(
        sha256_parts_hex(&[kind.as_str().as_bytes(), canonical.as_bytes()])[..16].to_string(),
    )
}

impl Request {
    /// Builds a request, deriving its id from kind and inputs.
    pub(crate) fn new(kind: RequestKind, prompt: String, inputs: Value, hints: Hints) -> Request {
        Request {
            request_id: request_id(kind, &inputs),
            kind,
            prompt,
            response_schema: serde_json::json!({
                "$ref": format!("#/response_schemas/{}", kind.as_str())
            }),
            inputs,
            effort: hints.level,
            model_hint: hints.model.to_string(),
            effort_hint: hints.effort.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn key_order_does_not_change_the_id() {
        let a = json!({"path": "a.md", "signals": [{"name": "x", "line": 1}]});
        let b: Value =
            serde_json::from_str(r#"{"signals":[{"line":1,"name":"x"}],"path":"a.md"}"#).unwrap();
        assert_eq!(
            request_id(RequestKind::ClassifyFile, &a),
            request_id(RequestKind::ClassifyFile, &b)
        );
        assert_eq!(request_id(RequestKind::ClassifyFile, &a).as_str().len(), 16);
    }

    proptest! {
        /// Distinct nested inputs give distinct ids (the seed's replacer-array bug
        /// collapsed every nested property and so every id).
        #[test]
        fn distinct_nested_inputs_give_distinct_ids(
            line_a in 1u32..10_000, line_b in 1u32..10_000, detail in "[a-z ]{0,20}"
        ) {
            prop_assume!(line_a != line_b);
            let a = json!({"path": "d.md", "signals": [{"name": "broken_reference", "line": line_a, "detail": detail}]});
            let b = json!({"path": "d.md", "signals": [{"name": "broken_reference", "line": line_b, "detail": detail}]});
            prop_assert_ne!(request_id(RequestKind::ClassifyFile, &a), request_id(RequestKind::ClassifyFile, &b));
        }
    }
}
