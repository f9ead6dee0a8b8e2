//! `Sites`: the docs sites of a repository — which generator renders which folder —
//! found from the generators' config files the walk saw (`mkdocs.yml`, `book.toml`,
//! `docusaurus.config.*`, `.vitepress/config.*`, `astro.config.*`, Mintlify's
//! `docs.json`/`mint.json`). A folder with no site is rendered by
//! GitHub.
//!
//! It reads only those config files (size-capped, parsed with their format's crate)
//! and never fails a scan: an unreadable config means the default content folder.

use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Config files larger than this are not read (the defaults apply).
const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// A docs-site generator.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Generator {
    Mkdocs,
    MdBook,
    Docusaurus,
    VitePress,
    /// Astro, and Starlight on it: `src/content/docs/` and `src/pages/` are routed.
    Astro,
    /// Mintlify (`docs.json` with Mintlify's schema, or `mint.json`): the config's folder
    /// is routed.
    Mintlify,
}

impl Generator {
    /// The generator a config file's name (not path) belongs to.
    pub fn of_config(name: &str) -> Option<Generator> {
        match name {
            "mkdocs.yml" | "mkdocs.yaml" => Some(Generator::Mkdocs),
            // Split or per-build configs: `mkdocs-online.yml`, `mkdocs.insiders.yml`.
            _ if name.starts_with("mkdocs")
                && (name.ends_with(".yml") || name.ends_with(".yaml")) =>
            {
                Some(Generator::Mkdocs)
            }
            "book.toml" => Some(Generator::MdBook),
            _ if name.starts_with("docusaurus.config.") => Some(Generator::Docusaurus),
            _ if name.starts_with("astro.config.") => Some(Generator::Astro),
            // `docs.json` is a common name: `site_of` keeps it only with Mintlify's schema.
            "docs.json" | "mint.json" => Some(Generator::Mintlify),
            _ => None,
        }
    }
}

/// One site: its generator, its config file and the folders it renders as pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub generator: Generator,
    /// Root-relative path of the config file.
    pub config: String,
    /// Root-relative folders whose Markdown files are pages (`""` = the root).
    pub content: Vec<String>,
}

/// Every site of the tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sites {
    sites: Vec<Site>,
}

impl Sites {
    /// The sites of the config files `configs` (root-relative paths of generator configs
    /// and of `.vitepress` folders) under `root`.
    pub fn detect(root: &Path, configs: &[String]) -> Sites {
        let mut sites: Vec<Site> = configs.iter().filter_map(|c| site_of(root, c)).collect();
        sites.sort_by(|a, b| a.config.cmp(&b.config));
        Sites { sites }
    }

    /// The site whose content folder holds root-relative `path` (the deepest one).
    pub fn page_of(&self, path: &str) -> Option<&Site> {
        self.sites
            .iter()
            .filter_map(|s| {
                s.content
                    .iter()
                    .filter(|c| is_under(path, c))
                    .map(|c| (c.len(), s))
                    .max_by_key(|x| x.0)
            })
            .max_by_key(|(depth, _)| *depth)
            .map(|(_, s)| s)
    }
}

fn is_under(path: &str, dir: &str) -> bool {
    dir.is_empty() || path.strip_prefix(dir).is_some_and(|r| r.starts_with('/'))
}

fn parent(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(d, _)| d)
}

fn join(dir: &str, rel: &str) -> String {
    super::resolve::join(dir, rel)
}

fn site_of(root: &Path, config: &str) -> Option<Site> {
    let dir = parent(config);
    let name = config.rsplit('/').next().unwrap_or(config);
    if name == ".vitepress" {
        // VitePress renders the folder holding `.vitepress` (its `srcDir` default).
        return Some(Site {
            generator: Generator::VitePress,
            config: config.to_string(),
            content: vec![dir.to_string()],
        });
    }
    let generator = Generator::of_config(name)?;
    let content = match generator {
        Generator::Mkdocs => {
            let docs_dir = read_small(root, config)
                .and_then(|text| mkdocs_docs_dir(&text))
                .unwrap_or_else(|| "docs".to_string());
            vec![join(dir, &docs_dir)]
        }
        Generator::MdBook => {
            let src = read_small(root, config)
                .and_then(|text| text.parse::<toml::Table>().ok())
                .and_then(|t| t.get("book")?.get("src")?.as_str().map(str::to_string))
                .unwrap_or_else(|| "src".to_string());
            vec![join(dir, &src)]
        }
        Generator::Docusaurus => vec![join(dir, "docs"), join(dir, "blog")],
        // Starlight's content collection, and Astro's file-routed pages.
        Generator::Astro => vec![join(dir, "src/content/docs"), join(dir, "src/pages")],
        Generator::Mintlify => {
            let mintlify = name == "mint.json"
                || read_small(root, config).is_some_and(|t| t.contains("mintlify.com/"));
            if !mintlify {
                return None;
            }
            vec![dir.to_string()]
        }
        Generator::VitePress => unreachable!("handled above"),
    };
    Some(Site { generator, config: config.to_string(), content })
}

/// The `docs_dir` of an `mkdocs.yml` (read through the bounded loader: a config file is
/// untrusted input too).
fn mkdocs_docs_dir(text: &str) -> Option<String> {
    let doc = crate::yaml::load_bounded(text, crate::yaml::Limits::CONFIG_FILE).ok()?;
    doc["docs_dir"].as_str().map(str::to_string)
}

/// The text of a small regular file under the root, `None` otherwise.
fn read_small(root: &Path, rel: &str) -> Option<String> {
    let bytes = crate::fsio::read_confined(root, rel, MAX_CONFIG_BYTES).ok()?;
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sites_from_configs() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("guide")).unwrap();
        std::fs::write(root.join("mkdocs.yml"), "site_name: x\ndocs_dir: site-docs\n").unwrap();
        std::fs::write(root.join("guide/book.toml"), "[book]\nsrc = \"pages\"\n").unwrap();
        let sites = Sites::detect(
            root,
            &["guide/book.toml".into(), "mkdocs.yml".into(), "web/.vitepress".into()],
        );
        assert_eq!(sites.page_of("site-docs/a.md").unwrap().generator, Generator::Mkdocs);
        assert_eq!(sites.page_of("guide/pages/x/y.md").unwrap().generator, Generator::MdBook);
        assert_eq!(sites.page_of("web/index.md").unwrap().generator, Generator::VitePress);
        assert!(sites.page_of("docs/a.md").is_none());
        assert_eq!(Generator::of_config("mkdocs-online.yml"), Some(Generator::Mkdocs));
        assert_eq!(Generator::of_config("mkdocs.insiders.yaml"), Some(Generator::Mkdocs));
        assert_eq!(Generator::of_config("mkdocs.json"), None);
        assert!(sites.page_of("guide/README.md").is_none());
    }
}
