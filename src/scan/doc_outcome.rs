//! `DocOutcome`: what one doc leaves once a worker has read, parsed and checked it —
//! its file facts, its signals, and the hashes, problems and version mentions the
//! whole-tree steps need.
//! Computed without git history (it may still be loading) and without other docs.
//!
//! It reads one file; it never writes one. A doc over the size limit is not an error:
//! it is `DocRead::Skipped` with a warning, and the scan goes on without it.

use super::anchors::AnchorSet;
use super::artifact::FileFacts;
use super::context::{Findings, ScanContext, MAX_DOC_BYTES};
use super::role;
use super::signal::{Signal, SignalName};
use super::signals::broken_reference::{self, DeferredFragment, Problem};
use super::signals::duplicate_content::BlockPrint;
use super::signals::{
    archive_to_live_ratio, duplicate_content, edit_recency_vs_churn, frontmatter_marker, included,
    token_budget, version_skew,
};
use super::token_jobs::{self, TokenJob};
use super::warning::ScanWarning;
use crate::error::Result;
use crate::fsio::ReadError;
use crate::hash::sha256_hex;
use crate::tokens::injection_frequency;

/// What one doc leaves once it is read, computed without git history.
pub struct DocOutcome {
    pub facts: FileFacts,
    pub problems: Vec<Problem>,
    pub deferred_fragments: Vec<DeferredFragment>,
    pub anchors: AnchorSet,
    /// The files the doc includes (`included.rs`), root-relative.
    pub includes: Vec<String>,
    pub signals: Vec<Signal>,
    pub marked: bool,
    pub prints: Vec<BlockPrint>,
    /// Versions the doc states, judged once git tags are known.
    pub version_mentions: Vec<version_skew::Mention>,
    /// Read only when git is on.
    pub churn: Option<edit_recency_vs_churn::ChurnScope>,
    /// Token counts that had to wait for the tokenizer's tables.
    pub deferred_counts: Option<token_jobs::Deferred>,
    /// What in the doc could not be read (its frontmatter).
    pub warnings: Vec<ScanWarning>,
}

/// One doc read and checked, or left out of the scan and why.
pub enum DocRead {
    Scanned(Box<DocOutcome>),
    Skipped(ScanWarning),
}

/// Reads, parses and checks one doc.
pub fn read_doc(ctx: &ScanContext<'_>, index: u32, use_git: bool) -> Result<DocRead> {
    let path = &ctx.paths[index as usize];
    let (mut doc, bytes) = match ctx.read_doc(path) {
        Ok(read) => read,
        Err(ReadError::TooLarge { .. }) => {
            return Ok(DocRead::Skipped(ScanWarning::too_large(path, MAX_DOC_BYTES)));
        }
        Err(e) => return Err(e.at(&ctx.root.join(path))),
    };
    let facts = FileFacts {
        sha256: sha256_hex(&bytes),
        bytes: doc.bytes,
        lines: doc.parsed.line_count,
        injection_frequency: injection_frequency(path, ctx.always_loaded.contains_key(path)),
        role: ctx.roles[index as usize],
    };
    drop(bytes);
    let role = facts.role;
    let applies = |name| role::signal_applies(role, name);
    let links = broken_reference::check_doc(ctx, &doc);
    let mut findings = Findings::default();
    let version_mentions =
        if applies(SignalName::VersionSkew) { version_skew::find(ctx, &doc) } else { Vec::new() };
    let marked = applies(SignalName::FrontmatterMarker)
        && frontmatter_marker::check(ctx, &doc, &mut findings);
    let mut signals = findings.into_signals();
    let jobs: Vec<TokenJob> = [
        applies(SignalName::TokenBudget).then(|| token_budget::job(ctx, &doc, role)).flatten(),
        applies(SignalName::ArchiveToLiveRatio)
            .then(|| archive_to_live_ratio::job(ctx, &doc))
            .flatten(),
    ]
    .into_iter()
    .flatten()
    .collect();
    let waiting = match token_jobs::try_now(&ctx.estimator, &doc.parsed.text, jobs) {
        Ok(found) => {
            signals.extend(found);
            None
        }
        Err(jobs) => Some(jobs),
    };
    let warnings = doc
        .parsed
        .frontmatter
        .as_ref()
        .and_then(|fm| fm.problem.as_ref())
        .map(|problem| ScanWarning::frontmatter(path, problem))
        .into_iter()
        .collect();
    let outcome = DocOutcome {
        facts,
        problems: links.problems,
        deferred_fragments: links.deferred,
        anchors: AnchorSet::new(&doc.parsed.anchors),
        includes: included::resolve(ctx, &doc),
        signals,
        marked,
        version_mentions,
        prints: if applies(SignalName::DuplicateContent) {
            duplicate_content::prints(ctx, &doc, index)
        } else {
            Vec::new()
        },
        churn: (use_git
            && applies(SignalName::EditRecencyVsChurn)
            && role::can_go_stale_from_code(path, role))
        .then(|| edit_recency_vs_churn::scope_of(&ctx.tree, &doc))
        .flatten(),
        // Last: the text moves out of the doc, to be counted once the tables are in.
        deferred_counts: waiting
            .map(|jobs| token_jobs::Deferred { text: std::mem::take(&mut doc.parsed.text), jobs }),
        warnings,
    };
    Ok(DocRead::Scanned(Box::new(outcome)))
}
