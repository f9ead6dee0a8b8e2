//! The request kinds, their default model/effort hints, and their answer schemas.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::answer::{ClassifyAnswer, RewriteAnswer};

/// What a request asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum RequestKind {
    /// Classify one signal-bearing file: clear, or proposals.
    ClassifyFile,
    /// Rewrite the lines of a generative entry (for `clean`).
    RewriteSpan,
}

/// A model and effort hint for the runner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hints {
    pub model: &'static str,
    pub effort: &'static str,
}

/// The default hints of a first ask.
pub(crate) const SONNET_MEDIUM: Hints = Hints { model: "sonnet", effort: "medium" };
/// The hints of an escalation (a low-confidence answer asked once more).
pub(crate) const OPUS_HIGH: Hints = Hints { model: "opus", effort: "high" };

impl RequestKind {
    pub(crate) const ALL: [RequestKind; 2] = [RequestKind::ClassifyFile, RequestKind::RewriteSpan];

    pub(crate) fn as_str(self) -> &'static str {
        crate::names::serde_name(&self)
    }

    /// Parses a kind name as written in files.
    pub(crate) fn from_name(name: &str) -> Option<RequestKind> {
        RequestKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// The JSON Schema of this kind's answer, generated from its Rust type.
    pub(crate) fn response_schema(self) -> Value {
        match self {
            RequestKind::ClassifyFile => schema_of::<ClassifyAnswer>(),
            RequestKind::RewriteSpan => schema_of::<RewriteAnswer>(),
        }
    }
}

fn schema_of<T: JsonSchema>() -> Value {
    serde_json::to_value(schemars::schema_for!(T)).expect("a schema serializes")
}
