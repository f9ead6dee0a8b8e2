//! A list that lays out the repository's parts, one backticked path an item:
//!
//! ```text
//! - `packages/rolldown`: The main Node.js package.
//! - `packages/rolldown-tests`: Test suite for the `rolldown` package.
//! - `packages/rollup-tests`: Compatibility test suite for Rollup plugins.
//! ```
//!
//! When most of its entries are there, the list is a map of this repository, and an
//! entry that is not sends its reader (an agent, a contributor) nowhere: rolldown's
//! `AGENTS.md` lists `packages/rolldown-tests`, which never existed. Such an entry needs
//! no git evidence and no extension: the entries beside it say what it is. The list is
//! read from the folder where most of its entries are — an enclosing item's folder
//! (napi-rs' `CLAUDE.md` lists `napi-sys/` under `/crates/`), the doc's folder, or the
//! root.
//!
//! Reads the doc's lines and the tree only.

use crate::scan::context::{Doc, ScanContext};
use crate::scan::resolve::join;
use crate::scan::tree::PathKind;

/// The indentation and the text after the marker of a list item line.
fn item(line: &str) -> Option<(usize, &str)> {
    let rest = line.trim_start();
    let indent = line.len() - rest.len();
    if let Some(after) = rest.strip_prefix(['-', '*', '+']) {
        return after.strip_prefix(' ').map(|a| (indent, a));
    }
    let number = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    if number.len() < rest.len() {
        if let Some(after) = number.strip_prefix(['.', ')']) {
            return after.strip_prefix(' ').map(|a| (indent, a));
        }
    }
    None
}

/// The code span an item opens with (bold or not: "**`src/`** - …"), when what follows
/// it describes the entry (`:`, a dash, a parenthesis) or nothing does.
fn entry(after_marker: &str) -> Option<&str> {
    let rest = after_marker.trim_start().trim_start_matches(['*', '_']);
    let rest = rest.strip_prefix('`')?;
    let (code, tail) = rest.split_once('`')?;
    let tail = tail.trim_start_matches(['*', '_']).trim_start();
    let described =
        tail.is_empty() || tail.starts_with([':', '-', '–', '—', '(']) || tail.starts_with("→");
    (described && !code.trim().is_empty()).then_some(code.trim())
}

/// The path an entry names, relative to the list's folder: one word, no glob or shell
/// syntax; a lone name counts when it is a file (an extension) or written as a folder.
fn entry_path(code: &str) -> Option<String> {
    if let Some(path) = crate::scan::signals::code_path::repo_path_candidate(code) {
        return Some(path);
    }
    let dotted = code.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && ext.starts_with(|c: char| c.is_ascii_alphabetic())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
    });
    let word = !code.is_empty()
        && code.chars().all(|c| c.is_alphanumeric() || "._-".contains(c))
        && !code.starts_with(['-', '.']);
    (word && dotted).then(|| code.to_string())
}

/// The folders the items enclosing line `line` name by their first code span, nearest
/// first (slint's "- **`internal/compiler/`**" above "  - `tests/syntax/`").
pub fn enclosing_folders(doc: &Doc, line: u32) -> Vec<String> {
    let text = |l: u32| doc.parsed.lines.text_of(&doc.parsed.text, l);
    let indent = |t: &str| t.len() - t.trim_start().len();
    let mut folders = Vec::new();
    let Some((mut depth, _)) = item(text(line)) else { return folders };
    let mut at = line;
    while depth > 0 && at > 1 {
        at -= 1;
        let t = text(at);
        if t.trim().is_empty() {
            continue;
        }
        let Some((parent, _)) = item(t) else {
            if indent(t) == 0 {
                break; // the list ended above
            }
            continue;
        };
        if parent >= depth {
            continue;
        }
        depth = parent;
        let folder = t.split('`').nth(1).unwrap_or_default();
        let folder = folder.trim_start_matches("./").trim_start_matches('/').trim_end_matches('/');
        if !folder.is_empty() {
            folders.push(folder.to_string());
        }
    }
    folders
}

/// The lines of the items beside line `line`'s (same list, same depth), its own
/// included, in order.
fn sibling_items(doc: &Doc, line: u32) -> Vec<u32> {
    let text = |l: u32| doc.parsed.lines.text_of(&doc.parsed.text, l);
    let indent = |t: &str| t.len() - t.trim_start().len();
    let Some((depth, _)) = item(text(line)) else { return Vec::new() };
    let last = doc.parsed.line_count;
    let mut lines = vec![line];
    // Walks one way while the list goes on: deeper lines (nested items, an item's
    // continuation) and blank lines are passed; a shallower line or one at the item's
    // depth that is no item ends it.
    let mut walk = |mut at: u32, step: i64| loop {
        let next = at as i64 + step;
        if next < 1 || next > last as i64 {
            break;
        }
        at = next as u32;
        let t = text(at);
        if t.trim().is_empty() {
            continue;
        }
        match item(t) {
            Some((d, _)) if d == depth => lines.push(at),
            Some((d, _)) if d > depth => {}
            None if indent(t) > depth => {}
            _ => break,
        }
    };
    walk(line, -1);
    walk(line, 1);
    lines.sort_unstable();
    lines
}

/// The path, from the root, that the entry at `line` writing `code` names, when it is a
/// missing entry of a list most of whose other entries exist: at least two, and two in
/// three or more, in one folder (an enclosing item's, the doc's or the root). The
/// entry's own parent folder must be there too: a wrong name, not a wrong place.
pub fn missing_entry(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    line: u32,
    code: &str,
) -> Option<MissingEntry> {
    let text = |l: u32| doc.parsed.lines.text_of(&doc.parsed.text, l);
    let own = entry(item(text(line))?.1)?;
    if own != code.trim() {
        return None;
    }
    let path = entry_path(own)?;
    // The entries that can show where the list is: a lone file name (`README.md`,
    // `package.json`) is in most folders, so it says nothing (remix's "each package
    // includes `CHANGELOG.md`, `package.json`, `README.md`, `src/`" is any package).
    let evidence = |code: &str, path: &str| path.contains('/') || code.ends_with('/');
    let entries: Vec<(&str, String)> = sibling_items(doc, line)
        .into_iter()
        .filter(|&l| l != line)
        .filter_map(|l| item(text(l)).and_then(|(_, rest)| entry(rest)))
        .filter_map(|code| entry_path(code).map(|p| (code, p)))
        .collect();
    let siblings: Vec<String> =
        entries.iter().filter(|(c, p)| evidence(c, p)).map(|(_, p)| p.clone()).collect();
    // A name with neither an extension nor a closing `/` is a path only in a list that
    // writes its paths that way: among folders written `pkg/dwarf/`, delve's
    // `pkg/proc/BinaryInfo` is a type.
    let bare = |code: &str, path: &str| {
        !code.ends_with('/') && !path.rsplit('/').next().unwrap_or(path).contains('.')
    };
    if bare(own, &path) && entries.iter().filter(|(c, p)| bare(c, p)).count() < 2 {
        return None;
    }
    let doc_folder = doc.path.rsplit_once('/').map_or("", |(d, _)| d).to_string();
    let mut bases = enclosing_folders(doc, line);
    bases.push(doc_folder);
    bases.push(String::new());
    // The folder where most of `paths` are, and how many are there.
    let best = |paths: &[String]| {
        bases
            .iter()
            .filter(|b| b.is_empty() || ctx.tree.kind(b) == PathKind::Dir)
            .map(|b| (b, paths.iter().filter(|p| ctx.tree.exists(&join(b, p))).count()))
            .fold(None::<(&String, usize)>, |best, (b, n)| match best {
                Some((_, m)) if m >= n => best,
                _ => Some((b, n)),
            })
    };
    let (base, there) = best(&siblings)?;
    let placed = there >= 2 && there * 3 >= siblings.len() * 2;
    // A list of lone file names (mikro-orm's "Important Files": `lerna.json`,
    // `tsconfig.json`, `docker-compose.yml`…) is placed by three or more of them in one
    // folder, but only git's evidence says one is stale: such names are often the
    // reader's, or templates'.
    let all: Vec<String> = entries.iter().map(|(_, p)| p.clone()).collect();
    let (base, needs_git) = if placed {
        (base, false)
    } else {
        let (base, there) = best(&all)?;
        if there < 3 || there * 3 < all.len() * 2 {
            return None;
        }
        (base, true)
    };
    let resolved = join(base, &path);
    let parent = resolved.rsplit_once('/').map_or("", |(p, _)| p);
    let parent_there = parent.is_empty() || ctx.tree.kind(parent) == PathKind::Dir;
    // Anywhere else the list could be read from, it is there.
    let elsewhere = bases.iter().any(|b| ctx.tree.exists(&join(b, &path)));
    (parent_there && !elsewhere && !ctx.ignored.contains(&resolved))
        .then_some(MissingEntry { resolved, needs_git })
}

/// A missing entry of a layout list: its path from the root, and whether only git's
/// evidence (renamed or deleted here) makes it a finding.
pub struct MissingEntry {
    pub resolved: String,
    pub needs_git: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_a_code_span_opening_a_described_item() {
        assert_eq!(
            entry(" `packages/a`: The package").map(str::to_string),
            Some("packages/a".into())
        );
        assert_eq!(entry("**`src/`** - Sources"), Some("src/"));
        assert_eq!(entry("`napi-sys/` - Low-level FFI bindings"), Some("napi-sys/"));
        assert_eq!(entry("`a.ts`"), Some("a.ts"));
        assert_eq!(entry("Run `make` to build"), None, "not at the item's start");
        assert_eq!(entry("`src/a.ts` and `src/b.ts` hold it"), None, "a sentence, not an entry");
    }

    #[test]
    fn an_entry_path_is_a_repo_path_or_a_lone_file_or_folder() {
        assert_eq!(
            entry_path("packages/rolldown-tests").as_deref(),
            Some("packages/rolldown-tests")
        );
        assert_eq!(entry_path("napi-sys/").as_deref(), Some("napi-sys"));
        assert_eq!(entry_path("test_helpers.go").as_deref(), Some("test_helpers.go"));
        for no in ["make", "npm run build", ".env", "cargo test", "v1.2"] {
            assert_eq!(entry_path(no), None, "{no}");
        }
    }
}
