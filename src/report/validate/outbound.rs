//! The invariants of an entry's `outbound` field (SPEC section 13): only a
//! `move-to-archive` carries one, and every rewrite is what the engine derives — `from`,
//! read from the doc's folder, and `to`, read from its destination's folder, reach the
//! same target inside the root (the destination itself for a link to the doc), and `from`
//! no longer reaches it from there. The flag it feeds (`unrewritable` non-empty) is checked
//! through the tier, in `invariants.rs`.

use super::violation::Violation;
use crate::report::kind_table::EditKind;
use crate::report::types::Entry;
use crate::scan::resolve::{classify, parent_dir, LinkTarget};

const RESOLVES: &str = "outbound-rewrite-resolves";

/// Checks `e.outbound`, if any.
pub(crate) fn check(e: &Entry, at: &str, out: &mut Vec<Violation>) {
    let Some(outbound) = &e.outbound else { return };
    let at = format!("{at}.outbound");
    let dest = match &e.exact_edit {
        Some(edit) if edit.kind == EditKind::MoveToArchive => edit.dest_path.as_deref(),
        _ => {
            out.push(Violation::new(
                &at,
                "outbound-on-move-only",
                "only a move-to-archive entry lists the doc's own links that its move rewrites",
            ));
            return;
        }
    };
    let (old_base, new_base) = (parent_dir(&e.path), dest.map(parent_dir));
    for (i, link) in outbound.rewrites.iter().enumerate() {
        let at = format!("{at}.rewrites[{i}]");
        let Some(target) = path_of(&link.from, old_base) else {
            out.push(Violation::new(
                format!("{at}.from"),
                RESOLVES,
                format!("{:?} is not a relative path part the engine rewrites", link.from),
            ));
            continue;
        };
        let (Some(dest), Some(new_base)) = (dest, new_base) else { continue };
        let want = if target == e.path { dest.to_string() } else { target };
        let shown =
            |base: &str| if base.is_empty() { "the root".to_string() } else { format!("{base:?}") };
        if want.starts_with("../") {
            out.push(Violation::new(
                format!("{at}.from"),
                RESOLVES,
                format!("{:?} leads outside the root, which no rewrite may write", link.from),
            ));
            continue;
        }
        if path_of(&link.from, new_base).as_deref() == Some(want.as_str()) {
            out.push(Violation::new(
                format!("{at}.from"),
                RESOLVES,
                format!(
                    "{:?} still reaches {want:?} from {}: nothing to rewrite",
                    link.from,
                    shown(new_base)
                ),
            ));
        }
        let got = path_of(&link.to, new_base);
        if got.as_deref() != Some(want.as_str()) {
            out.push(Violation::new(
                format!("{at}.to"),
                RESOLVES,
                format!(
                    "{:?} from {} reaches {}, not {want:?}, which {:?} reaches from {}",
                    link.to,
                    shown(new_base),
                    got.map_or("nothing in the project".to_string(), |p| format!("{p:?}")),
                    link.from,
                    shown(old_base)
                ),
            ));
        }
    }
    for (i, r) in outbound.unrewritable.iter().enumerate() {
        if r.reason.trim().is_empty() {
            out.push(Violation::new(
                format!("{at}.unrewritable[{i}].reason"),
                "outbound-reason",
                "say why the link cannot be rewritten",
            ));
        }
    }
}

/// The root-relative target of path part `written` read from folder `base`, when it is a
/// bare path part (no query, no fragment).
fn path_of(written: &str, base: &str) -> Option<String> {
    match classify(written, base) {
        LinkTarget::Local { path, fragment: None, written: w } if w == written => Some(path),
        _ => None,
    }
}
