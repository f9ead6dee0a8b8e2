//! `duplicate_content`: a top-level block (≥ 200 normalised characters by default)
//! whose blake3 fingerprint equals a block in another file. The signal spans the block;
//! `related_path` is the other file (the first by path when there are several).
//!
//! `prints` fingerprints one doc while it is parsed; `run` matches the fingerprints of
//! the whole tree, so no doc's text is kept. Repeats inside one file are not duplicates
//! of content that "lives elsewhere".

use std::collections::BTreeSet;

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::markdown::{normalize_block, BlockKind};
use crate::scan::signal::{Signal, SignalName};

/// One long block's fingerprint (the first 128 bits of its blake3) and span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct BlockPrint {
    pub hash: u128,
    /// Index of the doc in the shortlist.
    pub doc: u32,
    pub line: u32,
    pub end_line: u32,
    pub chars: u32,
}

/// The fingerprints of `doc`'s long blocks.
pub fn prints(ctx: &ScanContext<'_>, doc: &Doc, doc_index: u32) -> Vec<BlockPrint> {
    let min = ctx.config.thresholds.duplicate_min_chars;
    let mut out = Vec::new();
    for block in &doc.parsed.blocks {
        if block.kind == BlockKind::Heading || block.range.len() < min {
            continue;
        }
        let normal = normalize_block(doc.parsed.slice(&block.range));
        let chars = normal.chars().count();
        if chars < min {
            continue;
        }
        let digest = blake3::hash(normal.as_bytes());
        let mut first = [0u8; 16];
        first.copy_from_slice(&digest.as_bytes()[..16]);
        out.push(BlockPrint {
            hash: u128::from_be_bytes(first),
            doc: doc_index,
            line: block.line,
            end_line: block.end_line,
            chars: chars as u32,
        });
    }
    out
}

/// Adds one signal per block occurrence whose fingerprint another file shares.
pub fn run(ctx: &ScanContext<'_>, mut prints: Vec<BlockPrint>, out: &mut Findings) {
    prints.sort_unstable();
    for group in prints.chunk_by(|a, b| a.hash == b.hash) {
        let docs: BTreeSet<u32> = group.iter().map(|p| p.doc).collect();
        if docs.len() < 2 {
            continue;
        }
        for p in group {
            let Some(other) = docs.iter().find(|d| **d != p.doc) else {
                continue;
            };
            let other = &ctx.paths[*other as usize];
            let more = docs.len() - 2;
            let also = if more > 0 { format!(" (and {more} more)") } else { String::new() };
            let detail = format!("a {}-character block also appears in `{other}`{also}", p.chars);
            let sig = Signal::new(SignalName::DuplicateContent, p.line, detail)
                .with_end_line(p.end_line)
                .with_related_path(other);
            out.push(&ctx.paths[p.doc as usize], sig);
        }
    }
}
