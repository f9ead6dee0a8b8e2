//! Mintlify's routing: the folder of `docs.json` is the site's root, a leading `/` is a
//! route from it (`/quickstart` reaches `quickstart.mdx` or `quickstart.md`, a folder's
//! `index`), and an absolute asset path (`/images/logo.png`) is a file under it.

/// The files a link may reach in a Mintlify site rooted at `content[0]`: `written` is the
/// link's decoded path part, `resolved` its resolution from the doc's folder (or from the
/// repository root for a leading `/`).
pub fn link_candidates(content: &[String], written: &str, resolved: &str) -> Vec<String> {
    let root = content.first().map_or("", String::as_str);
    let base = match written.strip_prefix('/') {
        Some(route) => crate::scan::resolve::join(root, route),
        None => resolved.to_string(),
    };
    let base = base.trim_end_matches('/');
    let name = base.rsplit('/').next().unwrap_or_default();
    // A page's name may hold dots (camel's `/reference/camel.agents.base` is
    // `reference/camel.agents.base.mdx`).
    if name.contains('.') {
        return vec![base.to_string(), format!("{base}.mdx"), format!("{base}.md")];
    }
    super::route_pages(base, &["mdx", "md"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_and_assets_from_the_config_folder() {
        let content = ["docs".to_string()];
        assert_eq!(
            link_candidates(&content, "/images/x.png", "images/x.png")[0],
            "docs/images/x.png"
        );
        let dotted = link_candidates(&content, "/reference/camel.agents.base", "");
        assert!(dotted.contains(&"docs/reference/camel.agents.base.mdx".to_string()));
        let page = link_candidates(&content, "/quickstart", "quickstart");
        assert_eq!(page[0], "docs/quickstart.mdx");
        assert!(page.contains(&"docs/quickstart/index.md".to_string()));
        let rel = link_candidates(&content, "api/chat", "docs/api/chat");
        assert_eq!(rel[0], "docs/api/chat.mdx");
    }
}
