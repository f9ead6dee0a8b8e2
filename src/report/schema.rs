//! The report's JSON Schema, generated from the Rust types (one source of truth). The
//! committed copy in `guide/schema/report-1.0.schema.json` is checked against this by a
//! test; regenerate it with `UPDATE_SCHEMAS=1 cargo test schema`.

use serde_json::Value;

use super::types::Report;

/// The report schema as a JSON value.
pub fn report_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(Report)).expect("a schema serializes")
}

/// The report schema as the pretty text committed under `guide/schema/`.
pub fn report_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&report_schema()).expect("a schema serializes");
    text.push('\n');
    text
}
