//! Links and heading ids as the renderer of each folder resolves them (SPEC section 13):
//! mkdocs, mdBook, Docusaurus and VitePress sites, Python-Markdown docs whose site is
//! built elsewhere; the anchor clearly meant offered as the fix; one signal per cause;
//! and what is not a file path at all (e-mail autolinks, rustdoc paths, build products,
//! system paths). Each positive has its near-miss.

use serde_json::Value;

use crate::scan_support::{scan_json, tree, GitRepo};

/// `(line, target, suggestion)` of every `name` signal on `path`.
fn of(a: &Value, path: &str, name: &str) -> Vec<(u64, String, String)> {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    a["signals"][path]
        .as_array()
        .map(|sigs| {
            sigs.iter()
                .filter(|s| s["name"] == name)
                .map(|s| (s["line"].as_u64().unwrap(), text(&s["target"]), text(&s["suggestion"])))
                .collect()
        })
        .unwrap_or_default()
}

fn row(line: u64, target: &str, suggestion: &str) -> (u64, String, String) {
    (line, target.to_string(), suggestion.to_string())
}

fn broken(a: &Value, path: &str) -> Vec<(u64, String, String)> {
    of(a, path, "broken_reference")
}

/// A repository holding `files`, in which git once had each of `deleted` (root-relative)
/// and then deleted it: a `/…` link from a doc in a folder counts only with git's
/// evidence, so the paths such links resolve to at the root are given a history.
fn with_deleted(files: &[(&str, &str)], deleted: &[&str]) -> GitRepo {
    let repo = GitRepo::new();
    for path in deleted {
        repo.write(path, "old\n");
    }
    repo.commit("2024-01-01T00:00:00Z", "old layout");
    for path in deleted {
        repo.git(&["rm", "-q", path]);
    }
    for (path, text) in files {
        repo.write(path, text);
    }
    repo.commit("2024-02-01T00:00:00Z", "new layout");
    repo
}

/// `(line, target)` of every `stale_name_location` on `path`.
fn gone(a: &Value, path: &str) -> Vec<(u64, String)> {
    of(a, path, "stale_name_location").into_iter().map(|(l, t, _)| (l, t)).collect()
}

#[test]
fn mkdocs_pages_have_python_markdown_ids_as_well_as_githubs() {
    let deploy = "# Deploy\n\n## Browser WebRTC + server sideband\n\n## A & B\n";
    let dir = tree(&[
        ("mkdocs.yml", "site_name: x\n"),
        ("docs/deploy.md", deploy),
        (
            "docs/index.md",
            "# Home\n\n[site](deploy.md#browser-webrtc-server-sideband)\n[github](deploy.md#browser-webrtc--server-sideband)\n[typo](deploy.md#browser-webrtc-sideband)\n[near](deploy.md#a-and-b)\n",
        ),
        // Outside the site: GitHub's ids only, so the site form is broken and the fix is
        // GitHub's id of that heading.
        ("notes/deploy.md", deploy),
        ("notes/index.md", "# Notes\n\n[site](deploy.md#a-b)\n[github](deploy.md#a--b)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "docs/index.md"),
        [row(5, "deploy.md#browser-webrtc-sideband", ""), row(6, "deploy.md#a-and-b", "")]
    );
    assert_eq!(broken(&a, "notes/index.md"), [row(3, "deploy.md#a-b", "deploy.md#a--b")]);
}

#[test]
fn a_page_a_go_program_embeds_may_link_the_headings_the_program_adds() {
    // rclone's `mount.go` embeds `mount.md` and appends the VFS options' help to it.
    let page = "# Mount\n\nSee [caching](#vfs-file-caching) and [usage](#usage).\n\n## Usage\n\n[other](other.md#gone)\n";
    let files = [
        (
            "cmd/mount/mount.go",
            "package mount\n\nimport _ \"embed\"\n\n//go:embed mount.md\nvar help string\n",
        ),
        ("cmd/mount/mount.md", page),
        ("cmd/mount/other.md", "# Other\n"),
        ("cmd/serve/serve.md", page),
    ];
    let dir = tree(&files);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let targets = |p: &str| broken(&a, p).into_iter().map(|r| r.1).collect::<Vec<_>>();
    // Another page's fragment is still that page's.
    assert_eq!(targets("cmd/mount/mount.md"), ["other.md#gone"]);
    assert_eq!(targets("cmd/serve/serve.md"), ["#vfs-file-caching", "other.md"]);
}

#[test]
fn a_website_slugging_with_sindresorhus_slugify_gives_decamelized_ids() {
    let page = "# Guide\n\n## isSingleton\n\n## LangChain & OpenAI\n\n[a](#is-singleton) [b](#lang-chain-and-open-ai) [c](#issingleton) [d](#is-single)\n";
    let translated = "# 指南\n\n## 队列 (Queuing)\n\n[a](#queuing)\n";
    let mut files = vec![("guides/page.md", page), ("guides/cn/page.md", translated)];
    // Without the website's slugger, GitHub's ids only.
    let dir = tree(&files);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let targets = |a: &Value, p: &str| broken(a, p).into_iter().map(|r| r.1).collect::<Vec<_>>();
    assert_eq!(
        targets(&a, "guides/page.md"),
        ["#is-single", "#is-singleton", "#lang-chain-and-open-ai"]
    );
    files
        .push(("docs/package.json", r#"{"devDependencies": {"@sindresorhus/slugify": "^2.2.1"}}"#));
    let dir = tree(&files);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(targets(&a, "guides/page.md"), ["#is-single"]);
    // A translation in a language folder is not the website's page: GitHub's ids.
    assert_eq!(targets(&a, "guides/cn/page.md"), ["#queuing"]);
}

#[test]
fn python_markdown_docs_outside_a_detected_site_resolve_its_ids() {
    let dir = tree(&[
        (
            "docs/thinking.md",
            "# Thinking\n\n!!! note\n    Works on every model.\n\n## Adaptive Thinking & Effort\n\nSee [above](#adaptive-thinking-effort).\n",
        ),
        (
            "docs/changelog.md",
            "# Changelog\n\n### [`Profile`][pkg.profiles.Profile] is now a `TypedDict`\n\nSee [it](#profile-is-now-a-typeddict).\n",
        ),
        // The near-miss: no Python-Markdown syntax, so GitHub's ids only.
        ("docs/plain.md", "# Plain\n\n## Adaptive Thinking & Effort\n\nSee [above](#adaptive-thinking-effort).\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert!(broken(&a, "docs/thinking.md").is_empty(), "{a:#}");
    assert!(broken(&a, "docs/changelog.md").is_empty(), "{a:#}");
    assert_eq!(
        broken(&a, "docs/plain.md"),
        [row(5, "#adaptive-thinking-effort", "#adaptive-thinking--effort")]
    );
}

#[test]
fn mdbook_html_links_reach_their_chapters_and_mdbook_ids() {
    let dir = tree(&[
        ("guide/book.toml", "[book]\ntitle = \"x\"\n"),
        ("guide/src/SUMMARY.md", "# Summary\n\n- [Creating](guide/creating.md)\n"),
        ("guide/src/cli/README.md", "# CLI\n\n## `--dest-dir`: output\n"),
        (
            "guide/src/guide/creating.md",
            "# Creating\n\n[cli](../cli/index.html)\n[opt](../cli/index.html#--dest-dir-output)\n[gone](../cli/gone.html)\n[self](creating.html)\n",
        ),
        // Outside the book GitHub resolves links: `.html` pages do not exist there.
        ("README.md", "# R\n\n[cli](guide/src/cli/index.html)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "guide/src/guide/creating.md"), [row(5, "../cli/gone.html", "")]);
    assert_eq!(broken(&a, "README.md"), [row(3, "guide/src/cli/index.html", "")]);
}

#[test]
fn a_build_alias_is_no_path_but_a_typo_before_a_url_is() {
    let dir = tree(&[
        ("docs/guide/overview.md", "# Overview\n\nSee [Rocket][r] and [kudos](@https://github.com/amatzon).\n\n[r]: @api/master/rocket/struct.Rocket.html\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // Rocket's site build rewrites `@api/…` into the API docs' URLs.
    assert_eq!(broken(&a, "docs/guide/overview.md"), [row(3, "@https://github.com/amatzon", "")]);
}

#[test]
fn an_mdbook_spec_book_links_rules_by_their_ids() {
    let spec = "[book]\ntitle = \"x\"\n\n[preprocessor.spec]\ncommand = \"mdbook-spec\"\n";
    let page = "# Closures\n\n[closure] and [static][items.gone] and [inline](expr.closure)\n\n\
                [closure]: expr.closure\n[items.gone]: items.gone\n";
    let dir = tree(&[
        ("ref/book.toml", spec),
        ("ref/src/SUMMARY.md", "- [Expressions](expr.md)\n- [Closures](closures.md)\n"),
        ("ref/src/expr.md", "# Expressions\n\nr[expr.closure]\nA closure.\n"),
        ("ref/src/closures.md", page),
        // Without the preprocessor the same destinations name files.
        ("plain/book.toml", "[book]\ntitle = \"y\"\n"),
        ("plain/src/expr.md", "# Expressions\n\nr[expr.closure]\n"),
        ("plain/src/closures.md", page),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // A defined rule id is a link to its rule; an id no page defines is broken.
    assert_eq!(broken(&a, "ref/src/closures.md"), [row(6, "items.gone", "")]);
    // (The inline link and the definition to one missing file are one signal.)
    assert_eq!(
        broken(&a, "plain/src/closures.md"),
        [row(3, "expr.closure", ""), row(6, "items.gone", "")]
    );
}

#[test]
fn vitepress_routes_extensionless_links_public_assets_and_slugs() {
    let dir = tree(&[
        ("docs/.vitepress/config.ts", "export default {}\n"),
        ("docs/index.md", "# Home\n"),
        ("docs/guide/index.md", "# Guide\n"),
        ("docs/config/build.md", "# Build\n\n## build.target\n"),
        ("docs/public/logo.svg", "<svg/>"),
        (
            "docs/guide/features.md",
            "# Features\n\n[a](/config/build#build-target)\n[b](/guide/)\n[c](./index)\n[d](/logo.svg)\n[e](../config/build.html#buildtarget)\n[f](/)\n[g](/config/nope)\n[h](/config/build#build-targets)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // `/config/nope` from a doc in a folder: without git's word, not claimed broken; the
    // GitHub id `#buildtarget` reaches nothing on the site.
    assert_eq!(
        broken(&a, "docs/guide/features.md"),
        [
            row(7, "../config/build.html#buildtarget", "../config/build.html#build-target"),
            row(10, "/config/build#build-targets", "/config/build#build-target")
        ]
    );
}

#[test]
fn a_vitepress_page_links_its_sites_pages_by_the_sites_ids() {
    // go-task's config reference links `cli.md#-v---verbose`, GitHub's id of
    // `` ### `-v, --verbose` ``; VitePress ids the heading `#v-verbose`.
    let cli = "# CLI\n\n### `-v, --verbose`\n\n### `--dry`\n\n<a id=\"old-name\"></a>\n\n## Old name\n\n\
               ### Custom {#--custom}\n\n[self](#-v---verbose)\n\n### `snapshot.prereleaseTemplate`\n";
    let files = |config: &'static str, package: &'static str| {
        tree(&[
            ("website/.vitepress/config.ts", config),
            ("website/package.json", package),
            ("website/docs/cli.md", cli),
            (
                "website/docs/config.md",
                "# Config\n\n[a](./cli.md#-v---verbose) [b](./cli.md#v-verbose) [c](./cli#dry)\n\
                 [d](./cli.md#old-name) [e](./cli.md#--custom) [f](./cli.md#snapshotprereleasetemplate)\n",
            ),
            // Read on GitHub, which gives the heading GitHub's id.
            ("README.md", "# R\n\n[verbose](website/docs/cli.md#-v---verbose)\n"),
        ])
    };
    let v1 = r#"{"devDependencies": {"vitepress": "^1.6.3"}}"#;
    let dir = files("export default {}\n", v1);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "website/docs/config.md"),
        [
            row(3, "./cli.md#-v---verbose", "./cli.md#v-verbose"),
            row(4, "./cli.md#snapshotprereleasetemplate", "./cli.md#snapshot-prereleasetemplate")
        ],
        "{a}"
    );
    assert_eq!(broken(&a, "website/docs/cli.md"), [row(13, "#-v---verbose", "#v-verbose")]);
    assert!(broken(&a, "README.md").is_empty());
    let detail = a["signals"]["website/docs/config.md"][0]["detail"].as_str().unwrap();
    assert!(detail.contains("GitHub's id of a heading"), "{detail}");
    // VitePress 2 passes each internal link's fragment through its slugify: a GitHub id
    // with runs of `-` reaches the heading, one that dropped the `.` still does not.
    let v2 = r#"{"devDependencies": {"vitepress": "^2.0.0-alpha.19"}}"#;
    let dir = files("export default {}\n", v2);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "website/docs/config.md"),
        [row(4, "./cli.md#snapshotprereleasetemplate", "./cli.md#snapshot-prereleasetemplate")],
        "{a}"
    );
    assert!(broken(&a, "website/docs/cli.md").is_empty());
    // A site with a slugify of its own: its ids are not the stock ones.
    let own = files("import { slugify } from './shared'\nexport default { markdown: { anchor: { slugify } } }\n", v1);
    let a = scan_json(own.path(), &["--no-git"], 0);
    assert!(broken(&a, "website/docs/config.md").is_empty(), "{a}");
}

#[test]
fn a_vuepress_1_site_gives_its_own_ids_and_routes() {
    // chartjs' docs (VuePress 1.9): `## .update(mode?)` is `#update-mode` there, not
    // GitHub's `#updatemode`; ids are case by case (`#pointLabel` reaches no `pointlabel`);
    // `## animations` below `# Animations` is `#animations-2` (markdown-it-anchor 5
    // numbers duplicates from 2); a page links its siblings by route (`./api`).
    let api = "# API\n\n## .update(mode?)\n\n### pointLabel\n\n## A – B\n";
    let page = "# Animations\n\n## animations\n\n[a](../developers/api.md#updatemode) \
                [b](../developers/api.md#update-mode) [c](../developers/api.md#pointLabel)\n\
                [d](#animations-2) [e](#animations-1) [f](../developers/api#a-b) [g](/logo.png)\n\
                [h](../developers/api.html#pointlabel) [i](./missing)\n";
    let files = |package: &'static str| {
        tree(&[
            ("docs/.vuepress/config.ts", "export default { title: 'Docs' }\n"),
            ("docs/.vuepress/public/logo.png", "png"),
            ("docs/.vuepress/redirects", "/getting-started/v3/ /migration/v3.html\n"),
            ("docs/migration/v3.md", "# V3\n"),
            (
                "docs/developers/index.md",
                "# Dev\n\n[v3](../getting-started/v3) [old](../getting-started/v2)\n",
            ),
            ("docs/package.json", package),
            ("docs/developers/api.md", api),
            ("docs/configuration/animations.md", page),
            ("docs/configuration/a.md", "# A\n\n[x](./animations)\n"),
            ("docs/configuration/b.md", "# B\n\n[x](./animations)\n"),
        ])
    };
    let dir = files(r#"{"devDependencies": {"vuepress": "^1.9.7"}}"#);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "docs/configuration/animations.md"),
        [
            row(5, "../developers/api.md#pointLabel", "../developers/api.md#pointlabel"),
            row(5, "../developers/api.md#updatemode", "../developers/api.md#update-mode"),
            row(6, "#animations-1", "#animations-2"),
            row(7, "./missing", ""),
        ],
        "{a}"
    );
    assert_eq!(
        broken(&a, "docs/developers/index.md"),
        [row(3, "../getting-started/v2", "")],
        "a page `.vuepress/redirects` sends on is there"
    );
    let detail = a["signals"]["docs/configuration/animations.md"][1]["detail"].as_str().unwrap();
    assert!(
        detail.contains("which the VuePress site both pages are read on does not give"),
        "{detail}"
    );
    // VuePress 2 is not read: GitHub's ids and paths, as before.
    let dir = files(r#"{"devDependencies": {"vuepress": "^2.0.0-rc.0"}}"#);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let targets: Vec<String> =
        broken(&a, "docs/configuration/animations.md").into_iter().map(|r| r.1).collect();
    assert!(targets.contains(&"#animations-2".to_string()), "{targets:?}");
    assert!(!targets.contains(&"../developers/api.md#updatemode".to_string()), "{targets:?}");
}

#[test]
fn a_doc_builder_site_links_pages_by_route_and_its_own_ids() {
    // huggingface_hub's guides link `../package_reference/environment_variables#hf_home`:
    // doc-builder drops the `_` of `### HF_HOME`, whose id there is `#hfhome`, and reads
    // `./chat_templating` as a page (smolagents has none).
    let vars = "# Environment variables\n\n### HF_HOME\n\n### XDG_CACHE_HOME\n\n\
                ## Login[[auth]]\n\nSee [cache](#xdgcachehome) and [home](#hf_home).\n";
    let dir = tree(&[
        ("docs/source/en/_toctree.yml", "- sections:\n  - local: index\n    title: Home\n"),
        ("docs/source/en/_redirects.yml", "how-to-cache: guides/manage-cache\n"),
        ("docs/source/en/package_reference/environment_variables.md", vars),
        ("docs/source/en/package_reference/hf_api.md", "# HfApi\n\n[[autodoc]] HfApi\n"),
        ("docs/source/en/guides/manage-cache.mdx", "# Cache\n"),
        // transformers.js' `custom_usage.md`: a snippet's text pasted in at build time.
        (
            "docs/source/en/guides/custom.md",
            "# Custom\n\n<include>\n{\n    \"path\": \"../snippets/custom.snippet\"\n}\n</include>\n",
        ),
        (
            "docs/source/en/guides/download.md",
            "# Download\n\n[a](../package_reference/environment_variables#hf_home) \
             [b](../package_reference/environment_variables#hfhome) \
             [c](../package_reference/environment_variables#auth)\n\
             [d](./manage-cache#x) [e](./chat_templating) [f](../how-to-cache) \
             [g](../package_reference/hf_api#huggingface_hub.HfApi.upload_file) \
             [h](./custom#convert-your-models)\n",
        ),
        // Read on GitHub, which gives the heading GitHub's id.
        (
            "README.md",
            "[home](docs/source/en/package_reference/environment_variables.md#hf_home)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "docs/source/en/guides/download.md"),
        [
            row(
                3,
                "../package_reference/environment_variables#hf_home",
                "../package_reference/environment_variables#hfhome"
            ),
            row(4, "./chat_templating", ""),
            row(4, "./manage-cache#x", ""),
        ],
        "{a}"
    );
    let detail = a["signals"]["docs/source/en/guides/download.md"][0]["detail"].as_str().unwrap();
    assert!(detail.contains("which the doc-builder site both pages are read on"), "{detail}");
    assert_eq!(
        broken(&a, "docs/source/en/package_reference/environment_variables.md"),
        [row(9, "#hf_home", "#hfhome")]
    );
    assert!(broken(&a, "README.md").is_empty(), "{a}");
}

#[test]
fn a_slugify_that_keeps_case_gives_ids_as_written() {
    // vue-router's and pinia's `shared.ts`: the stock steps without trimming `-` and
    // without lowercasing, so `## Navigation Guards` is `#Navigation-Guards` there.
    let shared = "const rSpecial = /[\\s~`!@#$%^&*()\\-_+=[\\]{}|\\\\;:\"'<>,.?/]+/g\n\
                  export const slugify = (str: string): string =>\n  str\n    .normalize('NFKD')\n\
                  .replace(rSpecial, '-')\n    .replace(/^(\\d)/, '_$1')\n\
                  export default { markdown: { anchor: { slugify } } }\n";
    let dir = tree(&[
        ("docs/.vitepress/config/shared.ts", shared),
        ("docs/.vitepress/config/index.ts", "export { default } from './shared'\n"),
        ("docs/guards.md", "# Guards\n\n## Navigation Guards\n\n## Unit test components (Vue 2)\n"),
        (
            "docs/guide.md",
            "# Guide\n\n[a](./guards.md#navigation-guards) [b](./guards.md#Navigation-Guards)\n\
             [c](./guards.md#Unit-test-components-Vue-2-)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "docs/guide.md"),
        [row(3, "./guards.md#navigation-guards", "./guards.md#Navigation-Guards")],
        "{a}"
    );
}

#[test]
fn a_sites_page_names_ids_case_by_case_github_forgives_case() {
    // knex's `#withSchema` to `### withSchema` (id `withschema`): the site's browser
    // matches a fragment exactly; GitHub's page script also tries it lowercased.
    let page =
        "# Guide\n\n[a](./api.md#withSchema) [b](#Usage) [c](./api.md#withschema)\n\n## Usage\n";
    let files = |config: &'static str| {
        tree(&[
            ("docs/.vitepress/config.ts", config),
            ("docs/api.md", "# API\n\n### withSchema\n"),
            ("docs/guide.md", page),
            ("notes/api.md", "# API\n\n### withSchema\n"),
            ("notes/guide.md", page),
        ])
    };
    let dir = files("export default {}\n");
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "docs/guide.md"),
        [row(3, "#Usage", "#usage"), row(3, "./api.md#withSchema", "./api.md#withschema")]
    );
    assert!(broken(&a, "notes/guide.md").is_empty(), "read on GitHub");
    // vue-router's own `slugify` keeps the case: its ids are known only up to case.
    let own = files("import { slugify } from './shared'\nexport default { markdown: { anchor: { slugify } } }\n");
    let a = scan_json(own.path(), &["--no-git"], 0);
    assert!(broken(&a, "docs/guide.md").is_empty(), "{a}");
}

#[test]
fn docusaurus_links_without_extension_reach_their_docs() {
    let dir = tree(&[
        ("website/docusaurus.config.js", "module.exports = {};\n"),
        ("website/docs/install.mdx", "# Install\n\n## Requirements {#reqs}\n"),
        (
            "website/docs/intro.md",
            "# Intro\n\n[a](./install)\n[b](/install.mdx#reqs)\n[c](./missing.md)\n[d](./slugged)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // `./slugged` is a URL: its page may take that route from a front matter `slug`.
    assert_eq!(broken(&a, "website/docs/intro.md"), [row(5, "./missing.md", "")]);
}

#[test]
fn docusaurus_root_links_reach_static_files_the_site_folder_and_each_version() {
    let repo = with_deleted(&[
        ("www/docusaurus.config.ts", "export default {};\n"),
        ("www/static/img/diagram.svg", "<svg/>\n"),
        ("www/docs/client/setup.mdx", "# Setup\n"),
        ("www/versioned_docs/version-10.x/main/apps.mdx", "# Apps\n"),
        (
            "www/docs/intro.md",
            "# Intro\n\n![d](/img/diagram.svg)\n[s](/docs/client/setup.mdx)\n[q](/docs/quickstart)\n![m](/img/missing.svg)\n",
        ),
        ("www/versioned_docs/version-10.x/main/intro.md", "# Intro\n\n[a](/main/apps.mdx)\n"),
    ],
    &["img/diagram.svg", "docs/client/setup.mdx", "img/missing.svg", "main/apps.mdx"],
    );
    let a = scan_json(repo.path(), &[], 1);
    // A route (`/docs/quickstart`) comes from a page's `slug`: only git's word counts.
    assert_eq!(gone(&a, "www/docs/intro.md"), [(6, "/img/missing.svg".to_string())]);
    assert!(broken(&a, "www/docs/intro.md").is_empty());
    assert!(a["signals"]["www/versioned_docs/version-10.x/main/intro.md"].is_null(), "{a}");
}

#[test]
fn one_cause_in_one_doc_is_one_signal_listing_every_line() {
    let dir = tree(&[
        ("docs/a.md", "# A\n\n## Setup\n"),
        (
            "README.md",
            "# R\n\n[x](docs/missing.md)\n\n[y](docs/missing.md)\n[z](docs/a.md#setpu)\n\n[again](docs/missing.md) and [z](docs/a.md#setpu)\n[other](docs/a.md#nothing-like-it)\n",
        ),
        ("docs/b.md", "# B\n\n[x](missing.md)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let sigs = a["signals"]["README.md"].as_array().unwrap();
    let got: Vec<(u64, &str, &Value)> = sigs
        .iter()
        .map(|s| (s["line"].as_u64().unwrap(), s["target"].as_str().unwrap(), &s["lines"]))
        .collect();
    assert_eq!(
        got,
        [
            (3, "docs/missing.md", &serde_json::json!([3, 5, 8])),
            (6, "docs/a.md#setpu", &serde_json::json!([6, 8])),
            (9, "docs/a.md#nothing-like-it", &Value::Null),
        ]
    );
    assert_eq!(sigs[1]["suggestion"], "docs/a.md#setup");
    assert!(sigs[0]["detail"].as_str().unwrap().contains("3 times"), "{}", sigs[0]["detail"]);
    assert_eq!(broken(&a, "docs/b.md"), [row(3, "missing.md", "")], "other docs keep their own");
}

#[test]
fn a_renamed_target_linked_twice_is_one_stale_name_location() {
    let repo = GitRepo::new();
    repo.write("docs/old.md", "# Old\n");
    repo.write("README.md", "# R\n\n[a](docs/old.md)\n\n[b](docs/old.md)\n");
    repo.commit("2024-01-01T00:00:00Z", "first");
    repo.git(&["mv", "docs/old.md", "docs/new.md"]);
    repo.commit("2024-02-01T00:00:00Z", "rename");
    let a = scan_json(repo.path(), &[], 1);
    let sigs = a["signals"]["README.md"].as_array().unwrap();
    assert_eq!(sigs.len(), 1, "{a:#}");
    assert_eq!(sigs[0]["name"], "stale_name_location");
    assert_eq!(sigs[0]["lines"], serde_json::json!([3, 5]));
    assert_eq!(sigs[0]["suggestion"], "docs/new.md");
}

#[test]
fn email_autolinks_and_rustdoc_paths_are_not_files() {
    let dir = tree(&[(
        "src/docs/routing.md",
        "# Routing\n\nCopyright <dkm@kataplop.net>.\n\n[a](crate::routing::Router)\n[b](fn@crate::middleware::from_fn)\n[c](crate#state)\n[d](`tower::Service`)\n[e](crate)\n[f](self-hosting.md)\n[g](mailto-list.md)\n",
    )]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "src/docs/routing.md"),
        [row(10, "self-hosting.md", ""), row(11, "mailto-list.md", "")]
    );
}

#[test]
fn rustdoc_item_pages_resolve_in_the_docs_rustdoc_renders() {
    let dir = tree(&[
        ("Cargo.toml", "[package]\nname = \"x\"\nversion = \"0.1.0\"\n"),
        ("src/lib.rs", "#[doc = include_str!(\"docs/object.md\")]\npub use m::Object;\n"),
        ("src/docs/object.md", "# Object\n\nSee [`CacheControl`](struct.CacheControl.html), [join](join).\n[gone](missing.md)\n"),
        // A README no source includes is read on GitHub, where the link is broken.
        ("README.md", "# X\n\nSee [`CacheControl`](struct.CacheControl.html), [join](join).\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "src/docs/object.md"), [row(4, "missing.md", "")]);
    assert_eq!(
        broken(&a, "README.md"),
        [row(3, "join", ""), row(3, "struct.CacheControl.html", "")]
    );
}

#[test]
fn missing_targets_that_gitignore_ignores_are_build_products() {
    let repo = GitRepo::new();
    repo.write("docs/reference/cli.md", "# CLI\n");
    repo.write(
        "docs/guide.md",
        "# Guide\n\n[cli](reference/cli.md#uv-run)\n[settings](reference/settings.md)\n\nGenerated: `docs/reference/cli.md`, missing: `docs/reference/env.md`.\n",
    );
    repo.commit("2024-01-01T00:00:00Z", "first");
    repo.git(&["rm", "-q", "docs/reference/cli.md"]);
    repo.write(".gitignore", "/docs/reference/cli.md\n");
    repo.commit("2024-02-01T00:00:00Z", "generate the reference at build time");
    let a = scan_json(repo.path(), &[], 1);
    let all = |name| of(&a, "docs/guide.md", name);
    assert!(all("stale_name_location").is_empty(), "{a:#}");
    assert_eq!(
        all("broken_reference"),
        [row(4, "reference/settings.md", "")],
        "`docs/reference/env.md` never existed here: a backticked path needs history"
    );
}

#[test]
fn absolute_system_paths_in_backticks_are_not_repo_paths() {
    let repo = GitRepo::new();
    for gone in ["bin/sh", "usr/bin/env", "bin/missing.sh", "docs/missing.md"] {
        repo.write(gone, "x\n");
    }
    repo.write("bin/release.sh", "#!/bin/sh\n");
    repo.write("docs/a.md", "# A\n");
    repo.commit("2024-01-01T00:00:00Z", "first");
    repo.git(&["rm", "-q", "bin/sh", "usr/bin/env", "bin/missing.sh", "docs/missing.md"]);
    repo.write(
        "README.md",
        "# R\n\nRuns `/bin/sh` and `/usr/bin/env`, then `bin/missing.sh` and `/docs/missing.md`.\n",
    );
    repo.commit("2024-02-01T00:00:00Z", "second");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        of(&a, "README.md", "stale_name_location"),
        [row(3, "/docs/missing.md", ""), row(3, "bin/missing.sh", "")],
        "this repository had `bin/sh` once, but `/bin/sh` names the machine's shell"
    );
}

#[test]
fn a_grouped_signal_is_fixed_on_every_listed_line_through_check_and_clean() {
    let p = crate::support::Project::new();
    p.write("docs/api.md", "# API\n");
    p.write("README.md", "# R\n\n[setup](docs/setup.md)\n\nAgain: [setup](docs/setup.md).\n");
    let a = scan_json(p.root(), &["--no-git"], 1);
    assert_eq!(a["signals"]["README.md"][0]["lines"], serde_json::json!([3, 5]));
    // One entry per listed line, the second one anchored on a line that is not the
    // signal's `line`: both are accepted and applied.
    let entry = |line: u32| {
        serde_json::json!({
            "category": {"class": "stale", "subtype": "orphaned"},
            "signals": ["broken_reference"],
            "op": "Point the setup link at the API doc.",
            "op_type": "deterministic",
            "exact_edit": {"kind": "replace-text",
                           "anchor": {"start_line": line, "end_line": line},
                           "match": "docs/setup.md", "replacement": "docs/api.md"},
            "confidence": 0.9})
    };
    let answer = serde_json::json!({"__kind__classify_file":
        {"verdict": "entries", "entries": [entry(3), entry(5)]}});
    std::fs::write(p.root().join("fx.json"), answer.to_string()).unwrap();
    p.run(&["check", "--no-git"])
        .env("DOCHYGIENE_TIER2_FIXTURE", p.root().join("fx.json"))
        .expect_code(0);
    let out = p.run(&["clean"]).expect_code(0);
    assert_eq!(crate::support::json_line(&out)["applied"].as_array().unwrap().len(), 2);
    assert_eq!(
        p.read("README.md"),
        "# R\n\n[setup](docs/api.md)\n\nAgain: [setup](docs/api.md).\n"
    );
}

#[test]
fn mkdocs_attr_list_autorefs_and_generated_api_pages_are_anchors() {
    let dir = tree(&[
        ("mkdocs.yml", "site_name: x\n"),
        (
            "docs/validators.md",
            "# Validators\n\n* After validators.\n{#field-after-validator}\n\n[](){#note}\n",
        ),
        ("docs/api/config.md", "::: pkg.config\n    options:\n      members: [ConfigDict]\n"),
        (
            "docs/models.md",
            "# Models\n\n[a](validators.md#field-after-validator) [b](validators.md#note)\n\
             [c](api/config.md#pkg.config.ConfigDict) [d](validators.md#nope)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "docs/models.md"), [row(4, "validators.md#nope", "validators.md#note")]);
}

#[test]
fn a_dotted_fragment_no_heading_comes_close_to_is_a_generated_id() {
    // home-manager's option anchors, which its manual's build turns into option pages;
    // asdf's slip for the heading `bin/help.overview` stays, with its fix.
    let dir = tree(&[
        (
            "docs/usage.md",
            "# Usage\n\nSee [enable](#opt-programs.bash.enable) and [x](faq.md#opt-x.y).\n",
        ),
        ("docs/faq.md", "# FAQ\n"),
        ("docs/create.md", "# Create\n\n- [a](#bin-help.overview)\n\n## bin/help.overview\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "docs/usage.md"), []);
    assert_eq!(broken(&a, "docs/create.md"), [row(3, "#bin-help.overview", "#binhelpoverview")]);
}

#[test]
fn a_link_written_from_the_root_gets_the_link_from_the_docs_folder() {
    // chroma's Cursor plans link `rust/worker/src/lib.rs` from `plans/`; a lone name
    // (`LICENSE`) may be the folder's own file gone, and gets no fix.
    let dir = tree(&[
        ("rust/worker/src/lib.rs", "pub fn f() {}\n"),
        ("docs/a b/x.md", "# X\n"),
        ("LICENSE", "MIT\n"),
        (
            "plans/p.md",
            "# Plan\n\n[lib](rust/worker/src/lib.rs#L3) [x](docs/a%20b/x.md) [l](LICENSE) [s](rust/worker/src/)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "plans/p.md"),
        [
            row(3, "LICENSE", ""),
            row(3, "docs/a%20b/x.md", "../docs/a%20b/x.md"),
            row(3, "rust/worker/src/", "../rust/worker/src/"),
            row(3, "rust/worker/src/lib.rs", "../rust/worker/src/lib.rs"),
        ]
    );
}

#[test]
fn a_page_its_build_writes_into_has_ids_no_heading_shows() {
    // click-extra's theme page links the palettes its `{python:render}` block prints;
    // Rocket's FAQ links the id its Tera macro gives an entry. A page without such a
    // block keeps the check, and a fragment with a heading close to it stays a slip.
    let dir = tree(&[
        (
            "docs/theme.md",
            "# Theme\n\n[dark](#dark) [nord](#nord) [pal](#palette)\n\n## Palettes\n\n```{python:render}\nprint(render())\n```\n",
        ),
        ("docs/faq.md", "# FAQ\n\nSee [it](#monolithic).\n\n{{ faq(\"monolithic\") }}\n"),
        (
            "docs/exec.md",
            "# Exec\n\n[out](#generated)\n\n```python exec=\"on\"\nprint('## Generated')\n```\n",
        ),
        (
            "docs/plain.md",
            "# Plain\n\n[dark](#dark)\n\n```python\nprint(1)\n```\n\nShown: `{{ faq(\"x\") }}`.\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "docs/theme.md"), [row(3, "#palette", "#palettes")]);
    assert_eq!(broken(&a, "docs/faq.md"), []);
    assert_eq!(broken(&a, "docs/exec.md"), []);
    assert_eq!(broken(&a, "docs/plain.md"), [row(3, "#dark", "")]);
}

#[test]
fn a_form_the_reader_fills_in_lists_sections_the_reader_writes() {
    // claude-scientific-skills' quality manual template: sections 1-2 written, the rest
    // left to the reader. A slip close to a heading stays; a template without fill-in
    // placeholders, or a doc that is no template, keeps the check.
    let form = "# Quality Manual\n\n**Company:** [COMPANY NAME]\n**Date:** [DATE]\n\n\
        - [1. Scope](#1-scope)\n- [2. Terms](#2-term)\n- [5. Management](#5-management)\n\n\
        ## 1. Scope\n\n## 2. Terms\n\n[CONTINUE WITH SECTIONS 3-8]\n";
    let one =
        "# Manual\n\n**Company:** [COMPANY NAME] and [COMPANY NAME]\n\n- [5](#5-management)\n";
    let dir = tree(&[
        ("skills/iso/assets/templates/quality-manual-template.md", form),
        ("skills/iso/assets/templates/one-template.md", one),
        ("docs/quality-manual.md", form),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "skills/iso/assets/templates/quality-manual-template.md"),
        [row(7, "#2-term", "#2-terms")]
    );
    assert_eq!(
        broken(&a, "skills/iso/assets/templates/one-template.md"),
        [row(5, "#5-management", "")]
    );
    assert_eq!(
        broken(&a, "docs/quality-manual.md"),
        [row(7, "#2-term", "#2-terms"), row(8, "#5-management", "")]
    );
}

#[test]
fn a_copy_of_another_repositorys_doc_links_that_repositorys_files() {
    // claude-code-templates' skill ships art-of-readme's README; its links to the
    // translations work upstream.
    let dir = tree(&[
        (
            "skills/readmes/art.md",
            "# Art of README\n\n> Source: [hackergrrl/art-of-readme](https://github.com/hackergrrl/art-of-readme)\n\nIn [Chinese](README-zh.md).\n",
        ),
        ("skills/readmes/mine.md", "# Mine\n\nIn [Chinese](README-zh.md).\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "skills/readmes/art.md"), []);
    assert_eq!(broken(&a, "skills/readmes/mine.md"), [row(3, "README-zh.md", "")]);
}

#[test]
fn a_route_from_a_folder_of_no_known_site_reaches_the_page_under_that_folder() {
    // mdx's site is built from `docs/` by its own script: `/docs/getting-started/` is
    // `docs/docs/getting-started.mdx`, whatever the root's `docs/getting-started/` was.
    let repo = with_deleted(
        &[
            (
                "docs/index.mdx",
                "# MDX\n\n[start](/docs/getting-started/) and [gone](/docs/gone/)\n",
            ),
            ("docs/docs/getting-started.mdx", "# Getting started\n"),
        ],
        &["docs/getting-started/index.md", "docs/gone/index.md"],
    );
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(gone(&a, "docs/index.mdx"), [(3, "/docs/gone/".to_string())]);
}

#[test]
fn a_doc_beside_an_mdbooks_src_links_as_if_written_from_src() {
    // The Rust book's redirect pages and print manuscript.
    let dir = tree(&[
        ("book.toml", "[book]\ntitle = \"B\"\n"),
        ("src/SUMMARY.md", "# Summary\n\n- [One](ch01.md)\n"),
        ("src/ch01.md", "# One\n"),
        ("src/img/a.svg", "<svg/>"),
        (
            "redirects/old.md",
            "% Old\n\n[a](ch01.html) [b](../nomicon/x.html) [c](ch99.html) [d](index.html)\n",
        ),
        ("nostarch/book.toml", "[book]\nsrc = \"../src\"\n"),
        ("nostarch/chapter01.md", "# One\n\n![p](img/a.svg) ![q](img/missing.svg)\n"),
        ("README.md", "# B\n\n![p](img/a.svg)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "redirects/old.md"), [row(3, "ch99.html", "")]);
    assert_eq!(broken(&a, "nostarch/chapter01.md"), [row(3, "img/missing.svg", "")]);
    assert_eq!(broken(&a, "README.md"), [row(3, "img/a.svg", "")], "a root doc is read on GitHub");
}

#[test]
fn a_folder_the_books_build_copies_in_from_beside_it() {
    // home-manager: the book's source is `docs/manual/`; its build copies
    // `docs/release-notes/` in, which the SUMMARY lists.
    let dir = tree(&[
        ("docs/manual/book.toml", "[book]\ntitle = \"M\"\nsrc = \".\"\n"),
        (
            "docs/manual/SUMMARY.md",
            "# Summary\n\n- [Usage](usage.md)\n- [Notes](release-notes/release-notes.md)\n  - [25.11](release-notes/rl-2511.md)\n  - [Gone](release-notes/rl-1809.md)\n",
        ),
        (
            "docs/manual/usage.md",
            "# Usage\n\nSee [notes](release-notes/release-notes.md) and ![x](images/shot.png).\n",
        ),
        ("docs/release-notes/release-notes.md", "# Notes\n"),
        (
            "docs/release-notes/rl-2511.md",
            "# 25.11\n\nSee [usage](../usage.md) and [gone](../rollbacks.md).\n",
        ),
        // Not listed in the SUMMARY: nothing copies `docs/images/` in.
        ("docs/images/shot.png", "png"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let targets = |p: &str| broken(&a, p).into_iter().map(|r| r.1).collect::<Vec<_>>();
    assert_eq!(targets("docs/manual/SUMMARY.md"), ["release-notes/rl-1809.md"]);
    assert_eq!(targets("docs/manual/usage.md"), ["images/shot.png"]);
    assert_eq!(targets("docs/release-notes/rl-2511.md"), ["../rollbacks.md"]);
}

#[test]
fn pelican_links_reach_the_content_folder() {
    // hypothesis' blog: `{static}/images/x.png` is `website/content/images/x.png`.
    let dir = tree(&[
        ("website/pelicanconf.py", "PATH = \"content\"\n"),
        ("website/content/images/a.png", "png"),
        ("website/content/notes/b.md", "# B\n"),
        (
            "website/content/2025-01-01-post.md",
            "# Post\n\n<img src=\"{static}/images/a.png\"> ![x]({static}/images/gone.png) [b]({filename}notes/b.md)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "website/content/2025-01-01-post.md"),
        [row(3, "{static}/images/gone.png", "")]
    );
}

#[test]
fn a_root_link_on_an_mdbook_or_mkdocs_page_leaves_the_repository() {
    let dir = tree(&[
        ("book/book.toml", "[book]\ntitle = \"x\"\n"),
        ("book/src/SUMMARY.md", "- [Title](title.md)\n"),
        (
            "book/src/title.md",
            "# T\n\n<a href=\"/master/\">nightly</a> [gone](gone.md)\n\n\
             [items](../../reference/items.html) [guide](../../README.md) [up](../gone.md)\n",
        ),
        ("README.md", "# R\n\n[root](/nowhere/)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // A relative link that climbs out of the book's `src` reaches its host's other books
    // (the Cargo book's `../../reference/…`); inside `src` it is checked.
    assert_eq!(broken(&a, "book/src/title.md"), [row(3, "gone.md", "")]);
    assert_eq!(broken(&a, "README.md"), [row(3, "/nowhere/", "")], "GitHub resolves it here");
}

#[test]
fn astro_routes_reach_starlight_pages_and_html_headings_have_ids() {
    let files = &[
        ("docs/astro.config.mjs", "export default {}\n"),
        ("docs/src/content/docs/guides/i18n.mdx", "# i18n\n"),
        ("docs/src/content/docs/de/guides/i18n.md", "# i18n\n"),
        (
            "docs/src/content/docs/index.mdx",
            "# Home\n\n[a](/guides/i18n/) [b](/de/guides/i18n/) [d](/guides/gone/)\n",
        ),
        ("README.md", "<h1 align=center><code>just</code></h1>\n\n[top](#just) [no](#nope)\n"),
    ];
    let repo =
        with_deleted(files, &["guides/i18n/a.md", "de/guides/i18n/a.md", "guides/gone/a.md"]);
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(a["files"]["docs/src/content/docs/index.mdx"]["role"], "site_page");
    assert_eq!(gone(&a, "docs/src/content/docs/index.mdx"), [(3, "/guides/gone/".to_string())]);
    assert_eq!(broken(&a, "README.md"), [row(3, "#nope", "")]);
}

#[test]
fn a_folder_that_links_by_route_is_written_for_a_site_the_repository_does_not_configure() {
    let dir = tree(&[
        (
            "documentation/docs/02-runes/02-state.md",
            "# $state\n\nSee [$derived]($derived), [$effect]($effect), [bind](bind), \
             [kit](../kit) and [each](/docs/svelte/each); [the guide](guide.md).\n\n\
             [When not to](#When-not-to-use-$state) [other page](../01-intro.md#Getting-started) \
             [typo](#nowhere-here)\n",
        ),
        ("documentation/docs/01-intro.md", "# Intro\n\n## Getting started\n"),
        ("README.md", "# R\n\n[setup](docs/setup) [gone](#nowhere)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "documentation/docs/02-runes/02-state.md"),
        [row(3, "guide.md", ""), row(5, "#nowhere-here", "")],
        "five links by page name: routes of a site; a file name is still checked, and so \
         are fragments GitHub's slugger could make (a site that routes by name may still \
         use GitHub's ids: geminicli.com does), but not one in the site's own id scheme"
    );
    assert_eq!(
        broken(&a, "README.md"),
        [row(3, "#nowhere", ""), row(3, "docs/setup", "")],
        "one alone is broken"
    );
}

#[test]
fn a_mintlify_site_routes_pages_and_assets_from_its_config_folder() {
    let files = &[
        ("docs/docs.json", "{\"$schema\": \"https://mintlify.com/docs.json\"}\n"),
        ("docs/quickstart.mdx", "# Quickstart\n"),
        ("docs/images/logo.png", "png\n"),
        ("docs/index.mdx", "# Home\n\n[q](/quickstart) ![logo](/images/logo.png) [g](/gone)\n"),
        ("other/docs.json", "{\"name\": \"not a site\"}\n"),
        ("other/page.md", "# P\n\n[q](/quickstart)\n"),
    ];
    let repo = with_deleted(files, &["quickstart", "images/logo.png", "gone"]);
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(a["files"]["docs/index.mdx"]["role"], "site_page");
    assert_eq!(gone(&a, "docs/index.mdx"), [(3, "/gone".to_string())]);
    assert_eq!(gone(&a, "other/page.md"), [(3, "/quickstart".to_string())], "no schema, no site");
}

#[test]
fn a_mintlify_sites_route_that_reaches_no_page_is_broken_without_git() {
    let schema = "\"$schema\": \"https://mintlify.com/docs.json\"";
    let nav = format!(
        "{{{schema}, \"navigation\": [\"concepts/networks\", \"api-ref/python/client\"]}}\n"
    );
    let dir = tree(&[
        ("docs/docs.json", nav.as_str()),
        ("docs/concepts/networks.mdx", "# Networks\n"),
        ("docs/reference/camel.agents.base.mdx", "# Base\n"),
        (
            "docs/guide.mdx",
            "# Guide\n\n[a](/concepts/network) [b](/concepts/networks)\n\n\
             [c](/reference/camel.agents.base) [d](/api-ref/python)\n\n\
             See the [examples](/examples).\n",
        ),
        // The repository's `examples/` is not the site's: the guide's link reaches no page.
        ("examples/basic.py", "print()\n"),
        // GitHub shows the site folder's README, and reads `/examples` from the root.
        ("docs/README.md", "# Docs\n\nSee the [examples](/examples).\n"),
        // Agent context shows how to write a page.
        ("docs/AGENTS.md", "# Docs\n\n<img src=\"/images/dashboard.png\" />\n"),
        // A site with OpenAPI pages has routes no file gives.
        ("api/docs.json", &format!("{{{schema}, \"openapi\": \"openapi.yaml\"}}\n")),
        ("api/index.mdx", "# API\n\n[e](/endpoint/create)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "docs/guide.mdx"),
        [row(3, "/concepts/network", ""), row(7, "/examples", "")],
        "a page name with dots and a group of the navigation are not missing"
    );
    assert_eq!(
        a["signals"]["docs/guide.mdx"][1]["detail"],
        "link target `/examples` is no page of the docs site, which reads `/…` from its own folder: the repository's `examples`, which GitHub would show, is not served there"
    );
    assert!(broken(&a, "docs/README.md").is_empty());
    assert!(broken(&a, "docs/AGENTS.md").is_empty());
    assert!(broken(&a, "api/index.mdx").is_empty());
}

#[test]
fn a_route_that_names_the_mintlify_sites_own_folder_reaches_no_page() {
    // agent-kit's reference links `/docs/concepts/state` on a site rooted at `docs/`;
    // open-interpreter's terminal arguments page links itself so five times. Five such
    // links in `docs/` would pass for routes of a site the scan cannot see, were the
    // site not known.
    let schema = "\"$schema\": \"https://mintlify.com/docs.json\"";
    let dir = tree(&[
        ("docs/docs.json", &format!("{{{schema}, \"navigation\": [\"concepts/state\"]}}\n")),
        ("docs/concepts/state.mdx", "# State\n"),
        ("docs/concepts/network.mdx", "# Network\n"),
        (
            "docs/reference/state.mdx",
            "# State\n\n[State](/docs/concepts/state) [N](/docs/concepts/network) \
             [S](/concepts/state) [T](/docs/concepts/tools)\n\n\
             [a](/docs/concepts/state#x) [b](/docs/concepts/network) [c](/docs/concepts/state)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "docs/reference/state.mdx"),
        [
            row(3, "/docs/concepts/network", "/concepts/network"),
            row(3, "/docs/concepts/state", "/concepts/state"),
            row(3, "/docs/concepts/tools", ""),
        ],
        "{a}"
    );
    let state = &a["signals"]["docs/reference/state.mdx"][1];
    assert_eq!(state["lines"], serde_json::json!([3, 5]), "one cause, every line");
    assert!(
        state["detail"].as_str().unwrap().contains(
            "the site's routes start from `docs/`, where `/concepts/state` is `docs/concepts/state.mdx`"
        ),
        "{state}"
    );
}

#[test]
fn mkdocs_serves_pages_at_folder_urls_so_raw_html_and_climbing_links_resolve_there() {
    let dir = tree(&[
        ("mkdocs.yml", "site_name: x\n"),
        ("docs/img/books/cover.png", "png"),
        ("docs/logo.png", "png"),
        ("docs/community/sibling.png", "png"),
        (
            "docs/community/books.md",
            "# Books\n\n<img src=\"../../img/books/cover.png\">\n\n\
             ![md image](../../img/books/cover.png)\n\n<img src=\"../../img/gone.png\">\n\n\
             <img src=\"../sibling.png\"> ![md](../sibling.png)\n",
        ),
        ("docs/index.md", "# Home\n\n![logo](../../logo.png)\n"),
        // Outside the site GitHub's resolution is the only one.
        ("notes/books.md", "# Books\n\n<img src=\"../img/books/cover.png\">\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "docs/community/books.md"),
        [row(7, "../../img/gone.png", ""), row(9, "../sibling.png", "")],
        "raw HTML resolves from the page URL; the Markdown image leaves the docs folder, \
         which MkDocs leaves as written, so the browser stops at the site's root"
    );
    assert_eq!(broken(&a, "docs/index.md"), [], "the browser stops at the site's root");
    assert_eq!(broken(&a, "notes/books.md"), [row(3, "../img/books/cover.png", "")]);
}

#[test]
fn hugo_and_astro_pages_resolve_links_from_their_urls_and_static_folders() {
    let dir = tree(&[
        // Hugo's older config name, with its `baseURL` (kind's site).
        ("site/config.toml", "baseURL = \"https://kind.dev\"\n"),
        ("site/static/logo/logo.png", "png"),
        ("site/content/docs/design/initial.md", "# Initial\n"),
        (
            "site/content/_index.md",
            "# Home\n\n![logo](./logo/logo.png) [design](./docs/design/initial) \
             [gone](./docs/design/gone) ![x](./logo/gone.png)\n",
        ),
        // Starlight serves this page at `/en/configuration/deeplink/`.
        ("docs/astro.config.mjs", "export default {}\n"),
        ("docs/public/icons/openai.png", "png"),
        (
            "docs/src/content/docs/en/configuration/deeplink.md",
            "# Deeplink\n\n![openai](../../../icons/openai.png) ![gone](../../../icons/gone.png)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "site/content/_index.md"),
        [row(3, "./docs/design/gone", ""), row(3, "./logo/gone.png", "")],
        "the home page's URL is the site's root: its static file and its page resolve"
    );
    assert_eq!(
        broken(&a, "docs/src/content/docs/en/configuration/deeplink.md"),
        [row(3, "../../../icons/gone.png", "")],
        "climbing from the page's URL reaches the site's root, served from `public/`"
    );
}

#[test]
fn a_hugo_site_with_definition_term_ids_links_its_terms() {
    let dir = tree(&[
        ("hugo.toml", "[markup.goldmark.parser]\nautoDefinitionTermID = true\n"),
        (
            "content/highlight.md",
            "# Highlight\n\n`OPTIONS`\n: The options.\n\n## Options\n\n\
             See [the term](#options), [the heading](#options-1) and [gone](#nowhere).\n",
        ),
        ("content/other.md", "# Other\n\n[term](highlight.md#options-1)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "content/highlight.md"), [row(8, "#nowhere", "")]);
    assert_eq!(broken(&a, "content/other.md"), []);
}

#[test]
fn links_that_climb_above_the_repository_are_the_forges_pages() {
    let dir = tree(&[(
        "README.md",
        "# R\n\n![demo](../assets/demo.gif) [releases](../../releases) [gone](./gone.md)\n",
    )]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // From `blob/main/README.md`, `../assets/demo.gif` is `demo.gif` on the `assets`
    // branch and `../../releases` the releases page.
    assert_eq!(broken(&a, "README.md"), [row(3, "./gone.md", "")]);
}

#[test]
fn an_included_file_is_read_where_its_includer_publishes_it() {
    let dir = tree(&[
        ("site/mkdocs.yml", "site_name: x\n"),
        ("site/src/docs/config/setup.md", "# Setup\n"),
        (
            "site/src/docs/config/reference.md",
            "# Reference\n\n<!-- include: crates/runner/config-reference.md -->\n",
        ),
        (
            "crates/runner/config-reference.md",
            "## Keys\n\nSee [setup](setup.md), [top](#keys-and-more) and [gone](gone.md).\n",
        ),
        (
            "site/src/docs/usage.md",
            "# Usage\n\n[key](config/reference.md#retries) [missing](config/setup.md#nope)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "crates/runner/config-reference.md"),
        [row(3, "gone.md", "")],
        "its links resolve from the including page's folder, its fragments on that page"
    );
    assert_eq!(
        broken(&a, "site/src/docs/usage.md"),
        [row(3, "config/setup.md#nope", "")],
        "the including page has the included file's headings"
    );
}

#[test]
fn astro_page_file_links_and_placeholders_are_not_broken() {
    let dir = tree(&[
        ("web/astro.config.mjs", "export default {}\n"),
        ("web/src/content/docs/install.mdx", "# Install\n"),
        ("web/src/content/docs/index.md", "# Home\n\n[install](install.md) [gone](gone.md)\n"),
        ("docs/banner.md", "# Banner\n\n[English](ENGLISH_VERSION_URL) and [text](url).\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "web/src/content/docs/index.md"), [row(3, "gone.md", "")]);
    assert_eq!(broken(&a, "docs/banner.md"), []);
}

#[test]
fn a_templates_relative_links_are_written_for_where_it_is_copied() {
    let dir = tree(&[
        (
            ".gemini/skills/changelog/references/preview_template.md",
            "# Preview\n\nSee [the latest release](latest.md) and [below](#notes).\n\n## Notes\n",
        ),
        (
            "templates/commands/plan.md",
            "# Plan\n\nRead [the constitution](/memory/constitution.md) and [x](#nowhere).\n",
        ),
        ("docs/guide.md", "# Guide\n\n[gone](latest.md)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        a["files"][".gemini/skills/changelog/references/preview_template.md"]["role"],
        "template"
    );
    assert_eq!(broken(&a, ".gemini/skills/changelog/references/preview_template.md"), []);
    assert_eq!(broken(&a, "docs/guide.md"), [row(3, "latest.md", "")]);
    // A root path too is the destination's; a fragment into the template itself is not.
    assert_eq!(broken(&a, "templates/commands/plan.md"), [row(3, "#nowhere", "")]);
}

#[test]
fn a_jekyll_site_serves_pages_as_html_and_posts_by_date() {
    let dir = tree(&[
        ("site/_config.yml", "theme: just-the-docs\n"),
        ("site/_layouts/default.html", "<html></html>\n"),
        ("site/docs/usage.md", "# Usage\n\n## Modes\n"),
        ("site/_posts/2024-05-13-models.md", "# Models\n"),
        ("site/assets/logo.svg", "<svg/>\n"),
        (
            "site/docs/index.md",
            "# Docs\n\n[u](usage.html#modes) [p](/2024/05/13/models.html) ![l](/assets/logo.svg) \
             [g](gone.html) [h](usage.html#nope)\n",
        ),
        // A `_config.yml` with no Jekyll folder beside it is not a site.
        ("other/_config.yml", "name: x\n"),
        ("other/page.md", "# P\n\n[u](usage.html)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(a["files"]["site/docs/index.md"]["role"], "site_page");
    assert_eq!(
        broken(&a, "site/docs/index.md"),
        [row(3, "gone.html", ""), row(3, "usage.html#nope", "")]
    );
    assert_eq!(broken(&a, "other/page.md"), [row(3, "usage.html", "")]);
}

#[test]
fn root_links_to_assets_reach_a_static_folder_from_docs_in_folders() {
    let files = [
        ("www/static/docs/flow.svg", "<svg/>\n"),
        ("docs/latest/intro.md", "# Intro\n\n![flow](/docs/flow.svg) ![gone](/docs/gone.svg)\n"),
        ("README.md", "# R\n\n![flow](/docs/flow.svg)\n"),
    ];
    let repo = with_deleted(&files, &["docs/flow.svg", "docs/gone.svg"]);
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(gone(&a, "docs/latest/intro.md"), [(3, "/docs/gone.svg".to_string())]);
    let dir = tree(&files);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert!(broken(&a, "docs/latest/intro.md").is_empty(), "no git, no evidence");
    // On GitHub a root-level doc's `/…` link climbs to the repository's root.
    assert_eq!(broken(&a, "README.md"), [row(3, "/docs/flow.svg", "")]);
}

#[test]
fn a_hugo_site_routes_root_links_itself() {
    let dir = tree(&[
        ("www/hugo.yaml", "permalinks:\n  blog: /blog/:slug\n"),
        ("www/content/blog/b.md", "---\nslug: goreleaser-v1.11\n---\n# B\n"),
        (
            "www/content/blog/a.md",
            "# A\n\n[prev](/blog/goreleaser-v1.11/) [feed](/blog/feed.xml) [gone](./gone.md)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "www/content/blog/a.md"), [row(3, "./gone.md", "")]);
    assert_eq!(a["files"]["www/content/blog/a.md"]["role"], "site_page");
}

#[test]
fn docs_that_link_existing_pages_without_md_are_written_for_a_routing_site() {
    let mut files: Vec<(String, String)> = Vec::new();
    for name in ["a", "b", "c", "d"] {
        files.push((
            format!("docs/reference/{name}.md"),
            "# Ref\n\nSee [the query](../framework/react/reference/useQuery).\n".into(),
        ));
    }
    files.push(("docs/framework/react/reference/useQuery.md".into(), "# useQuery\n".into()));
    files.push(("docs/framework/solid/guides/prefetching.md".into(), "# Prefetching\n".into()));
    files.push((
        "docs/framework/solid/guides/suspense.md".into(),
        "# Suspense\n\nSee [prefetching](./prefetching).\n".into(),
    ));
    files.push((
        "docs/framework/react/guides/r.md".into(),
        "# R\n\nSee [gone](./missing-page).\n".into(),
    ));
    files.push(("README.md".into(), "# R\n\nSee [ref](docs/reference/a).\n".into()));
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
    let dir = tree(&refs);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let mut paths: Vec<&str> =
        a["signals"].as_object().unwrap().keys().map(|k| k.as_str()).collect();
    paths.sort();
    // Five links name pages that exist, without `.md`: `docs/` is written for a site
    // that drops it. A route to no page is still broken, and the root README is GitHub's.
    assert_eq!(paths, ["README.md", "docs/framework/react/guides/r.md"], "{a}");
}

#[test]
fn one_link_by_route_to_an_existing_page_is_enough_in_a_docs_folder() {
    let dir = tree(&[
        ("docs/tools/babel.mdx", "# Babel\n"),
        (
            "docs/tools/devtools.mdx",
            "# Devtools\n\nSee [babel](../tools/babel) and [gone](./nowhere).\n",
        ),
        ("packages/reset/LICENSE.md", "MIT\n"),
        ("packages/reset/README.md", "# Reset\n\n[License](./LICENSE) and [usage](./usage)\n"),
        ("packages/reset/usage.md", "# Usage\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // `docs/` is read on the site that serves it; a route to no page is still broken.
    assert_eq!(broken(&a, "docs/tools/devtools.mdx"), [row(3, "./nowhere", "")]);
    // A package README is read on GitHub, which adds no `.md`.
    assert_eq!(
        broken(&a, "packages/reset/README.md"),
        [row(3, "./LICENSE", ""), row(3, "./usage", "")]
    );
}

#[test]
fn an_mkdocs_page_links_its_siblings_by_their_urls() {
    let dir = tree(&[
        ("mkdocs.yml", "site_name: x\n"),
        ("docs/quickstart.md", "# Quickstart\n"),
        (
            "docs/connection-pools.md",
            "# Pools\n\nSee [quickstart](../quickstart) and [gone](../nowhere).\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // Served at `/connection-pools/`, the page reaches `/quickstart/` with `../quickstart`.
    assert_eq!(broken(&a, "docs/connection-pools.md"), [row(3, "../nowhere", "")]);
}

#[test]
fn a_skills_own_resource_files_must_be_in_its_folder() {
    // No git needed: a skill's files are its own.
    let d = tree(&[
        (
            ".claude/skills/deploy/SKILL.md",
            "---\nname: deploy\ndescription: Deploy.\n---\n# Deploy\n\nSee `references/setup.md` and `references/gone.md`.\nRun `scripts/check.sh`, fill `assets/template.yml`.\nThe user's `scripts/` folder and `/assets/x.yml` are theirs.\n",
        ),
        (".claude/skills/deploy/references/setup.md", "# Setup\n\nThen `assets/template.yml` and `assets/missing.json`.\n"),
        (".claude/skills/deploy/scripts/check.sh", "#!/bin/sh\n"),
        (".claude/skills/deploy/assets/template.yml", "a: 1\n"),
        ("docs/guide.md", "# Guide\n\nSee `references/gone.md`.\n"),
        (
            ".claude/skills/train/SKILL.md",
            "# Train\n\nSee the `deploy` skill's `assets/template.yml`.\n",
        ),
    ]);
    let a = scan_json(d.path(), &[], 1);
    let targets = |p: &str| broken(&a, p).into_iter().map(|(l, t, _)| (l, t)).collect::<Vec<_>>();
    assert_eq!(targets(".claude/skills/deploy/SKILL.md"), [(7, "references/gone.md".to_string())]);
    // A resource names its siblings from the skill's folder.
    assert_eq!(
        targets(".claude/skills/deploy/references/setup.md"),
        [(3, "assets/missing.json".to_string())]
    );
    // A file of a sibling skill is that skill's.
    assert!(targets(".claude/skills/train/SKILL.md").is_empty());
    // Outside a skill such a path needs git's evidence, as any code path does.
    assert!(targets("docs/guide.md").is_empty());
    // Examples, and a skill about writing skills, name a reader's resources; a folder
    // of that name at the root makes the path the repository's too.
    let d = tree(&[
        (
            "skills/a/SKILL.md",
            "# A

- **Examples**: `references/finance.md` for schemas
- Run `scripts/gen.py`.
",
        ),
        (
            "skills/b/SKILL.md",
            "# B

Keep SKILL.md short; move detail to `references/advanced.md`.
",
        ),
        (
            "scripts/tool.sh",
            "#!/bin/sh
",
        ),
    ]);
    let a = scan_json(d.path(), &[], 0);
    assert!(targets_of(&a, "skills/a/SKILL.md").is_empty());
    assert!(targets_of(&a, "skills/b/SKILL.md").is_empty());
}

fn targets_of(a: &Value, p: &str) -> Vec<(u64, String)> {
    broken(a, p).into_iter().map(|(l, t, _)| (l, t)).collect()
}

#[test]
fn an_mkdocs_site_whose_hooks_rewrite_pages_has_their_anchors() {
    let files = |config: &'static str| {
        tree(&[
            ("mkdocs.yml", config),
            ("docs/index.md", "# Home\n\nSee [drafts](blog.md#config.draft), [+x](blog.md#+toc) and [gone](blog.md#no-such-heading).\n"),
            ("docs/blog.md", "# Blog\n\n<!-- md:setting config.draft -->\n\n## Setup\n"),
        ])
    };
    let hooked = files("site_name: S\nhooks:\n  - overrides/hooks/shortcodes.py\n");
    let a = scan_json(hooked.path(), &[], 1);
    let targets: Vec<_> = broken(&a, "docs/index.md").into_iter().map(|(_, t, _)| t).collect();
    assert_eq!(
        targets,
        ["blog.md#no-such-heading"],
        "a fragment a heading could give still counts"
    );
    // Without hooks, `#+toc` counts; `#config.draft`, dotted with no heading close to it,
    // is an id some generator writes either way (`broken_reference::generated_id`).
    let plain = files("site_name: S\n");
    let a = scan_json(plain.path(), &[], 1);
    let targets: Vec<_> = broken(&a, "docs/index.md").into_iter().map(|(_, t, _)| t).collect();
    assert_eq!(targets, ["blog.md#+toc", "blog.md#no-such-heading"]);
}

#[test]
fn admonitions_and_mdx_components_hold_markdown() {
    let dir = tree(&[
        ("mkdocs.yml", "site_name: x\n"),
        ("docs/a.md", "# A\n"),
        (
            "docs/index.md",
            "# Home\n\n!!! tip \"Also\"\n\n    See [a](a.md) and [gone](gone.md).\n\n```markdown\n!!! note\n\n    [shown](shown.md)\n```\n",
        ),
        // Material's page-status icon: the page documents a deprecated feature.
        ("docs/old.md", "---\nstatus: deprecated\n---\n\n# Old feature\n"),
        ("guide/steps.mdx", "# Steps\n\n<Steps>\n  <Step title=\"One\">\n    Read [two](two.mdx).\n  </Step>\n</Steps>\n"),
        ("guide/plain.md", "# Plain\n\n<Steps>\n  Read [two](two.mdx).\n</Steps>\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "docs/index.md"), [row(5, "gone.md", "")]);
    assert_eq!(broken(&a, "guide/steps.mdx"), [row(5, "two.mdx", "")]);
    // In plain Markdown the element is raw HTML, as GitHub renders it.
    assert_eq!(broken(&a, "guide/plain.md"), Vec::<(u64, String, String)>::new());
    assert!(a["signals"].get("docs/old.md").is_none(), "{}", a["signals"]);
}

#[test]
fn a_myst_label_on_another_page_of_a_sphinx_site_is_reached_from_any_page() {
    let conf = "extensions = [\"myst_parser\"]\n";
    let config = "# Configuration\n\n(contexts)=\n## Contexts and modes\n";
    let clients = "# Clients\n\n(pitfalls)=\n## Pitfalls\n\nSee [contexts](#contexts), [pitfalls](#pitfalls) and [gone](#nowhere).\n";
    let dir = tree(&[
        ("docs/conf.py", conf),
        ("docs/config.md", config),
        ("docs/clients.md", clients),
        // Outside the site, GitHub resolves `#contexts` on the page itself.
        ("README.md", "# R\n\n[contexts](#contexts)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "docs/clients.md").iter().map(|r| r.1.as_str()).collect::<Vec<_>>(),
        ["#nowhere"]
    );
    assert_eq!(
        broken(&a, "README.md").iter().map(|r| r.1.as_str()).collect::<Vec<_>>(),
        ["#contexts"]
    );
}

#[test]
fn a_contributor_guide_or_agent_file_naming_a_file_its_folder_lacks_is_broken_without_git_evidence()
{
    let repo = GitRepo::new();
    repo.write("packages/server/src/index.ts", "export {}\n");
    repo.write("packages/server/src/api.ts", "export {}\n");
    let guide = "# Contributing\n\n\
        Helpers live in `packages/server/src/api-utils.ts`.\n\
        Create `packages/server/src/new_tool.ts` for a tool.\n\
        Repro files go in `packages/server/src/repro-XXXX.ts`.\n\
        The config is `packages/server/src/config/x.ts`.\n\
        See `.claude/settings.json` and `packages/server/src/`.\n";
    repo.write("CONTRIBUTING.md", guide);
    repo.write(
        "AGENTS.md",
        "# Agents\n\nThe handlers folder is `packages/server/src/handlers/`.\n",
    );
    // A user's guide names the reader's files as often as the repository's.
    repo.write("README.md", "# R\n\nEdit `packages/server/src/app.ts`.\n");
    repo.commit("2024-01-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let targets = |path: &str| broken(&a, path).into_iter().map(|r| (r.0, r.1)).collect::<Vec<_>>();
    assert_eq!(targets("CONTRIBUTING.md"), [(3, "packages/server/src/api-utils.ts".to_string())]);
    assert_eq!(targets("AGENTS.md"), [(3, "packages/server/src/handlers/".to_string())]);
    let detail = a["signals"]["CONTRIBUTING.md"][0]["detail"].as_str().unwrap();
    assert_eq!(
        detail,
        "code path `packages/server/src/api-utils.ts` does not exist: `packages/server/src/` has no `api-utils.ts`, and git never had it"
    );
    assert!(targets("README.md").is_empty());
}

#[test]
fn a_nested_agent_file_names_its_own_folders_files() {
    let repo = GitRepo::new();
    repo.write("internal/engine/src/engine/locking.ts", "export {}\n");
    repo.write("internal/engine/src/queue.ts", "export {}\n");
    repo.write("src/main.ts", "export {}\n");
    let nested = "# Engine\n\n\
        - **RunLocker** (`src/locking.ts`): locks\n\
        - **Queue** (`src/queue.ts`): the queue\n\
        Create `src/scheduler.ts` for a scheduler.\n";
    repo.write("internal/engine/CLAUDE.md", nested);
    repo.commit("2024-01-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let rows = broken(&a, "internal/engine/CLAUDE.md");
    assert_eq!(
        rows.into_iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
        [(3, "src/locking.ts".to_string())],
        "read from the doc's folder, where `src/` is; `src/queue.ts` is there; the third is to be created"
    );
    let detail = a["signals"]["internal/engine/CLAUDE.md"][0]["detail"].as_str().unwrap();
    assert!(detail.contains("`internal/engine/src/` has no `locking.ts`"), "{detail}");
}

#[test]
fn a_missing_entry_of_a_list_laying_out_the_repository_is_broken_without_git_evidence() {
    let repo = GitRepo::new();
    for file in [
        "packages/core/package.json",
        "packages/cli/package.json",
        "packages/rollup-tests/package.json",
        "crates/napi/Cargo.toml",
        "crates/macro/Cargo.toml",
        "pkg/dwarf/a.go",
        "pkg/gobuild/a.go",
        "pkg/proc/a.go",
        "package.json",
        "README.md",
    ] {
        repo.write(file, "{}\n");
    }
    let agents = "# Agents\n\n\
        - `packages/core`: the library\n\
        - `packages/cli`: the command line\n\
        - `packages/core-tests`: its tests\n\
        - `packages/rollup-tests`: Rollup's suite\n\n\
        - `/crates/` - Rust\n  \
          - `napi/` - bindings\n  \
          - `napi-sys/` - FFI\n  \
          - `macro/` - macros\n\n\
        Commands:\n\n\
        - `tools/list`: lists tools\n\
        - `tools/call`: calls one\n\
        - `packages/cli`: the command line\n\n\
        Go packages:\n\n\
        - **`pkg/dwarf/`** - DWARF parser\n\
        - **`pkg/gobuild/`** - build\n\
        - **`pkg/proc/BinaryInfo`** - symbols\n\n\
        Each package includes:\n\n\
        - `CHANGELOG.md`: changes\n\
        - `package.json`: metadata\n\
        - `README.md`: about it\n\
        - `src/`: sources\n";
    repo.write("AGENTS.md", agents);
    // A user's guide lists the reader's layout.
    repo.write("docs/guide.md", &format!("# R\n\n{}", &agents[10..]));
    repo.commit("2024-01-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let targets = broken(&a, "AGENTS.md").into_iter().map(|r| (r.0, r.1)).collect::<Vec<_>>();
    assert_eq!(
        targets,
        [(5, "packages/core-tests".to_string()), (10, "napi-sys/".to_string())],
        "entries beside existing ones; the methods list has one existing entry of three, \
        a type among folders written with their `/` is no path, and lone file names \
        (`package.json`) are in every package"
    );
    let rows = a["signals"]["AGENTS.md"].as_array().unwrap();
    let napi = &rows.iter().find(|s| s["target"] == "napi-sys/").unwrap()["detail"];
    assert!(napi.as_str().unwrap().contains("`crates/` has no `napi-sys`"), "{napi}");
    assert!(broken(&a, "docs/guide.md").is_empty());
}

#[test]
fn a_layout_lists_root_folder_git_saw_go_is_stale() {
    // cognee's `AGENTS.md` lists `alembic/` beside the folders it has; git saw the
    // migrations leave it for the package.
    // mikro-orm's "Important Files" are lone names: three or more of them at the root
    // place the list, and only git's evidence makes one stale (`jest.config.js`, deleted;
    // `vite.config.ts` may be the reader's).
    let agents = "# Agents\n\n\
        - `examples/`: examples\n\
        - `notebooks/`: notebooks\n\
        - `alembic/`: migrations\n\n\
        ### Important Files\n\n\
        - `lerna.json` - versions\n\
        - `tsconfig.json` - TypeScript\n\
        - `docker-compose.yml` - services\n\
        - `jest.config.js` - tests\n\
        - `vite.config.ts` - bundling\n";
    let repo = with_deleted(
        &[
            ("AGENTS.md", agents),
            ("examples/a.py", "\n"),
            ("notebooks/b.py", "\n"),
            ("lerna.json", "{}\n"),
            ("tsconfig.json", "{}\n"),
            ("docker-compose.yml", "services: {}\n"),
        ],
        &["alembic/env.py", "alembic/script.py", "jest.config.js"],
    );
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        gone(&a, "AGENTS.md"),
        [(5, "alembic/".to_string()), (12, "jest.config.js".to_string())]
    );
    assert!(broken(&a, "AGENTS.md").is_empty());
}

#[test]
fn a_layout_entry_git_saw_go_long_before_the_doc_says_git_had_it() {
    // trigger.dev's `docs/CLAUDE.md` (2025) lists `documentation/`, whose pages went in
    // 2024: not a move to report, yet "git never had it" would be wrong.
    let repo = GitRepo::new();
    repo.write("docs/documentation/intro.mdx", "old\n");
    repo.commit("2022-01-01T00:00:00Z", "v2 docs");
    repo.git(&["rm", "-q", "docs/documentation/intro.mdx"]);
    repo.write("docs/guides/a.mdx", "\n");
    repo.write("docs/config/b.mdx", "\n");
    repo.commit("2022-02-01T00:00:00Z", "remove v2 docs");
    let claude = "# Docs\n\n\
        - `documentation/` - Core docs\n\
        - `guides/` - How-to guides\n\
        - `config/` - Configuration\n";
    repo.write("docs/CLAUDE.md", claude);
    repo.commit("2024-06-01T00:00:00Z", "agent notes");
    let a = scan_json(repo.path(), &[], 1);
    let rows = a["signals"]["docs/CLAUDE.md"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        rows[0]["detail"],
        "code path `documentation/` does not exist: `docs/` has no `documentation`; git had it once"
    );
}

#[test]
fn a_package_readme_reads_a_root_link_from_the_repository_root_as_github_does() {
    let readme = "# P\n\n![inspector](/assets/inspector.png)\n\n![gone](/assets/none.png)\n\n[intro](/docs/intro)\n";
    let dir = tree(&[
        ("packages/p/package.json", "{\"name\": \"p\", \"version\": \"1.0.0\"}\n"),
        ("packages/p/README.md", readme),
        ("packages/p/assets/inspector.png", ""),
        // Not a package: a `/…` link there is written for whatever serves the folder.
        ("notes/README.md", readme),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "packages/p/README.md"),
        [row(3, "/assets/inspector.png", "./assets/inspector.png"), row(5, "/assets/none.png", "")],
        "a route (`/docs/intro`) may be a site's"
    );
    assert!(broken(&a, "notes/README.md").is_empty());
}

#[test]
fn a_link_written_with_no_destination_reaches_nothing() {
    let dir = tree(&[
        (
            "README.md",
            "# R\n\nSee the [config file]() and [later]() sections.\n\n![]()\n\nA [real](README.md) link.\n\n[![badge](https://img.shields.io/b.svg)]()\n",
        ),
        // An mdBook summary's draft chapter, an `attr_list` anchor, a changelog entry and
        // an HTML `href=""` say nothing.
        ("book/src/SUMMARY.md", "# Summary\n\n- [Draft]()\n"),
        ("docs/cli.md", "# CLI\n\n[](){#command-setup}\n\n## Setup\n"),
        ("CHANGELOG.md", "# Changelog\n\n## 1.0\n\n- Added [docs]().\n"),
        ("docs/html.md", "# H\n\n<a href=\"\">top</a>\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let rows = a["signals"]["README.md"].as_array().unwrap();
    assert_eq!(
        rows.len(),
        1,
        "one cause, every line listed; a badge's empty link shows the badge: {rows:?}"
    );
    assert_eq!(rows[0]["target"], "()");
    assert_eq!(rows[0]["lines"], serde_json::json!([3, 5]));
    assert_eq!(
        rows[0]["detail"],
        "link has no target (`()`): it reaches nothing, and GitHub links it to the page itself (2 times: lines 3, 5)"
    );
    let paths: Vec<&String> = a["signals"].as_object().unwrap().keys().collect();
    assert_eq!(paths, ["README.md"]);
}

#[test]
fn a_markdown_template_nesting_fences_is_not_checked() {
    let dir = tree(&[(
        "docs/generate.md",
        "# Generate docs\n\nRead [the guide](guide.md), then write this README:\n\n```markdown\n# Project\n\n```bash\nmake\n```\n\n- [API](./docs/api/README.md)\n```\n",
    )]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "docs/generate.md"), [row(3, "guide.md", "")]);
}

#[test]
fn a_tutorials_folder_names_the_readers_project_not_the_repositorys() {
    let text = "# Build an app\n\nPut the view in `src/components/view.ts`.\n";
    let repo = with_deleted(
        &[("examples/tutorials/vue.md", text), ("docs/guide.md", text)],
        &["src/components/view.ts"],
    );
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(gone(&a, "docs/guide.md"), [(3, "src/components/view.ts".to_string())]);
    assert!(gone(&a, "examples/tutorials/vue.md").is_empty(), "the reader's file");
}

#[test]
fn an_agent_file_naming_a_config_file_git_never_had_is_broken() {
    let repo = GitRepo::new();
    repo.write("clippy.toml", "msrv = \"1.74\"\n");
    repo.write("tools/rustfmt.toml", "edition = \"2021\"\n");
    repo.write("old.yaml", "a: 1\n");
    repo.commit("2024-01-01T00:00:00Z", "tools");
    repo.git(&["rm", "-q", "old.yaml"]);
    repo.write(".gitignore", "local.toml\n");
    let agents = "# Agents\n\n\
        Question changes to `.clippy.toml` or `rustfmt.toml`.\n\
        Tasks are in `mise.toml`.\n\
        The lint config was `old.yaml`.\n\
        Put secrets in `local.toml`.\n\
        Create `deploy.toml` for your site.\n\
        Only `.yml` and `.lock.yml` files are blocked.\n\
        Sources compile to a generated `<name>.lock.yml`. Actions runs the `.lock.yml`.\n\
        Tests end in `.test.ts`, in `kebab-case.ts` files.\n";
    repo.write("AGENTS.md", agents);
    // A user's guide names the reader's files.
    repo.write("README.md", "# R\n\nEdit `mise.toml`.\n");
    repo.commit("2024-02-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let targets = |path: &str| broken(&a, path).into_iter().map(|r| (r.0, r.1)).collect::<Vec<_>>();
    // `rustfmt.toml` is in a folder, `old.yaml` was deleted (git had it), `local.toml`
    // is ignored, `deploy.toml` is to be created, and the rest are kinds of file.
    assert_eq!(
        targets("AGENTS.md"),
        [(3, ".clippy.toml".to_string()), (4, "mise.toml".to_string())]
    );
    // `clippy.toml` is there: the fix.
    assert_eq!(a["signals"]["AGENTS.md"][0]["suggestion"], "clippy.toml");
    assert_eq!(
        a["signals"]["AGENTS.md"][1]["detail"],
        "names `mise.toml`, but no file of that name is in the repository, nor ever was in its history"
    );
    assert!(targets("README.md").is_empty());
    // Without git, nothing is known of the history.
    let no_git = scan_json(repo.path(), &["--no-git"], 0);
    assert!(broken(&no_git, "AGENTS.md").is_empty());
}

#[test]
fn a_contributors_guide_naming_a_near_twin_of_a_file_is_broken_with_the_fix() {
    let repo = GitRepo::new();
    repo.write("clippy.toml", "msrv = \"1.74\"\n");
    repo.write("rustfmt.toml", "edition = \"2021\"\n");
    repo.write("Configurations.md", "# Options\n");
    repo.write(".pre-commit-config.yaml", "repos: []\n");
    repo.write("docs.yml", "old\n");
    repo.commit("2024-01-01T00:00:00Z", "tools");
    repo.git(&["mv", "docs.yml", "docs.yaml"]);
    repo.commit("2024-01-15T00:00:00Z", "rename");
    repo.write(
        "CONTRIBUTING.md",
        "# Contributing\n\n\
         Do not modify formatting configuration (`rustfmt.toml`, `.clippy.toml`).\n\n\
         Mark the option stable in the `Configuration.md` file.\n\n\
         Hooks are in `.pre-commit-config.yml`. Docs are built from `docs.yml`.\n\n\
         Create `deploy.toml` for your site. Lints are in `clippy.toml`.\n",
    );
    // A user's guide names the reader's files.
    repo.write("README.md", "# R\n\nEdit `.clippy.toml`.\n");
    repo.commit("2024-02-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let fixes =
        |path: &str| broken(&a, path).into_iter().map(|r| (r.0, r.1, r.2)).collect::<Vec<_>>();
    let fix = |line: u64, name: &str, twin: &str| (line, name.to_string(), twin.to_string());
    // `docs.yml` was renamed (git had it): stale, as before; `deploy.toml` has no twin.
    assert_eq!(
        fixes("CONTRIBUTING.md"),
        [
            fix(3, ".clippy.toml", "clippy.toml"),
            fix(5, "Configuration.md", "Configurations.md"),
            fix(7, ".pre-commit-config.yml", ".pre-commit-config.yaml")
        ]
    );
    assert_eq!(
        a["signals"]["CONTRIBUTING.md"][0]["detail"],
        "names `.clippy.toml`, but no file of that name is in the repository, nor ever was in its history; `clippy.toml` is"
    );
    assert_eq!(gone(&a, "CONTRIBUTING.md"), [(7, "docs.yml".to_string())]);
    assert!(fixes("README.md").is_empty());
}

#[test]
fn a_lone_file_name_git_deleted_where_a_contributors_guide_names_it_is_stale() {
    let repo = GitRepo::new();
    for path in
        [".flake8", ".travis.yml", "requirements.txt", "CHANGELOG.md", "app/slack.py", "app/old.py"]
    {
        repo.write(path, "old\n");
    }
    repo.write("packages/a/index.js", "\n");
    repo.write("app/bot/__init__.py", "\n");
    repo.write("yarn.lock", "\n");
    repo.commit("2024-01-01T00:00:00Z", "old layout");
    repo.git(&["rm", "-q", ".flake8", ".travis.yml", "requirements.txt", "app/old.py"]);
    repo.git(&["mv", "CHANGELOG.md", "packages/a/CHANGELOG.md"]);
    repo.git(&["mv", "app/slack.py", "app/bot/slack.py"]);
    repo.commit("2024-02-01T00:00:00Z", "new layout");
    repo.write(
        "CONTRIBUTING.md",
        "# Contributing\n\nLint settings are in `.flake8`.\n\nLog changes in `CHANGELOG.md`.\n\n\
         The setup script will create a virtual environment. It installs the \
         dependencies in `requirements.txt`.\n",
    );
    repo.write(
        "AGENTS.md",
        "# Agents\n\nCI runs from `.travis.yml`.\n\n\
         Update the lockfile (`yarn.lock`, `requirements.txt`, `uv.lock`).\n\n\
         Attach `requirements.txt` or `package.json` to a bug report.\n\n\
         To open a pull request, add a file named\n`requirements.txt` to it.\n\n\
         Good examples:\n\n- `requirements.txt`\n",
    );
    repo.write("app/AGENTS.md", "# Bot\n\n- `slack.py`: the Slack client\n");
    // A user's guide names the reader's files.
    repo.write("README.md", "# R\n\nList your dependencies in `requirements.txt`.\n");
    // A docs site's contributing page names the repository's own.
    repo.write("mkdocs.yml", "site_name: x\n");
    repo.write("docs/index.md", "# Home\n");
    repo.write("docs/develop/contributing.md", "# Develop\n\nPins are in `requirements.txt`.\n");
    repo.write(
        "docs/usage.md",
        "# Usage\n\nPins are in `requirements.txt`.\n\nSee `app/old.py`.\n",
    );
    // …and so do its pages on the project's architecture.
    repo.write("docs/architecture/bot.md", "# Bot\n\nThe loop is in `app/old.py`.\n");
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    // A cue in another sentence of the line ("will create") says nothing of the name.
    assert_eq!(
        gone(&a, "CONTRIBUTING.md"),
        [(3, ".flake8".to_string()), (7, "requirements.txt".to_string())]
    );
    assert_eq!(
        a["signals"]["CONTRIBUTING.md"][0]["detail"],
        "code path target `.flake8` was deleted in git history (2024-02-01)"
    );
    // A config name of agent context git had at the root is stale, not unknown.
    assert_eq!(gone(&a, "AGENTS.md"), [(3, ".travis.yml".to_string())]);
    assert!(broken(&a, "AGENTS.md").is_empty());
    assert_eq!(gone(&a, "docs/develop/contributing.md"), [(3, "requirements.txt".to_string())]);
    assert_eq!(gone(&a, "docs/architecture/bot.md"), [(3, "app/old.py".to_string())]);
    // `CHANGELOG.md` and `slack.py` are still there by name, in another folder; the
    // user's guide and the site's user page name the reader's file.
    for quiet in ["app/AGENTS.md", "README.md", "docs/usage.md"] {
        assert!(gone(&a, quiet).is_empty(), "{quiet}");
        assert!(broken(&a, quiet).is_empty(), "{quiet}");
    }
}

#[test]
fn a_lone_file_name_a_folders_doc_names_is_stale_when_git_took_it_from_that_folder() {
    let repo = GitRepo::new();
    for path in [
        ".github/workflows/ci.yml",
        ".github/workflows/merge-pr.yml",
        ".github/workflows/rebase.yml",
        "test/mocha.opts",
        "tools/eval/results.txt",
        "tools/eval/.mcp.json",
        "examples/app/package.json",
        "examples/app/setup.py",
        "lib/old.py",
        "stub.py",
    ] {
        repo.write(path, &format!("{path}\n"));
    }
    repo.commit("2024-01-01T00:00:00Z", "old layout");
    repo.git(&["rm", "-q", ".github/workflows/merge-pr.yml", "test/mocha.opts", "stub.py"]);
    repo.git(&["rm", "-q", "tools/eval/results.txt", "tools/eval/.mcp.json"]);
    repo.git(&["rm", "-q", "examples/app/setup.py", "lib/old.py"]);
    repo.git(&["mv", ".github/workflows/rebase.yml", ".github/workflows/rebase-prs.yml"]);
    repo.commit("2024-02-01T00:00:00Z", "new layout");
    repo.write(
        ".github/workflows/README.md",
        "# Workflows\n\n| File | What |\n|---|---|\n| `ci.yml` | CI |\n| `merge-pr.yml` | merges |\n\
         | `rebase.yml` | rebases |\n",
    );
    repo.write("test/README.md", "# Tests\n\n- `mocha.opts` requires the harness.\n");
    // The program's output, the reader's own configuration, and the text of a link,
    // which is checked as the link.
    repo.write(
        "tools/eval/README.md",
        "# Eval\n\nResults are written to `results.txt`.\n\nRestart after adding `.mcp.json`.\n\n\
         See [`results.txt`](./results.txt).\n",
    );
    // An example project's README names its reader's files; a doc at the root is read
    // by the rules of its role (a user's guide names the reader's `stub.py`), and a name
    // git took from another folder says nothing of this one.
    repo.write("examples/app/README.md", "# App\n\nEdit `setup.py`.\n");
    repo.write("README.md", "# R\n\nRun `stub.py`.\n");
    repo.write("docs/README.md", "# Docs\n\nSee `old.py`.\n");
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        gone(&a, ".github/workflows/README.md"),
        [(6, "merge-pr.yml".to_string()), (7, "rebase.yml".to_string())]
    );
    assert_eq!(
        a["signals"][".github/workflows/README.md"][1]["suggestion"], "rebase-prs.yml",
        "a rename is followed"
    );
    assert_eq!(gone(&a, "test/README.md"), [(3, "mocha.opts".to_string())]);
    assert_eq!(gone(&a, "tools/eval/README.md"), [(7, "./results.txt".to_string())]);
    for quiet in ["examples/app/README.md", "README.md", "docs/README.md"] {
        assert!(gone(&a, quiet).is_empty(), "{quiet}");
        assert!(broken(&a, quiet).is_empty(), "{quiet}");
    }
}

#[test]
fn a_lone_name_agent_context_named_stands_for_the_one_file_of_that_name_git_took_after() {
    let repo = GitRepo::new();
    for path in [
        "packages/ai/test/old-limits.test.ts",
        "packages/ai/test/image-limits.test.ts",
        "packages/ai/test/stream.test.ts",
        "packages/a/limits.ts",
        "packages/b/limits.ts",
        "packages/ai/node_modules/events/security.md",
        "docs/retired.md",
        "contrib/gen/podman.service",
    ] {
        repo.write(path, &format!("{path}\n"));
    }
    repo.commit("2024-01-01T00:00:00Z", "code");
    repo.git(&["rm", "-q", "packages/ai/test/old-limits.test.ts"]);
    repo.commit("2024-01-15T00:00:00Z", "before the doc");
    // A build's output since: ignored, so not the doc's subject.
    repo.write(".gitignore", "contrib/gen/\n");
    repo.write(
        "AGENTS.md",
        "# Agents\n\nAdd providers to `stream.test.ts` and `image-limits.test.ts`.\n\n\
         Limits live in `limits.ts`.\n\nThe old tests were in `old-limits.test.ts`.\n\n\
         Security fixes go in `security.md`.\n\nInstall `podman.service`.\n",
    );
    repo.write("packages/ai/README.md", "# AI\n\nSee `retired.md`.\n");
    repo.commit("2024-02-01T00:00:00Z", "docs");
    repo.git(&["rm", "-q", "packages/ai/test/image-limits.test.ts", "docs/retired.md"]);
    repo.git(&["rm", "-q", "packages/a/limits.ts", "packages/b/limits.ts"]);
    repo.git(&["rm", "-q", "packages/ai/node_modules/events/security.md"]);
    repo.git(&["rm", "-q", "contrib/gen/podman.service"]);
    repo.commit("2024-03-01T00:00:00Z", "drop");
    let a = scan_json(repo.path(), &[], 1);
    // One file of that name, gone after the doc was written; not one of two, not one gone
    // before it, not a dependency's or an ignored build output's; a user's guide names
    // the reader's files.
    assert_eq!(gone(&a, "AGENTS.md"), [(3, "image-limits.test.ts".to_string())]);
    assert_eq!(
        a["signals"]["AGENTS.md"][0]["detail"],
        "code path target `image-limits.test.ts` (`packages/ai/test/image-limits.test.ts`) \
         was deleted in git history (2024-03-01)"
    );
    assert!(gone(&a, "packages/ai/README.md").is_empty());
}

#[test]
fn the_all_contributors_table_is_the_bots_and_data_folders_are_inputs() {
    let dir = tree(&[
        (
            "README.md",
            "# Tool\n\n## Contributors\n\n\
             <!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify this section -->\n\
             <table><tr><td><a href=\"#platform-ann\" title=\"Packaging\">📦</a></td></tr></table>\n\
             <!-- ALL-CONTRIBUTORS-LIST:END -->\n\n[Install](#install)\n",
        ),
        // A RAG agent's sample documents are data it reads, not docs.
        ("agents/rag/documents/doc1.md", "# News\n\n[gone](#nowhere)\n"),
        ("etc/corpus/README.md", "# Corpus\n\n[gone](#nowhere)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "README.md"), [row(9, "#install", "")], "only the hand-written link");
    assert_eq!(a["files"]["etc/corpus/README.md"]["role"], "user_doc");
    assert_eq!(broken(&a, "etc/corpus/README.md").len(), 1, "a corpus' README describes it");
    assert!(a["files"]["agents/rag/documents/doc1.md"].is_null(), "skipped as an input");
    let skipped = a["skipped"].as_array().unwrap();
    assert!(skipped
        .iter()
        .any(|s| s["path"] == "agents/rag/documents/doc1.md" && s["role"] == "test_fixture"));
}

#[test]
fn a_part_of_an_assembled_page_links_its_neighbours_by_name() {
    let dir = tree(&[
        // TypeScript's tsconfig reference: one file per option, no heading of its own,
        // joined into one page with an anchor per option.
        (
            "copy/options/composite.md",
            "---\ndisplay: Composite\n---\n\nThe [`rootDir`](#rootDir) default; [x](#gone).\n",
        ),
        ("copy/options/rootDir.md", "---\ndisplay: Root Dir\n---\n\nThe root.\n"),
        // A page with headings of its own is read as a page: its fragments are its own.
        ("copy/guide/intro.md", "# Intro\n\nSee [setup](#setup).\n"),
        ("copy/guide/setup.md", "# Setup\n\nRun it.\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "copy/options/composite.md"), [row(5, "#gone", "")]);
    assert_eq!(broken(&a, "copy/guide/intro.md"), [row(3, "#setup", "")]);
}

#[test]
fn a_template_engines_source_is_written_for_the_doc_it_renders() {
    let page = |extra: &str| {
        format!(
            "# cargo-add(1)\n\n## OPTIONS\n\n{extra}Adds a dependency; see the [features](../reference/features.html) chapter and [gone](#gone) and the note on how the registry index is read for the version requirement given on the command line.\n"
        )
    };
    let dir = tree(&[
        // Cargo's man pages: `mdman` renders `doc/man/*.md` into the book's commands.
        (
            "doc/man/cargo-add.md",
            &page("{{#options}}\n{{#option \"`--dev`\"}}\nDev.\n{{/option}}\n{{/options}}\n\n"),
        ),
        ("doc/book/src/commands/cargo-add.md", &page("")),
        ("doc/book/src/reference/features.md", "# Features\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // Its relative link is the rendered page's; its own fragment is still checked, and
    // the rendered copy is the build's, not a duplicate.
    assert_eq!(broken(&a, "doc/man/cargo-add.md"), [row(11, "#gone", "")]);
    assert!(of(&a, "doc/man/cargo-add.md", "duplicate_content").is_empty());
    assert!(of(&a, "doc/book/src/commands/cargo-add.md", "duplicate_content").is_empty());
}

#[test]
fn a_link_to_a_hash_sign_is_a_tooltip() {
    let dir = tree(&[(
        "README.md",
        "# Tool\n\n| [-F](## \"--format\") | format |\n\nAnd [gone](#nowhere).\n",
    )]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(broken(&a, "README.md"), [row(5, "#nowhere", "")]);
}

#[test]
fn a_link_to_a_pages_built_name_lands_on_its_source() {
    // sanic's guide app serves `v22.3.md` at `v22.3.html`, as mdBook, Sphinx and Jekyll do:
    // with no site config the scan knows, a `.html` link lands on the page source beside
    // it, and its fragment is checked there. A built name with no source stays broken.
    let dir = tree(&[
        ("notes/v22.3.md", "# v22.3\n\n## Keep alive\n"),
        ("notes/changelog.mdx", "# Changelog\n"),
        (
            "notes/v22.6.md",
            "# v22.6\n\nSee [the last](./v22.3.html), [its keep-alive](v22.3.html#keep-alive), [the old](v22.3.html#gone), [all](changelog.html) and [lost](v21.html).\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let targets: Vec<String> = broken(&a, "notes/v22.6.md").into_iter().map(|r| r.1).collect();
    assert_eq!(targets, ["v21.html", "v22.3.html#gone"], "{a:#}");
}

#[test]
fn a_heading_swallowed_by_an_open_fence_is_named_as_the_cause() {
    // claude-code-showcase: nested fences in an example close the outer block early, and
    // the bare fence meant as its close opens a block over the next heading.
    let text = "# R\n\n- [Agents](#agents)\n- [Usage](#usage)\n\n```markdown\n## Example\n```bash\nx\n```\n```\n\n## Agents\n\nText.\n\n```\n\n```markdown\n## Usage\n```\n";
    let dir = tree(&[("README.md", text)]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let sigs = a["signals"]["README.md"].as_array().unwrap();
    let details: Vec<&str> = sigs.iter().map(|s| s["detail"].as_str().unwrap()).collect();
    assert_eq!(details.len(), 2, "{a:#}");
    assert!(
        details[0].ends_with("its heading's line 13 is inside the code block the bare fence at line 11 opens (a fence left open or closed early?)"),
        "{}",
        details[0]
    );
    assert!(sigs[0].get("suggestion").is_none(), "the fix is the fence, not the link");
    // A heading in a block that says what it shows (```markdown) is an example.
    assert_eq!(details[1], "fragment `#usage` matches no heading or anchor in this doc");
}

#[test]
fn a_route_a_page_lists_as_its_old_url_is_redirected_there() {
    let repo = with_deleted(
        &[
            ("deploy/kv/index.md", "---\ntitle: KV\noldUrl:\n  - /deploy/kv/manual/\n---\n# KV\n"),
            ("guide/hugo.md", "---\naliases: [/guide/old-hugo/]\n---\n# Hugo\n"),
            (
                "docs/guide.md",
                "# Guide\n\nSee [KV](/deploy/kv/manual) and [Hugo](/guide/old-hugo/#setup).\n\nAnd [gone](/deploy/gone/page).\n",
            ),
        ],
        &["deploy/kv/manual/index.md", "guide/old-hugo.md", "deploy/gone/page/index.md"],
    );
    let a = scan_json(repo.path(), &["--exit-zero"], 0);
    let mut reported: Vec<String> = broken(&a, "docs/guide.md").into_iter().map(|r| r.1).collect();
    reported.extend(gone(&a, "docs/guide.md").into_iter().map(|r| r.1));
    assert_eq!(reported, ["/deploy/gone/page"]);
}

#[test]
fn a_reference_link_whose_label_has_no_definition_shows_as_brackets() {
    let contributing =
        "# Contributing\n\nPlease [follow this guideline][code-climate] and read the [FAQ][].\n\n\
        Skip to [QUICK SUMMARY] or the [guides].\n\n\
        Write a[0][1] for an index; [optional] flags, [x] marks, [Feature Name], [options],\n\
        [IETF Datatracker][16], [configuration] and [`Name`][crate::module::Name] say nothing.\n\n\
        ## Quick summary\n\n## Options\n\n\
        [guide]: CONTRIBUTING.md\n[configuration]: {{< ref \"configuration\" >}}\n";
    let dir = tree(&[
        ("CONTRIBUTING.md", contributing),
        // A code span alone is rustdoc's intra-doc link, which GitHub does not resolve; a
        // doc's other bracketed words are prose.
        ("FAQ.md", "# FAQ\n\nUse [`Rc`] or [`Arc`] here, not [WIP] or [TOC].\n\n> [!NOTE]\n> alert\n\n- `--bucket` [`BLOB_BUCKET`]\n- `[`c`]upsd.conf` no, [`c`]upsd and [`...plugin.scopes`]\n"),
        // A changelog's lone brackets are its shorthand; a collapsed label is a link.
        ("CHANGELOG.md", "# Changelog\n\n## 1.1 [YANKED]\n\n* [#1534][]: a hook.\n\n[#1533]: https://example.com/1533\n"),
        // A footnote, a definition the parser did not take and MDX brackets say nothing.
        ("notes/a.md", "# Notes\n\nSee[^1] and [label]: and [[wiki]].\n\n[^1]: a footnote\n[other]: a.md\n"),
        ("notes/page.mdx", "# Page\n\n<Tabs items={[a]} /> and [plain] and [full][none].\n\n[x]: page.mdx\n"),
        // mkdocs-autorefs links a page's headings and objects by label.
        ("mkdocs.yml", "site_name: S\n"),
        ("docs/index.md", "# Home\n\nSee [the setup][setup-steps] and [`Agent`][].\n"),
        // Hugging Face doc-builder links `` [`HfApi`] `` to its API page.
        ("hf/source/_toctree.yml", "- title: Guides\n"),
        ("hf/source/en/guide.md", "# Guide\n\nUse [`HfApi`] here.\n"),
        // A TOML table's header in a Hugo config example, near a definition's label.
        ("site/config.md", "# Config\n\n{{< code-toggle >}}\n[guides]\ntitle = 'x'\n{{< /code-toggle >}}\n\n[guide]: a.md\n"),
        // The Rust Reference's mdbook-spec hands every broken link of its book to rustdoc.
        ("spec/book.toml", "[book]\ntitle = \"R\"\n\n[preprocessor.spec]\ncommand = \"x\"\n"),
        ("spec/src/SUMMARY.md", "# Summary\n\n- [Types](types.md)\n"),
        ("spec/src/types.md", "# Types\n\nSee [`core::ptr::null`] and [the docs][`str`].\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let labels = |path: &str| -> Vec<(u64, String)> {
        let mut rows: Vec<(u64, String)> = of(&a, path, "broken_reference")
            .into_iter()
            .map(|(line, target, _)| (line, target))
            .collect();
        rows.sort();
        rows
    };
    let row = |line: u64, label: &str| (line, label.to_string());
    assert_eq!(
        labels("CONTRIBUTING.md"),
        vec![row(3, "FAQ"), row(3, "code-climate"), row(5, "QUICK SUMMARY"), row(5, "guides")],
        "a full or collapsed label; a lone one that is a heading's text or a definition's typo"
    );
    assert_eq!(labels("FAQ.md"), vec![row(3, "`Arc`"), row(3, "`Rc`")]);
    assert_eq!(labels("CHANGELOG.md"), vec![row(5, "#1534")]);
    assert_eq!(labels("notes/a.md"), vec![]);
    assert_eq!(labels("notes/page.mdx"), vec![row(3, "none")]);
    assert_eq!(labels("docs/index.md"), vec![]);
    assert_eq!(labels("hf/source/en/guide.md"), vec![]);
    assert_eq!(labels("spec/src/types.md"), vec![]);
    assert_eq!(labels("site/config.md"), vec![]);
    let detail = a["signals"]["FAQ.md"][0]["detail"].as_str().unwrap().to_string();
    assert!(detail.contains("has no definition in this doc"), "{detail}");
}

#[test]
fn the_mkdocs_repo_url_names_the_repository_under_an_earlier_name_too() {
    let dir = tree(&[
        ("mkdocs.yml", "site_name: S\nrepo_url: https://github.com/old-owner/proj/\n"),
        ("README.md", "# Proj\n"),
        (
            "docs/index.md",
            "# Home\n\n[log](https://github.com/old-owner/proj/blob/main/CHANGELOG.md) and \
             [readme](https://github.com/old-owner/proj/blob/main/README.md)\n\n\
             [other](https://github.com/someone/else/blob/main/CHANGELOG.md)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let rows = broken(&a, "docs/index.md");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].1, "https://github.com/old-owner/proj/blob/main/CHANGELOG.md");
}

#[test]
fn a_link_to_the_repositorys_own_file_on_a_branch_checks_its_fragment_as_github_renders_it() {
    let dir = tree(&[
        ("package.json", r#"{"name": "seq", "repository": "github:acme/seq"}"#),
        (
            "CONTRIBUTING.md",
            "# Contributing\n\n\
             See [Section 5](https://github.com/acme/seq/blob/main/CONTRIBUTING.md#running-an-sscce)\n\
             and [3.1](https://github.com/acme/seq/blob/main/CONTRIBUTING.md#31-with-docker-recommended).\n\n\
             [Guide](https://github.com/acme/seq/blob/main/docs/guide.md#Setup), \
             [gone](https://github.com/acme/seq/blob/main/docs/guide.md#teardown), \
             [tagged](https://github.com/acme/seq/blob/v1.0.0/docs/guide.md#teardown), \
             [lines](https://github.com/acme/seq/blob/main/src/x.js#L10), \
             [source](https://github.com/acme/seq/blob/main/docs/guide.md?plain=1#L2).\n\n\
             #### 3.1. With Docker (recommended)\n\n### 5. Running an SSCCE\n",
        ),
        ("docs/guide.md", "# Guide\n\n## Setup\n"),
        ("src/x.js", &"x;\n".repeat(12)),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let rows: Vec<(u64, String)> =
        broken(&a, "CONTRIBUTING.md").into_iter().map(|(line, target, _)| (line, target)).collect();
    assert_eq!(
        rows,
        [
            (3, "https://github.com/acme/seq/blob/main/CONTRIBUTING.md#running-an-sscce".into()),
            (6, "https://github.com/acme/seq/blob/main/docs/guide.md#teardown".into()),
        ]
    );
}

#[test]
fn a_commit_url_naming_a_path_that_commit_lacks_is_broken_for_good() {
    let repo = GitRepo::new();
    repo.write("package.json", r#"{"name": "x", "repository": "github:acme/x"}"#);
    repo.write("src/cargo/ops/compile.rs", "fn compile() {}\n");
    repo.commit("2024-01-01T00:00:00Z", "first");
    let first = repo.git(&["rev-parse", "HEAD"]).trim().to_string();
    repo.git(&["mv", "src/cargo/ops", "src/ops"]);
    let url = |path: &str| format!("https://github.com/acme/x/blob/{first}/{path}");
    repo.write(
        "benches/README.md",
        &format!(
            "# Benches\n\n* Benchmark [this section of\n  code]({}#L1) which builds the graph.\n\
             * Then [again]({}).\n* As it was: [compile]({}#L1), [folder](https://github.com/acme/x/tree/{first}/src/cargo).\n\
             * A fork's commit: [theirs](https://github.com/acme/x/blob/0123456789abcdef0123456789abcdef01234567/src/ops/compile.rs).\n",
            url("src/ops/compile.rs"),
            url("src/ops/compile.rs"),
            url("src/cargo/ops/compile.rs"),
        ),
    );
    repo.commit("2024-02-01T00:00:00Z", "Move src/cargo to src, and rewrite the links");
    let a = scan_json(repo.path(), &["--exit-zero"], 0);
    let rows = broken(&a, "benches/README.md");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!((rows[0].0, rows[0].1.as_str()), (4, url("src/ops/compile.rs").as_str()));
    let sig = &a["signals"]["benches/README.md"][0];
    assert_eq!(sig["lines"], serde_json::json!([4, 5]), "one cause, every line listed");
    let a = scan_json(repo.path(), &["--exit-zero", "--no-git"], 0);
    assert!(broken(&a, "benches/README.md").is_empty(), "without git, commits are unknown");
}

#[test]
fn a_commit_url_to_a_file_whose_blob_this_clone_lacks_is_not_broken() {
    // A blobless clone (`--filter=blob:none`) has every commit and tree but not the
    // old blobs: the path is there at that commit even though its contents are not.
    let repo = GitRepo::new();
    repo.write("package.json", r#"{"name": "x", "repository": "github:acme/x"}"#);
    repo.write("img/demo.gif", "GIF89a not really\n");
    repo.commit("2024-01-01T00:00:00Z", "first");
    let first = repo.git(&["rev-parse", "HEAD"]).trim().to_string();
    let blob = repo.git(&["rev-parse", "HEAD:img/demo.gif"]).trim().to_string();
    repo.write(
        "notes/0.9.md",
        &format!(
            "# 0.9\n\n![demo](https://github.com/acme/x/blob/{first}/img/demo.gif)\n\
             ![gone](https://github.com/acme/x/blob/{first}/img/gone.gif)\n"
        ),
    );
    repo.commit("2024-02-01T00:00:00Z", "Release notes");
    let loose = repo.path().join(".git/objects").join(&blob[..2]).join(&blob[2..]);
    std::fs::remove_file(&loose).expect("the blob is a loose object");
    let a = scan_json(repo.path(), &["--exit-zero"], 0);
    let rows: Vec<(u64, String)> =
        broken(&a, "notes/0.9.md").into_iter().map(|(line, target, _)| (line, target)).collect();
    let gone = format!("https://github.com/acme/x/blob/{first}/img/gone.gif");
    assert_eq!(rows, vec![(4, gone)], "only the path the commit lacks");
}

#[test]
fn a_pull_request_templates_relative_link_is_read_from_the_pull_requests_url() {
    // fastmcp's and prisma's templates link `../CONTRIBUTING.md`: right in `.github/`,
    // a 404 in every pull request's body, which reads it from `/<owner>/<repo>/pull/<n>`.
    let dir = tree(&[
        ("package.json", r#"{"name": "tool", "repository": "acme/tool"}"#),
        ("CONTRIBUTING.md", "# Contributing\n\n## Sign off\n"),
        (
            ".github/pull_request_template.md",
            "## Checklist\n\n- [ ] I read the [guide](../CONTRIBUTING.md#sign-off).\n\
             - [ ] Again: [guide](../CONTRIBUTING.md#sign-off).\n\
             - [ ] Written for the body: [guide](../blob/main/CONTRIBUTING.md), [issues](../issues).\n\
             - [ ] Full: [guide](https://github.com/acme/tool/blob/main/CONTRIBUTING.md).\n\
             <!-- Hidden: [guide](../CONTRIBUTING.md) -->\n\
             - [ ] [prototypes](./docs/prototypes.md)\n",
        ),
        (".github/ISSUE_TEMPLATE/bug.md", "Read [the guide](/CONTRIBUTING.md) first.\n"),
        // Not copied into a body: a guide in `.github/` links as any file does.
        (".github/SUPPORT.md", "See [the guide](../CONTRIBUTING.md).\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let guide = "https://github.com/acme/tool/blob/HEAD/CONTRIBUTING.md";
    assert_eq!(
        broken(&a, ".github/pull_request_template.md"),
        [
            row(3, "../CONTRIBUTING.md#sign-off", &format!("{guide}#sign-off")),
            row(8, "./docs/prototypes.md", ""),
        ],
        "one cause for the repeated link; none for links written for the body or hidden"
    );
    let sig = &a["signals"][".github/pull_request_template.md"][0];
    assert_eq!(sig["lines"], serde_json::json!([3, 4]));
    let detail = sig["detail"].as_str().unwrap();
    assert!(detail.contains("it opens `github.com/acme/tool/CONTRIBUTING.md`, a 404"), "{detail}");
    assert_eq!(broken(&a, ".github/ISSUE_TEMPLATE/bug.md"), [row(1, "/CONTRIBUTING.md", guide)]);
    assert!(broken(&a, ".github/SUPPORT.md").is_empty());
}

#[test]
fn a_url_of_the_repositorys_own_file_without_githubs_route_is_a_404() {
    // gpt-engineer's Windows README links `…/gpt-engineer/TERMS_OF_USE.md`; serena's
    // license badge `…/oraios/serena/main/LICENSE`: GitHub shows a file at
    // `…/blob/<branch>/…` only.
    let dir = tree(&[
        ("package.json", r#"{"name": "tool", "repository": "github:acme/tool"}"#),
        ("TERMS_OF_USE.md", "# Terms\n"),
        ("LICENSE", "MIT\n"),
        ("docs/guide.md", "# Guide\n"),
        ("security/README.md", "# Audits\n"),
        (
            "README.md",
            "# Tool\n\n\
             Read the [terms](https://github.com/acme/tool/TERMS_OF_USE.md#use).\n\
             [license](https://github.com/acme/tool/main/LICENSE)\n\
             - Documentation: https://github.com/acme/tool/docs\n\
             [issues](https://github.com/acme/tool/issues) and [policy](https://github.com/acme/tool/security)\n\
             [file](https://github.com/acme/tool/blob/main/LICENSE) [gone](https://github.com/acme/tool/NOTES.md)\n\
             [theirs](https://github.com/other/tool/TERMS_OF_USE.md)\n\n\
             ```sh\n--certificate-identity https://github.com/acme/tool/LICENSE\n```\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "README.md"),
        [
            row(
                3,
                "https://github.com/acme/tool/TERMS_OF_USE.md",
                "https://github.com/acme/tool/blob/HEAD/TERMS_OF_USE.md#use"
            ),
            row(
                4,
                "https://github.com/acme/tool/main/LICENSE",
                "https://github.com/acme/tool/blob/main/LICENSE"
            ),
            row(
                5,
                "https://github.com/acme/tool/docs",
                "https://github.com/acme/tool/tree/HEAD/docs"
            ),
        ],
        "GitHub's own pages, a routed URL, a path the repository lacks, another repository's \
         URL and code say nothing"
    );
    let detail = a["signals"]["README.md"][2]["detail"].as_str().unwrap();
    assert_eq!(
        detail,
        "link target `https://github.com/acme/tool/docs` names a folder of this repository \
         without GitHub's `tree/<branch>/` route: GitHub answers it with a 404"
    );
}

#[test]
fn a_line_link_past_the_end_of_its_file_marks_no_line() {
    // tonic's route guide links `authentication/server.rs#L56`, a file of 40 lines.
    let dir = tree(&[
        ("package.json", r#"{"name": "tool", "repository": "github:acme/tool"}"#),
        ("src/server.rs", "use x;\n\nfn main() {}\n"),
        (
            "guide.md",
            "# Guide\n\n\
             [main](src/server.rs#L3) and [check](src/server.rs#L9)\n\
             [auth](https://github.com/acme/tool/blob/main/src/server.rs#L12-L14)\n\
             [then](https://github.com/acme/tool/blob/195d97a5c3b2/src/server.rs#L40)\n",
        ),
        ("CHANGELOG.md", "# Changelog\n\n- fixed [check](src/server.rs#L9)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        broken(&a, "guide.md"),
        [
            row(3, "src/server.rs#L9", ""),
            row(4, "https://github.com/acme/tool/blob/main/src/server.rs#L12-L14", ""),
        ],
        "a line the file has, a permalink and a changelog say nothing"
    );
    assert!(broken(&a, "CHANGELOG.md").is_empty());
    let detail = a["signals"]["guide.md"][0]["detail"].as_str().unwrap();
    assert_eq!(
        detail,
        "link target `src/server.rs#L9` names a line past the end of `src/server.rs`, which \
         has 3 lines: GitHub opens the file with no line marked"
    );
}
