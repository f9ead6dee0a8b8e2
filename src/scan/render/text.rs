//! `--format text`: one line per signal, like a linter —
//! `path:line: signal: detail`, with the fix appended when a suggestion is known. Names
//! are written through `quote`, so a name cannot break a line.

use crate::quote::{escape_controls, quote_name};
use crate::scan::ScanArtifact;

/// The whole text report (empty when there are no signals).
pub fn text(artifact: &ScanArtifact) -> String {
    let mut out = String::new();
    for (path, signals) in &artifact.signals {
        for s in signals {
            let mut line = format!("{}:{}: {}: {}", quote_name(path), s.line, s.name, s.detail);
            if let (Some(target), Some(suggestion)) = (&s.target, &s.suggestion) {
                line.push_str(&format!(" (fix: replace `{target}` with `{suggestion}`)"));
            }
            out.push_str(&escape_controls(&line));
            out.push('\n');
        }
    }
    out
}
