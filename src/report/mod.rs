//! The report: schema 1.1 types, KIND_TABLE and the safety tier, ids, totals, validation,
//! the generated JSON Schema and the Markdown rendering.

pub(crate) mod cited_signal;
pub(crate) mod dismissal;
pub(crate) mod entry_id;
pub(crate) mod evidence;
pub(crate) mod inbound;
pub(crate) mod kind_table;
pub(crate) mod outbound;
mod render_md;
pub(crate) mod saving;
pub(crate) mod schema;
pub(crate) mod taxonomy;
pub(crate) mod totals;
pub(crate) mod types;
pub(crate) mod validate;

pub(crate) use cited_signal::CitedSignal;
pub(crate) use dismissal::DismissedSignal;
pub(crate) use evidence::Evidence;
pub(crate) use inbound::{Inbound, InboundFile, InboundRef, LinkRewrite};
pub(crate) use kind_table::{EditKind, OpType, SafetyTier};
pub(crate) use outbound::{Outbound, OwnLinkRef, OwnLinkRewrite};
pub(crate) use render_md::render_markdown;
pub(crate) use saving::{SavingBasis, TokenSaving};
pub(crate) use taxonomy::{Category, Class, Subtype};
pub(crate) use totals::Totals;
pub(crate) use types::{
    Anchor, Entry, ExactEdit, Note, NoteKind, Report, ReportPart, ReusedVerdict, ScanSummary,
    SpanGuard, TokenEstimate, SCHEMA_VERSION,
};
pub(crate) use validate::validate_text;
