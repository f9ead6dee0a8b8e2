//! `duplicate_content`: top-level blocks (≥ 200 normalised characters by default) whose
//! blake3 fingerprints equal blocks in exactly one other file (a block in three or more
//! files is a snippet repeated by design; a docs landing page mirroring the README and
//! license text are deliberate too, and so are copies in two packages or plugins that ship
//! apart, in two skills, and in one page kept per variant: `framework/react/x.md` beside
//! `framework/solid/x.md`). Between two docs that no agent reads, shared paragraphs and even whole
//! sections are usually deliberate (parallel pages adapted per backend or per syntax,
//! packages listed under both parsers and renderers, a landing page's intro, boilerplate
//! in release posts: on real repositories such pairs were judged wrong 9 times in 10),
//! so such a pair fires only when a doc is mostly a copy: more than half of one file's
//! long blocks are shared with the other under the same heading text — two copies of one
//! guide that will drift apart (a `CONTRIBUTING.md` kept in `.github/` and in `docs/`, a
//! short page that repeats a reference's section instead of linking to it), and not
//! when all they share is a short example (under 500 characters of code, tables, lists
//! or quotes: `USER_PAIR_MIN_CHARS`) or a passage (under 15 % of the smaller doc:
//! `USER_PAIR_MIN_SHARE`). A pair with
//! an agent-read side (agent context or an on-demand agent doc) fires on any
//! shared block: the agent pays for both copies. One signal per file pair: it spans
//! the first shared block, lists every shared block's first line in `lines`, and names
//! the other file in `related_path` (for a block found in several files, the first other
//! file by path).
//!
//! `prints` fingerprints one doc while it is parsed; `run` matches the fingerprints of
//! the whole tree, so no doc's text is kept. Repeats inside one file are not duplicates
//! of content that "lives elsewhere".

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::version_folders::version_folder;
use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::markdown::{normalize_block, BlockKind, Heading};
use crate::scan::resolve::parent_dir;
use crate::scan::role::{self, DocRole};
use crate::scan::signal::{Signal, SignalName};

/// One long block's fingerprint (the first 128 bits of its blake3) and span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct BlockPrint {
    pub hash: u128,
    /// Index of the doc in the shortlist.
    pub doc: u32,
    pub line: u32,
    pub end_line: u32,
    pub chars: u32,
    /// Fingerprint of the text of the nearest heading above the block (0: none).
    pub heading: u64,
    /// Whether the block is a paragraph of prose (not code, a table, a list, a quote).
    pub paragraph: bool,
    /// The length of the block's whole doc, in characters.
    pub doc_chars: u32,
}

/// The fingerprints of `doc`'s long blocks.
pub fn prints(ctx: &ScanContext<'_>, doc: &Doc, doc_index: u32) -> Vec<BlockPrint> {
    // A template engine's source is copied into the doc it renders (cargo's man pages
    // into its book): the copy is the build's, not a second home.
    if crate::scan::role::is_template_source(&doc.parsed) {
        return Vec::new();
    }
    let min = ctx.config.thresholds.duplicate_min_chars;
    let headings = &doc.parsed.headings;
    let mut out = Vec::new();
    let mut doc_chars = None;
    for block in &doc.parsed.blocks {
        if block.kind == BlockKind::Heading || block.range.len() < min {
            continue;
        }
        let raw = doc.parsed.slice(&block.range);
        let normal = normalize_block(raw);
        let chars = normal.chars().count();
        if chars < min {
            continue;
        }
        let above = headings.partition_point(|h| h.offset < block.range.start);
        // A block of markup or data still counts among the doc's long blocks (how much of
        // it another file copies), but matches no other: its fingerprint is its own.
        let markup =
            matches!(block.kind, BlockKind::Html | BlockKind::Paragraph) && !shows_prose(raw);
        let digest = if markup {
            let mut own = blake3::Hasher::new();
            own.update(b"\0markup\0");
            own.update(&doc_index.to_be_bytes());
            own.update(&block.line.to_be_bytes());
            own.finalize()
        } else {
            blake3::hash(normal.as_bytes())
        };
        let mut first = [0u8; 16];
        first.copy_from_slice(&digest.as_bytes()[..16]);
        out.push(BlockPrint {
            hash: u128::from_be_bytes(first),
            doc: doc_index,
            line: block.line,
            end_line: block.end_line,
            chars: chars as u32,
            heading: heading_print(headings, above),
            paragraph: block.kind == BlockKind::Paragraph,
            doc_chars: *doc_chars.get_or_insert_with(|| doc.parsed.text.chars().count() as u32),
        });
    }
    out
}

/// Whether an HTML (or JSX) block or a paragraph shows prose: a run of `PROSE_RUN` words
/// once its comments are taken out. A comment renders nothing (typescript-eslint's deprecated-rule
/// stubs each explain in one why the page is kept), and a component given a list of
/// names is data the site lays out (valibot's "Related" `<ApiList items={['any',
/// 'array', …]} />` on each sync and async API page, whose attribute lines MDX's shadow
/// leaves as a paragraph), like a line of badges: neither is text a reader meets twice.
/// An element or paragraph holding sentences still counts.
fn shows_prose(html: &str) -> bool {
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<!--") {
        text.push_str(&rest[..at]);
        rest = rest[at + 4..].find("-->").map_or("", |end| &rest[at + 4 + end + 3..]);
    }
    text.push_str(rest);
    let mut run = 0;
    for word in text.split_whitespace() {
        // A quoted word (`'any',`) is a string of code, not a word of a sentence.
        let core = word.trim_end_matches([',', '.', ';', ':', '!', '?']);
        let quoted = core.starts_with(['\'', '"', '`']);
        if !core.is_empty()
            && !quoted
            && core.chars().all(|c| c.is_alphabetic() || c == '\'' || c == '-')
        {
            run += 1;
            if run >= PROSE_RUN {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// Words in a row that make text prose rather than markup or a list of names.
const PROSE_RUN: usize = 4;

/// The fingerprint of the text of the last of the first `above` headings, its letters and
/// digits only, lowercased (0 when there is none).
fn heading_print(headings: &[Heading], above: usize) -> u64 {
    let Some(h) = above.checked_sub(1).map(|i| &headings[i]) else {
        return 0;
    };
    let key: String =
        h.text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();
    if key.is_empty() {
        return 0;
    }
    let digest = blake3::hash(key.as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest.as_bytes()[..8]);
    u64::from_be_bytes(first).max(1)
}

/// `.github`'s folders that agents read their own commands, rules and skills from; each
/// other agent tool has a folder of its own (`role::AGENT_HIDDEN_DIRS`).
const GITHUB_AGENT_DIRS: [&str; 4] = ["prompts", "instructions", "agents", "skills"];

/// The agent tool whose folder holds `path` (`.claude`, `.github/prompts`…), if any.
fn agent_tool(path: &str) -> Option<String> {
    let parts: Vec<&str> = path.split('/').collect();
    parts.windows(2).find_map(|w| match w {
        [".github", sub] if GITHUB_AGENT_DIRS.contains(sub) => Some(format!(".github/{sub}")),
        [dir, _] if *dir != ".github" && crate::scan::role::AGENT_HIDDEN_DIRS.contains(dir) => {
            Some(dir.to_string())
        }
        _ => None,
    })
}

/// Whether `a` and `b` are one prompt installed for two agents (`.claude/commands/x.md`
/// and `.cursor/commands/x.md`, written by one generator): each agent reads only its own
/// copy, so the copies are deliberate.
fn tool_copies(a: &str, b: &str) -> bool {
    match (agent_tool(a), agent_tool(b)) {
        (Some(x), Some(y)) => x != y,
        (Some(_), None) => installed_from(a, b),
        (None, Some(_)) => installed_from(b, a),
        (None, None) => false,
    }
}

/// Whether `a` and `b` are two agents' files Ruler writes from one source: with a
/// `.ruler/` folder at the root, its rules go into every configured agent's file
/// (qwik's `AGENTS.md` and `CLAUDE.md`, "never hand-edit outputs"; 2 false rows).
fn ruler_outputs(ctx: &ScanContext<'_>, a: &str, b: &str) -> bool {
    use crate::scan::role::DocRole;
    let agent_file = |p: &str| ctx.role(p) == DocRole::AgentContext;
    agent_file(a) && agent_file(b) && ctx.tree.kind(".ruler") == crate::scan::tree::PathKind::Dir
}

/// Whether `a` and `b` are one page kept in both Markdown formats, `.md` and `.mdx`,
/// under one name: one is built from the other for a second renderer (camel's docs bot
/// keeps each `docs/**/x.md` and `docs/mintlify/**/x.mdx` in step). On the labels, 96
/// false rows and 2 debatable, none true; a page copied under another name still fires.
fn format_twin(a: &str, b: &str) -> bool {
    let split = |p: &str| {
        let name = p.rsplit('/').next().unwrap_or(p);
        name.rsplit_once('.').map(|(stem, ext)| (stem.to_string(), ext.to_ascii_lowercase()))
    };
    match (split(a), split(b)) {
        (Some((sa, ea)), Some((sb, eb))) => {
            sa == sb
                && ea != eb
                && ["md", "mdx"].contains(&ea.as_str())
                && ["md", "mdx"].contains(&eb.as_str())
        }
        _ => false,
    }
}

/// Whether `copy`, in an agent's folder, is `source` installed there under its own name
/// or its path flattened, from a folder of the same kind: everything-claude-code keeps its
/// rules in `rules/<lang>/x.md` and the Cursor copy of each as
/// `.cursor/rules/<lang>-x.md`. A harness reads its own folder; the source is what the
/// project ships. A command beside a doc of its name (`.claude/commands/release.md` and
/// `docs/release.md`) is no install: the source must sit under a folder named like the
/// copy's (`rules`, `commands`, `claude` for `.claude/`).
fn installed_from(copy: &str, source: &str) -> bool {
    let kind = copy.rsplit('/').nth(1).map(|d| d.trim_start_matches('.').to_ascii_lowercase());
    let from_kind = kind.is_some_and(|kind| {
        let dirs = source.rsplit('/').skip(1);
        dirs.map(|d| d.trim_start_matches('.').to_ascii_lowercase()).any(|d| d == kind)
    });
    if !from_kind {
        return false;
    }
    let stem = |p: &str| {
        let name = p.rsplit('/').next().unwrap_or(p);
        let name = name.split('.').next().unwrap_or(name);
        name.to_ascii_lowercase()
    };
    let copy_stem = stem(copy);
    let source_stem = stem(source);
    let parent = source.rsplit('/').nth(1).map(str::to_ascii_lowercase);
    copy_stem == source_stem
        || parent.is_some_and(|dir| copy_stem == format!("{dir}-{source_stem}"))
}

/// Whether two files share text by design: two READMEs, a docs site's landing page
/// mirroring the root README, a README and its registry page's copy, license and policy
/// text repeated verbatim, files of two
/// units that ship apart, skills (a skill's summary and its reference files, or two
/// skills: each is loaded alone, so each carries what it needs), or two versions of the
/// docs.
fn deliberate_pair(ctx: &ScanContext<'_>, a: &str, b: &str) -> bool {
    let landing = |p: &str| {
        let (dir, name) = p.rsplit_once('/').unwrap_or(("", p));
        let index = name.eq_ignore_ascii_case("index.md") || name.eq_ignore_ascii_case("README.md");
        // A docs folder's home page (`docs/index.md`, undici's `docs/docs/index.md` for
        // its doc-kit site) or a site's content root.
        let docs_home = dir.rsplit('/').next().is_some_and(|d| d.eq_ignore_ascii_case("docs"));
        index
            && (docs_home
                || ctx.sites.page_of(p).is_some_and(|site| site.content.iter().any(|c| c == dir)))
    };
    let readme = |p: &str| p.rsplit('/').next().unwrap_or(p).eq_ignore_ascii_case("README.md");
    // Every README is a package's or a folder's landing page (the crates.io or npm page
    // of a workspace member): it stands alone, so it repeats the root README by design.
    let mirror = (readme(a) && readme(b))
        || (a == "README.md" && landing(b))
        || (b == "README.md" && landing(a));
    // A registry page's readme kept beside the README (serde's `crates-io.md`, named by
    // `readme =` in its crates' manifests) is the README adapted for that page.
    let registry = |p: &str| ctx.known_versions.registry_readme(p);
    let registry_copy = (readme(a) && registry(b)) || (readme(b) && registry(a));
    mirror
        || registry_copy
        || format_twin(a, b)
        || role::is_policy_file(a)
        || role::is_policy_file(b)
        || shipped_unit(ctx, a) != shipped_unit(ctx, b)
        || skill_pair(ctx, a, b)
        || tool_copies(a, b)
        || ruler_outputs(ctx, a, b)
        // Two versions of the docs (`version_folders`): each snapshot its own.
        || version_folder(a) != version_folder(b)
        // An archived copy (`apps/docs/archive/configuration.mdx` beside the live page)
        // is a snapshot kept on purpose.
        || archived(a) != archived(b)
        // An example project's content is demo text (astro's `starlog` example: release
        // notes that repeat one placeholder paragraph).
        || (role::in_example_project(ctx, a) && role::in_example_project(ctx, b))
}

/// Whether `path` lies in an archive folder (`archive/`, `archived/`, `_archive/`).
fn archived(path: &str) -> bool {
    path.split('/').rev().skip(1).any(|d| {
        let d = d.trim_start_matches(['_', '.']).to_ascii_lowercase();
        d == "archive" || d == "archived" || d == "archives"
    })
}

/// Two folders that are copies of one tree: of the pages both hold (at least
/// `MIRROR_MIN_PAGES`), half or more are whole copies of each other (`WHOLE_COPY`).
/// lazygit keeps `docs/` for the release and `docs-master/` for master, copied over at
/// each release: a snapshot, each copy deliberate. Pages kept per variant and adapted
/// (tanstack's react and vue guides) share a few whole copies among many adapted pages,
/// and those copies still fire.
fn mirrored_trees<'k>(
    ctx: &ScanContext<'_>,
    pairs: impl Iterator<Item = &'k (u32, u32)>,
    whole: impl Fn(u32, u32) -> bool,
) -> BTreeSet<(String, String)> {
    let mut copies: BTreeMap<(String, String), usize> = BTreeMap::new();
    for &(doc, other) in pairs {
        if doc > other {
            continue;
        }
        let (a, b) = (&ctx.paths[doc as usize], &ctx.paths[other as usize]);
        if let Some(roots) = variant_roots(a, b) {
            if whole(doc, other) || whole(other, doc) {
                *copies.entry(ordered(roots)).or_default() += 1;
            }
        }
    }
    copies
        .into_iter()
        .filter(|((a, b), n)| {
            // Two READMEs, two license files… are never compared (`deliberate_pair`),
            // so they count for neither side.
            let pages = shared_names(&ctx.paths, a, b, |x, y| !deliberate_pair(ctx, x, y));
            pages >= MIRROR_MIN_PAGES && n * 2 >= pages
        })
        .map(|(roots, _)| roots)
        .collect()
}

/// Fewer pages in common than this never make two folders copies of one tree.
const MIRROR_MIN_PAGES: usize = 3;

/// The docs that hold `ASSEMBLED_MIN_PARTS` or more other docs each whole (`whole`):
/// pages a tool builds by concatenating others. datamodel-code-generator's
/// `scripts/build_cli_docs.py` writes `docs/cli-reference/utility-options.md` from every
/// page of `docs/cli-reference/manual/`; each part is its copy by construction, and the
/// edit goes into the part.
fn assembled_pages<'k>(
    pairs: impl Iterator<Item = &'k (u32, u32)>,
    whole: impl Fn(u32, u32) -> bool,
) -> BTreeSet<u32> {
    let mut parts: BTreeMap<u32, usize> = BTreeMap::new();
    for &(doc, other) in pairs {
        if whole(doc, other) {
            *parts.entry(other).or_default() += 1;
        }
    }
    parts.into_iter().filter(|(_, n)| *n >= ASSEMBLED_MIN_PARTS).map(|(page, _)| page).collect()
}

/// Fewer whole docs than this inside one page are copies, not its parts: two pages
/// copied into a README is a choice someone made, and drifts.
const ASSEMBLED_MIN_PARTS: usize = 3;

/// Two docs no agent reads that share less than this many characters, none of it a
/// paragraph, share an example shown on both pages by design (the same template
/// snippet on Hugo's `if` and `else` pages, one typedoc table on two interface pages):
/// not worth a merge. A shared paragraph is a claim stated twice, which drifts. Agent-read
/// docs pay for every repeated token, so any shared block counts there. Over the
/// labeled repositories, user-doc pairs sharing under 500 characters of code, tables,
/// lists or quotes were 0 true, 21 false, 5 debatable.
const USER_PAIR_MIN_CHARS: u32 = 500;

/// Two docs no agent reads that share one paragraph of fewer characters than this,
/// each under a heading of its own, share a sentence each page states to stand alone:
/// an intro or a disclaimer repeated on sibling pages (kind's `base-image.md` and
/// `node-image.md`, electric's two demo pages, 230 and 263 characters). On the labels
/// such pairs were 0 true, 8 false; the shortest true single-block pair shares 657
/// characters (CopilotKit's tutorial step kept in two trees). Under the same heading
/// the paragraph is a section copied, and fires; under no heading (a page whose title is
/// its frontmatter's) it is each page's intro.
const USER_PAIR_MIN_PARAGRAPH: u32 = 300;

/// The least share of the smaller doc of a pair no agent reads that its shared blocks
/// must make for the pair to be a copy: below it, two distinct pages share a passage
/// (nuxt-ui's `select.md` and `select-menu.md`, 9 % of the smaller; prefect's generated
/// API pages; hugoDocs' `next-and-prev` beside `nextinsection-and-previnsection`). On the
/// labels such pairs were 0 true and 12 false; the nearest true pair shares 20 %.
const USER_PAIR_MIN_SHARE: f64 = 0.15;

/// An agent file and a doc side by side in one folder that share fewer characters
/// than this keep a passage in step on purpose: they are written and changed together
/// (turso's commit-message template added to `AGENTS.md` and `CONTRIBUTING.md` in one
/// commit, serena's 3-line pointer in both `AGENTS.md` and `CLAUDE.md`, the MCP server
/// list of SuperClaude's `CLAUDE.md` and `PROJECT_INDEX.md`). A longer one is a second
/// copy that drifts (agno's `AGENTS.md` and `CLAUDE.md`, 1,786 characters, already
/// apart), and a page copied whole fires whatever its size (`WHOLE_COPY`). Two
/// on-demand agent docs are the exception: each is loaded alone for its own task, so a
/// rule copied into the other's file is read where it does not belong (pydantic-ai's
/// `agent_docs/`). Docs no agent reads keep their own rules (`USER_PAIR_MIN_CHARS`,
/// `series_pages`). On the labels, the pairs this floor leaves out were 0 true,
/// 4 false, 8 debatable.
const SIBLING_MIN_CHARS: u32 = 1000;

/// `(a, b)` as owned strings, in order.
fn ordered((a, b): (&str, &str)) -> (String, String) {
    if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

/// The share of a page's long blocks another variant of it must hold to be a copy.
const WHOLE_COPY: f64 = 0.8;

/// Whether `a` and `b` are one page kept per variant: the same file name at the same
/// depth, their folders differing in one place (`docs/framework/react/installation.md`
/// and `docs/framework/solid/installation.md`: a page per framework, per binding, per
/// backend, each adapted). The site shows one variant at a time, so such a pair fires
/// only as a whole copy (`WHOLE_COPY`): tanstack's vue `createPersister.md` copies the
/// react page, 13 blocks of it, and has drifted; its query-cancellation pages share 4
/// blocks and adapt the rest.
fn parallel_pages(a: &str, b: &str) -> bool {
    let (pa, pb): (Vec<&str>, Vec<&str>) = (a.split('/').collect(), b.split('/').collect());
    pa.len() == pb.len()
        && pa.len() >= 3
        && pa.last() == pb.last()
        && pa.iter().zip(&pb).filter(|(x, y)| x != y).count() == 1
}

/// A small page of a series (`series_pages`) its sibling holds whole, in fewer
/// characters than this, states what each page must state to stand alone: two method
/// pages of one example (hugoDocs' `Summary` and `Truncated`, 411 characters), a
/// deprecated rule's page beside the rule that replaced it (eslint's
/// `no-native-reassign` and `no-global-assign`, 545). A page copied under a second name
/// (instructor's blog, 6,996 characters) is far over it. One section stated twice under
/// its heading still fires at any size.
const SERIES_MIN_CHARS: u32 = 1000;

/// Whether `a` and `b` are two pages of one series: beside each other in a folder (not
/// the root), neither of them the folder's landing page (`index.md`, `README.md`). A
/// folder of pages keeps one page per rule, method, provider or post, and a reader lands
/// on one of them, so each states what it needs: prefect's generated client and server
/// schedule pages, biome's two formatter reports, typescript-eslint's beta and final
/// announcements (8 false rows on the seen labels, no true one): pages built from one
/// outline share many pieces of it. Such a pair fires only as a copy under the same
/// headings (`copied_doc`) that is either whole (`WHOLE_COPY`), as instructor's blog post
/// duplicated under a second name, or one section, a claim stated twice (the planted
/// fixture's releasing paragraph). A generated CLI reference's page per alias, `block`
/// and `blocks`, is a whole copy under other headings. A landing page repeating one of
/// its pages is an overview copying a section, and is judged as any pair.
fn series_pages(a: &str, b: &str) -> bool {
    let landing = |name: &str| {
        let stem = name.split('.').next().unwrap_or(name).to_ascii_lowercase();
        matches!(stem.as_str(), "index" | "_index" | "readme")
    };
    match (a.rsplit_once('/'), b.rsplit_once('/')) {
        (Some((da, na)), Some((db, nb))) => da == db && !landing(na) && !landing(nb),
        _ => false,
    }
}

/// The two folders one page is kept in when `a` and `b` are the same file name at the
/// same depth with their paths differing in one folder only: (`docs`, `docs-master`)
/// for `docs/dev/guide.md` and `docs-master/dev/guide.md`; or when one is the other
/// copied with its tree below another folder (`copied_tree_roots`).
fn variant_roots<'p>(a: &'p str, b: &'p str) -> Option<(&'p str, &'p str)> {
    let (pa, pb): (Vec<&str>, Vec<&str>) = (a.split('/').collect(), b.split('/').collect());
    if pa.len() != pb.len() {
        return copied_tree_roots(a, b);
    }
    if pa.len() < 2 || pa.last() != pb.last() {
        return None;
    }
    let mut differing = pa.iter().zip(&pb).enumerate().filter(|(_, (x, y))| x != y);
    let (at, _) = differing.next()?;
    if differing.next().is_some() {
        return None;
    }
    let end = |parts: &[&str]| parts[..=at].iter().map(|p| p.len() + 1).sum::<usize>() - 1;
    Some((&a[..end(&pa)], &b[..end(&pb)]))
}

/// The roots of one tree kept twice when `long` (or `short`: in either order) is the
/// other's path below more folders: (`examples`, `src/mcp_agent/data/examples`) for
/// `examples/workflows/swarm/policy.md` and
/// `src/mcp_agent/data/examples/workflows/swarm/policy.md`, mcp-agent's package data
/// copy of its `examples/`; (`PRPs`, `claude-code-full-guide/PRPs`) for a guide shipped
/// with its own copy of the repository's `PRPs/`. The shorter path needs a folder, and a
/// tree copied into itself (`cli-tool/…/cli-tool/…`, a copy command run twice) is no
/// such pair: it is one mistake to undo.
fn copied_tree_roots<'p>(a: &'p str, b: &'p str) -> Option<(&'p str, &'p str)> {
    let swapped = a.len() > b.len();
    let (short, long) = if swapped { (b, a) } else { (a, b) };
    let prefix = long.strip_suffix(short)?.strip_suffix('/')?;
    let (first, _) = short.split_once('/')?;
    if prefix.is_empty() || prefix == first || prefix.starts_with(&format!("{first}/")) {
        return None;
    }
    let (short_root, long_root) = (&short[..first.len()], &long[..prefix.len() + 1 + first.len()]);
    Some(if swapped { (long_root, short_root) } else { (short_root, long_root) })
}

/// How many relative paths the folders `a` and `b` both hold, among the scanned `paths`
/// (sorted), whose two copies `compared` says are compared at all.
fn shared_names(
    paths: &[String],
    a: &str,
    b: &str,
    compared: impl Fn(&str, &str) -> bool,
) -> usize {
    let under = |dir: &str| -> BTreeSet<&str> {
        let prefix = format!("{dir}/");
        let from = paths.partition_point(|p| p.as_str() < prefix.as_str());
        paths[from..]
            .iter()
            .take_while(|p| p.starts_with(&prefix))
            .map(|p| &p[prefix.len()..])
            .collect()
    };
    let (left, right) = (under(a), under(b));
    left.intersection(&right)
        .filter(|name| compared(&format!("{a}/{name}"), &format!("{b}/{name}")))
        .count()
}

/// Whether one side is loaded alone — in an Agent Skill, or a slash command or subagent
/// definition (`standalone_prompt`) — and the other is not agent context loaded at every
/// session: such a file carries what it needs, whatever another skill, command, or its
/// plugin's README also says (trpc's two skills, a plugin's README and its `SKILL.md`
/// with the same setup, humanlayer's `research_codebase.md` and `research_codebase_nt.md`
/// with one rules block, claude-flow's generated SPARC commands with one tool list: a
/// command cannot include another). Agent context repeating one is paid for twice and
/// still fires.
fn skill_pair(ctx: &ScanContext<'_>, a: &str, b: &str) -> bool {
    let always =
        |p: &str| matches!(ctx.role(p), DocRole::AgentContext | DocRole::NestedAgentContext);
    let alone = |p: &str| skill_of(ctx, p).is_some() || standalone_prompt(ctx, p);
    (alone(a) && !always(b)) || (alone(b) && !always(a))
}

/// Whether `path` is one self-contained prompt: an on-demand agent doc under a
/// `role::PROMPT_DIRS` folder.
fn standalone_prompt(ctx: &ScanContext<'_>, path: &str) -> bool {
    ctx.role(path) == DocRole::AgentDoc
        && path.split('/').rev().skip(1).any(|d| crate::scan::role::PROMPT_DIRS.contains(&d))
}

/// The folder of the Agent Skill that holds `path` (the nearest folder above it with a
/// `SKILL.md`). A skill's `SKILL.md` summarises what its reference files detail
/// (progressive disclosure: the summary is loaded first, a reference only when needed),
/// so the two repeat each other by design.
fn skill_of<'p>(ctx: &ScanContext<'_>, path: &'p str) -> Option<&'p str> {
    let mut dir = path.rsplit_once('/').map(|(d, _)| d)?;
    loop {
        if ctx.tree.exists(&format!("{dir}/SKILL.md")) {
            return Some(dir);
        }
        dir = dir.rsplit_once('/')?.0;
    }
}

/// Files whose presence makes a folder a unit that ships on its own: a package, a crate,
/// a module, a Claude Code plugin.
const UNIT_MANIFESTS: [&str; 5] =
    ["Cargo.toml", "package.json", "pyproject.toml", "go.mod", ".claude-plugin/plugin.json"];

/// The folder of the nearest unit that holds `path` (`""`: the repository itself). Two
/// units are installed or published apart (two plugins each with its own reviewer agent,
/// two packages each with its own guide), so each carries its own copy by design.
fn shipped_unit<'p>(ctx: &ScanContext<'_>, path: &'p str) -> &'p str {
    let mut dir = path.rsplit_once('/').map_or("", |(d, _)| d);
    while !dir.is_empty() {
        if UNIT_MANIFESTS.iter().any(|m| ctx.tree.exists(&format!("{dir}/{m}"))) {
            return dir;
        }
        dir = dir.rsplit_once('/').map_or("", |(d, _)| d);
    }
    ""
}

/// A shared block on one side of a pair, and whether the other side holds it under the
/// same heading text.
#[derive(Clone, Copy)]
struct Shared {
    print: BlockPrint,
    /// The other file holds the block under the same heading text.
    same_heading: bool,
}

/// Whether a doc with `long_blocks` long blocks (distinct lines) is mostly a copy of the
/// other file of a pair it shares the blocks `shared` with: more than half of them,
/// under the same heading text in both.
fn copied_doc(shared: &[Shared], long_blocks: usize) -> bool {
    let lines: BTreeSet<u32> =
        shared.iter().filter(|s| s.same_heading).map(|s| s.print.line).collect();
    lines.len() * 2 > long_blocks
}

/// Adds one signal per pair of files sharing blocks, on each file of the pair.
pub fn run(ctx: &ScanContext<'_>, mut prints: Vec<BlockPrint>, out: &mut Findings) {
    prints.sort_unstable();
    // doc -> how many long blocks (distinct lines) it holds.
    let mut lines_of: HashMap<u32, BTreeSet<u32>> = HashMap::new();
    let mut doc_chars: HashMap<u32, u32> = HashMap::new();
    for p in &prints {
        lines_of.entry(p.doc).or_default().insert(p.line);
        doc_chars.insert(p.doc, p.doc_chars);
    }
    let long_blocks: HashMap<u32, usize> =
        lines_of.into_iter().map(|(k, v)| (k, v.len())).collect();
    // (doc, other doc) -> the doc's shared blocks.
    let mut pairs: BTreeMap<(u32, u32), Vec<Shared>> = BTreeMap::new();
    for group in prints.chunk_by(|a, b| a.hash == b.hash) {
        let docs: BTreeSet<u32> = group.iter().map(|p| p.doc).collect();
        // Two homes is a copy; three or more is a snippet repeated by design (the same
        // option paragraph on every command page, a note in every integration guide).
        if docs.len() != 2 {
            continue;
        }
        let mut homes = docs.iter().map(|d| ctx.paths[*d as usize].as_str());
        let (a, b) = (homes.next().unwrap_or_default(), homes.next().unwrap_or_default());
        if deliberate_pair(ctx, a, b) {
            continue;
        }
        for p in group {
            let Some(other) = docs.iter().find(|d| **d != p.doc) else {
                continue;
            };
            let same_heading = group.iter().any(|q| q.doc == *other && q.heading == p.heading);
            pairs.entry((p.doc, *other)).or_default().push(Shared { print: *p, same_heading });
        }
    }
    let long = |d: u32| long_blocks.get(&d).copied().unwrap_or_default();
    let whole = |from: u32, to: u32| {
        pairs.get(&(from, to)).is_some_and(|shared| {
            let lines: BTreeSet<u32> = shared.iter().map(|s| s.print.line).collect();
            lines.len() >= 2 && lines.len() as f64 >= WHOLE_COPY * long(from) as f64
        })
    };
    // A page of one block held whole by the other copy is a copy too, in a tree's count
    // (mcp-agent's one-paragraph policy files in its package data's `examples/`).
    let copy_of = |from: u32, to: u32| {
        pairs.get(&(from, to)).is_some_and(|shared| {
            let lines: BTreeSet<u32> = shared.iter().map(|s| s.print.line).collect();
            !lines.is_empty() && lines.len() as f64 >= WHOLE_COPY * long(from) as f64
        })
    };
    let mirrored = mirrored_trees(ctx, pairs.keys(), copy_of);
    let assembled = assembled_pages(pairs.keys(), whole);
    // The characters `doc` shares with `other`, each shared block counted once.
    let shared_chars = |doc: u32, other: u32| -> u32 {
        let mut seen = BTreeSet::new();
        let shared = &pairs[&(doc, other)];
        shared.iter().filter(|s| seen.insert(s.print.line)).map(|s| s.print.chars).sum()
    };
    // A short example: under `USER_PAIR_MIN_CHARS` shared, and no paragraph among it;
    // or one block under `USER_PAIR_MIN_PARAGRAPH` that each page states under a heading
    // of its own, or under none but its title (the same heading over it is a section
    // copied).
    let short_example = |doc: u32, other: u32| {
        let shared = &pairs[&(doc, other)];
        let chars = shared_chars(doc, other);
        let intro = shared.iter().all(|s| {
            s.print.line == shared[0].print.line && (!s.same_heading || s.print.heading == 0)
        });
        (chars < USER_PAIR_MIN_CHARS && !shared.iter().any(|s| s.print.paragraph))
            || (intro && chars < USER_PAIR_MIN_PARAGRAPH)
    };
    // A passage: what the pair shares is under `USER_PAIR_MIN_SHARE` of the smaller doc.
    let passage = |doc: u32, other: u32| {
        let size = |d: u32| doc_chars.get(&d).copied().unwrap_or_default();
        let smaller = size(doc).min(size(other)).max(1);
        f64::from(shared_chars(doc, other)) < USER_PAIR_MIN_SHARE * f64::from(smaller)
    };
    let fires = |doc: u32, other: u32| {
        let (a, b) = (&ctx.paths[doc as usize], &ctx.paths[other as usize]);
        let by_agent = [doc, other].iter().any(|d| ctx.roles[*d as usize].is_agent_facing());
        let agent_docs = [doc, other].iter().all(|d| ctx.roles[*d as usize] == DocRole::AgentDoc);
        if by_agent
            && !agent_docs
            && parent_dir(a) == parent_dir(b)
            && shared_chars(doc, other) < SIBLING_MIN_CHARS
            && !(whole(doc, other) || whole(other, doc))
        {
            return false;
        }
        if !by_agent && (short_example(doc, other) || passage(doc, other)) {
            return false;
        }
        let copied = |from: u32, to: u32| {
            pairs.get(&(from, to)).is_some_and(|shared| copied_doc(shared, long(from)))
        };
        if variant_roots(a, b).is_some_and(|roots| mirrored.contains(&ordered(roots))) {
            return false;
        }
        if assembled.contains(&doc) || assembled.contains(&other) {
            // A page a tool assembles from others holds them by construction.
            let part = |p: u32, page: u32| assembled.contains(&page) && whole(p, page);
            if part(doc, other) || part(other, doc) {
                return false;
            }
        }
        if parallel_pages(a, b) {
            return whole(doc, other) || whole(other, doc);
        }
        let copy = copied(doc, other) || copied(other, doc);
        if !by_agent && series_pages(a, b) {
            let one_section = |d: u32, o: u32| {
                let shared = &pairs[&(d, o)];
                shared.iter().all(|s| s.print.line == shared[0].print.line)
            };
            let whole_copy = (whole(doc, other) || whole(other, doc))
                && shared_chars(doc, other) >= SERIES_MIN_CHARS;
            return copy && (whole_copy || one_section(doc, other));
        }
        by_agent || copy
    };
    let firing: Vec<(u32, u32)> = pairs.keys().copied().filter(|(d, o)| fires(*d, *o)).collect();
    for (doc, other) in firing {
        let mut blocks: Vec<BlockPrint> = pairs[&(doc, other)].iter().map(|s| s.print).collect();
        blocks.sort_by_key(|p| (p.line, p.end_line));
        blocks.dedup_by_key(|p| p.line);
        let other = &ctx.paths[other as usize];
        let first = blocks[0];
        let detail = if blocks.len() == 1 {
            format!("a {}-character block also appears in `{other}`", first.chars)
        } else {
            let chars: u32 = blocks.iter().map(|p| p.chars).sum();
            let spans: Vec<String> = blocks
                .iter()
                .map(|p| {
                    if p.end_line > p.line {
                        format!("{}-{}", p.line, p.end_line)
                    } else {
                        p.line.to_string()
                    }
                })
                .collect();
            format!(
                "{} blocks ({chars} characters: lines {}) also appear in `{other}`",
                blocks.len(),
                spans.join(", ")
            )
        };
        let sig = Signal::new(SignalName::DuplicateContent, first.line, detail)
            .with_end_line(first.end_line)
            .with_lines(blocks.iter().map(|p| p.line).collect())
            .with_related_path(other);
        out.push(&ctx.paths[doc as usize], sig);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_lists_of_names_show_no_prose() {
        let stub = "<!--\nThis doc file has been left on purpose to help direct people to the replacement rule.\n-->";
        assert!(!shows_prose(stub));
        let list = "<ApiList\n  items={[\n    'any',\n    'array',\n    'bigint',\n    'blob',\n    'boolean',\n  ]}\n/>";
        assert!(!shows_prose(list));
        assert!(shows_prose("<Note>\nRun the server before you open the page.\n</Note>"));
        assert!(shows_prose(
            "<!-- a note -->\n<p>Each page carries its own copy of this text.</p>"
        ));
    }

    #[test]
    fn an_archived_copy_is_a_snapshot() {
        assert!(archived("apps/docs/archive/configuration.mdx"));
        assert!(archived("docs/_archived/old.md") && !archived("docs/archive.md"));
    }

    #[test]
    fn one_page_in_both_formats_is_a_build() {
        assert!(format_twin("docs/key_modules/agents.md", "docs/mintlify/key_modules/agents.mdx"));
        assert!(!format_twin("docs/SAFE_MODE.md", "docs/safety/safe-mode.mdx"), "two names");
        assert!(!format_twin("docs/a.md", "site/a.md"), "one format");
    }

    #[test]
    fn one_prompt_for_two_agents_is_deliberate() {
        assert!(tool_copies(".claude/commands/opsx/apply.md", ".cursor/commands/opsx-apply.md"));
        assert!(tool_copies("pkg/.gemini/commands/x.md", ".github/prompts/x.prompt.md"));
        // Archon's web researcher, defined for Claude Code and for Copilot.
        assert!(tool_copies(
            ".claude/agents/web-researcher.md",
            ".github/agents/web-researcher.agent.md"
        ));
        // Every agent tool's folder the walk enters, `.agents` and `.pi` among them.
        assert!(tool_copies(".agents/skills/plan/SKILL.md", ".pi/skills/plan/SKILL.md"));
        assert!(!tool_copies(".github/workflows/a.md", ".claude/a.md"), "not an agent place");
        assert!(!tool_copies(".claude/commands/a.md", ".claude/commands/b.md"), "one agent");
        assert!(!tool_copies(".claude/commands/a.md", "docs/a.md"), "a doc of its name");
        assert!(!tool_copies(".claude/commands/a.md", "docs/b.md"));
        // everything-claude-code's Cursor copies of its `rules/`.
        assert!(tool_copies(".cursor/rules/common-agents.md", "rules/common/agents.md"));
        assert!(tool_copies("rules/php/hooks.md", ".cursor/rules/php-hooks.mdc"));
        assert!(!tool_copies(".cursor/rules/php-hooks.md", "rules/php/testing.md"));
    }

    #[test]
    fn the_folders_a_page_is_kept_in() {
        assert_eq!(
            variant_roots("docs/dev/guide.md", "docs-master/dev/guide.md"),
            Some(("docs", "docs-master"))
        );
        assert_eq!(
            variant_roots("docs/framework/react/a.md", "docs/framework/vue/a.md"),
            Some(("docs/framework/react", "docs/framework/vue"))
        );
        assert_eq!(
            variant_roots("docs/Config.md", "docs-master/Config.md"),
            Some(("docs", "docs-master"))
        );
        assert_eq!(variant_roots("a/x/b.md", "c/y/b.md"), None, "two folders differ");
        assert_eq!(variant_roots("a/b.md", "a/c.md"), None);
        let paths: Vec<String> =
            ["d/a.md", "d/b.md", "d/x/c.md", "e/a.md", "e/x/c.md", "f.md"].map(String::from).into();
        assert_eq!(shared_names(&paths, "d", "e", |_, _| true), 2);
        assert_eq!(shared_names(&paths, "d", "e", |x, _| !x.ends_with("a.md")), 1);
        assert_eq!(
            variant_roots("examples/w/s/policy.md", "src/pkg/data/examples/w/s/policy.md"),
            Some(("examples", "src/pkg/data/examples"))
        );
        assert_eq!(variant_roots("guide/PRPs/x.md", "PRPs/x.md"), Some(("guide/PRPs", "PRPs")));
        assert_eq!(variant_roots("cli/x/cli/x/a.md", "cli/x/a.md"), None, "a tree in itself");
        assert_eq!(variant_roots("README.md", "pkg/README.md"), None, "no folder to copy");
        assert_eq!(variant_roots("docs/a/x.md", "site/docs/b/x.md"), None);
    }

    #[test]
    fn pages_of_one_series_sit_side_by_side_below_the_root() {
        assert!(series_pages(
            "content/methods/page/Summary.md",
            "content/methods/page/Truncated.md"
        ));
        assert!(!series_pages("docs/capabilities/index.mdx", "docs/capabilities/mcp.mdx"));
        assert!(!series_pages("docs/a/README.md", "docs/a/b.md"));
        assert!(!series_pages("CONTRIBUTING.md", "DEVELOPMENT.md"), "the root is no series");
        assert!(!series_pages("docs/a/x.md", "docs/b/x.md"));
    }

    #[test]
    fn pages_kept_per_variant() {
        assert!(parallel_pages(
            "docs/framework/react/guides/query-cancellation.md",
            "docs/framework/angular/guides/query-cancellation.md"
        ));
        assert!(!parallel_pages(".github/CONTRIBUTING.md", "docs/contributing.md"));
        assert!(!parallel_pages("docs/a/intro.md", "docs/b/c/intro.md"));
        assert!(!parallel_pages("a/README.md", "b/README.md"), "two folders of the root");
    }
}
