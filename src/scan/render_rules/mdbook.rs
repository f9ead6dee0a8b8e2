//! How mdBook renders a book: heading ids (`id_from_content` and `unique_id` of
//! `mdbook-html/src/utils.rs`) and the pages a `.html` link reaches (each chapter
//! `x.md` becomes `x.html`; the index preprocessor turns a folder's `README.md` into
//! its `index.html`).
//!
//! Pure string work; whether a candidate exists is the caller's question.

use std::collections::HashSet;

/// `id_from_content`: trimmed, lowercased, letters, numbers, `_` and `-` kept, each
/// whitespace character a `-`, everything else dropped; `section` when nothing is left.
pub fn id_from_content(text: &str) -> String {
    let id: String = text
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c)
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect();
    if id.is_empty() {
        "section".to_string()
    } else {
        id
    }
}

/// The ids of a page's definition-list terms: mdBook gives each `<dt>` an id as it does a
/// heading (`add_header_links` of `mdbook-html/src/html/tree.rs` takes `h1`–`h6` and
/// `dt`; definition lists are on by default), so a glossary's `term` + `: definition`
/// is a link target (pyo3's `glossary.md#attached`). A term is a line after a blank one
/// (or the page's start) whose next line opens with `: `.
pub fn term_ids(text: &str) -> Vec<String> {
    super::definition_terms(text).iter().map(|(_, t)| id_from_content(t)).collect()
}

/// `unique_id`: a used id gets `-1`, `-2`, … (the first unused).
pub fn unique_id(id: String, used: &mut HashSet<String>) -> String {
    if used.insert(id.clone()) {
        return id;
    }
    let mut n: u32 = 1;
    loop {
        let candidate = format!("{id}-{n}");
        if used.insert(candidate.clone()) {
            return candidate;
        }
        n += 1;
    }
}

/// The source files a link to root-relative `path` may reach in a book: `x.html` is
/// chapter `x.md`; `dir/index.html` is `dir/README.md` or `dir/index.md`.
pub fn link_candidates(path: &str) -> Vec<String> {
    // A chapter link `x/index.md` becomes `x/index.html`, the page of `x/README.md`.
    if let Some(dir) = path.strip_suffix("index.md").filter(|d| d.is_empty() || d.ends_with('/')) {
        return vec![format!("{dir}README.md")];
    }
    let Some(stem) = path.strip_suffix(".html") else {
        return Vec::new();
    };
    let mut out = vec![format!("{stem}.md")];
    if let Some(dir) = stem.strip_suffix("index").filter(|d| d.is_empty() || d.ends_with('/')) {
        out.push(format!("{dir}README.md"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_as_mdbook_makes_them() {
        // The cases of mdBook's own `it_normalizes_ids` test.
        assert_eq!(
            id_from_content("`--passes`: add more rustdoc passes"),
            "--passes-add-more-rustdoc-passes"
        );
        assert_eq!(
            id_from_content("Method-call 🐙 expressions \u{1f47c}"),
            "method-call--expressions-"
        );
        assert_eq!(id_from_content("中文"), "中文");
        assert_eq!(id_from_content("Über Alles"), "über-alles");
        assert_eq!(id_from_content("::"), "section");
        let mut used = HashSet::new();
        assert_eq!(unique_id("a".into(), &mut used), "a");
        assert_eq!(unique_id("a".into(), &mut used), "a-1");
        assert_eq!(unique_id("a".into(), &mut used), "a-2");
    }

    #[test]
    fn definition_list_terms_have_ids() {
        let text = "# Glossary\n\nattached\n  : To call into Python.\n\nsmart pointer\n: Pointers.\n\nnot a term\nnext line\n: after text\n";
        assert_eq!(term_ids(text), ["attached", "smart-pointer"]);
    }

    #[test]
    fn html_links_reach_their_chapters() {
        assert_eq!(link_candidates("src/ch01.html"), ["src/ch01.md"]);
        assert_eq!(
            link_candidates("src/cli/index.html"),
            ["src/cli/index.md", "src/cli/README.md"]
        );
        assert_eq!(link_candidates("index.html"), ["index.md", "README.md"]);
        assert_eq!(link_candidates("src/reindex.html"), ["src/reindex.md"]);
        assert!(link_candidates("src/ch01.md").is_empty());
        assert_eq!(link_candidates("src/ci/index.md"), ["src/ci/README.md"]);
        assert_eq!(link_candidates("src/index.md"), ["src/README.md"]);
        assert!(link_candidates("src/reindex.md").is_empty());
        assert!(link_candidates("src/img.png").is_empty());
    }
}
