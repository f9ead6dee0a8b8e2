//! Paths outside links: backticked repo paths (`src/main.rs`, `./docs/a.md:12`) and the
//! paths of shell commands in code blocks. A missing one is kept as a problem that counts
//! only when git history explains it (`only_if_moved`): renamed or deleted here, a
//! `stale_name_location`. Without that evidence such a path is mostly the reader's own
//! file, another repository's, or relative to a folder the text implies (on thirteen real
//! repositories 53 of 54 such signals were false), so it says nothing — except in a doc
//! that names the repository's own files (a contributor's guide, agent context) when
//! the path's folder exists (`names_own_file`) or the path is an entry of a list laying
//! out the repository (`layout_lists`).
//!
//! Not repo paths: shell, glob or URL syntax, build outputs (default-excluded folders and
//! what `.gitignore` ignores), absolute system paths (`/bin/sh`, `/usr/lib/x`) even
//! when the repository has a folder of that name, and placeholders (`playground/xxx`,
//! `examples/my-app`). A changelog's paths are history and are not checked.

use super::broken_reference::{Form, Missing, Problem};
use crate::doc_role::DocRole;
use crate::scan::context::{Doc, ScanContext};
use crate::scan::resolve::has_scheme;
use crate::scan::scope::DEFAULT_EXCLUDED_DIRS;
use crate::scan::tree::PathKind;

/// First folders of an absolute path that name the machine's file system, not the
/// repository (the Filesystem Hierarchy Standard's, macOS's and Nix's).
const SYSTEM_DIRS: &[&str] = &[
    "bin",
    "boot",
    "dev",
    "etc",
    "home",
    "lib",
    "lib32",
    "lib64",
    "media",
    "mnt",
    "nix",
    "opt",
    "proc",
    "root",
    "run",
    "sbin",
    "snap",
    "srv",
    "sys",
    "tmp",
    "usr",
    "var",
    "Applications",
    "Library",
    "System",
    "Users",
    "Volumes",
    "private",
];

/// The backticked repo paths of `doc` that do not exist, as problems; without git
/// (`use_git` false) only a skill's own resources, which need no git evidence.
pub fn check_code_paths(ctx: &ScanContext<'_>, doc: &Doc, use_git: bool, out: &mut Vec<Problem>) {
    let role = ctx.role(&doc.path);
    // A changelog or a migration guide names the paths of its time: one gone since is
    // history, not an error.
    if role == DocRole::Changelog || crate::scan::signals::sections::is_history_file(&doc.path) {
        return;
    }
    // An example project's README names that project's files (its `src/App.tsx`, its
    // `docs/config.json`), whatever the repository's root once held.
    let example = use_git && crate::scan::role::in_example_project(ctx, &doc.path);
    // Looked up once a doc has code spans to check (most do not).
    let skill = if doc.parsed.code_spans.is_empty() { None } else { skill_root(ctx, &doc.path) };
    // A list laying out the repository, in a doc that names its own files.
    let own_files = use_git && !example && names_own_files(role, &doc.path);
    // A doc in a folder of its own names that folder's files first.
    let folder_doc = use_git && !own_files && !example && describes_its_folder(ctx, doc, role);
    // A span that is a web link's text names what the link reaches (prisma's
    // `` [`docs/drive/principles/retro.md`](https://github.com/prisma/ignite/…) ``): the
    // link, not the span, is checked.
    for span in doc.parsed.code_spans.iter().filter(|s| !s.in_web_link) {
        if own_files {
            if let Some(missing) = missing_layout_entry(ctx, doc, span.line, &span.text) {
                out.push(Problem::MissingTarget(missing));
                continue;
            }
        }
        // `cookbook/models/<your_model>`: the folder the reader is told to add to.
        let parent = placeholder_parent(&span.text);
        let written = parent.as_deref().unwrap_or(&span.text);
        let Some(path) = repo_path_candidate(written).or_else(|| {
            (role.is_agent_facing() || skill.is_some())
                .then(|| path_citing_lines(written))
                .flatten()
        }) else {
            let lone = if use_git {
                unknown_file_name(ctx, doc, role, span.line, &span.text, folder_doc)
            } else {
                None
            };
            if let Some(missing) = lone {
                out.push(Problem::MissingTarget(missing));
            }
            continue;
        };
        if path.split('/').any(is_placeholder) || changelog_fragment(&path) {
            continue;
        }
        if let Some(root) = skill {
            if let Some(missing) =
                missing_skill_resource(ctx, doc, root, span.line, &span.text, &path)
            {
                out.push(Problem::MissingTarget(missing));
                continue;
            }
        }
        if !use_git || example {
            continue;
        }
        let first = path.split('/').next().unwrap_or_default();
        let missing = |resolved: String, what: &'static str| {
            Problem::MissingTarget(Missing {
                doc: doc.path.clone(),
                line: span.line,
                written: span.text.trim().to_string(),
                resolved,
                form: Form::RepoPath,
                what,
                only_if_moved: true,
            })
        };
        if let Some(folder) = agent_folder(ctx, doc, role, &span.text, &path) {
            if !under_a_parent_item(ctx, doc, span.line, &path) {
                out.push(missing(folder, AGENT_FOLDER));
            }
            continue;
        }
        // A first folder that is gone counts too, for a path of two names or more: git
        // must show it was here (fastmcp's `CLAUDE.md` still names `src/tools/` after
        // `src/` moved). A lone name (`src/`, `./flake.nix`) and a hidden folder
        // (`.cargo/config.toml`) are more often the reader's own, except in agent context
        // (`agent_folder`).
        let first_gone = ctx.tree.kind(first) != PathKind::Dir;
        // `vendor/` is skipped as a build product only when git never had it: a Go
        // module's vendored code is tracked, and a package moved out of it in-tree
        // (lazygit's `vendor/github.com/jesseduffield/gocui`, now `pkg/gocui`) is git's
        // evidence like any other path's.
        let build_product = DEFAULT_EXCLUDED_DIRS.contains(&first) && first != "vendor";
        if build_product || (first_gone && (!path.contains('/') || first.starts_with('.'))) {
            continue;
        }
        if span.text.trim().starts_with('/') && SYSTEM_DIRS.contains(&first) {
            continue;
        }
        // A path under a folder that is gone is missing by itself; whether it exists from
        // a folder above the doc or is ignored is asked only if git shows it moved
        // (`still_there`): most such spans name the reader's files.
        if !first_gone
            && (ctx.tree.exists(&path)
                || exists_from_a_folder_above(ctx, &doc.path, &path)
                || ctx.ignored.contains(&path))
        {
            continue;
        }
        if says_gone(&gone_context(doc, span.line), span.text.trim())
            || in_old_column(doc, span.line, span.text.trim())
            || written_from_a_named_folder(ctx, &doc.parsed.text, &path)
            || under_a_parent_item(ctx, doc, span.line, &path)
        {
            continue;
        }
        // Without git's evidence where the doc names the repository's own files; a nested
        // doc's path is read from its own folder first.
        let own = names_own_file(ctx, doc, role, span.line, &path);
        let without_git = own.is_some();
        let mut problem = missing(own.unwrap_or(path), "code path");
        if let Problem::MissingTarget(m) = &mut problem {
            m.only_if_moved = !without_git;
        }
        out.push(problem);
    }
}

/// Whether the doc writes `path` from the one folder its text names before the path's
/// first folder: every `P/<first>/` in the doc has the same `P`, and `P/path` is in the
/// tree. transformers.js' guide says "All model files live under
/// `packages/transformers/src/models/<model_type>/`", then lists `src/models/tokenizers.js`:
/// written from the package, where it is (round 76: 7 false rows). A doc naming several
/// such folders (`packages/core/src/…`, `packages/client/src/…`) leaves `src/types.ts`
/// unplaced (mcp-typescript-sdk's true row); a climb (`../../src/`) names no folder. A
/// path of one name says nothing.
fn written_from_a_named_folder(ctx: &ScanContext<'_>, text: &str, path: &str) -> bool {
    let Some((first, _)) = path.split_once('/') else { return false };
    let needle = format!("/{first}/");
    let mut named: Option<&str> = None;
    for (at, _) in text.match_indices(&needle).take(64) {
        let before = &text[..at];
        let start = before
            .char_indices()
            .rev()
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || "-_./@".contains(*c)))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let folder = before[start..].trim_start_matches("./").trim_start_matches('/');
        if folder.split('/').all(|part| matches!(part, "" | "." | "..")) {
            continue;
        }
        match named {
            Some(other) if other != folder => return false,
            _ => named = Some(folder),
        }
    }
    named.is_some_and(|folder| ctx.tree.exists(&crate::scan::resolve::join(folder, path)))
}

/// Whether `path`, written in a nested list item, is in the folder an item above it
/// names: slint's AGENTS.md lists "- **`internal/compiler/`** - Slint language compiler"
/// and under it "  - `tests/syntax/` - Syntax error test cases", which is
/// `internal/compiler/tests/syntax/` (round 82). Each enclosing item's first code span is
/// tried as the folder, nearest first; so is a lone folder an agent file lists under
/// such an item (crates.io's `AGENTS.md`: `crates_io_worker/` under `/crates/`, round 86).
fn under_a_parent_item(ctx: &ScanContext<'_>, doc: &Doc, line: u32, path: &str) -> bool {
    super::layout_lists::enclosing_folders(doc, line).iter().any(|folder| {
        ctx.tree.kind(folder) == PathKind::Dir
            && ctx.tree.exists(&crate::scan::resolve::join(folder, path))
    })
}

/// A missing entry of a list laying out the repository's parts
/// (`layout_lists::missing_entry`), in a doc that names the repository's own files:
/// a `broken_reference` without git's evidence (git's evidence still makes it a
/// `stale_name_location`). Not an entry its line creates, exemplifies or says is gone,
/// one that stands for any name, a hidden tool folder's, a build output's, nor one an
/// ignore rule covers.
fn missing_layout_entry(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    line: u32,
    code: &str,
) -> Option<Missing> {
    let super::layout_lists::MissingEntry { resolved, needs_git } =
        super::layout_lists::missing_entry(ctx, doc, line, code)?;
    let written = doc.parsed.lines.text_of(&doc.parsed.text, line);
    let segments: Vec<&str> = resolved.split('/').collect();
    let first = segments[0];
    let odd = segments.iter().any(|s| stands_for_any(s) || is_placeholder(s))
        || (first.starts_with('.') && first != ".github")
        || DEFAULT_EXCLUDED_DIRS.contains(&first)
        || (code.trim().starts_with('/') && SYSTEM_DIRS.contains(&first))
        || creates_or_exemplifies(written)
        || says_gone(&gone_context(doc, line), code.trim())
        || changelog_fragment(&resolved);
    // A lone folder at the root is followed through git like one an agent file lists
    // (`alembic/`, moved into the package: `stale_name_location::classify`).
    let lone_folder = !resolved.contains('/') && code.trim().ends_with('/');
    let what = if lone_folder { AGENT_FOLDER } else { "code path" };
    (!odd).then(|| Missing {
        doc: doc.path.clone(),
        line,
        written: code.trim().to_string(),
        resolved,
        form: Form::RepoPath,
        what,
        only_if_moved: needs_git,
    })
}

/// What a missing lone file name is (`broken_reference::signal` words it).
pub const FILE_NAME: &str = "file name";

/// Extensions of the tool config files a repository keeps (`mise.toml`,
/// `.clippy.toml`, `.golangci.yaml`), for a lone name in backticks. Other names in agent
/// files are mostly patterns (`.test.ts`, `kebab-case.ts`), library names
/// (`postgres.js`), files the program writes (`manifest.json`) or the reader's own
/// (`tsconfig.json`): with every source and doc extension, 93 lone names on the labeled
/// repositories, most of them such; with these, 4 — 3 known misses and a suffix
/// ("`.lock.yml` files", now left out).
const CONFIG_EXTENSIONS: [&str; 6] = ["toml", "yaml", "yml", "ini", "cfg", "conf"];

/// A backticked lone file name in the repository's agent context (`mise.toml`,
/// `.clippy.toml`, `rask.toml`) at neither the root nor beside the doc, that no ignore
/// rule covers: a file the agent is sent to that may be nowhere. A line that creates or
/// exemplifies the file, or says it is gone, names it on purpose. Reported only when git
/// never had a file of that name in any folder (`never_had_file_name`, once history is
/// read).
///
/// Any other lone file name (`.flake8`, `.travis.yml`, `requirements.txt`) in agent
/// context or a contributor's guide is the repository's own file too, but one the
/// reader may keep as well: it counts only when git shows it renamed or deleted where
/// the doc names it (`only_if_moved`), at the root — beside the doc for nested agent
/// context. MyST-Parser's contributing guide still names `.flake8`, deleted when ruff
/// came; nvm's `AGENTS.md` `.travis.yml`, deleted with Travis.
fn unknown_file_name(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    role: DocRole,
    line: u32,
    code: &str,
    folder_doc: bool,
) -> Option<Missing> {
    let agent = matches!(role, DocRole::AgentContext | DocRole::NestedAgentContext);
    if !agent && !is_contributor_guide(&doc.path) && !folder_doc {
        return None;
    }
    let name = code.trim();
    let name = name.strip_prefix("./").unwrap_or(name);
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)) {
        return None;
    }
    let (stem, ext) = name.rsplit_once('.')?;
    let stem = stem.trim_start_matches('.');
    // A dotfile (`.flake8`) has no stem; a suffix (`.test.ts`) or a version (`v1.2`)
    // never was a file at the root, which git's evidence settles.
    let dotfile = stem.is_empty() && name.len() > 2 && !name.contains("..");
    if (stem.is_empty() && !dotfile)
        || ext.is_empty()
        || name.starts_with('_')
        || is_placeholder(name)
        || stands_for_any(name)
    {
        return None;
    }
    let config = agent && !stem.is_empty() && CONFIG_EXTENSIONS.contains(&ext);
    let beside = crate::scan::resolve::join(doc.dir(), name);
    if ctx.tree.exists(name) || ctx.tree.exists(&beside) {
        return None;
    }
    // In a folder's doc, the text of a link to the file (`` [`x.rs`](./x.rs) ``) is
    // checked as the link; a hidden name (`.mcp.json`, `.env`) is the reader's
    // configuration more often than the folder's own file.
    if folder_doc
        && (name.starts_with('.')
            || doc.parsed.links.iter().any(|l| l.line == line && links_to_name(&l.dest, name)))
    {
        return None;
    }
    let written = sentence_lines(doc, line);
    let nested = !config && (role == DocRole::NestedAgentContext || folder_doc);
    let resolved = if nested { beside.clone() } else { name.to_string() };
    // A name beside its near twin (`twin_of`) is a slip: not a kind of file, nor one of
    // the alternatives ("Update the `Configuration.md` file", `Configurations.md` there).
    let twin = || !config && twin_of(ctx, &resolved).is_some();
    // "`.yml`, `.yaml`, and `.lock.yml` files are blocked": a kind of file, by suffix.
    let kind = written.contains(&format!("{name}` file")) && !twin();
    if kind
        || creates_or_exemplifies(sentence_of(&written, name))
        || says_gone(&written, name)
        || (name.starts_with('.') && suffix_of_a_name(&doc.parsed.text, name))
    {
        return None;
    }
    // Read with the line it goes on from ("add a file named\n`AI_AGENT_DISCLOSURE.md`"),
    // the lead of its list ("**Good examples**:"), and the other names it is listed with.
    let lead = paragraph_before(doc, line);
    if !config
        && (creates_or_exemplifies(&lead)
            || list_lead(doc, line).is_some_and(|l| names_an_example(&l))
            || (lists_alternatives(ctx, doc, &written, name) && !twin()))
    {
        return None;
    }
    // Asked last, as the costliest: a name an ignore rule covers is a build's output or
    // the reader's. A folder's doc reads it beside the doc, which the tally asks only of
    // a name git shows gone from there (`still_there`).
    if !folder_doc && (ctx.ignored.contains(name) || ctx.ignored.contains(&beside)) {
        return None;
    }
    Some(Missing {
        doc: doc.path.clone(),
        line,
        written: name.to_string(),
        resolved,
        form: Form::RepoPath,
        what: if config { FILE_NAME } else { "code path" },
        only_if_moved: !config,
    })
}

/// Whether `doc` is a user's or an agent's doc below the root, outside an example
/// project and not a tutorial, so that a lone file name in it names a file of its own
/// folder: dyad's `.github/workflows/README.md` tables the workflows beside it, mocha's
/// `test/README.md` names `mocha.opts`. Git must still show that file renamed or
/// deleted there (`only_if_moved`).
fn describes_its_folder(ctx: &ScanContext<'_>, doc: &Doc, role: DocRole) -> bool {
    matches!(role, DocRole::UserDoc | DocRole::AgentDoc)
        && !is_contributor_guide(&doc.path)
        && !doc.dir().is_empty()
        && !is_tutorial(&doc.path)
        && !crate::scan::role::in_example_project(ctx, &doc.path)
}

/// Whether link destination `dest` names file `name` (its last segment, before any
/// fragment or query).
fn links_to_name(dest: &str, name: &str) -> bool {
    let path = dest.split(['#', '?']).next().unwrap_or(dest);
    path.rsplit('/').next() == Some(name)
}

/// What a lone file name is called in its `broken_reference` when it is missing but its
/// near twin is there (`twin_slip`): the signal's `Missing::resolved` is the twin.
pub const TWIN_NAME: &str = "file name with a near twin";

/// The near twin of a lone file name in code that git never had (`twin_of`): a code
/// path raised only if it moved, or a config file's name (`unknown_file_name`: in agent
/// files and contributor guides); `None` for anything else.
pub fn twin_slip(ctx: &ScanContext<'_>, m: &Missing) -> Option<String> {
    let lone_name = (m.what == "code path" && m.only_if_moved) || m.what == FILE_NAME;
    let agent = matches!(ctx.role(&m.doc), DocRole::AgentContext | DocRole::NestedAgentContext);
    if !lone_name
        || !(agent || is_contributor_guide(&m.doc))
        || m.form != Form::RepoPath
        || m.written.contains('/')
        || !never_had_file_name(ctx, m)
    {
        return None;
    }
    twin_of(ctx, &m.resolved)
}

/// The file beside root-relative `resolved` (a lone file name, where the doc means it)
/// that differs from it only as a slip of the pen would: a leading dot written or left
/// out (ratatui's CONTRIBUTING names `.clippy.toml`, the file is `clippy.toml`), `.yml`
/// for `.yaml` or back, or an `s` before the extension (rustfmt's `Configuration.md`,
/// the file is `Configurations.md`).
pub fn twin_of(ctx: &ScanContext<'_>, resolved: &str) -> Option<String> {
    let (dir, name) = resolved.rsplit_once('/').map_or(("", resolved), |(d, n)| (d, n));
    let mut names: Vec<String> = Vec::new();
    match name.strip_prefix('.') {
        Some(bare) => names.push(bare.to_string()),
        None => names.push(format!(".{name}")),
    }
    let (stem, ext) = name.rsplit_once('.').filter(|(stem, _)| !stem.is_empty())?;
    match ext {
        "yml" => names.push(format!("{stem}.yaml")),
        "yaml" => names.push(format!("{stem}.yml")),
        _ => {}
    }
    match stem.strip_suffix('s') {
        Some(one) if one.trim_start_matches('.').len() >= 3 => names.push(format!("{one}.{ext}")),
        _ => names.push(format!("{stem}s.{ext}")),
    }
    names
        .into_iter()
        .map(|n| if dir.is_empty() { n } else { format!("{dir}/{n}") })
        .find(|p| ctx.tree.kind(p) == PathKind::File)
}

/// Whether lone file name `m` (`unknown_file_name`) is one git never had in any folder,
/// on a full history (a shallow clone knows too few names to say).
pub fn never_had_file_name(ctx: &ScanContext<'_>, m: &Missing) -> bool {
    ctx.history.as_ref().is_some_and(|h| !h.shallow && !h.knows_file_name(&m.written))
}

/// Whether `path` is a tutorial: a folder or a file named for one (`tutorials/`,
/// `quick-start.md`, `getting-started/`, `TutorialjQuery.md`). Its code paths are those of
/// the project it has its reader build: redux's quick start names the reader's
/// `src/index.js` (this repository's became `src/index.ts`), dagger's HTTP-client
/// tutorial the reader's `src/main.rs`, CopilotKit's travel-app tutorial the
/// `examples/coagents-travel` of the branch it has the reader clone (not a site page
/// here, so still read). Only on a docs
/// site's pages (`DocRole::SitePage`): a contributor's getting-started note elsewhere
/// names this repository's files (dagger's `core/docs/…getting_started.md`). On the labels,
/// 7 false rows and no true one; links, fragments and a skill's resources are still
/// checked.
pub fn is_tutorial(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.split('/').any(|part| {
        let part = part.split('.').next().unwrap_or(part);
        let squeezed: String = part.chars().filter(|c| !matches!(c, '-' | '_' | ' ')).collect();
        squeezed.contains("tutorial")
            || squeezed.contains("quickstart")
            || squeezed.contains("gettingstarted")
    })
}

/// Whether `path` lies in a folder named `tutorials` or `tutorial` (deno's
/// `examples/tutorials/astro.md`): each page there has its reader build a project of
/// their own, on a docs site or not (a site this scan does not detect publishes deno's).
pub fn in_tutorials_folder(path: &str) -> bool {
    let mut folders = path.split('/');
    folders.next_back();
    folders.any(|f| f.eq_ignore_ascii_case("tutorials") || f.eq_ignore_ascii_case("tutorial"))
}

/// Whether a missing backticked path counts without git's evidence: the doc is one that
/// names this repository's own files — its agent context (loaded in every session or in
/// its folder) or a contributor's guide (`CONTRIBUTING.md`, `ARCHITECTURE.md`,
/// `DEVELOPMENT.md`, `HACKING.md`, a `contributing/` or `architecture/` folder) — the
/// path's folder exists (its parent, or for a path of three names or more its
/// grandparent), and its line neither creates nor exemplifies it ("create
/// `src/tools/new_tool.py`", "e.g. `tests/foo/…`"). Such a doc tells an agent or a
/// contributor where things are; a path there that never existed sends them nowhere
/// (sentry-mcp's `packages/mcp-server/src/api-utils.ts`, clippy's
/// `clippy_lints/lib.rs` for `clippy_lints/src/lib.rs`). A doc below the root names its
/// folder's files first: when the doc's folder holds the parent folder, the path is read
/// from there (trigger.dev's `internal-packages/run-engine/CLAUDE.md`
/// lists `src/locking.ts`, which is `src/engine/locking.ts` of that package). The path
/// to report, from the root, or `None`.
fn names_own_file(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    role: DocRole,
    line: u32,
    path: &str,
) -> Option<String> {
    if !names_own_files(role, &doc.path) {
        return None;
    }
    let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    if segments.len() < 2 || segments.iter().any(|s| s.is_empty() || *s == "." || stands_for_any(s))
    {
        return None;
    }
    // A file (a name with an extension) or a folder written as one (`src/backend/core/`):
    // `tools/call`, `pnpm/pnpm` and `docs/2677-branch-naming` are names of other things.
    let last = segments[segments.len() - 1];
    let file = last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && !ext.is_empty() && ext.chars().all(|c| c.is_ascii_alphanumeric())
    });
    let written = doc.parsed.lines.text_of(&doc.parsed.text, line);
    if !file && !written.contains(&format!("{}/`", path.trim_end_matches('/'))) {
        return None;
    }
    // A hidden tool folder (`.claude/settings.json`, `.changeset/pre.json`) is the
    // reader's as often as the repository's.
    if (segments[0].starts_with('.') && segments[0] != ".github") || creates_or_exemplifies(written)
    {
        return None;
    }
    // Its folder is there: the name is wrong, not the place (a folder that is missing
    // too is more often a placeholder: `tests/llm/test_provider/evals/`).
    let parent = segments[..segments.len() - 1].join("/");
    if let Some((folder, _)) = doc.path.rsplit_once('/') {
        let local = crate::scan::resolve::join(folder, path);
        if ctx.tree.kind(&crate::scan::resolve::join(folder, &parent)) == PathKind::Dir {
            let here = ctx.tree.exists(&local) || ctx.ignored.contains(&local);
            return (!here).then_some(local);
        }
    }
    (ctx.tree.kind(&parent) == PathKind::Dir).then(|| path.to_string())
}

/// What `says_gone` reads for a path on `line`: the line with the one before it when
/// the sentence began there ("Do not recreate the old\n`docs/content/docs/` tree":
/// CopilotKit's contributor README) and the one after it (`sentence_lines`).
fn gone_context(doc: &Doc, line: u32) -> String {
    let lead = paragraph_before(doc, line);
    let lines = sentence_lines(doc, line);
    if lead.is_empty() {
        lines
    } else {
        format!("{lead} {lines}")
    }
}

/// Words of a table's column header that make its cells what was there before (Archon's
/// "Comparison: Before vs After" table: `| | Old Command | New Skill |`, whose old cell
/// names the command file the skill replaced).
const OLD_COLUMN_WORDS: [&str; 7] =
    ["old", "before", "previous", "former", "deprecated", "removed", "legacy"];

/// Whether the backticked `code` on table row `line` of `doc` sits in a column whose
/// header names the past (`OLD_COLUMN_WORDS`).
fn in_old_column(doc: &Doc, line: u32, code: &str) -> bool {
    let text = &doc.parsed.text;
    let lines = &doc.parsed.lines;
    let row = |n: u32| {
        let l = lines.text_of(text, n).trim();
        (l.starts_with('|') && n > 0).then_some(l)
    };
    let Some(this) = row(line) else { return false };
    let cells = |l: &str| -> Vec<String> {
        l.trim_matches('|').split('|').map(|c| c.trim().to_lowercase()).collect()
    };
    let Some(column) =
        cells(this).iter().position(|c| c.contains(&format!("`{}`", code.to_lowercase())))
    else {
        return false;
    };
    // The header is the first row of the table: walk up while rows go on.
    let mut first = line;
    while first > 1 && row(first - 1).is_some() {
        first -= 1;
    }
    if first == line {
        return false;
    }
    let header = cells(row(first).unwrap_or_default());
    header.get(column).is_some_and(|h| {
        h.split(|c: char| !c.is_alphanumeric()).any(|w| OLD_COLUMN_WORDS.contains(&w))
    })
}

/// Line `line` of `doc`, with the next line joined on when it goes on the same paragraph
/// (not blank, no list item, heading, table row or quote of its own): a sentence broken
/// across lines ("`src/Core/README.md` and\nsimilar paths do not exist.").
fn sentence_lines(doc: &Doc, line: u32) -> String {
    let text = doc.parsed.lines.text_of(&doc.parsed.text, line);
    let next = doc.parsed.lines.text_of(&doc.parsed.text, line + 1).trim();
    let opens_block = |l: &str| {
        l.is_empty()
            || l.starts_with(['-', '*', '+', '#', '|', '>', '`'])
            || l.split_once(". ").is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
    };
    if text.trim_end().ends_with('|') || opens_block(next) {
        return text.to_string();
    }
    format!("{text} {next}")
}

/// Whether `name` (`.lock.yml`) ends another name somewhere in `text` (`<name>.lock.yml`,
/// `ci.lock.yml`, `*.lock.yml`): a suffix, which no file has alone (pydantic-ai's
/// workflows `AGENTS.md`: "GitHub Actions runs the `.lock.yml`").
fn suffix_of_a_name(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        text[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || "_>}*".contains(c))
    })
}

/// The sentence of `text` that holds the backticked `name`: from the end of the sentence
/// before it (`. `, `! ` or `? ` then a capital) to the end of its own. A cue in another
/// sentence of the line says nothing of the name: mangum's contributing guide says
/// "Running the setup script will create a local Python virtual environment. It … will
/// install the development dependencies located in `requirements.txt`", a file deleted
/// since. All of `text` when the name is not found backticked.
fn sentence_of<'t>(text: &'t str, name: &str) -> &'t str {
    let Some(at) = text.find(&format!("`{name}`")) else { return text };
    let ends = |i: usize| {
        let b = text.as_bytes();
        matches!(b[i], b'.' | b'!' | b'?')
            && b.get(i + 1) == Some(&b' ')
            && text[i + 2..].chars().next().is_some_and(char::is_uppercase)
    };
    let start = (0..at).rev().find(|&i| ends(i)).map_or(0, |i| i + 2);
    let end = (at..text.len()).find(|&i| ends(i)).map_or(text.len(), |i| i + 1);
    &text[start..end]
}

/// The line before `line` when `line` goes on its paragraph (neither opens a block nor
/// follows a blank line), else nothing.
fn paragraph_before(doc: &Doc, line: u32) -> String {
    let text = doc.parsed.lines.text_of(&doc.parsed.text, line).trim_start();
    let before = if line > 1 { doc.parsed.lines.text_of(&doc.parsed.text, line - 1) } else { "" };
    let opens = text.starts_with(['-', '*', '+', '#', '|', '>'])
        || text.starts_with("```")
        || text.starts_with("~~~")
        || text.split_once(". ").is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()));
    if opens || before.trim().is_empty() {
        return String::new();
    }
    before.to_string()
}

/// The paragraph that introduces the list `line` is an item of ("**Good examples**:",
/// "Include the following:"): the first line above that is neither an item nor blank,
/// when it ends with a colon; `None` for a line outside a list.
fn list_lead(doc: &Doc, line: u32) -> Option<String> {
    let item = |l: &str| {
        let l = l.trim_start();
        l.starts_with("- ")
            || l.starts_with("* ")
            || l.starts_with("+ ")
            || l.split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    };
    if !item(doc.parsed.lines.text_of(&doc.parsed.text, line)) {
        return None;
    }
    let mut at = line;
    while at > 1 && line - at < 40 {
        at -= 1;
        let text = doc.parsed.lines.text_of(&doc.parsed.text, at);
        if text.trim().is_empty() || item(text) || text.starts_with([' ', '\t']) {
            continue;
        }
        let text = text.trim_end();
        return text.ends_with(':').then(|| text.to_string());
    }
    None
}

/// Whether `text` names lone file name `name` among others as alternatives: the names
/// are joined by "or" ("`yarn.lock` or `package-lock.json`"), or listed without "and"
/// where another of them is here ("the appropriate lockfile (`package-lock.json`,
/// `pnpm-lock.yaml`, `yarn.lock`)" in a repository on pnpm). The reader picks whichever
/// is theirs. ("Lint settings are in `.flake8` and `setup.cfg`" names both.)
fn lists_alternatives(ctx: &ScanContext<'_>, doc: &Doc, text: &str, name: &str) -> bool {
    let lone = |s: &str| {
        !s.is_empty()
            && s.contains('.')
            && s.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
    };
    let parts: Vec<&str> = text.split('`').collect();
    let spans: Vec<usize> = (1..parts.len()).step_by(2).filter(|&i| lone(parts[i])).collect();
    let Some(&at) = spans.iter().find(|&&i| parts[i] == name) else { return false };
    if spans.len() < 2 {
        return false;
    }
    // The text between consecutive names of the list.
    let (first, last) = (spans[0], spans[spans.len() - 1]);
    let gaps: Vec<String> =
        (first + 1..last).step_by(2).map(|i| parts[i].trim().to_lowercase()).collect();
    if gaps.iter().any(|g| g == "or" || g == ", or" || g == "/") {
        return true;
    }
    let listed = gaps.iter().all(|g| g == "," || g == ", " || g.is_empty());
    let here =
        |n: &str| ctx.tree.exists(n) || ctx.tree.exists(&crate::scan::resolve::join(doc.dir(), n));
    listed && spans.iter().any(|&i| i != at && here(parts[i]))
}

/// Whether the sentence (or table cell) of `line` that writes `code` says the path is
/// gone: "The merge engine (`internal/merge/`) was removed", "formerly `src/a.ts`", "the
/// former `docs/x/` archive, now deleted". The doc already knows; nothing is stale.
pub(crate) fn says_gone(line: &str, code: &str) -> bool {
    let Some(at) = line.find(&format!("`{code}`")) else { return false };
    // A sentence ends at a stop followed by a space (not `v1.2`, not `a.ts`), or at a
    // full-width stop.
    let always_ends = |c: char| matches!(c, '|' | '。' | '；' | '！' | '？');
    let ends = |c: char| matches!(c, '.' | ';' | '!' | '?') || always_ends(c);
    let start = line[..at]
        .char_indices()
        .rev()
        .find(|&(i, c)| ends(c) && (always_ends(c) || line[i + c.len_utf8()..].starts_with(' ')))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let after = at + code.len() + 2;
    let end = line[after..]
        .char_indices()
        .find(|&(i, c)| {
            ends(c)
                && (always_ends(c)
                    || line[after + i + 1..].starts_with(' ')
                    || after + i + 1 == line.len())
        })
        .map_or(line.len(), |(i, _)| after + i);
    let sentence = line[start..end].to_lowercase();
    const GONE: [&str; 18] = [
        "removed",
        "deleted",
        // Deleted, removed: Chinese (删除, 移除), Japanese (削除), Korean (삭제).
        "删除",
        "移除",
        "削除",
        "삭제",
        "no longer",
        "not exist",
        "n't exist",
        "not found",
        "no such",
        "formerly",
        "former ",
        "is gone",
        "are gone",
        "retired",
        "recreate",
        "previously",
    ];
    // The word just before it: "there is no `packages/v1/`", "the old `docs/x/` tree",
    // "Old: `src/a.ts`"; before a list of such paths, too ("there is no `packages/v1/`
    // or `packages/v2/` directory": CopilotKit's skill, the second path a false row;
    // "there is no `make migrate` / `make migrate-stamp` target": deer-flow's).
    let mut before = line[start..at].trim_end().trim_end_matches(':').to_lowercase();
    loop {
        let mut rest = before.trim_end().trim_end_matches(',').trim_end();
        for joint in [" or", " nor", " and", " /"] {
            rest = rest.strip_suffix(joint).unwrap_or(rest).trim_end();
        }
        let rest = rest.trim_end_matches(',').trim_end();
        // Over the list's previous code span, to the word before it.
        match rest.strip_suffix('`').and_then(|r| r.rfind('`').map(|i| &r[..i])) {
            Some(earlier) if rest.len() < before.len() => before = earlier.trim_end().to_string(),
            _ => break,
        }
    }
    let word = before.rsplit(|c: char| !c.is_alphanumeric()).next().unwrap_or_default();
    // A list said not to be there: "No `.cursor/rules/`, `.cursorrules`, or
    // `.github/copilot-instructions.md` found."
    let listed_none = {
        let s = sentence.trim_start_matches(['-', '*', ' ']).trim_end_matches(['.', ' ']);
        s.starts_with("no ") && (s.ends_with(" found") || s.ends_with(" exist"))
    };
    GONE.iter().any(|g| sentence.contains(g)) || matches!(word, "no" | "old") || listed_none
}

/// Whether `path` names one entry of a changelog to come: a file named by its pull
/// request or issue number (`changelog/1234.added.md`, `newsfragments/3519.fixed.md`)
/// in a folder of such entries. Towncrier and its kin consume them at each release, so
/// a guide's example entry is never there for long, and never meant to be.
fn changelog_fragment(path: &str) -> bool {
    let Some((dir, name)) = path.rsplit_once('/') else { return false };
    let folder = dir.rsplit('/').next().unwrap_or(dir).to_ascii_lowercase();
    const FOLDERS: [&str; 6] =
        ["changelog", "newsfragments", "changelog.d", "changes", ".changeset", ".changes"];
    FOLDERS.contains(&folder.as_str()) && name.starts_with(|c: char| c.is_ascii_digit())
}

/// Whether a path segment stands for any name: `...`, `XXXX`, `NNN`, `foo_functions.rs`,
/// `test_foo.nu` (besides `is_placeholder`'s).
fn stands_for_any(segment: &str) -> bool {
    let stem = segment.split('.').next().unwrap_or(segment);
    let lower = stem.to_ascii_lowercase();
    is_placeholder(segment)
        || segment.contains("...")
        || segment.split(['_', '-', '.']).any(|w| {
            (w.len() >= 2 && w.chars().all(|c| c == 'X' || c == 'N'))
                || matches!(w, "MAJOR" | "MINOR" | "PATCH" | "VERSION" | "NAME" | "DATE")
                || (w.len() > 4 && w.ends_with("Here"))
        })
        || lower
            .split(['_', '-'])
            .any(|w| matches!(w, "foo" | "bar" | "baz" | "example" | "sample" | "xxx"))
}

/// Whether a line tells the reader to make the paths it names, gives them as examples,
/// or places them in another repository ("see `agent_docs/…` in that repo").
fn creates_or_exemplifies(line: &str) -> bool {
    let lower = line.to_lowercase();
    const CUES: [&str; 21] = [
        "create",
        "written to",
        "add a",
        "add the",
        "new ",
        "example",
        "e.g",
        "for instance",
        "such as",
        "generate",
        "will be",
        "would",
        "your",
        "mkdir",
        "touch ",
        "write ",
        "output",
        "that repo",
        "other repo",
        "another repo",
        "upstream",
    ];
    names_an_example(line) || CUES.iter().any(|c| lower.contains(c))
}

/// Whether the doc at `path` (of `role`) tells where the repository's own files are:
/// its agent context, loaded in every session or in its folder, or a contributor's guide.
fn names_own_files(role: DocRole, path: &str) -> bool {
    matches!(role, DocRole::AgentContext | DocRole::NestedAgentContext)
        || is_contributor_guide(path)
}

/// Whether `path` is a contributor's guide, which names the repository's own files: by
/// its name, or in a `contributing/`, `contributor/`, `contrib/` (cargo's
/// `doc/contrib/`, its contributor guide's book), `architecture/` or `internals/`
/// folder (a docs site's pages on how the project itself is built: claude-mem's
/// `docs/public/architecture/hooks.mdx` on its own hook sources).
pub fn is_contributor_guide(path: &str) -> bool {
    let (dirs, name) = path.rsplit_once('/').unwrap_or(("", path));
    let stem = name.split('.').next().unwrap_or(name).to_ascii_uppercase();
    const NAMES: [&str; 5] =
        ["CONTRIBUTING", "ARCHITECTURE", "DEVELOPMENT", "HACKING", "DEVELOPING"];
    const FOLDERS: [&str; 5] =
        ["contributing", "contributor", "contrib", "architecture", "internals"];
    NAMES.iter().any(|n| stem.starts_with(n))
        || dirs.split('/').any(|d| FOLDERS.iter().any(|f| d.eq_ignore_ascii_case(f)))
}

/// What a missing folder named alone in agent context is called (`Missing::what`).
pub const AGENT_FOLDER: &str = "folder";

/// The folder a lone backticked folder name (`` `humanlayer-ts/` ``: one name, written
/// with its slash) of agent context names when it is gone: the root's for a doc loaded
/// in every session, the doc's own folder's for a nested one. Agent context lists the
/// repository's parts this way ("- `humanlayer-ts/` - TypeScript SDK"), so such a name
/// is this repository's, not the reader's; whether it is stale is still git's to say
/// (`only_if_moved`). Elsewhere a lone name is more often the reader's own folder.
fn agent_folder(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    role: DocRole,
    written: &str,
    path: &str,
) -> Option<String> {
    let written = written.trim();
    if !written.ends_with('/')
        || path.contains('/')
        || path.starts_with('.')
        || DEFAULT_EXCLUDED_DIRS.contains(&path)
    {
        return None;
    }
    let folder = match role {
        DocRole::AgentContext => path.to_string(),
        DocRole::NestedAgentContext => {
            crate::scan::resolve::join(crate::scan::resolve::parent_dir(&doc.path), path)
        }
        _ => return None,
    };
    (!ctx.tree.exists(&folder) && !ctx.ignored.contains(&folder)).then_some(folder)
}

/// What a missing skill resource is called (`Missing::what`).
pub const SKILL_RESOURCE: &str = "skill resource";

/// The folders of an Agent Skill's resources, named from the skill's folder (the
/// folder of its `SKILL.md`): what the agent loads when the skill says to.
const SKILL_FOLDERS: [&str; 3] = ["references", "assets", "scripts"];

/// The folder of the `SKILL.md` that `doc` is (or sits below, up to three folders): the
/// skill it belongs to.
fn skill_root<'d>(ctx: &ScanContext<'_>, doc: &'d str) -> Option<&'d str> {
    let mut dir = doc.rsplit_once('/')?.0;
    for _ in 0..4 {
        if ctx.tree.exists(&crate::scan::resolve::join(dir, "SKILL.md")) {
            return Some(dir);
        }
        dir = dir.rsplit_once('/')?.0;
    }
    None
}

/// A backticked file of the skill's own resource folders (`references/vault-setup.md`,
/// `assets/deploy.yml`) that is neither in the skill folder nor beside the doc: an agent
/// told to read it finds nothing. The skill's files are its own, so no git evidence is
/// needed (a skill folder shipping only `SKILL.md` that names five `references/` files).
fn missing_skill_resource(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    root: &str,
    line: u32,
    written: &str,
    path: &str,
) -> Option<Missing> {
    let (first, rest) = path.split_once('/')?;
    let file = rest.rsplit('/').next().unwrap_or(rest);
    let named_file = file.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && !ext.is_empty() && ext.chars().all(|c| c.is_ascii_alphanumeric())
    });
    if !SKILL_FOLDERS.contains(&first) || !named_file || written.trim().starts_with('/') {
        return None;
    }
    // A folder of that name at the root makes the path the repository's as much as the
    // skill's (react-router's `scripts/changes/…`): git's evidence decides, as for any
    // code path. A skill about writing skills (it names `SKILL.md`) and an example
    // ("**Examples**: `references/finance.md` for financial schemas") name resources a
    // reader's skill would have.
    if ctx.tree.kind(first) == PathKind::Dir || teaches_skills(&doc.parsed.text) {
        return None;
    }
    let text_line = doc.parsed.lines.text_of(&doc.parsed.text, line);
    if names_an_example(text_line) {
        return None;
    }
    let doc_dir = doc.path.rsplit_once('/').map_or("", |(d, _)| d);
    let resolved = crate::scan::resolve::join(root, path);
    if ctx.tree.exists(&resolved)
        || ctx.tree.exists(&crate::scan::resolve::join(doc_dir, path))
        || ctx.tree.exists(path)
        || in_a_sibling_skill(ctx, root, path)
    {
        return None;
    }
    Some(Missing {
        doc: doc.path.clone(),
        line,
        written: written.trim().to_string(),
        resolved,
        form: Form::DocRelative,
        what: SKILL_RESOURCE,
        only_if_moved: false,
    })
}

/// Whether `path` is a file of another skill beside the one at `root` ("the
/// `lora-qlora-recipes` skill's `references/unsloth-trl-mapping.md`"): the text names
/// that skill. Read only for a resource missing from its own skill.
fn in_a_sibling_skill(ctx: &ScanContext<'_>, root: &str, path: &str) -> bool {
    let parent = root.rsplit_once('/').map_or("", |(p, _)| p);
    let Ok(entries) = std::fs::read_dir(ctx.root.join(parent)) else { return false };
    entries.flatten().filter_map(|e| e.file_name().into_string().ok()).any(|name| {
        let sibling = crate::scan::resolve::join(parent, &name);
        sibling != root
            && ctx.tree.exists(&crate::scan::resolve::join(&sibling, "SKILL.md"))
            && ctx.tree.exists(&crate::scan::resolve::join(&sibling, path))
    })
}

/// Whether a skill's text names `SKILL.md` in prose or code: it explains how skills are
/// built (claude-code's `skill-development`, gemini-cli's `skill-creator`).
fn teaches_skills(text: &str) -> bool {
    let body =
        text.strip_prefix("---").and_then(|t| t.split_once("\n---")).map_or(text, |(_, b)| b);
    body.contains("SKILL.md")
}

/// Whether `line` gives its paths as examples.
fn names_an_example(line: &str) -> bool {
    let lower = line.to_lowercase();
    ["example", "e.g.", "for instance", "such as"].iter().any(|cue| lower.contains(cue))
}

/// Info strings of shell scripts: every line is a command (unless the block shows
/// prompts, then only the prompt lines are).
const SCRIPT_INFOS: [&str; 7] = ["sh", "bash", "shell", "zsh", "fish", "powershell", "ps1"];

/// Whether `path` exists from the doc's folder or a folder above it (below the root): a
/// package's README names paths from the package (`tests/`, `examples/sequential` in
/// `pyo3-ffi/`), and its commands run there.
fn exists_from_a_folder_above(ctx: &ScanContext<'_>, doc: &str, path: &str) -> bool {
    let mut dir = doc.rsplit_once('/').map_or("", |(d, _)| d);
    while !dir.is_empty() {
        if ctx.tree.exists(&crate::scan::resolve::join(dir, path)) {
            return true;
        }
        dir = dir.rsplit_once('/').map_or("", |(d, _)| d);
    }
    false
}

/// Whether a backticked path that git shows moved is still there for its doc: it exists
/// from a folder above the doc, or `.gitignore` ignores it (checked late: see
/// `check_code_paths`).
pub fn still_there(ctx: &ScanContext<'_>, m: &Missing) -> bool {
    (m.what == "code path"
        && (exists_from_a_folder_above(ctx, &m.doc, &m.resolved)
            || ctx.ignored.contains(&m.resolved)))
        || lives_elsewhere(ctx, m)
}

/// Whether a lone file name (`CHANGELOG.md`, `pyproject.toml`, `slack.py`), gone from
/// where the doc names it, is a file the repository still has in another folder: the doc
/// names that file by its name (a monorepo's per-package changelog or `pyproject.toml`
/// after the root's left; marvin's Slack bot listing `slack.py`, moved into
/// `src/slackbot/`), and a reader looking for it finds it.
fn lives_elsewhere(ctx: &ScanContext<'_>, m: &Missing) -> bool {
    let lone = matches!(m.what, "code path" | FILE_NAME) && !m.written.contains('/');
    lone && ctx.history.as_ref().is_some_and(|h| {
        h.paths_named(&m.written).iter().any(|p| *p != m.resolved && ctx.tree.exists(p))
    })
}

/// Whether a path written in code, missing from the root, is there in two or more of the
/// repository's packages (`Tree::package_dirs`): a doc outside every package names the
/// layout they share, from inside whichever one the reader works in (deepagents' root
/// `AGENTS.md` on `tests/unit_tests/` of each `libs/*`, remix's on the `src/lib` of 45
/// packages, astro's CONTRIBUTING on each package's `test/fixtures/`). That the root
/// once had one too says nothing. The caller asks only when git does not show the path
/// renamed to one new home, which is a move to report (`src/types.ts`, now
/// `packages/core-internal/src/types/types.ts`). A lone folder name (`src/`,
/// `packages/`) is too common to say which layout is meant, and a doc inside a package
/// names that package's own paths.
pub fn in_every_package(ctx: &ScanContext<'_>, m: &Missing) -> bool {
    let in_a_package =
        || ctx.tree.package_dirs().iter().any(|d| m.doc.starts_with(&format!("{d}/")));
    matches!(m.what, "code path" | "command path" | AGENT_FOLDER)
        && m.form == Form::RepoPath
        && m.resolved.trim_end_matches('/').contains('/')
        && ctx.tree.packages_with(&m.resolved) >= 2
        && !in_a_package()
}

/// Info strings of terminal sessions (and blocks with none): only lines after a `$ `
/// prompt are commands; the rest is output, often of an older tree.
const SESSION_INFOS: [&str; 4] = ["", "console", "text", "shell-session"];

/// Paths written in shell commands of code blocks (`uv run x ../requirements/trio.in`)
/// that git history shows were renamed or deleted here: a command that no longer runs.
/// A missing path git knows nothing about is left alone (it is usually the reader's own
/// file, or one the command creates), and so is command output.
pub fn check_code_block_paths(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Vec<Problem>) {
    // History may still be loading: every candidate is kept, and the tally drops those
    // git does not explain (`only_if_moved`).
    let from = out.len();
    // What the doc's commands write (`written_words`), as written.
    let mut made = std::collections::HashSet::new();
    for block in &doc.parsed.code_blocks {
        let lang = block.info.split_whitespace().next().unwrap_or_default().to_ascii_lowercase();
        let script = SCRIPT_INFOS.contains(&lang.as_str());
        if !script && !SESSION_INFOS.contains(&lang.as_str()) {
            continue;
        }
        let prompted = block.text.lines().any(|l| l.trim_start().starts_with("$ "));
        // The folders the block's `cd` commands have entered so far.
        let mut entered = Vec::new();
        // The folder a clone of this repository made, until a `cd` leaves the top.
        let mut cloned: Option<String> = None;
        for (i, line) in block.text.lines().enumerate() {
            let text = match line.trim_start().strip_prefix("$ ") {
                Some(command) => command,
                None if script && !prompted => line,
                None => continue,
            };
            let at = block.line + i as u32;
            command_paths(ctx, doc, text, at, &mut entered, &mut made, out);
            clone_paths(ctx, doc, text, at, &mut cloned, out);
        }
    }
    // An agent runs the commands of its context and docs as written, inline ones too
    // (crush's `AGENTS.md`: "run single test: `go test ./internal/llm/prompt -run
    // TestGetContextFromPaths`"). Elsewhere an inline command is as often one of another
    // repository's (browser-use's notes list commands run in `evaluations-internal`).
    let agent = ctx.role(&doc.path).is_agent_facing();
    for span in doc.parsed.code_spans.iter().filter(|_| agent) {
        let first = span.text.split_whitespace().next().unwrap_or_default();
        if span.text.trim().contains(' ') && COMMANDS.contains(&first) {
            command_paths(ctx, doc, &span.text, span.line, &mut Vec::new(), &mut made, out);
        }
    }
    // A file another command of the doc writes is the reader's new file, whatever the
    // order of the steps (sqlfluff's dialects `AGENTS.md` writes `>
    // test/fixtures/dialects/tsql/top_clause.sql` in step 1 and parses it in step 4):
    // only git's evidence counts for it, as for any command path.
    for problem in &mut out[from..] {
        if let Problem::MissingTarget(m) = problem {
            if m.what == "command path" && made.contains(as_made(&m.written)) {
                m.only_if_moved = true;
            }
        }
    }
}

/// The path a `cd` takes into a clone of this repository that the same block made
/// (`git clone https://github.com/google/adk-samples.git` then `cd
/// adk-samples/python/agents/financial_advisor`): the part after the clone's folder is a
/// path of this checkout, from its top, and one that is missing fails the step for
/// every reader, git's evidence or not (adk-samples' agent READMEs name `financial_advisor`
/// for `financial-advisor`; cua's quickstart `cd cua/cua-bench` for `libs/cua-bench`).
/// `cloned` carries the clone's folder from line to line until a `cd` is read.
fn clone_paths(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    text: &str,
    line: u32,
    cloned: &mut Option<String>,
    out: &mut Vec<Problem>,
) {
    let words = shlex::split(text)
        .unwrap_or_else(|| text.split_whitespace().map(str::to_string).collect::<Vec<_>>());
    let repos = &ctx.known_versions.repos;
    for command in words.split(|w| matches!(w.as_str(), "&&" | "||" | ";" | "|")) {
        let command: Vec<&str> = command.iter().map(String::as_str).collect();
        match command.as_slice() {
            ["git", "clone", args @ ..] => {
                let args: Vec<&str> =
                    args.iter().copied().filter(|a| !a.starts_with('-')).collect();
                // `--depth 1` takes a value: only a URL of this repository and the
                // folder after it are read.
                let Some(at) = args.iter().position(|a| {
                    crate::scan::signals::manifests::repo_slug(a)
                        .is_some_and(|s| repos.contains(&s))
                }) else {
                    *cloned = None;
                    continue;
                };
                let url = args[at].trim_end_matches('/');
                let base = url.rsplit(['/', ':']).next().unwrap_or_default();
                let folder = args.get(at + 1).copied().unwrap_or(base.trim_end_matches(".git"));
                *cloned = Some(folder.trim_end_matches('/').to_string()).filter(|f| !f.is_empty());
            }
            ["cd", target] => {
                let Some(folder) = cloned.take() else { continue };
                let Some(rest) = target.strip_prefix(&format!("{folder}/")) else { continue };
                let rest = rest.trim_end_matches('/');
                let plain = !rest.is_empty()
                    && !rest
                        .split('/')
                        .any(|s| s.is_empty() || s == "." || s == ".." || is_placeholder(s))
                    && !rest.contains(['$', '<', '>', '*', '{', '~']);
                if plain && !ctx.tree.exists(rest) && !ctx.ignored.contains(rest) {
                    out.push(Problem::MissingTarget(Missing {
                        doc: doc.path.clone(),
                        line,
                        written: target.to_string(),
                        resolved: rest.to_string(),
                        form: Form::RepoPath,
                        what: "command path",
                        only_if_moved: false,
                    }));
                }
            }
            ["cd", ..] => *cloned = None,
            _ => {}
        }
    }
}

/// A command word as `check_code_block_paths` compares what the doc's commands write
/// with what they read: no `./`, no trailing `/`.
fn as_made(word: &str) -> &str {
    word.trim_start_matches("./").trim_end_matches('/')
}

/// Programs whose inline code spans are commands (`go test ./pkg`, `cargo run -p x`).
const COMMANDS: [&str; 24] = [
    "go", "cargo", "npm", "npx", "pnpm", "yarn", "bun", "node", "deno", "python", "python3", "uv",
    "uvx", "pip", "pytest", "make", "just", "task", "bash", "sh", "poetry", "hatch", "tox", "nox",
];

/// The repo paths among the shell words of one command line, as problems that count
/// only when git shows the path moved. A word the command writes (`written_words`) is
/// not read, so it names nothing that must exist.
///
/// `entered` holds the folders earlier `cd` commands of the same block went into (this
/// line's included, as it is read): a path there is read from that folder
/// (transformers.js' `cd packages/transformers` then `pnpm test -- ./tests/models.test.js`).
fn command_paths(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    text: &str,
    line: u32,
    entered: &mut Vec<String>,
    made: &mut std::collections::HashSet<String>,
    out: &mut Vec<Problem>,
) {
    let words = shlex::split(text)
        .unwrap_or_else(|| text.split_whitespace().map(str::to_string).collect::<Vec<_>>());
    let written_by_command = written_words(&words);
    for (i, word) in words.iter().enumerate() {
        // The folder entered is read too: it must exist for the rest to run.
        if i > 0 && words[i - 1] == "cd" {
            entered.push(word.trim_end_matches('/').to_string());
        }
        if written_by_command.contains(&i) {
            made.insert(as_made(word.trim_start_matches('>')).to_string());
            continue;
        }
        let word = word.trim_start_matches(['@', '<']);
        // After `cd` into one of the repository's folders, a `./` path is that folder's,
        // not the top's (pytorch-lightning's `cd tests/` then `./tests/run_…sh`); a `cd`
        // into the clone (`cd qdrant`) leaves the reader at the top.
        let moved_in = entered.iter().any(|d| {
            let d = d.trim_start_matches("./");
            ctx.tree.kind(d) == PathKind::Dir
                || ctx.tree.kind(&crate::scan::resolve::join(doc.dir(), d)) == PathKind::Dir
        });
        let Some((written, resolved, form)) = block_path(ctx, doc, word, !moved_in) else {
            continue;
        };
        // A hidden tool folder that is gone (`.kilocode/skills`, `.adal/skills/`) is the
        // reader's, as for a backticked path.
        let first = resolved.split('/').next().unwrap_or_default();
        if first.starts_with('.') && ctx.tree.kind(first) != PathKind::Dir {
            continue;
        }
        let relative = word.trim_start_matches("./");
        if ctx.tree.exists(&resolved)
            || ctx.ignored.contains(&resolved)
            || exists_from_a_folder_above(ctx, &doc.path, relative)
            || entered_folder_has(ctx, &doc.path, entered, relative)
        {
            continue;
        }
        let folder = word.ends_with('/') || (i > 0 && words[i - 1] == "cd");
        let own = own_command_path(ctx, doc, &resolved, form, folder);
        out.push(Problem::MissingTarget(Missing {
            doc: doc.path.clone(),
            line,
            written,
            resolved,
            form,
            what: "command path",
            only_if_moved: !own,
        }));
    }
}

/// Whether a missing command path (`resolved`, root-relative) is one of the repository's
/// own without git's evidence: agent context runs its commands in this checkout, so a
/// path there of two names or more (written from the top, not `./`-relative from a
/// nested doc) whose folder is there, a file (an extension) or a folder
/// (`written_as_folder`: a trailing `/` or what `cd` enters), is one the agent is sent
/// to — unless a name stands for any name (`tests/test_name.py`, `tests/path.py`,
/// `tests/module/`, `test_specific_file.py`: words of a command's pattern) or a name is
/// hidden. agno's `CLAUDE.md` runs `pytest
/// libs/agno/tests/unit/test_agent.py`, a file its `unit/` never had; k6's `AGENTS.md`
/// `go test ./internal/js/modules/k6/http/`. Contributor guides are left out: their
/// command blocks walk through a contributor's own new files (`tests/the-tests-file.py`,
/// `git add yt_dlp/extractor/yourextractor.py`).
fn own_command_path(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    resolved: &str,
    form: Form,
    written_as_folder: bool,
) -> bool {
    let role = ctx.role(&doc.path);
    let from_top = form == Form::RepoPath || (form == Form::DocRelative && doc.dir().is_empty());
    if !matches!(role, DocRole::AgentContext | DocRole::NestedAgentContext) || !from_top {
        return false;
    }
    let segments: Vec<&str> = resolved.trim_end_matches('/').split('/').collect();
    let last = segments[segments.len() - 1];
    let file = last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && !stem.starts_with('.')
            && !ext.is_empty()
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
    });
    let odd = |s: &&str| {
        s.is_empty()
            || s.starts_with('.')
            || stands_for_any(s)
            || s.split(['_', '-', '.'])
                .any(|w| PATTERN_WORDS.contains(&w.to_ascii_lowercase().as_str()))
    };
    segments.len() >= 2
        && !segments.iter().any(odd)
        && (file || written_as_folder)
        && ctx.tree.kind(&segments[..segments.len() - 1].join("/")) == PathKind::Dir
}

/// Words that make a command's path a pattern to fill in (`tests/test_name.py`,
/// `tests/path.py`, `tests/module/`, `test_specific_file.py`, `test_file.py`).
const PATTERN_WORDS: [&str; 10] =
    ["name", "path", "module", "file", "specific", "single", "some", "changed", "new", "the"];

/// Whether `path` exists in one of the folders `cd` went into (`entered`), each taken from
/// the root or from the doc's folder.
fn entered_folder_has(ctx: &ScanContext<'_>, doc: &str, entered: &[String], path: &str) -> bool {
    use crate::scan::resolve::join;
    let doc_dir = doc.rsplit_once('/').map_or("", |(d, _)| d);
    entered.iter().any(|dir| {
        let dir = dir.trim_start_matches("./");
        ctx.tree.exists(&join(dir, path)) || ctx.tree.exists(&join(&join(doc_dir, dir), path))
    })
}

/// The indices of the shell words a command line writes rather than reads: what `mkdir`,
/// `touch` and `tee` make, the destination of `cp`, `mv`, `ln`, `rsync`, `install` and
/// `scp`, the folder `git clone` makes, a redirection's target (`> out.txt`) and an
/// output option's value (`-o dist/app`, `--output=x`; no path is read there either). A
/// skill's install steps (`mkdir -p .kilocode/skills`, `cp -r … .kilocode/skills/`) name
/// the reader's folders. The arguments of a container command that runs or moves an
/// image (`docker run`, `pull`, `push`, `create`, `tag`, `exec`; `podman` alike) are not
/// read from the checkout either: an image name (`mitmproxy/mitmproxy`) or a path inside
/// the container. Nor is the script `npm run`, `pnpm run` or `yarn run` runs: a name in
/// the `package.json`, whatever slashes it holds.
fn written_words(words: &[String]) -> std::collections::HashSet<usize> {
    let mut out = std::collections::HashSet::new();
    let mut start = 0;
    while start < words.len() {
        let end = (start..words.len())
            .find(|&i| matches!(words[i].as_str(), "&&" | "||" | ";" | "|"))
            .unwrap_or(words.len());
        let mut command = start;
        while command < end && matches!(words[command].as_str(), "sudo" | "env" | "time") {
            command += 1;
        }
        let name = words.get(command).map(String::as_str).unwrap_or_default();
        let args: Vec<usize> = (command + 1..end).filter(|&i| !words[i].starts_with('-')).collect();
        match name {
            "mkdir" | "touch" => out.extend(&args),
            "cp" | "mv" | "ln" | "rsync" | "install" | "scp" if args.len() >= 2 => {
                out.extend(args.last());
            }
            "git" if words.get(command + 1).is_some_and(|w| w == "clone") => {
                let rest: Vec<usize> = args.iter().copied().filter(|&i| i > command + 1).collect();
                if rest.len() >= 2 {
                    out.extend(rest.last());
                }
            }
            "tee" => out.extend(&args),
            // A script's name (nvm's `npm run test/installation/node`), not a path.
            "npm" | "pnpm" | "yarn"
                if words.get(command + 1).is_some_and(|w| w == "run" || w == "run-script") =>
            {
                out.extend(args.iter().filter(|&&i| i > command + 1).take(1));
            }
            "docker" | "podman"
                if words.get(command + 1).is_some_and(|w| {
                    matches!(w.as_str(), "run" | "pull" | "push" | "create" | "tag" | "exec")
                }) =>
            {
                out.extend(args.iter().filter(|&&i| i > command + 1));
            }
            _ => {}
        }
        for (i, w) in words.iter().enumerate().take(end).skip(start) {
            let w = w.as_str();
            let output_flag = |w: &str| OUTPUT_FLAGS.contains(&w);
            if (matches!(w, ">" | ">>" | "2>" | "&>") || output_flag(w)) && i + 1 < end {
                out.insert(i + 1);
            }
            // `>out.txt`, `>>log.txt`: a redirection glued to its target.
            let glued = w.starts_with('>') && !w.trim_start_matches('>').is_empty();
            if glued || w.split_once('=').is_some_and(|(flag, _)| output_flag(flag)) {
                out.insert(i);
            }
        }
        start = end + 1;
    }
    out
}

/// Flags whose value is a file or folder the command writes (terraform-docs'
/// `--output-file ./docs/README.md`, the reader's module's).
const OUTPUT_FLAGS: [&str; 10] = [
    "-o",
    "--output",
    "--out",
    "--out-dir",
    "--output-file",
    "--output-dir",
    "--out-file",
    "--outfile",
    "--outdir",
    "--output-path",
];

/// A shell word that names a repo path: relative to the doc's folder when it starts with
/// `./` or `../` (or from the root, when the reader stands at the top: `at_top`, and only
/// the root has its folder), else from the root, with the form a replacement keeps.
fn block_path(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    word: &str,
    at_top: bool,
) -> Option<(String, String, Form)> {
    if word.starts_with("../") || word.starts_with("./") {
        if word.chars().any(|c| c.is_whitespace() || "*?[]{}<>$|&;=()'\"\\,~!%^`".contains(c)) {
            return None;
        }
        let resolved = crate::scan::resolve::join(doc.dir(), word);
        // A command runs where the reader stands, most often the checkout's top: a
        // `./tools/x.sh` whose folder the doc's folder lacks and the root has is the
        // root's (qdrant's `docs/DEVELOPMENT.md` runs `./tools/coverage.sh`).
        let parent = |p: &str| p.rsplit_once('/').map_or(String::new(), |(d, _)| d.to_string());
        let from_root = word.strip_prefix("./").unwrap_or(word);
        if at_top
            && word.starts_with("./")
            && !doc.dir().is_empty()
            && from_root.contains('/')
            && ctx.tree.kind(&parent(&resolved)) != PathKind::Dir
            && ctx.tree.kind(&parent(from_root)) == PathKind::Dir
        {
            return Some((word.to_string(), from_root.to_string(), Form::RepoPath));
        }
        let inside = !resolved.starts_with("../") && !resolved.is_empty();
        return inside.then(|| (word.to_string(), resolved, Form::DocRelative));
    }
    let path = repo_path_candidate(word)?;
    let first = path.split('/').next().unwrap_or_default();
    if DEFAULT_EXCLUDED_DIRS.contains(&first) || path.split('/').any(is_placeholder) {
        return None;
    }
    // A package's doc runs its commands in the package (marimo's `frontend/AGENTS.md`:
    // `pnpm … test src/__tests__/lru.test.ts`): a first folder that the doc's folder has
    // and the root has not is the package's.
    let dir = doc.dir();
    if !dir.is_empty()
        && path.contains('/')
        && ctx.tree.kind(first) != PathKind::Dir
        && ctx.tree.kind(&crate::scan::resolve::join(dir, first)) == PathKind::Dir
    {
        return Some((word.to_string(), crate::scan::resolve::join(dir, &path), Form::DocRelative));
    }
    Some((word.to_string(), path, Form::RepoPath))
}

/// Path segments that stand for "any name" in prose (`playground/xxx`,
/// `crates/your-crate/src`, `examples/my-app`).
fn is_placeholder(segment: &str) -> bool {
    let stem = segment.split('.').next().unwrap_or(segment).to_ascii_lowercase();
    matches!(stem.as_str(), "xxx" | "xx" | "xyz" | "foo" | "bar" | "baz" | "qux" | "placeholder")
        || ["your-", "your_", "my-", "my_", "some-", "some_"].iter().any(|p| stem.starts_with(p))
}

/// The root-relative path a code span names, if it looks like a repo path: one word
/// with a `/`, no shell or glob syntax, no scheme, no `..`; a `:line[:col]` or `#L…`
/// suffix and a leading `./` or `/` are dropped.
/// The folder a path with a placeholder names before it, with two names or more:
/// `cookbook/models/<your_model>` and `src/i18n/dictionaries/{locale}/ui.ts` tell the
/// reader to add to `cookbook/models/` and `src/i18n/dictionaries/`, which must be
/// there (agno's contributing guide kept `cookbook/models/` after it became
/// `cookbook/90_models/`). A placeholder is a whole segment in `<…>` or `{…}`, perhaps
/// with an extension; a path with spaces gives none.
fn placeholder_parent(code: &str) -> Option<String> {
    let code = code.trim();
    let segments: Vec<&str> = code.split('/').collect();
    // The whole segment, give or take an extension (`{lang}.json`): a name built around
    // one (`{Toolset}Service.cs`, `<channel>Logger.ts`) is a file pattern, often of a
    // project the doc describes rather than of this tree.
    let held = |s: &str| {
        let stem = s.rsplit_once('.').filter(|(_, ext)| ext.chars().all(char::is_alphanumeric));
        let stem = stem.map_or(s, |(stem, _)| stem);
        let inner = |open: char, close: char| {
            stem.strip_prefix(open)
                .and_then(|r| r.strip_suffix(close))
                .is_some_and(|r| !r.is_empty() && !r.contains([open, close]))
        };
        inner('<', '>') || inner('{', '}')
    };
    let first = segments.iter().position(|s| held(s))?;
    if first < 2 || code.contains(char::is_whitespace) {
        return None;
    }
    Some(format!("{}/", segments[..first].join("/")))
}

pub fn repo_path_candidate(code: &str) -> Option<String> {
    path_of(code, false)
}

/// The path of a code span that cites a range of its lines (`docs/a.md:69-109`,
/// `src/x.ts:3–5`). Read only in a doc an agent follows (agent context, a skill and the
/// files of its folder): there the citation is an instruction to read those lines
/// today. Elsewhere such ranges are mostly a plan's, an audit's or a log's record of the
/// code of its day (on the 499 labeled repositories, 1 of 24 new rows outside agent docs
/// was judged true).
fn path_citing_lines(code: &str) -> Option<String> {
    path_of(code, true)
}

fn path_of(code: &str, ranges: bool) -> Option<String> {
    let code = code.trim();
    if code.is_empty()
        || !code.contains('/')
        || code.chars().any(|c| c.is_whitespace() || "*?[]{}<>$|&;=()'\"\\,~!%^`".contains(c))
        || code.starts_with('-')
        || code.starts_with("//")
        || has_scheme(code)
    {
        return None;
    }
    let mut path = code.trim_start_matches("./").trim_start_matches('/');
    if let Some((p, _)) = path.split_once('#') {
        path = p;
    }
    // A line (`:12`), a line and column (`:12:5`), or with `ranges` a range of lines
    // (`:69-109`, `:69–109`): electric's skills cite
    // `website/docs/guides/troubleshooting.md:69-109`.
    let number = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    while let Some((p, tail)) = path.rsplit_once(':') {
        let range =
            ranges && tail.split_once(['-', '–']).is_some_and(|(a, b)| number(a) && number(b));
        if number(tail) || range {
            path = p;
        } else {
            return None;
        }
    }
    let path = path.trim_end_matches('/');
    if path.is_empty() || path.split('/').any(|s| s.is_empty() || s == ".." || s == ".") {
        return None;
    }
    Some(path.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sentence_of_a_name_and_a_names_suffix() {
        let line = "It will create a venv. Then it installs `requirements.txt`. Done? Yes.";
        assert_eq!(sentence_of(line, "requirements.txt"), "Then it installs `requirements.txt`.");
        // v1.2. is no sentence end (no capital after), nor is a name not backticked.
        let one = "Run v1.2. then `a.txt` e.g. here. Next";
        assert_eq!(sentence_of(one, "a.txt"), "Run v1.2. then `a.txt` e.g. here.");
        assert_eq!(sentence_of(line, "b.txt"), line);
        assert!(suffix_of_a_name("to `<name>.lock.yml`. Runs `.lock.yml`.", ".lock.yml"));
        assert!(suffix_of_a_name("`ci.lock.yml`", ".lock.yml"));
        assert!(!suffix_of_a_name("Edit `.clippy.toml` (see .clippy.toml)", ".clippy.toml"));
    }

    #[test]
    fn a_contributors_guide_by_name_or_by_folder() {
        for yes in [
            "CONTRIBUTING.md",
            "docs/DEVELOPMENT.md",
            "docs/contributing/setup.md",
            "docs/public/architecture/hooks.mdx",
            // cargo's contributor guide, a book of its own.
            "doc/contrib/src/implementation/packages.md",
        ] {
            assert!(is_contributor_guide(yes), "{yes}");
        }
        for no in
            ["README.md", "docs/guide/setup.md", "contrib-tools/README.md", "docs/contribs.md"]
        {
            assert!(!is_contributor_guide(no), "{no}");
        }
    }

    #[test]
    fn a_tutorials_folder_holds_tutorials_anywhere() {
        assert!(in_tutorials_folder("examples/tutorials/astro.md"));
        assert!(in_tutorials_folder("docs/Tutorial/step-1.md"));
        assert!(!in_tutorials_folder("docs/tutorials.md"), "a page, not a folder");
        assert!(!in_tutorials_folder("docs/quickstart/setup.md"), "only on a site's pages");
    }

    #[test]
    fn tutorials_by_folder_or_name() {
        for yes in [
            "docs/tutorials/quick-start.md",
            "docs/quickstart.mdx",
            "docs/getting_started/api/clients-http.mdx",
            "docs/TutorialjQuery.md",
            "guides/Getting Started.md",
        ] {
            assert!(is_tutorial(yes), "{yes}");
        }
        for no in ["docs/guide.md", "CONTRIBUTING.md", "docs/start/index.md"] {
            assert!(!is_tutorial(no), "{no}");
        }
    }

    #[test]
    fn a_changelog_entry_to_come_is_not_a_path_to_keep() {
        assert!(changelog_fragment("changelog/1234.added.md"));
        assert!(changelog_fragment("docs/newsfragments/3519.fixed.md"));
        assert!(!changelog_fragment("changelog/README.md"));
        assert!(!changelog_fragment("src/changelog.rs") && !changelog_fragment("1234.md"));
    }

    /// A sentence begun on the line before the path's (CopilotKit's contributor README).
    #[test]
    fn the_sentence_read_for_a_path_starts_on_the_line_before() {
        let text = "# Docs\n\nIt is not a separate app. Do not recreate the old\n`docs/content/docs/` tree; write docs elsewhere.\n\nKeep `src/a.ts`.\n";
        let doc = Doc {
            path: "README.md".into(),
            parsed: crate::scan::markdown::parse_as(text.to_string(), false),
            bytes: text.len() as u64,
        };
        assert!(says_gone(&gone_context(&doc, 4), "docs/content/docs/"));
        assert!(!says_gone(&sentence_lines(&doc, 4), "docs/content/docs/"));
        assert!(!says_gone(&gone_context(&doc, 6), "src/a.ts"));
    }

    #[test]
    fn a_sentence_that_says_the_path_is_gone() {
        let gone = "The 3-way merge engine (`internal/merge/`) was removed during the migration.";
        assert!(says_gone(gone, "internal/merge/"));
        let formerly = "**Location:** Formerly `a/b.ts:125`; the path and `a/c.ts` are removed.";
        assert!(says_gone(formerly, "a/c.ts") && says_gone(formerly, "a/b.ts:125"));
        // Another sentence's "removed" says nothing of this path (prisma's CLI README).
        let other =
            "- **Removed**: `pack.ts` has been removed. Tests import from `src/core/assembly.ts`.";
        assert!(!says_gone(other, "src/core/assembly.ts"));
        assert!(!says_gone("See `src/main.rs` for the entry point.", "src/main.rs"));
        let negated =
            "Packages live under `packages/<name>` (there is no `packages/v1/` directory).";
        assert!(says_gone(negated, "packages/v1/"));
        // Each path of a list the word governs (CopilotKit's skill).
        let listed = "(there is no `packages/v1/` or `packages/v2/` directory).";
        assert!(says_gone(listed, "packages/v1/") && says_gone(listed, "packages/v2/"));
        let slashed = "There is no `make migrate` / `make migrate-stamp` target on purpose.";
        assert!(says_gone(slashed, "make migrate") && says_gone(slashed, "make migrate-stamp"));
        let three = "There is no `a/`, `b/`, nor `c/` here.";
        assert!(says_gone(three, "c/") && says_gone(three, "b/"));
        assert!(!says_gone("Use `src/a.ts` or `src/b.ts`.", "src/b.ts"));
        assert!(says_gone(
            "Never recreate the old `docs/content/docs/` tree.",
            "docs/content/docs/"
        ));
        assert!(says_gone("- Old: `src/a.ts`", "src/a.ts"));
        // deer-flow's record of one change, in Chinese ("15. Delete `…`").
        assert!(says_gone("### 15. 删除 `frontend/a.tsx`", "frontend/a.tsx"));
        assert!(
            !says_gone("已删除旧文件。请看 `src/main.rs`。", "src/main.rs"),
            "another sentence"
        );
        assert!(!says_gone(
            "Run `cargo run sample_files/old.jsx` to see it.",
            "sample_files/old.jsx"
        ));
        assert!(!says_gone("No file: see `src/a.ts`, not old.", "src/a.ts"));
        // air's AGENTS.md; csharp-sdk's release skill, its sentence on two lines.
        let none =
            "- No `.cursor/rules/`, `.cursorrules`, or `.github/copilot-instructions.md` found.";
        assert!(says_gone(none, ".github/copilot-instructions.md"));
        let two = "There are no per-package README files; `src/Core/README.md` and similar paths do not exist.";
        assert!(says_gone(two, "src/Core/README.md"));
        assert!(!says_gone(
            "`src/Core/README.md` is what the package shows.",
            "src/Core/README.md"
        ));
        // A table row's other cell is its own.
        let row = "| `docs/a.md` | `staged/a.md` | The file no longer owns a topic. |";
        assert!(!says_gone(row, "docs/a.md"));
    }

    #[test]
    fn words_a_command_writes() {
        let written = |line: &str| {
            let words = shlex::split(line).unwrap();
            let mut w: Vec<String> =
                written_words(&words).into_iter().map(|i| words[i].clone()).collect();
            w.sort();
            w
        };
        assert_eq!(written("mkdir -p .kilocode/skills"), [".kilocode/skills"]);
        assert_eq!(written("cp -r skills/planning .adal/skills/"), [".adal/skills/"]);
        assert_eq!(
            written("mv docs/old.md docs/new.md && touch a/b.txt"),
            ["a/b.txt", "docs/new.md"]
        );
        assert_eq!(written("git clone https://github.com/o/n.git vendor/n"), ["vendor/n"]);
        assert!(written("git clone https://github.com/o/n.git").is_empty());
        assert_eq!(
            written("go build -o dist/app ./cmd/app > build/log.txt"),
            ["build/log.txt", "dist/app"]
        );
        assert!(written("cd starters/saas/frontend && npm test").is_empty());
        assert!(written("cat src/main.rs | grep fn").is_empty());
        assert_eq!(
            written("terraform-docs markdown --output-file ./docs/README.md --out-dir=gen ."),
            ["--out-dir=gen", "./docs/README.md"]
        );
        assert!(written("cp only/one").is_empty(), "one argument is no destination");
        // An image name and the container's own paths (mitmproxy's Docker Hub README).
        assert_eq!(
            written("docker run --rm -it -p 8080:8080 mitmproxy/mitmproxy mitmdump"),
            ["8080:8080", "mitmdump", "mitmproxy/mitmproxy"]
        );
        assert_eq!(written("podman pull ghcr.io/o/img:1"), ["ghcr.io/o/img:1"]);
        assert!(written("docker build -f docker/Dockerfile .").is_empty());
        // A script's name, slashes and all (nvm's test scripts).
        assert_eq!(written("npm run test/installation/node"), ["test/installation/node"]);
        assert_eq!(written("yarn run build:docs src/a.md"), ["build:docs"]);
        assert!(written("bun run scripts/gen.ts").is_empty(), "bun runs files too");
    }

    #[test]
    fn placeholder_parents() {
        let parent = |c: &str| placeholder_parent(c);
        assert_eq!(parent("cookbook/models/<your_model>").as_deref(), Some("cookbook/models/"));
        assert_eq!(parent("src/i18n/{locale}/ui.ts").as_deref(), Some("src/i18n/"));
        assert_eq!(parent("tools/<name>.py"), None, "one name before it");
        assert_eq!(parent("src/main.rs"), None);
        assert_eq!(parent("<root>/docs/a.md"), None);
        assert_eq!(parent("a/b/<x> --flag"), None);
        assert_eq!(parent("src/locales/{lang}.json").as_deref(), Some("src/locales/"));
        assert_eq!(parent("src/Services/{Toolset}Service.cs"), None, "a file pattern");
        assert_eq!(parent("core/loggers/src/<channel>Logger.ts"), None);
    }

    #[test]
    fn repo_path_candidates() {
        assert_eq!(repo_path_candidate("src/main.rs").as_deref(), Some("src/main.rs"));
        assert_eq!(repo_path_candidate("./src/lib.rs:42:7").as_deref(), Some("src/lib.rs"));
        assert_eq!(repo_path_candidate("docs/a.md:69-109"), None);
        assert_eq!(path_citing_lines("docs/a.md:69-109").as_deref(), Some("docs/a.md"));
        assert_eq!(path_citing_lines("docs/a.md:69–109").as_deref(), Some("docs/a.md"));
        assert_eq!(path_citing_lines("docs/a.md:12").as_deref(), Some("docs/a.md"));
        assert_eq!(path_citing_lines("docs/a.md:69-"), None);
        assert_eq!(path_citing_lines("docs/a.md:x-1"), None);
        assert_eq!(repo_path_candidate("/docs/a.md#L3").as_deref(), Some("docs/a.md"));
        assert_eq!(repo_path_candidate("guide/").as_deref(), Some("guide"));
        for no in [
            "main.rs",
            "cargo run --bin x",
            "src/*.rs",
            "https://x/y",
            "a::b/c",
            "../up/x",
            "$HOME/x",
            "-o/x",
            "a//b",
            "std::io/x",
        ] {
            assert_eq!(repo_path_candidate(no), None, "{no}");
        }
    }
}
