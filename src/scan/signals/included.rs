//! Files other pages include (`markdown/includes.rs`): an included file is published
//! inside its includer's page, so its relative links are written for the includer's
//! folder and its `#fragments` name the includer's headings. A link problem of an
//! included file is not one when the link resolves from an includer.

use std::collections::BTreeMap;

use super::broken_reference::{landing_from, Form, Problem};
use crate::scan::context::{Doc, ScanContext};
use crate::scan::resolve::{classify, join, parent_dir, LinkTarget};
use crate::scan::tree::PathKind;

/// The files `doc` includes that exist, root-relative. A target is looked for from the
/// doc's folder, then from its site's folder (pymdownx.snippets' `base_path`), then from
/// the root (hand-made hooks that resolve from the repository).
pub fn resolve(ctx: &ScanContext<'_>, doc: &Doc) -> Vec<String> {
    if doc.parsed.includes.is_empty() {
        return Vec::new(); // most docs: no site look-up
    }
    let site_dir = ctx.sites.page_of(&doc.path).map(|s| parent_dir(&s.config).to_string());
    let mut out = Vec::new();
    for written in &doc.parsed.includes {
        let written = written.trim_start_matches("./");
        let from_doc = match written.strip_prefix('/') {
            Some(rooted) => join("", rooted),
            None => join(doc.dir(), written),
        };
        let candidates = [
            Some(from_doc),
            site_dir.as_deref().map(|d| join(d, written)),
            Some(join("", written)),
        ];
        if let Some(found) = candidates
            .into_iter()
            .flatten()
            .find(|p| !p.starts_with("../") && ctx.tree.kind(p) == PathKind::File)
        {
            out.push(found);
        }
    }
    out
}

/// Which docs include which files: included path → its includers.
#[derive(Debug, Default)]
pub struct IncludedBy {
    includers: BTreeMap<String, Vec<String>>,
}

impl IncludedBy {
    pub fn add(&mut self, includer: &str, included: Vec<String>) {
        for path in included {
            self.includers.entry(path).or_default().push(includer.to_string());
        }
    }

    /// Whether `problem` is not one once its doc is read where it is published: a
    /// doc-relative link that resolves from an includer's folder, or a fragment of the
    /// doc's own (the includer's page holds it; includers' anchors are open).
    pub fn explains(&self, ctx: &ScanContext<'_>, problem: &Problem) -> bool {
        match problem {
            Problem::MissingTarget(m) => {
                m.form == Form::DocRelative
                    && self.includers.get(&m.doc).is_some_and(|includers| {
                        includers.iter().any(|page| match classify(&m.written, parent_dir(page)) {
                            LinkTarget::Local { written, path, .. } => {
                                landing_from(ctx, page, &written, &path).is_some()
                            }
                            _ => false,
                        })
                    })
            }
            Problem::MissingFragment { doc, in_path, .. } => {
                doc == in_path && self.includers.contains_key(doc)
            }
        }
    }
}
