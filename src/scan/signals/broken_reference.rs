//! `broken_reference`: relative links, images and reference definitions whose target is
//! missing; `#fragments` with no matching anchor in their target (cross-file, GitHub
//! slugs); backticked repo paths whose first folder exists but whose file does not.
//!
//! `check_doc` reports one doc's problems; a missing target that git history explains
//! becomes a `stale_name_location` instead (decided by the engine through that module).
//! Fragments into other scanned docs are deferred as hashes (`DeferredFragment`) until
//! every doc's anchors are known; `recover` re-reads a doc to name the ones that failed.

use crate::scan::anchors::{anchor_hash, AnchorSet};
use crate::scan::context::{Doc, ScanContext};
use crate::scan::markdown::LinkKind;
use crate::scan::resolve::{classify, has_scheme, LinkTarget};
use crate::scan::scope::DEFAULT_EXCLUDED_DIRS;
use crate::scan::signal::{Signal, SignalName};
use crate::scan::tree::PathKind;

/// How a missing path was written, so a replacement can be written the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Relative to the doc's folder (`../a.md`, `./b.md`, `c.md`).
    DocRelative,
    /// From the root with a leading `/`.
    FromRoot,
    /// A backticked repo path, root-relative.
    RepoPath,
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
    /// "link", "image", "reference definition", "code path".
    pub what: &'static str,
}

/// One problem found by `find`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    MissingTarget(Missing),
    MissingFragment { doc: String, line: u32, dest: String, fragment: String, in_path: String },
}

/// A `#fragment` into another scanned doc, checked once every doc's anchors are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeferredFragment {
    /// Index of the target doc in the shortlist.
    pub target: u32,
    pub line: u32,
    /// `anchor_hash` of the fragment, and of its lowercase form.
    pub fragment: u64,
    pub lower: u64,
}

impl DeferredFragment {
    /// Whether the target's anchors hold the fragment.
    pub fn holds(&self, anchors: &AnchorSet) -> bool {
        anchors.contains_hash(self.fragment) || anchors.contains_hash(self.lower)
    }
}

/// One doc's link problems, and the fragment checks that must wait.
#[derive(Debug, Default)]
pub struct LinkCheck {
    pub problems: Vec<Problem>,
    pub deferred: Vec<DeferredFragment>,
}

/// Checks one doc's links, images, definitions and backticked paths.
pub fn check_doc(ctx: &ScanContext<'_>, doc: &Doc) -> LinkCheck {
    let mut out = LinkCheck::default();
    check_links(ctx, doc, &mut out, None);
    // A changelog names the paths of its time: history, not references to keep current.
    if ctx.role(&doc.path) != crate::scan::role::DocRole::Changelog {
        check_code_paths(ctx, doc, &mut out.problems);
    }
    out
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
    for link in &doc.parsed.links {
        let what = match link.kind {
            LinkKind::Inline => "link",
            LinkKind::Image => "image",
            LinkKind::Definition => "reference definition",
        };
        let missing_fragment = |fragment: String, in_path: String| Problem::MissingFragment {
            doc: doc.path.clone(),
            line: link.line,
            dest: link.dest.clone(),
            fragment,
            in_path,
        };
        match classify(&link.dest, doc.dir()) {
            LinkTarget::Skip => {}
            LinkTarget::SameDoc { fragment } => {
                if failed.is_none() && !fragment_ok(&fragment) && !doc.parsed.has_anchor(&fragment)
                {
                    out.problems.push(missing_fragment(fragment, doc.path.clone()));
                }
            }
            LinkTarget::Local { written, path, fragment } => match ctx.tree.kind(&path) {
                PathKind::Missing => {
                    if failed.is_some() {
                        continue;
                    }
                    let form =
                        if written.starts_with('/') { Form::FromRoot } else { Form::DocRelative };
                    out.problems.push(Problem::MissingTarget(Missing {
                        doc: doc.path.clone(),
                        line: link.line,
                        written,
                        resolved: path,
                        form,
                        what,
                    }));
                }
                PathKind::Dir => {}
                PathKind::File => {
                    let Some(fragment) = fragment else { continue };
                    if fragment_ok(&fragment) || !is_markdown(&path) {
                        continue;
                    }
                    let target = ctx.doc_index(&path);
                    if let Some(failed) = failed {
                        let hash = anchor_hash(&fragment);
                        let this = |d: &DeferredFragment| {
                            Some(d.target) == target && d.line == link.line && d.fragment == hash
                        };
                        if failed.iter().any(this) {
                            out.problems.push(missing_fragment(fragment, path));
                        }
                        continue;
                    }
                    let found = match target {
                        Some(_) if target == self_index => Some(doc.parsed.has_anchor(&fragment)),
                        Some(t) => {
                            out.deferred.push(DeferredFragment {
                                target: t,
                                line: link.line,
                                fragment: anchor_hash(&fragment),
                                lower: anchor_hash(&fragment.to_lowercase()),
                            });
                            None
                        }
                        None => ctx.tree.external_doc_has_anchor(&path, &fragment),
                    };
                    if found == Some(false) {
                        out.problems.push(missing_fragment(fragment, path));
                    }
                }
            },
        }
    }
}

/// An empty fragment or `#top` always works (HTML scrolls to the top).
fn fragment_ok(fragment: &str) -> bool {
    fragment.is_empty() || fragment.eq_ignore_ascii_case("top")
}

/// Whether a root-relative path is a Markdown file (its fragments are checkable).
pub fn is_markdown(path: &str) -> bool {
    let path = path.as_bytes();
    [".md", ".mdx", ".markdown"].iter().any(|ext| {
        path.len() >= ext.len()
            && path[path.len() - ext.len()..].eq_ignore_ascii_case(ext.as_bytes())
    })
}

fn check_code_paths(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Vec<Problem>) {
    for span in &doc.parsed.code_spans {
        let Some(path) = repo_path_candidate(&span.text) else {
            continue;
        };
        let first = path.split('/').next().unwrap_or_default();
        if DEFAULT_EXCLUDED_DIRS.contains(&first) || ctx.tree.kind(first) != PathKind::Dir {
            continue;
        }
        let from_doc = crate::scan::resolve::join(doc.dir(), &path);
        if ctx.tree.exists(&path) || (!doc.dir().is_empty() && ctx.tree.exists(&from_doc)) {
            continue;
        }
        out.push(Problem::MissingTarget(Missing {
            doc: doc.path.clone(),
            line: span.line,
            written: span.text.trim().to_string(),
            resolved: path,
            form: Form::RepoPath,
            what: "code path",
        }));
    }
}

/// The root-relative path a code span names, if it looks like a repo path: one word
/// with a `/`, no shell or glob syntax, no scheme, no `..`; a `:line[:col]` or `#L…`
/// suffix and a leading `./` or `/` are dropped.
pub fn repo_path_candidate(code: &str) -> Option<String> {
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
    while let Some((p, tail)) = path.rsplit_once(':') {
        if tail.chars().all(|c| c.is_ascii_digit()) && !tail.is_empty() {
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

/// The `broken_reference` signal for a problem git does not explain.
pub fn signal(problem: &Problem) -> (String, Signal) {
    match problem {
        Problem::MissingTarget(m) => {
            let detail = match m.form {
                Form::RepoPath => format!(
                    "code path `{}` does not exist, though its first folder does",
                    m.written
                ),
                _ => format!("{} target `{}` does not exist", m.what, m.written),
            };
            let sig =
                Signal::new(SignalName::BrokenReference, m.line, detail).with_target(&m.written);
            (m.doc.clone(), sig)
        }
        Problem::MissingFragment { doc, line, dest, fragment, in_path } => {
            let where_ =
                if in_path == doc { "this doc".to_string() } else { format!("`{in_path}`") };
            let detail = format!("fragment `#{fragment}` matches no heading or anchor in {where_}");
            (doc.clone(), Signal::new(SignalName::BrokenReference, *line, detail).with_target(dest))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repo_path_candidates() {
        assert_eq!(repo_path_candidate("src/main.rs").as_deref(), Some("src/main.rs"));
        assert_eq!(repo_path_candidate("./src/lib.rs:42:7").as_deref(), Some("src/lib.rs"));
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

    #[test]
    fn markdown_paths() {
        assert!(is_markdown("a/B.MD"));
        assert!(is_markdown("x.mdx"));
        assert!(!is_markdown("x.rs"));
        assert!(!is_markdown("md") && !is_markdown("") && is_markdown("é.Markdown"));
    }
}
