//! How Docusaurus reaches a doc from a link: a file path with or without its extension
//! (`./install` is `install.md` or `install.mdx`), a folder's `index` or `README` page,
//! and a leading `/`: a doc file path resolved from a content folder (each docs version's
//! too) or from the site's folder (`/docs/intro.mdx`), any other file served from the
//! site's `static/` folder (`/img/logo.svg`). Heading ids are
//! github-slugger's, as on GitHub, plus `{#custom-id}`, which the parser already reads.
//!
//! Pure string work; whether a candidate exists is the caller's question.

/// The files a link may reach in a Docusaurus site in folder `site_dir` whose content
/// folders are `content` (root-relative, `docs` first): `written` is the link's decoded
/// path part, `resolved` its resolution from the doc's folder (or from the root for a
/// leading `/`).
pub fn link_candidates(
    site_dir: &str,
    content: &[String],
    written: &str,
    resolved: &str,
) -> Vec<String> {
    use crate::scan::resolve::join;
    let mut bases = vec![resolved.to_string()];
    if let Some(from_root) = written.strip_prefix('/') {
        for dir in content {
            bases.push(join(dir, from_root));
        }
        bases.push(join(site_dir, from_root));
    } else if !written.starts_with("./") && !written.starts_with("../") {
        // A bare path (`cookbook/ci.mdx`) is tried from the doc's content folder (its
        // docs version's, for a versioned page) and from the site's folder before the
        // doc's own folder (Docusaurus' `resolveMarkdownLinkPathname`): dagger's
        // versioned `introduction/examples.mdx` links `cookbook/…` of its version.
        for dir in content.iter().filter(|d| resolved.starts_with(&format!("{d}/"))) {
            bases.push(join(dir, written));
        }
        bases.push(join(site_dir, written));
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
    if let Some(from_root) = written.strip_prefix('/') {
        // Files of `static/` are served from the site's root (`staticDirectories`' default).
        out.push(join(&join(site_dir, "static"), from_root));
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
        let got = link_candidates("website", &content, "./install", "website/docs/install");
        assert_eq!(&got[..2], ["website/docs/install.md", "website/docs/install.mdx"]);
        assert!(got.contains(&"website/docs/install/README.md".to_string()));
        let got = link_candidates("website", &content, "/intro.md", "intro.md");
        assert_eq!(&got[..2], ["website/docs/intro.md", "website/blog/intro.md"]);
        assert!(
            link_candidates("website", &content, "./img.png", "website/docs/img.png").is_empty()
        );
    }

    #[test]
    fn bare_paths_are_tried_from_the_docs_version_and_the_site_folder() {
        let content = vec!["d/docs".to_string(), "d/versioned_docs/version-1.0".to_string()];
        let v = "d/versioned_docs/version-1.0";
        let got = link_candidates(
            "d",
            &content,
            "cookbook/ci.mdx",
            &format!("{v}/intro/cookbook/ci.mdx"),
        );
        assert_eq!(got, [format!("{v}/cookbook/ci.mdx"), "d/cookbook/ci.mdx".to_string()]);
        // `./` and `../` are the doc's folder only.
        assert!(link_candidates("d", &content, "./ci.mdx", &format!("{v}/intro/ci.mdx")).is_empty());
    }

    #[test]
    fn root_links_reach_the_site_folder_and_its_static_files() {
        let content = vec!["www/docs".to_string()];
        let got =
            link_candidates("www", &content, "/docs/client/setup.mdx", "docs/client/setup.mdx");
        assert!(got.contains(&"www/docs/client/setup.mdx".to_string()));
        let got = link_candidates("www", &content, "/img/diagram.svg", "img/diagram.svg");
        assert!(got.contains(&"www/static/img/diagram.svg".to_string()));
    }
}
