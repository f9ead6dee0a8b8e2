//! How VitePress renders its source folder: heading ids (`slugify` of
//! `@mdit-vue/shared`, made unique by markdown-it-anchor with `-1`, `-2`, …) and the
//! files a link reaches (routes from the source folder, `.html` and extension-less
//! links, folder `index.md`, assets in `public/`).
//!
//! Pure string work; whether a candidate exists is the caller's question.

use std::collections::HashSet;

use unicode_normalization::UnicodeNormalization;

/// Characters `@mdit-vue/shared`'s `rSpecial` turns into `-` (besides whitespace).
const SPECIAL: &str = "~`!@#$%^&*()-_+=[]{}|\\;:\"'“”‘’<>,.?/";

/// `slugify`: NFKD with combining marks U+0300–U+036F and control characters removed;
/// each run of whitespace and `SPECIAL` one `-`; `-` trimmed at both ends; a leading
/// digit prefixed with `_`; lowercased.
pub fn slugify(text: &str) -> String {
    trimmed_lowercase(special_runs(text, SPECIAL))
}

/// VuePress 1's `slugify` (`@vuepress/shared-utils`): `slugify`'s steps, with `–` and `—`
/// special too.
pub fn slugify_vuepress(text: &str) -> String {
    const VUEPRESS_SPECIAL: &str = "~`!@#$%^&*()-_+=[]{}|\\;:\"'“”‘’–—<>,.?/";
    trimmed_lowercase(special_runs(text, VUEPRESS_SPECIAL))
}

/// `-` trimmed at both ends, a leading digit prefixed with `_`, lowercased.
fn trimmed_lowercase(out: String) -> String {
    let trimmed = out.trim_matches('-');
    let mut slug = String::with_capacity(trimmed.len() + 1);
    if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
        slug.push('_');
    }
    slug.push_str(trimmed);
    slug.to_lowercase()
}

/// The slugify vue-router's and pinia's sites give VitePress (their
/// `.vitepress/config/shared.ts`, `markdown.anchor.slugify`): `slugify`'s steps without
/// trimming `-` and without lowercasing, so `## Navigation Guards` is
/// `#Navigation-Guards` and `` ## `definePage()` `` is `#definePage-`.
pub fn slugify_keeping_case(text: &str) -> String {
    let out = special_runs(text, SPECIAL);
    match out.starts_with(|c: char| c.is_ascii_digit()) {
        true => format!("_{out}"),
        false => out,
    }
}

/// NFKD with combining marks U+0300–U+036F and control characters removed; each run of
/// whitespace and `special` one `-`.
fn special_runs(text: &str, special: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_run = false;
    for c in text.nfkd() {
        if ('\u{300}'..='\u{36f}').contains(&c) || c <= '\u{1f}' {
            continue;
        }
        if c.is_whitespace() || special.contains(c) {
            if !in_run {
                out.push('-');
            }
            in_run = true;
        } else {
            out.push(c);
            in_run = false;
        }
    }
    out
}

/// markdown-it-anchor's `uniqueSlug`: a used slug gets `-1`, `-2`, … (the first unused).
pub fn unique(slug: String, used: &mut HashSet<String>) -> String {
    unique_from(slug, used, 1)
}

/// markdown-it-anchor 5's `uniqueSlug` (VuePress 1's): a used slug gets `-2`, `-3`, …
/// (chartjs' `## animations` below `# Animations` is `#animations-2`).
pub fn unique_from_two(slug: String, used: &mut HashSet<String>) -> String {
    unique_from(slug, used, 2)
}

fn unique_from(slug: String, used: &mut HashSet<String>, first: u32) -> String {
    let mut candidate = slug.clone();
    let mut n: u32 = first;
    while used.contains(&candidate) {
        candidate = format!("{slug}-{n}");
        n += 1;
    }
    used.insert(candidate.clone());
    candidate
}

/// The files a link may reach in a VitePress site whose source folder is `content`
/// (root-relative): `written` is the link's decoded path part, `resolved` its
/// resolution from the doc's folder (or from the root for a leading `/`). A leading `/`
/// is a route from the source folder; `x.html`, `x` and `x/` reach `x.md` or
/// `x/index.md`; any other file under `/` may be a `public/` asset.
pub fn link_candidates(content: &str, written: &str, resolved: &str) -> Vec<String> {
    let base = match written.strip_prefix('/') {
        Some(route) => crate::scan::resolve::join(content, route),
        None => resolved.to_string(),
    };
    let mut out = Vec::new();
    let name = base.rsplit('/').next().unwrap_or_default();
    if written.ends_with('/') || (written.starts_with('/') && written.trim_matches('/').is_empty())
    {
        out.push(child(&base, "index.md"));
    } else if let Some(stem) = base.strip_suffix(".html") {
        out.push(format!("{stem}.md"));
    } else if !name.contains('.') {
        out.push(format!("{base}.md"));
        out.push(child(&base, "index.md"));
    } else if let Some(asset) = written.strip_prefix('/') {
        out.push(base.clone());
        out.push(crate::scan::resolve::join(&child(content, "public"), asset));
    }
    out.retain(|p| !p.is_empty());
    out
}

fn child(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_as_mdit_vue() {
        assert_eq!(slugify("build.target"), "build-target");
        assert_eq!(slugify("server.proxy"), "server-proxy");
        assert_eq!(slugify("Café au lait"), "cafe-au-lait");
        assert_eq!(slugify("`import.meta.glob` & friends!"), "import-meta-glob-friends");
        assert_eq!(slugify("2.0 Release"), "_2-0-release");
        assert_eq!(slugify("中文 标题"), "中文-标题");
        assert_eq!(slugify("--Hello--World--"), "hello-world");
        // vue-router's and pinia's own: no trim, no lowercase.
        assert_eq!(slugify_keeping_case("Navigation Guards"), "Navigation-Guards");
        assert_eq!(slugify_keeping_case("definePage()"), "definePage-");
        assert_eq!(slugify_keeping_case("2.0 Release"), "_2-0-Release");
        let mut used = HashSet::new();
        assert_eq!(unique("a".into(), &mut used), "a");
        assert_eq!(unique("a".into(), &mut used), "a-1");
        assert_eq!(unique("a".into(), &mut used), "a-2");
        // VuePress 1's: en and em dashes are special, duplicates count from 2.
        assert_eq!(slugify("A – B"), "a-–-b");
        assert_eq!(slugify_vuepress("A – B"), "a-b");
        assert_eq!(slugify_vuepress(".update(mode?)"), "update-mode");
        let mut used = HashSet::new();
        assert_eq!(unique_from_two("a".into(), &mut used), "a");
        assert_eq!(unique_from_two("a".into(), &mut used), "a-2");
    }

    #[test]
    fn links_reach_pages_and_public_assets() {
        assert_eq!(
            link_candidates("docs", "/guide/build", "guide/build"),
            ["docs/guide/build.md", "docs/guide/build/index.md"]
        );
        assert_eq!(link_candidates("docs", "/guide/", "guide"), ["docs/guide/index.md"]);
        assert_eq!(link_candidates("docs", "/", ""), ["docs/index.md"]);
        assert_eq!(
            link_candidates("docs", "./api.html", "docs/guide/api.html"),
            ["docs/guide/api.md"]
        );
        assert_eq!(
            link_candidates("docs", "./api", "docs/guide/api"),
            ["docs/guide/api.md", "docs/guide/api/index.md"]
        );
        assert_eq!(
            link_candidates("docs", "/logo.svg", "logo.svg"),
            ["docs/logo.svg", "docs/public/logo.svg"]
        );
        assert!(link_candidates("docs", "./img.png", "docs/img.png").is_empty());
        assert_eq!(link_candidates("", "/x", "x"), ["x.md", "x/index.md"]);
    }
}
