//! `broken_reference` on a Python extra: a doc that installs the project's own package
//! with an extra its `pyproject.toml` does not define (`pip install "beanie[srv]"` where
//! beanie's extras are `aws`, `encryption`, `gssapi`…). pip installs the package and
//! only warns "does not provide the extra 'srv'", so the reader goes on without what the
//! doc promised: the extra was removed or renamed, or never existed.
//!
//! The package is the root `pyproject.toml`'s (`KnownVersions::python_extras`), names
//! and extras compared as PEP 503 normalizes them. Only code counts: inline code and the
//! code blocks of a shell, a requirements file or TOML (not Python, where `name[x]`
//! indexes). Docs about the past (changelogs, release notes, migration guides, posts, a
//! superseded docs version, a doc kept as history) and sections about it (a log's
//! release entries, `version_skew::history_ranges`) name the extras of their day.

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::role::DocRole;
use crate::scan::signal::{Signal, SignalName};
use crate::scan::signals::manifests::extra_name;
use crate::scan::signals::sections::{is_history_file, is_post, kept_as_history};
use crate::scan::tree::PathKind;

/// Info strings of code blocks whose `name[extra]` is a requirement, besides a shell's
/// (`package_scripts::SHELL_LANGS`) and an empty one.
const REQUIREMENT_LANGS: [&str; 4] = ["txt", "toml", "requirements", "pip-requirements"];

/// Adds a signal for each extra of the project's package that `doc` asks for and the
/// package does not define.
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, role: DocRole, out: &mut Findings) {
    let Some((name, extras)) = &ctx.known_versions.python_extras else { return };
    let live = matches!(
        role,
        DocRole::AgentContext
            | DocRole::NestedAgentContext
            | DocRole::AgentDoc
            | DocRole::UserDoc
            | DocRole::SitePage
    );
    if !live
        || is_history_file(&doc.path)
        || is_post(&doc.path)
        || crate::scan::signals::version_folders::superseded(&doc.path, &ctx.paths)
        || kept_as_history(&doc.parsed)
    {
        return;
    }
    // `pip install -e ".[dev]"` installs the project in the folder it runs in: the root's,
    // in a doc on working on this repository whose folder has no package of its own.
    let local = crate::scan::signals::package_scripts::about_this_repository(&doc.path, role)
        && !crate::scan::role::writes_for_readers(&doc.path, role)
        && ["pyproject.toml", "setup.py", "setup.cfg"].iter().all(|f| {
            doc.dir().is_empty()
                || ctx.tree.kind(&crate::scan::resolve::join(doc.dir(), f)) == PathKind::Missing
        });
    let mut found: Vec<(u32, Requirement)> = Vec::new();
    for span in &doc.parsed.code_spans {
        found.extend(requirements(&span.text, name, local).into_iter().map(|r| (span.line, r)));
    }
    for block in &doc.parsed.code_blocks {
        let lang = block.info.split_whitespace().next().unwrap_or("").to_lowercase();
        let shell = crate::scan::signals::package_scripts::SHELL_LANGS.contains(&lang.as_str());
        if !lang.is_empty() && !shell && !REQUIREMENT_LANGS.contains(&lang.as_str()) {
            continue;
        }
        // After a `cd`, `.` is another folder.
        let mut here = local;
        for (i, line) in block.text.lines().enumerate() {
            let line_no = block.line + i as u32;
            here &= !line.split_whitespace().any(|w| w == "cd");
            found.extend(requirements(line, name, here).into_iter().map(|r| (line_no, r)));
        }
    }
    if found.is_empty() {
        return;
    }
    // Sections about the past (a log's release entries, "Breaking changes", "Migrating
    // from 0.x") name the extras of their day, as `version_skew` reads them.
    let parsed = &doc.parsed;
    let history: Vec<(u32, u32)> = crate::scan::signals::version_skew::history_ranges(parsed)
        .iter()
        .map(|r| (parsed.lines.line(r.start), parsed.lines.end_line(r)))
        .collect();
    // One signal per missing extra, listing every line that asks for it.
    let mut by_extra: Vec<(Requirement, Vec<u32>)> = Vec::new();
    for (line, req) in found {
        let past = history.iter().any(|(a, b)| (*a..=*b).contains(&line));
        if past || extras.contains(&extra_name(&req.extra)) {
            continue;
        }
        match by_extra.iter_mut().find(|(r, _)| extra_name(&r.extra) == extra_name(&req.extra)) {
            Some((_, lines)) => lines.push(line),
            None => by_extra.push((req, vec![line])),
        }
    }
    for (req, lines) in by_extra {
        let have = if extras.is_empty() {
            "it defines none".to_string()
        } else {
            let list: Vec<&str> = extras.iter().map(String::as_str).take(8).collect();
            let more = if extras.len() > 8 { ", …" } else { "" };
            format!("its extras: {}{more}", list.join(", "))
        };
        let signal = Signal::new(
            SignalName::BrokenReference,
            lines.iter().copied().min().unwrap_or(1),
            format!(
                "`{}` asks for the extra `{}`, which pyproject.toml does not define ({have})",
                req.written, req.extra
            ),
        )
        .with_target(req.written)
        .with_lines(lines);
        out.push(&doc.path, signal);
    }
}

/// Where the name that ends `before` starts: after the last character that is not a
/// letter, digit, `-`, `_` or `.` (whatever its width: “quotes” too).
fn name_start(before: &str) -> usize {
    before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || "-_.".contains(c)))
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// One extra asked for: `written` as the doc has it (`beanie[srv]`).
#[derive(Debug, PartialEq, Eq)]
struct Requirement {
    written: String,
    extra: String,
}

/// Extras that stand for the one a reader picks (pipecat's skill writing
/// `pipecat-ai[package-name]`, instructor's `instructor[provider]`), as `extras` and
/// `my-…`/`your-…` (`instructor[my-provider]`) do.
const PLACEHOLDER_EXTRAS: [&str; 10] = [
    "extras",
    "name",
    "package",
    "package-name",
    "package_name",
    "provider",
    "providers",
    "integration",
    "feature",
    "features",
];

/// The extras of the package `name` (normalized) that `code` asks for:
/// `name[a,b]`, each a name of letters, digits, `-`, `_`, `.`; with `local`, also those
/// of the folder's project that an install command asks for (`pip install -e ".[dev]"`).
/// A placeholder (`extra1`, `<extra>`, `...`) is not one.
fn requirements(code: &str, name: &str, local: bool) -> Vec<Requirement> {
    let local = local && code.contains("install");
    let mut out = Vec::new();
    for (at, _) in code.match_indices('[') {
        let before = &code[..at];
        let start = name_start(before);
        let package = &before[start..];
        // `x.beanie[…]`, `/beanie[…]`: part of a longer name or a path.
        let glued = before[..start].ends_with(['.', '/', ':', '@']);
        let ours = extra_name(package) == name || (local && package == ".");
        if package.is_empty() || glued || !ours {
            continue;
        }
        let Some(len) = code[at + 1..].find(']') else { continue };
        let inside = &code[at + 1..at + 1 + len];
        let names: Vec<&str> = inside.split(',').map(str::trim).collect();
        let valid = |e: &str| {
            !e.is_empty()
                && e.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
                && e.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        };
        if !names.iter().all(|e| valid(e)) {
            continue;
        }
        let written = &code[start..at + 2 + len];
        for extra in names {
            let lower = extra.to_ascii_lowercase();
            let placeholder = lower.trim_start_matches("extra").chars().all(|c| c.is_ascii_digit())
                || PLACEHOLDER_EXTRAS.contains(&lower.as_str())
                || lower.starts_with("my-")
                || lower.starts_with("your-");
            if !placeholder {
                out.push(Requirement { written: written.to_string(), extra: extra.to_string() });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn extras(code: &str, name: &str) -> Vec<String> {
        requirements(code, name, false).into_iter().map(|r| r.extra).collect()
    }

    #[test]
    fn reads_the_extras_of_the_package() {
        assert_eq!(extras("pip install \"beanie[srv]\"", "beanie"), ["srv"]);
        assert_eq!(extras("pip install Beanie[srv, aws]", "beanie"), ["srv", "aws"]);
        assert_eq!(extras("uv add 'my_pkg[Cli]'", "my-pkg"), ["Cli"]);
        assert_eq!(requirements("beanie[srv]>=1.0", "beanie", false)[0].written, "beanie[srv]");
        // The folder's own project, in an install command of a doc about this repository.
        let local = |code: &str| -> Vec<String> {
            requirements(code, "llm", true).into_iter().map(|r| r.extra).collect()
        };
        assert_eq!(local("pip install -e '.[test]'"), ["test"]);
        assert_eq!(local("uv pip install \".[dev, docs]\""), ["dev", "docs"]);
        assert!(local("re.match(r'.[a-zA-Z]', s)").is_empty(), "no install: a pattern");
        assert!(local("pip install -e plugins/.[test]").is_empty(), "another folder");
        assert!(
            extras("pip install -e '.[test]'", "llm").is_empty(),
            "not a doc on this repository"
        );
        assert!(extras("pip install smolagents[extra1,extra2]", "smolagents").is_empty());
        assert!(extras("pip install other[srv]", "beanie").is_empty());
        assert!(extras("mybeanie[srv]", "beanie").is_empty());
        assert!(extras("x.beanie[srv]", "beanie").is_empty(), "a longer name");
        assert!(extras("beanie[\"key\"]", "beanie").is_empty(), "an index");
        assert!(extras("beanie[<extra>]", "beanie").is_empty());
        assert!(extras("pip install beanie[package-name]", "beanie").is_empty());
        assert!(extras("pip install beanie[provider]", "beanie").is_empty());
        assert!(extras("pip install beanie[my-provider]", "beanie").is_empty());
        // A character of several bytes before the name (pip's “how to contribute”).
        assert_eq!(extras("“beanie[srv]”", "beanie"), ["srv"]);
    }
}
