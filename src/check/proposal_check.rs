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
use crate::report::CitedSignal;
use crate::scan::markdown::normalize_block;

/// The violations of an answer: those of the answer as a whole (its verdict, its
/// dismissals) and those of each proposal, so a file's valid proposals can be kept while
/// only its invalid ones are asked again.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Problems {
    pub answer: Vec<String>,
    /// Per proposal, in order: each message follows the proposal's `entries[i]`.
    pub proposals: Vec<Vec<String>>,
}

impl Problems {
    /// Every violation as a sentence, each proposal's under its `entries[i]`.
    pub(crate) fn all(&self) -> Vec<String> {
        let mut out = self.answer.clone();
        for (i, problems) in self.proposals.iter().enumerate() {
            out.extend(problems.iter().map(|m| format!("entries[{i}]{m}")));
        }
        out
    }
}

/// Every violation in `answer` for `candidate` (whose current bytes are `file`).
/// `claimed` maps each `dest_path` other files' accepted answers move a doc to, to that
/// doc: a destination is unique per op.
pub(crate) fn check_answer(
    root: &Path,
    candidate: &Candidate,
    file: &FileView,
    answer: &ClassifyAnswer,
    claimed: &BTreeMap<String, String>,
) -> Problems {
    let mut out =
        Problems { answer: Vec::new(), proposals: vec![Vec::new(); answer.entries.len()] };
    match answer.verdict {
        Verdict::Clear if !answer.entries.is_empty() => {
            out.answer.push("verdict \"clear\" must carry no entries".to_string())
        }
        Verdict::Entries if answer.entries.is_empty() => {
            out.answer.push("verdict \"entries\" needs at least one proposal".to_string())
        }
        _ => {}
    }
    check_dismissals(candidate, answer, &mut out.answer);
    let mut ids = HashSet::new();
    let mut moves = 0;
    for (i, p) in answer.entries.iter().enumerate() {
        let out = &mut out.proposals[i];
        check_proposal(root, candidate, file, p, "", out);
        if let Some(dest) = move_destination(p) {
            moves += 1;
            if moves > 1 {
                out.push(": a doc is moved at most once; keep one move-to-archive".to_string());
            } else if let Some(problem) = collision(claimed, &candidate.path, dest) {
                out.push(format!(".exact_edit.dest_path: {problem}; choose another name"));
            }
        }
        let kind = p.exact_edit.as_ref().map(|e| e.kind);
        let anchor = p.exact_edit.as_ref().and_then(|e| e.anchor);
        if !ids.insert(entry_id(&candidate.path, p.category.subtype, kind, anchor)) {
            out.push(
                ": repeats another proposal's subtype, kind and anchor (together the report's entry id); a second edit on the same lines widens its anchor by a line"
                    .to_string(),
            );
        }
    }
    out
}

/// A `why` on the verdict belongs to a clear one; a dismissal names a signal of the file
/// (on a line it has, when one is given) that no proposal cites.
fn check_dismissals(c: &Candidate, answer: &ClassifyAnswer, out: &mut Vec<String>) {
    if answer.why.is_some() && answer.verdict != Verdict::Clear {
        out.push(
            "why: only a clear verdict carries a why of its own; give each proposal its why, and each signal you leave out a dismissed item".to_string(),
        );
    }
    if answer.verdict == Verdict::Clear && !answer.dismissed.is_empty() {
        out.push(
            "dismissed: a clear verdict dismisses every signal; give the reason in why".to_string(),
        );
    }
    for (i, d) in answer.dismissed.iter().enumerate() {
        let at = format!("dismissed[{i}]");
        let on_line = |s: &crate::scan::Signal| d.line.is_none_or(|l| signal_lines(s).contains(&l));
        if !c.signals.iter().any(|s| s.name == d.signal && on_line(s)) {
            let line = d.line.map_or(String::new(), |l| format!(" on line {l}"));
            out.push(format!("{at}.signal: {}{line} is not among this file's signals", d.signal));
        } else if answer.entries.iter().any(|p| p.signals.iter().any(|s| s.is(d.signal))) {
            out.push(format!(
                "{at}.signal: {} is cited by a proposal; dismiss only signals no proposal cites",
                d.signal
            ));
        }
        if d.why.trim().is_empty() {
            out.push(format!("{at}.why: say in a sentence why the signal is not a problem"));
        }
    }
}

/// Every line a signal names: its span and its `lines`.
fn signal_lines(s: &crate::scan::Signal) -> Vec<u32> {
    let mut lines: Vec<u32> = (s.line..=s.last_line()).collect();
    lines.extend(&s.lines);
    lines
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
        if *s != CitedSignal::AgentObservation && !c.signals.iter().any(|sig| s.is(sig.name)) {
            out.push(format!("{at}.signals: {s} is not among this file's signals"));
        }
    }
    check_evidence(file, p, at, out);
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

/// `agent_observation` and `evidence` go together; the quote is the doc's own words.
fn check_evidence(file: &FileView, p: &Proposal, at: &str, out: &mut Vec<String>) {
    let observed = p.signals.contains(&CitedSignal::AgentObservation);
    match &p.evidence {
        None if observed => out.push(format!(
            "{at}.evidence: a proposal citing agent_observation needs evidence {{quote, contradicted_by}}"
        )),
        Some(_) if !observed => out.push(format!(
            "{at}.evidence: only a proposal citing agent_observation carries evidence"
        )),
        Some(e) => {
            let quote = normalize_block(&e.quote);
            if quote.is_empty() || !normalize_block(&file.text()).contains(&quote) {
                out.push(format!(
                    "{at}.evidence.quote: {:?} does not appear in the file (whitespace-normalised); quote the doc's own words",
                    e.quote
                ));
            }
            if e.contradicted_by.trim().is_empty() {
                out.push(format!(
                    "{at}.evidence.contradicted_by: say where the contradiction is (a file and line, or the fact)"
                ));
            }
        }
        None => {}
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
    let Some(canonical_ref) = &edit.canonical_ref else { return };
    // `file.md#heading` points at a section of the file, which must exist.
    let (reference, fragment) = match canonical_ref.split_once('#') {
        Some((file, fragment)) => (&file.to_string(), Some(fragment)),
        None => (canonical_ref, None),
    };
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
    if let Some(fragment) = fragment {
        let doc = crate::scan::markdown::parse(String::from_utf8_lossy(&bytes).into_owned());
        if fragment.is_empty() || !doc.has_anchor(fragment) {
            out.push(format!(
                "{at}.canonical_ref: {reference} has no heading with the id #{fragment}; name an existing section (`file.md#heading-id`) or the file alone"
            ));
            return;
        }
    }
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
