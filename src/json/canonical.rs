//! Canonical JSON: object keys sorted at every level, no whitespace.
//!
//! Request ids hash this form, so two semantically equal inputs give the same id and
//! any difference, however deeply nested, gives a different one.

use serde_json::Value;

/// Serializes `value` canonically.
pub fn to_canonical_string(value: &Value) -> String {
    let mut out = String::new();
    write(value, &mut out);
    out
}

fn write(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
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
