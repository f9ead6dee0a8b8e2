//! `ScanContext`: what every signal may read — the shortlist, the disk, git history,
//! the always-loaded set, the declared versions, the thresholds — and `Findings`, where
//! signals write. `Doc` is one parsed file, alive only while its own signals run, so a
//! scan holds one doc's text per worker thread, not the tree's.

use std::collections::BTreeMap;
use std::path::Path;

use super::git::History;
use super::ignored::Ignored;
use super::markdown::ParsedDoc;
use super::render_rules;
use super::role::DocRole;
use super::signal::Signal;
use super::signals::manifests::KnownVersions;
use super::site::{Generator, Sites};
use super::tree::Tree;
use crate::config::Config;
use crate::fsio::{read_walked, ReadError};
use crate::tokens::Estimator;

/// The largest doc the scanner reads (8 MiB): a larger one is left out with a warning.
/// Parsing, link checks and token counts cost about 12 bytes of memory per byte of doc,
/// and no hand-written doc comes near this.
pub const MAX_DOC_BYTES: u64 = crate::fsio::DOC_MAX_BYTES;

/// One parsed doc.
#[derive(Debug)]
pub struct Doc {
    /// Root-relative, `/`-separated.
    pub path: String,
    pub parsed: ParsedDoc,
    pub bytes: u64,
}

impl Doc {
    /// The doc's folder, root-relative (`""` at the root).
    pub fn dir(&self) -> &str {
        super::resolve::parent_dir(&self.path)
    }

    /// Reads and parses root-relative `path` under `root`, a path the walk listed,
    /// through `fsio::read_walked` (a regular file, no link, never more than
    /// [`MAX_DOC_BYTES`] plus one byte read: a larger doc is `ReadError::TooLarge`).
    pub fn read(root: &Path, path: &str) -> std::result::Result<(Doc, Vec<u8>), ReadError> {
        Doc::read_as(root, path, path.ends_with(".mdx"))
    }

    /// [`Doc::read`], parsed as MDX when `mdx` (an `.mdx` file, or a `.md` page of a site
    /// that compiles every page as MDX).
    pub fn read_as(
        root: &Path,
        path: &str,
        mdx: bool,
    ) -> std::result::Result<(Doc, Vec<u8>), ReadError> {
        let bytes = read_walked(root, path, MAX_DOC_BYTES)?;
        let text = match std::str::from_utf8(&bytes) {
            Ok(text) => text.to_string(),
            Err(_) => String::from_utf8_lossy(&bytes).into_owned(),
        };
        let doc = Doc {
            path: path.to_string(),
            parsed: super::markdown::parse_as(text, mdx),
            bytes: bytes.len() as u64,
        };
        Ok((doc, bytes))
    }
}

/// What the signals read.
#[derive(Debug)]
pub struct ScanContext<'a> {
    pub root: &'a Path,
    pub config: &'a Config,
    /// Every scanned path, sorted (the shortlist).
    pub paths: Vec<String>,
    /// `roles[i]` is the role of `paths[i]`.
    pub roles: Vec<DocRole>,
    pub tree: Tree,
    /// Which docs-site generator renders which folder.
    pub sites: Sites,
    /// The repository's `.gitignore` rules, for missing targets that are build products.
    pub ignored: Ignored,
    /// `None` when git is off or unavailable.
    pub history: Option<History>,
    pub estimator: Estimator,
    /// Always-loaded docs, each with its importer (`None` for a root agent file or a
    /// configured glob).
    pub always_loaded: BTreeMap<String, Option<String>>,
    /// Versions the repository's files declare (`manifests/`).
    pub known_versions: KnownVersions,
    /// URLs the docs' frontmatter declares (`page_urls`), read on first use.
    pub page_urls: std::sync::OnceLock<super::page_urls::PageUrls>,
}

impl ScanContext<'_> {
    /// Whether a link written on `page` reaches a URL a page declares in its frontmatter:
    /// an old URL the site redirects, or a page's permalink (`page_urls`).
    /// Only a page of Jekyll, Hugo or a generator the scan does not detect (Lume, Gatsby)
    /// is looked up: the other generators route by their config, not by these keys.
    pub fn page_url_served(&self, page: &str, written: &str) -> bool {
        let honors_keys = self
            .sites
            .page_of(page)
            .is_none_or(|s| matches!(s.generator, Generator::Jekyll | Generator::Hugo));
        if !honors_keys || !super::page_urls::may_name_a_url(written) {
            return false;
        }
        self.page_urls
            .get_or_init(|| super::page_urls::collect(self.root, &self.paths))
            .serves(page, written)
    }

    /// The role of scanned `path` (`UserDoc` for a path outside the shortlist).
    pub fn role(&self, path: &str) -> DocRole {
        self.doc_index(path).map_or(DocRole::UserDoc, |i| self.roles[i as usize])
    }

    /// Reads and parses root-relative `path`, with the heading ids of the renderer that
    /// publishes it added to its anchors (`render_rules`).
    pub fn read_doc(&self, path: &str) -> std::result::Result<(Doc, Vec<u8>), ReadError> {
        // Mintlify compiles `.md` pages as MDX too: task-master's `{/* … */}` comment
        // in `licensing.md` renders nothing.
        let mdx = path.ends_with(".mdx")
            || self.sites.page_of(path).is_some_and(|s| s.generator == Generator::Mintlify);
        let (mut doc, bytes) = Doc::read_as(self.root, path, mdx)?;
        self.add_site_ids(path, &mut doc.parsed);
        Ok((doc, bytes))
    }

    /// Adds to `parsed` (the doc at root-relative `path`) the anchors the site that
    /// publishes it gives besides GitHub's: its renderer's heading ids
    /// (`render_rules::add_site_ids`) and, where the site turns them on, its
    /// definition-list terms' (`Site::term_ids`).
    pub fn add_site_ids(&self, path: &str, parsed: &mut ParsedDoc) {
        let renderer = self.renderer_of(path, parsed);
        parsed.keeps_case = self.sites.page_of(path).is_some_and(|s| s.keeps_case);
        render_rules::add_site_ids(parsed, renderer);
        // The website's slugger is for its own language's pages: a translation in a
        // language folder is published apart or not at all (gradio's `guides/cn/`,
        // which its website build leaves out), so GitHub's ids are its ids.
        if self.sites.decamelized_ids() && !super::role::in_language_folder(path) {
            let ids: Vec<String> =
                parsed.headings.iter().map(|h| render_rules::decamelized_id(&h.text)).collect();
            parsed.anchors.extend(ids.into_iter().filter(|id| !id.is_empty()));
        }
        if self.sites.page_of(path).is_some_and(|s| s.term_ids) {
            let ids = render_rules::definition_term_ids(parsed);
            parsed.anchors.extend(ids);
        }
        // GitHub's ids count on a site with a slugify of its own, or one built with its
        // own slugger besides (`decamelized_ids`).
        if !parsed.github_only.is_empty()
            && (!self.reads_on_site_only(path) || self.sites.decamelized_ids())
        {
            parsed.github_only.clear();
        }
    }

    /// Whether a link from one page of `path`'s site to another is read on that site
    /// alone: a VitePress (or VuePress 1, or doc-builder) site with the stock slugify (`Sites::page_of`), whose pages
    /// link each other by routes and are read at their published addresses. A GitHub id
    /// the site does not give (`#-v---verbose`) scrolls nowhere there. Other generators,
    /// and a site with a slugify of its own (`Site::own_slugify`), keep GitHub's ids too.
    pub fn reads_on_site_only(&self, path: &str) -> bool {
        self.sites.page_of(path).is_some_and(|s| {
            matches!(
                s.generator,
                Generator::VitePress | Generator::VuePress | Generator::DocBuilder
            ) && !s.own_slugify
        })
    }

    /// The generator whose heading ids `path` has besides GitHub's.
    pub fn renderer_of(&self, path: &str, parsed: &ParsedDoc) -> Option<Generator> {
        render_rules::renderer_of(&self.sites, path, parsed)
    }

    /// The index of `path` in the shortlist.
    pub fn doc_index(&self, path: &str) -> Option<u32> {
        self.paths.binary_search_by(|p| p.as_str().cmp(path)).ok().map(|i| i as u32)
    }
}

/// Signals found so far, by path.
#[derive(Debug, Default)]
pub struct Findings {
    by_path: BTreeMap<String, Vec<Signal>>,
}

impl Findings {
    pub fn push(&mut self, path: &str, signal: Signal) {
        match self.by_path.get_mut(path) {
            Some(list) => list.push(signal),
            None => {
                self.by_path.insert(path.to_string(), vec![signal]);
            }
        }
    }

    /// Every signal, whatever its path (for findings about one doc).
    pub fn into_signals(self) -> Vec<Signal> {
        self.by_path.into_values().flatten().collect()
    }

    /// The signals, each list sorted by line, then name, then the other fields, with
    /// exact repeats removed: the artifact's deterministic order.
    pub fn into_sorted(self) -> BTreeMap<String, Vec<Signal>> {
        let mut map = self.by_path;
        for signals in map.values_mut() {
            signals.sort_by(Signal::artifact_order);
            signals.dedup();
        }
        map
    }
}
