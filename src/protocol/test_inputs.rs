//! Test-only inputs for the protocol readers' property tests: an open batch, valid
//! answers to it, and strategies that break JSON text (cuts, insertions, repeats) or
//! put arbitrary JSON in place of any node of a valid answer.

use std::path::Path;

use proptest::prelude::*;
use serde_json::{json, Value};

use super::batch::PendingFile;
use super::kind::{RequestKind, SONNET_MEDIUM};
use super::request::Request;

/// An open batch of two requests, one of each kind.
pub(crate) fn open_batch() -> PendingFile {
    let classify = Request::new(
        RequestKind::ClassifyFile,
        "classify docs/a.md".into(),
        json!({"path": "docs/a.md", "signals": [{"name": "broken_reference", "line": 3}]}),
        SONNET_MEDIUM,
    );
    let rewrite = Request::new(
        RequestKind::RewriteSpan,
        "rewrite docs/b.md".into(),
        json!({"path": "docs/b.md", "start_line": 1, "end_line": 2}),
        SONNET_MEDIUM,
    );
    PendingFile::new(
        &crate::ids::OpId::parse("op1").unwrap(),
        super::BatchPhase::Classify,
        1,
        "2026-06-01T12:00:00Z".into(),
        Path::new("/tmp/responses-op1.json"),
        vec![classify, rewrite],
    )
}

/// A valid answer to `kind`, using most of its answer type's fields.
pub(crate) fn answer(kind: RequestKind) -> Value {
    match kind {
        RequestKind::ClassifyFile => json!({
            "verdict": "entries",
            "entries": [{
                "category": {"class": "stale", "subtype": "orphaned"},
                "signals": ["broken_reference"],
                "detail": "the link target moved",
                "op": "Point the link at the new file.",
                "op_type": "deterministic",
                "exact_edit": {
                    "kind": "replace-text",
                    "anchor": {"start_line": 3, "end_line": 3},
                    "match": "a.md",
                    "replacement": "b.md"
                },
                "confidence": 0.9,
                "why": "the file was renamed"
            }]
        }),
        RequestKind::RewriteSpan => json!({"replacement": "New text.\n", "summary": "Shorter."}),
    }
}

/// A valid responses file for `open`.
pub(crate) fn responses(open: &PendingFile) -> Value {
    let items: Vec<Value> = open
        .requests
        .iter()
        .map(|r| json!({"request_id": r.request_id, "response": answer(r.kind)}))
        .collect();
    json!({"batch_id": open.batch_id, "responses": items})
}

/// One way to break a JSON text.
#[derive(Clone, Debug)]
pub(crate) enum TextEdit {
    Delete { at: usize, len: usize },
    Insert { at: usize, piece: String },
    Repeat { at: usize, len: usize },
    Truncate { at: usize },
}

/// Pieces that keep a broken text close to JSON, so the parser goes deep into it.
const PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\\",
    "\\u",
    "\\ud800",
    "null",
    "true",
    "0",
    "-1e999",
    "1.5",
    "\"x\"",
    "\"request_id\"",
    "\"response\"",
    "\"batch_id\"",
    "\"verdict\"",
    "\u{0}",
    "é",
    " ",
    "\n",
];

fn text_edit() -> impl Strategy<Value = TextEdit> {
    prop_oneof![
        (any::<usize>(), 1usize..8).prop_map(|(at, len)| TextEdit::Delete { at, len }),
        (any::<usize>(), prop::sample::select(PIECES))
            .prop_map(|(at, piece)| TextEdit::Insert { at, piece: piece.to_string() }),
        (any::<usize>(), "\\PC{0,4}").prop_map(|(at, piece)| TextEdit::Insert { at, piece }),
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| TextEdit::Repeat { at, len }),
        any::<usize>().prop_map(|at| TextEdit::Truncate { at }),
    ]
}

/// One to four edits.
pub(crate) fn text_edits() -> impl Strategy<Value = Vec<TextEdit>> {
    prop::collection::vec(text_edit(), 1..5)
}

/// `text` with `edits` applied (positions taken modulo its length, on char boundaries).
pub(crate) fn apply(text: &str, edits: &[TextEdit]) -> String {
    let mut out = text.to_string();
    let boundary = |s: &str, at: usize| {
        let at = if s.is_empty() { 0 } else { at % (s.len() + 1) };
        (0..=at).rev().find(|i| s.is_char_boundary(*i)).unwrap_or(0)
    };
    for edit in edits {
        match edit {
            TextEdit::Delete { at, len } => {
                let start = boundary(&out, *at);
                let end = boundary(&out, start + len).max(start);
                out.replace_range(start..end, "");
            }
            TextEdit::Insert { at, piece } => {
                let at = boundary(&out, *at);
                out.insert_str(at, piece);
            }
            TextEdit::Repeat { at, len } => {
                let start = boundary(&out, *at);
                let end = boundary(&out, start + len).max(start);
                let span = out[start..end].to_string();
                out.insert_str(end, &span);
            }
            TextEdit::Truncate { at } => {
                let at = boundary(&out, *at);
                out.truncate(at);
            }
        }
    }
    out
}

/// Arbitrary JSON: scalars, strings, and arrays and objects a few levels deep.
pub(crate) fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::String),
        prop::sample::select(PIECES).prop_map(|s| Value::String(s.to_string())),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,12}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Replaces node `n` (pre-order, modulo the node count) of `value` with `with`.
pub(crate) fn replace_node(value: &mut Value, n: usize, with: Value) {
    let count = count_nodes(value);
    let mut left = n % count;
    replace_at(value, &mut left, with);
}

fn count_nodes(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(count_nodes).sum(),
        Value::Object(map) => map.values().map(count_nodes).sum(),
        _ => 0,
    }
}

fn replace_at(value: &mut Value, left: &mut usize, with: Value) -> Option<Value> {
    if *left == 0 {
        *value = with;
        return None;
    }
    *left -= 1;
    let children: Vec<&mut Value> = match value {
        Value::Array(items) => items.iter_mut().collect(),
        Value::Object(map) => map.values_mut().collect(),
        _ => return Some(with),
    };
    let mut with = Some(with);
    for child in children {
        with = replace_at(child, left, with.take().expect("given until placed"));
        if with.is_none() {
            break;
        }
    }
    with
}
