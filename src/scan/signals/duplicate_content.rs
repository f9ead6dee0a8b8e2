//! `duplicate_content`: top-level blocks (≥ 200 normalised characters by default) whose
//! blake3 fingerprints equal blocks in exactly one other file (a block in three or more
//! files is a snippet repeated by design; a docs landing page mirroring the README and
//! license text are deliberate too). One signal per file pair: it spans
//! the first shared block, lists every shared block's first line in `lines`, and names
//! the other file in `related_path` (for a block found in several files, the first other
//! file by path).
//!
//! `prints` fingerprints one doc while it is parsed; `run` matches the fingerprints of
//! the whole tree, so no doc's text is kept. Repeats inside one file are not duplicates
//! of content that "lives elsewhere".

use std::collections::{BTreeMap, BTreeSet};

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::markdown::{normalize_block, BlockKind};
use crate::scan::role;
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

/// Whether two files share text by design: a docs site's landing page mirroring the root
/// README, or license and policy text repeated verbatim.
fn deliberate_pair(ctx: &ScanContext<'_>, a: &str, b: &str) -> bool {
    let landing = |p: &str| {
        let (dir, name) = p.rsplit_once('/').unwrap_or(("", p));
        let index = name.eq_ignore_ascii_case("index.md") || name.eq_ignore_ascii_case("README.md");
        index
            && (dir == "docs"
                || ctx.sites.page_of(p).is_some_and(|site| site.content.iter().any(|c| c == dir)))
    };
    let mirror = (a == "README.md" && landing(b)) || (b == "README.md" && landing(a));
    mirror || role::is_policy_file(a) || role::is_policy_file(b)
}

/// Adds one signal per pair of files sharing blocks, on each file of the pair.
pub fn run(ctx: &ScanContext<'_>, mut prints: Vec<BlockPrint>, out: &mut Findings) {
    prints.sort_unstable();
    // (doc, other doc) -> the doc's shared blocks.
    let mut pairs: BTreeMap<(u32, u32), Vec<BlockPrint>> = BTreeMap::new();
    for group in prints.chunk_by(|a, b| a.hash == b.hash) {
        let docs: BTreeSet<u32> = group.iter().map(|p| p.doc).collect();
        // Two homes is a copy; three or more is a snippet repeated by design (the same
        // option paragraph on every command page, a note in every integration guide).
        if docs.len() != 2 {
            continue;
        }
        let mut homes = docs.iter().map(|d| ctx.paths[*d as usize].as_str());
        let (a, b) = (homes.next().unwrap_or_default(), homes.next().unwrap_or_default());
        if deliberate_pair(ctx, a, b) {
            continue;
        }
        for p in group {
            let Some(other) = docs.iter().find(|d| **d != p.doc) else {
                continue;
            };
            pairs.entry((p.doc, *other)).or_default().push(*p);
        }
    }
    for ((doc, other), mut blocks) in pairs {
        blocks.sort_by_key(|p| (p.line, p.end_line));
        blocks.dedup_by_key(|p| p.line);
        let other = &ctx.paths[other as usize];
        let first = blocks[0];
        let detail = if blocks.len() == 1 {
            format!("a {}-character block also appears in `{other}`", first.chars)
        } else {
            let chars: u32 = blocks.iter().map(|p| p.chars).sum();
            let spans: Vec<String> = blocks
                .iter()
                .map(|p| {
                    if p.end_line > p.line {
                        format!("{}-{}", p.line, p.end_line)
                    } else {
                        p.line.to_string()
                    }
                })
                .collect();
            format!(
                "{} blocks ({chars} characters: lines {}) also appear in `{other}`",
                blocks.len(),
                spans.join(", ")
            )
        };
        let sig = Signal::new(SignalName::DuplicateContent, first.line, detail)
            .with_end_line(first.end_line)
            .with_lines(blocks.iter().map(|p| p.line).collect())
            .with_related_path(other);
        out.push(&ctx.paths[doc as usize], sig);
    }
}
