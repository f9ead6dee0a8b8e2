//! The `sources` a skill's frontmatter lists as this repository's files. TanStack
//! Intent's skills (`@tanstack/intent`, shipped in TanStack's and Electric's packages)
//! name the docs and code each skill was written from as `<owner>/<repo>:<path>`:
//!
//! ```yaml
//! sources:
//!   - 'TanStack/table:docs/guide/aggregation.md'
//!   - 'electric-sql/electric:website/docs/guides/troubleshooting.md'
//! ```
//!
//! An entry of this repository (its slug among `KnownVersions::repos`, in any case) names
//! a path from the root, which must exist: a skill whose source moved is checked against
//! a page that is gone. Entries of other repositories, URLs and globs are not checked.

use super::broken_reference::{Form, Missing, Problem};
use crate::scan::context::{Doc, ScanContext};

/// `Missing::what` of a skill's source entry.
pub const SKILL_SOURCE: &str = "skill source";

/// The entries of `doc`'s frontmatter `sources` that name a path of this repository
/// that does not exist, as problems.
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Vec<Problem>) {
    let repos = &ctx.known_versions.repos;
    if repos.is_empty() {
        return;
    }
    for (line, written, path_at) in entries(&doc.parsed.text, repos) {
        let path = written[path_at..].split('#').next().unwrap_or_default();
        if path.is_empty() || ctx.tree.exists(path.trim_end_matches('/')) {
            continue;
        }
        out.push(Problem::MissingTarget(Missing {
            doc: doc.path.clone(),
            line,
            resolved: path.trim_end_matches('/').to_string(),
            written: written.clone(),
            form: Form::Url { path_at },
            what: SKILL_SOURCE,
            only_if_moved: false,
        }));
    }
}

/// `(line, entry, offset of the path in the entry)` of each `sources` entry of `text`'s
/// frontmatter that names one of `repos` (lowercase `owner/name`).
fn entries(text: &str, repos: &[String]) -> Vec<(u32, String, usize)> {
    let Some((_, body)) = crate::scan::markdown::frontmatter_block(text) else {
        return Vec::new();
    };
    let body_text = &text[body.clone()];
    if !body_text.contains("sources") {
        return Vec::new();
    }
    let Ok(yaml) = crate::yaml::load_bounded(body_text, crate::yaml::Limits::FRONTMATTER) else {
        return Vec::new();
    };
    let Some(items) = yaml["sources"].as_vec() else { return Vec::new() };
    // The frontmatter's lines from the `sources:` key on, with their file line numbers.
    let first = text[..body.start].matches('\n').count() as u32 + 1;
    let lines: Vec<(u32, &str)> = (first..).zip(body_text.lines()).collect();
    let key = lines.iter().position(|(_, l)| l.starts_with("sources:")).unwrap_or(0);
    let mut from = key;
    let mut found = Vec::new();
    for item in items.iter().filter_map(|i| i.as_str()) {
        let Some((slug, path)) = item.split_once(':') else { continue };
        let ours = repos.iter().any(|r| r.eq_ignore_ascii_case(slug));
        let plain = !path.is_empty()
            && !path.starts_with('/')
            && !path.starts_with("//")
            && !path.contains(['*', '?', '[', '{', ' ']);
        // The line the entry is written on (the next one holding it).
        let at = lines[from..].iter().position(|(_, l)| l.contains(item)).map(|i| from + i);
        if let Some(at) = at {
            from = at + 1;
        }
        if !ours || !plain || slug.split('/').count() != 2 {
            continue;
        }
        let line = at.map_or(lines.get(key).map_or(first, |(n, _)| *n), |i| lines[i].0);
        found.push((line, item.to_string(), slug.len() + 1));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_of_this_repository_with_their_lines() {
        let text = "---\nname: x\nsources:\n  - 'TanStack/table:docs/guide/a.md'\n  - 'other/repo:docs/b.md'\n  - \"tanstack/table:src/*.ts\"\n  - https://example.com/x\n  - TanStack/table:packages/core/src/\n---\n# X\n";
        let repos = vec!["tanstack/table".to_string()];
        assert_eq!(
            entries(text, &repos),
            [
                (4, "TanStack/table:docs/guide/a.md".to_string(), 15),
                (8, "TanStack/table:packages/core/src/".to_string(), 15)
            ]
        );
        assert!(entries("---\nsources: none\n---\n", &repos).is_empty());
        assert!(
            entries("# no frontmatter\nsources:\n  - 'TanStack/table:a.md'\n", &repos).is_empty()
        );
    }
}
