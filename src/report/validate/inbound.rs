//! The invariants of an entry's `inbound` field (SPEC section 13): only a
//! `move-to-archive` carries one, its paths are confined, and every rewrite is what the
//! engine derives — `from` resolves (from `base`) to the entry's doc and `to` to its
//! `dest_path`. The flag it feeds (`unrewritable` non-empty) is checked through the tier,
//! in `invariants.rs`.

use super::violation::Violation;
use crate::rel_path::tree_path_problem;
use crate::report::kind_table::EditKind;
use crate::report::types::Entry;
use crate::scan::resolve::{classify, LinkTarget};

/// Checks `e.inbound`, if any.
pub(crate) fn check(e: &Entry, at: &str, out: &mut Vec<Violation>) {
    let Some(inbound) = &e.inbound else { return };
    let at = format!("{at}.inbound");
    let dest = match &e.exact_edit {
        Some(edit) if edit.kind == EditKind::MoveToArchive => edit.dest_path.as_deref(),
        _ => {
            out.push(Violation::new(
                &at,
                "inbound-on-move-only",
                "only a move-to-archive entry lists the references to its doc",
            ));
            return;
        }
    };
    for (i, file) in inbound.rewrites.iter().enumerate() {
        let at = format!("{at}.rewrites[{i}]");
        confined(&format!("{at}.path"), &file.path, out);
        if !file.base.is_empty() {
            confined(&format!("{at}.base"), &file.base, out);
        }
        if file.path == e.path {
            out.push(Violation::new(
                format!("{at}.path"),
                "inbound-rewrite-resolves",
                "is the moved doc itself; its own links are not inbound",
            ));
        }
        for (j, link) in file.links.iter().enumerate() {
            let at = format!("{at}.links[{j}]");
            resolves(&format!("{at}.from"), &link.from, &file.base, &e.path, out);
            if let Some(dest) = dest {
                resolves(&format!("{at}.to"), &link.to, &file.base, dest, out);
            }
        }
    }
    for (i, r) in inbound.unrewritable.iter().enumerate() {
        let at = format!("{at}.unrewritable[{i}]");
        confined(&format!("{at}.path"), &r.path, out);
        if r.reason.trim().is_empty() {
            out.push(Violation::new(
                format!("{at}.reason"),
                "inbound-reason",
                "say why the reference cannot be rewritten",
            ));
        }
    }
}

/// A referring file is one the tree holds, so any name it has is fine; only an escape
/// from the root is not.
fn confined(at: &str, path: &str, out: &mut Vec<Violation>) {
    if let Some(problem) = tree_path_problem(path) {
        out.push(Violation::new(at, "path-confined", problem));
    }
}

fn resolves(at: &str, written: &str, base: &str, want: &str, out: &mut Vec<Violation>) {
    let got = match classify(written, base) {
        LinkTarget::Local { path, fragment: None, written: w } if w == written => Some(path),
        _ => None,
    };
    if got.as_deref() != Some(want) {
        out.push(Violation::new(
            at,
            "inbound-rewrite-resolves",
            format!(
                "{written:?} from {:?} resolves to {}, not {want:?}",
                if base.is_empty() { "the root" } else { base },
                got.map_or("nothing in the project".to_string(), |p| format!("{p:?}"))
            ),
        ));
    }
}
