//! The report's JSON Schema, generated from the Rust types (one source of truth). The
//! committed copy in `guide/schema/report-1.1.schema.json` is checked against this by a
//! test; regenerate it with `UPDATE_SCHEMAS=1 cargo test schema`.

use serde_json::Value;

use super::types::Report;

/// The report schema as a JSON value. Optional fields carry `#[schemars(with = "T")]`
/// in the types: "may be absent", never null, so validation errors point inside the
/// field instead of at an `anyOf`.
pub(crate) fn report_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(Report)).expect("a schema serializes")
}

/// The report schema as the pretty text committed under `guide/schema/`.
#[cfg(test)]
fn report_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&report_schema()).expect("a schema serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed schema must be exactly what the types generate.
    #[test]
    fn committed_schema_matches_the_types() {
        crate::json::committed::assert_committed(
            "guide/schema/report-1.1.schema.json",
            &report_schema_text(),
        );
    }

    #[test]
    fn schema_is_strict() {
        let schema = report_schema();
        assert_eq!(schema["additionalProperties"], false);
        assert_eq!(schema["$defs"]["Entry"]["additionalProperties"], false);
        let tiers = &schema["$defs"]["SafetyTier"]["enum"];
        assert_eq!(tiers, &serde_json::json!(["auto", "confirm"]));
    }
}
