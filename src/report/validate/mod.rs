//! Report validation: structural (strict JSON + generated schema), then invariants.

mod inbound;
mod invariants;
mod structural;
mod violation;

pub use violation::{dotted_path, Violation};

use super::types::Report;

/// Validates a report's JSON text. Structural violations come first; the invariant pass
/// runs when the text is structurally valid (it needs the typed report).
pub fn validate_text(text: &str) -> Vec<Violation> {
    let value = match structural::parse(text) {
        Ok(v) => v,
        Err(v) => return vec![v],
    };
    let mut violations = structural::check_schema(&value);
    if !violations.is_empty() {
        return violations;
    }
    match serde_json::from_value::<Report>(value) {
        Ok(report) => violations.extend(invariants::check(&report)),
        Err(e) => violations.push(Violation::new("report", "schema", e.to_string())),
    }
    violations
}

/// Validates a report value the engine built (before it is written).
pub fn validate_report(report: &Report) -> Vec<Violation> {
    match serde_json::to_string(report) {
        Ok(text) => validate_text(&text),
        Err(e) => vec![Violation::new("report", "serialize", e.to_string())],
    }
}
