//! `--format text`: one line per signal, like a linter —
//! `path:line: signal: detail`, with the fix appended when a suggestion is known. Names
//! are written through `quote`, so a name cannot break a line. The path and the signal
//! name are colored when `--color` says so (`crate::color`).

use crate::quote::{escape_controls, quote_name};
use crate::scan::ScanArtifact;

/// The whole text report (empty when there are no signals).
pub fn text(artifact: &ScanArtifact) -> String {
    let mut out = String::new();
    for (path, signals) in &artifact.signals {
        for s in signals {
            let mut rest = format!(": {}", s.detail);
            if let (Some(target), Some(suggestion)) = (&s.target, &s.suggestion) {
                rest.push_str(&format!(" (fix: replace `{target}` with `{suggestion}`)"));
            }
            // Escaped first, colored after: the color's escapes are the only ones added.
            let name = crate::color::path(&escape_controls(&quote_name(path)));
            let signal = crate::color::signal(&escape_controls(&s.name.to_string()));
            out.push_str(&format!("{name}:{}: {signal}{}\n", s.line, escape_controls(&rest)));
        }
    }
    out
}
