//! The semantic pass: every rule the schema cannot say — tiers derived, KIND_TABLE
//! flags and fields, a move's inbound references (`inbound.rs`) and own links
//! (`outbound.rs`), hashes, ids, anchors, token arithmetic, totals, shortlist membership.
//! Collects every violation; never stops at the first.

use std::collections::{BTreeSet, HashSet};

use super::violation::Violation;
use crate::hash::{is_lower_hex, is_sha256_hex};
use crate::rel_path::confinement_problem;
use crate::report::entry_id::entry_id;
use crate::report::kind_table::{derive_safety_tier, flags_for, kind_field_problems, OpType};
use crate::report::totals::{round_tokens, Totals};
use crate::report::types::{Entry, ExactEdit, Report, ACCEPTED_SCHEMA_VERSIONS};

/// Checks every invariant of a structurally valid report.
pub(crate) fn check(report: &Report) -> Vec<Violation> {
    let mut out = Vec::new();
    envelope(report, &mut out);
    let shortlist: HashSet<&str> = report.shortlist.iter().map(String::as_str).collect();
    let mut ids = HashSet::new();
    for (i, entry) in report.entries.iter().enumerate() {
        let at = format!("entries[{i}]");
        check_entry(entry, &at, &shortlist, &mut out);
        if !ids.insert(entry.id.as_str()) {
            out.push(Violation::new(
                format!("{at}.id"),
                "entry-id-unique",
                format!("duplicate entry id {:?}", entry.id),
            ));
        }
    }
    totals(report, &mut out);
    out
}

fn envelope(r: &Report, out: &mut Vec<Violation>) {
    if !ACCEPTED_SCHEMA_VERSIONS.contains(&r.schema_version.as_str()) {
        out.push(Violation::new(
            "schema_version",
            "schema-version",
            format!(
                "{:?}, but this validator knows only {}",
                r.schema_version,
                ACCEPTED_SCHEMA_VERSIONS.map(|v| format!("{v:?}")).join(" and ")
            ),
        ));
    }
    if semver::Version::parse(&r.tool_version).is_err() {
        out.push(Violation::new(
            "tool_version",
            "tool-version-semver",
            format!("{:?} is not a semantic version", r.tool_version),
        ));
    }
    timestamp("generated_at", &r.generated_at, out);
    if !crate::ids::is_valid_op_id(&r.op_id) {
        out.push(Violation::new(
            "op_id",
            "op-id-format",
            format!("{:?} is not 1 to 64 of [A-Za-z0-9-]", r.op_id),
        ));
    }
    let mut seen = BTreeSet::new();
    for (i, path) in r.shortlist.iter().enumerate() {
        if !seen.insert(path.as_str()) {
            out.push(Violation::new(
                format!("shortlist[{i}]"),
                "shortlist-unique",
                format!("{path:?} is listed twice"),
            ));
        }
    }
    if r.scan.files_scanned < r.shortlist.len() as u64 {
        out.push(Violation::new(
            "scan.files_scanned",
            "files-scanned-covers-shortlist",
            format!(
                "{} files scanned, but the shortlist holds {}",
                r.scan.files_scanned,
                r.shortlist.len()
            ),
        ));
    }
    let with_entries: HashSet<&str> = r.entries.iter().map(|e| e.path.as_str()).collect();
    for (i, path) in r.cleared.iter().enumerate() {
        if !seen.contains(path.as_str()) {
            out.push(Violation::new(
                format!("cleared[{i}]"),
                "cleared-in-shortlist",
                format!("{path:?} is not in the shortlist"),
            ));
        }
        if with_entries.contains(path.as_str()) {
            out.push(Violation::new(
                format!("cleared[{i}]"),
                "cleared-has-no-entries",
                format!("{path:?} is cleared but has entries"),
            ));
        }
    }
}

fn timestamp(at: &str, text: &str, out: &mut Vec<Violation>) {
    if crate::clock::parse(text).is_err() {
        out.push(Violation::new(
            at,
            "timestamp-rfc3339",
            format!("{text:?} is not an RFC 3339 timestamp"),
        ));
    }
}

fn check_entry(e: &Entry, at: &str, shortlist: &HashSet<&str>, out: &mut Vec<Violation>) {
    if !shortlist.contains(e.path.as_str()) {
        out.push(Violation::new(
            format!("{at}.path"),
            "entry-path-in-shortlist",
            format!("{:?} is not in the shortlist", e.path),
        ));
    }
    timestamp(&format!("{at}.generated_at"), &e.generated_at, out);
    if !e.category.is_consistent() {
        out.push(Violation::new(
            format!("{at}.category"),
            "subtype-in-class",
            format!(
                "subtype {:?} belongs to class {:?}, not {:?}",
                e.category.subtype.as_str(),
                e.category.subtype.class().as_str(),
                e.category.class.as_str()
            ),
        ));
    }
    if e.signals.is_empty() {
        out.push(Violation::new(
            format!("{at}.signals"),
            "signals-cited",
            "an entry must cite at least one scanner signal",
        ));
    }
    if e.op.trim().is_empty() {
        out.push(Violation::new(
            format!("{at}.op"),
            "op-sentence",
            "op must say in one sentence what the fix does",
        ));
    }
    if !(0.0..=1.0).contains(&e.confidence) {
        out.push(Violation::new(
            format!("{at}.confidence"),
            "confidence-range",
            format!("{} is outside 0..1", e.confidence),
        ));
    }
    match (e.op_type, &e.exact_edit) {
        (OpType::Deterministic, None) => out.push(Violation::new(
            format!("{at}.exact_edit"),
            "op-type-matches-exact-edit",
            "op_type is \"deterministic\" but there is no exact_edit",
        )),
        (OpType::Generative, Some(_)) => out.push(Violation::new(
            format!("{at}.exact_edit"),
            "op-type-matches-exact-edit",
            "op_type is \"generative\" but an exact_edit is present",
        )),
        (_, Some(edit)) => check_edit(edit, &format!("{at}.exact_edit"), out),
        (OpType::Generative, None) => {}
    }
    match (e.op_type, &e.guard) {
        (OpType::Generative, None) => out.push(Violation::new(
            format!("{at}.guard"),
            "generative-guard",
            "a generative entry needs the engine's guard of the lines it rewrites",
        )),
        (OpType::Deterministic, Some(_)) => out.push(Violation::new(
            format!("{at}.guard"),
            "generative-guard",
            "a deterministic entry is guarded by its exact_edit, not a guard",
        )),
        (_, Some(g)) => {
            let a = g.anchor;
            if a.start_line == 0 || a.end_line < a.start_line {
                out.push(Violation::new(
                    format!("{at}.guard.anchor"),
                    "anchor-span",
                    format!(
                        "{}..{} is not a 1-based span with start_line ≤ end_line",
                        a.start_line, a.end_line
                    ),
                ));
            }
        }
        _ => {}
    }
    let kind = e.exact_edit.as_ref().map(|x| x.kind);
    let (destructive, reversible) = flags_for(kind);
    let source = kind.map_or("generative entries".to_string(), |k| format!("KIND_TABLE[{k}]"));
    if e.is_destructive != destructive {
        out.push(Violation::new(
            format!("{at}.is_destructive"),
            "flags-from-kind-table",
            format!("{}, but {source} says {destructive}", e.is_destructive),
        ));
    }
    if e.is_reversible != reversible {
        out.push(Violation::new(
            format!("{at}.is_reversible"),
            "flags-from-kind-table",
            format!("{}, but {source} says {reversible}", e.is_reversible),
        ));
    }
    super::inbound::check(e, at, out);
    super::outbound::check(e, at, out);
    let unrewritable = e.has_unrewritable_reference();
    let tier = derive_safety_tier(e.op_type, e.is_destructive, e.is_reversible, unrewritable);
    if e.safety_tier != tier {
        out.push(Violation::new(
            format!("{at}.safety_tier"),
            "safety-tier-derived",
            format!(
                "{:?}, but derive_safety_tier({}, {}, {}{}) = {:?}",
                e.safety_tier.as_str(),
                e.op_type.as_str(),
                if e.is_destructive { "destructive" } else { "non-destructive" },
                if e.is_reversible { "reversible" } else { "irreversible" },
                match (e.has_unrewritable_inbound(), e.has_unrewritable_outbound()) {
                    (true, _) => ", unrewritable inbound references",
                    (false, true) => ", unrewritable own links",
                    (false, false) => "",
                },
                tier.as_str()
            ),
        ));
    }
    let t = &e.token_estimate;
    if !(t.injection_frequency > 0.0 && t.injection_frequency <= 1.0) {
        out.push(Violation::new(
            format!("{at}.token_estimate.injection_frequency"),
            "injection-frequency-range",
            format!("{} is outside (0, 1]", t.injection_frequency),
        ));
    }
    let expected = round_tokens(t.raw_tokens as f64 * t.injection_frequency);
    if (t.weighted_tokens - expected).abs() > 0.005 {
        out.push(Violation::new(
            format!("{at}.token_estimate.weighted_tokens"),
            "weighted-tokens-product",
            format!(
                "{}, but raw_tokens {} × injection_frequency {} = {expected}",
                t.weighted_tokens, t.raw_tokens, t.injection_frequency
            ),
        ));
    }
    if !is_lower_hex(&e.id, 12) {
        out.push(Violation::new(
            format!("{at}.id"),
            "entry-id-format",
            format!("{:?} is not 12 lowercase hex digits", e.id),
        ));
    } else {
        let derived = entry_id(
            &e.path,
            e.category.subtype,
            kind,
            e.exact_edit.as_ref().and_then(|x| x.anchor),
        );
        if derived != e.id {
            out.push(Violation::new(
                format!("{at}.id"),
                "entry-id-derived",
                format!("{:?}, but sha256(path, subtype, kind, anchor) gives {derived:?}", e.id),
            ));
        }
    }
}

fn check_edit(edit: &ExactEdit, at: &str, out: &mut Vec<Violation>) {
    let spec = edit.kind.spec();
    for (field, problem) in kind_field_problems(edit) {
        out.push(Violation::new(format!("{at}.{}", field.as_str()), "kind-fields", problem));
    }
    if let Some(a) = edit.anchor {
        if a.start_line == 0 || a.end_line < a.start_line {
            out.push(Violation::new(
                format!("{at}.anchor"),
                "anchor-span",
                format!(
                    "{}..{} is not a 1-based span with start_line ≤ end_line",
                    a.start_line, a.end_line
                ),
            ));
        }
    }
    match (&edit.expected_sha256, spec.has_anchor) {
        (None, true) => out.push(Violation::new(
            format!("{at}.expected_sha256"),
            "expected-sha256",
            format!("kind {} needs the anchored span's sha256", edit.kind),
        )),
        (Some(_), false) => out.push(Violation::new(
            format!("{at}.expected_sha256"),
            "expected-sha256",
            format!("kind {} has no anchor, so no span hash", edit.kind),
        )),
        (Some(h), true) if !is_sha256_hex(h) => out.push(Violation::new(
            format!("{at}.expected_sha256"),
            "sha256-format",
            format!("{h:?} is not 64 lowercase hex digits"),
        )),
        _ => {}
    }
    if !is_sha256_hex(&edit.file_sha256) {
        out.push(Violation::new(
            format!("{at}.file_sha256"),
            "sha256-format",
            format!("{:?} is not 64 lowercase hex digits", edit.file_sha256),
        ));
    }
    for (name, value) in [("dest_path", &edit.dest_path), ("canonical_ref", &edit.canonical_ref)] {
        if let Some(problem) = value.as_deref().and_then(confinement_problem) {
            out.push(Violation::new(format!("{at}.{name}"), "path-confined", problem));
        }
    }
    if edit.match_text.as_deref() == Some("") {
        out.push(Violation::new(
            format!("{at}.match"),
            "match-non-empty",
            "match must not be empty",
        ));
    }
}

fn totals(r: &Report, out: &mut Vec<Violation>) {
    let expected = Totals::compute(&r.entries, r.totals.candidates, r.totals.cleared);
    if expected != r.totals {
        let mut parts = Vec::new();
        if expected.entries != r.totals.entries {
            parts.push(format!("entries {} ≠ {}", r.totals.entries, expected.entries));
        }
        if expected.raw_tokens != r.totals.raw_tokens {
            parts.push(format!("raw_tokens {} ≠ {}", r.totals.raw_tokens, expected.raw_tokens));
        }
        if expected.weighted_tokens != r.totals.weighted_tokens {
            parts.push(format!(
                "weighted_tokens {} ≠ {}",
                r.totals.weighted_tokens, expected.weighted_tokens
            ));
        }
        if parts.is_empty() {
            parts.push("a by_class, by_subtype or by_tier bucket".into());
        }
        out.push(Violation::new(
            "totals",
            "totals-rollup",
            format!("do not add up from the entries: {}", parts.join(", ")),
        ));
    }
    if r.totals.cleared > r.totals.candidates || r.totals.cleared != r.cleared.len() as u64 {
        out.push(Violation::new(
            "totals.cleared",
            "totals-cleared",
            format!(
                "{} cleared of {} candidates, but the cleared list holds {}",
                r.totals.cleared,
                r.totals.candidates,
                r.cleared.len()
            ),
        ));
    }
}
