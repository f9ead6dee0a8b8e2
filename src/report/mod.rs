//! The report: schema 1.0 types, KIND_TABLE and the safety tier, ids, totals, validation,
//! the generated JSON Schema and the Markdown rendering.

pub mod entry_id;
pub mod inbound;
pub mod kind_table;
pub mod outbound;
mod render_md;
pub mod schema;
pub mod taxonomy;
pub mod totals;
pub mod types;
pub mod validate;

pub use inbound::{Inbound, InboundFile, InboundRef, LinkRewrite};
pub use kind_table::{derive_safety_tier, EditKind, OpType, SafetyTier, KIND_TABLE};
pub use outbound::{Outbound, OwnLinkRef, OwnLinkRewrite};
pub use render_md::render_markdown;
pub use taxonomy::{Category, Class, Subtype};
pub use totals::Totals;
pub use types::{
    Anchor, Entry, ExactEdit, Note, NoteKind, Report, ScanSummary, SpanGuard, TokenEstimate,
    SCHEMA_VERSION,
};
pub use validate::{validate_report, validate_text, Violation};
