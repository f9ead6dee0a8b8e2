//! The stable entry id: first 12 hex of sha256(path, subtype, kind, anchor), NUL-joined.
//! A generative entry's kind is `generative` and an anchorless entry's anchor is `-`.

use super::kind_table::EditKind;
use super::taxonomy::Subtype;
use super::types::Anchor;
use crate::hash::sha256_parts_hex;

/// The id of an entry.
pub(crate) fn entry_id(
    path: &str,
    subtype: Subtype,
    kind: Option<EditKind>,
    anchor: Option<Anchor>,
) -> String {
    let kind = kind.map_or("generative", EditKind::as_str);
    let anchor = anchor.map_or_else(|| "-".to_string(), |a| a.to_string());
    let digest = sha256_parts_hex(&[
        path.as_bytes(),
        subtype.as_str().as_bytes(),
        kind.as_bytes(),
        anchor.as_bytes(),
    ]);
    digest[..12].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_and_distinct() {
        let a = Some(Anchor { start_line: 3, end_line: 9 });
        let id = entry_id("docs/a.md", Subtype::Orphaned, Some(EditKind::DeleteRange), a);
        assert_eq!(id.len(), 12);
        assert_eq!(id, entry_id("docs/a.md", Subtype::Orphaned, Some(EditKind::DeleteRange), a));
        assert_ne!(id, entry_id("docs/a.md", Subtype::Orphaned, Some(EditKind::DeleteRange), None));
        assert_ne!(id, entry_id("docs/b.md", Subtype::Orphaned, Some(EditKind::DeleteRange), a));
        assert_ne!(id, entry_id("docs/a.md", Subtype::Orphaned, None, a));
    }
}
