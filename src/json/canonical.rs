//! Canonical JSON: object keys sorted at every level, no whitespace.
//!
//! Request ids hash this form, so two semantically equal inputs give the same id and
//! any difference, however deeply nested, gives a different one.

use serde_json::Value;

/// Serializes `value` canonically.
pub(crate) fn to_canonical_string(value: &Value) -> String {
    let mut out = Vec::new();
    write(value, &mut out);
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

fn write(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            out.push(b'{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                serde_json::to_writer(&mut *out, key).expect("writing to a Vec cannot fail");
                out.push(b':');
                write(item, out);
            }
            out.push(b'}');
        }
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write(item, out);
            }
            out.push(b']');
        }
        scalar => serde_json::to_writer(&mut *out, scalar).expect("writing to a Vec cannot fail"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sorts_keys_at_every_level() {
        let a = json!({"b": {"y": 1, "x": [ {"q": 1, "p": 2} ]}, "a": "s"});
        assert_eq!(to_canonical_string(&a), r#"{"a":"s","b":{"x":[{"p":2,"q":1}],"y":1}}"#);
    }

    #[test]
    fn distinct_nested_inputs_stay_distinct() {
        let a = json!({"signals": [{"name": "a", "line": 1}]});
        let b = json!({"signals": [{"name": "a", "line": 2}]});
        assert_ne!(to_canonical_string(&a), to_canonical_string(&b));
    }
}
