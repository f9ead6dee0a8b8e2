//! `find`: every version one doc states about something the repository declares —
//! prose (`prose.rs`), code blocks (`code.rs`) and static badges (`badges.rs`) — minus history: changelog files, docs
//! about the past, snapshots of superseded docs versions or of releases older than the
//! project's, records, plans, dated posts, history sections (`history.rs`). One mention per line and target.

use std::collections::HashSet;

use super::history::{history_ranges, is_history_file};
use super::mention::{Mention, Subject};
use super::{badges, code, docs_links, module_paths, prose, security};
use crate::doc_role::DocRole;
use crate::scan::context::{Doc, ScanContext};
use crate::scan::signals::sections::{
    is_changelog_file, is_plan, is_post, is_record, kept_as_history,
};
use crate::scan::signals::version_folders;

/// The mentions in `doc` worth judging.
pub fn find(ctx: &ScanContext<'_>, doc: &Doc) -> Vec<Mention> {
    let known = &ctx.known_versions;
    if (known.is_empty() && !security::is_policy(&doc.path))
        || is_changelog_file(&doc.path)
        || is_history_file(&doc.path)
        || kept_as_history(&doc.parsed)
        || version_folders::superseded(&doc.path, &ctx.paths)
        || known.project().is_some_and(|p| version_folders::older_than(&doc.path, &p.version))
        // A record, a plan or a dated post states the versions of its day (a spec's
        // "Node.js 18+", a proposed workflow on `checkout@v2`, a release post's range).
        || is_record(&doc.path)
        || is_plan(&doc.path)
        || is_post(&doc.path)
    {
        return Vec::new();
    }
    let parsed = &doc.parsed;
    let history = history_ranges(parsed);
    let mut out = Vec::new();
    prose::mentions(parsed, known, &history, &mut out);
    let history_lines: Vec<(u32, u32)> =
        history.iter().map(|r| (parsed.lines.line(r.start), parsed.lines.end_line(r))).collect();
    let skip_line = |line: u32| history_lines.iter().any(|(a, b)| (*a..=*b).contains(&line));
    code::mentions(parsed, known, &skip_line, &mut out);
    badges::mentions(parsed, known, &skip_line, &mut out);
    module_paths::mentions(parsed, &doc.path, known, &skip_line, &mut out);
    docs_links::mentions(parsed, known, &skip_line, &mut out);
    security::mentions(parsed, &doc.path, &mut out);
    let mut seen = HashSet::new();
    out.retain(|m| seen.insert((m.line, m.target.clone())));
    // A doc of a Python package below the root answers to that package's floor: a
    // Python version at or above it is no skew, whatever the root declares.
    use crate::scan::signals::manifests::python;
    let python_mention =
        |m: &Mention| matches!(&m.subject, Subject::Name { name, .. } if python::is_python(name));
    if out.iter().any(python_mention) {
        if let Some(floor) = python::nearest_floor(ctx.root, &doc.path) {
            out.retain(|m| !python_mention(m) || m.version < floor);
        }
    }
    // A Docusaurus snapshot whose live page states another version is the release it
    // was cut from, as it shipped (yew's `version-0.23` page on the 0.23 MSRV, its
    // `docs/` page on today's): the live page is the one that answers.
    if !out.is_empty() {
        if let Some(live) = live_page(ctx.root, &doc.path) {
            out.retain(|m| live.contains(m.written.as_str()));
        }
    }
    // The stack the repository pins is agent context's to state (`KnownVersion::is_stack_pin`).
    let agent = matches!(ctx.role(&doc.path), DocRole::AgentContext | DocRole::NestedAgentContext);
    if !out.is_empty() && !agent {
        out.retain(|m| match &m.subject {
            Subject::Name { name, in_code, registry } => {
                known.lookup(name, &doc.path, *in_code, *registry).is_none_or(|k| !k.is_stack_pin())
            }
            _ => true,
        });
    }
    if !out.is_empty()
        && (crate::scan::role::in_example_project(ctx, &doc.path)
            || crate::scan::role::in_plugin(ctx, &doc.path))
    {
        // An example app is copied out and run on its own, a plugin is installed into
        // its reader's setup: the workspace's toolchain floor (the root `engines.node`,
        // `requires-python`) is not their reader's.
        out.retain(|m| match &m.subject {
            Subject::Name { name, in_code, registry } => known
                .lookup(name, &doc.path, *in_code, *registry)
                .is_none_or(|k| k.package || !k.scope.is_empty()),
            _ => true,
        });
    }
    out
}

/// The text of the live page a Docusaurus versioned page was copied from:
/// `<site>/versioned_docs/version-<v>/<page>` is `<site>/docs/<page>`. `None` when `path`
/// is no versioned page or the live page is gone.
fn live_page(root: &std::path::Path, path: &str) -> Option<String> {
    let (site, rest) = path.split_once("versioned_docs/version-")?;
    if !(site.is_empty() || site.ends_with('/')) {
        return None;
    }
    let (_, page) = rest.split_once('/')?;
    crate::scan::signals::manifests::read::text(root, &format!("{site}docs/{page}"))
}
