//! How Docusaurus reaches a doc from a link: a file path with or without its extension
//! (`./install` is `install.md` or `install.mdx`), a folder's `index` or `README` page,
//! and a leading `/` resolved from the docs content folder. Heading ids are
//! github-slugger's, as on GitHub, plus `{#custom-id}`, which the parser already reads.
//!
//! Pure string work; whether a candidate exists is the caller's question.

/// The files a link may reach in a Docusaurus site whose content folders are `content`
/// (root-relative, `docs` first): `written` is the link's decoded path part, `resolved`
/// its resolution from the doc's folder (or from the root for a leading `/`).
pub fn link_candidates(content: &[String], written: &str, resolved: &str) -> Vec<String> {
    let mut bases = vec![resolved.to_string()];
    if let Some(from_content) = written.strip_prefix('/') {
        for dir in content {
            bases.push(crate::scan::resolve::join(dir, from_content));
        }
    }
    let mut out = Vec::new();
    for base in bases {
        let name = base.rsplit('/').next().unwrap_or_default();
        if is_doc(name) {
            out.push(base);
            continue;
        }
        if !name.contains('.') {
            for ext in ["md", "mdx"] {
                out.push(format!("{base}.{ext}"));
            }
            for page in ["index.md", "index.mdx", "README.md", "README.mdx"] {
                out.push(if base.is_empty() { page.to_string() } else { format!("{base}/{page}") });
            }
        }
    }
    out.retain(|p| p != resolved);
    out
}

fn is_doc(name: &str) -> bool {
    name.ends_with(".md") || name.ends_with(".mdx")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_without_extensions_and_from_the_content_root() {
        let content = vec!["website/docs".to_string(), "website/blog".to_string()];
        let got = link_candidates(&content, "./install", "website/docs/install");
        assert_eq!(&got[..2], ["website/docs/install.md", "website/docs/install.mdx"]);
        assert!(got.contains(&"website/docs/install/README.md".to_string()));
        let got = link_candidates(&content, "/intro.md", "intro.md");
        assert_eq!(got, ["website/docs/intro.md", "website/blog/intro.md"]);
        assert!(link_candidates(&content, "./img.png", "website/docs/img.png").is_empty());
    }
}
