//! Astro's file-based routing ("Routing" in the Astro docs; Starlight serves its
//! `src/content/docs/` collection the same way): a leading `/` is a route from a content
//! folder, and a route `x/`, `x` or `x.html` reaches `x.md`, `x.mdx`, `x/index.md` or
//! `x/index.mdx`. A locale prefix (`/de/guides/`) is a folder like any other. A link to a
//! page file, `x.md`, only works on the site through a plugin that turns it into the
//! page's route (jj's `starlight-strip-md-extension`), and then `x.mdx` answers as well.
//! Heading ids are github-slugger's, as GitHub's.

/// The files a link may reach in an Astro site whose routed folders are `content`
/// (root-relative): `written` is the link's decoded path part, `resolved` its resolution
/// from the doc's folder (or from the root for a leading `/`).
pub fn link_candidates(content: &[String], written: &str, resolved: &str) -> Vec<String> {
    let bases: Vec<String> = match written.strip_prefix('/') {
        Some(route) => content.iter().map(|c| crate::scan::resolve::join(c, route)).collect(),
        None => vec![resolved.to_string()],
    };
    let mut out = Vec::new();
    for base in bases {
        let base = base.trim_end_matches('/');
        let base = base.strip_suffix(".html").unwrap_or(base);
        if let Some(page) = base.strip_suffix(".md").or_else(|| base.strip_suffix(".mdx")) {
            out.extend(super::route_pages(page, &["md", "mdx"]));
            continue;
        }
        let name = base.rsplit('/').next().unwrap_or_default();
        if name.contains('.') {
            continue; // a file with its extension: GitHub's resolution already decided
        }
        out.extend(super::route_pages(base, &["md", "mdx"]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_reach_pages_of_each_content_folder() {
        let content = ["docs/src/content/docs".to_string(), "docs/src/pages".to_string()];
        let got = link_candidates(&content, "/guides/i18n/", "guides/i18n");
        assert!(got.contains(&"docs/src/content/docs/guides/i18n.mdx".to_string()), "{got:?}");
        assert!(got.contains(&"docs/src/pages/guides/i18n/index.md".to_string()), "{got:?}");
        let rel = link_candidates(
            &content,
            "../reference/icons/",
            "docs/src/content/docs/reference/icons",
        );
        assert!(rel.contains(&"docs/src/content/docs/reference/icons.mdx".to_string()), "{rel:?}");
        assert!(link_candidates(&content, "/logo.svg", "logo.svg").is_empty());
        let page_file = link_candidates(&content, "setup.md", "docs/src/content/docs/setup.md");
        assert!(
            page_file.contains(&"docs/src/content/docs/setup.mdx".to_string()),
            "{page_file:?}"
        );
        let home = link_candidates(&content, "/", "");
        assert!(home.contains(&"docs/src/content/docs/index.mdx".to_string()), "{home:?}");
    }
}
