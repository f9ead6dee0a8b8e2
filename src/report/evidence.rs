//! `Evidence`: what an agent-found finding (a proposal citing the reserved signal
//! `agent_observation`) rests on, in place of a scanner signal: the doc's words, quoted,
//! and where the contradiction is. Kept in the report so a reader can check the claim.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The evidence of an agent-found finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Evidence {
    /// Text quoted verbatim from the doc (whitespace may differ): the claim that is wrong.
    pub quote: String,
    /// Where the contradiction is: the file and line, or the fact, that says otherwise
    /// (e.g. "`.pre-commit-config.yaml` line 4 pins `rev: v5.0.0`").
    pub contradicted_by: String,
}
