//! Links to a crate's pages at a version: `https://docs.rs/chrono-tz/0.6.0/chrono_tz/`,
//! `https://crates.io/crates/watchexec/3.0.1`. docs.rs reads the version as a
//! requirement (`/3/` is the newest 3.x), so a link names the release line the doc was
//! written against. One of the repository's own crates at a line its manifest left
//! behind, or a dependency at one its crates no longer admit, shows the reader an API
//! that is not the one they get (arrow-rs' README links chrono-tz 0.6.0 beside a 0.10
//! dependency, watchexec's library README its 3.x docs at 8.3).

use super::judge::requirement;
use super::mention::{Claim, Mention, Subject};
use super::words::strict_version;
use crate::scan::markdown::ParsedDoc;
use crate::scan::signals::manifests::KnownVersions;

/// The hosts and the path before a crate's name.
const CRATE_PAGES: [&str; 2] = ["://docs.rs/", "://crates.io/crates/"];

/// Adds each link (or bare URL) of `doc` to a crate page at a version, for a crate the
/// repository publishes or its crates depend on; `skip_line` says which lines are
/// history.
pub fn mentions(
    doc: &ParsedDoc,
    known: &KnownVersions,
    skip_line: &dyn Fn(u32) -> bool,
    out: &mut Vec<Mention>,
) {
    let text = &doc.text;
    for page in CRATE_PAGES {
        let mut from = 0;
        while let Some(found) = text[from..].find(page) {
            let start = from + found + page.len();
            from = start;
            let rest = &text[start..];
            let mut parts = rest.splitn(3, '/');
            let (Some(name), Some(version)) = (parts.next(), parts.next()) else { continue };
            // The version ends where the URL's path goes on, or the URL ends; a
            // pre-release (`0.6.0-alpha.2`) is no release line to move to.
            let end = version
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
                .unwrap_or(version.len());
            if version[end..].starts_with(['-', '+']) {
                continue;
            }
            let version = &version[..end];
            let crate_name = name.to_lowercase();
            let named = !crate_name.is_empty()
                && crate_name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            let Some(numbers) = strict_version(version).filter(|_| named) else { continue };
            if !known.knows(&crate_name, true)
                && !known.crate_deps.values().any(|deps| deps.contains_key(&crate_name))
            {
                continue;
            }
            let Some(req) = requirement(version) else { continue };
            let line = doc.lines.line(start);
            if skip_line(line) {
                continue;
            }
            out.push(Mention {
                line,
                subject: Subject::CratePage { name: crate_name },
                claim: Claim::Requirement(req),
                target: version.to_string(),
                written: version.to_string(),
                version: numbers,
                asserts_current: true,
                about_project: false,
            });
        }
    }
}
