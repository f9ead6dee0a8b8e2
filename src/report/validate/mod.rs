//! Report validation: structural (strict JSON + generated schema), then invariants.

mod fields_1_1;
mod inbound;
mod invariants;
mod outbound;
mod structural;
mod violation;

pub(crate) use violation::Violation;

use super::types::Report;

/// Validates a report's JSON text. A text larger than the engine's JSON reader accepts
/// is one `report-size` violation (so no report is written that `validate` and `clean`
/// would refuse to read). Structural violations come first; the invariant pass runs when
/// the text is structurally valid (it needs the typed report).
pub(crate) fn validate_text(text: &str) -> Vec<Violation> {
    let limit = crate::json::strict::MAX_BYTES;
    if text.len() as u64 > limit {
        return vec![Violation::new(
            "report",
            "report-size",
            format!(
                "{} bytes, over the {limit} bytes the report reader accepts; narrow the check with --scope or --category",
                text.len()
            ),
        )];
    }
    let value = match structural::parse(text) {
        Ok(v) => v,
        Err(v) => return vec![v],
    };
    let mut violations = structural::check_schema(&value);
    if !violations.is_empty() {
        return violations;
    }
    match serde_json::from_value::<Report>(value) {
        Ok(report) => {
            violations.extend(invariants::check(&report));
            fields_1_1::check(&report, &mut violations);
        }
        Err(e) => violations.push(Violation::new("report", "schema", e.to_string())),
    }
    violations
}

#[cfg(test)]
mod tests {
    use super::*;

    fn golden_text() -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/golden/valid_report.json");
        std::fs::read_to_string(path).unwrap()
    }

    #[test]
    fn a_report_over_the_readers_limit_is_invalid_so_it_is_never_written() {
        assert!(validate_text(&golden_text()).is_empty());
        let mut big = golden_text();
        big.push_str(&" ".repeat(crate::json::strict::MAX_BYTES as usize));
        let rules: Vec<&str> = validate_text(&big).iter().map(|v| v.rule).collect();
        assert_eq!(rules, ["report-size"]);
    }
}
