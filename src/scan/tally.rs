//! `Tally`: the whole tree's tallies, folded from the doc outcomes in any order, and
//! the steps that need all of them — link problems judged against git history, version
//! mentions judged against the tags, fragments into other docs, link signals grouped per
//! cause, churn, the archive folder rule, duplicate blocks — which end in the artifact's
//! signals and file facts.
//!
//! It runs `git diff-tree` (through `git::load_net_churn`) and re-reads docs with a
//! failed fragment; it never writes a file. A doc left out of the scan (too large) leaves
//! only its warning: no facts, and fragments into it are not judged.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use super::anchors::{anchor_hash, AnchorSet};
use super::artifact::{FileFacts, GitStatus};
use super::context::{Findings, ScanContext};
use super::doc_outcome::DocRead;
use super::git;
use super::role;
use super::self_url::Permalink;
use super::signal::{Signal, SignalName};
use super::signals::broken_reference::{self, DeferredFragment, Form, Problem};
use super::signals::duplicate_content::BlockPrint;
use super::signals::{
    archive_to_live_ratio, by_cause, duplicate_content, edit_recency_vs_churn, included,
    stale_name_location, version_skew,
};
use super::signals::{line_links, route_links, sections};
use super::site::Generator;
use super::token_jobs;
use super::warning::ScanWarning;
use crate::error::Result;

/// The whole tree's tallies, folded from the doc outcomes in any order.
pub struct Tally {
    out: Findings,
    anchors: Vec<AnchorSet>,
    deferred_fragments: Vec<(u32, DeferredFragment)>,
    /// Per doc (by index), its links to lines of the repository's files.
    line_links: Vec<(u32, line_links::LineLink)>,
    /// Per doc (by index), its forge URLs of this repository at a commit, with lines.
    permalinks: Vec<(u32, u32, Permalink)>,
    prints: Vec<BlockPrint>,
    marked: BTreeSet<String>,
    files: BTreeMap<String, FileFacts>,
    /// Link problems, judged once history is known.
    problems: Vec<Problem>,
    /// Per doc with link problems, the line spans of its history sections.
    history_lines: LineSpans,
    /// Per doc, the line spans of its release entries (`DocOutcome::release_lines`).
    release_lines: LineSpans,
    /// Which docs include which files, for their link problems.
    included: included::IncludedBy,
    churn: Vec<(u32, edit_recency_vs_churn::ChurnScope)>,
    deferred_counts: Vec<(u32, token_jobs::Deferred)>,
    warnings: Vec<ScanWarning>,
    /// Docs left out of the scan, by index.
    skipped: BTreeSet<u32>,
    /// Versions each doc states, judged once tags are known.
    version_mentions: Vec<(u32, Vec<version_skew::Mention>)>,
}

impl Tally {
    pub fn new(docs: usize) -> Tally {
        let mut anchors = Vec::new();
        anchors.resize_with(docs, AnchorSet::default);
        Tally {
            out: Findings::default(),
            anchors,
            deferred_fragments: Vec::new(),
            line_links: Vec::new(),
            permalinks: Vec::new(),
            prints: Vec::new(),
            marked: BTreeSet::new(),
            files: BTreeMap::new(),
            problems: Vec::new(),
            history_lines: BTreeMap::new(),
            release_lines: BTreeMap::new(),
            included: included::IncludedBy::default(),
            churn: Vec::new(),
            deferred_counts: Vec::new(),
            warnings: Vec::new(),
            skipped: BTreeSet::new(),
            version_mentions: Vec::new(),
        }
    }

    pub fn add(&mut self, paths: &[String], index: u32, read: DocRead) {
        let o = match read {
            DocRead::Scanned(outcome) => *outcome,
            DocRead::Skipped(warning) => {
                self.warnings.push(warning);
                self.skipped.insert(index);
                return;
            }
        };
        let path = &paths[index as usize];
        self.warnings.extend(o.warnings);
        for sig in o.signals {
            self.out.push(path, sig);
        }
        self.anchors[index as usize] = o.anchors;
        self.problems.extend(o.problems);
        if !o.history_lines.is_empty() {
            self.history_lines.insert(path.clone(), o.history_lines);
        }
        if !o.release_lines.is_empty() {
            self.release_lines.insert(path.clone(), o.release_lines);
        }
        self.included.add(path, o.includes);
        self.deferred_fragments.extend(o.deferred_fragments.into_iter().map(|d| (index, d)));
        self.line_links.extend(o.line_links.into_iter().map(|l| (index, l)));
        self.permalinks.extend(o.permalinks.into_iter().map(|(line, p)| (index, line, p)));
        self.prints.extend(o.prints);
        if o.marked {
            self.marked.insert(path.clone());
        }
        if let Some(churn) = o.churn {
            self.churn.push((index, churn));
        }
        if !o.version_mentions.is_empty() {
            self.version_mentions.push((index, o.version_mentions));
        }
        if let Some(d) = o.deferred_counts {
            self.deferred_counts.push((index, d));
        }
        self.files.insert(path.clone(), o.facts);
    }

    /// Runs the token counts that waited for the tables (waiting for the load to finish).
    /// One thread: tiktoken-rs's shared encoder does not scale across threads (rust-book's
    /// 94 large docs: 100 ms on one thread, 114 ms split over two), and the load, not the
    /// count, is the larger cost.
    pub fn run_deferred_counts(&mut self, ctx: &ScanContext<'_>) {
        for (index, deferred) in std::mem::take(&mut self.deferred_counts) {
            let path = &ctx.paths[index as usize];
            for sig in token_jobs::run(&ctx.estimator, deferred) {
                self.out.push(path, sig);
            }
        }
    }

    /// Runs what needs git history or the whole tree; `git_status` gains a note when the
    /// churn pass fails.
    pub fn finish(mut self, ctx: &ScanContext<'_>, git_status: &mut GitStatus) -> Result<Tallied> {
        let included = &self.included;
        self.problems.retain(|p| !included.explains(ctx, p));
        let routes = route_links::route_folders(&self.problems);
        let mut candidates = Vec::new();
        if let Some(history) = &ctx.history {
            let stale_days = ctx.config.thresholds.stale_days;
            for (index, churn) in self.churn {
                let path = &ctx.paths[index as usize];
                candidates
                    .extend(edit_recency_vs_churn::candidate(history, stale_days, path, churn));
            }
        }
        let tags = ctx.history.as_ref().map(|h| version_skew::Tags::new(h.tags()));
        let known = version_skew::with_release_tags(&ctx.known_versions, tags.as_ref());
        for (index, mentions) in &self.version_mentions {
            let path = &ctx.paths[*index as usize];
            let for_readers = role::writes_for_readers(path, ctx.roles[*index as usize]);
            // One signal per cause: the same version of the same thing, judged the same
            // way, on several lines of a doc (an image tag in three commands).
            let mut signals: Vec<(Signal, Vec<u32>)> = Vec::new();
            for m in mentions {
                let Some(sig) = version_skew::judge(&known, tags.as_ref(), path, m, for_readers)
                else {
                    continue;
                };
                let same = |(s, _): &&mut (Signal, Vec<u32>)| {
                    s.detail == sig.detail && s.target == sig.target
                };
                match signals.iter_mut().find(same) {
                    Some((_, lines)) => lines.push(sig.line),
                    None => signals.push((sig.clone(), vec![sig.line])),
                }
            }
            for (sig, lines) in signals {
                self.out.push(path, sig.with_lines(lines));
            }
        }
        let skipped = &self.skipped;
        self.deferred_fragments.retain(|(_, d)| !skipped.contains(&d.target));
        check_deferred_fragments(ctx, &self.anchors, self.deferred_fragments, &mut self.problems)?;
        drop_project_wide_labels(ctx, &self.anchors, &mut self.problems);
        let other_scheme = other_scheme_folders(&self.problems);
        let page_routes = route_links::page_route_folders(ctx, &self.problems);
        // A line link past its file's end whose lines git shows moved gets their new
        // numbers as its fix instead (prefect's API pages after their module shrank).
        let moved = judge_line_links(ctx, &self.line_links, git_status, &mut self.out);
        let links: Vec<(String, Signal)> = self
            .problems
            .iter()
            .filter(|p| !other_scheme.covers(p) && !page_routes.covers(ctx, p))
            .filter(|p| {
                !matches!(p, Problem::MissingTarget(m)
                    if matches!(m.form, Form::PastEnd { .. })
                        && moved.contains(&(m.doc.clone(), m.line)))
            })
            .filter_map(|p| {
                link_signal(ctx, p, &routes, (&self.history_lines, &self.release_lines))
            })
            .collect();
        for (path, sig) in by_cause::group_by_cause(links) {
            self.out.push(&path, sig);
        }
        judge_churn(ctx, &candidates, git_status, &mut self.out);
        judge_permalinks(ctx, &self.permalinks, git_status, &mut self.out);
        archive_to_live_ratio::folder_rule(ctx, &self.marked, &mut self.out);
        duplicate_content::run(ctx, self.prints, &mut self.out);
        self.warnings.sort();
        let skipped = self.skipped.iter().map(|i| ctx.paths[*i as usize].clone()).collect();
        Ok(Tallied {
            signals: self.out.into_sorted(),
            files: self.files,
            warnings: self.warnings,
            skipped,
        })
    }
}

/// The finished tallies: every signal by path (sorted), every file's facts, the warnings
/// (sorted) and the docs left out of the scan.
pub struct Tallied {
    pub signals: BTreeMap<String, Vec<Signal>>,
    pub files: BTreeMap<String, FileFacts>,
    pub warnings: Vec<ScanWarning>,
    pub skipped: BTreeSet<String>,
}

/// Per doc path, line spans (first, last) of some kind of section.
type LineSpans = BTreeMap<String, Vec<(u32, u32)>>;

/// Whether `problem` sits in one of its doc's spans (a history section, a release
/// entry).
fn in_history(history_lines: &LineSpans, problem: &Problem) -> bool {
    let Problem::MissingTarget(m) = problem else { return false };
    history_lines
        .get(&m.doc)
        .is_some_and(|spans| spans.iter().any(|(first, last)| (*first..=*last).contains(&m.line)))
}

/// A link problem becomes a `stale_name_location` when git explains it, else a
/// `broken_reference` (or nothing, for a path that counts only when it moved).
fn link_signal(
    ctx: &ScanContext<'_>,
    problem: &Problem,
    routes: &route_links::RouteFolders,
    (history_lines, release_lines): (&LineSpans, &LineSpans),
) -> Option<(String, Signal)> {
    // A file name git never had, beside the file it was meant for (`.clippy.toml` where
    // `clippy.toml` is): a slip that sends the reader nowhere, with its fix.
    if let Problem::MissingTarget(m) = problem {
        if matches!(m.form, Form::CiBadge { .. }) {
            return stale_name_location::ci_badge(ctx, m);
        }
        // The path is there (only the URL's route is missing, or the line it names is
        // past the file's end), whatever git says.
        if matches!(m.form, Form::Routeless { .. } | Form::PastEnd { .. }) {
            return Some(broken_reference::signal(problem, false));
        }
        if let Some(twin) = super::signals::code_path::twin_slip(ctx, m) {
            let fix = twin.rsplit('/').next().unwrap_or(&twin).to_string();
            let named = broken_reference::Missing {
                resolved: twin,
                what: super::signals::code_path::TWIN_NAME,
                ..m.clone()
            };
            let (doc, sig) = broken_reference::signal(&Problem::MissingTarget(named), false);
            return Some((doc, sig.with_suggestion(fix)));
        }
    }
    let stale = match problem {
        // A rustdoc item page (`struct.CacheControl.html`) or intra-doc link (`join`)
        // from a doc that rustdoc renders is there on docs.rs.
        Problem::MissingTarget(m)
            if m.form == Form::DocRelative
                && super::rustdoc::resolves_on_docs_rs(&m.written)
                && ctx.tree.rustdoc_renders(&m.doc) =>
        {
            return None
        }
        // A lone config name git never had anywhere is a `broken_reference`; one it had
        // at the root and renamed or deleted there is stale; one it had elsewhere says
        // nothing.
        Problem::MissingTarget(m) if m.what == super::signals::code_path::FILE_NAME => {
            if !super::signals::code_path::never_had_file_name(ctx, m) {
                return stale_name_location::classify(ctx, m)
                    .filter(|_| !super::signals::code_path::still_there(ctx, m));
            }
            None
        }
        Problem::MissingTarget(m) => {
            let stale = stale_name_location::classify(ctx, m)
                .filter(|_| !super::signals::code_path::still_there(ctx, m))
                .map(|(doc, s)| (doc, super::signals::tree_paths::as_written(m, s)));
            let moved = stale.as_ref().is_some_and(|(_, s)| s.suggestion.is_some());
            // Asked only of a path that would be reported: most code paths git knows
            // nothing about are dropped anyway (`only_if_moved`).
            let reported = stale.is_some() || !m.only_if_moved;
            if reported && !moved && super::signals::code_path::in_every_package(ctx, m) {
                return None;
            }
            stale
        }
        // A fragment GitHub's slugger could not have made, on a page of a site the scan
        // cannot see, follows that site's own heading ids (svelte.dev keeps case and
        // `$`, and prefixes an h3's id with its h2's).
        Problem::MissingFragment { doc, fragment, .. }
            if routes.covers(doc) && !github_shaped(fragment) =>
        {
            return None
        }
        // On a page of a site whose hooks rewrite pages, a fragment no heading could
        // give (a `.`, a `+`: Python-Markdown's slugs keep neither) is the hooks' anchor.
        Problem::MissingFragment { in_path, fragment, .. }
            if ctx.sites.page_of(in_path).is_some_and(|s| s.hooks)
                && fragment.contains(['.', '+', ':']) =>
        {
            return None
        }
        // A page a Go program embeds by name is printed, or written out as a generated
        // page, with the program's own text after it (`go_embed`): its own fragments
        // may name the headings that text brings.
        Problem::MissingFragment { doc, in_path, .. }
            if doc == in_path && ctx.tree.go_embeds(doc) =>
        {
            return None
        }
        Problem::MissingFragment { .. } => None,
    };
    // A `/…` link from a doc in a folder is written for whatever serves that folder: a
    // site's root, a section route, a redirect, a build's output (Zola's `/perf` section,
    // MyST's `/integrations/index.md` from the Sphinx source folder, UnDocs' `/images/`).
    // What is there is not in the repository, so only git's evidence counts.
    // A package's README is the exception: GitHub shows it in the package's folder and
    // reads a `/…` file from the repository's root (xstate's inspector README shows
    // `/assets/inspector.png`, kept in the package's own `assets/`).
    // A page of a site whose routes are all its page files (`Site::closed_routes`) has
    // no such unknown: its `/…` link that reaches no page is broken (agent-kit's
    // `[Network](/concepts/network)`, the page being `concepts/networks.mdx`).
    // Not from agent context, whose paths show how to write a page (vibe-kanban's
    // `docs/AGENTS.md` on `<img src="/images/dashboard.png" />`), nor to a group of the
    // navigation (`Site::nav_routes`).
    let closed = |m: &broken_reference::Missing| {
        m.form == Form::FromRoot
            && !m.only_if_moved
            && !ctx.role(&m.doc).is_agent_facing()
            && ctx.sites.page_of(&m.doc).is_some_and(|s| {
                let route = crate::scan::resolve::join(
                    s.content.first().map_or("", String::as_str),
                    m.written.trim_matches('/'),
                );
                s.closed_routes
                    && !s
                        .nav_routes
                        .iter()
                        .any(|n| n.strip_prefix(&route).is_some_and(|rest| rest.starts_with('/')))
            })
    };
    let only_if_moved = matches!(problem, Problem::MissingTarget(m)
        if !closed(m) && (m.only_if_moved
            || (route_links::is_route(m) && routes.covers(&m.doc))
            || (m.form == Form::FromRoot
                && m.doc.contains('/')
                && (route_links::is_route(m) || !package_readme(ctx, &m.doc)))));
    match stale {
        // A record or a plan names the code of its time: a path renamed or deleted since
        // is history.
        Some((doc, _)) if sections::is_record(&doc) || sections::is_plan(&doc) => None,
        // …and so does a history section's (golangci-lint's vendored packages log
        // "Move package from `internal/mmap` to `internal/go/mmap`").
        Some(_) if in_history(history_lines, problem) => None,
        // A changelog entry linked what was there when it was written: a target deleted
        // since is history (beads' entry on `examples/git-hooks/`). A renamed one still
        // has a fix that keeps the entry true; so has an image, which shows broken
        // (vite's announcement images, now `.webp`). A release entry of a doc that logs
        // releases under another name is one too (kedro's `RELEASE.md`).
        Some((doc, s))
            if s.suggestion.is_none()
                && matches!(problem, Problem::MissingTarget(m) if m.what != "image")
                && (ctx.role(&doc) == crate::scan::role::DocRole::Changelog
                    || in_history(release_lines, problem)) =>
        {
            None
        }
        Some(s) => Some(s),
        None if only_if_moved => None,
        None if matches!(problem, Problem::MissingTarget(m)
            if stale_name_location::named_from_inside(ctx, m)) =>
        {
            None
        }
        None => {
            let git_had = match problem {
                Problem::MissingTarget(m) => ctx.history.as_ref().is_some_and(|h| {
                    let exists = |p: &str| ctx.tree.exists(p);
                    h.fate(&m.resolved, exists).is_some()
                        || h.folder_fate(m.resolved.trim_end_matches('/'), exists).is_some()
                }),
                _ => false,
            };
            let sig = broken_reference::signal(problem, git_had);
            Some(broken_reference::with_root_fix(ctx, problem, sig))
        }
    }
}

/// Whether `doc` is the README of a package folder (`Tree::package_dirs`) that no
/// detected site publishes: GitHub is where it is read.
fn package_readme(ctx: &ScanContext<'_>, doc: &str) -> bool {
    let Some((folder, name)) = doc.rsplit_once('/') else { return false };
    name.to_ascii_lowercase().starts_with("readme.")
        && ctx.sites.page_of(doc).is_none()
        && ctx.tree.package_dirs().iter().any(|d| d == folder)
}

/// Whether `fragment` has the shape of a GitHub heading id: lowercase letters, digits,
/// `-` and `_` only.
fn github_shaped(fragment: &str) -> bool {
    fragment
        .chars()
        .all(|c| c.is_numeric() || c == '-' || c == '_' || (c.is_alphabetic() && !c.is_uppercase()))
}

/// Fragments in the other common id scheme (`broken_reference::in_other_scheme`) this
/// many times in one folder (not the root) make it a folder written for a site that uses
/// that scheme, built elsewhere: such fragments there are taken as found.
const OTHER_SCHEME_PER_FOLDER: usize = 3;

/// The folders whose docs link fragments in the other common id scheme.
struct OtherSchemeFolders(std::collections::HashSet<String>);

impl OtherSchemeFolders {
    /// Whether `p` is such a fragment in such a folder.
    fn covers(&self, p: &Problem) -> bool {
        let Problem::MissingFragment { doc, other_scheme: true, .. } = p else { return false };
        route_links::folders_of(doc).any(|dir| self.0.contains(dir))
    }
}

fn other_scheme_folders(problems: &[Problem]) -> OtherSchemeFolders {
    let docs = problems.iter().filter_map(|p| match p {
        Problem::MissingFragment { doc, other_scheme: true, .. } => Some(doc.as_str()),
        _ => None,
    });
    OtherSchemeFolders(route_links::folders_counted(
        docs,
        route_links::folders_of,
        OTHER_SCHEME_PER_FOLDER,
    ))
}

/// Checks fragments into other docs now that every doc's anchors are known; the docs
/// with failures are re-read to name them.
fn check_deferred_fragments(
    ctx: &ScanContext<'_>,
    anchors: &[AnchorSet],
    deferred: Vec<(u32, DeferredFragment)>,
    out: &mut Vec<Problem>,
) -> Result<()> {
    let mut failed: BTreeMap<u32, Vec<DeferredFragment>> = BTreeMap::new();
    for (source, check) in deferred {
        if !check.holds(&anchors[check.target as usize]) {
            failed.entry(source).or_default().push(check);
        }
    }
    for (source, checks) in failed {
        let path = &ctx.paths[source as usize];
        let (doc, _) = ctx.read_doc(path).map_err(|e| e.at(&ctx.root.join(path)))?;
        out.extend(broken_reference::recover(ctx, &doc, &checks));
    }
    Ok(())
}

/// MyST resolves a `#label` link project-wide on a Sphinx site: a `(label)=` target on
/// another page of the site is what `[text](#label)` reaches (serena's `#contexts`). A
/// page's own fragment missing there is no problem when another page of its site names
/// it.
fn drop_project_wide_labels(ctx: &ScanContext<'_>, anchors: &[AnchorSet], out: &mut Vec<Problem>) {
    out.retain(|p| {
        let Problem::MissingFragment { doc, in_path, fragment, .. } = p else { return true };
        let Some(site) = ctx.sites.page_of(doc) else { return true };
        if doc != in_path || site.generator != Generator::Sphinx {
            return true;
        }
        let hash = anchor_hash(fragment);
        let on_site = |(i, path): (usize, &String)| {
            anchors.get(i).is_some_and(|a| a.names_hash(hash))
                && ctx.sites.page_of(path).is_some_and(|s| std::ptr::eq(s, site))
        };
        !ctx.paths.iter().enumerate().any(on_site)
    });
}

/// Reads every candidate's net churn (one `git diff-tree` for all their last commits),
/// then judges each candidate.
fn judge_churn(
    ctx: &ScanContext<'_>,
    candidates: &[edit_recency_vs_churn::Candidate],
    status: &mut GitStatus,
    out: &mut Findings,
) {
    let Some(head) = ctx.history.as_ref().and_then(|h| h.head()) else {
        return;
    };
    if candidates.is_empty() {
        return;
    }
    let mut since: Vec<String> = candidates.iter().map(|c| c.since.clone()).collect();
    since.sort_unstable();
    since.dedup();
    let paths = edit_recency_vs_churn::pathspec(candidates);
    let diffs = match git::load_net_churn(ctx.root, head, &since, &paths) {
        Ok(diffs) => diffs,
        Err(why) => return churn_skipped(status, &why),
    };
    let churn_lines = ctx.config.thresholds.churn_lines;
    let churned: Vec<(&edit_recency_vs_churn::Candidate, Signal)> = candidates
        .iter()
        .filter_map(|c| {
            let at = since.binary_search(&c.since).expect("every candidate's commit was asked");
            edit_recency_vs_churn::judge(c, head, &diffs[at], churn_lines).map(|s| (c, s))
        })
        .collect();
    // The evidence: the changed files as they were at each doc's last edit (one
    // `git cat-file --batch`), against every file the doc names as it is now.
    let specs: Vec<(String, String)> = churned
        .iter()
        .flat_map(|(c, s)| s.changed_files.iter().map(|f| (c.since.clone(), f.clone())))
        .collect();
    let mut then = match git::read_blobs(ctx.root, &specs) {
        Ok(blobs) => blobs.into_iter(),
        Err(why) => return churn_skipped(status, &why),
    };
    for (c, sig) in churned {
        let before: Vec<String> = then.by_ref().take(sig.changed_files.len()).flatten().collect();
        let now: Vec<String> = c
            .named
            .iter()
            .filter_map(|f| crate::fsio::read_walked(ctx.root, f, CHURN_FILE_MAX_BYTES).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .collect();
        if now.len() < c.named.len() {
            continue; // a named file that cannot be read (a link, too large) proves nothing
        }
        let gone = edit_recency_vs_churn::vanished(&c.names, &before, &now);
        if !gone.is_empty() {
            out.push(&c.path, edit_recency_vs_churn::with_vanished(sig, &gone));
        }
    }
}

/// Judges the docs' links to lines of the repository's files (`line_links`): each
/// file, where it changed after its doc, is read as it was at the doc's last commit (one
/// `git cat-file --batch` for all) and as it is now. Returns the `(doc, line)` of each
/// link it reported.
fn judge_line_links(
    ctx: &ScanContext<'_>,
    links: &[(u32, line_links::LineLink)],
    status: &mut GitStatus,
    out: &mut Findings,
) -> BTreeSet<(String, u32)> {
    let mut reported = BTreeSet::new();
    let Some(history) = ctx.history.as_ref() else { return reported };
    let Some(head) = history.head() else { return reported };
    // Many links of a page name one file: each `(commit, file)` is read once.
    let mut specs: Vec<(String, String)> = Vec::new();
    let mut spec_at: HashMap<(String, String), usize> = HashMap::new();
    let asked: Vec<(usize, usize)> = links
        .iter()
        .enumerate()
        .filter_map(|(i, (doc, link))| {
            let wanted = line_links::wanted(history, &ctx.paths[*doc as usize], link)?;
            let at = *spec_at.entry(wanted.clone()).or_insert_with(|| {
                specs.push(wanted);
                specs.len() - 1
            });
            Some((i, at))
        })
        .collect();
    if asked.is_empty() {
        return reported;
    }
    let then = match git::read_blobs(ctx.root, &specs) {
        Ok(blobs) => blobs,
        Err(why) => {
            git_step_skipped(status, &why, "line links not judged");
            return reported;
        }
    };
    let then: Vec<Option<Vec<&str>>> =
        then.iter().map(|b| b.as_deref().map(line_links::lines_of)).collect();
    let paths: BTreeSet<&str> = asked.iter().map(|(i, _)| links[*i].1.path.as_str()).collect();
    let now_text: BTreeMap<&str, Option<String>> = paths
        .into_iter()
        .map(|path| {
            let text = crate::fsio::read_walked(ctx.root, path, CHURN_FILE_MAX_BYTES)
                .ok()
                .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
            (path, text)
        })
        .collect();
    let now: BTreeMap<&str, Vec<&str>> = now_text
        .iter()
        .filter_map(|(path, text)| text.as_deref().map(|t| (*path, line_links::lines_of(t))))
        .collect();
    let mut in_doc: BTreeMap<u32, usize> = BTreeMap::new();
    for (doc, _) in links {
        *in_doc.entry(*doc).or_default() += 1;
    }
    let mut drifted: BTreeMap<u32, Vec<Signal>> = BTreeMap::new();
    for (i, at) in asked {
        let (doc, link) = &links[i];
        let (Some(old), Some(new)) = (&then[at], now.get(link.path.as_str())) else { continue };
        if let Some(sig) = line_links::judge(link, &specs[at].0, head, old, new) {
            drifted.entry(*doc).or_default().push(sig);
        }
    }
    for (doc, mut each) in drifted {
        let path = &ctx.paths[doc as usize];
        reported.extend(each.iter().map(|s| (path.clone(), s.line)));
        if in_doc[&doc] < line_links::MANY {
            each.into_iter().for_each(|sig| out.push(path, sig));
        } else {
            each.sort_by_key(|s| s.line);
            if let Some(sig) = line_links::grouped(each) {
                out.push(path, sig);
            }
        }
    }
    reported
}

/// Judges the docs' forge URLs of this repository at a commit (`self_url::permalink`):
/// one `git cat-file --batch-check` asks for each commit and for the path at it. A
/// commit this clone has whose tree lacks the path is a link that 404s for good; a
/// commit it lacks (a fork's, a pull request's, a shallow clone's) says nothing.
fn judge_permalinks(
    ctx: &ScanContext<'_>,
    links: &[(u32, u32, Permalink)],
    status: &mut GitStatus,
    out: &mut Findings,
) {
    if ctx.history.is_none() || links.is_empty() {
        return;
    }
    let usable = |p: &Permalink| !p.commit.contains(['\n', ':']) && !p.path.contains('\n');
    let mut names: Vec<String> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    let mut ask = |name: String| {
        *at.entry(name.clone()).or_insert_with(|| {
            names.push(name);
            names.len() - 1
        })
    };
    let asked: Vec<(usize, usize, usize)> = links
        .iter()
        .enumerate()
        .filter(|(_, (_, _, p))| usable(p))
        .map(|(i, (_, _, p))| {
            (i, ask(format!("{}^{{commit}}", p.commit)), ask(format!("{}:./{}", p.commit, p.path)))
        })
        .collect();
    let kinds = match git::object_kinds(ctx.root, &names) {
        Ok(kinds) => kinds,
        Err(why) => return git_step_skipped(status, &why, "commit links not checked"),
    };
    // A path cat-file cannot find may be there with its blob absent (a partial clone):
    // each such commit's tree is read, and a path it lists is there.
    let unresolved = |&(_, commit, path): &(usize, usize, usize)| {
        kinds[commit].as_deref() == Some("commit") && kinds[path].is_none()
    };
    let mut wanted: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for &(i, _, _) in asked.iter().filter(|a| unresolved(a)) {
        let p = &links[i].2;
        wanted.entry(p.commit.as_str()).or_default().push(p.path.clone());
    }
    let mut present: HashSet<(&str, String)> = HashSet::new();
    for (commit, paths) in wanted {
        match git::tree_paths(ctx.root, commit, &paths) {
            Ok(found) => present.extend(found.into_iter().map(|path| (commit, path))),
            Err(why) => return git_step_skipped(status, &why, "commit links not checked"),
        }
    }
    let mut broken: Vec<(String, Signal)> = Vec::new();
    for (i, commit, path) in asked {
        let (doc, line, p) = &links[i];
        if !unresolved(&(i, commit, path)) || present.contains(&(p.commit.as_str(), p.path.clone()))
        {
            continue;
        }
        let detail = format!(
            "`{}` does not exist at commit {}, which the link names: it opens a 404 page",
            p.path, p.commit
        );
        let sig =
            Signal::new(SignalName::BrokenReference, *line, detail).with_target(p.written.clone());
        broken.push((ctx.paths[*doc as usize].clone(), sig));
    }
    // One URL linked on several lines of a doc is one cause.
    for (path, sig) in by_cause::group_by_cause(broken) {
        out.push(&path, sig);
    }
}

/// Notes in `status` that the churn pass failed and why: the scan goes on without
/// `edit_recency_vs_churn`.
fn churn_skipped(status: &mut GitStatus, why: &str) {
    git_step_skipped(status, why, "edit_recency_vs_churn skipped");
}

/// Notes in `status` that a git step failed (`why`) and what the scan left out for it.
fn git_step_skipped(status: &mut GitStatus, why: &str, left_out: &str) {
    let why = format!("{why}; {left_out}");
    status.note = Some(match status.note.take() {
        Some(earlier) => format!("{earlier}; {why}"),
        None => why,
    });
}

/// The largest named file read whole for `edit_recency_vs_churn`'s evidence (4 MiB).
const CHURN_FILE_MAX_BYTES: u64 = 4 << 20;
