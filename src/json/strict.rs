//! Strict JSON reading for every file a person or a runner hands the engine.
//!
//! On top of `serde_json` this refuses what `serde_json::Value` silently accepts:
//! duplicate keys at any level, nesting deeper than [`MAX_DEPTH`], files over
//! [`MAX_BYTES`]. Every refusal names the line and column. It never guesses a fix.

use std::fmt;
use std::path::Path;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crate::error::{Error, Result};

/// The largest JSON file accepted (16 MiB).
pub(crate) const MAX_BYTES: u64 = 16 * 1024 * 1024;
/// The deepest nesting accepted (objects and arrays).
pub(crate) const MAX_DEPTH: usize = 64;

/// Why a JSON text was refused, with its position when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JsonError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {} column {}: {}", self.line, self.column, self.message)
        }
    }
}

/// Parses `text` strictly into a `Value`.
pub(crate) fn parse(text: &str) -> Result<Value, JsonError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = StrictSeed { depth: 0 }.deserialize(&mut de).map_err(to_json_error)?;
    de.end().map_err(to_json_error)?;
    Ok(value)
}

/// Reads `path` (refusing files over [`MAX_BYTES`]) and parses it strictly. Parse errors
/// become usage errors naming the file, line and column.
pub(crate) fn read_file(path: &Path) -> Result<Value> {
    let text = read_limited(path)?;
    parse(&text).map_err(|e| {
        Error::usage(format!("invalid JSON in {}: {e}", crate::quote::quote_path(path)))
    })
}

/// Reads `path` as UTF-8 text through `fsio::read_regular`: only a regular file (a link
/// to one is followed), at most [`MAX_BYTES`] counted on the read itself.
pub(crate) fn read_limited(path: &Path) -> Result<String> {
    let bytes = crate::fsio::read_regular(path, MAX_BYTES).map_err(|e| match e {
        crate::fsio::ReadError::TooLarge { limit } => Error::usage(format!(
            "{} is over the {limit} byte limit for JSON input",
            crate::quote::quote_path(path)
        )),
        other => other.at(path),
    })?;
    String::from_utf8(bytes)
        .map_err(|e| Error::usage(format!("{} is not UTF-8: {e}", crate::quote::quote_path(path))))
}

fn to_json_error(e: serde_json::Error) -> JsonError {
    let text = e.to_string();
    // serde_json appends " at line L column C"; keep the message without it.
    let message = match text.rfind(" at line ") {
        Some(i) if e.line() > 0 => text[..i].to_string(),
        _ => text,
    };
    JsonError { line: e.line(), column: e.column(), message }
}

struct StrictSeed {
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for StrictSeed {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(StrictVisitor { depth: self.depth })
    }
}

struct StrictVisitor {
    depth: usize,
}

impl StrictVisitor {
    fn enter<E: de::Error>(&self) -> Result<usize, E> {
        let depth = self.depth + 1;
        if depth > MAX_DEPTH {
            return Err(E::custom(format!("nested deeper than {MAX_DEPTH} levels")));
        }
        Ok(depth)
    }
}

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map(Value::Number).unwrap_or(Value::Null))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let depth = self.enter()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(StrictSeed { depth })? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let depth = self.enter()?;
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!("duplicate key {key:?}")));
            }
            let value = map.next_value_seed(StrictSeed { depth })?;
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_ordinary_json() {
        let v = parse(r#"{"a":[1,2,{"b":null}],"c":"d"}"#).unwrap();
        assert_eq!(v["a"][2]["b"], Value::Null);
    }

    #[test]
    fn refuses_duplicate_keys_at_any_level_with_position() {
        let err = parse("{\n  \"a\": {\"x\": 1, \"x\": 2}\n}").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("duplicate key \"x\""), "{err}");
        assert!(parse(r#"{"a":1,"a":1}"#).is_err());
    }

    #[test]
    fn refuses_nesting_over_the_limit() {
        let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(parse(&ok).is_ok());
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        let err = parse(&deep).unwrap_err();
        assert!(err.message.contains("nested deeper than 64"), "{err}");
    }

    #[test]
    fn reports_syntax_errors_with_line_and_column() {
        let err = parse("{\n\"a\": tru }").unwrap_err();
        assert_eq!((err.line, err.column > 0), (2, true));
        assert!(parse("{} {}").is_err(), "trailing content is refused");
    }
}
