//! A moved doc's own links (SPEC section 13; issue 10, item 4). Moving `docs/a.md` to
//! `docs/archive/a.md` would break its `[b](b.md)`: every relative destination of the doc
//! (inline links and images, reference definitions, `<a href>` / `<img src>`, as
//! `link_sites` finds them) that no longer reaches its target from the new folder gets a
//! new path part in the old one's style (`target::retarget`), byte for byte. A link to the
//! doc itself follows it to `dest`; a link to a doc another move of the same clean moves
//! points at that doc's new place. Absolute URLs, `#fragment`-only links and links that
//! still resolve from the new folder (root-absolute ones, or every link when only the
//! name changes) are left alone. A link that needs a new path but cannot get one byte for
//! byte — written with escapes or entities, in a doc that is not UTF-8, or to a target
//! outside the root — is a reason instead. Pure functions of the doc's bytes.

use std::ops::Range;

use super::link_sites::link_sites;
use super::refs::Move;
use super::target::{retarget, Style};
use crate::report::{Outbound, OwnLinkRef, OwnLinkRewrite};
use crate::scan::resolve::{classify, parent_dir, LinkTarget};

/// One own link that needs a new path: where and what, or why it cannot get one.
struct OwnLink {
    line: u32,
    what: Result<Rewrite, String>,
}

struct Rewrite {
    range: Range<usize>,
    from: String,
    to: String,
}

/// What finalize records for the doc `mv` moves (its bytes `bytes`): the rewrites as if
/// the move were applied alone, and every link that cannot be rewritten whether or not
/// its target is moved too by one of `moves` (so the tier holds for any clean that
/// applies the entry). `None` when no link needs a new path.
pub(crate) fn plan_own_links(mv: Move<'_>, bytes: &[u8], moves: &[Move<'_>]) -> Option<Outbound> {
    let mut out = Outbound::default();
    for link in own_links(mv, bytes, &[]) {
        match link.what {
            Ok(r) => out.rewrites.push(OwnLinkRewrite { line: link.line, from: r.from, to: r.to }),
            Err(reason) => out.unrewritable.push(OwnLinkRef { line: link.line, reason }),
        }
    }
    for link in own_links(mv, bytes, moves) {
        if let Err(reason) = link.what {
            out.unrewritable.push(OwnLinkRef { line: link.line, reason });
        }
    }
    out.unrewritable.sort_by(|a, b| (a.line, &a.reason).cmp(&(b.line, &b.reason)));
    out.unrewritable.dedup();
    (!out.is_empty()).then_some(out)
}

/// What clean writes at the doc's destination: `bytes` (the doc as this clean's other
/// edits left it) with every own link rewritten for the moves that apply (`moves`), every
/// other byte kept; and why each link that needs a new path but cannot get one stays.
pub(crate) fn rewrite_own_links(
    mv: Move<'_>,
    bytes: &[u8],
    moves: &[Move<'_>],
) -> (Vec<u8>, Vec<String>) {
    let mut out = Vec::with_capacity(bytes.len());
    let mut reasons = Vec::new();
    let mut at = 0;
    for link in own_links(mv, bytes, moves) {
        match link.what {
            Ok(r) if r.range.start >= at => {
                out.extend_from_slice(&bytes[at..r.range.start]);
                out.extend_from_slice(r.to.as_bytes());
                at = r.range.end;
            }
            Ok(_) => {} // overlapping: the first one wins
            Err(reason) => reasons.push(reason),
        }
    }
    out.extend_from_slice(&bytes[at..]);
    (out, reasons)
}

/// The links of the doc `mv` moves that need a new path, in source order; `moved` are
/// the other moves whose targets follow them.
fn own_links(mv: Move<'_>, bytes: &[u8], moved: &[Move<'_>]) -> Vec<OwnLink> {
    let utf8 = std::str::from_utf8(bytes).is_ok();
    let text = String::from_utf8_lossy(bytes);
    let (old_base, new_base) = (parent_dir(mv.source), parent_dir(mv.dest));
    let mut out = Vec::new();
    // In source order (ranges ascending), as `rewrite_own_links` needs them.
    for site in link_sites(&text, mv.source.ends_with(".mdx")) {
        let LinkTarget::Local { written, path, .. } = classify(&site.dest, old_base) else {
            continue;
        };
        let target = if path == mv.source {
            mv.dest
        } else {
            moved.iter().find(|m| m.source == path).map_or(path.as_str(), |m| m.dest)
        };
        if reaches(&written, new_base, target) {
            continue;
        }
        let what = if target.starts_with("../") {
            Err(format!(
                "the link {written:?} leads outside the project root, so dochygiene does not write it from the new folder; fix it by hand after the move"
            ))
        } else if !utf8 {
            Err(format!(
                "{} is not UTF-8, so dochygiene does not rewrite its link {written:?}; fix it by hand after the move",
                mv.source
            ))
        } else {
            let to = retarget(&written, new_base, target, Style::Url)
                .filter(|to| reaches(to, new_base, target));
            match (site.path_range(&text, &written), to) {
                (Some(range), Some(to)) => Ok(Rewrite { range, from: written.clone(), to }),
                (None, _) => Err(format!(
                    "the link {written:?} is written with escapes or entities, so its bytes cannot be rewritten exactly; fix it by hand after the move"
                )),
                (Some(_), None) => Err(format!(
                    "no path written from the new folder reaches the target of the link {written:?}; fix it by hand after the move"
                )),
            }
        };
        out.push(OwnLink { line: site.line, what });
    }
    out
}

/// Whether path part `written`, read from folder `base`, reaches root-relative `target`.
fn reaches(written: &str, base: &str, target: &str) -> bool {
    matches!(classify(written, base), LinkTarget::Local { path, .. } if path == target)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MV: Move<'static> = Move { source: "docs/a.md", dest: "docs/archive/a.md" };

    fn plan(text: &str) -> Outbound {
        plan_own_links(MV, text.as_bytes(), &[]).unwrap_or_default()
    }

    fn rewrites(text: &str) -> Vec<(String, String)> {
        plan(text).rewrites.into_iter().map(|r| (r.from, r.to)).collect()
    }

    fn pair(from: &str, to: &str) -> (String, String) {
        (from.to_string(), to.to_string())
    }

    #[test]
    fn relative_links_get_the_path_that_reaches_their_target_from_the_new_folder() {
        assert_eq!(
            rewrites("[b](b.md#x) ![i](../img/i.png)\n"),
            [pair("b.md", "../b.md"), pair("../img/i.png", "../../img/i.png")]
        );
        assert_eq!(
            rewrites("[b](./b.md?plain=1) [f](./)\n"),
            [pair("./b.md", "../b.md"), pair("./", "../")]
        );
        assert_eq!(rewrites("[r]: <my b.md> \"t\"\n\n[x][r]\n"), [pair("my b.md", "../my%20b.md")]);
        assert_eq!(rewrites("<a href=\"archive/c.md\">c</a>\n"), [pair("archive/c.md", "c.md")]);
        assert_eq!(rewrites("[up](../)\n"), [pair("../", "../../")]);
    }

    #[test]
    fn links_that_still_resolve_are_left_alone() {
        let text =
            "[t](#top) [me](a.md#t) [u](https://x.org/b.md) [r](/docs/b.md) [m](mailto:a@b.c)\n";
        assert_eq!(plan_own_links(MV, text.as_bytes(), &[]), None);
        // Only the name changes: every relative link still resolves; a link to itself follows.
        let renamed = Move { source: "docs/a.md", dest: "docs/a-old.md" };
        let own = plan_own_links(renamed, b"[b](b.md) [me](a.md#t) [me](./a.md)\n", &[]).unwrap();
        let got: Vec<(&str, &str)> =
            own.rewrites.iter().map(|r| (r.from.as_str(), r.to.as_str())).collect();
        assert_eq!(got, [("a.md", "a-old.md"), ("./a.md", "./a-old.md")]);
    }

    #[test]
    fn a_link_to_a_doc_moved_by_the_same_clean_points_at_its_new_place() {
        let b = Move { source: "docs/b.md", dest: "docs/old/b.md" };
        let text = "See [b](b.md#s) and [c](c.md) and [b](/docs/b.md).\n";
        let (alone, _) = rewrite_own_links(MV, text.as_bytes(), &[MV]);
        assert_eq!(
            String::from_utf8(alone).unwrap(),
            "See [b](../b.md#s) and [c](../c.md) and [b](/docs/b.md).\n"
        );
        let (both, reasons) = rewrite_own_links(MV, text.as_bytes(), &[MV, b]);
        assert_eq!(
            String::from_utf8(both).unwrap(),
            "See [b](../old/b.md#s) and [c](../c.md) and [b](/docs/old/b.md).\n"
        );
        assert!(reasons.is_empty());
    }

    #[test]
    fn what_cannot_be_rewritten_byte_for_byte_is_a_reason() {
        let reason = |text: &[u8]| {
            let own = plan_own_links(MV, text, &[]).unwrap();
            assert!(own.rewrites.is_empty(), "{own:?}");
            assert_eq!(own.unrewritable.len(), 1, "{own:?}");
            (own.unrewritable[0].line, own.unrewritable[0].reason.clone())
        };
        assert!(reason(b"# T\n\n[b](b\\_c.md)\n").1.contains("escapes"));
        assert!(reason(b"<img src=\"b&amp;c.png\">\n").1.contains("escapes"));
        assert!(reason(b"caf\xe9 [b](b.md)\n").1.contains("UTF-8"));
        assert_eq!(reason(b"\n[o](../../outside.md)\n").0, 2);
        // A link whose target moves too may need a new path only then: still a reason.
        let b = Move { source: "docs/b.md", dest: "docs/old/b.md" };
        let own =
            plan_own_links(MV, b"[b](/docs/b\\_.md)\n", &[Move { source: "docs/b_.md", ..b }]);
        assert_eq!(own.unwrap().unrewritable.len(), 1);
        // Rewriting keeps what it cannot change and says why.
        let (bytes, reasons) = rewrite_own_links(MV, b"[b](b\\_c.md) [d](d.md)\n", &[MV]);
        assert_eq!(bytes, b"[b](b\\_c.md) [d](../d.md)\n");
        assert_eq!(reasons.len(), 1);
    }
}
