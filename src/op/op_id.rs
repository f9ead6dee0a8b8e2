//! Generated op ids: `<command>-<YYYYMMDDTHHMMSSZ>-<6 hex>` (the type and the rules of a
//! user's `--op-id` live in `ids.rs`).

use jiff::Timestamp;

use super::record::OpCommand;
use crate::clock;
use crate::ids::OpId;

/// A fresh op id for `command` started at `now`.
pub(crate) fn generate(command: OpCommand, now: Timestamp) -> OpId {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    let seed = format!("{nanos}:{}:{}", std::process::id(), command.as_str());
    let hex = blake3::hash(seed.as_bytes()).to_hex();
    OpId::generated(format!("{}-{}-{}", command.as_str(), clock::compact(now), &hex[..6]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_have_the_spec_shape() {
        let now = clock::parse("2026-11-29T22:59:20Z").unwrap();
        let id = generate(OpCommand::Check, now);
        assert!(id.as_str().starts_with("check-20261129T225920Z-"), "{id}");
        assert_eq!(id.as_str().len(), "check-20261129T225920Z-".len() + 6);
        assert!(crate::ids::is_valid_op_id(id.as_str()));
    }
}
