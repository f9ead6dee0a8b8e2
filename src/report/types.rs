//! The report, schema 1.1 (SPEC section 8, with the 1.1 fields of section 13): the one artifact every part of dochygiene
//! flows into. Types are strict (`deny_unknown_fields`); the published JSON Schema is
//! generated from them (see `schema.rs`), never written by hand.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::cited_signal::CitedSignal;
use super::dismissal::DismissedSignal;
use super::evidence::Evidence;
use super::inbound::Inbound;
use super::kind_table::{EditKind, OpType, SafetyTier};
use super::outbound::Outbound;
use super::saving::TokenSaving;
use super::taxonomy::Category;
use super::totals::Totals;
use crate::tokens::Encoding;

/// The schema version this build writes.
pub(crate) const SCHEMA_VERSION: &str = "1.1";

/// Every schema version `validate` (and `clean`) accepts: 1.1 only adds optional fields,
/// so a 1.0 report reads as it was written.
pub(crate) const ACCEPTED_SCHEMA_VERSIONS: [&str; 2] = ["1.0", "1.1"];

/// A whole report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "dochygiene report 1.1")]
pub(crate) struct Report {
    /// "1.1" as written by this build; "1.0" reports are still read.
    pub schema_version: String,
    /// The dochygiene version that wrote the report (Cargo.toml's).
    pub tool_version: String,
    /// The run instant, RFC 3339 UTC; also stamped as `last_check`.
    pub generated_at: String,
    /// The op that produced the report.
    pub op_id: String,
    pub scan: ScanSummary,
    /// Every in-scope file, root-relative.
    pub shortlist: Vec<String>,
    /// Signal-bearing files the classifier cleared (no entry).
    pub cleared: Vec<String>,
    /// 1.1: why the classifier cleared a file, by path, when it said.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub cleared_reasons: std::collections::BTreeMap<String, String>,
    /// 1.1: the scanner signals an entries answer left out, with the reason when given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dismissed: Vec<DismissedSignal>,
    pub entries: Vec<Entry>,
    /// What the engine wants a reader to know: dropped answers, skipped signals.
    pub notes: Vec<Note>,
    pub totals: Totals,
    /// Files whose verdict (entries or clear) was reused from an earlier check's answer
    /// instead of being asked again (schema 1.1). Their entries are finalized anew.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reused: Vec<ReusedVerdict>,
    /// When a scoped check kept the rest of the last report: which check, with which
    /// scopes, each part of the report came from (schema 1.1). Absent when one check
    /// wrote the whole report.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<ReportPart>,
}

/// A file whose classifier verdict was reused, and the op that asked for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReusedVerdict {
    pub path: String,
    /// The op whose answer was reused.
    pub op_id: String,
}

/// One check's part of a report that several scoped checks wrote.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReportPart {
    /// The check that wrote this part.
    pub op_id: String,
    /// Its run instant, RFC 3339 UTC.
    pub generated_at: String,
    /// Its scopes (`--scope` values; the include globs when it had none).
    pub scopes: Vec<String>,
    /// The ids of the entries it contributed.
    pub entries: Vec<String>,
    /// The files it cleared.
    pub cleared: Vec<String>,
}

/// What was scanned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScanSummary {
    pub project_root: String,
    pub scope_globs: Vec<String>,
    pub excluded_dirs: Vec<String>,
    pub files_scanned: u64,
    /// The `--category` values (classes or subtypes); empty for all.
    pub category_filter: Vec<String>,
}

/// One finding with the edit that fixes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Entry {
    /// First 12 hex of sha256(path, subtype, kind, anchor); stable across runs.
    pub id: String,
    /// Root-relative path of the doc.
    pub path: String,
    /// When the engine hashed this file, RFC 3339 UTC.
    pub generated_at: String,
    pub category: Category,
    /// Scanner signal names the finding rests on, copied from the scan, or the reserved
    /// `agent_observation`.
    pub signals: Vec<CitedSignal>,
    /// 1.1: the finding cites `agent_observation`: the agent saw it, no signal did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub agent_found: bool,
    /// 1.1: an agent-found finding's evidence (present iff `agent_found`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Evidence")]
    pub evidence: Option<Evidence>,
    /// A one-line gloss on the signals, from the classifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub detail: Option<String>,
    /// One sentence saying what the fix does.
    pub op: String,
    pub op_type: OpType,
    /// Present iff `op_type` is deterministic.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ExactEdit")]
    pub exact_edit: Option<ExactEdit>,
    /// For a generative entry: the lines its rewrite replaces, hashed by the engine, so
    /// clean can guard them as it guards an `exact_edit`. Absent on deterministic entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SpanGuard")]
    pub guard: Option<SpanGuard>,
    /// `move-to-archive` only: what refers to the doc, computed by the engine. The move
    /// rewrites `rewrites` in the same op; any `unrewritable` makes the entry confirm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Inbound")]
    pub inbound: Option<Inbound>,
    /// `move-to-archive` only: the doc's own relative links its new folder would break,
    /// computed by the engine. The move rewrites `rewrites` in the doc's bytes; any
    /// `unrewritable` makes the entry confirm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Outbound")]
    pub outbound: Option<Outbound>,
    pub is_destructive: bool,
    pub is_reversible: bool,
    pub safety_tier: SafetyTier,
    pub token_estimate: TokenEstimate,
    /// 1.1 (present on every 1.1 entry): the tokens applying the entry takes off its doc,
    /// measured on the exact edit or, for a generative entry not yet applied, estimated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "TokenSaving")]
    pub token_saving: Option<TokenSaving>,
    #[schemars(range(min = 0.0, max = 1.0))]
    pub confidence: f64,
    /// The classifier's reasoning, for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub why: Option<String>,
    /// The op whose answer this entry was reused from (schema 1.1); absent when it was
    /// asked in this report's check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub reused_from: Option<String>,
}

impl Entry {
    /// Whether some reference to the doc, or some link of its own, cannot follow its move
    /// (the tier input `unrewritable`).
    pub(crate) fn has_unrewritable_reference(&self) -> bool {
        self.has_unrewritable_inbound() || self.has_unrewritable_outbound()
    }

    /// Whether some reference to the doc cannot follow its move.
    pub(crate) fn has_unrewritable_inbound(&self) -> bool {
        self.inbound.as_ref().is_some_and(Inbound::has_unrewritable)
    }

    /// Whether some link of the doc's own cannot follow its move.
    pub(crate) fn has_unrewritable_outbound(&self) -> bool {
        self.outbound.as_ref().is_some_and(Outbound::has_unrewritable)
    }
}

/// A 1-based, inclusive line span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Anchor {
    pub start_line: u32,
    pub end_line: u32,
}

impl std::fmt::Display for Anchor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.start_line, self.end_line)
    }
}

/// A deterministic edit. Which kind fields are present is fixed by KIND_TABLE.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExactEdit {
    pub kind: EditKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Anchor")]
    pub anchor: Option<Anchor>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub dest_path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub canonical_ref: Option<String>,
    #[serde(rename = "match", default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub match_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub replacement: Option<String>,
    /// sha256 of the anchored span's bytes (anchor kinds only), computed by the engine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^[0-9a-f]{64}$"))]
    #[schemars(with = "String")]
    pub expected_sha256: Option<String>,
    /// sha256 of the whole file at scan time, computed by the engine (every kind).
    #[schemars(regex(pattern = r"^[0-9a-f]{64}$"))]
    pub file_sha256: String,
}

crate::report::kind_table::impl_kind_fields!(ExactEdit);

/// The span a generative entry's rewrite replaces, with the engine's hashes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SpanGuard {
    pub anchor: Anchor,
    /// sha256 of the span's bytes.
    #[schemars(regex(pattern = r"^[0-9a-f]{64}$"))]
    pub expected_sha256: String,
    /// sha256 of the whole file at check time.
    #[schemars(regex(pattern = r"^[0-9a-f]{64}$"))]
    pub file_sha256: String,
}

/// The token cost of the span an entry would change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct TokenEstimate {
    pub raw_tokens: u64,
    pub encoding: Encoding,
    /// How often an agent loads the file per session (0..1].
    #[schemars(range(min = 0.0, max = 1.0))]
    pub injection_frequency: f64,
    /// `raw_tokens × injection_frequency`, rounded to 2 decimals.
    pub weighted_tokens: f64,
}

/// Something the engine tells the reader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Note {
    pub kind: NoteKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub request_id: Option<String>,
    pub message: String,
}

/// What a note is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum NoteKind {
    /// An answer failed validation three times and was dropped.
    AnswerDropped,
    /// Git signals were skipped (no repository, `--no-git`).
    GitSkipped,
    /// Proposals left out by `--category`.
    CategoryFiltered,
}
