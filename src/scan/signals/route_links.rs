//! Docs written for a site this repository does not configure. A folder whose docs hold
//! five or more links by route — an extensionless target (`$state`, `../kit`,
//! `/docs/svelte/snippet`) that is not a path here — is published by a renderer the scan
//! cannot see (svelte.dev builds Svelte's `documentation/` from another repository, with
//! page names for links), so its route links count only when git shows the path moved
//! here. One such link alone is still a broken link: GitHub does not add `.md`.

use std::collections::{BTreeMap, HashSet};

use super::broken_reference::{Form, Missing, Problem};

/// Route links a folder needs before its docs are taken as written for a site.
const ROUTE_LINKS_PER_FOLDER: usize = 5;

/// Whether `m` is a link by route: a link (not a path in code), written relative or
/// from the root, whose last segment has no extension.
pub fn is_route(m: &Missing) -> bool {
    let relative = matches!(m.form, Form::DocRelative | Form::FromRoot);
    let last = m.written.trim_end_matches('/').rsplit('/').next().unwrap_or_default();
    relative
        && m.what != "code path"
        && m.what != "command path"
        && !last.is_empty()
        && last != ".."
        && !last.contains('.')
}

/// The folders (of the docs holding the links) with enough missing route links.
pub fn route_folders(problems: &[Problem]) -> HashSet<String> {
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for p in problems {
        if let Problem::MissingTarget(m) = p {
            if is_route(m) && !m.only_if_moved {
                *count.entry(folder(&m.doc)).or_default() += 1;
            }
        }
    }
    count
        .into_iter()
        .filter(|(_, n)| *n >= ROUTE_LINKS_PER_FOLDER)
        .map(|(dir, _)| dir.to_string())
        .collect()
}

/// The folder of root-relative `path` (`""` at the root).
pub fn folder(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(d, _)| d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(doc: &str, written: &str) -> Problem {
        Problem::MissingTarget(Missing {
            doc: doc.into(),
            line: 1,
            written: written.into(),
            resolved: written.trim_start_matches('/').into(),
            form: if written.starts_with('/') { Form::FromRoot } else { Form::DocRelative },
            what: "link",
            only_if_moved: false,
        })
    }

    #[test]
    fn a_folder_of_route_links_is_written_for_a_site() {
        let mut problems: Vec<Problem> = ["$state", "snippet", "../kit", "/docs/svelte/each"]
            .iter()
            .map(|w| link("docs/runes/a.md", w))
            .collect();
        problems.push(link("docs/runes/b.md", "bind"));
        problems.push(link("docs/runes/b.md", "gone.md"));
        problems.push(link("README.md", "docs/setup"));
        assert_eq!(route_folders(&problems), HashSet::from(["docs/runes".to_string()]));
        let Problem::MissingTarget(m) = &problems[5] else { unreachable!() };
        assert!(!is_route(m), "a file name with its extension is not a route");
    }
}
