//! Inline answers for hermetic runs: `DOCHYGIENE_TIER2_FIXTURE=FILE` or `--answers FILE`.
//!
//! The file is a JSON map `{request_id | "__kind__<kind>": response}` or an array
//! `[{request_id, response}]`. Specific ids win over the kind wildcard. What the fixture
//! does not answer still goes to exit 7.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use super::answer_limits::over_limit;
use super::answers_store::{AnswerStore, StoredAnswer};
use super::kind::RequestKind;
use super::request::Request;
use super::responses::check_shape;
use crate::error::{Error, Result};
use crate::json::strict;

/// The environment variable naming a fixture file.
pub(crate) const FIXTURE_ENV: &str = "DOCHYGIENE_TIER2_FIXTURE";

/// A loaded fixture.
#[derive(Clone, Debug, Default)]
pub(crate) struct Fixture {
    path: PathBuf,
    by_id: BTreeMap<String, Value>,
    by_kind: BTreeMap<RequestKind, Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Item {
    request_id: String,
    response: Value,
}

impl Fixture {
    /// The fixture named by `--answers` (first) or the environment, if any.
    pub(crate) fn from_flag_or_env(flag: Option<&Path>) -> Result<Option<Fixture>> {
        let path = match flag {
            Some(p) => p.to_path_buf(),
            None => match std::env::var_os(FIXTURE_ENV) {
                Some(p) if !p.is_empty() => PathBuf::from(p),
                _ => return Ok(None),
            },
        };
        Fixture::load(&path).map(Some)
    }

    /// Loads a fixture file.
    pub(crate) fn load(path: &Path) -> Result<Fixture> {
        let value = strict::read_file(path).map_err(|e| match e {
            Error::Io { source, .. } => Error::usage_hint(
                format!(
                    "cannot read the answers file {}: {source}",
                    crate::quote::quote_path(path)
                ),
                format!("check the path given to --answers or {FIXTURE_ENV}"),
            ),
            other => other,
        })?;
        Fixture::from_value(value, path)
    }

    /// A fixture from the strictly parsed JSON of the file at `path` (named in errors).
    fn from_value(value: Value, path: &Path) -> Result<Fixture> {
        let mut fixture = Fixture { path: path.to_path_buf(), ..Fixture::default() };
        let bad = |m: String| {
            Error::usage(format!("answers file {}: {m}", crate::quote::quote_path(path)))
        };
        match value {
            Value::Object(map) => {
                for (key, response) in map {
                    if let Some(kind) = key.strip_prefix("__kind__") {
                        let kind = RequestKind::from_name(kind)
                            .ok_or_else(|| bad(format!("unknown request kind in key {key:?}")))?;
                        fixture.by_kind.insert(kind, response);
                    } else {
                        fixture.by_id.insert(key, response);
                    }
                }
            }
            Value::Array(items) => {
                for (i, item) in items.into_iter().enumerate() {
                    let item: Item =
                        serde_json::from_value(item).map_err(|e| bad(format!("item {i}: {e}")))?;
                    if fixture.by_id.insert(item.request_id.clone(), item.response).is_some() {
                        return Err(bad(format!("request {} is answered twice", item.request_id)));
                    }
                }
            }
            _ => return Err(bad("must be a JSON object or array".into())),
        }
        Ok(fixture)
    }

    /// The fixture's answer to `request`, if it has one.
    pub(crate) fn answer(&self, request: &Request) -> Option<&Value> {
        self.by_id.get(request.request_id.as_str()).or_else(|| self.by_kind.get(&request.kind))
    }

    /// Answers every request in `requests` the fixture has an answer for and `store`
    /// does not, after the same shape check a runner's answer gets. Returns how many
    /// were added; an answer of the wrong shape is a usage error naming its request.
    pub(crate) fn answer_into<'a>(
        &self,
        requests: impl IntoIterator<Item = &'a Request>,
        store: &mut AnswerStore,
    ) -> Result<usize> {
        let mut added = 0;
        for request in requests {
            if store.get(&request.request_id).is_some() {
                continue;
            }
            let Some(response) = self.answer(request) else { continue };
            check_shape(request.kind, &response.to_string()).map_err(|e| {
                Error::usage(format!(
                    "answers file {}: the answer for request {} ({}) is invalid: {e}",
                    crate::quote::quote_path(&self.path),
                    request.request_id,
                    request.kind.as_str()
                ))
            })?;
            if let Some(problem) = over_limit(request.kind, response) {
                return Err(Error::usage(format!(
                    "answers file {}: the answer for request {} ({}): {problem}",
                    crate::quote::quote_path(&self.path),
                    request.request_id,
                    request.kind.as_str()
                )));
            }
            let stored = StoredAnswer {
                kind: request.kind,
                source: "fixture".into(),
                response: response.clone(),
            };
            store.insert(request.request_id.clone(), stored);
            added += 1;
        }
        Ok(added)
    }
}

#[cfg(test)]
#[path = "fixture_props.rs"]
mod props;
