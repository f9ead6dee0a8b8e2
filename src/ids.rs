//! The ids the handshake and the ops are addressed by, as newtypes parsed once: an
//! [`OpId`] from the command line (a clap value parser) or a folder name, a [`BatchId`]
//! and a [`RequestId`] computed from their inputs (`protocol::batch_id`,
//! `protocol::request_id`). On disk each is the plain string it wraps.
//!
//! An op id names a folder, so it is checked before any path is built from it:
//! `[A-Za-z0-9-]{1,64}` (a generated id is `<command>-<YYYYMMDDTHHMMSSZ>-<6 hex>`); one
//! the user picks with `--op-id` is held to `[a-z0-9-]{1,64}`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The name of an op, and of its folder under `.dochygiene/ops/`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct OpId(String);

impl OpId {
    /// An id that can name an op folder (generated or user-given).
    pub(crate) fn parse(text: &str) -> Result<OpId, String> {
        if is_valid_op_id(text) {
            Ok(OpId(text.to_string()))
        } else {
            Err(format!("{text:?} is not an op id (1 to 64 of [A-Za-z0-9-])"))
        }
    }

    /// A new id the user picks with `--op-id`: 1 to 64 of `[a-z0-9-]`.
    pub fn parse_new(text: &str) -> Result<OpId, String> {
        let ok = !text.is_empty()
            && text.len() <= 64
            && text.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if ok {
            Ok(OpId(text.to_string()))
        } else {
            Err(format!(
                "{text:?} is not 1 to 64 of [a-z0-9-]; pick an id like `check-docs-1`, or leave --op-id out to get a generated one"
            ))
        }
    }

    /// An id the engine generated (already of the right shape).
    pub(crate) fn generated(text: String) -> OpId {
        debug_assert!(is_valid_op_id(&text), "{text}");
        OpId(text)
    }

    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether `id` could name an op folder; guards every path built from an id.
pub(crate) fn is_valid_op_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

impl FromStr for OpId {
    type Err = String;
    fn from_str(text: &str) -> Result<OpId, String> {
        OpId::parse(text)
    }
}

impl TryFrom<String> for OpId {
    type Error = String;
    fn try_from(text: String) -> Result<OpId, String> {
        OpId::parse(&text)
    }
}

impl From<OpId> for String {
    fn from(id: OpId) -> String {
        id.0
    }
}

impl fmt::Display for OpId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for OpId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

/// Declares a hex id newtype computed by the engine and copied back by runners.
macro_rules! hex_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub(crate) struct $name(String);

        impl $name {
            /// Wraps an id the engine computed or read back from its own files.
            pub(crate) fn new(text: String) -> $name {
                $name(text)
            }
            pub(crate) fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }
    };
}

hex_id!(
    /// A batch: the first 12 hex of sha256(op id, phase, iteration).
    BatchId
);
hex_id!(
    /// A request: the first 16 hex of sha256(kind, canonical inputs).
    RequestId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn op_ids_are_checked_once() {
        assert!(OpId::parse_new("check-docs-1").is_ok());
        for bad in ["", "Check", "a/b", "../x", &"a".repeat(65)] {
            assert!(OpId::parse_new(bad).is_err(), "{bad:?}");
        }
        assert!(OpId::parse("check-20261129T225920Z-abc123").is_ok());
        assert!(OpId::parse("../x").is_err());
        let id: Result<OpId, _> = serde_json::from_str("\"a/b\"");
        assert!(id.is_err(), "an op.json naming a path is refused");
    }
}
