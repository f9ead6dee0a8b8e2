//! The structural pass: strict JSON parsing, then the generated JSON Schema, every
//! violation collected (not just the first).

use std::sync::OnceLock;

use serde_json::Value;

use super::violation::{dotted_path, Violation};
use crate::json::strict;
use crate::report::schema::report_schema;

/// Parses `text` strictly; a syntax error, duplicate key or over-deep nesting is one
/// violation carrying its line and column.
pub(crate) fn parse(text: &str) -> Result<Value, Violation> {
    strict::parse(text).map_err(|e| Violation::new("report", "json-syntax", e.to_string()))
}

/// Checks `value` against the report's JSON Schema.
pub(crate) fn check_schema(value: &Value) -> Vec<Violation> {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    let validator = VALIDATOR.get_or_init(|| {
        jsonschema::validator_for(&report_schema()).expect("the generated report schema compiles")
    });
    validator
        .iter_errors(value)
        .map(|err| {
            let path = dotted_path(err.instance_path().as_str());
            Violation::new(path, "schema", err.to_string())
        })
        .collect()
}
