//! `stale_name_location`: a missing target that git history shows renamed (the new path
//! is the `suggestion`, written in the link's own form, so replacing `target` with it is
//! the fix) or deleted (no suggestion). A folder is renamed when every file git had
//! under it moved under one new folder, deleted when they left otherwise. A path in code
//! on a docs-site page that git shows deleted is the reader's file, not a signal.
//!
//! It decides only for targets `broken_reference` found missing; with no history it
//! says nothing and the problem stays a `broken_reference`.

use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};

use super::broken_reference::{Form, Missing};
use super::code_path::AGENT_FOLDER;
use crate::scan::context::ScanContext;
use crate::scan::git::Fate;
use crate::scan::resolve::{parent_dir, relative_path};
use crate::scan::role::{DocRole, AGENT_HIDDEN_DIRS};
use crate::scan::signal::{Signal, SignalName};

/// Characters a Markdown link path must percent-encode.
const PATH_ENCODE: &AsciiSet =
    &CONTROLS.add(b' ').add(b'#').add(b'?').add(b'%').add(b'<').add(b'>');

/// A year, in seconds: how long before a doc appeared a path must have left for the doc
/// not to have meant the repository's (`classify`, `named_from_inside`).
const YEAR: i64 = 365 * 24 * 3600;

/// Whether a code path was moved into a package a year or more before its doc
/// appeared, to a new path that ends with the one written: the doc names it from inside
/// that package, and nothing is missing (sequelize's 2025 Copilot instructions list
/// `src/model.js` under "Core Package Critical Files"; `src/` moved to
/// `packages/core/src/` in 2023). Neither a `stale_name_location` nor a
/// `broken_reference`.
pub fn named_from_inside(ctx: &ScanContext<'_>, missing: &Missing) -> bool {
    let code = matches!(missing.form, Form::RepoPath) || missing.what == "command path";
    let Some(history) = ctx.history.as_ref().filter(|_| code) else { return false };
    let path = missing.resolved.trim_end_matches('/');
    let Some(Fate::Renamed { to }) = history.fate(path, |p| ctx.tree.exists(p)) else {
        return false;
    };
    to.ends_with(&format!("/{path}"))
        && history
            .departed_at(path)
            .zip(history.born(&missing.doc))
            .is_some_and(|(at, born)| born > at + YEAR)
}

/// The day (UTC, `YYYY-MM-DD`) of a commit time `at` (seconds), as a detail gives it.
fn day_of(at: i64) -> String {
    jiff::Timestamp::from_second(at).map(|t| t.strftime("%Y-%m-%d").to_string()).unwrap_or_default()
}

/// The `stale_name_location` signal for a hosted CI service's badge or build page of
/// the repository (`Form::CiBadge`) whose config git shows deleted, with no config of
/// the service left: the service has built nothing since (zola's README badge of Azure
/// Pipelines, `azure-pipelines.yml` deleted in 2025). A config renamed, or one git never
/// had, says nothing: the service's settings may name another file.
pub fn ci_badge(ctx: &ScanContext<'_>, missing: &Missing) -> Option<(String, Signal)> {
    let Form::CiBadge { service } = missing.form else { return None };
    let history = ctx.history.as_ref()?;
    let Some(Fate::Deleted { at }) = history.fate(&missing.resolved, |p| ctx.tree.exists(p)) else {
        return None;
    };
    let day = day_of(at);
    let url = missing.written.to_ascii_lowercase();
    let badge = missing.what == "image"
        || [".svg", ".png"].iter().any(|e| url.ends_with(e))
        || url.contains("/status");
    let what = if badge { "status badge" } else { "build page" };
    let detail = format!(
        "{what} `{}` is this repository's on {}, whose config `{}` was deleted in git history ({day}): the service has built nothing since",
        missing.written,
        service.name(),
        missing.resolved,
    );
    let sig = Signal::new(SignalName::StaleNameLocation, missing.line, detail)
        .with_target(&missing.written)
        .with_related_path(missing.resolved.clone());
    Some((missing.doc.clone(), sig))
}

/// The `stale_name_location` signal for `missing`, when git history explains it.
pub fn classify(ctx: &ScanContext<'_>, missing: &Missing) -> Option<(String, Signal)> {
    let history = ctx.history.as_ref()?;
    let exists = |p: &str| ctx.tree.exists(p);
    let fate = history.fate(&missing.resolved, exists).or_else(|| {
        // A folder (git records only its files): `aider/tests`, `src/server/auth/`.
        let last = missing.resolved.rsplit('/').next().unwrap_or_default();
        // A lone name in code (`src/`, `tests/`) is more often the reader's own folder,
        // and one from the root (`/docs`, `/blog/`) a site's route; a relative link's
        // (`[close](./close-automation/)` in the root README) is this repository's.
        let link = missing.form == Form::DocRelative
            && !matches!(missing.what, "command path" | "code path");
        let folder = (missing.written.ends_with('/') || !last.contains('.'))
            && (missing.resolved.contains('/') || missing.what == AGENT_FOLDER || link);
        folder.then(|| history.folder_fate(&missing.resolved, exists)).flatten()
    });
    // A lone file name git never had where the doc names it stands for the one file of
    // that name git saw leave, anywhere (pi-mono's `AGENTS.md` on `image-limits.test.ts`,
    // deleted from `packages/ai/test/`); the caller has made sure no file of that name
    // is left (`code_path::still_there`).
    let elsewhere = match fate {
        Some(_) => None,
        None => lone_name_gone_elsewhere(ctx, missing),
    };
    let (fate, via) = match elsewhere {
        Some(path) => (history.fate(&path, exists)?, Some(path)),
        None => (fate?, None),
    };
    let moved;
    let missing = match &via {
        Some(path) => {
            moved = Missing { resolved: path.clone(), ..missing.clone() };
            &moved
        }
        None => missing,
    };
    if let Fate::Renamed { to } = &fate {
        if names_a_module(missing, to, exists) {
            return None;
        }
    }
    // A docs-site page names the files of its reader's project (`docs/public/_headers`,
    // `.changeset/pre.json`, `/src/index.ts`): that this repository once had a file of
    // that name and deleted it says nothing about the reader's. A rename still does:
    // the page follows the project's own layout.
    // So does a folder in an agent tool's place (`.agents/skills/`, `.claude/commands/`):
    // the location a CLI writes into its user's project, whatever this repository once
    // kept there.
    let code = matches!(missing.form, Form::RepoPath) || missing.what == "command path";
    let first = missing.resolved.split('/').next().unwrap_or_default();
    // A file deleted from a hidden folder the repository still has (`.pi/settings.json`,
    // `.changeset/pre.json`, `.claude/settings.json`) is a tool's place: docs name it in
    // their reader's project, and the repository's own copy comes and goes (a changeset
    // prerelease file, a settings file once committed). `.github/` holds the
    // repository's own workflows and templates, and a script is the repository's own
    // tooling (tauri's `.scripts/setup.sh`, run from its CONTRIBUTING).
    const SCRIPTS: [&str; 8] = ["sh", "bash", "zsh", "ps1", "py", "js", "mjs", "ts"];
    let script = missing
        .resolved
        .rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.ends_with('/') && SCRIPTS.contains(&ext));
    let dot_place = first.starts_with('.')
        && first != ".github"
        && !script
        && missing.resolved.contains('/')
        && ctx.tree.kind(first) == crate::scan::tree::PathKind::Dir;
    // A doc in one of the repository's own agent folders (`.opencode/commands/`,
    // `.claude/agents/`) is this checkout's agent configuration: it runs here, so the
    // tool files it names are this repository's (documenso's `/create-plan` command still
    // loads `.agents/skills/create-plan/SKILL.md`, deleted with the planning skills).
    let doc_top = missing.doc.split_once('/').map(|(top, _)| top);
    let own_config =
        doc_top.is_some_and(|top| top != ".github" && AGENT_HIDDEN_DIRS.contains(&top));
    let in_tool_place =
        (missing.written.ends_with('/') && AGENT_HIDDEN_DIRS.contains(&first)) || dot_place;
    // Unless its line reads it only if it is there ("Read `.claude/local.md` if it
    // exists").
    // Its agent folders' files, that is: another tool's state in a hidden folder
    // (`.changeset/pre.json`, there only in prerelease mode) stays a tool's place.
    let own_agent_file = own_config && AGENT_HIDDEN_DIRS.contains(&first);
    let tool_place = in_tool_place && (!own_agent_file || conditional_line(ctx, missing));
    // A site's contributing pages name the repository's own files (MyST-Parser's
    // `docs/develop/contributing.md` on `.flake8`, deleted when ruff came).
    let site_page = ctx.role(&missing.doc) == DocRole::SitePage
        && !super::code_path::is_contributor_guide(&missing.doc);
    if code && matches!(fate, Fate::Deleted { .. }) && (tool_place || site_page) {
        return None;
    }
    // A code path deleted a year or more before the doc existed was never this
    // repository's file to the doc's author: it names the reader's (tanstack-router's
    // auth guides, written in 2025, on `src/App.tsx`: the repository's own was deleted in
    // 2021). Within the year the doc may carry text written before it (nushell's
    // CONTRIBUTING, added four days after the files it names were moved; vitest's agent
    // guide listing a file deleted eight months before it).
    if let Fate::Deleted { at } = fate {
        if code && history.born(&missing.doc).is_some_and(|born| born > at + YEAR) {
            return None;
        }
    }
    if named_from_inside(ctx, missing) {
        return None;
    }
    let sig = match fate {
        Fate::Renamed { to } => {
            let suggestion = match &via {
                // Renamed in its folder: the new name, as the doc wrote the old one.
                Some(path) if parent_dir(path) == parent_dir(&to) => {
                    to.rsplit('/').next().unwrap_or(&to).to_string()
                }
                _ => written_like(missing, &to),
            };
            // A page renamed within the site has a new address; one moved out of it has
            // none to offer.
            let suggestion = match missing.form {
                Form::SiteUrl { path_at } => {
                    ctx.sites.published_at(&missing.written).and_then(|(site, _)| {
                        let content = site.content.first()?;
                        super::site_urls::address_of(&missing.written, path_at, content, &to)
                    })
                }
                _ => Some(suggestion),
            };
            let sig = Signal::new(
                SignalName::StaleNameLocation,
                missing.line,
                format!(
                    "{} target `{}` was renamed to `{to}` in git history",
                    missing.what, missing.written
                ),
            )
            .with_target(&missing.written)
            .with_related_path(to);
            match suggestion {
                Some(suggestion) => sig.with_suggestion(suggestion),
                None => sig,
            }
        }
        Fate::Deleted { at } => {
            let day = day_of(at);
            Signal::new(
                SignalName::StaleNameLocation,
                missing.line,
                format!(
                    "{} target `{}` was deleted in git history ({day})",
                    missing.what, missing.written
                ),
            )
            .with_target(&missing.written)
        }
    };
    // A workflow URL names its file only by its name: the file is shown beside it.
    let via = via.or_else(|| {
        matches!(missing.form, Form::Workflow { .. } | Form::SiteUrl { .. })
            .then(|| missing.resolved.clone())
    });
    let sig = match via {
        Some(path) => {
            let named = format!("`{}`", missing.written);
            let detail = sig.detail.replacen(&named, &format!("{named} (`{path}`)"), 1);
            Signal { detail, ..sig }
        }
        None => sig,
    };
    Some((missing.doc.clone(), sig))
}

/// The one path git saw leave whose last name is lone code name `missing` (written with
/// no folder, missing where the doc names it, and never there in git), when no other
/// path of that name is gone too: the file the doc meant, wherever it was.
fn lone_name_gone_elsewhere(ctx: &ScanContext<'_>, missing: &Missing) -> Option<String> {
    let name = missing.written.strip_prefix("./").unwrap_or(&missing.written);
    if missing.form != Form::RepoPath || missing.what != "code path" || name.contains('/') {
        return None;
    }
    // Agent context and contributor guides name the repository's own files; elsewhere a
    // lone name is as often the reader's (`package.json`, `config.yaml`).
    let role = ctx.role(&missing.doc);
    let own = matches!(role, DocRole::AgentContext | DocRole::NestedAgentContext)
        || super::code_path::is_contributor_guide(&missing.doc);
    if !own {
        return None;
    }
    let history = ctx.history.as_ref()?;
    // A name once committed under `node_modules/` or `vendor/` is a dependency's, and one
    // an ignore rule now covers is a build's output (podman's generated
    // `contrib/systemd/system/podman.service`) or kept out of git on purpose
    // (claude-code-plugins-plus' `000-docs/`, whose file names its `CLAUDE.md` gives as
    // examples of a naming scheme): no doc's subject.
    let departed = history.departed_named(name);
    let built = |p: &str| {
        p.split('/').any(|folder| crate::scan::scope::DEFAULT_EXCLUDED_DIRS.contains(&folder))
            || ctx.ignored.contains(p)
    };
    if departed.iter().any(|p| built(p)) {
        return None;
    }
    let mut gone = departed.iter().filter(|p| !ctx.tree.exists(p));
    let path = match (gone.next(), gone.next()) {
        (Some(path), None) => path,
        _ => return None,
    };
    // Below a nested doc's folder, and gone after the doc was written: the doc described
    // the file while it was there.
    let dir = parent_dir(&missing.doc);
    let below = dir.is_empty() || path.starts_with(&format!("{dir}/"));
    let after = history
        .departed_at(path)
        .zip(history.born(&missing.doc))
        .is_some_and(|(at, born)| at > born);
    (below && after).then(|| path.clone())
}

/// Whether a path renamed to `to` is still right as a Python module path: `to` ends with
/// it and its first folder is a package there (`pydantic_ai/_utils.py`, now
/// `pydantic_ai_slim/pydantic_ai/_utils.py` beside `pydantic_ai/__init__.py`). A doc
/// names a module as it is imported, whichever folder of the repository holds it.
fn names_a_module(missing: &Missing, to: &str, exists: impl Fn(&str) -> bool) -> bool {
    let written = &missing.resolved;
    let Some(base) = to.strip_suffix(written.as_str()).filter(|b| b.ends_with('/')) else {
        return false;
    };
    let package = written.split('/').next().unwrap_or_default();
    written.contains('/') && exists(&format!("{base}{package}/__init__.py"))
}

/// Root-relative `new_path` written the way `missing.written` was.
pub fn written_like(missing: &Missing, new_path: &str) -> String {
    let w = &missing.written;
    let mut out = match missing.form {
        Form::FromRoot => format!("/{new_path}"),
        Form::RepoPath => {
            // A path the doc's folder holds was written from there (a folder's README
            // naming `merge-pr.yml`, now `merge-prs.yml` beside it): so is its new path,
            // while it stays below that folder. (A tree's entry is rewritten by the tree's
            // own rule, `tree_paths::as_written`, from the root-relative path.)
            let dir = parent_dir(&missing.doc);
            let bare = w.strip_prefix("./").unwrap_or(w);
            match new_path.strip_prefix(dir).and_then(|p| p.strip_prefix('/')) {
                Some(rel)
                    if !dir.is_empty()
                        && missing.what != super::tree_paths::TREE_PATH
                        && missing.resolved == format!("{dir}/{bare}") =>
                {
                    rel.to_string()
                }
                _ => new_path.to_string(),
            }
        }
        Form::Empty | Form::Label => new_path.to_string(),
        // GitHub reads a workflow from `.github/workflows/` only: the new file's name.
        Form::Workflow { file_at } => {
            let at = file_at.min(w.len());
            let end = w[at..].find('/').map_or(w.len(), |i| at + i);
            let file = new_path.rsplit('/').next().unwrap_or(new_path);
            format!("{}{file}{}", &w[..at], &w[end..])
        }
        // Its address is rewritten by the caller (`site_urls::address_of`).
        Form::SiteUrl { .. } => new_path.to_string(),
        // A service's URL names no file (`ci_badge` offers no new one); a routeless URL's
        // path is there (its fix is the route, `broken_reference::routed`).
        Form::CiBadge { .. } | Form::Routeless { .. } | Form::PastEnd { .. } => w.to_string(),
        Form::Url { path_at } => {
            let encoded = utf8_percent_encode(new_path, PATH_ENCODE).to_string();
            format!("{}{encoded}", &w[..path_at.min(w.len())])
        }
        Form::DocRelative => {
            let rel = relative_path(parent_dir(&missing.doc), new_path);
            if w.starts_with("./") && !rel.starts_with("../") {
                format!("./{rel}")
            } else {
                rel
            }
        }
    };
    if missing.form == Form::RepoPath && w.starts_with("./") {
        out = format!("./{out}");
    }
    if matches!(missing.form, Form::DocRelative | Form::FromRoot) && w.contains('%') {
        out = utf8_percent_encode(&out, PATH_ENCODE).to_string();
    }
    if w.ends_with('/') && !out.ends_with('/') {
        out.push('/');
    }
    out
}

/// Whether the line of `missing` makes its path conditional ("if it exists", "if
/// present", "optional"), on that line or the one before, or gives it as an example
/// ("use relative paths like `.claude/scripts/`": claude-code-templates' component
/// reviewer, on the paths of the components it reviews).
fn conditional_line(ctx: &ScanContext<'_>, missing: &Missing) -> bool {
    let Ok((doc, _)) = ctx.read_doc(&missing.doc) else { return false };
    let line_text = |n: u32| doc.parsed.lines.text_of(&doc.parsed.text, n).to_lowercase();
    let said = |n: u32| {
        let l = line_text(n);
        ((l.contains("if ") || l.contains("when "))
            && (l.contains("exist") || l.contains("present")))
            || l.contains("optional")
    };
    let l = line_text(missing.line);
    let example =
        ["like `", "e.g.", "for example", "such as", "for instance"].iter().any(|c| l.contains(c));
    example || said(missing.line) || (missing.line > 1 && said(missing.line - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn missing(doc: &str, written: &str, form: Form) -> Missing {
        Missing {
            only_if_moved: false,
            doc: doc.into(),
            line: 1,
            written: written.into(),
            resolved: String::new(),
            form,
            what: "link",
        }
    }

    #[test]
    fn suggestions_keep_the_written_form() {
        assert_eq!(
            written_like(&missing("docs/a.md", "old.md", Form::DocRelative), "docs/new.md"),
            "new.md"
        );
        assert_eq!(
            written_like(&missing("docs/a.md", "./old.md", Form::DocRelative), "docs/new.md"),
            "./new.md"
        );
        assert_eq!(
            written_like(&missing("docs/a.md", "../src/old.rs", Form::DocRelative), "lib/new.rs"),
            "../lib/new.rs"
        );
        assert_eq!(
            written_like(&missing("docs/a.md", "/src/old.rs", Form::FromRoot), "src/new.rs"),
            "/src/new.rs"
        );
        assert_eq!(
            written_like(&missing("docs/a.md", "src/old.rs", Form::RepoPath), "src/new.rs"),
            "src/new.rs"
        );
        // Read from the doc's folder: written from there while it stays below it.
        let beside = Missing {
            resolved: "ci/workflows/old.yml".into(),
            ..missing("ci/workflows/README.md", "old.yml", Form::RepoPath)
        };
        assert_eq!(written_like(&beside, "ci/workflows/new.yml"), "new.yml");
        assert_eq!(written_like(&beside, "ci/new.yml"), "ci/new.yml");
        assert_eq!(
            written_like(&missing("a.md", "my%20old.md", Form::DocRelative), "my new.md"),
            "my%20new.md"
        );
    }
}
