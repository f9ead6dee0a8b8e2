//! A security policy's supported versions behind the releases: `SECURITY.md`'s table
//! marks `2.10.x` as the newest supported line while the project has released 2.12.1
//! (pyjwt, rust-url's `2.2.x` beside 2.5.8, celery's `5.4.x` beside 5.6.3). Readers
//! on the current release are told it gets no fixes.

use super::mention::{Claim, Mention, ReleaseUse, Subject};
use super::words::strict_version;
use crate::scan::markdown::{BlockKind, ParsedDoc};

/// Cells (lowercase) that mark a row's release as supported.
const SUPPORTED: [&str; 6] =
    ["✅", ":white_check_mark:", "✔", ":heavy_check_mark:", "yes", "supported"];

/// Adds the newest release line a security policy's table marks as supported, when
/// every supported row names one (a row for `latest`, `main` or a bound such as
/// `>= 3.0.0` covers the current release: no claim then).
pub fn mentions(doc: &ParsedDoc, path: &str, out: &mut Vec<Mention>) {
    if !is_policy(path) {
        return;
    }
    for block in doc.blocks.iter().filter(|b| b.kind == BlockKind::Table) {
        let mut newest: Option<Mention> = None;
        for (i, row) in doc.text[block.range.clone()].lines().enumerate() {
            let cells: Vec<&str> = row.trim().trim_matches('|').split('|').map(str::trim).collect();
            let [first, rest @ ..] = cells.as_slice() else { continue };
            let marks = rest.join(" ").to_lowercase();
            let supported = SUPPORTED.iter().any(|s| marks.contains(s))
                && !["unsupported", "not supported", "no longer", "❌", ":x:"]
                    .iter()
                    .any(|s| marks.contains(s));
            if i < 2 || !supported {
                continue; // the header and its delimiter row, or a release without fixes
            }
            let cell = first.trim_matches(['`', '*', ' ']);
            let Some(line) = release_line(cell) else {
                // `latest`, `main`, `>= 3.0.0`: the current release is covered.
                newest = None;
                break;
            };
            let Some(version) = strict_version(line) else { continue };
            if newest.as_ref().is_some_and(|m| m.version >= version) {
                continue;
            }
            newest = Some(Mention {
                line: block.line + i as u32,
                subject: Subject::Release { prefix: String::new(), by: ReleaseUse::Supported },
                claim: Claim::Version,
                target: line.to_string(),
                written: line.to_string(),
                version,
                asserts_current: true,
                about_project: false,
            });
        }
        out.extend(newest);
    }
}

/// Whether `path` is a security policy (`SECURITY.md`, in any folder): the release
/// tags answer it even where no manifest declares a version.
pub fn is_policy(path: &str) -> bool {
    path.rsplit('/').next().unwrap_or(path).eq_ignore_ascii_case("SECURITY.md")
}

/// The release line a table cell names (`2.10.x` → `2.10`, `v1.x` → `v1`, `26.0.0`),
/// or `None` for anything else (`latest`, `main branch`, `>= 1.2.0`, `20.15.1 +`).
fn release_line(cell: &str) -> Option<&str> {
    let mut line = cell;
    while let Some(shorter) = line.strip_suffix(".x").or_else(|| line.strip_suffix(".X")) {
        line = shorter;
    }
    let digits = line.strip_prefix(['v', 'V']).unwrap_or(line);
    let ok = !digits.is_empty()
        && digits.starts_with(|c: char| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.');
    ok.then_some(line)
}
