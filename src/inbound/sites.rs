//! The docs-site configs that name docs: mkdocs (`mkdocs.yml`: `docs_dir`, `nav`),
//! mdBook (`book.toml`: `src`, whose `SUMMARY.md` is the book's nav, an ordinary
//! Markdown doc) and Docusaurus sidebars (`sidebars.js`/`.ts`/`.json`…, which name docs
//! by id). Read once per search through `read_capped`.

use std::path::Path;

use super::mkdocs::Mkdocs;
use super::read::read_capped;
use crate::scan::resolve::{join, parent_dir};

/// An mdBook's layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MdBook {
    /// `book.toml`.
    pub config: String,
    /// Root-relative `src` folder (default `src`).
    pub src: String,
    /// `<src>/SUMMARY.md`.
    pub summary: String,
}

/// A folder a docs site builds from: a doc inside it that moves out of it leaves the
/// site, so the site's links and nav to it cannot follow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SiteDir {
    /// The config that says so (`mkdocs.yml`, `book.toml`).
    pub config: String,
    pub dir: String,
    /// `mkdocs` or `mdBook`.
    pub tool: &'static str,
}

/// The docs sites of a project.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sites {
    pub mkdocs: Option<Mkdocs>,
    pub mdbook: Option<MdBook>,
}

impl Sites {
    /// Reads the configs at the root.
    pub(crate) fn read(root: &Path) -> Sites {
        let mkdocs = ["mkdocs.yml", "mkdocs.yaml"]
            .into_iter()
            .find_map(|rel| read_capped(root, rel).map(|bytes| Mkdocs::from_bytes(rel, &bytes)));
        let mdbook = read_capped(root, "book.toml").map(|bytes| {
            let src = String::from_utf8_lossy(&bytes)
                .parse::<toml::Table>()
                .ok()
                .and_then(|t| t.get("book")?.get("src")?.as_str().map(|s| join("", s)))
                .unwrap_or_else(|| "src".into());
            let summary = join(&src, "SUMMARY.md");
            MdBook { config: "book.toml".into(), src, summary }
        });
        Sites { mkdocs, mdbook }
    }

    /// The folders the sites build from (never one that leaves the root).
    pub(crate) fn dirs(&self) -> Vec<SiteDir> {
        let mut out = Vec::new();
        if let Some(m) = &self.mkdocs {
            out.push(SiteDir { config: m.path.clone(), dir: m.docs_dir.clone(), tool: "mkdocs" });
        }
        if let Some(b) = &self.mdbook {
            out.push(SiteDir { config: b.config.clone(), dir: b.src.clone(), tool: "mdBook" });
        }
        out.retain(|d| !d.dir.starts_with("../"));
        out
    }

    /// Whether root-relative `path` is a site config read here (its references are
    /// rewritten or judged by this module, never by the plain-text search).
    pub(crate) fn is_config(&self, path: &str) -> bool {
        self.mkdocs.as_ref().is_some_and(|m| m.path == path)
    }
}

/// Whether root-relative `path` lies inside folder `dir` (`""` = the root).
pub(crate) fn inside(dir: &str, path: &str) -> bool {
    dir.is_empty() || path.strip_prefix(dir).is_some_and(|rest| rest.starts_with('/'))
}

/// Whether `path` is a Docusaurus sidebar file (`sidebars.js`, `sidebars.ts`,
/// `sidebars.json`…), which names docs by id.
pub(crate) fn is_sidebar(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let Some((stem, ext)) = name.rsplit_once('.') else { return false };
    stem.starts_with("sidebars")
        && matches!(ext, "js" | "ts" | "mjs" | "cjs" | "jsx" | "tsx" | "json")
}

/// The Docusaurus id of `doc` for a sidebar at `sidebar`: its path inside the `docs`
/// folder beside the sidebar, without the extension.
pub(crate) fn docusaurus_id(sidebar: &str, doc: &str) -> Option<String> {
    let docs = join(parent_dir(sidebar), "docs");
    let rel = doc.strip_prefix(&docs)?.strip_prefix('/')?;
    let stem = rel.strip_suffix(".md").or_else(|| rel.strip_suffix(".mdx"))?;
    Some(stem.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_folders_and_sidebar_ids() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("book.toml"), "[book]\nsrc = \"book/\"\n").unwrap();
        std::fs::write(dir.path().join("mkdocs.yml"), "site_name: x\n").unwrap();
        let sites = Sites::read(dir.path());
        assert_eq!(sites.mdbook.as_ref().unwrap().summary, "book/SUMMARY.md");
        let dirs = sites.dirs();
        let got: Vec<(&str, &str)> = dirs.iter().map(|d| (d.tool, d.dir.as_str())).collect();
        assert_eq!(got, [("mkdocs", "docs"), ("mdBook", "book")]);
        assert!(inside("docs", "docs/a.md") && !inside("docs", "docsx/a.md") && inside("", "a.md"));
        assert!(is_sidebar("website/sidebars.js") && !is_sidebar("docs/sidebars.md"));
        assert_eq!(docusaurus_id("sidebars.js", "docs/guide/old.md").as_deref(), Some("guide/old"));
        assert_eq!(docusaurus_id("site/sidebars.ts", "docs/old.md"), None);
    }
}
