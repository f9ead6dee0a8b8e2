//! Op ids: `<command>-<YYYYMMDDTHHMMSSZ>-<6 hex>` when generated, or the user's
//! `--op-id`, which must be `[a-z0-9-]{1,64}`.

use jiff::Timestamp;

use super::record::OpCommand;
use crate::clock;
use crate::error::{Error, Result};

/// A fresh op id for `command` started at `now`.
pub fn generate(command: OpCommand, now: Timestamp) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    let seed = format!("{nanos}:{}:{}", std::process::id(), command.as_str());
    let hex = blake3::hash(seed.as_bytes()).to_hex();
    format!("{}-{}-{}", command.as_str(), clock::compact(now), &hex[..6])
}

/// Checks a user-given `--op-id`.
pub fn check_user_id(id: &str) -> Result<()> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(Error::usage_hint(
            format!("--op-id {id:?} is not 1 to 64 of [a-z0-9-]"),
            "pick an id like `check-docs-1`, or leave --op-id out to get a generated one",
        ))
    }
}

/// Whether `id` could name an op folder (generated or user-given); guards path use.
pub fn is_valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_have_the_spec_shape() {
        let now = clock::parse("2026-11-29T22:59:20Z").unwrap();
        let id = generate(OpCommand::Check, now);
        assert!(id.starts_with("check-20261129T225920Z-"), "{id}");
        assert_eq!(id.len(), "check-20261129T225920Z-".len() + 6);
        assert!(is_valid_id(&id));
    }

    #[test]
    fn user_ids_are_checked() {
        check_user_id("check-docs-1").unwrap();
        for bad in ["", "Check", "a/b", "../x", &"a".repeat(65)] {
            assert!(check_user_id(bad).is_err(), "{bad:?}");
        }
    }
}
