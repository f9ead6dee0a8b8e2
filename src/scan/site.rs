//! `Sites`: the docs sites of a repository — which generator renders which folder —
//! found from the generators' config files the walk saw (`mkdocs.yml`, `book.toml`,
//! `docusaurus.config.*`, `.vitepress/config.*`, `astro.config.*`, Mintlify's
//! `docs.json`/`mint.json`, Jekyll's `_config.yml`, Hugo's `hugo.toml` (or `config.toml`
//! with a `baseURL`), Zola's `config.toml`, Sphinx's `conf.py`, a VuePress 1 `.vuepress`
//! folder, doc-builder's `_toctree.yml`). A folder with no site is rendered by GitHub.
//!
//! It reads only those config files (size-capped, parsed with their format's crate)
//! and never fails a scan: an unreadable config means the default content folder.

use std::collections::BTreeSet;
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
    /// VuePress 1 (a `.vuepress` folder, `vuepress` ^1 in the nearest `package.json`):
    /// VitePress's routes, a slugify that also takes `–` and `—`, and duplicate ids
    /// numbered from `-2` (markdown-it-anchor 5).
    VuePress,
    /// Astro, and Starlight on it: `src/content/docs/` and `src/pages/` are routed.
    Astro,
    /// Mintlify (`docs.json` with Mintlify's schema, or `mint.json`): the config's folder
    /// is routed.
    Mintlify,
    /// Jekyll (GitHub Pages): `_config.yml` beside `_layouts/`, `_includes/`, `_posts/`,
    /// `_data/` or a `Gemfile`; the config's folder is the site's source.
    Jekyll,
    /// Hugo (`hugo.toml`, `hugo.yaml`, `hugo.json`): `content/` beside the config.
    Hugo,
    /// Zola (`config.toml` with a `base_url`, beside `content/`): `content/` is routed,
    /// and `@/…` links name its files.
    Zola,
    /// Sphinx with MyST Markdown (`conf.py` naming Sphinx or MyST): the config's folder
    /// is the source folder.
    Sphinx,
    /// Hugging Face's doc-builder (`_toctree.yml`): the file's folder is the source
    /// folder, its pages linked by route.
    DocBuilder,
}

impl Generator {
    /// The generator's name, as its docs write it.
    pub fn name(self) -> &'static str {
        match self {
            Generator::Mkdocs => "MkDocs",
            Generator::MdBook => "mdBook",
            Generator::Docusaurus => "Docusaurus",
            Generator::VitePress => "VitePress",
            Generator::VuePress => "VuePress",
            Generator::Astro => "Astro",
            Generator::Mintlify => "Mintlify",
            Generator::Jekyll => "Jekyll",
            Generator::Hugo => "Hugo",
            Generator::Zola => "Zola",
            Generator::Sphinx => "Sphinx",
            Generator::DocBuilder => "doc-builder",
        }
    }

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
            // Zensical, MkDocs' successor by Material for MkDocs' authors, reads the same
            // Markdown the same way (Python-Markdown, `use_directory_urls`) from a TOML
            // config whose `[project]` table holds MkDocs' keys.
            "zensical.toml" => Some(Generator::Mkdocs),
            "book.toml" => Some(Generator::MdBook),
            _ if name.starts_with("docusaurus.config.") => Some(Generator::Docusaurus),
            _ if name.starts_with("astro.config.") => Some(Generator::Astro),
            // `docs.json` is a common name: `site_of` keeps it only with Mintlify's schema.
            "docs.json" | "mint.json" => Some(Generator::Mintlify),
            // A common name: `site_of` keeps it only beside Jekyll's folders.
            "_config.yml" | "_config.yaml" => Some(Generator::Jekyll),
            "hugo.toml" | "hugo.yaml" | "hugo.yml" | "hugo.json" => Some(Generator::Hugo),
            // A common name: `site_of` keeps it only beside `content/` with a `base_url`.
            "config.toml" => Some(Generator::Zola),
            // A common name: `site_of` keeps it only when it configures Sphinx.
            "conf.py" => Some(Generator::Sphinx),
            // MyST's own engine (mystmd, Jupyter Book 2): MyST's targets and project-wide
            // labels, as on a Sphinx site with MyST; `site_of` keeps it with a `project`.
            "myst.yml" => Some(Generator::Sphinx),
            "_toctree.yml" => Some(Generator::DocBuilder),
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
    /// Where an MkDocs or Zensical site says it is published (`site_url`, without its
    /// scheme and trailing `/`, host lowercased: `docs.astral.sh/uv`).
    pub site_url: Option<String>,
    /// Root-relative paths the site redirects elsewhere, so a link to one works: the
    /// `source` routes of Mintlify's `redirects` (under the config's folder) and the
    /// pages of mkdocs-redirects' `redirect_maps` (under `docs_dir`). No extension on a
    /// route, no leading or trailing `/`.
    pub redirects: Vec<String>,
    /// Whether the config runs the project's own code over every page (MkDocs `hooks:`),
    /// which may write anchors no source shows (mkdocs-material's shortcode hook turns
    /// `<!-- md:setting config.draft -->` into `#config.draft`).
    pub hooks: bool,
    /// Whether definition-list terms get ids as headings do (Hugo's
    /// `markup.goldmark.parser.autoDefinitionTermID`).
    pub term_ids: bool,
    /// A book that runs the Rust Reference's `mdbook-spec` preprocessor
    /// (`[preprocessor.spec]`) has its rule ids here (`Sites::read_rule_ids` fills them);
    /// `None` for every other site.
    pub rule_ids: Option<BTreeSet<String>>,
    /// Whether the site slugs headings with code of its own (a VitePress config's
    /// `markdown.anchor.slugify`: vue-router's and pinia's keep the heading's case, so
    /// `#Global-After-Hooks` is right there; an mkdocs `toc` slugify without `case:
    /// lower`; Docusaurus' `maintainCase: true`): its ids are known only up to case.
    pub own_slugify: bool,
    /// Whether the site's own slugify is the stock VitePress one without trimming `-`
    /// and without lowercasing (vue-router's, pinia's): its heading ids are
    /// `vitepress::slugify_keeping_case`'s, known exactly (`own_slugify` is then false).
    pub keeps_case: bool,
    /// Whether the site rewrites the `#fragment` of each internal link through its
    /// slugify before writing the page: VitePress from 2.0.0-alpha.5 (`normalizeHash` in
    /// its link plugin, vuejs/vitepress#4628), so `#packaging--runtime` reaches the id
    /// `packaging-runtime` and `#Usage` reaches `usage`. Read from the `vitepress`
    /// requirement of the site's `package.json` (or a parent's, a pnpm catalog's).
    pub slugs_fragments: bool,
    /// Whether every route of the site is a page file the scan sees, so a `/…` link that
    /// reaches none is broken: a Mintlify site with no OpenAPI-generated pages (its
    /// `docs.json` names no `openapi` spec).
    pub closed_routes: bool,
    /// The page paths the site's navigation names (Mintlify's `docs.json` strings),
    /// root-relative: a route above them is a group of its navigation, which the scan
    /// does not judge (prefect's `/v3/api-ref/python`).
    pub nav_routes: Vec<String>,
}

/// Every site of the tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sites {
    sites: Vec<Site>,
    /// Root-relative folders named `static` or `public` at the root or one level down
    /// (`static/`, `www/static/`, `website/public/`): a site serves their files from its
    /// root, whatever builds it.
    static_roots: Vec<String>,
    /// Whether the repository's own docs website slugs headings with
    /// `@sindresorhus/slugify` (`decamelizing_site`).
    decamelized_ids: bool,
}

/// Names of the folders a site serves from its root.
const STATIC_DIRS: [&str; 2] = ["static", "public"];

impl Sites {
    /// The sites of the config files `configs` (root-relative paths of generator configs
    /// and of `.vitepress` and `.vuepress` folders) under `root`.
    pub fn detect(root: &Path, configs: &[String]) -> Sites {
        let mut sites: Vec<Site> = configs.iter().filter_map(|c| site_of(root, c)).collect();
        sites.sort_by(|a, b| a.config.cmp(&b.config));
        Sites { sites, static_roots: static_roots(root), decamelized_ids: decamelizing_site(root) }
    }

    /// The site a web address `url` is a page of, by the URL it is published at
    /// (`site_url`), with the byte offset in `url` where the page's route starts (after
    /// the site's `/`). The scheme (`http`, `https`) and the host's case do not matter.
    pub fn published_at(&self, url: &str) -> Option<(&Site, usize)> {
        let rest_at = url.find("://").map(|i| i + 3)?;
        let scheme = &url[..rest_at];
        if !scheme.eq_ignore_ascii_case("https://") && !scheme.eq_ignore_ascii_case("http://") {
            return None;
        }
        let rest = &url[rest_at..];
        self.sites.iter().find_map(|site| {
            let base = site.site_url.as_deref()?;
            let head = rest.get(..base.len())?;
            let host = base.split_once('/').map_or(base, |(h, _)| h);
            let same = head.get(..host.len())?.eq_ignore_ascii_case(host)
                && head.get(host.len()..) == base.get(host.len()..);
            let after = &rest[base.len()..];
            let boundary = after.is_empty() || after.starts_with(['/', '#', '?']);
            (same && boundary).then(|| {
                let skip = usize::from(after.starts_with('/'));
                (site, rest_at + base.len() + skip)
            })
        })
    }

    /// Whether headings also have `@sindresorhus/slugify`'s ids (`decamelizing_site`).
    pub fn decamelized_ids(&self) -> bool {
        self.decamelized_ids
    }

    /// Reads the rule ids of each `mdbook-spec` book from its pages among `files`
    /// (root-relative, walked): a line that is exactly `r[expr.closure]` defines one
    /// (the preprocessor's `^r\[([^]]+)]$`). The preprocessor turns a link whose
    /// destination is a defined id (`[closure]: expr.closure`) into a link to that rule,
    /// from any page of the book. An unreadable page defines none.
    pub fn read_rule_ids(&mut self, root: &Path, files: &[String]) {
        for site in &mut self.sites {
            let Some(ids) = &mut site.rule_ids else { continue };
            for path in files.iter().filter(|f| site.content.iter().any(|c| is_under(f, c))) {
                let limit = crate::fsio::DOC_MAX_BYTES;
                let Ok(bytes) = crate::fsio::read_confined(root, path, limit) else { continue };
                let text = String::from_utf8_lossy(&bytes);
                ids.extend(text.lines().filter_map(rule_definition).map(str::to_owned));
            }
        }
    }

    /// Whether `dest` (a link destination as written, no fragment) is a rule id of the
    /// `mdbook-spec` book that renders root-relative `page`.
    pub fn is_rule_link(&self, page: &str, dest: &str) -> bool {
        self.page_of(page).and_then(|s| s.rule_ids.as_ref()).is_some_and(|ids| ids.contains(dest))
    }

    /// The folders whose files a site serves from its root (`static_roots`).
    pub fn static_roots(&self) -> &[String] {
        &self.static_roots
    }

    /// The mdBook configured in folder `dir` (not the root) or in its parent: a doc in
    /// `dir` sits beside that book's `src`.
    pub fn book_beside(&self, dir: &str) -> Option<&Site> {
        if dir.is_empty() {
            return None;
        }
        let parent = dir.rsplit_once('/').map_or("", |(d, _)| d);
        self.sites.iter().find(|s| {
            let folder = s.config.rsplit_once('/').map_or("", |(d, _)| d);
            s.generator == Generator::MdBook && (folder == dir || folder == parent)
        })
    }

    /// The mdBook sites.
    pub fn books(&self) -> impl Iterator<Item = &Site> {
        self.sites.iter().filter(|s| s.generator == Generator::MdBook)
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

/// The `static`/`public` folders at the root and one level down, sorted.
fn static_roots(root: &Path) -> Vec<String> {
    let mut out = folders_named(root, &STATIC_DIRS);
    out.sort();
    out
}

/// The folders named one of `names` at the root, and one level down in the root's other
/// folders (hidden folders and dependency and build folders are not looked into).
fn folders_named(root: &Path, names: &[&str]) -> Vec<String> {
    let dirs = |dir: &Path| -> Vec<String> {
        let mut names = subfolders(dir);
        names.retain(|n| !n.starts_with('.') && n != "node_modules" && n != "target");
        names
    };
    let mut out = Vec::new();
    for top in dirs(root) {
        if names.contains(&top.as_str()) {
            out.push(top);
            continue;
        }
        for sub in dirs(&root.join(&top)) {
            if names.contains(&sub.as_str()) {
                out.push(format!("{top}/{sub}"));
            }
        }
    }
    out
}

/// Folder names a repository keeps its own docs website in.
const WEBSITE_DIRS: [&str; 6] = ["docs", "website", "_website", "site", "www", "web"];

/// Whether the repository builds its own docs website with `@sindresorhus/slugify`: a
/// `package.json` in a website folder (`WEBSITE_DIRS`, at the root or one level down,
/// `folders_named`) that depends on it. Such sites (keystone's `docs/`, whose Markdoc config
/// slugs heading ids with it; gradio's `js/_website/`) give each heading that slug,
/// camelCase split into words (`isSingleton` → `is-singleton`, `LangChain` →
/// `lang-chain`) and `&` read as `and`. A package using it for something else lives
/// outside a website folder (payload's `create-payload-app`).
fn decamelizing_site(root: &Path) -> bool {
    let depends = |dir: &str| {
        let Some(text) = read_small(root, &format!("{dir}/package.json")) else { return false };
        let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else { return false };
        ["dependencies", "devDependencies"]
            .iter()
            .any(|k| json[k].get("@sindresorhus/slugify").is_some())
    };
    folders_named(root, &WEBSITE_DIRS).iter().any(|d| depends(d))
}

/// The names of `dir`'s subfolders (not followed through symlinks); none when it cannot
/// be read.
fn subfolders(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().into_string().ok())
        .collect()
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

/// The folders a Docusaurus config's `path: '…'` options name (relative to the config).
fn docusaurus_paths(text: &str) -> Vec<String> {
    static PATH: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = PATH.get_or_init(|| {
        regex::Regex::new(r#"\bpath\s*:\s*["'`]([A-Za-z0-9_./-]+)["'`]"#).expect("valid regex")
    });
    re.captures_iter(text)
        .map(|c| c[1].trim_end_matches('/').to_string())
        .filter(|p| !p.is_empty() && !p.contains("://"))
        .collect()
}

/// The id a line defines in an `mdbook-spec` book: `r[id]` and nothing else.
fn rule_definition(line: &str) -> Option<&str> {
    line.strip_prefix("r[")?.strip_suffix(']').filter(|id| !id.is_empty() && !id.contains(']'))
}

fn site_of(root: &Path, config: &str) -> Option<Site> {
    let dir = parent(config);
    let name = config.rsplit('/').next().unwrap_or(config);
    if name == ".vitepress" {
        let slugify = vitepress_slugify(root, config);
        // VitePress renders the folder holding `.vitepress` (its `srcDir` default).
        return Some(Site {
            generator: Generator::VitePress,
            config: config.to_string(),
            content: vec![dir.to_string()],
            site_url: None,
            redirects: Vec::new(),
            hooks: false,
            term_ids: false,
            rule_ids: None,
            own_slugify: slugify.as_deref().is_some_and(|t| !keeps_case(t)),
            keeps_case: slugify.as_deref().is_some_and(keeps_case),
            slugs_fragments: package_major(root, dir, "vitepress").is_some_and(|major| major >= 2),
            closed_routes: false,
            nav_routes: Vec::new(),
        });
    }
    if name == ".vuepress" {
        // VuePress 1 renders the folder holding `.vuepress`; a VuePress 2 site is not
        // read (none among the repositories tried).
        if package_major(root, dir, "vuepress") != Some(1) {
            return None;
        }
        let own = read_small(root, &format!("{config}/config.js"))
            .or_else(|| read_small(root, &format!("{config}/config.ts")))
            .is_some_and(|t| t.contains("slugify"));
        // `@vuepress/plugin-html-redirect` writes a page for each line of
        // `.vuepress/redirects` (`_redirects`' format): chartjs' `/getting-started/
        // v3-migration/` sends its readers on to the guide's new place.
        let redirects = read_small(root, &format!("{config}/redirects"))
            .map(|text| host_redirects(&text).iter().map(|r| join(dir, r)).collect())
            .unwrap_or_default();
        return Some(Site {
            generator: Generator::VuePress,
            config: config.to_string(),
            content: vec![dir.to_string()],
            site_url: None,
            redirects,
            hooks: false,
            term_ids: false,
            rule_ids: None,
            own_slugify: own,
            keeps_case: false,
            slugs_fragments: false,
            closed_routes: false,
            nav_routes: Vec::new(),
        });
    }
    let mut generator = Generator::of_config(name)?;
    let mut redirects = Vec::new();
    let mut hooks = false;
    let mut rule_ids = None;
    let mut own_slugify = false;
    let mut closed_routes = false;
    let mut nav_routes = Vec::new();
    let mut site_url = None;
    let content = match generator {
        Generator::Mkdocs => {
            let text = read_small(root, config);
            let zensical = name.ends_with(".toml");
            let yaml = text
                .as_deref()
                .filter(|_| !zensical)
                .and_then(|t| crate::yaml::load_bounded(t, crate::yaml::Limits::CONFIG_FILE).ok());
            let project = text.as_deref().filter(|_| zensical).and_then(zensical_project);
            let docs_dir = yaml
                .as_ref()
                .and_then(|doc| doc["docs_dir"].as_str().map(str::to_string))
                .or_else(|| project.as_ref()?.get("docs_dir")?.as_str().map(str::to_string))
                .unwrap_or_else(|| "docs".to_string());
            site_url = yaml
                .as_ref()
                .and_then(|doc| doc["site_url"].as_str())
                .or_else(|| project.as_ref()?.get("site_url")?.as_str())
                .and_then(published_address);
            let mut content = join(dir, &docs_dir);
            // A base config kept inside the folder it names, for a generated root config
            // to `INHERIT` (wezterm's `docs/mkdocs-base.yml`, `docs_dir` unset; its CI
            // writes `mkdocs.yml` with `INHERIT: docs/mkdocs-base.yml`): with no such
            // folder beside it, the pages are its own folder's.
            let names_own_folder =
                !dir.is_empty() && dir.rsplit('/').next() == Some(docs_dir.trim_end_matches('/'));
            if names_own_folder
                && !std::fs::symlink_metadata(root.join(&content)).is_ok_and(|m| m.is_dir())
            {
                content = dir.to_string();
            }
            // A `_redirects` file in `docs_dir` is copied into the built site, where
            // Netlify and Cloudflare Pages read it (nextest's `/CHANGELOG* /changelog/`).
            if let Some(text) = read_small(root, &join(&content, "_redirects")) {
                redirects.extend(host_redirects(&text).iter().map(|r| join(&content, r)));
            }
            if let Some(doc) = &yaml {
                redirects.extend(mkdocs_redirects(doc).iter().map(|p| join(&content, p)));
                hooks = doc["hooks"].as_vec().is_some_and(|h| !h.is_empty());
            }
            // A `toc` slugify of its own (`pymdownx.slugs.slugify`) keeps the heading's
            // case unless its `case: lower` says otherwise (every one of the benchmark's
            // mkdocs sites says so).
            own_slugify = text
                .as_deref()
                .is_some_and(|t| t.contains("slugify") && !t.contains("case: lower"));
            vec![content]
        }
        Generator::MdBook => {
            let table = read_small(root, config).and_then(|text| text.parse::<toml::Table>().ok());
            let src = table
                .as_ref()
                .and_then(|t| t.get("book")?.get("src")?.as_str().map(str::to_string))
                .unwrap_or_else(|| "src".to_string());
            if table.as_ref().and_then(|t| t.get("preprocessor")?.get("spec")).is_some() {
                rule_ids = Some(BTreeSet::new());
            }
            vec![join(dir, &src)]
        }
        Generator::Docusaurus => {
            let mut content = vec![join(dir, "docs"), join(dir, "blog")];
            // A docs or blog plugin's `path` option moves its content folder (redux's
            // `website/docusaurus.config.ts` renders `path: '../docs'`, the root's
            // `docs/`): each quoted `path:` of the config that names a folder there.
            if let Some(text) = read_small(root, config) {
                // `markdown.anchors.maintainCase` keeps the heading's case in its id.
                own_slugify = text.contains("maintainCase: true");
                for folder in docusaurus_paths(&text) {
                    let folder = join(dir, &folder);
                    if !folder.starts_with("../")
                        && !content.contains(&folder)
                        && root.join(&folder).is_dir()
                    {
                        content.push(folder);
                    }
                }
            }
            // Each kept docs version is a content folder of its own.
            let versioned = join(dir, "versioned_docs");
            let mut versions: Vec<String> = subfolders(&root.join(&versioned))
                .into_iter()
                .filter(|name| name.starts_with("version-"))
                .map(|name| join(&versioned, &name))
                .collect();
            versions.sort();
            content.extend(versions);
            content
        }
        // Starlight's content collection, and Astro's file-routed pages.
        Generator::Astro => vec![join(dir, "src/content/docs"), join(dir, "src/pages")],
        Generator::Mintlify => {
            let text = read_small(root, config);
            let mintlify =
                name == "mint.json" || text.as_deref().is_some_and(|t| t.contains("mintlify.com/"));
            if !mintlify {
                return None;
            }
            let text = text.unwrap_or_default();
            let under_dir = |routes: Vec<String>| -> Vec<String> {
                routes.iter().map(|route| join(dir, route)).collect()
            };
            closed_routes = !text.is_empty() && !text.contains("openapi");
            if closed_routes {
                nav_routes = under_dir(config_paths(&text));
            }
            redirects = under_dir(mintlify_redirects(&text));
            vec![dir.to_string()]
        }
        Generator::Jekyll => {
            let beside = |name: &str| root.join(dir).join(name).exists();
            let jekyll =
                ["_layouts", "_includes", "_posts", "_data", "Gemfile"].iter().any(|n| beside(n));
            // Jupyter Book's `_config.yml` (its `_toc.yml` beside it, or its config keys):
            // Sphinx with MyST underneath, so MyST's `(label)=` targets and docutils' ids.
            let jupyter_book = !jekyll
                && (beside("_toc.yml")
                    || read_small(root, config).is_some_and(|t| {
                        t.contains("jupyterbook.org") || t.contains("only_build_toc_files")
                    }));
            if jupyter_book {
                generator = Generator::Sphinx;
            } else if !jekyll {
                return None;
            }
            vec![dir.to_string()]
        }
        Generator::Hugo => vec![join(dir, "content")],
        // doc-builder publishes a page's old route for each `old: new` of the
        // `_redirects.yml` beside the table of contents (huggingface_hub's
        // `how-to-cache: guides/manage-cache`).
        Generator::DocBuilder => {
            let text = read_small(root, &join(dir, "_redirects.yml"));
            let yaml = text
                .as_deref()
                .and_then(|t| crate::yaml::load_bounded(t, crate::yaml::Limits::CONFIG_FILE).ok());
            if let Some(map) = yaml.as_ref().and_then(|y| y.as_hash()) {
                let old =
                    map.keys().filter_map(|k| k.as_str()).map(|k| join(dir, k.trim_matches('/')));
                redirects.extend(old);
            }
            vec![dir.to_string()]
        }
        // Zola's `config.toml` has a `base_url`; Hugo's older config name is the same
        // file with a `baseURL` (Hugo reads its keys case-insensitively).
        Generator::Zola => {
            let content = join(dir, "content");
            if !root.join(&content).is_dir() {
                return None;
            }
            let table = read_small(root, config).and_then(|t| t.parse::<toml::Table>().ok())?;
            if table.keys().any(|k| k.eq_ignore_ascii_case("baseurl")) {
                generator = Generator::Hugo;
            } else if !table.get("base_url").is_some_and(toml::Value::is_str) {
                return None;
            }
            vec![content]
        }
        Generator::Sphinx if name == "myst.yml" => {
            let text = read_small(root, config)?;
            let doc = crate::yaml::load_bounded(&text, crate::yaml::Limits::CONFIG_FILE).ok()?;
            doc["project"].as_hash()?;
            vec![dir.to_string()]
        }
        Generator::Sphinx => {
            let text = read_small(root, config).unwrap_or_default();
            let sphinx = ["sphinx", "myst", "html_theme"].iter().any(|w| text.contains(w));
            if !sphinx {
                return None;
            }
            vec![dir.to_string()]
        }
        Generator::VitePress | Generator::VuePress => unreachable!("handled above"),
    };
    // A site deployed on Vercel may redirect pages (`vercel.json` `redirects`), from the
    // config's folder or the content folder (marimo's `docs/vercel.json`: `/faq.html` →
    // `/faq/`).
    if let Some(root_dir) = content.first() {
        for at in [dir.to_string(), root_dir.clone()] {
            let Some(text) = read_small(root, &join(&at, "vercel.json")) else { continue };
            redirects.extend(mintlify_redirects(&text).iter().map(|route| join(root_dir, route)));
        }
        redirects.sort();
        redirects.dedup();
    }
    let term_ids = generator == Generator::Hugo && hugo_term_ids(root, config);
    Some(Site {
        generator,
        config: config.to_string(),
        content,
        site_url,
        redirects,
        hooks,
        term_ids,
        rule_ids,
        own_slugify,
        keeps_case: false,
        slugs_fragments: false,
        closed_routes,
        nav_routes,
    })
}

/// The text of the file of a VitePress config (the `.vitepress` folder `dir`: its files,
/// and those of one folder below, such as vue-router's `config/shared.ts`) that passes a
/// `slugify` of its own, if one does.
fn vitepress_slugify(root: &Path, dir: &str) -> Option<String> {
    let config = |rel: &str| {
        if ![".ts", ".mts", ".js", ".mjs"].iter().any(|e| rel.ends_with(e)) {
            return None;
        }
        read_small(root, rel).filter(|text| text.contains("slugify"))
    };
    let entries = std::fs::read_dir(root.join(dir)).ok()?;
    entries.flatten().take(64).find_map(|entry| {
        let name = entry.file_name().to_string_lossy().into_owned();
        let rel = format!("{dir}/{name}");
        match entry.file_type() {
            Ok(t) if t.is_dir() && !name.starts_with('.') && name != "cache" && name != "dist" => {
                let files = std::fs::read_dir(entry.path()).into_iter().flatten().flatten();
                let mut files = files.take(64).filter(|e| e.file_type().is_ok_and(|t| t.is_file()));
                files.find_map(|e| config(&format!("{rel}/{}", e.file_name().to_string_lossy())))
            }
            Ok(t) if t.is_file() => config(&rel),
            _ => None,
        }
    })
}

/// Whether the `slugify` a VitePress config defines in `text` is the stock one's steps
/// without its last two, trimming `-` and lowercasing (vue-router's and pinia's
/// `shared.ts`: `.replace(rSpecial, '-')` then `.replace(/^(\d)/, '_$1')`, no
/// `toLowerCase`): its ids are known exactly (`vitepress::slugify_keeping_case`).
fn keeps_case(text: &str) -> bool {
    let code: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let special = [".replace(rSpecial,'-')", ".replace(rSpecial,\"-\")"];
    special.iter().any(|s| code.contains(s))
        && code.contains("_$1")
        && !code.contains("toLowerCase")
        && !code.contains("-+$")
}

/// The major release of `package` (`vitepress`, `vuepress`) that builds the site in
/// folder `dir`: the lowest release the requirement of the nearest `package.json` naming
/// it admits (the site's folder, then each one up to the root), through the root
/// `pnpm-workspace.yaml` catalog for a `catalog:` requirement (shiki's `catalog:docs`),
/// and the root package's own version for `workspace:` (VitePress's own docs).
fn package_major(root: &Path, dir: &str, package: &str) -> Option<u64> {
    let mut folder = dir.to_string();
    let requirement = loop {
        let manifest = if folder.is_empty() {
            "package.json".to_string()
        } else {
            format!("{folder}/package.json")
        };
        let json = read_small(root, &manifest)
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok());
        let named = json.as_ref().and_then(|j| {
            ["devDependencies", "dependencies"]
                .iter()
                .find_map(|k| j[k][package].as_str().map(str::to_string))
        });
        if let Some(req) = named {
            break req;
        }
        if folder.is_empty() {
            return None;
        }
        folder = parent(&folder).to_string();
    };
    let requirement = if let Some(name) = requirement.strip_prefix("catalog:") {
        let yaml = crate::scan::yaml_tree::parse(&read_small(root, "pnpm-workspace.yaml")?)?;
        let catalog = match name {
            "" | "default" => yaml.get("catalog")?,
            name => yaml.get("catalogs")?.get(name)?,
        };
        catalog.get(package)?.as_str()?.to_string()
    } else if requirement.starts_with("workspace:") {
        let json: serde_json::Value =
            serde_json::from_str(&read_small(root, "package.json")?).ok()?;
        (json["name"] == package).then(|| json["version"].as_str().map(str::to_string))??
    } else {
        requirement
    };
    crate::scan::signals::manifests::lowest_allowed(&requirement)?.first().copied()
}

/// The routes a host's `_redirects` file (Netlify's, Cloudflare Pages') sends
/// elsewhere: each line's first field, without its leading and trailing `/` (`.html`
/// dropped); a splat keeps its `*` (`CHANGELOG*`: every route that starts so).
fn host_redirects(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|from| from.starts_with('/'))
        .map(|from| {
            let route = from.trim_matches('/');
            route.strip_suffix(".html").unwrap_or(route).to_string()
        })
        .collect()
}

/// The pages mkdocs-redirects sends elsewhere: the keys of `plugins: - redirects:
/// redirect_maps:` (paths under `docs_dir`, their `.md` dropped as a route is).
fn mkdocs_redirects(doc: &yaml_rust2::Yaml) -> Vec<String> {
    let Some(plugins) = doc["plugins"].as_vec() else { return Vec::new() };
    let mut out = Vec::new();
    for plugin in plugins {
        let Some(maps) = plugin["redirects"]["redirect_maps"].as_hash() else { continue };
        for key in maps.keys().filter_map(|k| k.as_str()) {
            out.push(route_key(key));
        }
    }
    out
}

/// The `source` routes of a `redirects` list — Mintlify's config, `vercel.json` — (a
/// route's `:slug*` wildcard part dropped: the prefix stands for every page under it).
fn mintlify_redirects(text: &str) -> Vec<String> {
    let Ok(json) = serde_json::from_str::<serde_json::Value>(text) else { return Vec::new() };
    let Some(list) = json.get("redirects").and_then(|r| r.as_array()) else { return Vec::new() };
    list.iter()
        .filter_map(|r| r.get("source")?.as_str())
        .map(|source| route_key(source.split("/:").next().unwrap_or(source)))
        .collect()
}

/// Every string of a JSON config that reads as a path (no space, no scheme), as
/// `route_key` makes it.
fn config_paths(text: &str) -> Vec<String> {
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) if !s.contains([' ', ':']) && !s.is_empty() => {
                out.push(route_key(s));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(o) => o.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Ok(json) = serde_json::from_str::<serde_json::Value>(text) {
        walk(&json, &mut out);
    }
    out
}

/// A redirect's source as a path: no leading or trailing `/`, no `.md`/`.mdx`/`.html`.
fn route_key(source: &str) -> String {
    let trimmed = source.trim_matches('/');
    let stem = [".md", ".mdx", ".html"].iter().find_map(|e| trimmed.strip_suffix(e));
    stem.unwrap_or(trimmed).to_string()
}

/// Whether Hugo's config `config` turns on `markup.goldmark.parser.autoDefinitionTermID`
/// (keys read case-insensitively, as Hugo does), in TOML, YAML or JSON.
fn hugo_term_ids(root: &Path, config: &str) -> bool {
    let Some(text) = read_small(root, config) else { return false };
    let json: Option<serde_json::Value> = if config.ends_with(".toml") {
        text.parse::<toml::Table>().ok().and_then(|t| serde_json::to_value(t).ok())
    } else if config.ends_with(".json") {
        serde_json::from_str(&text).ok()
    } else {
        let yaml = crate::yaml::load_bounded(&text, crate::yaml::Limits::CONFIG_FILE).ok();
        return yaml.is_some_and(|doc| {
            doc["markup"]["goldmark"]["parser"]["autoDefinitionTermID"].as_bool() == Some(true)
        });
    };
    let get = |v: &serde_json::Value, key: &str| -> Option<serde_json::Value> {
        v.as_object()?.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.clone())
    };
    json.and_then(|v| get(&v, "markup"))
        .and_then(|v| get(&v, "goldmark"))
        .and_then(|v| get(&v, "parser"))
        .and_then(|v| get(&v, "autoDefinitionTermID"))
        .and_then(|v| v.as_bool())
        == Some(true)
}

/// The `[project]` table of a Zensical config (`zensical.toml`).
fn zensical_project(text: &str) -> Option<toml::Table> {
    match text.parse::<toml::Table>().ok()?.remove("project")? {
        toml::Value::Table(t) => Some(t),
        _ => None,
    }
}

/// A config's `site_url` without its scheme and trailing `/`, host lowercased
/// (`www.python-httpx.org`, `docs.astral.sh/uv`).
fn published_address(url: &str) -> Option<String> {
    let url = url.trim();
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"))?;
    let rest = rest.trim_end_matches('/');
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    if host.is_empty() || host.contains(['{', '$', ' ']) || path.contains(['{', '$', ' ']) {
        return None;
    }
    let host = host.to_ascii_lowercase();
    // A repository's own page given as its site (delta-rs): its URLs are the forge's.
    if ["github.com", "www.github.com", "gitlab.com", "codeberg.org"].contains(&host.as_str()) {
        return None;
    }
    Some(if path.is_empty() { host } else { format!("{host}/{path}") })
}

/// The text of a small regular file under the root, `None` otherwise.
fn read_small(root: &Path, rel: &str) -> Option<String> {
    let bytes = crate::fsio::read_confined(root, rel, MAX_CONFIG_BYTES).ok()?;
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_vitepress_major_comes_from_the_nearest_requirement() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let w = |rel: &str, text: &str| crate::test_files::write(root, rel, text);
        assert_eq!(package_major(root, "docs", "vitepress"), None);
        w("package.json", r#"{"name": "vitepress", "version": "2.0.0-alpha.19"}"#);
        assert_eq!(package_major(root, "docs", "vitepress"), None, "the root names no requirement");
        w("docs/package.json", r#"{"devDependencies": {"vitepress": "workspace:*"}}"#);
        assert_eq!(package_major(root, "docs", "vitepress"), Some(2), "VitePress's own docs");
        w("docs/package.json", r#"{"devDependencies": {"vitepress": "catalog:docs"}}"#);
        w(
            "pnpm-workspace.yaml",
            "catalog:\n  vitepress: ^1.6.4\ncatalogs:\n  docs:\n    vitepress: ^2.0.0-alpha.17\n",
        );
        assert_eq!(package_major(root, "docs", "vitepress"), Some(2));
        w("docs/package.json", r#"{"devDependencies": {"vitepress": "catalog:"}}"#);
        assert_eq!(package_major(root, "docs", "vitepress"), Some(1));
        w("docs/package.json", r#"{"dependencies": {"vue": "^3"}}"#);
        w("package.json", r#"{"devDependencies": {"vitepress": "1.6.4"}}"#);
        assert_eq!(
            package_major(root, "docs/site", "vitepress"),
            Some(1),
            "a parent's requirement"
        );
    }

    #[test]
    fn a_hosts_redirects_file_gives_routes_and_splats() {
        let text =
            "# comment\n/CHANGELOG* /changelog/ 302\n/old.html /new/ 301\n\n/a/b/ /c/\nbad line\n";
        assert_eq!(host_redirects(text), ["CHANGELOG*", "old", "a/b"]);
    }
    use super::*;

    #[test]
    fn a_docusaurus_plugins_path_option_is_a_content_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("docs/api")).unwrap();
        std::fs::create_dir_all(root.join("website/community")).unwrap();
        let config = "import { resolve } from 'path'\nexport default {\n  presets: [['classic', { docs: {\n    path: '../docs',\n    routeBasePath: '/',\n  } }]],\n  plugins: [['content-docs', { id: 'c', path: \"community\" }], ['x', { path: '../../outside' }], ['y', { path: 'missing' }]],\n}\n";
        std::fs::write(root.join("website/docusaurus.config.ts"), config).unwrap();
        let sites = Sites::detect(root, &["website/docusaurus.config.ts".into()]);
        let site = sites.page_of("docs/api/Store.md").expect("the root's docs/ is the site's");
        assert!(site.content.contains(&"website/community".to_string()), "{:?}", site.content);
        assert!(!site.content.iter().any(|c| c.contains("outside") || c.contains("missing")));
    }

    #[test]
    fn a_slugify_of_the_sites_own_leaves_the_case_of_its_ids_unknown() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let w = |rel: &str, text: &str| crate::test_files::write(root, rel, text);
        let own = |config: &str| Sites::detect(root, &[config.into()]).sites[0].own_slugify;
        w("a/.vitepress/config.ts", "export default {}\n");
        assert!(!own("a/.vitepress"));
        w("a/.vitepress/config/shared.ts", "export const slugify = (s: string) => s\n");
        assert!(own("a/.vitepress"), "vue-router's, one folder below");
        let toc = "markdown_extensions:\n  - toc:\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n";
        w("b/mkdocs.yml", toc);
        assert!(own("b/mkdocs.yml"));
        w("b/mkdocs.yml", &format!("{toc}        kwds:\n          case: lower\n"));
        assert!(!own("b/mkdocs.yml"));
        w(
            "c/docusaurus.config.ts",
            "export default { markdown: { anchors: { maintainCase: true } } }\n",
        );
        assert!(own("c/docusaurus.config.ts"));
    }

    #[test]
    fn docusaurus_docs_versions_are_content_folders() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("www/versioned_docs/version-1.x/main")).unwrap();
        std::fs::write(root.join("www/docusaurus.config.ts"), "export default {}\n").unwrap();
        let sites = Sites::detect(root, &["www/docusaurus.config.ts".into()]);
        let site = sites.page_of("www/versioned_docs/version-1.x/main/a.md").unwrap();
        assert_eq!(site.generator, Generator::Docusaurus);
        assert!(site.content.contains(&"www/versioned_docs/version-1.x".to_string()));
        assert!(sites.page_of("www/README.md").is_none());
    }

    #[test]
    fn zola_is_a_config_toml_with_a_base_url_beside_content() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("website/content/perf")).unwrap();
        std::fs::create_dir_all(root.join(".cargo")).unwrap();
        std::fs::write(root.join("website/config.toml"), "base_url = \"https://x.dev\"\n").unwrap();
        std::fs::write(root.join(".cargo/config.toml"), "[build]\n").unwrap();
        let sites =
            Sites::detect(root, &["website/config.toml".into(), ".cargo/config.toml".into()]);
        let site = sites.page_of("website/content/perf/report.md").unwrap();
        assert_eq!(site.generator, Generator::Zola);
        assert_eq!(
            crate::scan::render_rules::link_candidates(site, "@/perf/a.md", "x"),
            ["website/content/perf/a.md"]
        );
        assert!(sites.page_of("website/README.md").is_none());
        assert!(sites.page_of(".cargo/a.md").is_none(), "no content folder, no base_url");
        // Hugo's older config name, with its `baseURL` (kind's `site/config.toml`).
        std::fs::create_dir_all(root.join("site/content/docs")).unwrap();
        std::fs::write(root.join("site/config.toml"), "baseURL = \"https://kind.dev\"\n").unwrap();
        let sites = Sites::detect(root, &["site/config.toml".into()]);
        assert_eq!(sites.page_of("site/content/docs/a.md").unwrap().generator, Generator::Hugo);
        assert!(!sites.page_of("site/content/docs/a.md").unwrap().term_ids);
        // Goldmark's definition-term ids, in each of Hugo's config formats.
        std::fs::create_dir_all(root.join("hugo/content")).unwrap();
        std::fs::create_dir_all(root.join("yml/content")).unwrap();
        std::fs::write(
            root.join("hugo/hugo.toml"),
            "[markup.goldmark.parser]\nautoDefinitionTermID = true\n",
        )
        .unwrap();
        std::fs::write(
            root.join("yml/hugo.yaml"),
            "markup:\n  goldmark:\n    parser:\n      autoDefinitionTermID: true\n",
        )
        .unwrap();
        let sites = Sites::detect(root, &["hugo/hugo.toml".into(), "yml/hugo.yaml".into()]);
        assert!(sites.page_of("hugo/content/a.md").unwrap().term_ids);
        assert!(sites.page_of("yml/content/a.md").unwrap().term_ids);
    }

    #[test]
    fn a_zensical_config_is_an_mkdocs_site_with_its_project_table() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(
            root.join("zensical.toml"),
            "[project]\nsite_name = \"x\"\nsite_url = \"https://Pixi.prefix.dev/\"\ndocs_dir = \"site\"\n\n[project.theme]\nname = \"x\"\n",
        )
        .unwrap();
        std::fs::create_dir_all(root.join("site")).unwrap();
        std::fs::write(root.join("site/_redirects"), "/old/* /new/ 301\n").unwrap();
        let sites = Sites::detect(root, &["zensical.toml".into()]);
        let site = sites.page_of("site/a.md").unwrap();
        assert_eq!(site.generator, Generator::Mkdocs);
        assert_eq!(site.redirects, ["site/old/*"]);
        let (found, at) = sites.published_at("http://pixi.prefix.dev/guide/#x").unwrap();
        assert_eq!((found.config.as_str(), at), ("zensical.toml", "http://pixi.prefix.dev/".len()));
        assert!(sites.published_at("https://pixi.prefix.dev.evil/guide/").is_none());
        assert!(sites.published_at("https://example.org/guide/").is_none());
        // A forge's address is the repository's, not a site's.
        std::fs::write(root.join("mkdocs.yml"), "site_url: https://github.com/a/b\n").unwrap();
        assert!(Sites::detect(root, &["mkdocs.yml".into()])
            .published_at("https://github.com/a/b/x")
            .is_none());
    }

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
        assert!(sites.page_of("site-docs/a.md").unwrap().redirects.is_empty());
        assert_eq!(Generator::of_config("mkdocs.insiders.yaml"), Some(Generator::Mkdocs));
        assert_eq!(Generator::of_config("mkdocs.json"), None);
        assert!(sites.page_of("guide/README.md").is_none());
    }

    #[test]
    fn a_jupyter_book_is_a_sphinx_site_and_a_bare_config_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for d in ["book", "notes", "plain"] {
            std::fs::create_dir_all(root.join(d)).unwrap();
        }
        std::fs::write(root.join("book/_config.yml"), "title: B\n").unwrap();
        std::fs::write(root.join("book/_toc.yml"), "root: index\n").unwrap();
        std::fs::write(
            root.join("notes/_config.yml"),
            "# Learn more at https://jupyterbook.org/customize/config.html\ntitle: N\n",
        )
        .unwrap();
        std::fs::write(root.join("plain/_config.yml"), "title: P\n").unwrap();
        let configs =
            ["book/_config.yml".into(), "notes/_config.yml".into(), "plain/_config.yml".into()];
        let sites = Sites::detect(root, &configs);
        assert_eq!(sites.page_of("book/a.md").unwrap().generator, Generator::Sphinx);
        assert_eq!(sites.page_of("notes/a.md").unwrap().generator, Generator::Sphinx);
        assert!(sites.page_of("plain/a.md").is_none());
        // Jupyter Book 2 and mystmd: `myst.yml` with a `project`.
        std::fs::create_dir_all(root.join("docs2")).unwrap();
        std::fs::write(
            root.join("docs2/myst.yml"),
            "version: 1
project:
  title: D
",
        )
        .unwrap();
        std::fs::write(
            root.join("plain/myst.yml"),
            "version: 1
",
        )
        .unwrap();
        let sites = Sites::detect(root, &["docs2/myst.yml".into(), "plain/myst.yml".into()]);
        assert_eq!(sites.page_of("docs2/a/b.md").unwrap().generator, Generator::Sphinx);
        assert!(sites.page_of("plain/a.md").is_none());
    }

    #[test]
    fn a_website_package_with_sindresorhus_slugify_decamelizes_ids() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let dep = r#"{"dependencies": {"@sindresorhus/slugify": "^3.0.0"}}"#;
        std::fs::create_dir_all(root.join("packages/lib")).unwrap();
        std::fs::write(root.join("packages/lib/package.json"), dep).unwrap();
        assert!(!Sites::detect(root, &[]).decamelized_ids(), "not a website's package");
        std::fs::create_dir_all(root.join("js/_website")).unwrap();
        std::fs::write(root.join("js/_website/package.json"), r#"{"dependencies": {}}"#).unwrap();
        assert!(!Sites::detect(root, &[]).decamelized_ids(), "a website without it");
        std::fs::write(root.join("js/_website/package.json"), dep).unwrap();
        assert!(Sites::detect(root, &[]).decamelized_ids());
    }

    #[test]
    fn a_base_config_inside_its_docs_folder_renders_that_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("docs")).unwrap();
        std::fs::write(root.join("docs/mkdocs-base.yml"), "site_name: x\n").unwrap();
        let sites = Sites::detect(root, &["docs/mkdocs-base.yml".into()]);
        assert_eq!(sites.sites[0].content, ["docs"]);
        // A `docs/docs/` folder beside it is the docs_dir, as mkdocs reads it.
        std::fs::create_dir_all(root.join("docs/docs")).unwrap();
        let sites = Sites::detect(root, &["docs/mkdocs-base.yml".into()]);
        assert_eq!(sites.sites[0].content, ["docs/docs"]);
        // A config in another folder keeps its `docs_dir`, there or not.
        std::fs::create_dir_all(root.join("site")).unwrap();
        std::fs::write(root.join("site/mkdocs.yml"), "site_name: x\n").unwrap();
        let sites = Sites::detect(root, &["site/mkdocs.yml".into()]);
        assert_eq!(sites.sites[0].content, ["site/docs"]);
    }

    #[test]
    fn redirects_of_mkdocs_and_mintlify_sites() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("web")).unwrap();
        std::fs::write(
            root.join("mkdocs.yml"),
            "site_name: x\nplugins:\n  - search\n  - redirects:\n      redirect_maps:\n        old/page.md: new/page.md\n",
        )
        .unwrap();
        std::fs::write(
            root.join("web/docs.json"),
            r#"{"$schema": "https://mintlify.com/docs.json", "redirects": [{"source": "/features/yolo-mode", "destination": "/yolo"}, {"source": "/blog/:slug*", "destination": "/news/:slug*"}]}"#,
        )
        .unwrap();
        let sites = Sites::detect(root, &["mkdocs.yml".into(), "web/docs.json".into()]);
        assert_eq!(sites.page_of("docs/a.md").unwrap().redirects, ["docs/old/page"]);
        assert_eq!(
            sites.page_of("web/a.mdx").unwrap().redirects,
            ["web/blog", "web/features/yolo-mode"]
        );
    }

    #[test]
    fn vercel_redirects_of_a_site() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("docs")).unwrap();
        std::fs::write(root.join("mkdocs.yml"), "site_name: x\n").unwrap();
        std::fs::write(
            root.join("docs/vercel.json"),
            r#"{"redirects": [{"source": "/faq.html", "destination": "/faq/"}]}"#,
        )
        .unwrap();
        let sites = Sites::detect(root, &["mkdocs.yml".into()]);
        assert_eq!(sites.page_of("docs/a.md").unwrap().redirects, ["docs/faq"]);
    }
}
