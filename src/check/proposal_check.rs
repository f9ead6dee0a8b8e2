//! Semantic checks of a `classify_file` answer against the file it is about (SPEC
//! section 8): everything the answer schema cannot say. Each violation is a sentence the
//! model can act on when the request is asked again. Reads files; never writes.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use super::candidates::Candidate;
use crate::dest_rules::{collision, dest_problem};
use crate::file_view::FileView;
use crate::protocol::{ClassifyAnswer, EditSkeleton, Proposal, Verdict};
use crate::rel_path::confinement_problem;
use crate::report::entry_id::entry_id;
use crate::report::kind_table::{kind_field_problems, EditKind, OpType};
use crate::scan::markdown::normalize_block;

/// Every violation in `answer` for `candidate` (whose current bytes are `file`).
/// `claimed` maps each `dest_path` other files' accepted answers move a doc to, to that
/// doc: a destination is unique per op.
pub(crate) fn check_answer(
    root: &Path,
    candidate: &Candidate,
    file: &FileView,
    answer: &ClassifyAnswer,
    claimed: &BTreeMap<String, String>,
) -> Vec<String> {
    let mut out = Vec::new();
    match answer.verdict {
        Verdict::Clear if !answer.entries.is_empty() => {
            out.push("verdict \"clear\" must carry no entries".to_string())
        }
        Verdict::Entries if answer.entries.is_empty() => {
            out.push("verdict \"entries\" needs at least one proposal".to_string())
        }
        _ => {}
    }
    let mut ids = HashSet::new();
    let mut moves = 0;
    for (i, p) in answer.entries.iter().enumerate() {
        let at = format!("entries[{i}]");
        check_proposal(root, candidate, file, p, &at, &mut out);
        if let Some(dest) = move_destination(p) {
            moves += 1;
            if moves > 1 {
                out.push(format!("{at}: a doc is moved at most once; keep one move-to-archive"));
            } else if let Some(problem) = collision(claimed, &candidate.path, dest) {
                out.push(format!("{at}.exact_edit.dest_path: {problem}; choose another name"));
            }
        }
        let kind = p.exact_edit.as_ref().map(|e| e.kind);
        let anchor = p.exact_edit.as_ref().and_then(|e| e.anchor);
        if !ids.insert(entry_id(&candidate.path, p.category.subtype, kind, anchor)) {
            out.push(format!("{at}: repeats another proposal's subtype, kind and anchor"));
        }
    }
    out
}

fn check_proposal(
    root: &Path,
    c: &Candidate,
    file: &FileView,
    p: &Proposal,
    at: &str,
    out: &mut Vec<String>,
) {
    if !p.category.is_consistent() {
        out.push(format!(
            "{at}.category: subtype {} belongs to class {}, not {}",
            p.category.subtype,
            p.category.subtype.class(),
            p.category.class
        ));
    }
    if p.signals.is_empty() {
        out.push(format!("{at}.signals: cite at least one signal from inputs.signals"));
    }
    for s in &p.signals {
        if !c.signals.iter().any(|sig| sig.name == *s) {
            out.push(format!("{at}.signals: {s} is not among this file's signals"));
        }
    }
    if p.op.trim().is_empty() {
        out.push(format!("{at}.op: say in one sentence what the fix does"));
    }
    if !(0.0..=1.0).contains(&p.confidence) {
        out.push(format!("{at}.confidence: {} is outside 0..1", p.confidence));
    }
    let lines = file.line_count();
    match (p.op_type, &p.exact_edit, p.reducible_range) {
        (OpType::Deterministic, None, _) => {
            out.push(format!("{at}: op_type deterministic needs an exact_edit"))
        }
        (OpType::Deterministic, Some(_), Some(_)) => {
            out.push(format!("{at}.reducible_range: only generative ops carry one"))
        }
        (OpType::Generative, Some(_), _) => {
            out.push(format!("{at}.exact_edit: a generative op carries no exact_edit"))
        }
        (OpType::Generative, None, None) => {
            out.push(format!("{at}: a generative op needs reducible_range"))
        }
        (OpType::Generative, None, Some(r)) if !file.contains(r) => out.push(format!(
            "{at}.reducible_range: {}-{} is not inside the file ({lines} lines)",
            r.start_line, r.end_line
        )),
        (OpType::Deterministic, Some(edit), None) => check_edit(root, c, file, edit, at, out),
        _ => {}
    }
}

fn check_edit(
    root: &Path,
    c: &Candidate,
    file: &FileView,
    edit: &EditSkeleton,
    at: &str,
    out: &mut Vec<String>,
) {
    let at = format!("{at}.exact_edit");
    for (_, problem) in kind_field_problems(edit) {
        out.push(format!("{at}: {problem}"));
    }
    if let Some(a) = edit.anchor {
        if !file.contains(a) {
            out.push(format!(
                "{at}.anchor: {}-{} is not inside the file ({} lines)",
                a.start_line,
                a.end_line,
                file.line_count()
            ));
        }
    }
    match edit.kind {
        EditKind::MoveToArchive => {
            if let Some(problem) =
                edit.dest_path.as_deref().and_then(|dest| dest_problem(root, &c.path, dest))
            {
                out.push(format!("{at}.dest_path: {problem}"));
            }
        }
        EditKind::Dedupe => check_dedupe(root, c, file, edit, &at, out),
        EditKind::ReplaceText => {
            if let (Some(m), Some(a)) = (&edit.match_text, edit.anchor) {
                if m.is_empty() {
                    out.push(format!("{at}.match: must not be empty"));
                } else if file.contains(a)
                    && !file.span(a).windows(m.len()).any(|w| w == m.as_bytes())
                {
                    out.push(format!(
                        "{at}.match: {m:?} does not occur in lines {}-{}",
                        a.start_line, a.end_line
                    ));
                }
                if edit.replacement.as_ref() == Some(m) {
                    out.push(format!("{at}.replacement: is the same as match"));
                }
            }
        }
        EditKind::InsertFrontmatter => {
            let body = &file.bytes()[file.bom_len()..];
            if body.split(|b| *b == b'\n').next().is_some_and(|l| l.trim_ascii() == b"+++") {
                out.push(format!(
                    "{at}: the doc's frontmatter is TOML (`+++`); insert-frontmatter writes a YAML block, which would sit in front of it and turn it into text; propose another fix or none"
                ));
            }
            if let Some(key) = &edit.key {
                let ok = key.chars().next().is_some_and(|ch| ch.is_ascii_alphabetic() || ch == '_')
                    && key.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '-');
                if !ok {
                    out.push(format!(
                        "{at}.key: {key:?} is not a plain YAML key ([A-Za-z_][A-Za-z0-9_-]*)"
                    ));
                }
            }
            if let Some(value) = &edit.value {
                if value.trim().is_empty() || value.chars().any(char::is_control) {
                    out.push(format!(
                        "{at}.value: must be one non-empty line without control characters"
                    ));
                } else if !reads_as_one_value(value) {
                    out.push(format!(
                        "{at}.value: {value:?} does not read back as one YAML value in `key: value` (a `: `, a ` #` comment, an unclosed bracket or quote); give a plain word, number or date, or a double-quoted string"
                    ));
                }
            }
        }
        EditKind::DeleteRange => {}
    }
}

/// Whether `key: value` reads back, through the bounded loader, as one key holding one
/// value written out in full: not a YAML error (`a: b`, `[x`), not a comment that
/// leaves the key empty or cuts the value short (`#x`, `done # shipped`).
fn reads_as_one_value(value: &str) -> bool {
    use yaml_rust2::Yaml;
    let text = format!("k: {value}\n");
    let Ok(Yaml::Hash(map)) = crate::yaml::load_bounded(&text, crate::yaml::Limits::FRONTMATTER)
    else {
        return false;
    };
    match map.get(&Yaml::String("k".into())) {
        _ if map.len() != 1 || value.contains(" #") => false,
        Some(Yaml::Null) => matches!(value, "~" | "null" | "Null" | "NULL"),
        Some(Yaml::BadValue) | None => false,
        Some(_) => true,
    }
}

/// The `dest_path` of a proposal's `move-to-archive`, if it is one.
pub(crate) fn move_destination(p: &Proposal) -> Option<&str> {
    let edit = p.exact_edit.as_ref().filter(|e| e.kind == EditKind::MoveToArchive)?;
    edit.dest_path.as_deref()
}

fn check_dedupe(
    root: &Path,
    c: &Candidate,
    file: &FileView,
    edit: &EditSkeleton,
    at: &str,
    out: &mut Vec<String>,
) {
    let Some(reference) = &edit.canonical_ref else { return };
    if let Some(problem) = confinement_problem(reference) {
        out.push(format!("{at}.canonical_ref: {problem}"));
        return;
    }
    if reference == &c.path {
        out.push(format!("{at}.canonical_ref: is the file itself"));
        return;
    }
    // Through the project door: a regular file inside the root, read no further than a
    // doc may be long (the answer names the file, so it may name a huge one).
    let bytes = match crate::fsio::read_confined(root, reference, crate::fsio::DOC_MAX_BYTES) {
        Ok(bytes) => bytes,
        Err(crate::fsio::ReadError::TooLarge { limit }) => {
            out.push(format!(
                "{at}.canonical_ref: {reference} is over the {limit}-byte limit of a doc; dedupe points at a doc that holds the text"
            ));
            return;
        }
        Err(_) => {
            out.push(format!("{at}.canonical_ref: {reference} is not a file inside the project"));
            return;
        }
    };
    let Some(anchor) = edit.anchor.filter(|a| file.contains(*a)) else { return };
    let canonical = normalize_block(&String::from_utf8_lossy(&bytes));
    let span = normalize_block(&file.span_text(anchor));
    if span.is_empty() || !canonical.contains(&span) {
        out.push(format!(
            "{at}: lines {}-{} do not appear in {reference} (whitespace-normalised); dedupe only removes text that lives there",
            anchor.start_line, anchor.end_line
        ));
    }
}
