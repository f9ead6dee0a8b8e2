//! An `exact_edit` applied to a doc's bytes: the one place the new bytes of each
//! deterministic kind (but a move, which changes no byte) are made, and the text each
//! inserts — so check measures the saving of exactly what clean writes, the `See [...]`
//! line of a dedupe included.

use super::frontmatter::set_frontmatter;
use super::splice::{replace_in_span, replace_with_line, splice};
use crate::file_view::FileView;
use crate::report::{Anchor, EditKind, ExactEdit};
use crate::scan::resolve::{parent_dir, relative_path};

/// The text `edit` writes into the doc at `path` (a replacement, the line a dedupe
/// leaves, the `key: value` line); `None` for a kind that writes none.
pub(crate) fn inserted_text(path: &str, edit: &ExactEdit) -> Option<String> {
    match edit.kind {
        EditKind::ReplaceText => Some(edit.replacement.clone().unwrap_or_default()),
        EditKind::Dedupe => {
            let canonical = edit.canonical_ref.as_deref().unwrap_or_default();
            let (file, fragment) = match canonical.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (canonical, None),
            };
            let mut link = relative_path(parent_dir(path), file);
            if let Some(fragment) = fragment {
                link = format!("{link}#{fragment}");
            }
            Some(dedupe_line(canonical, &link))
        }
        EditKind::InsertFrontmatter => Some(format!(
            "{}: {}",
            edit.key.as_deref().unwrap_or_default(),
            edit.value.as_deref().unwrap_or_default()
        )),
        EditKind::DeleteRange | EditKind::MoveToArchive => None,
    }
}

/// The doc `view` (at `path`) with `edit` applied at `anchor` (the edit's own, or where
/// clean found its lines again); `None` for a move, which changes no byte. An edit that
/// cannot be applied byte-exactly says why.
pub(crate) fn apply_exact(
    path: &str,
    view: &FileView,
    edit: &ExactEdit,
    anchor: Option<Anchor>,
) -> Result<Option<Vec<u8>>, String> {
    let anchor = || anchor.ok_or_else(|| format!("a {} edit needs an anchor", edit.kind));
    let inserted = || inserted_text(path, edit).unwrap_or_default();
    Ok(Some(match edit.kind {
        EditKind::DeleteRange => splice(view, anchor()?, b""),
        EditKind::ReplaceText => {
            let a = anchor()?;
            let m = edit.match_text.as_deref().unwrap_or_default();
            replace_in_span(view, a, m, &inserted())
                .ok_or_else(|| format!("{m:?} is no longer in lines {a}"))?
        }
        EditKind::Dedupe => replace_with_line(view, anchor()?, &inserted()),
        EditKind::InsertFrontmatter => set_frontmatter(
            view,
            edit.key.as_deref().unwrap_or_default(),
            edit.value.as_deref().unwrap_or_default(),
        ),
        EditKind::MoveToArchive => return Ok(None),
    }))
}

/// The `See [...](...)` line a `dedupe` leaves, linking `canonical` at `link` whatever
/// its name: brackets and backslashes in the text are escaped, and a destination holding
/// a space, a parenthesis, `<`, `>` or `\` goes between `<` and `>` (escaped inside).
fn dedupe_line(canonical: &str, link: &str) -> String {
    let escape = |text: &str, special: &[char]| {
        text.chars().fold(String::new(), |mut out, c| {
            if special.contains(&c) {
                out.push('\\');
            }
            out.push(c);
            out
        })
    };
    let text = escape(canonical, &['\\', '[', ']']);
    let plain = link.chars().all(|c| !c.is_whitespace() && !"()<>\\".contains(c));
    let destination =
        if plain { link.to_string() } else { format!("<{}>", escape(link, &['\\', '<', '>'])) };
    format!("See [{text}]({destination}).")
}

#[cfg(test)]
mod tests {
    use super::dedupe_line;

    #[test]
    fn the_dedupe_line_links_any_name() {
        assert_eq!(dedupe_line("docs/config.md", "config.md"), "See [docs/config.md](config.md).");
        assert_eq!(
            dedupe_line("docs/my notes.md", "my notes.md"),
            "See [docs/my notes.md](<my notes.md>)."
        );
        assert_eq!(dedupe_line("docs/a].md", "a].md"), "See [docs/a\\].md](a].md).");
        assert_eq!(dedupe_line("docs/c(1).md", "c(1).md"), "See [docs/c(1).md](<c(1).md>).");
        assert_eq!(dedupe_line("w\\d<>.md", "w\\d<>.md"), "See [w\\\\d<>.md](<w\\\\d\\<\\>.md>).");
    }
}
