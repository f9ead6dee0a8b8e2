//! Size limits on answer fields (`guide/protocol.md`, "Answer limits"), checked when an
//! answer is read — from a responses file or a fixture — so a reply can never make
//! `report.json` (or the answers and journal behind it) larger than the engine's own
//! 16 MiB JSON reader accepts. Lengths are in bytes of UTF-8.
//!
//! The limits are generous for their purpose (a sentence, a path, one span's text);
//! an answer over one is refused whole with the field named, never cut short.

use serde_json::Value;

use super::answer::{ClassifyAnswer, RewriteAnswer};
use super::kind::RequestKind;

/// Proposals in one `classify_file` answer.
pub(crate) const MAX_ENTRIES: usize = 200;
/// `op` and `detail`: a sentence.
pub(crate) const MAX_SENTENCE: usize = 1_000;
/// `why`: a few sentences of reasoning.
pub(crate) const MAX_WHY: usize = 4_000;
/// `exact_edit.match` and `exact_edit.replacement`: text within one span.
pub(crate) const MAX_EDIT_TEXT: usize = 4_000;
/// `exact_edit.key`.
pub(crate) const MAX_KEY: usize = 100;
/// `exact_edit.value`.
pub(crate) const MAX_VALUE: usize = 1_000;
/// `exact_edit.dest_path` and `exact_edit.canonical_ref` (PATH_MAX).
pub(crate) const MAX_PATH: usize = 4_096;
/// `rewrite_span`'s `replacement`: the new text of the span.
pub(crate) const MAX_REWRITE: usize = 1024 * 1024;
/// `rewrite_span`'s `summary`.
pub(crate) const MAX_SUMMARY: usize = 1_000;

/// The first field of `response` (an answer of `kind` that has its kind's shape) that is
/// over its limit, as a sentence naming the field; `None` when all are within.
pub(crate) fn over_limit(kind: RequestKind, response: &Value) -> Option<String> {
    match kind {
        RequestKind::ClassifyFile => {
            classify(&serde::Deserialize::deserialize(response).ok()?).into_iter().next()
        }
        RequestKind::RewriteSpan => {
            rewrite(&serde::Deserialize::deserialize(response).ok()?).into_iter().next()
        }
    }
}

fn classify(a: &ClassifyAnswer) -> Vec<String> {
    let mut out = Vec::new();
    if a.entries.len() > MAX_ENTRIES {
        out.push(format!(
            "entries has {} proposals, over the limit of {MAX_ENTRIES}; keep the ones that matter most",
            a.entries.len()
        ));
    }
    check(&mut out, "why".into(), a.why.as_ref(), MAX_SENTENCE);
    if a.dismissed.len() > MAX_ENTRIES {
        out.push(format!(
            "dismissed has {} items, over the limit of {MAX_ENTRIES}; dismiss by signal name",
            a.dismissed.len()
        ));
    }
    for (i, d) in a.dismissed.iter().enumerate() {
        check(&mut out, format!("dismissed[{i}].why"), Some(&d.why), MAX_SENTENCE);
    }
    for (i, p) in a.entries.iter().enumerate() {
        let at = |field: &str| format!("entries[{i}].{field}");
        if let Some(e) = &p.evidence {
            check(&mut out, at("evidence.quote"), Some(&e.quote), MAX_EDIT_TEXT);
            check(&mut out, at("evidence.contradicted_by"), Some(&e.contradicted_by), MAX_SENTENCE);
        }
        check(&mut out, at("op"), Some(&p.op), MAX_SENTENCE);
        check(&mut out, at("detail"), p.detail.as_ref(), MAX_SENTENCE);
        check(&mut out, at("why"), p.why.as_ref(), MAX_WHY);
        if let Some(e) = &p.exact_edit {
            check(&mut out, at("exact_edit.match"), e.match_text.as_ref(), MAX_EDIT_TEXT);
            check(&mut out, at("exact_edit.replacement"), e.replacement.as_ref(), MAX_EDIT_TEXT);
            check(&mut out, at("exact_edit.key"), e.key.as_ref(), MAX_KEY);
            check(&mut out, at("exact_edit.value"), e.value.as_ref(), MAX_VALUE);
            check(&mut out, at("exact_edit.dest_path"), e.dest_path.as_ref(), MAX_PATH);
            check(&mut out, at("exact_edit.canonical_ref"), e.canonical_ref.as_ref(), MAX_PATH);
        }
    }
    out
}

fn rewrite(a: &RewriteAnswer) -> Vec<String> {
    let mut out = Vec::new();
    check(&mut out, "replacement".into(), Some(&a.replacement), MAX_REWRITE);
    check(&mut out, "summary".into(), Some(&a.summary), MAX_SUMMARY);
    out
}

fn check(out: &mut Vec<String>, field: String, value: Option<&String>, max: usize) {
    if let Some(v) = value.filter(|v| v.len() > max) {
        out.push(format!(
            "{field} is {} bytes, over its limit of {max}; shorten it (every answer field has a limit, checked before anything is stored)",
            v.len()
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn proposal(why: &str) -> Value {
        json!({"category": {"class": "stale", "subtype": "orphaned"}, "signals": ["broken_reference"],
               "op": "Fix it.", "op_type": "deterministic", "confidence": 0.9, "why": why,
               "exact_edit": {"kind": "delete-range", "anchor": {"start_line": 1, "end_line": 1}}})
    }

    #[test]
    fn fields_over_their_limit_are_named() {
        let ok = json!({"verdict": "entries", "entries": [proposal("short")]});
        assert_eq!(over_limit(RequestKind::ClassifyFile, &ok), None);
        let long = json!({"verdict": "entries", "entries": [proposal("short"), proposal(&"w".repeat(MAX_WHY + 1))]});
        let problem = over_limit(RequestKind::ClassifyFile, &long).unwrap();
        assert!(
            problem.starts_with("entries[1].why is 4001 bytes, over its limit of 4000"),
            "{problem}"
        );
        let many = json!({"verdict": "entries", "entries": vec![proposal("x"); MAX_ENTRIES + 1]});
        assert!(over_limit(RequestKind::ClassifyFile, &many).unwrap().contains("201 proposals"));
        let rewrite = json!({"replacement": "x".repeat(MAX_REWRITE + 1), "summary": "s"});
        assert!(over_limit(RequestKind::RewriteSpan, &rewrite)
            .unwrap()
            .starts_with("replacement is"));
    }
}
