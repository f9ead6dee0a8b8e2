//! Reading a runner's `responses-<batch>.json` against the open batch.
//!
//! All or nothing: a file bound to another batch is stale (exit 5); a file that does not
//! parse, has a duplicate key, an unknown field, an unknown or repeated request id, an
//! answer of the wrong shape or with a field over its limit (`answer_limits.rs`), is
//! over 16 MiB or nested over 64 levels is a usage error (exit 2) naming the file, line,
//! column and request id. Either way nothing is consumed. A `null` response means "not answered yet"; that request is asked again.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use super::answer_limits::over_limit;
use super::batch::PendingFile;
use super::kind::RequestKind;
use crate::error::{Error, Result};
use crate::ids::RequestId;
use crate::json::strict;

/// One accepted answer, shape-checked against its kind.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Answered {
    pub request_id: RequestId,
    pub kind: RequestKind,
    pub response: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile<'a> {
    batch_id: String,
    #[serde(borrow)]
    responses: Vec<RawItem<'a>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawItem<'a> {
    request_id: String,
    #[serde(borrow)]
    response: &'a RawValue,
}

/// Checks responses `text` (read from `path`) against the open batch.
pub(crate) fn parse_responses(
    text: &str,
    path: &Path,
    open: &PendingFile,
) -> Result<Vec<Answered>> {
    let at =
        |line: usize, column: usize| format!("{}:{line}:{column}", crate::quote::quote_path(path));
    let usage = |msg: String| {
        Error::usage_hint(
            msg,
            format!(
                "fix the file and run `dochygiene resume {}`; print the open requests with `dochygiene pending {}`",
                open.op_id, open.op_id
            ),
        )
    };
    let mut tree = strict::parse(text)
        .map_err(|e| usage(format!("{}: {}", at(e.line, e.column), e.message)))?;
    let raw: RawFile<'_> = serde_json::from_str(text)
        .map_err(|e| usage(format!("{}: {}", at(e.line(), e.column()), strip_position(&e))))?;
    if raw.batch_id != open.batch_id.as_str() {
        return Err(Error::stale(
            format!(
                "{} answers batch {:?}, but the open batch of op {} is {:?}; nothing was consumed",
                crate::quote::quote_path(path),
                raw.batch_id,
                open.op_id,
                open.batch_id
            ),
            format!(
                "write the answers for batch {} to {}, then run `dochygiene resume {}`",
                open.batch_id, open.responses_path, open.op_id
            ),
        ));
    }
    let kinds: HashMap<&str, (&RequestId, RequestKind)> =
        open.requests.iter().map(|r| (r.request_id.as_str(), (&r.request_id, r.kind))).collect();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (index, item) in raw.responses.into_iter().enumerate() {
        // Positions are computed only for an error message: scanning from the start for
        // every item would make a batch of thousands quadratic.
        let pos = || position_of(text, item.response.get());
        let id = &item.request_id;
        let (request_id, kind) = *kinds.get(id.as_str()).ok_or_else(|| {
            let (line, column) = pos();
            usage(format!("{}: request {id:?} is not in batch {}", at(line, column), open.batch_id))
        })?;
        if !seen.insert(id.clone()) {
            let (line, column) = pos();
            return Err(usage(format!("{}: request {id} is answered twice", at(line, column))));
        }
        if item.response.get().trim() == "null" {
            continue;
        }
        // The strict parse already built this answer's tree: take it instead of parsing
        // the text again, and re-read the text only to place an error.
        let response = tree["responses"][index]["response"].take();
        if check_value_shape(kind, &response).is_ok() {
            if let Some(problem) = over_limit(kind, &response) {
                let (line, column) = pos();
                return Err(usage(format!("{}: request {id}: {problem}", at(line, column))));
            }
            out.push(Answered { request_id: request_id.clone(), kind, response });
            continue;
        }
        check_shape(kind, item.response.get()).map_err(|e| {
            let (line, column) = pos();
            let (l, c) = absolute(line, column, e.line(), e.column());
            usage(format!("{}: request {id}: {}", at(l, c), strip_position(&e)))
        })?;
        return Err(Error::Internal(format!(
            "request {id}: the answer failed its shape check only as a tree"
        )));
    }
    Ok(out)
}

/// Checks that `response` has the shape of `kind`'s answer type (not its semantics).
pub(crate) fn check_shape(kind: RequestKind, response: &str) -> Result<(), serde_json::Error> {
    match kind {
        RequestKind::ClassifyFile => {
            serde_json::from_str::<super::answer::ClassifyAnswer>(response).map(drop)
        }
        RequestKind::RewriteSpan => {
            serde_json::from_str::<super::answer::RewriteAnswer>(response).map(drop)
        }
    }
}

/// The same check on a parsed value (no positions).
fn check_value_shape(kind: RequestKind, response: &Value) -> Result<(), serde_json::Error> {
    use serde::Deserialize;
    match kind {
        RequestKind::ClassifyFile => super::answer::ClassifyAnswer::deserialize(response).map(drop),
        RequestKind::RewriteSpan => super::answer::RewriteAnswer::deserialize(response).map(drop),
    }
}

/// The 1-based line and column where `inner` (a slice of `text`) starts.
fn position_of(text: &str, inner: &str) -> (usize, usize) {
    let offset = (inner.as_ptr() as usize).saturating_sub(text.as_ptr() as usize).min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Converts a position inside a slice that starts at (`line`, `column`) to the file's.
fn absolute(line: usize, column: usize, inner_line: usize, inner_col: usize) -> (usize, usize) {
    if inner_line <= 1 {
        (line, column + inner_col.saturating_sub(1))
    } else {
        (line + inner_line - 1, inner_col)
    }
}

fn strip_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

#[cfg(test)]
#[path = "responses_props.rs"]
mod props;
