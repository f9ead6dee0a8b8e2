//! `--format github`: GitHub Actions workflow commands, one `::warning` per signal, with
//! the message and properties escaped as the runner expects (`%`, CR, LF in both;
//! `:` and `,` too in properties). The `file` property is the exact path, so the
//! annotation lands on its file (a control character in a name is percent-encoded); the message's other hidden characters go through
//! `quote::escape_controls`.

use crate::quote::escape_controls;
use crate::scan::ScanArtifact;

/// The annotations, one per line.
pub fn github(artifact: &ScanArtifact) -> String {
    let mut out = String::new();
    for (path, signals) in &artifact.signals {
        for s in signals {
            let mut props = format!("file={},line={}", property(path), s.line);
            if let Some(end) = s.end_line {
                props.push_str(&format!(",endLine={end}"));
            }
            props.push_str(&format!(",title={}", property(s.name.as_str())));
            let mut message = s.detail.clone();
            if let (Some(target), Some(suggestion)) = (&s.target, &s.suggestion) {
                message.push_str(&format!(" (fix: replace `{target}` with `{suggestion}`)"));
            }
            out.push_str(&format!("::warning {props}::{}\n", data(&escape_controls(&message))));
        }
    }
    out
}

fn data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

fn property(text: &str) -> String {
    let escaped = data(text).replace(':', "%3A").replace(',', "%2C");
    // Other control characters (TAB, ESC…) would reach the CI log raw: percent-encode
    // them. The runner does not decode these, so such a (pathological) name no longer
    // matches its file, but it can never forge or colour a log line.
    escaped
        .chars()
        .map(|c| if c.is_control() { format!("%{:02X}", c as u32) } else { c.to_string() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(data("50% a\nb\r"), "50%25 a%0Ab%0D");
        assert_eq!(property("a,b:c%"), "a%2Cb%3Ac%25");
        assert_eq!(property("a\tb\u{1b}[31m.md"), "a%09b%1B[31m.md");
    }
}
