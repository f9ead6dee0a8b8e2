//! `broken_reference`: relative links, images and reference definitions whose target is
//! missing; `#fragments` with no matching anchor in their target (cross-file, GitHub's
//! ids or the renderer's); backticked repo paths (`code_path.rs`).
//!
//! A link resolves when GitHub or the renderer of the doc's folder resolves it
//! (`render_rules`); a missing target that `.gitignore` ignores is a build product, not
//! a broken link. `check_doc` reports one doc's problems; a missing target that git
//! history explains becomes a `stale_name_location` instead (decided by the engine
//! through that module). Fragments into other scanned docs are deferred as hashes
//! (`DeferredFragment`) until every doc's anchors are known; `recover` re-reads a doc to
//! name the ones that failed. A broken fragment carries the anchor clearly meant, if any
//! (`closest_anchor.rs`).

use std::sync::LazyLock;

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, CONTROLS};
use regex::Regex;

use super::closest_anchor::closest_anchor;
/// Re-exported for the signals that read backticked paths too.
pub use super::code_path::repo_path_candidate;
use super::code_path::{check_code_block_paths, check_code_paths};
use crate::scan::anchors::{anchor_hash, AnchorSet};
use crate::scan::ci_services::{ci_badge, CiService};
use crate::scan::context::{Doc, ScanContext};
use crate::scan::markdown::{label_key, LinkKind, ParsedDoc, RefStyle};
use crate::scan::render_rules;
use crate::scan::resolve::{classify, decode, LinkTarget};
use crate::scan::role::DocRole;
use crate::scan::self_url::{permalink, routeless_link, self_link, workflow_link, Permalink};
use crate::scan::signal::{Signal, SignalName};
use crate::scan::site::Generator;
use crate::scan::tree::PathKind;

/// Characters a suggested fragment percent-encodes when the link's fragment was
/// percent-encoded.
const FRAGMENT_ENCODE: &AsciiSet = &CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`');

/// How a missing path was written, so a replacement can be written the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Relative to the doc's folder (`../a.md`, `./b.md`, `c.md`).
    DocRelative,
    /// From the root with a leading `/`.
    FromRoot,
    /// A backticked repo path, root-relative.
    RepoPath,
    /// The repository's own forge URL on a branch; the path starts at byte `path_at`.
    Url { path_at: usize },
    /// The repository's own GitHub Actions URL naming a workflow file
    /// (`…/actions/workflows/ci.yml/badge.svg`); the file name starts at byte `file_at`.
    Workflow { file_at: usize },
    /// A status badge or build page of the repository on a hosted CI service
    /// (`https://travis-ci.org/go-chi/chi.svg`); `resolved` is the config file the
    /// service reads (`ci_services`). Reported only with git's word that the file was
    /// deleted (`stale_name_location::ci_badge`).
    CiBadge { service: CiService },
    /// A page of the repository's own docs site by its published address
    /// (`https://www.python-httpx.org/advanced/`); the page's route starts at byte
    /// `path_at` (`site_urls`).
    SiteUrl { path_at: usize },
    /// A GitHub URL of the repository naming one of its paths without `blob/<branch>/`
    /// (`self_url::routeless_link`), a folder's or a file's; `resolved` is the URL that
    /// reaches it.
    Routeless { folder: bool },
    /// A link to lines of one of the repository's files (`server.rs#L56`) past the end of
    /// that file, which has `lines` lines; `resolved` is the file.
    PastEnd { lines: u32 },
    /// No destination at all (`[text]()`), written as `()`.
    Empty,
    /// A reference link's label that no definition gives (`[text][label]`): `written`
    /// is the label.
    Label,
}

/// A reference whose target does not exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing {
    pub doc: String,
    pub line: u32,
    /// The path part as written.
    pub written: String,
    /// Root-relative resolution of `written`.
    pub resolved: String,
    pub form: Form,
    /// "link", "image", "reference definition", "code path", "command path", "site link".
    pub what: &'static str,
    /// A signal only when git history shows the path existed here (renamed or deleted):
    /// a backticked path on a docs-site page usually names a file of the reader's own
    /// project (`src/SUMMARY.md` of "your book").
    pub only_if_moved: bool,
}

/// One problem found by `find`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    MissingTarget(Missing),
    MissingFragment {
        doc: String,
        line: u32,
        dest: String,
        fragment: String,
        in_path: String,
        /// The anchor clearly meant, if any.
        suggestion: Option<String>,
        /// On a page no detected site renders: the fragment is a heading's id in the
        /// other common scheme, punctuation runs as `-` (`#queryclient-query` for
        /// `` `queryClient.query` ``), which sites built elsewhere use.
        other_scheme: bool,
        /// A line that would be the heading, inside a code block a bare fence opened:
        /// (its line, the fence's line) — a fence left open swallowed it.
        in_code: Option<(u32, u32)>,
        /// The fragment is GitHub's id of a heading, which the site the link is read on
        /// does not give (`ParsedDoc::github_only`).
        github_only: Option<Generator>,
    },
}

/// A `#fragment` into another scanned doc, checked once every doc's anchors are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeferredFragment {
    /// Index of the target doc in the shortlist.
    pub target: u32,
    pub line: u32,
    /// `anchor_hash` of the fragment, and of its lowercase form (of the fragment again
    /// when the linking page is a docs site's, which matches case by case). On a
    /// VitePress 2 site, `fragment` is the fragment as the site writes it
    /// (`render_rules::vitepress_fragment`) and `lower` the fragment as written: an id
    /// written out in full (`{#--custom}`) is taken as meant.
    pub fragment: u64,
    pub lower: u64,
    /// Whether the link is read on the site alone (`ScanContext::reads_on_site_only`: both
    /// pages are the same VitePress site's), where an id only GitHub gives is no anchor.
    pub site_only: bool,
}

impl DeferredFragment {
    /// Whether the target's anchors hold the fragment.
    pub fn holds(&self, anchors: &AnchorSet) -> bool {
        let held = |hash| {
            anchors.contains_hash(hash) && !(self.site_only && anchors.github_only_hash(hash))
        };
        held(self.fragment) || held(self.lower)
    }
}

/// One doc's link problems, and the fragment checks that must wait.
#[derive(Debug, Default)]
pub struct LinkCheck {
    pub problems: Vec<Problem>,
    pub deferred: Vec<DeferredFragment>,
    /// Links to a file's lines (`line_links`), judged once history is known.
    pub line_links: Vec<super::line_links::LineLink>,
    /// Forge URLs of this repository at a commit, with their lines: judged once git can
    /// say whether the commit has the path (`tally::judge_permalinks`).
    pub permalinks: Vec<(u32, Permalink)>,
}

/// Checks one doc's links, images, definitions and backticked paths (the paths of code,
/// which count only with git's evidence, only when `use_git`).
pub fn check_doc(ctx: &ScanContext<'_>, doc: &Doc, use_git: bool) -> LinkCheck {
    let mut out = LinkCheck::default();
    let role = ctx.role(&doc.path);
    check_links(ctx, doc, &mut out, None);
    check_labels(ctx, doc, &mut out.problems);
    if role.is_agent_facing() {
        check_imports(ctx, doc, role, &mut out.problems);
    }
    super::skill_sources::check(ctx, doc, &mut out.problems);
    // A dated post, or a doc that says it is kept as history (a roadmap, a recorded
    // session), names the code of its day: its code paths are history.
    use crate::scan::signals::sections::{is_post, kept_as_history};
    // A docs site's tutorial has its reader build a project of their own: its
    // `src/index.js` and `cd my-app` are that project's, whatever this repository once
    // had there (a skill's resources are still checked).
    let tutorial = (role == DocRole::SitePage && super::code_path::is_tutorial(&doc.path))
        || super::code_path::in_tutorials_folder(&doc.path);
    if !is_post(&doc.path) && !kept_as_history(&doc.parsed) {
        check_code_paths(ctx, doc, use_git && !tutorial, &mut out.problems);
        // A migration guide's commands move the old paths on purpose (`mv
        // scripts/prd.txt .taskmaster/docs/`).
        if use_git
            && !tutorial
            && role != DocRole::Changelog
            && !crate::scan::signals::sections::is_history_file(&doc.path)
        {
            check_code_block_paths(ctx, doc, &mut out.problems);
            super::tree_paths::check(ctx, doc, &mut out.problems);
        }
    }
    // A Markdown template shown in a fence that nests fences is the template's text,
    // however CommonMark closes it (`role::nested_markdown_templates`).
    let templates = crate::scan::role::nested_markdown_templates(&doc.parsed.text);
    if !templates.is_empty() {
        let inside = |line: u32| templates.iter().any(|(a, b)| (*a..=*b).contains(&line));
        out.problems.retain(|p| match p {
            Problem::MissingTarget(m) => !inside(m.line),
            Problem::MissingFragment { line, .. } => !inside(*line),
        });
        out.deferred.retain(|d| !inside(d.line));
    }
    if role == DocRole::Template || crate::scan::role::is_template_source(&doc.parsed) {
        // A template is copied where it is used (a changelog entry into the changelogs
        // folder, a scaffold into a new project, a command an installer writes into the
        // user's agent folder): its paths — relative, from the root, backticked — are
        // written for that place, not for the one it is kept in. Its forge URLs and
        // fragments are still checked.
        out.problems.retain(
            |p| !matches!(p, Problem::MissingTarget(m) if !matches!(m.form, Form::Url { .. } | Form::Workflow { .. } | Form::SiteUrl { .. } | Form::CiBadge { .. } | Form::Routeless { .. } | Form::PastEnd { .. })),
        );
    }
    out
}

/// `Missing::what` of a reference link whose label has no definition.
pub const UNDEFINED_LABEL: &str = "reference link";

/// The reference links of `doc` whose label no definition gives: GitHub, and every
/// CommonMark renderer, shows such a link as its bracketed text (mikro-orm's
/// `[follow this guideline][code-climate-guide]` after the definition's line was cut;
/// zap's release entry `[#1534][]`). Written out in full (`[text][label]`, `[text][]`)
/// the author meant a link. A lone `[label]` is most often brackets in prose
/// (`[optional]`, a template's `[Feature Name]`, a release's `[YANKED]`), so it counts
/// only when it is clearly a link: a code span alone (`` [`Rc`] ``, rustdoc's intra-doc
/// link, which GitHub and crates.io do not resolve), or the text of one of the doc's
/// headings or close to one of its definitions' labels (tqdm's `[QUICK DEV SUMMARY]`).
///
/// Left alone where something else resolves the label: a doc rustdoc renders, a page
/// of an MkDocs site or in Python-Markdown (mkdocs-autorefs links any heading or
/// object: `[text][module.Name]`, `[text][heading-id]`), Hugging Face doc-builder's
/// pages (`` [`HfApi`] ``, under a `_toctree.yml`), and any label that is an
/// identifier path (`[text][crate::any::install_drivers]`). A changelog's lone
/// brackets are its own shorthand (`[caass], [pull/171]`). Not an index (`a[0][1]`: a
/// letter or a bracket right before it), nor a definition the parser did not take
/// (`[label]:`), nor brackets in MDX (JSX arrays).
fn check_labels(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Vec<Problem>) {
    let parsed = &doc.parsed;
    if parsed.undefined_refs.is_empty() {
        return;
    }
    let generated = std::cell::OnceCell::new();
    let mdx = doc.path.ends_with(".mdx");
    let name = doc.path.rsplit('/').next().unwrap_or(&doc.path);
    let changelog = ctx.role(&doc.path) == DocRole::Changelog
        || super::sections::is_changelog_file(&doc.path)
        || super::sections::is_history_file(&doc.path)
        || version_named(name);
    // A man page's synopsis brackets its optional arguments (podman's `**podman [GLOBAL
    // OPTIONS]**` in `podman.1.md`), whatever headings explain them.
    let man_page = name
        .rsplit_once('.')
        .and_then(|(stem, _)| stem.rsplit_once('.'))
        .is_some_and(|(_, section)| section.len() == 1 && section.as_bytes()[0].is_ascii_digit());
    let mut found = Vec::new();
    for r in &parsed.undefined_refs {
        let before = parsed.text[..r.range.start].chars().next_back();
        let after = parsed.text[r.range.end..].chars().next();
        if before
            .is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | ']' | ')' | '[' | '!' | '`'))
            || matches!(after, Some(':' | '(' | ']'))
            || !label_shaped(&r.label)
            || identifier_path(r.label.trim())
        {
            continue;
        }
        let written = &parsed.text[r.range.clone()];
        let meant = match r.style {
            // A release entry's tags (`[win][arm64ec] Add testing`, `[Executor][Internal]
            // Improve …`) are its shorthand; a linked item's name is code
            // (`` [`sql_function!`][sql-function-2-0-0] ``) or an issue (`[#1534][]`).
            RefStyle::Full if changelog => {
                written.starts_with("[`") || r.label.trim_start().starts_with('#')
            }
            RefStyle::Full | RefStyle::Collapsed => true,
            RefStyle::Shortcut if mdx || changelog => false,
            // A label alone on its line is a TOML or INI table's header (Hugo's
            // `{{< code-toggle >}}` config examples: `[params]`, `[taxonomies]`).
            RefStyle::Shortcut if alone_on_line(&parsed.text, r.range.clone()) => false,
            RefStyle::Shortcut if code_span_only(&r.label) => {
                !r.label.contains('~') && !screaming_snake(r.label.trim().trim_matches('`'))
            }
            RefStyle::Shortcut => !man_page && names_a_heading_or_definition(parsed, &r.label),
        };
        // The costlier questions last, of a label that would count.
        if !meant || defined_as_written(parsed, &r.label) {
            continue;
        }
        let generated = generated.get_or_init(|| generated_sections(parsed));
        if !generated.iter().any(|(first, last)| (*first..=*last).contains(&r.line)) {
            found.push(Problem::MissingTarget(Missing {
                doc: doc.path.clone(),
                line: r.line,
                written: r.label.clone(),
                resolved: String::new(),
                form: Form::Label,
                what: UNDEFINED_LABEL,
                only_if_moved: false,
            }));
        }
    }
    // Asked last: most docs' undefined labels are prose brackets, and whether the doc is
    // in Python-Markdown reads all its text.
    if !found.is_empty() && !labels_resolved_elsewhere(ctx, doc) {
        out.append(&mut found);
    }
}

/// Whether nothing but blanks stands beside `range` on its line.
fn alone_on_line(text: &str, range: std::ops::Range<usize>) -> bool {
    let start = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[range.end..].find('\n').map_or(text.len(), |i| range.end + i);
    text[start..range.start].trim().is_empty() && text[range.end..end].trim().is_empty()
}

/// `0.1.0.md`: a release's notes, named by its version.
fn version_named(name: &str) -> bool {
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    stem.contains('.') && stem.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// Whether a tool other than the Markdown renderer resolves `doc`'s undefined labels
/// (`check_labels`): MkDocs' autorefs, rustdoc, HF doc-builder, and the Rust
/// Reference's `mdbook-spec`, which hands every broken link of its book to rustdoc as
/// an intra-doc link (`` [`core::ptr::null`] ``) unless it names a rule
/// (`[items.fn.const]`): 167 rows on the Reference's pages, session 34.
fn labels_resolved_elsewhere(ctx: &ScanContext<'_>, doc: &Doc) -> bool {
    render_rules::renderer_of(&ctx.sites, &doc.path, &doc.parsed) == Some(Generator::Mkdocs)
        || ctx.tree.rustdoc_renders(&doc.path)
        || under_doc_builder(ctx, &doc.path)
        || ctx.sites.page_of(&doc.path).is_some_and(|site| site.rule_ids.is_some())
}

/// Whether a folder above `path` holds Hugging Face doc-builder's `_toctree.yml`.
fn under_doc_builder(ctx: &ScanContext<'_>, path: &str) -> bool {
    super::route_links::folders_of(path)
        .chain([""])
        .any(|dir| ctx.tree.exists(&crate::scan::resolve::join(dir, "_toctree.yml")))
}

/// A label a reference link would have: two characters or more (a code span's
/// content too: tldr's option-letter mnemonics, `` [`c`]upsd.conf ``), not a citation's
/// number (`[IETF Datatracker][16]` in text pasted from a chat, `Numbered [1][2]`), no
/// markup in it (`<code>[string, <a href=…>…</a>][]</code>`, `{{…}}`), not a spread's
/// `...` (chartjs' option path `options.[...plugin.additionalOptionScopes]`).
fn label_shaped(label: &str) -> bool {
    let label = label.trim();
    let inner = label.trim_matches('`').trim();
    inner.chars().count() > 1
        && !label.chars().all(|c| c.is_ascii_digit())
        && !label.contains(['<', '{'])
        && !inner.starts_with("...")
}

/// Whether a line of the doc starts `[label]:`, a definition the renderer of its site
/// takes where CommonMark does not: a Hugo shortcode as its destination
/// (terraform-docs' `[configuration]: {{< ref "configuration" >}}`), or a list of them
/// after one whose label has a bracket.
fn defined_as_written(parsed: &ParsedDoc, label: &str) -> bool {
    let label = label_key(label);
    parsed.text.lines().any(|line| {
        line.trim_start()
            .strip_prefix('[')
            .and_then(|rest| rest.split_once("]:"))
            .is_some_and(|(l, _)| label_key(l) == label)
    })
}

/// `module.Name`, `crate::any::install_drivers`, `Self::capacity`: a path of
/// identifiers a cross-reference tool resolves (mkdocs-autorefs, rustdoc, Sphinx). In
/// backticks it is code, checked as any code span is (tokio-console's README
/// `` [`tokio::time::Sleep`] ``, which GitHub shows bracketed).
fn identifier_path(label: &str) -> bool {
    let identifier = |p: &str| {
        !p.is_empty()
            && p.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && p.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    let trimmed = label.trim_end_matches("()");
    (trimmed.contains('.') && trimmed.split('.').all(identifier))
        || (trimmed.contains("::") && trimmed.split("::").all(identifier))
}

/// `` `Rc` ``, `` `tokio::time::Sleep` ``: one code span and nothing else.
fn code_span_only(label: &str) -> bool {
    let label = label.trim();
    label.len() > 2
        && label.starts_with('`')
        && label.ends_with('`')
        && !label[1..label.len() - 1].contains('`')
}

/// Whether `name` is in capitals with an underscore (`BLOB_BUCKET`): an environment
/// variable's shape, which a doc puts in brackets as notation (qdrant's skill, "accept
/// an environment variable as a fallback, shown in brackets": 11 false rows, session
/// 34) more often than it links a constant.
fn screaming_snake(name: &str) -> bool {
    name.contains('_')
        && name.chars().any(|c| c.is_ascii_uppercase())
        && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// Whether a lone `[label]` of two words or more is the text of one of the doc's
/// headings (a link to it, the definition never written: a lone word is as often a
/// parameter, knex's `.insert(data, [returning], [options])`), or one letter or two from
/// a definition's label (kustomize's `[resources]` beside its `[resource]:`).
fn names_a_heading_or_definition(parsed: &ParsedDoc, label: &str) -> bool {
    let label = label_key(label);
    if label.chars().count() < 4 || !label.chars().any(char::is_alphabetic) {
        return false;
    }
    (label.contains(' ') && parsed.headings.iter().any(|h| label_key(&h.text) == label))
        || parsed.definitions.iter().any(|d| {
            let d = label_key(d);
            d != label && strsim::levenshtein(&d, &label) <= 2
        })
}

/// `Missing::what` of an agent file's `@path` import.
pub const IMPORT: &str = "import";

/// The `@path` imports of an agent file that name no file. Claude Code inlines each
/// `@path` of a memory file (`CLAUDE.md`, relative to it) and of a command, skill or
/// sub-agent prompt (relative to the project root, where the session runs); one that
/// names nothing is dropped without a word, so the agent works without the rules it was
/// meant to read (claude-code-hooks-mastery's `/prime_tts` still imports
/// `@ai_docs/cc_hooks_docs.md` after the file moved to `ai_docs/legacy/`). Only paths
/// that name a file count (`always_loaded::names_a_file`: not `@scope/pkg`, not
/// `@router.get`), resolved either way, and one the repository ignores
/// (`@CLAUDE.local.md`, each person's own) is not missing.
fn check_imports(ctx: &ScanContext<'_>, doc: &Doc, role: DocRole, out: &mut Vec<Problem>) {
    use crate::scan::signals::always_loaded::{import_refs, names_a_file};
    for import in import_refs(doc) {
        if !names_a_file(&import.written) {
            continue;
        }
        let from_root = crate::scan::resolve::join("", import.written.trim_start_matches('/'));
        let found = |p: &str| ctx.tree.exists(p) || ctx.ignored.contains(p);
        if found(&import.resolved) || found(&from_root) || optional_import(doc, import.line) {
            continue;
        }
        // A prompt runs in the project root; a memory file imports relative to itself.
        let (resolved, form) = if role == DocRole::AgentDoc || import.written.starts_with('/') {
            (from_root, Form::RepoPath)
        } else {
            (import.resolved, Form::DocRelative)
        };
        out.push(Problem::MissingTarget(Missing {
            doc: doc.path.clone(),
            line: import.line,
            written: import.written,
            resolved,
            form,
            what: IMPORT,
            only_if_moved: false,
        }));
    }
}

/// Whether the import on `line` is made only if its file is there ("If
/// `.github/aw/instructions.md` exists, load it with:" on the line or the one before,
/// awesome-copilot's agentic-workflows agent).
fn optional_import(doc: &Doc, line: u32) -> bool {
    let text = &doc.parsed.text;
    let lines = &doc.parsed.lines;
    let said = |n: u32| {
        let l = lines.text_of(text, n).to_lowercase();
        (l.contains("if ") || l.contains("when ")) && (l.contains("exist") || l.contains("present"))
            || l.contains("optional")
    };
    said(line) || (line > 1 && said(line - 1))
}

/// Notes a link on `line` to lines of the repository's file `path` (`#L174`,
/// `#L87-L101`): `line_links` judges it once history is known.
fn note_line_link(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    out: &mut LinkCheck,
    line: u32,
    dest: &str,
    path: &str,
    fragment: &str,
) {
    // TypeDoc writes `Defined in: [src/x.ts:12](…#L12)` under each item of the pages it
    // generates, and writes it again on every run (tanstack-query's 32 reference pages).
    let text = doc.parsed.lines.text_of(&doc.parsed.text, line);
    if text.trim_start().starts_with("Defined in:") {
        return;
    }
    if let Some((first, last)) = super::line_links::line_anchor(fragment) {
        if let Some(lines) = past_end(ctx, doc, path, first) {
            out.problems.push(Problem::MissingTarget(Missing {
                only_if_moved: false,
                doc: doc.path.clone(),
                line,
                written: dest.trim().to_string(),
                resolved: path.to_string(),
                form: Form::PastEnd { lines },
                what: "link",
            }));
        }
        let words = super::line_links::subject_words(text, dest.trim(), path);
        out.line_links.push(super::line_links::LineLink {
            line,
            written: dest.trim().to_string(),
            path: path.to_string(),
            first,
            last,
            words,
        });
    }
}

/// How many lines the repository's file `path` has (`Tree::line_count`), when a line
/// link to `first` of it is past its end: tonic's route guide links
/// `authentication/server.rs#L56`, a file of 40 lines since 2022. GitHub opens the file
/// with no line marked. Not in a changelog or a history file, whose links name the lines
/// of their day.
fn past_end(ctx: &ScanContext<'_>, doc: &Doc, path: &str, first: u32) -> Option<u32> {
    if ctx.role(&doc.path) == DocRole::Changelog
        || super::sections::is_changelog_file(&doc.path)
        || super::sections::is_history_file(&doc.path)
    {
        return None;
    }
    let lines = ctx.tree.line_count(path).filter(|n| *n > 0)?;
    (first > lines).then_some(lines)
}

/// The problems behind `failed` deferred checks of `doc` (re-read for the purpose).
pub fn recover(ctx: &ScanContext<'_>, doc: &Doc, failed: &[DeferredFragment]) -> Vec<Problem> {
    let mut out = LinkCheck::default();
    check_links(ctx, doc, &mut out, Some(failed));
    out.problems.retain(|p| matches!(p, Problem::MissingFragment { .. }));
    out.problems
}

fn check_links(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    out: &mut LinkCheck,
    failed: Option<&[DeferredFragment]>,
) {
    let self_index = ctx.doc_index(&doc.path);
    let generated = generated_sections(&doc.parsed);
    // A docs site's page is read on the site, where a fragment names an id case by
    // case; elsewhere GitHub's page script also tries it lowercased.
    let site = ctx.sites.page_of(&doc.path);
    let exact_case = site.is_some_and(|site| !site.own_slugify);
    // A page of a VitePress site links its sibling pages as the site reads them; from
    // VitePress 2 the site passes each such fragment through its slugify first.
    let site_only = ctx.reads_on_site_only(&doc.path);
    let same_site = |path: &str| {
        ctx.sites.page_of(path).map(|s| s.config.as_str()) == site.map(|s| s.config.as_str())
    };
    let slugs = site_only && site.is_some_and(|s| s.slugs_fragments);
    // An anchor of this page, as the site reads it.
    let held_here = |fragment: &str| {
        doc.parsed.has_anchor_cased(fragment, exact_case)
            && !(site_only && doc.parsed.github_only.contains(fragment))
    };
    let as_linked = |fragment: &str, on_site: bool| -> Option<String> {
        let keeps_case = site.is_some_and(|s| s.keeps_case);
        (slugs && on_site).then(|| render_rules::vitepress_fragment(fragment, keeps_case))
    };
    // Whether the page has headings the scan cannot see (`renders_at_build`,
    // `fill_in_form`), worked out at its first missing fragment.
    let open_page = std::cell::OnceCell::new();
    for link in &doc.parsed.links {
        if generated.iter().any(|(first, last)| (*first..=*last).contains(&link.line)) {
            continue;
        }
        let what = match link.kind {
            LinkKind::Inline => "link",
            LinkKind::Image => "image",
            LinkKind::Definition => "reference definition",
        };
        let missing_fragment =
            |fragment: String, in_path: String, near: Near| Problem::MissingFragment {
                doc: doc.path.clone(),
                line: link.line,
                dest: link.dest.clone(),
                fragment,
                in_path,
                suggestion: near.suggestion,
                other_scheme: near.other_scheme,
                in_code: near.in_code,
                github_only: site.filter(|_| near.github_only).map(|s| s.generator),
            };
        // A fragment into the Markdown file at `path`: checked now in this doc, deferred
        // for another scanned doc (re-checked by `recover` once every doc's anchors are
        // known), read from disk for a file outside the scan.
        let check_fragment = |out: &mut LinkCheck, path: String, fragment: String, exact_case| {
            let target = ctx.doc_index(&path);
            let on_site = site_only && (target == self_index || same_site(&path));
            // The fragment as the site writes it, when it rewrites it.
            let linked = as_linked(&fragment, on_site);
            let looked = linked.as_deref().unwrap_or(&fragment);
            if let Some(failed) = failed {
                let hash = anchor_hash(looked);
                let this = |d: &DeferredFragment| {
                    Some(d.target) == target && d.line == link.line && d.fragment == hash
                };
                if failed.iter().any(this) {
                    let found = suggest_in(ctx, &path, &fragment);
                    if !generated_id(&fragment, &found) {
                        out.problems.push(missing_fragment(fragment, path, found));
                    }
                }
                return;
            }
            let found = match target {
                Some(_) if target == self_index => {
                    Some(held_here(looked) || (looked != fragment && held_here(&fragment)))
                }
                Some(t) => {
                    let lower = if looked != fragment || exact_case {
                        anchor_hash(&fragment)
                    } else {
                        anchor_hash(&fragment.to_lowercase())
                    };
                    out.deferred.push(DeferredFragment {
                        target: t,
                        line: link.line,
                        fragment: anchor_hash(looked),
                        lower,
                        site_only: on_site,
                    });
                    None
                }
                None => ctx.tree.external_doc_has_anchor(&path, &fragment, |parsed| {
                    ctx.add_site_ids(&path, parsed);
                }),
            };
            if found == Some(false) {
                let found = suggest_in(ctx, &path, &fragment);
                if !generated_id(&fragment, &found) {
                    out.problems.push(missing_fragment(fragment, path, found));
                }
            }
        };
        if failed.is_none()
            && empty_destination(doc, &link.dest, link.html, link.kind, link.line)
            && ctx.role(&doc.path) != DocRole::Changelog
            && !super::sections::is_changelog_file(&doc.path)
            && !super::sections::is_history_file(&doc.path)
        {
            out.problems.push(Problem::MissingTarget(Missing {
                only_if_moved: false,
                doc: doc.path.clone(),
                line: link.line,
                written: "()".into(),
                resolved: String::new(),
                form: Form::Empty,
                what,
            }));
            continue;
        }
        match classify(&link.dest, doc.dir()) {
            LinkTarget::Skip => {
                // A changelog entry's URL of the repository on a branch named the tree
                // of its day (ripgrep's `tree/master/ignore`, drizzle's
                // `tree/main/drizzle-orm-mysql`): history, not a link to keep current.
                if ctx.role(&doc.path) == DocRole::Changelog {
                    continue;
                }
                let history = super::sections::is_history_file(&doc.path)
                    || super::sections::is_changelog_file(&doc.path);
                if let Some(m) =
                    super::site_urls::missing_page(ctx, &doc.path, link.line, &link.dest)
                        .filter(|_| failed.is_none() && !history)
                {
                    out.problems.push(Problem::MissingTarget(m));
                    continue;
                }
                let known = &ctx.known_versions;
                if let Some(w) = workflow_link(&link.dest, &known.repos) {
                    // A status badge and the link around it name one workflow: one cause.
                    let seen = out.problems.iter().any(|p| {
                        matches!(p, Problem::MissingTarget(m)
                            if m.line == link.line && m.resolved == w.path)
                    });
                    let missing = ctx.tree.kind(&w.path) == PathKind::Missing
                        && !ctx.ignored.contains(&w.path);
                    if failed.is_none() && missing && !seen {
                        out.problems.push(Problem::MissingTarget(Missing {
                            only_if_moved: false,
                            doc: doc.path.clone(),
                            line: link.line,
                            written: w.written,
                            resolved: w.path,
                            form: Form::Workflow { file_at: w.file_at },
                            what,
                        }));
                    }
                    continue;
                }
                if let Some(b) = ci_badge(&link.dest, &known.repos) {
                    // The badge and the build page around it name one service: one cause,
                    // told by the badge.
                    let form = Form::CiBadge { service: b.service };
                    let seen = out.problems.iter_mut().find_map(|p| match p {
                        Problem::MissingTarget(m) if m.line == link.line && m.form == form => {
                            Some(m)
                        }
                        _ => None,
                    });
                    if let Some(m) = seen {
                        if link.kind == LinkKind::Image {
                            (m.written, m.what) = (b.written, what);
                        }
                        continue;
                    }
                    let configs = b.service.configs();
                    let gone = configs.iter().all(|c| ctx.tree.kind(c) == PathKind::Missing);
                    if failed.is_none() && gone {
                        out.problems.push(Problem::MissingTarget(Missing {
                            only_if_moved: true,
                            doc: doc.path.clone(),
                            line: link.line,
                            written: b.written,
                            resolved: configs[0].to_string(),
                            form,
                            what,
                        }));
                    }
                    continue;
                }
                let branch = known.default_branch.as_deref();
                let Some(l) = self_link(&link.dest, &known.repos, branch) else {
                    if let Some(r) = routeless_link(&link.dest, &known.repos, branch) {
                        let fixed = routed(ctx, &r, branch, &link.dest);
                        if let Some((fixed, folder)) = fixed.filter(|_| failed.is_none()) {
                            out.problems.push(Problem::MissingTarget(Missing {
                                only_if_moved: false,
                                doc: doc.path.clone(),
                                line: link.line,
                                written: r.written,
                                resolved: fixed,
                                form: Form::Routeless { folder },
                                what,
                            }));
                        }
                        continue;
                    }
                    if let Some(p) =
                        permalink(&link.dest, &known.repos).filter(|_| failed.is_none())
                    {
                        // The line holding the URL: a link's text may wrap before it.
                        let lines = &doc.parsed.lines;
                        let from = lines.start_of(link.line).unwrap_or(0);
                        let found = doc.parsed.text[from..].find(&p.written);
                        let line = found.map_or(link.line, |at| lines.line(from + at));
                        out.permalinks.push((line, p));
                    }
                    continue;
                };
                // In a template, a constant's name for a folder is a slot filled in when
                // it is copied (tauri's plugin template: `raw/v2/plugins/PLUGIN_NAME/…`);
                // elsewhere it is a folder (`.github/ISSUE_TEMPLATE/`).
                let slot = |s: &str| {
                    s.len() >= 3
                        && s.contains('_')
                        && s.chars()
                            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
                };
                if ctx.role(&doc.path) == DocRole::Template && l.path.split('/').any(slot) {
                    continue;
                }
                let kind = ctx.tree.kind(&l.path);
                let fragment = link.dest.trim().split_once('#').map(|(_, f)| f);
                if failed.is_none() && kind == PathKind::File {
                    if let Some(fragment) = fragment {
                        note_line_link(ctx, doc, out, link.line, &link.dest, &l.path, fragment);
                    }
                }
                // GitHub renders the file the URL names: its heading ids are GitHub's
                // (sequelize's CONTRIBUTING links its own `blob/main/CONTRIBUTING.md#3a-…`
                // to a heading renamed `3.1. With Docker (recommended)`). Its source
                // (`?plain=1`) has line anchors instead, checked as line links are.
                let source_view = link.dest.contains("?plain=1");
                if let Some(fragment) = fragment.filter(|f| {
                    kind == PathKind::File
                        && is_markdown(&l.path)
                        && !fragment_ok(f)
                        && !source_view
                }) {
                    let fragment = percent_decode_str(fragment).decode_utf8_lossy().into_owned();
                    check_fragment(out, l.path.clone(), fragment, false);
                }
                if failed.is_some() {
                    continue;
                }
                if kind == PathKind::Missing && !ctx.ignored.contains(&l.path) {
                    out.problems.push(Problem::MissingTarget(Missing {
                        only_if_moved: false,
                        doc: doc.path.clone(),
                        line: link.line,
                        written: l.written,
                        resolved: l.path,
                        form: Form::Url { path_at: l.path_at },
                        what,
                    }));
                }
            }
            LinkTarget::SameDoc { fragment } => {
                let linked = as_linked(&fragment, site_only);
                let held = match &linked {
                    Some(looked) => held_here(looked) || held_here(&fragment),
                    None => held_here(&fragment),
                };
                if failed.is_none()
                    && !fragment_ok(&fragment)
                    && !held
                    && !part_anchor(ctx, doc, &fragment)
                {
                    let found = near(ctx, &doc.path, &doc.parsed, &fragment);
                    // Nothing close to it, on a page with headings the scan cannot see.
                    let unseen_heading = nothing_close(&found)
                        && *open_page.get_or_init(|| {
                            renders_at_build(&doc.parsed)
                                || (ctx.role(&doc.path) == DocRole::Template
                                    && fill_in_form(&doc.parsed))
                        });
                    if !generated_id(&fragment, &found) && !unseen_heading {
                        out.problems.push(missing_fragment(fragment, doc.path.clone(), found));
                    }
                }
            }
            // A link that climbs above the repository's root leaves the files for the
            // forge's pages: from `blob/main/README.md`, `../assets/x.png` is `x.png` on
            // the `assets` branch and `../../releases` the releases page (lazygit's
            // screenshots). Not a file of this checkout, so not checked (and never
            // looked at on disk).
            LinkTarget::Local { path: github, .. } if github.starts_with("../") => {}
            LinkTarget::Local { written, path: github, fragment } => {
                let Some((path, kind)) = landing(ctx, doc, &written, &github) else {
                    if failed.is_some()
                        || ctx.ignored.contains(&github)
                        || (link.html && lands_from_page_url(ctx, doc, &link.dest))
                        || ctx.sites.is_rule_link(&doc.path, &written)
                        || is_build_alias(&written)
                    {
                        continue;
                    }
                    let form =
                        if written.starts_with('/') { Form::FromRoot } else { Form::DocRelative };
                    // On an mdBook or MkDocs page a `/…` link leaves the book for the
                    // domain's root (helix's `/master/` docs channel): what is there is
                    // not in the repository, so only git's evidence counts. On a
                    // Docusaurus page a link without an extension (`/docs/x`, `../x`) is
                    // a URL, and its page may take its route from a front matter `slug`
                    // the scan does not map.
                    let route = !written.rsplit('/').next().unwrap_or_default().contains('.');
                    // A relative link that climbs out of a book's `src` folder leaves the
                    // book for its host's other pages: the Cargo book, served at
                    // doc.rust-lang.org/cargo/, links `../../reference/items.html`, the
                    // Rust Reference beside it.
                    let leaves = |content: &[String]| {
                        written.starts_with("../")
                            && content.first().is_some_and(|c| {
                                !c.is_empty()
                                    && github != *c
                                    && !github.starts_with(&format!("{c}/"))
                            })
                    };
                    let site_root =
                        ctx.sites.page_of(&doc.path).is_some_and(|s| match s.generator {
                            Generator::MdBook => form == Form::FromRoot || leaves(&s.content),
                            Generator::Mkdocs | Generator::Hugo | Generator::Zola => {
                                form == Form::FromRoot
                            }
                            Generator::Docusaurus => route,
                            _ => false,
                        });
                    // GitHub's reading is there, the site's is not: say which was read.
                    let what = if served_only_by_site(ctx, &doc.path, &written)
                        && ctx.tree.exists(&github)
                    {
                        SITE_LINK
                    } else {
                        what
                    };
                    out.problems.push(Problem::MissingTarget(Missing {
                        only_if_moved: site_root,
                        doc: doc.path.clone(),
                        line: link.line,
                        written,
                        resolved: github,
                        form,
                        what,
                    }));
                    continue;
                };
                let Some(fragment) = fragment else { continue };
                if failed.is_none() && kind == PathKind::File && !is_markdown(&path) {
                    note_line_link(ctx, doc, out, link.line, &link.dest, &path, &fragment);
                }
                if kind == PathKind::Dir || fragment_ok(&fragment) || !is_markdown(&path) {
                    continue;
                }
                check_fragment(out, path, fragment, exact_case);
            }
        }
    }
}

/// The URL that shows what `r` names (`…/blob/main/TERMS_OF_USE.md`, `…/tree/main/docs`),
/// when one of its readings is a path of the repository, and whether that path is a
/// folder; its fragment kept.
fn routed(
    ctx: &ScanContext<'_>,
    r: &crate::scan::self_url::RoutelessLink,
    default_branch: Option<&str>,
    dest: &str,
) -> Option<(String, bool)> {
    let tail = r.written[r.tail_at..].trim_end_matches('/');
    let (branch, path) = r.readings.iter().find_map(|(branch, path)| {
        let route = match ctx.tree.kind(path) {
            PathKind::File => "blob",
            PathKind::Dir => "tree",
            PathKind::Missing => return None,
        };
        let written = match branch {
            Some(_) => tail.split_once('/').map_or(tail, |(_, rest)| rest),
            None => tail,
        };
        let branch = branch.as_deref().or(default_branch).unwrap_or("HEAD");
        Some((format!("{route}/{branch}"), written))
    })?;
    let fragment = dest.trim().split_once('#').map(|(_, f)| format!("#{f}")).unwrap_or_default();
    let folder = branch.starts_with("tree/");
    Some((format!("{}{branch}/{path}{fragment}", &r.written[..r.tail_at]), folder))
}

/// Where a link lands: GitHub's resolution `github` when it exists, else the first file
/// the renderer of the doc's folder serves for it; `None` when neither exists.
fn landing(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    written: &str,
    github: &str,
) -> Option<(String, PathKind)> {
    landing_from(ctx, &doc.path, written, github)
}

/// `landing` for a link written on the page `page` (root-relative).
pub fn landing_from(
    ctx: &ScanContext<'_>,
    page: &str,
    written: &str,
    github: &str,
) -> Option<(String, PathKind)> {
    match ctx.tree.kind(github) {
        PathKind::Missing => {}
        _ if served_only_by_site(ctx, page, written) => {}
        kind => return Some((github.to_string(), kind)),
    }
    if let Some(found) = pelican_link(ctx, page, written) {
        return Some(found);
    }
    if let Some(served) = static_file(ctx, page, written) {
        return Some((served, PathKind::File));
    }
    if let Some(found) = registry_readme_link(ctx, page, written) {
        return Some(found);
    }
    if let Some(source) = built_page_source(ctx, github) {
        return Some((source, PathKind::File));
    }
    if let Some(found) = copied_into_book(ctx, page, written) {
        return Some(found);
    }
    // An old URL a page lists in its frontmatter is redirected to that page; a page's
    // permalink is where the site serves it.
    if ctx.page_url_served(page, written) {
        return Some((github.to_string(), PathKind::Dir));
    }
    let Some(site) = ctx.sites.page_of(page) else {
        if let Some(found) = beside_a_book(ctx, page, written) {
            return Some(found);
        }
        // The site's heading ids are not known either: its fragment is not checked.
        return route_from_top_folder(ctx, page, written).map(|p| (p, PathKind::Dir));
    };
    let written = decode(written);
    let mut candidates = render_rules::link_candidates(site, &written, github);
    candidates.extend(render_rules::page_url_candidates(
        site,
        ctx.sites.static_roots(),
        page,
        &written,
    ));
    let found = first_existing(ctx, candidates);
    // A page the site redirects is served elsewhere: the link works, and its fragment
    // belongs to a page the scan does not pin down (taken as a folder: not checked).
    found.or_else(|| {
        render_rules::redirected(site, &written, github)
            .then(|| (github.to_string(), PathKind::Dir))
    })
}

/// What a `/…` link is called (`Missing::what`) when it reaches no page of its site but
/// the repository's root has what GitHub would show (`served_only_by_site`).
pub const SITE_LINK: &str = "site link";

/// Whether a `/…` link of `page` reaches only what its site serves: a page of a site
/// whose routes are all its page files (`Site::closed_routes`: Mintlify), rooted below
/// the repository's root. Such a page is read on the site, where `/examples` is the
/// site's route, not the repository's `examples/` that GitHub's resolution finds
/// (marvin's migration guide links `[examples](/examples)`, a page removed from its
/// `docs/`). A README there is GitHub's too, and agent context shows how to write a page.
fn served_only_by_site(ctx: &ScanContext<'_>, page: &str, written: &str) -> bool {
    let name = page.rsplit('/').next().unwrap_or(page).to_ascii_lowercase();
    written.starts_with('/')
        && !written.starts_with("//")
        && !name.starts_with("readme.")
        && !ctx.role(page).is_agent_facing()
        && ctx
            .sites
            .page_of(page)
            .is_some_and(|s| s.closed_routes && s.content.first().is_some_and(|c| !c.is_empty()))
}

/// Where a Pelican link lands: `{static}`, `{attach}` or `{filename}` before a path
/// from the content folder (`{static}/images/x.png`) or from the doc's folder. The
/// content folder (`PATH` of `pelicanconf.py`) is the doc's nearest folder that holds
/// the path (hypothesis' blog: `website/content/images/…`; round 85, 8 false rows).
fn pelican_link(ctx: &ScanContext<'_>, page: &str, written: &str) -> Option<(String, PathKind)> {
    let rest =
        ["{static}", "{attach}", "{filename}"].iter().find_map(|p| written.strip_prefix(p))?;
    let rest = decode(rest.split(['#', '?']).next().unwrap_or_default());
    let dir = crate::scan::resolve::parent_dir(page);
    let Some(from_content) = rest.strip_prefix('/') else {
        return first_existing(ctx, [crate::scan::resolve::join(dir, &rest)]);
    };
    // The doc's folder, then each folder above it up to the root.
    let folders = std::iter::successors(Some(dir), |f| {
        (!f.is_empty()).then(|| crate::scan::resolve::parent_dir(f))
    });
    first_existing(ctx, folders.map(|f| crate::scan::resolve::join(f, from_content)))
}

/// Where a relative link of a doc beside an mdBook's `src` (in the folder of its
/// `book.toml` or a folder next to `src`) lands when it is read as written from `src`:
/// such a doc is a companion of the book written for its pages. The Rust book's
/// `redirects/*.md`, which rust-lang/rust's build publishes beside the chapters, link
/// `ch08-01-vectors.html` (the chapter `src/ch08-01-vectors.md`) and `../nomicon/…` (a
/// book beside it on the host: it leaves this one, and is not checked); its print
/// manuscript `nostarch/chapter04.md` shows `img/ferris/panics.svg` from `src/img/`; and
/// `index.html`, which mdBook writes from the first chapter (round 84: 99 false rows).
fn beside_a_book(ctx: &ScanContext<'_>, page: &str, written: &str) -> Option<(String, PathKind)> {
    let dir = crate::scan::resolve::parent_dir(page);
    let site = ctx.sites.book_beside(dir)?;
    let content = site.content.first()?;
    if written.starts_with('/') || written.contains("://") {
        return None;
    }
    let written = decode(written);
    let path = written.split(['#', '?']).next().unwrap_or_default();
    let rebased = crate::scan::resolve::join(content, path);
    if !(content.is_empty() || rebased.starts_with(&format!("{content}/"))) {
        return Some((rebased, PathKind::Dir)); // another book of the host
    }
    // mdBook writes the book's `index.html` from its first chapter.
    if rebased == format!("{content}/index.html") {
        return Some((content.clone(), PathKind::Dir));
    }
    let mut candidates = vec![rebased.clone()];
    candidates.extend(render_rules::link_candidates(site, &written, &rebased));
    first_existing(ctx, candidates)
}

/// Where a relative link lands when an mdBook's build copies a folder from beside the
/// book into its source: home-manager's `docs/manual/SUMMARY.md` lists
/// `release-notes/rl-2611.md`, and its build copies `docs/release-notes/` into the book
/// (`docs/manual/` has no `release-notes/`), where the notes' own `../usage/rollbacks.md`
/// is the book's `usage/rollbacks.md` (24 false rows of round 82). A folder `X` is copied
/// in when the book's source has no `X`, the folder above the source has one, and the
/// book's `SUMMARY.md` lists a chapter under `X/`: what the SUMMARY lists, the build must
/// provide. A link from a book page into `X/…` reaches the file beside the book; a link
/// from a doc in the folder beside it is read from where the build puts that doc.
fn copied_into_book(
    ctx: &ScanContext<'_>,
    page: &str,
    written: &str,
) -> Option<(String, PathKind)> {
    if written.starts_with('/') || written.contains("://") {
        return None;
    }
    let written = decode(written);
    let path = written.split(['#', '?']).next().unwrap_or_default();
    for site in ctx.sites.books() {
        let Some(src) = site.content.first().filter(|s| !s.is_empty()) else { continue };
        let outer = crate::scan::resolve::parent_dir(src);
        let under = |folder: &str, path: &str| -> Option<String> {
            let rest = if folder.is_empty() {
                Some(path)
            } else {
                path.strip_prefix(folder)?.strip_prefix('/')
            };
            rest.map(str::to_string)
        };
        // The folder the link is read from, in the built book.
        let reading = if under(src, page).is_some() {
            crate::scan::resolve::parent_dir(page).to_string()
        } else {
            let Some(rel) = under(outer, page) else { continue };
            let copied = rel.split('/').next().unwrap_or_default();
            if !copied_folder(ctx, src, outer, copied) {
                continue;
            }
            crate::scan::resolve::join(src, crate::scan::resolve::parent_dir(&rel))
        };
        let in_book = crate::scan::resolve::join(&reading, path);
        let Some(rest) = under(src, &in_book) else { continue };
        let kind = ctx.tree.kind(&in_book);
        if kind != PathKind::Missing {
            return Some((in_book, kind));
        }
        let folder = rest.split('/').next().unwrap_or_default();
        if copied_folder(ctx, src, outer, folder) {
            let beside = crate::scan::resolve::join(outer, &rest);
            let kind = ctx.tree.kind(&beside);
            if kind != PathKind::Missing {
                return Some((beside, kind));
            }
        }
    }
    None
}

/// Whether an mdBook with source `src` gets folder `name` copied in from `outer`, the
/// folder above it (`copied_into_book`).
fn copied_folder(ctx: &ScanContext<'_>, src: &str, outer: &str, name: &str) -> bool {
    if name.is_empty() || name == ".." || name == "." {
        return false;
    }
    if ctx.tree.kind(&crate::scan::resolve::join(src, name)) != PathKind::Missing
        || ctx.tree.kind(&crate::scan::resolve::join(outer, name)) != PathKind::Dir
    {
        return false;
    }
    let summary = crate::scan::resolve::join(src, "SUMMARY.md");
    let Ok(bytes) = crate::fsio::read_walked(ctx.root, &summary, 1024 * 1024) else { return false };
    let text = String::from_utf8_lossy(&bytes);
    text.contains(&format!("]({name}/")) || text.contains(&format!("](./{name}/"))
}

/// The first of `candidates` (root-relative paths) that exists, with its kind.
fn first_existing(
    ctx: &ScanContext<'_>,
    candidates: impl IntoIterator<Item = String>,
) -> Option<(String, PathKind)> {
    candidates.into_iter().find_map(|p| {
        let kind = ctx.tree.kind(&p);
        (kind != PathKind::Missing).then_some((p, kind))
    })
}

/// The page a `/…` route (no extension) reaches from a doc of no site the scan detects
/// when the doc's top folder is the site's root: `T/route.md`, `.mdx`, or
/// `T/route/index.md`/`.mdx`. mdx's site is built from `docs/` by its own
/// `website/generate.js`, so `/docs/getting-started/` from its pages is
/// `docs/docs/getting-started.mdx` (round 83: 9 false rows, which git's evidence of an
/// older root folder `docs/getting-started/` made stale). A detected site routes by its
/// own rules (htmx's Zola site serves `/reference` from `www/content/`, not
/// `www/reference.md`).
fn route_from_top_folder(ctx: &ScanContext<'_>, page: &str, written: &str) -> Option<String> {
    let (top, _) = page.split_once('/')?;
    let route = written.strip_prefix('/')?.split(['#', '?']).next()?.trim_end_matches('/');
    let last = route.rsplit('/').next()?;
    if route.is_empty() || last.contains('.') {
        return None;
    }
    ["md", "mdx"]
        .iter()
        .flat_map(|ext| [format!("{top}/{route}.{ext}"), format!("{top}/{route}/index.{ext}")])
        .find(|p| ctx.tree.kind(p) == PathKind::File)
}

/// The page source a link to a built page (`v22.3.html`) names when no such file exists:
/// `v22.3.md` or `.mdx` beside where it would be. Whoever links a page's built name writes
/// for a site that builds it — mdBook, Sphinx, Jekyll (GitHub Pages builds any repository
/// so), a project's own renderer (sanic's guide app serves `v22.3.md` at `v22.3.html`:
/// 7 false rows of round 75) — and the site is where the link is read.
fn built_page_source(ctx: &ScanContext<'_>, github: &str) -> Option<String> {
    let stem = github.strip_suffix(".html")?;
    ["md", "mdx"]
        .iter()
        .map(|ext| format!("{stem}.{ext}"))
        .find(|p| ctx.tree.kind(p) == PathKind::File)
}

/// A package README's relative link as its registry page resolves it, when that page is
/// what the README is written for: npm (and `vsce` for a VS Code extension) resolves a
/// README's relative links from the repository's root unless `package.json`'s
/// `repository` names the package's `directory`. Written for that page: a VS Code
/// extension's README (continue's links `docs/…`; cline's `README.marketplace.md`), and a
/// byte-for-byte copy of the root README (wasm-pack's `npm/README.md` links `demo.gif`).
/// Any other package README is read on GitHub too, where its folder resolves the link
/// (pnpm's 40 package READMEs linking a `LICENSE` only the root has: judged broken).
fn registry_readme_link(
    ctx: &ScanContext<'_>,
    page: &str,
    written: &str,
) -> Option<(String, PathKind)> {
    let (dir, name) = page.rsplit_once('/')?;
    let lower = name.to_ascii_lowercase();
    if !lower.starts_with("readme") || written.starts_with(['/', '#']) || written.starts_with("../")
    {
        return None;
    }
    let manifest = super::manifests::read::json(ctx.root, &format!("{dir}/package.json"))?;
    let repository = manifest.get("repository")?;
    let private = manifest.get("private").and_then(serde_json::Value::as_bool) == Some(true);
    if private || repository.get("directory").is_some() {
        return None;
    }
    let extension = manifest.get("engines").and_then(|e| e.get("vscode")).is_some();
    let root_copy = || {
        let root = super::manifests::read::text(ctx.root, "README.md");
        root.is_some_and(|r| super::manifests::read::text(ctx.root, page) == Some(r))
    };
    if !extension && !root_copy() {
        return None;
    }
    let path = crate::scan::resolve::join("", &decode(written));
    let kind = ctx.tree.kind(&path);
    (kind != PathKind::Missing).then_some((path, kind))
}

/// The file a `/…` link to an asset (`/docs/diagram.png`, not a page) from a doc in a
/// folder reaches in a `static`/`public` folder of the repository: a docs site serves
/// those from its root, whatever builds it (Fresh's `www/static/`). A root-level doc is
/// read on GitHub, where the link climbs to the repository's root instead.
fn static_file(ctx: &ScanContext<'_>, page: &str, written: &str) -> Option<String> {
    let from_root = written.strip_prefix('/')?;
    let name = from_root.rsplit('/').next().unwrap_or_default();
    let asset = name.contains('.') && !name.ends_with(".md") && !name.ends_with(".mdx");
    if !page.contains('/') || !asset {
        return None;
    }
    let from_root = decode(from_root);
    ctx.sites
        .static_roots()
        .iter()
        .map(|dir| crate::scan::resolve::join(dir, &from_root))
        .find(|p| ctx.tree.kind(p) == PathKind::File)
}

/// Whether a raw-HTML link lands where the doc's site serves the page from
/// (`render_rules::html_link_candidate`).
fn lands_from_page_url(ctx: &ScanContext<'_>, doc: &Doc, dest: &str) -> bool {
    ctx.sites
        .page_of(&doc.path)
        .and_then(|site| render_rules::html_link_candidate(site, &doc.path, dest))
        .is_some_and(|path| ctx.tree.kind(&path) != PathKind::Missing)
}

/// The anchor of root-relative `path` that `fragment` was clearly meant to name, and
/// whether `fragment` is one of its headings' ids in the other common scheme (for a doc
/// no detected site renders).
fn suggest_in(ctx: &ScanContext<'_>, path: &str, fragment: &str) -> Near {
    let Ok((target, _)) = ctx.read_doc(path) else { return Near::default() };
    near(ctx, path, &target.parsed, fragment)
}

/// `Near` for `fragment` in `parsed`, the doc at `path`.
fn near(ctx: &ScanContext<'_>, path: &str, parsed: &ParsedDoc, fragment: &str) -> Near {
    let renderer = ctx.renderer_of(path, parsed);
    Near {
        suggestion: closest_anchor(fragment, parsed, renderer),
        other_scheme: renderer.is_none() && in_other_scheme(parsed, fragment),
        in_code: heading_in_code(parsed, fragment),
        github_only: parsed.github_only.contains(fragment),
    }
}

/// Where a line that reads as the heading `#fragment` (`## Hooks System`) sits inside a
/// code block opened by a bare fence: (its line, the fence's line). Nested fences in an
/// example (a ```` ```markdown ```` block holding ```` ```bash ````) close the outer block
/// early, and the bare fence meant as its close opens a block that runs over the headings
/// after it: on GitHub they are code, and a table of contents' links miss
/// (claude-code-showcase, Continuous-Claude; round 79). A block with an info string
/// (```` ```markdown ````) is taken as an example on purpose.
fn heading_in_code(
    parsed: &crate::scan::markdown::ParsedDoc,
    fragment: &str,
) -> Option<(u32, u32)> {
    parsed.code_blocks.iter().filter(|b| b.info.trim().is_empty()).find_map(|block| {
        let fence = block.line.checked_sub(1)?;
        let opener = parsed.lines.text_of(&parsed.text, fence).trim_start();
        if !(opener.starts_with("```") || opener.starts_with("~~~")) {
            return None; // an indented block
        }
        block.text.lines().zip(block.line..).find_map(|(line, number)| {
            let t = line.trim_start();
            let hashes = t.bytes().take_while(|b| *b == b'#').count();
            let rest = t.get(hashes..)?;
            if !(1..=6).contains(&hashes) || !rest.starts_with(' ') {
                return None;
            }
            let text = rest.trim().trim_end_matches('#').trim_end();
            let slug = crate::scan::markdown::Slugger::default().slug(text);
            (slug == fragment || slug == fragment.to_lowercase()).then_some((number, fence))
        })
    })
}

/// Whether `fragment` is the id a heading of `doc` gets in one of the other common
/// schemes — every run of punctuation and spaces one `-` (VitePress' and
/// markdown-it-anchor's slugify, and sites built from a repository elsewhere:
/// tanstack.com's `#queryclient-query` for `` `queryClient.query` ``), or lowercased with
/// spaces as `-` and punctuation kept (Mintlify's, pmndrs/docs' for zustand:
/// `#using-scoped-(non-global)-stores`) — and not its GitHub id.
pub fn in_other_scheme(doc: &ParsedDoc, fragment: &str) -> bool {
    let fragment = fragment.to_lowercase();
    doc.headings.iter().any(|h| {
        let dashed = crate::scan::render_rules::dash_slug(&h.text);
        // Kept punctuation counts only on a heading of several words, whose spaces the
        // link turned into `-` as a scheme does: `#workspace/configuration` for the
        // heading `workspace/configuration` is the heading's text, a common slip.
        let kept = crate::scan::render_rules::kept_id(&h.text);
        let several_words = h.text.trim().contains(char::is_whitespace);
        (dashed == fragment && !dashed.is_empty()) || (several_words && kept == fragment)
    })
}

/// Markers around a section a tool writes into a doc and rewrites on each run: the
/// all-contributors table (`<!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify
/// this section -->`), whose emoji keys link `#platform-<user>`-style anchors of its own.
const GENERATED_SECTIONS: [(&str, &str); 1] =
    [("<!-- ALL-CONTRIBUTORS-LIST:START", "<!-- ALL-CONTRIBUTORS-LIST:END")];

/// A template's placeholder (`${LICENSE}`, `${PROJECT_NAME}`): a line holding one is
/// text a prompt tells an agent to write into the user's project.
static PLACEHOLDER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\$\{[A-Z][A-Z0-9_]*\}").unwrap());

/// The line spans (1-based, inclusive) of the sections of `text` a tool generates: its
/// links are the tool's output, fixed by running it, not by editing the doc (bottom's
/// 10 contribution-key anchors). A line holding a template's placeholder is one too:
/// its links are the generated project's ("licensed under the ${LICENSE} License - see
/// the [LICENSE](LICENSE) file", in a command that writes a README: 3 false rows on the
/// labels, no true one).
fn generated_sections(doc: &ParsedDoc) -> Vec<(u32, u32)> {
    let text = &doc.text;
    // In prose only: `${HOME}/.config` in a code span is a shell's variable.
    let in_prose = |at: usize| {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        text[line_start..at].matches('`').count().is_multiple_of(2)
    };
    let mut out: Vec<(u32, u32)> = PLACEHOLDER
        .find_iter(text)
        .filter(|m| in_prose(m.start()))
        .map(|m| doc.lines.line(m.start()))
        .map(|line| (line, line))
        .collect();
    for (start, end) in GENERATED_SECTIONS {
        let mut from = 0;
        while let Some(at) = text[from..].find(start).map(|i| from + i) {
            let Some(stop) = text[at..].find(end).map(|i| at + i) else { break };
            out.push((doc.lines.line(at), doc.lines.line(stop)));
            from = stop + end.len();
        }
    }
    out
}

/// Whether `fragment`, missing from `doc`, names a part beside it: a doc without a
/// heading of its own, in a folder holding `<fragment>.md` (or `.mdx`), is one part of a
/// page a generator assembles from the folder's files, each given an anchor of its name
/// (TypeScript's tsconfig reference joins `options/*.md` into one page where
/// `composite.md`'s `#rootDir` is `rootDir.md`'s part; its glossary likewise: 61 false
/// rows on the labels, and one true, an option the site prefixes).
fn part_anchor(ctx: &ScanContext<'_>, doc: &Doc, fragment: &str) -> bool {
    if !doc.parsed.headings.is_empty() || fragment.contains(['/', '.']) {
        return false;
    }
    let dir = crate::scan::resolve::parent_dir(&doc.path);
    ["md", "mdx"].iter().any(|ext| {
        let part = if dir.is_empty() {
            format!("{fragment}.{ext}")
        } else {
            format!("{dir}/{fragment}.{ext}")
        };
        part != doc.path && ctx.tree.exists(&part)
    })
}

/// Whether `written`, a link's path that names no file, opens on a build's alias: a
/// first folder `@` or `@name` (Zola's `@/docs/x.md` from outside its content folder,
/// Docusaurus' `@site/static/x.png`, Rocket's guide `@api/master/rocket/struct.Rocket.html`
/// and `@std/…`, which its site's build rewrites into the API docs' URLs). No forge or
/// renderer resolves such a path, and no repository names a folder so but a package
/// scope, whose folder would be there. A stray `@` before a URL (`@https://…`) is a typo
/// and stays broken.
fn is_build_alias(written: &str) -> bool {
    let Some((first, rest)) = written.split_once('/') else { return false };
    !rest.is_empty()
        && first.starts_with('@')
        && first[1..].chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Whether a missing `fragment` names an id some generator writes, not a heading's: it
/// holds a `.` between letters, which no heading slug keeps (GitHub's, mdBook's
/// and Python-Markdown's drop it, VitePress' makes it `-`), and no heading is close to it.
/// Such ids come from API and option references the scan does not build: mkdocstrings'
/// `#pydantic.config.ConfigDict`, nixos-render-docs' `#opt-programs.bash.enable`
/// (home-manager's manual: 104 false rows in round 82), a settings component's
/// `#java.shorthand_vendor`, a theme's `#config.blog_dir`. A dotted fragment with a close
/// heading is a slip with its fix (asdf's `#bin-help.overview` for the heading
/// `bin/help.overview`, whose VitePress id is `#bin-help-overview`), and stays; so does a
/// dot between digits, a release's heading guessed (tokio-console's `#0.9.0-breaking`).
fn generated_id(fragment: &str, found: &Near) -> bool {
    let b = fragment.as_bytes();
    let dotted = (1..b.len().saturating_sub(1))
        .any(|i| b[i] == b'.' && b[i - 1].is_ascii_alphabetic() && b[i + 1].is_ascii_alphabetic());
    dotted && nothing_close(found)
}

/// Whether nothing in the doc comes close to a missing fragment: no heading it slips
/// from (`closest_anchor`), none whose id it is in the other common scheme, none a
/// fence left open swallowed.
fn nothing_close(found: &Near) -> bool {
    found.suggestion.is_none() && !found.other_scheme && found.in_code.is_none()
}

/// What a missing fragment's target holds near it (`suggest_in`).
#[derive(Debug, Default)]
struct Near {
    /// The anchor clearly meant (`closest_anchor`).
    suggestion: Option<String>,
    /// The fragment is a heading's id in the other common scheme (`in_other_scheme`).
    other_scheme: bool,
    /// A fence left open swallowed the heading (`heading_in_code`).
    in_code: Option<(u32, u32)>,
    /// The fragment is an id only GitHub gives (`ParsedDoc::github_only`): a heading's
    /// GitHub slug, which a page of the same VitePress site does not reach.
    github_only: bool,
}

/// MyST / Sphinx directives that write content when the site is built: code run at build
/// (`{eval-rst}`, `{code-cell}`, `{jupyter-execute}`, `{exec}`, `{program-output}`,
/// `{command-output}`) and API references (`{autoclass}`…).
const BUILD_DIRECTIVES: [&str; 13] = [
    "eval-rst",
    "code-cell",
    "jupyter-execute",
    "exec",
    "program-output",
    "command-output",
    "autoclass",
    "automodule",
    "autofunction",
    "automethod",
    "autodata",
    "autoattribute",
    "autoexception",
];

/// A macro call in prose (`{{ faq("monolithic") }}`: a Zola shortcode, an mkdocs-macros
/// or Jinja call), which the site's build replaces with what it renders.
static MACRO_CALL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\{\{-?\s*[A-Za-z_][A-Za-z0-9_]*\(").unwrap());

/// Whether part of `doc` is written when its site is built, by code the page runs: a
/// MyST / Sphinx directive fence that runs code or documents an API (`BUILD_DIRECTIVES`),
/// or one an extension's domain names (```` ```{python:render} ````, ```` ```{click:run} ````,
/// ```` ```{py:function} ````), a markdown-exec fence (```` ```python exec="on" ````), a
/// macro call in prose (`MACRO_CALL`). What it renders carries ids no heading of the
/// source shows: click-extra's theme page links `#dark`, `#nord`… of the palettes its
/// `{python:render}` block prints, Rocket's FAQ links `#monolithic`, the id its Tera macro
/// `{{ faq("monolithic") }}` gives the entry (fragments on such pages: 10 false rows on the
/// labels, no true one).
fn renders_at_build(doc: &ParsedDoc) -> bool {
    let runs_code = doc.code_blocks.iter().any(|b| {
        let info = b.info.trim();
        let directive = info
            .strip_prefix('{')
            .and_then(|rest| rest.split_once('}'))
            .map(|(name, _)| name.trim().to_ascii_lowercase());
        let executed = info.split_whitespace().skip(1).any(|attr| {
            matches!(
                attr.trim_end_matches([',', '}']).to_ascii_lowercase().as_str(),
                "exec=\"on\"" | "exec=\"true\"" | "exec=\"1\"" | "exec=on" | "exec=true" | "exec=1"
            )
        });
        executed
            || directive.is_some_and(|name| {
                BUILD_DIRECTIVES.contains(&name.as_str())
                    || name.split_once(':').is_some_and(|(domain, what)| {
                        !domain.is_empty() && !what.is_empty() && !name.contains(['/', ' '])
                    })
            })
    });
    runs_code || doc.text_runs.iter().any(|run| MACRO_CALL.is_match(&run.text))
}

/// A fill-in placeholder: a bracketed name in capitals (`[COMPANY NAME]`, `[DATE]`).
static FILL_IN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[([A-Z][A-Z0-9]+(?:[ _-][A-Z0-9]+)*)\]").unwrap());

/// Whether `doc`, a template, is a form the reader fills in: its prose holds at least two
/// distinct fill-in placeholders (`FILL_IN`, not a link's text: no `(`, `[` or `:` after
/// it). Such a form's table of contents lists the sections the reader writes
/// (claude-scientific-skills' ISO 13485 quality manual: sections 1–4 written, then
/// "[CONTINUE WITH SECTIONS 5-8 FOLLOWING THE SAME PATTERN]", 24 false rows), so a
/// missing fragment with no heading close to it is one of those; a close one is a slip
/// every copy inherits, and stays (the mermaid template's `#-architecture`).
fn fill_in_form(doc: &ParsedDoc) -> bool {
    let text = &doc.text;
    let in_prose = |at: usize| {
        doc.text_runs.iter().any(|run| (run.offset..run.offset + run.text.len()).contains(&at))
    };
    let mut names = std::collections::BTreeSet::new();
    for caps in FILL_IN.captures_iter(text) {
        let Some(whole) = caps.get(0) else { continue };
        let next = text[whole.end()..].chars().next();
        if matches!(next, Some('(' | '[' | ':')) || !in_prose(whole.start() + 1) {
            continue;
        }
        names.insert(caps[1].to_string());
        if names.len() >= 2 {
            return true;
        }
    }
    false
}

/// An empty fragment or `#top` always works (HTML scrolls to the top).
fn fragment_ok(fragment: &str) -> bool {
    // `#readme`: GitHub wraps a repository's rendered README in an element of that id,
    // the usual target of a README's back-to-top links. `[-F](## "--format")`: a link
    // to `##` is the README idiom for a hover tooltip (its title), going nowhere on
    // purpose (yt-dlp's option tables: 236 uses).
    fragment.is_empty()
        || fragment.eq_ignore_ascii_case("top")
        || fragment == "readme"
        || fragment.bytes().all(|b| b == b'#')
}

/// Whether a root-relative path is a Markdown file (its fragments are checkable).
pub fn is_markdown(path: &str) -> bool {
    let path = path.as_bytes();
    [".md", ".mdx", ".markdown"].iter().any(|ext| {
        path.len() >= ext.len()
            && path[path.len() - ext.len()..].eq_ignore_ascii_case(ext.as_bytes())
    })
}

/// Whether a link of `doc` at `line` is written with no destination at all
/// (`[guarddog]()`, `![logo]()`): a reader's click goes nowhere (GitHub makes it a link
/// to the page itself), so the author meant a target and never wrote it. Not an mdBook
/// summary's draft chapter (`- [FAQs]()` in `SUMMARY.md`), nor the empty link
/// Python-Markdown's `attr_list` hangs an anchor on (`[](){#command-setup}`), nor a
/// badge's, nor an HTML `href=""`. (The caller leaves out changelogs and release notes:
/// an entry's empty link is a typo of its day.)
fn empty_destination(doc: &Doc, dest: &str, html: bool, kind: LinkKind, line: u32) -> bool {
    if !dest.trim().is_empty() || html || kind == LinkKind::Definition {
        return false;
    }
    let name = doc.path.rsplit('/').next().unwrap_or(&doc.path);
    let line = doc.parsed.lines.text_of(&doc.parsed.text, line);
    // A badge wrapped in an empty link (`[![Agents](https://img.shields.io/…)]()`) shows
    // the image and nothing more is meant.
    !name.eq_ignore_ascii_case("SUMMARY.md")
        && line
            .match_indices("]()")
            .any(|(at, m)| !line[at + m.len()..].starts_with('{') && !line[..at].ends_with(')'))
        && !line.contains("[](){")
}

/// The `broken_reference` signal for a problem git does not explain. `git_had` says
/// git knew the target once (deleted long before the doc was written, or from a place
/// that is the reader's: `stale_name_location::classify` leaves such departures out), so
/// the detail does not say git never had it.
pub fn signal(problem: &Problem, git_had: bool) -> (String, Signal) {
    match problem {
        Problem::MissingTarget(m) => {
            let detail = match m.form {
                _ if m.what == IMPORT => format!(
                    "imports `@{}`, but `{}` does not exist: the agent never reads it",
                    m.written, m.resolved
                ),
                _ if m.what == super::code_path::TWIN_NAME => format!(
                    "names `{}`, but no file of that name is in the repository, nor ever was in its history; `{}` is",
                    m.written, m.resolved
                ),
                _ if m.what == super::code_path::FILE_NAME => format!(
                    "names `{}`, but no file of that name is in the repository, nor ever was in its history",
                    m.written
                ),
                Form::Empty => format!(
                    "{} has no target (`()`): it reaches nothing, and GitHub links it to the page itself",
                    m.what
                ),
                Form::PastEnd { lines } => format!(
                    "{} target `{}` names a line past the end of `{}`, which has {lines} lines: GitHub opens the file with no line marked",
                    m.what, m.written, m.resolved
                ),
                Form::Routeless { folder } => {
                    let (what, route) = if folder {
                        ("folder", "tree")
                    } else {
                        ("file", "blob")
                    };
                    format!(
                        "{} target `{}` names a {what} of this repository without GitHub's `{route}/<branch>/` route: GitHub answers it with a 404",
                        m.what, m.written
                    )
                }
                Form::Label => format!(
                    "reference link label `[{}]` has no definition in this doc: it shows as bracketed text, not a link",
                    m.written
                ),
                _ if m.what == super::code_path::SKILL_RESOURCE => format!(
                    "names the skill's `{}`, but `{}` does not exist",
                    m.written, m.resolved
                ),
                // Raised without git's evidence only where a doc names the repository's
                // own files and the path's folder exists (`code_path::names_own_file`).
                Form::RepoPath => {
                    let what = if m.what == "command path" { m.what } else { "code path" };
                    let path = m.resolved.trim_end_matches('/');
                    let history = if git_had { "; git had it once" } else { ", and git never had it" };
                    match path.rsplit_once('/') {
                        Some((folder, name)) => format!(
                            "{what} `{}` does not exist: `{folder}/` has no `{name}`{history}",
                            m.written
                        ),
                        None => format!(
                            "{what} `{}` does not exist: the repository's root has no `{path}`{history}",
                            m.written
                        ),
                    }
                }
                Form::Url { .. }
                | Form::Workflow { .. }
                | Form::SiteUrl { .. }
                | Form::CiBadge { .. } => format!(
                    "{} target `{}` names this repository's `{}`, which does not exist",
                    m.what, m.written, m.resolved
                ),
                _ if m.what == SITE_LINK => format!(
                    "link target `{}` is no page of the docs site, which reads `/…` from its own folder: the repository's `{}`, which GitHub would show, is not served there",
                    m.written, m.resolved
                ),
                _ => format!("{} target `{}` does not exist", m.what, m.written),
            };
            let scheme = if m.form == Form::DocRelative && m.what != IMPORT {
                missing_scheme(&m.written)
            } else {
                None
            };
            let detail = match &scheme {
                Some(fixed) => format!(
                    "{detail}: it reads as a {} without its scheme, which GitHub resolves as a file beside the doc",
                    if fixed.starts_with("mailto:") { "mail address" } else { "web address" }
                ),
                None => detail,
            };
            let sig =
                Signal::new(SignalName::BrokenReference, m.line, detail).with_target(&m.written);
            let sig = match scheme {
                Some(fixed) => sig.with_suggestion(fixed),
                None if matches!(m.form, Form::Routeless { .. }) => {
                    sig.with_suggestion(&m.resolved)
                }
                None => sig,
            };
            (m.doc.clone(), sig)
        }
        Problem::MissingFragment {
            doc,
            line,
            dest,
            fragment,
            in_path,
            suggestion,
            in_code,
            github_only,
            ..
        } => {
            let where_ =
                if in_path == doc { "this doc".to_string() } else { format!("`{in_path}`") };
            let mut detail = if let Some(generator) = github_only {
                let read_on = if in_path == doc { "this page is" } else { "both pages are" };
                let name = generator.name();
                format!(
                    "fragment `#{fragment}` is GitHub's id of a heading in {where_}, which the {name} site {read_on} read on does not give: there the link reaches no anchor"
                )
            } else {
                format!("fragment `#{fragment}` matches no heading or anchor in {where_}")
            };
            // The heading is there but swallowed by code: the fix is the fence, not the
            // link, so no other anchor is offered.
            let suggestion = if in_code.is_some() { &None } else { suggestion };
            if let Some((heading, fence)) = in_code {
                detail.push_str(&format!(
                    "; its heading's line {heading} is inside the code block the bare fence at line {fence} opens (a fence left open or closed early?)"
                ));
            }
            // An id with a character no one sees (the U+FE0F GitHub keeps after an emoji
            // of a heading) is shown, and fixed, with that character percent-encoded:
            // `#️-cite` and `#-cite` look the same.
            let suggestion = suggestion.as_deref().map(|id| (id, shown_id(id)));
            if let Some((id, shown)) = &suggestion {
                detail.push_str(&format!("; `#{shown}` is the closest"));
                let hidden: Vec<String> = id
                    .chars()
                    .filter(|c| invisible(*c))
                    .map(|c| format!("U+{:04X}", c as u32))
                    .collect();
                if !hidden.is_empty() {
                    detail.push_str(&format!(
                        " (the heading's id holds an invisible {}, percent-encoded here)",
                        hidden.join(", ")
                    ));
                }
            }
            let sig = Signal::new(SignalName::BrokenReference, *line, detail).with_target(dest);
            let sig = match suggestion {
                Some((id, shown)) if shown != id => {
                    sig.with_suggestion(with_fragment(dest, &shown))
                }
                Some((id, _)) => sig.with_suggestion(with_fragment(dest, id)),
                None => sig,
            };
            (doc.clone(), sig)
        }
    }
}

/// `sig`, the signal of `problem`, with the fix for a relative link written from the
/// repository's root: what it names is not beside the doc but is at the root (chroma's
/// Cursor plans in `plans/` link `rust/worker/src/lib.rs`; swarms' `examples/cli/README.md`
/// links `examples/cli/01.sh`). GitHub reads the link from the doc's folder, so the
/// detail says where the file is and the suggestion is the link from the doc's folder
/// (`../rust/worker/src/lib.rs`, `01.sh`; a fragment is not part of the target and stays
/// in the link). A signal with a fix already (a
/// missing scheme) keeps it; a path without a folder gets none.
pub fn with_root_fix(
    ctx: &ScanContext<'_>,
    problem: &Problem,
    (doc, sig): (String, Signal),
) -> (String, Signal) {
    let Problem::MissingTarget(m) = problem else { return (doc, sig) };
    let dir = crate::scan::resolve::parent_dir(&m.doc);
    // A page of a site whose routes are all its page files (`Site::closed_routes`) that
    // names its own folder in a `/…` route (agent-kit's `/docs/concepts/state` on a
    // Mintlify site rooted at `docs/`): the route without it is the page meant.
    if m.form == Form::FromRoot && sig.suggestion.is_none() {
        let site = ctx.sites.page_of(&m.doc).filter(|s| s.closed_routes);
        let content = site.and_then(|s| s.content.first()).filter(|c| !c.is_empty());
        let route = decode(m.written.trim_start_matches('/'));
        let rest = content.and_then(|c| route.strip_prefix(c.as_str())?.strip_prefix('/'));
        if let (Some(site), Some(content), Some(rest)) = (site, content, rest) {
            let candidates = render_rules::link_candidates(site, &format!("/{rest}"), rest);
            let page = candidates.into_iter().find(|c| ctx.tree.kind(c) == PathKind::File);
            if let Some(page) = page {
                let detail = format!(
                    "{}: the site's routes start from `{content}/`, where `/{rest}` is `{page}`",
                    sig.detail
                );
                let mut sig = sig.with_suggestion(format!("/{rest}"));
                sig.detail = detail;
                return (doc, sig);
            }
        }
    }
    // The other way round: a `/…` link whose file is in the doc's folder (a package
    // README's `/assets/inspector.png`, kept in the package's `assets/`).
    if m.form == Form::FromRoot && !dir.is_empty() && sig.suggestion.is_none() {
        let path = m.written.trim_start_matches('/');
        let beside = crate::scan::resolve::join(dir, &decode(path));
        if !path.is_empty() && ctx.tree.exists(&beside) {
            let detail = format!(
                "{}: `{beside}` is there from the doc's folder, and GitHub reads a `/` link from the repository's root",
                sig.detail
            );
            let mut sig = sig.with_suggestion(format!("./{path}"));
            sig.detail = detail;
            return (doc, sig);
        }
    }
    if m.form != Form::DocRelative
        || m.what == IMPORT
        || sig.suggestion.is_some()
        || dir.is_empty()
        || m.written.starts_with("../")
    {
        return (doc, sig);
    }
    // `written` is the link's path: its fragment stays in the link, outside the target.
    let path = m.written.as_str();
    // A lone name at the root (`LICENSE`, `DEVELOP.md`) is as likely a package's own file
    // gone missing as the root's (chroma's JS package README meant the package's
    // `DEVELOP.md`): only a path with a folder says it is written from the root.
    let from_root = crate::scan::resolve::join("", &decode(path.trim_start_matches("./")));
    if !from_root.contains('/') || !ctx.tree.exists(&from_root) {
        return (doc, sig);
    }
    // Written as the link was: its percent-encoding (`architecture%20docs/`) and a
    // folder's closing `/` kept.
    let as_written = crate::scan::resolve::join("", path.trim_start_matches("./"));
    let mut fixed = crate::scan::resolve::relative_path(dir, &as_written);
    if path.ends_with('/') && !fixed.ends_with('/') {
        fixed.push('/');
    }
    let detail = format!(
        "{}: `{from_root}` is there from the repository's root, and GitHub reads the link from the doc's folder",
        sig.detail
    );
    let mut sig = sig.with_suggestion(fixed);
    sig.detail = detail;
    (doc, sig)
}

/// Top-level domains a link written without its scheme ends its host with.
const WEB_TLDS: [&str; 16] = [
    "com", "org", "net", "io", "ai", "dev", "app", "co", "edu", "gov", "info", "me", "sh", "xyz",
    "cloud", "tech",
];

/// The link `written` meant, when it is a web or mail address missing its scheme — a
/// host of two or more labels ending in a common top-level domain (`trainml.ai`,
/// `www.readthedocs.com/x`), or `name@host.tld` — which GitHub resolves as a file beside
/// the doc: `https://…`, or `mailto:…` for a mail address (ignite's `[trainml.ai](trainml.ai)`,
/// podman's `tsweeney@redhat.com`, bokeh's `info@bokeh.org`, all judged true).
fn missing_scheme(written: &str) -> Option<String> {
    let (host, rest) = written.split_once('/').unwrap_or((written, ""));
    let (user, host) = match host.split_once('@') {
        Some((user, host)) => (Some(user), host),
        None => (None, host),
    };
    let labels: Vec<&str> = host.split('.').collect();
    let label_ok =
        |l: &&str| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    let tld = labels.last().map(|t| t.to_ascii_lowercase()).unwrap_or_default();
    if labels.len() < 2 || !labels.iter().all(label_ok) || !WEB_TLDS.contains(&tld.as_str()) {
        return None;
    }
    match user {
        Some(user)
            if rest.is_empty()
                && !user.is_empty()
                && user.chars().all(|c| c.is_ascii_alphanumeric() || "._+-".contains(c)) =>
        {
            Some(format!("mailto:{written}"))
        }
        Some(_) => None,
        None => Some(format!("https://{written}")),
    }
}

/// Characters that take no space when shown: variation selectors, zero-width spaces and
/// joiners, the word joiner, the byte-order mark.
fn invisible(c: char) -> bool {
    matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}')
}

/// `id` with its invisible characters (`invisible`) percent-encoded, the rest as it is.
fn shown_id(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for c in id.chars() {
        if invisible(c) {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `dest` with its fragment replaced by `id`, encoded as the original fragment was.
fn with_fragment(dest: &str, id: &str) -> String {
    let (path, old) = dest.split_once('#').unwrap_or((dest, ""));
    if old.contains('%') {
        format!("{path}#{}", utf8_percent_encode(id, FRAGMENT_ENCODE))
    } else {
        format!("{path}#{id}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_all_contributors_table_is_generated() {
        let text = "# X\n\n[a](#a)\n<!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify this section -->\n<table>\n<a href=\"#platform-x\">p</a>\n</table>\n<!-- ALL-CONTRIBUTORS-LIST:END -->\n[b](#b)\n";
        let parsed = crate::scan::markdown::parse(text.to_string());
        assert_eq!(generated_sections(&parsed), [(4, 8)]);
        let unclosed = crate::scan::markdown::parse(
            "<!-- ALL-CONTRIBUTORS-LIST:START -->\nno end\n".to_string(),
        );
        assert!(generated_sections(&unclosed).is_empty());
        // A template's line: its links are the generated project's.
        let template = "# README template\n\nSee [x](x.md).\n\nLicensed under ${LICENSE}: see [LICENSE](LICENSE).\n\nPut it in `${HOME}/x` for ${cost}: [y](y.md).\n";
        let parsed = crate::scan::markdown::parse(template.to_string());
        assert_eq!(generated_sections(&parsed), [(5, 5)]);
    }

    #[test]
    fn a_web_or_mail_address_without_its_scheme() {
        assert_eq!(missing_scheme("trainml.ai").as_deref(), Some("https://trainml.ai"));
        assert_eq!(
            missing_scheme("www.readthedocs.com/projects/x").as_deref(),
            Some("https://www.readthedocs.com/projects/x")
        );
        assert_eq!(
            missing_scheme("tsweeney@redhat.com").as_deref(),
            Some("mailto:tsweeney@redhat.com")
        );
        assert_eq!(missing_scheme("README.md"), None);
        assert_eq!(missing_scheme("docs/setup.md"), None);
        assert_eq!(missing_scheme("config.toml"), None);
        assert_eq!(missing_scheme("../api.io"), None, "a climb is a path");
        assert_eq!(missing_scheme("io"), None);
        let (_, sig) = signal(
            &Problem::MissingTarget(Missing {
                doc: "README.md".into(),
                line: 3,
                written: "trainml.ai".into(),
                resolved: "trainml.ai".into(),
                form: Form::DocRelative,
                what: "link",
                only_if_moved: false,
            }),
            false,
        );
        assert_eq!(sig.suggestion.as_deref(), Some("https://trainml.ai"));
        assert!(sig.detail.ends_with("reads as a web address without its scheme, which GitHub resolves as a file beside the doc"), "{}", sig.detail);
    }

    #[test]
    fn an_invisible_character_of_a_suggested_id_is_shown_encoded() {
        assert_eq!(shown_id("\u{fe0f}-cite"), "%EF%B8%8F-cite");
        assert_eq!(shown_id("配置-cite"), "配置-cite");
        let problem = Problem::MissingFragment {
            doc: "README.md".into(),
            line: 52,
            dest: "#-cite".into(),
            fragment: "-cite".into(),
            in_path: "README.md".into(),
            suggestion: Some("\u{fe0f}-cite".into()),
            other_scheme: false,
            in_code: None,
            github_only: None,
        };
        let (_, sig) = signal(&problem, false);
        assert_eq!(sig.suggestion.as_deref(), Some("#%EF%B8%8F-cite"));
        assert!(sig.detail.ends_with(
            "`#%EF%B8%8F-cite` is the closest (the heading's id holds an invisible U+FE0F, percent-encoded here)"
        ), "{}", sig.detail);
    }

    #[test]
    fn suggestions_keep_the_links_path_and_encoding() {
        assert_eq!(with_fragment("a.md#old", "new"), "a.md#new");
        assert_eq!(with_fragment("#old", "new-id"), "#new-id");
        assert_eq!(with_fragment("#c%E9%85%8D", "配"), "#%E9%85%8D");
    }

    #[test]
    fn fragments_in_the_other_schemes() {
        let doc = crate::scan::markdown::parse(
            "# Z\n\n## Using scoped (non-global) stores\n\n## `queryClient.query`\n\n## a/b\n"
                .to_string(),
        );
        assert!(in_other_scheme(&doc, "using-scoped-(non-global)-stores"), "punctuation kept");
        assert!(in_other_scheme(&doc, "queryclient-query"), "punctuation as `-`");
        assert!(!in_other_scheme(&doc, "a/b"), "one word as written is the heading's text");
    }

    #[test]
    fn ids_a_generator_writes() {
        let none = Near::default();
        assert!(generated_id("opt-programs.bash.enable", &none));
        assert!(generated_id("pydantic.config.ConfigDict", &none));
        // A heading close to it, another scheme's id or a heading in code: a slip.
        let close = Near { suggestion: Some("#bin-help-overview".into()), ..Near::default() };
        assert!(!generated_id("bin-help.overview", &close));
        assert!(!generated_id("a.b", &Near { other_scheme: true, ..Near::default() }));
        assert!(!generated_id("a.b", &Near { in_code: Some((3, 1)), ..Near::default() }));
        // No dot between word characters: a heading's id.
        assert!(!generated_id("installation", &none));
        assert!(!generated_id("v1.", &none));
        assert!(!generated_id("0.9.0-breaking", &none));
        assert!(!generated_id(".hidden", &none));
    }

    #[test]
    fn build_aliases() {
        assert!(is_build_alias("@api/master/rocket/struct.Rocket.html"));
        assert!(is_build_alias("@/docs/the-app/models.md"));
        assert!(is_build_alias("@site/static/img/logo.png"));
        assert!(!is_build_alias("@https://github.com/amatzon"), "a typo before a URL");
        assert!(!is_build_alias("@render"));
        assert!(!is_build_alias("docs/@api/x.md"));
        assert!(!is_build_alias("@api/"));
    }

    #[test]
    fn markdown_paths() {
        assert!(is_markdown("a/B.MD"));
        assert!(is_markdown("x.mdx"));
        assert!(!is_markdown("x.rs"));
        assert!(!is_markdown("md") && !is_markdown("") && is_markdown("é.Markdown"));
    }
}
