//! `clean --dry-run`: what a clean would do, as data — the unified diff of every file
//! it would change, and a sentence for each entry it would skip, each reference it
//! would leave for the user and each span it would ask an agent to rewrite. Writes
//! nothing.

use std::collections::HashMap;
use std::path::Path;

use super::inbound::plan_with_inbound;
use super::select::locate_all;
use crate::error::Result;
use crate::quote::{escape_controls, quote_name};
use crate::report::Entry;

/// What a clean would do.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Preview {
    /// One sentence per entry skipped, reference left, or span to rewrite.
    pub notes: Vec<String>,
    /// The unified diff of every file the clean would change.
    pub diff: String,
    /// Entries that would apply.
    pub entries: usize,
    /// Files that would change.
    pub files: usize,
    /// Entries stale or skipped.
    pub skipped: usize,
}

/// Previews applying `chosen` (`docs`: the report's shortlist).
pub(crate) fn preview(root: &Path, docs: &[String], chosen: &[Entry]) -> Result<Preview> {
    let (located, stale) = locate_all(root, docs, chosen, true)?;
    let mut notes = Vec::new();
    for s in &stale {
        notes.push(format!("would skip {}: {}", s.id, s.reason));
    }
    for l in &located {
        for r in l.entry.inbound.iter().flat_map(|i| &i.unrewritable) {
            let line = r.line.map_or(String::new(), |n| format!(" line {n}"));
            notes.push(format!("would leave {}{line} for you: {}", r.path, r.reason));
        }
        for r in l.entry.outbound.iter().flat_map(|o| &o.unrewritable) {
            notes.push(format!(
                "would leave {} line {} for you: {}",
                quote_name(&l.entry.path),
                r.line,
                escape_controls(&r.reason)
            ));
        }
    }
    for l in located.iter().filter(|l| l.entry.exact_edit.is_none()) {
        let a = l.anchor.expect("generative entries are located by their guard");
        notes.push(format!(
            "would ask an agent to rewrite {} lines {a} ({})",
            quote_name(&l.entry.path),
            escape_controls(&l.entry.op)
        ));
    }
    let changes = plan_with_inbound(root, located, &HashMap::new())?;
    let mut diff = String::new();
    for c in &changes.changes {
        let before = String::from_utf8_lossy(c.before.as_deref().unwrap_or_default()).into_owned();
        let after = String::from_utf8_lossy(c.after.as_deref().unwrap_or_default()).into_owned();
        let text = similar::TextDiff::from_lines(&before, &after);
        let (a, b) = (format!("a/{}", c.path), format!("b/{}", c.path));
        let (header_a, header_b) = (quote_name(&a), quote_name(&b));
        diff.push_str(&text.unified_diff().header(&header_a, &header_b).to_string());
    }
    Ok(Preview {
        notes,
        diff,
        entries: changes.applied.len(),
        files: changes.changes.len(),
        skipped: stale.len() + changes.skipped.len(),
    })
}
