//! Jekyll's output paths (GitHub Pages): the config's folder is the site's source, a
//! leading `/` is a path from it, a page `x.md` is written as `x.html` (or `x/` with a
//! pretty permalink, `x/index.html` for a folder's `index.md`), and a post
//! `_posts/2024-05-13-slug.md` is served at `/2024/05/13/slug.html` (the default `date`
//! permalink). Heading ids are kramdown's, which agree with GitHub's on plain headings.

use std::sync::LazyLock;

use regex::Regex;

/// `/YYYY/MM/DD/slug` (with or without `.html`), a post's default permalink.
static POST: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^|/)(\d{4})/(\d{2})/(\d{2})/([^/]+?)(?:\.html)?/?$").unwrap());

/// The files a link may reach in a Jekyll site whose source is `content[0]`: `written`
/// is the link's decoded path part, `resolved` its resolution from the doc's folder.
pub fn link_candidates(content: &[String], written: &str, resolved: &str) -> Vec<String> {
    let root = content.first().map_or("", String::as_str);
    let base = match written.strip_prefix('/') {
        Some(path) => crate::scan::resolve::join(root, path),
        None => resolved.to_string(),
    };
    let mut out = Vec::new();
    if let Some(c) = POST.captures(&base) {
        for ext in ["md", "markdown", "html"] {
            out.push(crate::scan::resolve::join(
                root,
                &format!("_posts/{}-{}-{}-{}.{ext}", &c[1], &c[2], &c[3], &c[4]),
            ));
        }
    }
    let trimmed = base.trim_end_matches('/');
    match trimmed.strip_suffix(".html") {
        Some(page) => {
            out.extend(super::route_pages(page, &["md", "markdown"]));
        }
        None => {
            let name = trimmed.rsplit('/').next().unwrap_or_default();
            if written.starts_with('/') {
                out.push(trimmed.to_string()); // an asset or a folder from the source root
            }
            if !name.contains('.') {
                out.extend(super::route_pages(trimmed, &["md", "markdown", "html"]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_posts_and_assets_from_the_site_source() {
        let content = ["aider/website".to_string()];
        let page = link_candidates(&content, "/docs/usage.html", "docs/usage.html");
        assert!(page.contains(&"aider/website/docs/usage.md".to_string()), "{page:?}");
        let rel = link_candidates(&content, "../usage.html", "aider/website/docs/usage.html");
        assert!(rel.contains(&"aider/website/docs/usage.md".to_string()), "{rel:?}");
        let index = link_candidates(&content, "/docs/leaderboards/", "docs/leaderboards");
        assert!(index.contains(&"aider/website/docs/leaderboards/index.md".to_string()));
        let post = link_candidates(
            &content,
            "/2024/05/13/models-over-time.html",
            "2024/05/13/models-over-time.html",
        );
        assert_eq!(post[0], "aider/website/_posts/2024-05-13-models-over-time.md");
        let asset = link_candidates(&content, "/assets/logo.svg", "assets/logo.svg");
        assert_eq!(asset, ["aider/website/assets/logo.svg"]);
    }
}
