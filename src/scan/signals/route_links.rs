//! Docs written for a site this repository does not configure. A folder whose docs hold
//! five or more links by route — an extensionless target (`$state`, `../kit`,
//! `/docs/svelte/snippet`) that is not a path here — counting the docs of its direct
//! subfolders, is published by a renderer the scan cannot see (svelte.dev builds Svelte's
//! `documentation/` and its `messages/` folders from another repository, with page names
//! for links; geminicli.com serves `docs/` by routes), so the route links of every doc
//! under it count only when git shows the path moved here, and a `#fragment` that
//! GitHub's slugger could not have made (`#When-not-to-use-$effect`) follows that site's
//! own heading ids, so it is not checked. The root is never such a folder,
//! and one such link alone is still a broken link: GitHub does not add `.md`.
//!
//! Links by route to pages that exist (`./prefetching` beside `prefetching.md`) tell the
//! same more directly: five of them under one top folder (`docs/`) make its docs written
//! for a site that drops `.md` (tanstack.com builds TanStack Query's `docs/` elsewhere),
//! so such links there are not reported; a route to no page still is.

use std::collections::{BTreeMap, HashSet};

use super::broken_reference::{is_markdown, Form, Missing, Problem};
use crate::scan::context::ScanContext;
use crate::scan::tree::PathKind;

/// Route links a folder needs before its docs are taken as written for a site.
const ROUTE_LINKS_PER_FOLDER: usize = 5;

/// Whether `m` is a link by route: a link (not a path in code), written relative or
/// from the root, whose last segment has no extension.
pub fn is_route(m: &Missing) -> bool {
    linked_name(m).is_some_and(|last| !last.contains('.') && !is_extensionless_file(last))
}

/// Names of files that have no extension by convention: a link to one names the file,
/// not a route (pnpm's 39 package READMEs end on `[MIT](LICENSE)`, and the license
/// files were removed from the packages long ago).
const EXTENSIONLESS_FILES: [&str; 14] = [
    "license",
    "licence",
    "copying",
    "notice",
    "authors",
    "contributors",
    "makefile",
    "dockerfile",
    "justfile",
    "procfile",
    "gemfile",
    "rakefile",
    "codeowners",
    "version",
];

/// Whether `name` is such a file (`LICENSE`, `LICENSE-MIT`, `Makefile`).
fn is_extensionless_file(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    EXTENSIONLESS_FILES.iter().any(|f| {
        lower == *f
            || (["license", "licence", "copying"].contains(f)
                && lower.strip_prefix(f).is_some_and(|rest| rest.starts_with(['-', '_'])))
    })
}

/// The last segment of a link (not a path in code) written relative or from the root,
/// when it names something (not empty, not `..`).
fn linked_name(m: &Missing) -> Option<&str> {
    let relative = matches!(m.form, Form::DocRelative | Form::FromRoot);
    let last = m.written.trim_end_matches('/').rsplit('/').next().unwrap_or_default();
    let link = relative
        && m.what != "code path"
        && m.what != "command path"
        && m.what != super::code_path::SKILL_RESOURCE;
    (link && !last.is_empty() && last != "..").then_some(last)
}

/// The folders that `docs` (the doc of each item counted) reach at least `min` times,
/// each item counted in every folder `folders` gives for its doc: the evidence a folder's
/// docs are written for a site, shared by the rules that infer one.
pub fn folders_counted<'p, F, I>(
    docs: impl Iterator<Item = &'p str>,
    folders: F,
    min: usize,
) -> HashSet<String>
where
    F: Fn(&'p str) -> I,
    I: Iterator<Item = &'p str>,
{
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for doc in docs {
        for dir in folders(doc) {
            *count.entry(dir).or_default() += 1;
        }
    }
    count.into_iter().filter(|(_, n)| *n >= min).map(|(dir, _)| dir.to_string()).collect()
}

/// The folders (never the root) whose docs, with their direct subfolders', hold enough
/// missing route links.
pub fn route_folders(problems: &[Problem]) -> RouteFolders {
    let docs = problems.iter().filter_map(|p| match p {
        Problem::MissingTarget(m) if is_route(m) && !m.only_if_moved => Some(m.doc.as_str()),
        _ => None,
    });
    RouteFolders(folders_counted(docs, ancestors, ROUTE_LINKS_PER_FOLDER))
}

/// Links by route to a page that exists (`./prefetching` beside `prefetching.md`) this
/// many times under one top folder make its docs written for a site that drops `.md`
/// (tanstack.com's, Docusaurus', VitePress'…), even with no site config here.
const PAGE_ROUTES_PER_TOP_FOLDER: usize = 5;

/// Top folders that hold docs by name: a link by route to a page that exists is enough
/// there, one alone (jotai's `docs/tools/devtools.mdx` links `../tools/babel` on its own
/// Next.js site; TanStack Form's three on tanstack.com; pyright's docsify): these docs
/// are read on the site that serves them, and every docs site drops `.md` and `.mdx`.
/// Elsewhere — a package README, an agent's skill — a doc is read on GitHub, where such
/// a link fails (unocss's `./LICENSE` for `LICENSE.md`, a skill's `./calculate-metadata`).
const DOCS_TOPS: [&str; 5] = ["docs", "doc", "documentation", "website", "www"];

/// Whether `m` is a link by route that names a page that exists: `x` where `x.md`,
/// `x.mdx`, `x/index.md` or `x/README.md` is a scanned doc, or with `on_disk` a file on
/// disk (a generated reference page is left out of the scan, not out of the site). The
/// disk is asked only for a link in a folder already taken as a site's: asking it for
/// every missing link's four forms cost a third of a scan of the Rust book.
fn names_a_page(ctx: &ScanContext<'_>, m: &Missing, on_disk: bool) -> bool {
    let base = m.resolved.trim_end_matches('/');
    // A page about a file is named after it (`entry.client.tsx.md`), and its route keeps
    // the file's extension: react-router's `../api/framework-conventions/root.tsx`.
    let by_name = linked_name(m).is_some_and(|last| !is_markdown(last));
    // Pages are scanned docs: the shortlist answers without a look at the disk.
    by_name
        && ["{}.md", "{}.mdx", "{}/index.md", "{}/README.md"].iter().any(|form| {
            let page = form.replace("{}", base);
            ctx.doc_index(&page).is_some() || (on_disk && ctx.tree.kind(&page) == PathKind::File)
        })
}

/// The top folders (never the root) whose docs hold enough links by route to pages that
/// exist.
pub fn page_route_folders(ctx: &ScanContext<'_>, problems: &[Problem]) -> PageRouteFolders {
    let docs = problems.iter().filter_map(|p| match p {
        Problem::MissingTarget(m) if !m.only_if_moved && names_a_page(ctx, m, false) => {
            Some(m.doc.as_str())
        }
        _ => None,
    });
    PageRouteFolders(folders_counted(docs, top_folder, PAGE_ROUTES_PER_TOP_FOLDER))
}

/// The first folder of `path` (none for a root-level doc).
fn top_folder(path: &str) -> std::option::IntoIter<&str> {
    path.split_once('/').map(|(top, _)| top).into_iter()
}

/// The top folders whose docs link pages by route (`page_route_folders`).
#[derive(Debug, Default)]
pub struct PageRouteFolders(HashSet<String>);

impl PageRouteFolders {
    /// Whether `p` is a link by route to a page that exists, in such a folder.
    pub fn covers(&self, ctx: &ScanContext<'_>, p: &Problem) -> bool {
        let Problem::MissingTarget(m) = p else { return false };
        // A page of a site whose routes are all its page files (`Site::closed_routes`)
        // links by that site's routes, known exactly: `/docs/concepts/state` from a
        // Mintlify site rooted at `docs/` is `docs/docs/concepts/state`, no page, though
        // the repository's `docs/concepts/state.mdx` is there (agent-kit's reference).
        let closed =
            m.form == Form::FromRoot && ctx.sites.page_of(&m.doc).is_some_and(|s| s.closed_routes);
        !closed
            && m.doc
                .split_once('/')
                .is_some_and(|(top, _)| self.0.contains(top) || DOCS_TOPS.contains(&top))
            && names_a_page(ctx, m, true)
    }
}

/// The folders whose docs are written for a site (`route_folders`).
#[derive(Debug, Default)]
pub struct RouteFolders(HashSet<String>);

impl RouteFolders {
    /// Whether the doc at root-relative `path` is under one of the folders.
    pub fn covers(&self, path: &str) -> bool {
        ancestors(path).any(|dir| self.0.contains(dir))
    }
}

/// The folder of root-relative `path` and that folder's parent (a site's section
/// folders share one parent: `docs/core/`, `docs/hooks/`), the root left out. Higher
/// folders are not counted: a monorepo's `packages/` holds many unrelated docs.
fn ancestors(path: &str) -> impl Iterator<Item = &str> {
    folders_of(path).take(2)
}

/// Every folder holding `path`, deepest first, the root left out.
pub fn folders_of(path: &str) -> impl Iterator<Item = &str> {
    let mut at = path;
    std::iter::from_fn(move || {
        let (dir, _) = at.rsplit_once('/')?;
        at = dir;
        Some(dir)
    })
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
        let routes = route_folders(&problems);
        assert!(routes.covers("docs/runes/c.md") && routes.covers("docs/runes/deep/d.md"));
        assert!(routes.covers("docs/setup.md"), "docs/ holds the five links, in runes/");
        assert!(!routes.covers("guide/setup.md") && !routes.covers("README.md"));
        // Spread over sibling folders, the links still mark their common folder.
        let spread: Vec<Problem> = ["a", "b", "c", "d", "e"]
            .iter()
            .map(|w| link(&format!("messages/{w}-errors/errors.md"), w))
            .collect();
        assert!(route_folders(&spread).covers("messages/x-warnings/w.md"));
        let at_root: Vec<Problem> =
            ["a", "b", "c", "d", "e"].iter().map(|w| link("README.md", w)).collect();
        assert!(!route_folders(&at_root).covers("README.md"), "the root is never a site folder");
        let Problem::MissingTarget(m) = &problems[5] else { unreachable!() };
        assert!(!is_route(m), "a file name with its extension is not a route");
        // Files without an extension by convention are files, however many link them.
        let licenses: Vec<Problem> = ["a", "b", "c", "d", "e"]
            .iter()
            .map(|w| link(&format!("packages/config/{w}/README.md"), "LICENSE"))
            .collect();
        assert!(!route_folders(&licenses).covers("packages/config/a/README.md"));
        for name in ["LICENSE-MIT", "Makefile", "COPYING"] {
            let Problem::MissingTarget(m) = link("docs/a.md", name) else { unreachable!() };
            assert!(!is_route(&m), "{name}");
        }
    }
}
