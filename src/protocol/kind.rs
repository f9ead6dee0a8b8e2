//! The request kinds, their default hints (the provider-neutral `effort` of
//! `subagent.dispatch.v1`, and Claude's `model_hint`/`effort_hint`, kept for
//! compatibility), and their answer schemas.

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

/// How much reasoning a request deserves, in `subagent.dispatch.v1`'s provider-neutral
/// words: each runner maps it to its own models (`guide/agents.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effort {
    /// Quick decisions.
    Light,
    /// Judgment over one file: every first ask.
    #[default]
    Balanced,
    /// The deepest reasoning: an escalation.
    Heavy,
}

/// The hints for the runner: the provider-neutral effort, and the Claude model and
/// effort names it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hints {
    pub level: Effort,
    pub model: &'static str,
    pub effort: &'static str,
}

/// The default hints of a first ask.
pub(crate) const SONNET_MEDIUM: Hints =
    Hints { level: Effort::Balanced, model: "sonnet", effort: "medium" };
/// The hints of an escalation (a low-confidence answer asked once more).
pub(crate) const OPUS_HIGH: Hints = Hints { level: Effort::Heavy, model: "opus", effort: "high" };

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
