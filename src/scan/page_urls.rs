//! URLs pages declare in their frontmatter. Old URLs, which the site redirects to the
//! page: Hugo's `aliases`, jekyll-redirect-from's `redirect_from`, Lume's `oldUrl`
//! (deno-docs lists `/deploy/kv/manual/` on the KV quick start, and seven pages still
//! link the old route: 7 false rows, where git showed the page moved). And a page's own
//! `permalink` (Jekyll, Gatsby): the site serves it there, and its relative links are read
//! from there (TypeScript-Website's handbook page `reference/Advanced Types.md`, at
//! `/docs/handbook/advanced-types.html`, links `./enums.html`, the permalink of
//! `reference/Enums.md`: 5 false rows). A link reaching one of these URLs works; which
//! file serves it is the site's business.
//!
//! Read once per scan, from the first 64 KiB of each scanned doc (the bounded YAML
//! loader, `Limits::FRONTMATTER`), on the first missing link that may name a URL
//! (`may_name_a_url`) from a page of Jekyll, Hugo or a generator the scan does not
//! detect (`ScanContext::page_url_served`).

use std::collections::{HashMap, HashSet};
use std::path::Path;

use yaml_rust2::Yaml;

use crate::yaml::{load_bounded, Limits};

/// Frontmatter keys (lowercase) that list a page's old URLs.
const KEYS: [&str; 3] = ["aliases", "redirect_from", "oldurl"];

/// The frontmatter key of a page's own URL.
const PERMALINK: &str = "permalink";

/// The URLs the scanned docs declare.
#[derive(Debug, Default)]
pub struct PageUrls {
    /// Every old URL and permalink, as `route_key` gives it: a URL the site serves.
    served: HashSet<String>,
    /// Each doc's permalink (root-relative doc path → URL as written).
    permalinks: HashMap<String, String>,
}

impl PageUrls {
    /// Whether a link written on `page` (root-relative) reaches a URL a page declares:
    /// a `/…` link read from the site's root, a relative one from the folder of `page`'s
    /// permalink (a page without one has no URL the scan knows).
    pub fn serves(&self, page: &str, written: &str) -> bool {
        if self.served.is_empty() {
            return false;
        }
        let url = if written.starts_with('/') {
            written.to_string()
        } else {
            let Some(own) = self.permalinks.get(page) else { return false };
            let folder = match own.rfind('/') {
                Some(i) => &own[..=i],
                None => return false,
            };
            let path = written.split(['#', '?']).next().unwrap_or_default();
            format!("/{}", crate::scan::resolve::join(folder.trim_start_matches('/'), path))
        };
        route_key(&url).is_some_and(|key| self.served.contains(&key))
    }
}

/// How much of a doc's top is read for its frontmatter: the loader's own cap on a
/// frontmatter block (`Limits::FRONTMATTER`), and its fences.
const HEAD_BYTES: u64 = 64 * 1024 + 16;

/// The URLs the docs at `paths` (root-relative) declare.
pub fn collect(root: &Path, paths: &[String]) -> PageUrls {
    let mut out = PageUrls::default();
    for path in paths {
        let Ok(bytes) = crate::fsio::read_walked_head(root, path, HEAD_BYTES) else { continue };
        let Some(body) = frontmatter_body(&bytes) else { continue };
        let lower = body.to_ascii_lowercase();
        if !KEYS.iter().chain([&PERMALINK]).any(|k| lower.contains(k)) {
            continue;
        }
        let Ok(Yaml::Hash(map)) = load_bounded(body, Limits::FRONTMATTER) else { continue };
        for (key, value) in &map {
            let Some(key) = key.as_str().map(str::to_ascii_lowercase) else { continue };
            if key == PERMALINK {
                if let Some(url) = value.as_str().filter(|u| u.starts_with('/')) {
                    out.served.extend(route_key(url));
                    out.permalinks.insert(path.clone(), url.to_string());
                }
                continue;
            }
            if !KEYS.contains(&key.as_str()) {
                continue;
            }
            let urls = match value {
                Yaml::Array(items) => items.iter().filter_map(Yaml::as_str).collect(),
                other => other.as_str().into_iter().collect::<Vec<_>>(),
            };
            out.served.extend(urls.into_iter().filter_map(route_key));
        }
    }
    out
}

/// Whether a link may name a URL pages declare: a route from the root (`/a/b`), or a
/// relative link to a page as the site serves it (`./enums.html`, `../usage/`, `setup`).
/// A link to a source file (`missing.md`, `x.png`) names none, so a scan whose missing
/// links are all such never reads the frontmatter blocks (a tree of 10,000 docs with
/// 1,000 missing `.md` links scanned 11 % slower when it did).
pub fn may_name_a_url(written: &str) -> bool {
    let path = written.split(['#', '?']).next().unwrap_or_default();
    let last = path.rsplit('/').next().unwrap_or_default();
    !path.is_empty()
        && (path.starts_with('/')
            || last.is_empty()
            || last.ends_with(".html")
            || !last.contains('.'))
}

/// The YAML between a doc's opening `---` line and the next `---` line, when the doc
/// opens with one.
fn frontmatter_body(bytes: &[u8]) -> Option<&str> {
    // A head cut inside a character is still read up to the cut.
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&bytes[..e.valid_up_to()]).ok()?,
        Err(_) => return None,
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text.strip_prefix("---\n").or_else(|| text.strip_prefix("---\r\n"))?;
    let mut at = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            return Some(&rest[..at]);
        }
        at += line.len();
    }
    None
}

/// A route from the site's root as one key: `/deploy/kv/manual/`, `/deploy/kv/manual`,
/// `/deploy/kv/manual/index.html` and `/deploy/kv/manual.html` are one page. `None` for
/// a URL that is not a route from the root (relative, or on another host).
pub fn route_key(url: &str) -> Option<String> {
    let path = url.trim().split(['#', '?']).next()?.strip_prefix('/')?;
    if path.starts_with('/') {
        return None; // `//host/path`
    }
    let path = path.trim_end_matches('/');
    let path = path.strip_suffix("index.html").unwrap_or(path).trim_end_matches('/');
    let path = path.strip_suffix(".html").unwrap_or(path);
    Some(path.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_links_that_look_like_urls_are_looked_up() {
        for url in ["/deploy/kv/manual", "./enums.html#x", "../usage/", "setup", "/img/x.png"] {
            assert!(may_name_a_url(url), "{url}");
        }
        for path in ["missing.md", "../docs/a.mdx#x", "img/x.png", "#in-page"] {
            assert!(!may_name_a_url(path), "{path}");
        }
    }

    #[test]
    fn routes_of_one_page_are_one_key() {
        for url in ["/deploy/kv/manual/", "/deploy/kv/manual", "/deploy/kv/manual/index.html"] {
            assert_eq!(route_key(url).as_deref(), Some("deploy/kv/manual"), "{url}");
        }
        assert_eq!(route_key("/a/b.html#x").as_deref(), Some("a/b"));
        assert_eq!(route_key("/").as_deref(), Some(""));
        assert_eq!(route_key("old/page"), None);
        assert_eq!(route_key("//example.com/a"), None);
    }

    /// `collect` over a folder holding `files`, and over `absent` paths besides.
    fn collected(files: &[(&str, &str)], absent: &[&str]) -> PageUrls {
        let dir = tempfile::tempdir().unwrap();
        for (rel, text) in files {
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let paths: Vec<String> =
            files.iter().map(|(p, _)| *p).chain(absent.iter().copied()).map(String::from).collect();
        collect(dir.path(), &paths)
    }

    #[test]
    fn keys_of_each_generator_and_nothing_else() {
        let urls = collected(
            &[
                ("kv.md", "---\ntitle: KV\noldUrl:\n  - /deploy/kv/manual/\n  - /kv/\n---\n# KV\n"),
                ("hugo.md", "---\naliases: [/old/hugo/, relative/alias]\n---\nText\n"),
                ("jekyll.md", "\u{feff}---\r\nredirect_from: /jekyll/old.html\r\n---\r\n"),
                ("plain.md", "# No frontmatter\n\naliases: /not/frontmatter\n"),
                ("broken.md", "---\naliases: [unclosed\n---\n"),
                ("unclosed.md", "---\naliases: /never/closed\n"),
            ],
            &["gone.md"],
        );
        let mut got: Vec<&String> = urls.served.iter().collect();
        got.sort();
        assert_eq!(got, ["deploy/kv/manual", "jekyll/old", "kv", "old/hugo"]);
        assert!(urls.serves("any.md", "/deploy/kv/manual/#setup"));
        assert!(!urls.serves("any.md", "/deploy/kv"));
        assert!(!urls.serves("any.md", "deploy/kv/manual"), "relative, from a page with no URL");
    }

    #[test]
    fn relative_links_are_read_from_the_pages_permalink() {
        let urls = collected(
            &[
                (
                    "ref/Advanced Types.md",
                    "---\npermalink: /docs/handbook/advanced-types.html\n---\n",
                ),
                ("ref/Enums.md", "---\npermalink: /docs/handbook/enums.html\n---\n"),
                (
                    "notes/TS 1.8.md",
                    "---\npermalink: /docs/handbook/release-notes/typescript-1-8.html\n---\n",
                ),
                ("plain.md", "# No permalink\n"),
            ],
            &[],
        );
        let page = "ref/Advanced Types.md";
        assert!(urls.serves(page, "./enums.html#x"));
        assert!(urls.serves(page, "release-notes/typescript-1-8.html"));
        assert!(urls.serves(page, "/docs/handbook/enums.html"));
        assert!(!urls.serves(page, "./unions.html"), "no page is served there");
        assert!(!urls.serves("plain.md", "enums.html"), "a page with no permalink");
    }
}
