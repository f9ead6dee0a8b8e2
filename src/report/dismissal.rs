//! Dismissals (schema 1.1): what the classifier judged not to be a problem, kept with its
//! reason so the next reader does not judge it again — a cleared file's `why`, and each
//! scanner signal an entries answer left out.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scan::SignalName;

/// A scanner signal on a file with entries that no proposal cited.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct DismissedSignal {
    /// Root-relative path of the doc.
    pub path: String,
    pub signal: SignalName,
    /// The signal's line.
    pub line: u32,
    /// The classifier's reason, when it gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub why: Option<String>,
}
