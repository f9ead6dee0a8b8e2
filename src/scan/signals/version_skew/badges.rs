//! Versions stated by static shields.io badges: `![Python](https://img.shields.io/badge/Python-3.8+-green)`
//! says "Python 3.8+" as plainly as prose does, and goes stale the same way (SuperClaude's
//! installation guide on Python 3.8+ beside `requires-python = ">=3.10"`). A static
//! badge's path is `label-message-color` (shields.io's escapes: `--` a dash, `__` an
//! underscore, `_` a space, and percent-encoding); its label names a toolchain the
//! repository declares (`rustc`, `Node.js`, `go version`) or the project itself
//! (`version`), its message the version: `3.8+` and `>=20` a minimum, `3.10 | 3.11 | 3.12`
//! a range, `4.3.0` a version. Dynamic badges (`/pypi/v/…`, `/crates/v/…`) are drawn from
//! the registry and never stale.

use percent_encoding::percent_decode_str;

use super::mention::{Claim, Mention, Subject};
use super::words::strict_version;
use crate::scan::markdown::{LinkKind, ParsedDoc};
use crate::scan::signals::manifests::KnownVersions;

const STATIC_BADGE: &str = "img.shields.io/badge/";

/// Labels that name the project's own release, as read once a trailing ` version` is
/// dropped (`latest version` is `latest`).
const PROJECT_LABELS: [&str; 3] = ["version", "release", "latest"];

/// Adds the version every static badge of `doc` states about a name in `known`;
/// `skip_line` says which lines are history.
pub fn mentions(
    doc: &ParsedDoc,
    known: &KnownVersions,
    skip_line: &dyn Fn(u32) -> bool,
    out: &mut Vec<Mention>,
) {
    for link in &doc.links {
        if link.kind != LinkKind::Image || skip_line(link.line) {
            continue;
        }
        let Some((label, message)) = static_badge(&link.dest) else { continue };
        let label = label.trim().to_lowercase();
        let label = label.strip_suffix(" version").unwrap_or(&label).trim();
        let (name, toolchain) = if PROJECT_LABELS.contains(&label) {
            let Some(project) = known.project() else { continue };
            let Some(name) = project.names.first() else { continue };
            (name.clone(), false)
        } else if known.knows(label, false) && known.is_toolchain(label) {
            (label.to_string(), true)
        } else {
            continue;
        };
        for (written, claim) in claims(&message, toolchain) {
            let Some(version) = strict_version(&written) else { continue };
            out.push(Mention {
                line: link.line,
                subject: Subject::Name { name: name.clone(), in_code: false, registry: None },
                claim,
                target: written.clone(),
                written,
                version,
                asserts_current: true,
                about_project: false,
            });
        }
    }
}

/// The label and message of a static badge URL, decoded; `None` for any other image.
fn static_badge(dest: &str) -> Option<(String, String)> {
    let rest = &dest[dest.find(STATIC_BADGE)? + STATIC_BADGE.len()..];
    let path = rest.split(['?', '#']).next().unwrap_or_default();
    let path = path.trim_end_matches(".svg").trim_end_matches(".png");
    // `--` is a dash inside a part; single dashes separate the parts.
    let parts: Vec<String> =
        path.replace("--", "\u{0}").split('-').map(|p| p.replace('\u{0}', "-")).collect();
    let [label, message, _color] = parts.as_slice() else { return None };
    let decode = |s: &str| {
        let s = s.replace("__", "\u{0}").replace('_', " ").replace('\u{0}', "_");
        percent_decode_str(&s).decode_utf8().ok().map(|d| d.into_owned())
    };
    Some((decode(label)?, decode(message)?))
}

/// The versions a badge message states, as written, with their claims: `3.8+`,
/// `>= 1.18` (minimums), `3.10 | 3.11 | 3.12` (a range: its ends), `4.3.0` (a version;
/// about a toolchain, a badge names what the project runs on, so a minimum).
fn claims(message: &str, toolchain: bool) -> Vec<(String, Claim)> {
    let message = message.trim();
    let listed: Vec<&str> =
        message.split(['|', ',']).map(str::trim).filter(|p| !p.is_empty()).collect();
    if listed.len() > 1 {
        let versions: Vec<&str> =
            listed.into_iter().filter(|p| strict_version(p).is_some()).collect();
        return match (versions.first(), versions.last()) {
            (Some(low), Some(high)) if versions.len() > 1 => {
                vec![(low.to_string(), Claim::RangeLow), (high.to_string(), Claim::RangeHigh)]
            }
            _ => Vec::new(),
        };
    }
    let bare = message.trim_start_matches(['>', '=', '≥', '^', '~']).trim();
    let minimum = bare.len() < message.len() || bare.ends_with('+');
    let written = bare.trim_end_matches('+').trim();
    let claim = if minimum || toolchain { Claim::AtLeast } else { Claim::Version };
    vec![(written.to_string(), claim)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;
    use crate::scan::signals::manifests::{Bound, KnownVersion};

    fn found(text: &str) -> Vec<(u32, String, Claim, String)> {
        let mut known = KnownVersions::default();
        for (names, package) in [(vec!["python"], false), (vec!["widget"], true)] {
            known.versions.push(KnownVersion {
                names: names.iter().map(|n| n.to_string()).collect(),
                version: vec![3, 10],
                max: None,
                source: "x".into(),
                bound: Bound::Minimum,
                major_only_ok: false,
                in_prose: true,
                package,
                scope: String::new(),
            });
        }
        known.project = Some(1);
        known.index_names();
        let mut out = Vec::new();
        mentions(&parse(text.to_string()), &known, &|line| line == 9, &mut out);
        out.into_iter()
            .map(|m| {
                let Subject::Name { name, .. } = m.subject else { panic!("a name") };
                (m.line, name, m.claim, m.target)
            })
            .collect()
    }

    #[test]
    fn badges_of_known_toolchains_and_of_the_project_are_mentions() {
        let doc = "<p>\n  <img src=\"https://img.shields.io/badge/version-4.3.0-blue\">\n  <img src=\"https://img.shields.io/badge/Python-3.8+-green?style=flat\">\n</p>\n\n![ruby](https://img.shields.io/badge/ruby-2.7-red)\n![pypi](https://img.shields.io/pypi/v/widget)\n\n![old](https://img.shields.io/badge/python-3.6-blue)\n![latest](https://img.shields.io/badge/latest%20version-4.2.0-blue)\n";
        assert_eq!(
            found(doc),
            [
                (2, "widget".to_string(), Claim::Version, "4.3.0".to_string()),
                (3, "python".to_string(), Claim::AtLeast, "3.8".to_string()),
                (10, "widget".to_string(), Claim::Version, "4.2.0".to_string()),
            ],
            "an unknown name, a dynamic badge and a history line state nothing"
        );
    }

    #[test]
    fn static_badges_are_decoded_as_shields_io_writes_them() {
        let decoded = [
            ("Python-3.8+-green?style=for-the-badge", "Python", "3.8+"),
            ("node-%3E%3D20.0.0-brightgreen", "node", ">=20.0.0"),
            ("go%20version-%3E=1.23-61CFDD.svg?style=flat", "go version", ">=1.23"),
            ("rust--analyzer-1.2-blue", "rust-analyzer", "1.2"),
            ("made_with-love-red", "made with", "love"),
        ];
        for (path, label, message) in decoded {
            let url = format!("https://img.shields.io/badge/{path}");
            assert_eq!(static_badge(&url), Some((label.into(), message.into())), "{path}");
        }
        assert_eq!(static_badge("https://img.shields.io/pypi/v/httpx.svg"), None, "dynamic");
        assert_eq!(static_badge("https://img.shields.io/badge/just-two"), None, "no label");
    }

    #[test]
    fn messages_state_minimums_ranges_and_versions() {
        assert_eq!(claims("3.8+", false), [("3.8".to_string(), Claim::AtLeast)]);
        assert_eq!(claims(">=20.0.0", false), [("20.0.0".to_string(), Claim::AtLeast)]);
        assert_eq!(claims("4.3.0", false), [("4.3.0".to_string(), Claim::Version)]);
        assert_eq!(claims("1.88.0", true), [("1.88.0".to_string(), Claim::AtLeast)]);
        assert_eq!(
            claims("3.10 | 3.11 | 3.12 | 3.13", true),
            [("3.10".to_string(), Claim::RangeLow), ("3.13".to_string(), Claim::RangeHigh)]
        );
        assert_eq!(
            claims("1.25, 1.26", true),
            [("1.25".to_string(), Claim::RangeLow), ("1.26".to_string(), Claim::RangeHigh)]
        );
    }
}
