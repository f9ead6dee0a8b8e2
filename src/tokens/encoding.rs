//! The tokenizer encodings a report may name.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A tiktoken encoding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Encoding {
    /// GPT-4o-family encoding; the default.
    #[default]
    O200kBase,
    /// GPT-4-family encoding.
    Cl100kBase,
}

impl Encoding {
    pub fn as_str(self) -> &'static str {
        match self {
            Encoding::O200kBase => "o200k_base",
            Encoding::Cl100kBase => "cl100k_base",
        }
    }
}

impl std::str::FromStr for Encoding {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "o200k_base" => Ok(Encoding::O200kBase),
            "cl100k_base" => Ok(Encoding::Cl100kBase),
            other => {
                Err(format!("unknown token encoding {other:?} (known: o200k_base, cl100k_base)"))
            }
        }
    }
}
