//! Which renderer a doc is read on besides GitHub, and the files a link reaches there
//! that GitHub's resolution does not: the per-folder dispatch to each generator's rules.
//!
//! Reads nothing from disk.

use super::{astro, dialect, doc_builder, docusaurus, jekyll, mdbook, mintlify, vitepress};
use crate::scan::markdown::ParsedDoc;
use crate::scan::site::{Generator, Site, Sites};

/// The generator whose heading ids `path` also has: its docs site's, else MkDocs'
/// (Python-Markdown) when the doc is written in that dialect, else none (GitHub only).
pub fn renderer_of(sites: &Sites, path: &str, parsed: &ParsedDoc) -> Option<Generator> {
    match sites.page_of(path) {
        Some(site) => Some(site.generator),
        None => dialect::is_python_markdown(parsed).then_some(Generator::Mkdocs),
    }
}

/// The files a link from a page of `site` may reach when GitHub's resolution `resolved`
/// does not exist: `written` is the link's decoded path part.
pub fn link_candidates(site: &Site, written: &str, resolved: &str) -> Vec<String> {
    match site.generator {
        Generator::MdBook => mdbook::link_candidates(resolved),
        Generator::VitePress => {
            let content = site.content.first().map_or("", String::as_str);
            vitepress::link_candidates(content, written, resolved)
        }
        // VuePress 1 routes pages as VitePress does (`x.html`, and `x` by its client's
        // redirect to `x.html`); its `public/` is `.vuepress/public/`.
        Generator::VuePress => {
            let content = site.content.first().map_or("", String::as_str);
            let mut out = vitepress::link_candidates(content, written, resolved);
            let public = format!("{}/public/", site.config);
            let vitepress_public = format!("{}/", crate::scan::resolve::join(content, "public"));
            for p in &mut out {
                if let Some(asset) = p.strip_prefix(&vitepress_public) {
                    *p = format!("{public}{asset}");
                }
            }
            out
        }
        Generator::Docusaurus => {
            let site_dir = site.config.rsplit_once('/').map_or("", |(d, _)| d);
            docusaurus::link_candidates(site_dir, &site.content, written, resolved)
        }
        Generator::Astro => astro::link_candidates(&site.content, written, resolved),
        Generator::Mintlify => mintlify::link_candidates(&site.content, written, resolved),
        Generator::DocBuilder => doc_builder::link_candidates(written, resolved),
        Generator::Jekyll => jekyll::link_candidates(&site.content, written, resolved),
        // Hugo routes pages by `permalinks` and front matter `slug`s and writes outputs
        // (`/blog/feed.xml`): a `/…` link is checked only with git's evidence
        // (`broken_reference`), a relative one as GitHub resolves it.
        Generator::Hugo => Vec::new(),
        // Zola's internal links (`@/perf/report.md`) name a file of `content/`; its routes,
        // like Hugo's, are checked only with git's evidence.
        Generator::Sphinx => sphinx_candidates(site, written, resolved),
        Generator::Zola => written
            .strip_prefix("@/")
            .zip(site.content.first())
            .map(|(file, content)| crate::scan::resolve::join(content, file))
            .into_iter()
            .collect(),
        // MkDocs resolves relative `.md` links as GitHub does, and a browser clamps a
        // link that climbs above the site's root to that root.
        Generator::Mkdocs => clamped_to_site_root(site, written, resolved).into_iter().collect(),
    }
}

/// What a MyST link reaches on a Sphinx site: a `/…` path from the source folder; a
/// page's built name (`config.html`, passed through as written, lands on the page built
/// from `config.md` or `config.rst` beside it); and a bare name that is not a file name
/// (`attrs.frozen`, `api`, a `(label)=` target) is a cross-reference Sphinx resolves to
/// an object or a label — taken as reaching the site (its folder), which the scan cannot
/// check further.
fn sphinx_candidates(site: &Site, written: &str, resolved: &str) -> Vec<String> {
    let Some(source) = site.content.first() else { return Vec::new() };
    if let Some(from_source) = written.strip_prefix('/') {
        return vec![crate::scan::resolve::join(source, from_source)];
    }
    if let Some(stem) = resolved.strip_suffix(".html") {
        return ["md", "rst", "ipynb"].iter().map(|ext| format!("{stem}.{ext}")).collect();
    }
    const FILE_EXTS: [&str; 16] = [
        "md", "markdown", "rst", "txt", "html", "png", "jpg", "jpeg", "gif", "svg", "py", "toml",
        "yaml", "yml", "json", "ipynb",
    ];
    let ext = written.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    let cross_ref = !written.contains('/')
        && !written.is_empty()
        && ext.is_none_or(|e| !FILE_EXTS.contains(&e.as_str()));
    if cross_ref {
        vec![source.clone()]
    } else {
        Vec::new()
    }
}

/// Whether the site redirects the page a link reaches (`Site::redirects`): a link to a
/// moved page that the site still serves. `written` is the link's decoded path part,
/// `resolved` its resolution from the doc's folder; a leading `/` is a route from the
/// site's content root.
pub fn redirected(site: &Site, written: &str, resolved: &str) -> bool {
    if site.redirects.is_empty() {
        return false;
    }
    let path = match (written.strip_prefix('/'), site.content.first()) {
        (Some(route), Some(root)) => crate::scan::resolve::join(root, route),
        _ => resolved.to_string(),
    };
    let path = path.trim_end_matches('/');
    let key = [".md", ".mdx", ".html"].iter().find_map(|e| path.strip_suffix(e)).unwrap_or(path);
    site.redirects
        .iter()
        .any(|r| r == key || key.strip_prefix(r.as_str()).is_some_and(|rest| rest.starts_with('/')))
}

/// Where a raw-HTML link on `page` (root-relative) of `site` lands, when that is not
/// where GitHub resolves it: MkDocs serves `docs/a/b.md` at `/a/b/` (`use_directory_urls`,
/// its default) and leaves raw HTML as written, so `<img src="../../img/x.png">` there is
/// `/img/x.png`. An index page is served at its folder's URL, as GitHub resolves it.
pub fn html_link_candidate(site: &Site, page: &str, dest: &str) -> Option<String> {
    if site.generator != Generator::Mkdocs {
        return None;
    }
    let stem = page.strip_suffix(".md")?;
    let name = stem.rsplit('/').next().unwrap_or(stem);
    if name.eq_ignore_ascii_case("index") || name.eq_ignore_ascii_case("readme") {
        return None;
    }
    match crate::scan::resolve::classify(dest, stem) {
        crate::scan::resolve::LinkTarget::Local { path, .. } => Some(path),
        _ => None,
    }
}

/// The files a link on `page` (root-relative) reaches from the page's URL, where a
/// browser resolves it, rather than from its file: MkDocs (`use_directory_urls`), Astro,
/// Docusaurus, Hugo and Zola serve `content/a/b.md` at `/a/b/` (an index page at its
/// folder's URL), so `../quickstart` there is `/quickstart/` — the page `quickstart.md` —
/// and, on Astro, Hugo and Zola, which leave links as written, `../../../icons/x.png` is
/// `/icons/x.png`, a file of a `static`/`public` folder (`static_roots`). Both the folder URL and the file URL (`/a/b`, no trailing `/`) are
/// tried: the site's trailing-slash setting is not read. `written` is the decoded path.
pub fn page_url_candidates(
    site: &Site,
    static_roots: &[String],
    page: &str,
    written: &str,
) -> Vec<String> {
    // MkDocs and Docusaurus rewrite a Markdown link to a file (`x.md`, `img/a.png`) to
    // where the file is served: only a route (no extension) is read from the page's URL.
    let route = !written.trim_end_matches('/').rsplit('/').next().unwrap_or_default().contains('.');
    let pretty = match site.generator {
        Generator::Mkdocs | Generator::Docusaurus => route,
        Generator::Astro | Generator::Hugo | Generator::Zola => true,
        _ => false,
    };
    let content = site
        .content
        .iter()
        .filter(|c| {
            c.is_empty() || page.strip_prefix(c.as_str()).is_some_and(|r| r.starts_with('/'))
        })
        .max_by_key(|c| c.len());
    let (Some(content), true) = (content, pretty) else { return Vec::new() };
    let within = page[content.len()..].trim_start_matches('/');
    let stem = ["md", "mdx", "markdown"]
        .iter()
        .find_map(|e| within.strip_suffix(&format!(".{e}")))
        .unwrap_or(within);
    let (parent, name) = stem.rsplit_once('/').unwrap_or(("", stem));
    let index = ["index", "_index", "readme"].contains(&name.to_ascii_lowercase().as_str());
    let bases = if index || written.starts_with('/') { vec![parent] } else { vec![stem, parent] };
    let mut out = Vec::new();
    for base in bases {
        let route = url_join(if written.starts_with('/') { "" } else { base }, written);
        for dir in static_roots {
            out.push(crate::scan::resolve::join(dir, &route));
        }
        let path = crate::scan::resolve::join(content, &route);
        let last = route.rsplit('/').next().unwrap_or_default();
        if !last.contains('.') {
            out.extend(super::route_pages(&path, &["md", "mdx"]));
            out.extend([format!("{path}/_index.md"), format!("{path}/README.md")]);
        }
        out.push(path);
    }
    out
}

/// `written` resolved from the URL folder `base` (no leading or trailing `/`) as a
/// browser does: `..` stops at the site's root.
fn url_join(base: &str, written: &str) -> String {
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for part in written.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    parts.join("/")
}

/// The file a relative link that climbs out of the site's content folder reaches once the
/// browser stops at the site's root: `../../logo.png` from the home page is `/logo.png`.
fn clamped_to_site_root(site: &Site, written: &str, resolved: &str) -> Option<String> {
    let content = site.content.first()?;
    let inside = content.is_empty()
        || resolved.strip_prefix(content.as_str()).is_some_and(|r| r.starts_with('/'));
    if inside || !written.starts_with("../") {
        return None;
    }
    let mut rest = written;
    while let Some(r) = rest.strip_prefix("../").or_else(|| rest.strip_prefix("./")) {
        rest = r;
    }
    Some(crate::scan::resolve::join(content, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A site of `generator` configured by `config`, rendering `content`, and nothing
    /// more.
    fn site(generator: Generator, config: &str, content: &str) -> Site {
        Site {
            generator,
            config: config.into(),
            content: vec![content.into()],
            redirects: Vec::new(),
            hooks: false,
            term_ids: false,
            rule_ids: None,
            own_slugify: false,
            keeps_case: false,
            slugs_fragments: false,
            closed_routes: false,
            nav_routes: Vec::new(),
            site_url: None,
        }
    }

    #[test]
    fn mkdocs_clamps_a_link_that_climbs_above_the_site() {
        let site = site(Generator::Mkdocs, "mkdocs.yml", "docs");
        assert_eq!(
            link_candidates(&site, "../../uvicorn.png", "../uvicorn.png"),
            ["docs/uvicorn.png"]
        );
        assert!(link_candidates(&site, "../gone.md", "docs/gone.md").is_empty());
        assert!(link_candidates(&site, "img/x.png", "docs/img/x.png").is_empty());
    }

    #[test]
    fn vuepress_serves_its_public_folder_from_the_config_folder() {
        let site = site(Generator::VuePress, "docs/.vuepress", "docs");
        assert_eq!(
            link_candidates(&site, "/logo.png", "logo.png"),
            ["docs/logo.png", "docs/.vuepress/public/logo.png"]
        );
        assert_eq!(
            link_candidates(&site, "./api", "docs/guide/api"),
            ["docs/guide/api.md", "docs/guide/api/index.md"]
        );
    }

    #[test]
    fn a_link_resolves_from_the_page_url_too() {
        let site = |generator, content: &str| site(generator, "site/config.toml", content);
        // Starlight serves `en/configuration/deeplink.md` at `/en/configuration/deeplink/`.
        let astro = site(Generator::Astro, "docs/src/content/docs");
        let statics = ["docs/public".to_string()];
        let page = "docs/src/content/docs/en/configuration/deeplink.md";
        let got = page_url_candidates(&astro, &statics, page, "../../../icons/a.png");
        assert!(got.contains(&"docs/public/icons/a.png".to_string()), "{got:?}");
        // Hugo's home page (`_index.md`) is the site's root: `./docs/x` is the page `x.md`.
        let hugo = site(Generator::Hugo, "site/content");
        let statics = ["site/static".to_string()];
        let got = page_url_candidates(&hugo, &statics, "site/content/_index.md", "./logo/l.png");
        assert_eq!(got[0], "site/static/logo/l.png");
        let got = page_url_candidates(&hugo, &statics, "site/content/_index.md", "./docs/x");
        assert!(got.contains(&"site/content/docs/x.md".to_string()), "{got:?}");
        assert!(got.contains(&"site/content/docs/x/_index.md".to_string()), "{got:?}");
        // A page's own URL is its folder: `../quickstart` from `docs/pools.md` (MkDocs).
        let mkdocs = site(Generator::Mkdocs, "docs");
        let got = page_url_candidates(&mkdocs, &[], "docs/pools.md", "../quickstart");
        assert!(got.contains(&"docs/quickstart.md".to_string()), "{got:?}");
        // A generator whose links are file-relative adds nothing (mdBook).
        assert!(
            page_url_candidates(&site(Generator::MdBook, "src"), &[], "src/a.md", "b").is_empty()
        );
        assert_eq!(url_join("a/b", "../../../x"), "x");
    }

    #[test]
    fn a_sphinx_pages_built_name_lands_on_its_source() {
        let site = Site {
            generator: Generator::Sphinx,
            config: "docs/conf.py".into(),
            content: vec!["docs".into()],
            redirects: Vec::new(),
            hooks: false,
            term_ids: false,
            rule_ids: None,
            own_slugify: false,
            keeps_case: false,
            slugs_fragments: false,
            closed_routes: false,
            nav_routes: Vec::new(),
            site_url: None,
        };
        assert_eq!(
            link_candidates(&site, "../guides/plugins.html", "docs/guides/plugins.html"),
            ["docs/guides/plugins.md", "docs/guides/plugins.rst", "docs/guides/plugins.ipynb"]
        );
        assert_eq!(link_candidates(&site, "api", "docs/reference/api"), ["docs"]);
        assert!(link_candidates(&site, "gone.md", "docs/gone.md").is_empty());
    }

    #[test]
    fn redirected_pages_still_answer() {
        let site = Site {
            generator: Generator::Mintlify,
            config: "docs/docs.json".into(),
            content: vec!["docs".into()],
            redirects: vec!["docs/features/yolo-mode".into(), "docs/old".into()],
            hooks: false,
            term_ids: false,
            rule_ids: None,
            own_slugify: false,
            keeps_case: false,
            slugs_fragments: false,
            closed_routes: false,
            nav_routes: Vec::new(),
            site_url: None,
        };
        assert!(redirected(&site, "/features/yolo-mode", "features/yolo-mode"));
        assert!(redirected(&site, "/features/yolo-mode/", "features/yolo-mode"));
        assert!(redirected(&site, "/old/deep/page", "old/deep/page"));
        assert!(redirected(&site, "../old.md", "docs/old.md"));
        assert!(!redirected(&site, "/features/other", "features/other"));
        assert!(!redirected(&site, "/older", "older"));
    }
}
