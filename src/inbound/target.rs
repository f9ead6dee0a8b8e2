//! The new path part of a reference a move changes (a link to a moved doc, or a moved
//! doc's own link), written in the old one's style: from the root (`/docs/…`) when it
//! was, relative otherwise (keeping a leading `./` and a folder's trailing `/`), with the
//! characters a Markdown destination cannot hold bare percent-encoded. Pure string work.

use crate::scan::resolve::relative_path;

/// How the reference is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// A Markdown or HTML link: a URL path.
    Url,
    /// A mkdocs nav entry: a plain file path in YAML.
    NavPath,
}

/// The path part that reaches `dest` (root-relative, a file or a folder) from folder
/// `base`, in the style of `written` (the old path part); `None` when `style` cannot hold
/// it verbatim.
pub(crate) fn retarget(written: &str, base: &str, dest: &str, style: Style) -> Option<String> {
    let mut path = if written.starts_with('/') {
        format!("/{dest}")
    } else {
        let rel = relative_path(base, dest);
        if rel.is_empty() {
            ".".to_string() // `base` itself
        } else if written.starts_with("./") && rel != ".." && !rel.starts_with("../") {
            format!("./{rel}")
        } else {
            rel
        }
    };
    if written.ends_with('/') && !path.ends_with('/') {
        path.push('/');
    }
    match style {
        Style::Url => Some(encode_url_path(&path)),
        Style::NavPath => path.chars().all(nav_safe).then_some(path),
    }
}

/// Percent-encodes what a bare Markdown destination or an HTML attribute cannot hold.
fn encode_url_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            ' ' | '(' | ')' | '<' | '>' | '#' | '?' | '%' | '"' | '\'' | '`' | '\\' | '[' | ']'
            | '&' => out.push_str(&format!("%{:02X}", c as u32)),
            c if c.is_control() => out.push_str(&format!("%{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Characters a YAML scalar (plain or quoted) holds without escaping or quoting changes.
fn nav_safe(c: char) -> bool {
    !c.is_control() && !":#'\"\\{}[],&*!|>%@` ".contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_new_target_keeps_the_old_style() {
        let r = |w: &str, base: &str, dest: &str| retarget(w, base, dest, Style::Url).unwrap();
        assert_eq!(r("old.md", "docs", "docs/archive/old.md"), "archive/old.md");
        assert_eq!(r("./old.md", "docs", "docs/archive/old.md"), "./archive/old.md");
        assert_eq!(r("docs/old.md", "", "docs/archive/old.md"), "docs/archive/old.md");
        assert_eq!(r("/docs/old.md", "guide", "docs/archive/old.md"), "/docs/archive/old.md");
        assert_eq!(r("../old.md", "docs/a", "archive/old.md"), "../../archive/old.md");
        assert_eq!(r("./old.md", "docs/a", "archive/old.md"), "../../archive/old.md");
        assert_eq!(r("old.md", "docs", "docs/old days (1).md"), "old%20days%20%281%29.md");
        assert_eq!(
            retarget("old.md", "docs", "docs/archive/old.md", Style::NavPath).unwrap(),
            "archive/old.md"
        );
        assert_eq!(retarget("old.md", "docs", "docs/a b/old.md", Style::NavPath), None);
        // Folders (a moved doc's own links): the trailing `/` stays; `.` is the folder itself.
        assert_eq!(r("../img/", "docs/archive", "img"), "../../img/");
        assert_eq!(r("./", "docs", "docs/archive"), "./archive/");
        assert_eq!(r("../", "docs", "docs"), "./");
        assert_eq!(r("..", "docs", "docs"), ".");
        assert_eq!(r("/", "docs/archive", ""), "/");
    }
}
