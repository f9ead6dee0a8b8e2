//! `duplicate_content`: a top-level block (≥ 200 normalised characters by default)
//! whose blake3 fingerprint equals a block in another file. The signal spans the block;
//! `related_path` is the other file (the first by path when there are several).
//!
//! Repeats inside one file are not duplicates of content that "lives elsewhere".

use std::collections::{BTreeMap, BTreeSet};

use crate::scan::context::{Findings, ScanContext};
use crate::scan::markdown::{normalize_block, BlockKind};
use crate::scan::signal::{Signal, SignalName};

struct Occurrence<'a> {
    path: &'a str,
    line: u32,
    end_line: u32,
    chars: usize,
}

/// Adds one signal per duplicated block occurrence.
pub fn run(ctx: &ScanContext<'_>, out: &mut Findings) {
    let min = ctx.config.thresholds.duplicate_min_chars;
    let mut by_hash: BTreeMap<[u8; 32], Vec<Occurrence<'_>>> = BTreeMap::new();
    for doc in ctx.docs.values() {
        for block in &doc.parsed.blocks {
            if block.kind == BlockKind::Heading || block.range.len() < min {
                continue;
            }
            let normal = normalize_block(doc.parsed.slice(&block.range));
            let chars = normal.chars().count();
            if chars < min {
                continue;
            }
            let hash = *blake3::hash(normal.as_bytes()).as_bytes();
            by_hash.entry(hash).or_default().push(Occurrence {
                path: &doc.path,
                line: block.line,
                end_line: block.end_line,
                chars,
            });
        }
    }
    for occurrences in by_hash.values() {
        let paths: BTreeSet<&str> = occurrences.iter().map(|o| o.path).collect();
        if paths.len() < 2 {
            continue;
        }
        for o in occurrences {
            let Some(other) = paths.iter().find(|p| **p != o.path) else {
                continue;
            };
            let more = paths.len() - 2;
            let also = if more > 0 { format!(" (and {more} more)") } else { String::new() };
            let detail = format!("a {}-character block also appears in `{other}`{also}", o.chars);
            let sig = Signal::new(SignalName::DuplicateContent, o.line, detail)
                .with_end_line(o.end_line)
                .with_related_path(*other);
            out.push(o.path, sig);
        }
    }
}
