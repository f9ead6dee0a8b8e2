//! `version_skew` from every real source, on small generated trees: workspace member
//! crates and packages, toolchains and their minimums, Python ranges, the repository's
//! own workflows, pre-commit hooks and git tags — in prose and in code blocks. Every test
//! carries near-misses that must not fire: precision is the product.

use serde_json::Value;

use crate::scan_support::{scan_json, GitRepo};
use crate::support::Project;

/// `(line, target, suggestion)` of every `version_skew` on `path`.
fn skews(a: &Value, path: &str) -> Vec<(u64, String, String)> {
    a["signals"][path]
        .as_array()
        .map(|sigs| {
            sigs.iter()
                .filter(|s| s["name"] == "version_skew")
                .map(|s| {
                    (
                        s["line"].as_u64().unwrap(),
                        s["target"].as_str().unwrap_or_default().to_string(),
                        s["suggestion"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn sk(line: u64, target: &str, suggestion: &str) -> (u64, String, String) {
    (line, target.to_string(), suggestion.to_string())
}

/// Every path with a `version_skew`.
fn skewed_paths(a: &Value) -> Vec<String> {
    let mut out: Vec<String> = a["signals"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, sigs)| sigs.as_array().unwrap().iter().any(|s| s["name"] == "version_skew"))
        .map(|(p, _)| p.clone())
        .collect();
    out.sort();
    out
}

fn scan(p: &Project, extra: &[&str]) -> Value {
    let mut args = vec!["scan", "--format", "json", "--exit-zero"];
    args.extend_from_slice(extra);
    p.run(&args).expect_code(0).json()
}

#[test]
fn member_crates_are_checked_in_dependency_snippets() {
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[package]\nname = \"tool\"\nversion = \"15.2.0\"\n\n[workspace]\nmembers = [\"crates/*\"]\nexclude = [\"crates/skipped\"]\n",
    )
    .write("crates/grep/Cargo.toml", "[package]\nname = \"grep\"\nversion = \"0.4.1\"\n")
    .write(
        "crates/printer/Cargo.toml",
        "[package]\nname = \"grep-printer\"\nversion.workspace = true\n",
    )
    .write("crates/internal/Cargo.toml", "[package]\nname = \"xtask\"\nversion = \"0.0.1\"\npublish = false\n")
    .write("crates/skipped/Cargo.toml", "[package]\nname = \"skipped\"\nversion = \"9.0.0\"\n");
    // The printer inherits the workspace version.
    p.write(
        "Cargo.toml",
        "[package]\nname = \"tool\"\nversion = \"15.2.0\"\n\n[workspace]\nmembers = [\"crates/*\"]\nexclude = [\"crates/skipped\"]\n\n[workspace.package]\nversion = \"0.3.1\"\n",
    );
    p.write(
        "crates/grep/README.md",
        "# grep\n\nAdd this to your `Cargo.toml`:\n\n```toml\n[dependencies]\ngrep = \"0.2\"\n```\n\nGNU grep 3.1 is slower; grep 0.2 was the first release.\n",
    );
    p.write(
        "crates/printer/README.md",
        "# printer\n\n```toml\n[dependencies]\ngrep-printer = { version = \"0.1\", features = [\"serde\"] }\ngrep = \"0.4\"\nserde = \"0.1\"\nxtask = \"0.0.0\"\nskipped = \"1\"\n```\n\n```toml\n[dependencies.grep]\nversion = \"0.4.1\"\n```\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "crates/grep/README.md"), [sk(7, "0.2", "0.4")]);
    // A crate the workspace excludes is still one the repository publishes (the Rust
    // book's `trpl`); `xtask` is never published.
    assert_eq!(skews(&a, "crates/printer/README.md"), [sk(5, "0.1", "0.3"), sk(9, "1", "9")]);
    assert_eq!(skewed_paths(&a), ["crates/grep/README.md", "crates/printer/README.md"]);
}

#[test]
fn install_commands_pin_the_projects_own_packages_only() {
    let p = Project::new();
    p.write("Cargo.toml", "[package]\nname = \"tool\"\nversion = \"2.3.1\"\n");
    p.write(
        "pyproject.toml",
        "[project]\nname = \"tool-py\"\nversion = \"1.4.0\"\nrequires-python = \">=3.9\"\n",
    );
    p.write("package.json", r#"{"name": "root", "private": true, "workspaces": ["packages/*"]}"#);
    p.write("packages/core/package.json", r#"{"name": "@acme/core", "version": "3.1.0"}"#);
    p.write(
        "packages/site/package.json",
        r#"{"name": "site", "version": "0.0.0", "private": true}"#,
    );
    p.write(
        "docs/install.md",
        "# Install\n\n```sh\n$ cargo install tool --version 2.2.0\ncargo install tool@2.3.1\npip install tool-py==1.2.0\nuv add 'tool-py==1.4'\nnpm i @acme/core@2.0.0\nnpm install left-pad@1.0.0\npip install requests==2.0.0\npnpm add @acme/core@^3.0.0\nnpm i site@0.0.0\n```\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(
        skews(&a, "docs/install.md"),
        [sk(4, "2.2.0", "2.3.1"), sk(6, "1.2.0", "1.4.0"), sk(8, "2.0.0", "3.1.0")]
    );
}

#[test]
fn download_urls_and_file_names_carry_the_projects_version() {
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[package]\nname = \"ripgrep\"\nversion = \"15.2.0\"\nrepository = \"https://github.com/acme/ripgrep\"\n",
    );
    p.write(
        "README.md",
        "# ripgrep\n\n```\n$ curl -LO https://github.com/acme/ripgrep/releases/download/14.1.1/ripgrep_14.1.1-1_amd64.deb\n$ sudo dpkg -i ripgrep_14.1.1-1_amd64.deb\n$ curl -LO https://github.com/other/tool/releases/download/1.0.0/tool.deb\n$ curl -LO https://github.com/acme/ripgrep/releases/download/15.2.0/ripgrep_15.2.0-1_amd64.deb\n```\n\nripgrep_1.2 is not a file name, and ripgrep-like tools 1.0.\n\nDownload a `.deb` from the release page, then:\n\n```\nsudo dpkg -i ripgrep_14.0.0_amd64.deb  # adapt version number\n```\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "README.md"), [sk(4, "14.1.1", "15.2.0"), sk(5, "14.1.1", "15.2.0")]);
}

const HOOKS: &str = "- id: tool\n  name: tool\n  entry: tool\n  language: system\n";

const PRE_COMMIT_README: &str = "# Tool\n\n```yaml\n# .pre-commit-config.yaml\nrepos:\n  - repo: https://github.com/acme/tool.git\n    rev: v0.15.1\n    hooks:\n      - id: tool\n  - repo: https://github.com/pre-commit/pre-commit-hooks\n    rev: v0.1.0\n    hooks:\n      - id: trailing-whitespace\n```\n";

const PRE_COMMIT_GUIDE: &str = "# Pre-commit\n\n```yaml\nrepos:\n  - repo: https://github.com/acme/tool\n    rev: tool-v0.20.1  # Use latest tool-v* tag\n    hooks:\n      - id: tool\n```\n\nUse the `tool-v*` format (e.g., `tool-v0.20.1`), not `v*`: `rev: v0.20.1` does not exist.\n";

#[test]
fn pre_commit_revs_of_the_repos_own_hook_follow_its_tags() {
    let repo = GitRepo::new();
    repo.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"tool-bin\"]\n\n[workspace.package]\nversion = \"0.24.2\"\n",
    );
    repo.write(
        "tool-bin/Cargo.toml",
        "[package]\nname = \"tool\"\nversion.workspace = true\nrepository = \"https://github.com/acme/tool\"\n",
    );
    repo.write(".pre-commit-hooks.yaml", HOOKS);
    repo.write("README.md", "# Tool\n");
    repo.commit("2024-01-01T00:00:00Z", "first");
    repo.git(&["tag", "v0.15.1"]);
    repo.write("a.txt", "a\n");
    repo.commit("2024-02-01T00:00:00Z", "second");
    repo.git(&["tag", "tool-v0.20.1"]);
    repo.git(&["tag", "tool-lib-v0.20.1"]);
    repo.write("README.md", PRE_COMMIT_README);
    repo.write("docs/PRE_COMMIT.md", PRE_COMMIT_GUIDE);
    repo.commit("2024-03-01T00:00:00Z", "third");
    repo.git(&["tag", "-a", "-m", "release", "tool-v0.24.2"]);
    repo.git(&["tag", "tool-lib-v0.24.2"]);
    repo.git(&["tag", "nightly"]);
    let a = scan_json(repo.path(), &["--exit-zero"], 0);
    assert_eq!(skews(&a, "README.md"), [sk(7, "v0.15.1", "tool-v0.24.2")]);
    assert_eq!(skews(&a, "docs/PRE_COMMIT.md"), [sk(6, "tool-v0.20.1", "tool-v0.24.2")]);
    // Without git the tags are unknown: the workspace version is the reference.
    let a = scan_json(repo.path(), &["--exit-zero", "--no-git"], 0);
    assert_eq!(skews(&a, "README.md"), [sk(7, "v0.15.1", "v0.24.2")]);
    assert_eq!(skews(&a, "docs/PRE_COMMIT.md"), [sk(6, "tool-v0.20.1", "tool-v0.24.2")]);
}

#[test]
fn a_pin_whose_comment_says_use_the_latest_stands_for_the_newest_release() {
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[package]\nname = \"tool\"\nversion = \"4.17.0\"\nrepository = \"https://github.com/acme/tool\"\n",
    );
    p.write(".pre-commit-hooks.yaml", HOOKS);
    let block = |comment: &str| {
        format!("# Tool\n\n```yaml\nrepos:\n  - repo: https://github.com/acme/tool\n    rev: v4.10.0  # {comment}\n    hooks:\n      - id: tool\n```\n")
    };
    p.write("docs/auto_check.md", &block("Use the latest version or a specific version"));
    p.write("docs/pinning.md", &block("pin a specific version"));
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "docs/auto_check.md"), [sk(6, "v4.10.0", "v4.17.0")]);
    assert!(skews(&a, "docs/pinning.md").is_empty(), "an example of pinning");
}

#[test]
fn a_package_on_a_pre_release_is_held_to_its_newest_release_tag() {
    let repo = GitRepo::new();
    repo.write(
        "package.json",
        "{\"private\": true, \"workspaces\": [\"packages/*\"], \"repository\": \"nuxt/nuxt\"}\n",
    );
    repo.write("packages/nuxt/package.json", "{\"name\": \"nuxt\", \"version\": \"4.3.1\"}\n");
    repo.write("packages/kit/package.json", "{\"name\": \"@nuxt/kit\", \"version\": \"4.3.1\"}\n");
    repo.write("README.md", "# Nuxt\n");
    repo.commit("2024-01-01T00:00:00Z", "release");
    repo.git(&["tag", "v4.3.1"]);
    repo.git(&["tag", "@nuxt/kit@4.2.0"]);
    // The next major is under way: the manifests name its pre-release.
    repo.write("packages/nuxt/package.json", "{\"name\": \"nuxt\", \"version\": \"5.0.0-0\"}\n");
    repo.write(
        "packages/kit/package.json",
        "{\"name\": \"@nuxt/kit\", \"version\": \"5.0.0-0\"}\n",
    );
    let layer = "# Layers\n\n```json\n{\n  \"devDependencies\": {\n    \"nuxt\": \"^3.0.0\",\n    \"@nuxt/kit\": \"^4.0.0\"\n  }\n}\n```\n";
    repo.write("docs/layers.md", layer);
    repo.write(
        "docs/next.md",
        "# Next\n\n```json\n{\"dependencies\": {\"nuxt\": \"^5.0.0-0\"}}\n```\n",
    );
    repo.commit("2024-02-01T00:00:00Z", "next");
    let a = scan_json(repo.path(), &["--exit-zero"], 0);
    // @nuxt/kit's own tag (4.2.0) admits "^4.0.0".
    assert_eq!(skews(&a, "docs/layers.md"), [sk(6, "3.0.0", "4.3.1")]);
    assert!(skews(&a, "docs/next.md").is_empty(), "the coming release");
    let a = scan_json(repo.path(), &["--exit-zero", "--no-git"], 0);
    assert!(skews(&a, "docs/layers.md").is_empty(), "without git, tags are unknown");
}

#[test]
fn tags_are_a_source_of_their_own() {
    // No manifest declares a version: only the tags know the release.
    let repo = GitRepo::new();
    repo.write(".pre-commit-hooks.yaml", HOOKS);
    repo.write("README.md", "# Tool\n");
    repo.commit("2024-01-01T00:00:00Z", "first");
    repo.git(&["tag", "v1.0.0"]);
    repo.write("README.md", "# Tool\n\n```yaml\nrepos:\n  - repo: https://github.com/acme/tool\n    rev: v1.0.0\n    hooks:\n      - id: tool\n```\n");
    repo.commit("2024-02-01T00:00:00Z", "second");
    repo.git(&["tag", "v1.2.0"]);
    repo.git(&["tag", "v2.0.0-rc.1"]);
    let a = scan_json(repo.path(), &["--exit-zero"], 0);
    assert_eq!(skews(&a, "README.md"), [sk(6, "v1.0.0", "v1.2.0")]);
    let a = scan_json(repo.path(), &["--exit-zero", "--no-git"], 0);
    assert!(skews(&a, "README.md").is_empty(), "without git, tags are unknown");
}

#[test]
fn msrv_claims_follow_the_rust_version_each_crate_inherits() {
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"axum\", \"axum-*\"]\n\n[workspace.package]\nrust-version = \"1.80\"\n",
    );
    p.write("rust-toolchain.toml", "[toolchain]\nchannel = \"1.85.0\"\n");
    p.write(
        "axum/Cargo.toml",
        "[package]\nname = \"axum\"\nversion = \"0.8.4\"\nrust-version = { workspace = true }\n",
    );
    p.write(
        "axum-core/Cargo.toml",
        "[package]\nname = \"axum-core\"\nversion = \"0.5.6\"\nrust-version.workspace = true\n",
    );
    p.write(
        "axum-extra/Cargo.toml",
        "[package]\nname = \"axum-extra\"\nversion = \"0.10.0\"\nrust-version = \"1.85\"\n",
    );
    p.write(
        "axum-core/README.md",
        "# axum-core\n\n## Minimum supported Rust version\n\naxum-core's MSRV is 1.75.\n",
    );
    p.write("axum-extra/README.md", "# axum-extra\n\naxum-extra's MSRV is 1.80.\n");
    p.write(
        "axum/README.md",
        "# axum\n\naxum's MSRV is 1.80. Build with Rust 1.80 or later (Rust 1.85 in CI).\nRust is 1.2 times faster. Since Rust 1.70, closures are fine.\nRust 1.70 stabilized let-else.\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "axum-core/README.md"), [sk(5, "1.75", "1.80")]);
    assert_eq!(skews(&a, "axum-extra/README.md"), [sk(3, "1.80", "1.85")]);
    assert!(skews(&a, "axum/README.md").is_empty(), "{:?}", a["signals"]["axum/README.md"]);
}

#[test]
fn claims_in_other_scripts_are_read() {
    // Docs written in Japanese and Chinese (a README so named would be a translation,
    // out of scope by default).
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[package]\nname = \"bat\"\nversion = \"0.26.0\"\nrust-version = \"1.88\"\n",
    );
    p.write(
        "doc/build-ja.md",
        "# bat\n\n`bat` をソースからビルドしたいならば、Rust 1.79.0 以上の環境が必要です。\n",
    );
    p.write(
        "doc/build-zh.md",
        "# bat\n\n如果你想要自己构建`bat`，那么你需要安装有高于1.74.0版本的 Rust。\n\n在1.90版本的 Rust 上也可以。\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "doc/build-ja.md"), [sk(3, "1.79.0", "1.88")]);
    assert_eq!(skews(&a, "doc/build-zh.md"), [sk(3, "1.74.0", "1.88")]);
}

#[test]
fn python_ranges_and_declared_tool_minimums() {
    let p = Project::new();
    p.write(
        "pyproject.toml",
        "[project]\nname = \"agent-kit\"\ndynamic = [\"version\"]\nrequires-python = \">=3.10\"\nclassifiers = [\n  \"Programming Language :: Python :: 3\",\n  \"Programming Language :: Python :: 3 :: Only\",\n  \"Programming Language :: Python :: 3.10\",\n  \"Programming Language :: Python :: 3.11\",\n  \"Programming Language :: Python :: 3.12\",\n  \"Programming Language :: Python :: 3.13\",\n  \"Programming Language :: Python :: 3.14\",\n]\n\n[tool.uv]\nrequired-version = \">=0.9.25\"\n",
    );
    p.write(
        "AGENTS.md",
        "# Agents\n\n- [`uv`](https://docs.astral.sh/uv/), supporting Python 3.10 through 3.13\n    - Install all dependencies with `make install`\n- Python 3.10–3.14 is tested.\n- Python 3.11+ is recommended.\n",
    );
    p.write(
        "docs/contributing.md",
        "# Contributing\n\nInstall `uv` (version 0.4.30 or later) and `pre-commit`.\n\nuv 1.0 or later works as well. Python 3.9 support was dropped. For example, Python 3.8 removed it.\nPython 3.9 is not supported.\n",
    );
    p.write("docs/old.md", "# Old\n\nWe support Python 3.8 through 3.12 and need Python >= 3.9.\n");
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "AGENTS.md"), [sk(3, "3.13", "3.14")]);
    assert_eq!(skews(&a, "docs/contributing.md"), [sk(3, "0.4.30", "0.9.25")]);
    assert_eq!(
        skews(&a, "docs/old.md"),
        [sk(3, "3.12", "3.14"), sk(3, "3.8", "3.10"), sk(3, "3.9", "3.10")]
    );
}

#[test]
fn actions_pinned_in_the_repos_own_workflows() {
    let p = Project::new();
    let new_sha = "20cfd1bf945f4377ade1205e4dbc17946fc9a30d";
    let old_sha = "c771a70e6277c0a99b617c7a806ffedaca235ff9";
    p.write(
        ".github/workflows/ci.yml",
        &format!("on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - name: Install uv\n        uses: astral-sh/setup-uv@{new_sha} # v10.0.1\n      - uses: ./local-action\n"),
    );
    p.write(
        "docs/github.md",
        &format!("# GitHub\n\n```yaml title=\"example.yml\"\nsteps:\n  - uses: actions/checkout@v4\n  - uses: astral-sh/setup-uv@{old_sha} # v9.0.0\n  - uses: astral-sh/setup-uv@v10\n  - uses: astral-sh/setup-uv@v9\n  - uses: actions/setup-python@v3\n  - uses: astral-sh/setup-uv@v10.0.0\n```\n"),
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(
        skews(&a, "docs/github.md"),
        [
            sk(6, &format!("{old_sha} # v9.0.0"), &format!("{new_sha} # v10.0.1")),
            sk(8, "v9", "v10"),
        ] // v10.0.0 is a patch behind v10.0.1: the same inputs, nothing to bump.
    );
}

#[test]
fn old_versions_in_history_contexts_are_not_skew() {
    let p = Project::new();
    p.write("Cargo.toml", "[package]\nname = \"widget\"\nversion = \"2.3.1\"\n");
    p.write(
        "README.md",
        "# Widget\n\nInstall widget 2.1.0 today.\n\nFor example, widget 2.0.0 included a breaking change.\nThis was added in widget 2.1.0. Since widget 2.0, the API is stable.\nDeprecated in widget 2.2.0; kept until widget 2.2.5; as of widget 2.0 it works.\nPrior to widget 2.2 it failed. Introduced in widget 1.0.\nFilters are supported by widget 2.0.0+ and widget 2.1 or later. Its design shaped widget 1.0's core.\nwidget 2.0 is a rewrite of the parser.\n\n## Migrating from widget 1.x\n\nwidget 1.9.0 users should read this.\n",
    );
    p.write("docs/migration.md", "# Upgrade guide\n\nUpgrading from widget 1.9.0 needs care.\n");
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "README.md"), [sk(3, "2.1.0", "2.3.1")]);
    assert_eq!(skewed_paths(&a), ["README.md"]);
}

#[test]
fn node_engines_are_a_minimum_and_pnpm_workspaces_are_members() {
    let p = Project::new();
    p.write(
        "package.json",
        r#"{"name": "monorepo", "private": true, "engines": {"node": "^20.19.0 || >=22.12.0"}}"#,
    );
    p.write(".nvmrc", "22\n");
    p.write("pnpm-workspace.yaml", "packages:\n  - packages/*\n");
    p.write("packages/vite/package.json", r#"{"name": "vite", "version": "7.1.0"}"#);
    p.write(
        "docs/guide.md",
        "# Guide\n\nVite requires Node.js version 20.19+ or 22.12+.\nNode 18 or later works.\n\n```sh\nnpm i -D vite@6.0.0\nnpm create vite@latest\n```\n\nVite 5 no longer supports Node.js 16.\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "docs/guide.md"), [sk(4, "18", "20"), sk(7, "6.0.0", "7.1.0")]);
}

#[test]
fn a_plugin_a_marketplace_ships_states_its_readers_prerequisites() {
    let p = Project::new();
    p.write("package.json", r#"{"name": "market", "private": true, "workspaces": ["packages/*"], "engines": {"node": ">=20"}}"#);
    p.write(
        "packages/cli/package.json",
        r#"{"name": "market-cli", "version": "2.0.0", "engines": {"node": ">=20"}}"#,
    );
    p.write("plugins/fuzz/.claude-plugin/plugin.json", r#"{"name": "fuzz"}"#);
    p.write("plugins/lint/.codex-plugin/plugin.json", r#"{"name": "lint"}"#);
    let page =
        "# Fuzz\n\nNode.js 16 or later is required.\n\n```sh\nnpm i -D market-cli@1.0.0\n```\n";
    p.write("plugins/fuzz/commands/fuzz.md", page);
    p.write("plugins/lint/README.md", page);
    // A folder of plugins without a manifest of its own is the marketplace's, and so is
    // a plugin that is a package of the workspace.
    p.write("plugins/README.md", page);
    p.write("plugins/audit/.claude-plugin/plugin.json", r#"{"name": "audit"}"#);
    p.write("plugins/audit/package.json", r#"{"name": "audit", "private": true}"#);
    p.write("plugins/audit/CONTRIBUTING.md", page);
    // A package of the workspace inside a plugin answers to the workspace: the nearest
    // manifest decides.
    p.write("plugins/fuzz/server/package.json", r#"{"name": "fuzz-server", "private": true}"#);
    p.write("plugins/fuzz/server/README.md", page);
    let a = scan(&p, &["--no-git"]);
    // The marketplace's own package is still named at its version in a plugin's page.
    assert_eq!(skews(&a, "plugins/fuzz/commands/fuzz.md"), [sk(6, "1.0.0", "2.0.0")]);
    assert_eq!(skews(&a, "plugins/lint/README.md"), [sk(6, "1.0.0", "2.0.0")]);
    assert_eq!(skews(&a, "plugins/README.md"), [sk(3, "16", "20"), sk(6, "1.0.0", "2.0.0")]);
    assert_eq!(
        skews(&a, "plugins/audit/CONTRIBUTING.md"),
        [sk(3, "16", "20"), sk(6, "1.0.0", "2.0.0")]
    );
    assert_eq!(
        skews(&a, "plugins/fuzz/server/README.md"),
        [sk(3, "16", "20"), sk(6, "1.0.0", "2.0.0")]
    );
}

#[test]
fn an_action_major_the_repository_still_pins_is_not_behind() {
    let p = Project::new();
    let step = |v: &str| {
        format!("on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@{v}\n")
    };
    p.write(".github/workflows/ci.yml", &step("v4"));
    p.write(".github/workflows/docs.yml", &step("v6"));
    p.write(
        "docs/ci.md",
        "# CI\n\n```yaml\nsteps:\n  - uses: actions/checkout@v4\n  - uses: actions/checkout@v3\n```\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "docs/ci.md"), [sk(6, "v3", "v6")]);
}

#[test]
fn workflow_snippets_package_json_snippets_and_member_node_floors() {
    let p = Project::new();
    p.write("package.json", "{\"name\": \"mono\", \"private\": true}\n")
        .write("pnpm-workspace.yaml", "packages:\n  - packages/*\n")
        .write(
            "packages/kit/package.json",
            "{\"name\": \"@acme/kit\", \"version\": \"3.2.0\", \"engines\": {\"node\": \">=22.17\"}}\n",
        )
        .write("packages/img/package.json", "{\"name\": \"@acme/img\", \"version\": \"1.0.0\", \"engines\": {\"node\": \">=22\"}}\n")
        .write(
            "docs/deploy.md",
            "# Deploy\n\n```yaml\n- uses: actions/setup-node@v6\n  with:\n    node-version: 20\n- with:\n    node-version: 24\n    python-version: ${{ matrix.python }}\n```\n\n```diff title=\"package.json\"\n {\n-  \"devDependencies\": { \"@acme/img\": \"0.1.0\" },\n+  \"dependencies\": { \"@acme/kit\": \"^2.1.0\" }\n }\n```\n\n```json\n{ \"dependencies\": { \"@acme/kit\": \"3.1.0\", \"left-pad\": \"1.0.0\" } }\n```\n",
        );
    let a = scan(&p, &["--no-git"]);
    // Node 20 is below every member's floor (the lowest is 22); ^2.1.0 does not admit
    // 3.2.0; a removed line, a current pin, a newer Node and an unknown package are fine.
    assert_eq!(skews(&a, "docs/deploy.md"), [sk(6, "20", "22"), sk(15, "2.1.0", "3.2.0")]);
    let detail = a["signals"]["docs/deploy.md"][0]["detail"].as_str().unwrap();
    assert!(detail.contains("the lowest engines.node of the workspace packages"), "{detail}");
}

#[test]
fn the_repositorys_own_image_and_one_signal_per_cause() {
    let repo = GitRepo::new();
    repo.write(
        "pyproject.toml",
        "[project]\nname = \"tool\"\nversion = \"0.16.4\"\n\n[project.urls]\nRepository = \"https://github.com/acme/tool\"\n",
    );
    repo.write(
        "docs/docker.md",
        "# Docker\n\n```\ndocker pull ghcr.io/acme/tool:0.3.0\ndocker run ghcr.io/acme/tool:0.3.0 check\ndocker run ghcr.io/acme/tool:latest\ndocker run ghcr.io/other/tool:0.1.0\n```\n",
    );
    repo.commit("2026-01-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(skews(&a, "docs/docker.md"), [sk(4, "0.3.0", "0.16.4")]);
    assert_eq!(a["signals"]["docs/docker.md"][0]["lines"], serde_json::json!([4, 5]));
}

#[test]
fn records_plans_and_dated_posts_state_the_versions_of_their_day() {
    let p = Project::new();
    p.write("package.json", r#"{"name": "tool", "version": "2.0.0", "engines": {"node": ">=20"}}"#);
    let claim = "# Doc\n\nRequires Node.js 18 or later.\n";
    for path in [
        "docs/guide.md",
        "docs/planning/phase-1-specification.md",
        "benchmark/plans/testing-strategy.md",
        "docs/adr/0001-runtime.md",
        "blog/2024-01-15-release.md",
    ] {
        p.write(path, claim);
    }
    assert_eq!(skewed_paths(&scan(&p, &["--no-git"])), ["docs/guide.md"]);
}

/// A sentence naming the manifest that declares a toolchain says what that file holds,
/// even in code ("`go 1.25` in `go.mod`", air's `AGENTS.md`); without the file named, a
/// bare toolchain release is what a feature needs, not this project.
#[test]
fn a_toolchain_version_said_to_be_in_its_manifest_is_checked() {
    let p = Project::new();
    p.write("go.mod", "module example.com/x\n\ngo 1.26.0\n").write(
        "AGENTS.md",
        "# Agents\n\n- Language: Go (modules enabled; `go 1.25` in `go.mod`).\n- Language: Go 1.25.\n- The `go 1.22` router patterns.\n- `go 1.26` in `go.mod`.\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "AGENTS.md"), [sk(3, "1.25", "1.26")]);
}

/// "Go 1.16 or less", "Go 1.20 or early[er]": old releases named as such (trivy's page on
/// the Go projects it scans), never a minimum; beside them the `1.17+` claim still counts.
#[test]
fn old_releases_named_as_such_claim_no_minimum() {
    let p = Project::new();
    p.write("go.mod", "module example.com/x\n\ngo 1.27.0\n").write(
        "docs/golang.md",
        "# Go\n\n| Version | Required files |\n| ------- | :----: |\n| \\>=1.17 | go.mod |\n| <1.17 | go.mod, go.sum |\n\nIn Go 1.17+ projects, Trivy uses `go.mod`.\nOn the other hand, it uses `go.mod` for direct dependencies and `go.sum` for indirect dependencies in Go 1.16 or less.\n\nGo 1.17+ holds the needed dependencies.\n\nThe version from the `go` line (for `Go` 1.20 or early) is not a minimum.\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "docs/golang.md"), [sk(11, "1.17", "1.27")]);
}

#[test]
fn a_floor_styled_as_code_is_still_a_floor() {
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[package]\nname = \"tonic\"\nversion = \"0.14.0\"\nrust-version = \"1.88\"\n",
    );
    p.write(
        "CONTRIBUTING.md",
        "# Contributing\n\nInstall Rust `1.85.1` or later and build the project.\n\nRun `rustup install 1.80` first. Since Rust `1.70`, closures are fine.\n",
    );
    p.write(
        "docs/msrv.md",
        "# MSRV\n\nThe minimum supported Rust version for this crate is `1.83.0`.\n\nWe test `1.86` in CI.\n",
    );
    // The project as the subject: its floor, however far behind (a floor far behind
    // with another subject is a fact about something else).
    p.write(
        "docs/tutorial.md",
        "# Tutorial\n\n`tonic` works on rust `1.39` and above as it needs `async_await`.\n\nThe `prost` crate worked on Rust 1.39 and above.\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "CONTRIBUTING.md"), [sk(3, "1.85.1", "1.88")]);
    assert_eq!(skews(&a, "docs/msrv.md"), [sk(3, "1.83.0", "1.88")]);
    assert_eq!(skews(&a, "docs/tutorial.md"), [sk(3, "1.39", "1.88")]);
}

#[test]
fn vs_code_floors_come_from_each_extensions_engines() {
    let p = Project::new();
    p.write(
        "package.json",
        "{\"name\": \"x\", \"private\": true, \"engines\": {\"vscode\": \"^1.88.0\"}}\n",
    );
    p.write("sample/package.json", "{\"name\": \"s\", \"engines\": {\"vscode\": \"^1.100.0\"}}\n");
    p.write("lib/package.json", "{\"name\": \"l\", \"engines\": {\"node\": \">=20\"}}\n");
    p.write(
        "sample/README.md",
        "# Sample\n\n- Open this example in VS Code 1.47+\n- VS Code version 1.103.0 or higher\n",
    );
    p.write(
        "README.md",
        "# Ext\n\n- Visual Studio Code version >= 1.77.0\n- Coverage requires Visual Studio Code >= 1.88.0\n- Fixed a crash on VS Code 1.70.\n- Uses the API introduced in VSCode v1.80.\n",
    );
    p.write("lib/README.md", "# Lib\n\nOpen it in VS Code 1.47+.\n");
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "sample/README.md"), [sk(3, "1.47", "1.100")]);
    assert_eq!(skews(&a, "README.md"), [sk(3, "1.77.0", "1.88.0")]);
    // The root's floor holds for a package that declares none.
    assert_eq!(skews(&a, "lib/README.md"), [sk(3, "1.47", "1.88")]);
}

#[test]
fn a_versioned_page_answers_to_its_live_page() {
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[package]\nname = \"yew\"\nversion = \"0.23.0\"\nrust-version = \"1.85\"\n",
    );
    p.write("website/docusaurus.config.js", "module.exports = {};\n");
    let intro =
        |v: &str| format!("# Intro\n\nThe minimum supported Rust version for Yew is {v}.\n");
    // The snapshot of the release: the live page moved on.
    p.write("website/versioned_docs/version-0.23/intro.md", &intro("1.84.0"));
    p.write("website/docs/intro.md", &intro("1.85.0"));
    // Stale in both: the snapshot repeats the live page's slip.
    p.write("website/versioned_docs/version-0.23/setup.md", &intro("1.80.0"));
    p.write("website/docs/setup.md", &intro("1.80.0"));
    // No live page: nothing to tell it by.
    p.write("website/versioned_docs/version-0.23/old.md", &intro("1.80.0"));
    let a = scan(&p, &["--no-git"]);
    assert!(skews(&a, "website/versioned_docs/version-0.23/intro.md").is_empty());
    assert_eq!(
        skews(&a, "website/versioned_docs/version-0.23/setup.md"),
        [sk(3, "1.80.0", "1.85")]
    );
    assert_eq!(skews(&a, "website/docs/setup.md"), [sk(3, "1.80.0", "1.85")]);
    assert_eq!(skews(&a, "website/versioned_docs/version-0.23/old.md"), [sk(3, "1.80.0", "1.85")]);
}

#[test]
fn a_python_package_below_the_root_answers_to_its_own_floor() {
    let p = Project::new();
    // No floor at the root: each agent declares its own.
    p.write(
        "python/agents/rag/pyproject.toml",
        "[tool.poetry]\nname = \"rag\"\n\n[tool.poetry.dependencies]\npython = \"^3.11\"\n",
    );
    p.write(
        "python/agents/chat/pyproject.toml",
        "[project]\nname = \"chat\"\nrequires-python = \">=3.9\"\n",
    );
    let claim = "# Agent\n\n## Prerequisites\n\n* **Python 3.9+:** Ensure you have Python 3.9 or a later version installed.\n";
    p.write("python/agents/rag/README.md", claim);
    p.write("python/agents/chat/README.md", claim);
    p.write("README.md", claim);
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "python/agents/rag/README.md"), [sk(5, "3.9", "3.11")]);
    assert_eq!(skewed_paths(&a), ["python/agents/rag/README.md"]);
}

#[test]
fn a_snippet_adds_what_the_crate_beside_it_depends_on_at_a_version_it_admits() {
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[package]\nname = \"numpy\"\nversion = \"0.28.0\"\n\n[dependencies]\npyo3 = { version = \"0.28.0\", default-features = false }\nndarray = \">= 0.15, < 0.17\"\nserde = { workspace = true }\n\n[workspace]\nmembers = [\"pools\"]\n\n[workspace.dependencies]\nserde = \"1.0.200\"\n",
    );
    p.write(
        "pools/Cargo.toml",
        "[package]\nname = \"pools\"\nversion = \"0.2.0\"\n\n[dependencies]\nsqlx = { version = \"0.8\", default-features = false }\n",
    );
    p.write(
        "README.md",
        "# numpy\n\n```toml\n[dependencies]\npyo3 = { version = \"0.27\" }\nnumpy = \"0.28\"\nndarray = \"0.16\"\nserde = \"1\"\n```\n\nWithout numpy, any pyo3 will do:\n\n```toml\n[dependencies]\npyo3 = \"0.20\"\n```\n\n```toml\n[dependencies.sqlx]\nversion = \"0.7\"\n\n[dependencies.pools]\nversion = \"0.2\"\n```\n\nA newer pyo3 is the reader's to try:\n\n```toml\n[dependencies]\nnumpy = \"0.28\"\npyo3 = \"0.29\"\n```\n\nA revision needs what its own manifest says:\n\n```toml\n[dependencies]\nnumpy = { git = \"https://github.com/PyO3/rust-numpy\", rev = \"v0.26.0\" }\npyo3 = \"0.26\"\n```\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "README.md"), [sk(5, "0.27", "0.28"), sk(20, "0.7", "0.8")]);
}

#[test]
fn a_crate_page_linked_at_a_version_the_manifests_left_behind() {
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[package]\nname = \"watchexec\"\nversion = \"8.3.0\"\n\n[dependencies]\nchrono-tz = \"0.10\"\nregex = \"1.5\"\n",
    );
    p.write(
        "README.md",
        "# watchexec\n\n\
        See [sources](https://docs.rs/watchexec/3/watchexec/sources/) and\n\
        [the 8.x docs](https://docs.rs/watchexec/8/watchexec/).\n\
        Time zones: [chrono-tz](https://docs.rs/chrono-tz/0.6.0/chrono_tz/).\n\
        Patterns: <https://docs.rs/regex/1.3.9/regex/> and https://crates.io/crates/chrono-tz/0.10.1\n\
        Another crate: [serde](https://docs.rs/serde/0.9.0/serde/), [latest](https://docs.rs/watchexec/latest/watchexec/).\n\
        A pre-release: [alpha](https://docs.rs/watchexec/3.0.0-alpha.2/watchexec/).\n",
    );
    p.write(
        "CHANGELOG.md",
        "# Changelog\n\n## 3.0.0\n\n- [docs](https://docs.rs/watchexec/3.0.0/watchexec/)\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(
        skews(&a, "README.md"),
        [sk(3, "3", "8"), sk(5, "0.6.0", "0.10")],
        "regex 1.3.9 is a 1.x the requirement admits; serde is no crate of this repository's"
    );
    assert_eq!(skewed_paths(&a), ["README.md"]);
}

#[test]
fn a_crate_page_at_an_exact_release_the_crates_tags_moved_past_or_never_reached() {
    let repo = GitRepo::new();
    repo.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"actix-router\", \"tracing-flame\", \"csv\"]\n",
    );
    repo.write(
        "actix-router/Cargo.toml",
        "[package]\nname = \"actix-router\"\nversion = \"0.5.4\"\n",
    );
    repo.write(
        "tracing-flame/Cargo.toml",
        "[package]\nname = \"tracing-flame\"\nversion = \"0.2.0\"\n",
    );
    repo.write("csv/Cargo.toml", "[package]\nname = \"csv\"\nversion = \"1.3.1\"\n");
    repo.write(
        "actix-router/README.md",
        "# actix-router\n\n[Documentation](https://docs.rs/actix-router/0.5.3)\n\n\
         The series: [0.5](https://docs.rs/actix-router/0.5) and [0.5.4](https://docs.rs/actix-router/0.5.4).\n",
    );
    repo.write(
        "tracing-flame/README.md",
        "# tracing-flame\n\n[docs-url]: https://docs.rs/tracing-flame/0.2.6\n\n[ok]: https://docs.rs/tracing-flame/0.2.0\n",
    );
    // csv's manifest is bumped ahead of its release: the page of the last release is right.
    repo.write("csv/README.md", "# csv\n\n[docs](https://docs.rs/csv/1.3.0/csv/)\n");
    repo.commit("2024-01-01T00:00:00Z", "first");
    for tag in [
        "router-v0.5.3",
        "router-v0.5.4",
        "tracing-flame-0.2.0",
        "tracing-subscriber-0.2.6",
        "csv-1.3.0",
        "v9.0.0",
    ] {
        repo.git(&["tag", tag]);
    }
    let a = scan_json(repo.path(), &["--exit-zero"], 0);
    assert_eq!(skews(&a, "actix-router/README.md"), [sk(3, "0.5.3", "0.5.4")]);
    assert_eq!(skews(&a, "tracing-flame/README.md"), [sk(3, "0.2.6", "0.2.0")]);
    assert!(skews(&a, "csv/README.md").is_empty(), "1.3.1 is not released yet");
    let a = scan_json(repo.path(), &["--exit-zero", "--no-git"], 0);
    assert!(skews(&a, "actix-router/README.md").is_empty(), "without git, tags are unknown");
    assert!(skews(&a, "tracing-flame/README.md").is_empty());
}

#[test]
fn a_snippet_in_a_crate_folder_asks_for_what_that_crate_depends_on() {
    let p = Project::new();
    p.write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"tonic\", \"examples\"]\n\n[workspace.dependencies]\nasync-stream = \"0.3\"\n",
    );
    p.write("tonic/Cargo.toml", "[package]\nname = \"tonic\"\nversion = \"0.14.0\"\n");
    p.write(
        "examples/Cargo.toml",
        "[package]\nname = \"examples\"\npublish = false\n\n[dependencies]\nrand = { version = \"0.9\", optional = true }\nasync-stream = { workspace = true }\nserde = \"1.0\"\n",
    );
    p.write(
        "embedded/Cargo.toml",
        "[package]\nname = \"embedded\"\nversion = \"0.3.0\"\n\n[dependencies]\nlibsqlite3-sys = { version = \"0.38.0\", features = [\"bundled\"] }\n",
    );
    p.write(
        "examples/docs/tutorial.md",
        "# Route guide\n\n```toml\n[dependencies]\ntonic = \"*\"\nasync-stream = \"0.2\"\nserde = { version = \"1.0\", features = [\"derive\"] }\nrand = \"0.8\"\ntokio = \"1.0\"\nlocal = { path = \"../x\", version = \"0.1\" }\n```\n\nA newer one is the reader's to try: `rand = \"0.9.2\"`.\n\n```toml\n[dependencies]\nrand = \"0.9.2\"\n```\n",
    );
    p.write(
        "embedded/README.md",
        "# Embedded\n\nAdd the bundled build:\n\n``` toml\nlibsqlite3-sys = { version = \"0.35.0\", features = [\"bundled\"] }\n```\n",
    );
    // A doc at the root speaks for no one crate: the reader's project picks its own.
    p.write("README.md", "# Tonic\n\n```toml\n[dependencies]\nrand = \"0.8\"\n```\n");
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "examples/docs/tutorial.md"), [sk(6, "0.2", "0.3"), sk(8, "0.8", "0.9")]);
    assert_eq!(skews(&a, "embedded/README.md"), [sk(6, "0.35.0", "0.38.0")]);
    assert!(skews(&a, "README.md").is_empty());
}

#[test]
fn setup_py_gives_the_python_floor_when_pyproject_declares_none() {
    let p = Project::new();
    p.write("pyproject.toml", "[tool.ruff]\nline-length = 119\n");
    p.write(
        "setup.py",
        "from setuptools import setup\n\nsetup(\n    name=\"accelerate\",\n    python_requires=\">=3.10.0\",\n)\n",
    );
    p.write(
        "docs/install.md",
        "# Install\n\nAccelerate is tested on Python 3.8+.\n\nIt runs on Python 3.12 too.\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "docs/install.md"), [sk(3, "3.8", "3.10")]);
    // A floor `pyproject.toml` declares wins over the script's.
    p.write("pyproject.toml", "[project]\nname = \"accelerate\"\nrequires-python = \">=3.8\"\n");
    let a = scan(&p, &["--no-git"]);
    assert!(skews(&a, "docs/install.md").is_empty());
}

#[test]
fn an_environment_set_up_below_the_python_floor() {
    let p = Project::new();
    p.write("pyproject.toml", "[project]\nname = \"hooks\"\nrequires-python = \">=3.10\"\n");
    p.write(
        "CONTRIBUTING.md",
        "# Contributing\n\nRun the tests with `tox -e py37` or `tox -e py312`.\n\n\
         ```sh\nconda create -n hooks python=3.8\nuv venv --python 3.12\npyenv install 3.11.4\n```\n\n\
         To pin a specific version, run `pyenv install 3.8.1`.\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "CONTRIBUTING.md"), [sk(3, "py37", "py310"), sk(6, "3.8", "3.10")]);
}

#[test]
fn a_go_module_path_at_an_older_major() {
    let p = Project::new();
    p.write("go.mod", "module github.com/stripe/stripe-go/v86\n\ngo 1.23\n");
    p.write(
        "CLAUDE.md",
        "# Conventions\n\n- Major version in import path (e.g. `github.com/stripe/stripe-go/v82`)\n- Import `github.com/stripe/stripe-go/v86/customer` today.\n\nAnother module: `github.com/stripe/stripe-go-extra/v2`; a folder: `github.com/stripe/stripe-go/v1`.\n",
    );
    p.write(
        "docs/install.md",
        "# Install\n\n## Older releases\n\nThe `v82` series is receiving security and bug fixes only via the `v82-maint` branch:\n\n```sh\ngo get github.com/stripe/stripe-go/v82@latest\n```\n\n## Now\n\n```go\nimport \"github.com/stripe/stripe-go/v85\"\n```\n",
    );
    p.write(
        "docs/migrate-v85-to-v86.md",
        "# Migrating\n\nReplace `github.com/stripe/stripe-go/v85` with `/v86`.\n",
    );
    let a = scan(&p, &["--no-git"]);
    let module = "github.com/stripe/stripe-go/v86";
    assert_eq!(skews(&a, "CLAUDE.md"), [sk(3, "github.com/stripe/stripe-go/v82", module)]);
    assert_eq!(skews(&a, "docs/install.md"), [sk(14, "github.com/stripe/stripe-go/v85", module)]);
    assert!(skews(&a, "docs/migrate-v85-to-v86.md").is_empty());
}

/// The module's path with no major is the v0/v1 module: chi's CONTRIBUTING `go get -u -d
/// github.com/go-chi/chi`, its README's `pkg.go.dev/github.com/go-chi/chi/middleware`
/// links, goose's "Import `github.com/pressly/goose`". Not a repository link, the path in
/// prose or a comment, or a path into a folder that is a module of its own.
#[test]
fn a_go_module_path_with_no_major() {
    let p = Project::new();
    p.write("go.mod", "module github.com/go-chi/chi/v5\n\ngo 1.23\n");
    p.write("tools/go.mod", "module github.com/go-chi/chi/tools\n\ngo 1.23\n");
    p.write(
        "CONTRIBUTING.md",
        "# Contributing\n\n```sh\ngo get -u -d github.com/go-chi/chi\ncd $GOPATH/src/github.com/go-chi/chi\ngit clone https://github.com/go-chi/chi\n# see the github.com/go-chi/chi repository\n```\n\n2. Import `github.com/go-chi/chi`.\n3. See [middleware](https://pkg.go.dev/github.com/go-chi/chi/middleware#Logger).\n\nThe project lives at github.com/go-chi/chi; see `github.com/go-chi/chi/v5/middleware` and `go install github.com/go-chi/chi/tools/gen@latest`.\n\n```go\nimport (\n\t\"github.com/go-chi/chi/middleware\"\n\t\"github.com/go-chi/chi-extra\"\n)\n```\n",
    );
    // A database's "Go Migrations" is no move between releases; "Migrating from v1" is.
    p.write(
        "README.md",
        "# Tool\n\n## Go Migrations\n\n1. Create a binary.\n2. Import `github.com/go-chi/chi`.\n\n## Migrating from v1\n\nRun `go get github.com/go-chi/chi` first.\n",
    );
    let a = scan(&p, &["--no-git"]);
    let module = "github.com/go-chi/chi/v5";
    assert_eq!(skews(&a, "README.md"), [sk(6, "github.com/go-chi/chi", module)]);
    let base = "github.com/go-chi/chi";
    assert_eq!(skews(&a, "CONTRIBUTING.md"), [sk(4, base, module)]);
    let s = &a["signals"]["CONTRIBUTING.md"][0];
    assert_eq!(s["lines"], serde_json::json!([4, 10, 11, 17]));
    assert!(s["detail"].as_str().unwrap().contains("with no major, the v0/v1 module"), "{s}");
}

#[test]
fn a_published_packages_peer_frameworks_set_their_floor() {
    let p = Project::new();
    p.write(
        "package.json",
        "{\"name\": \"@antfu/eslint-config\", \"version\": \"7.0.0\", \"workspaces\": [\"packages/*\"], \"peerDependencies\": {\"eslint\": \"^9.10.0 || ^10.0.0\", \"left-pad\": \"^2\"}}\n",
    );
    p.write(
        "packages/angular-virtual/package.json",
        "{\"name\": \"@tanstack/angular-virtual\", \"version\": \"4.0.0\", \"peerDependencies\": {\"@angular/core\": \">=20.0.0\"}}\n",
    );
    p.write(
        "packages/private-app/package.json",
        "{\"name\": \"app\", \"private\": true, \"peerDependencies\": {\"react\": \">=19\"}}\n",
    );
    p.write(
        "README.md",
        "# Config\n\nRequires ESLint v9.5.0+. ESLint 10 is supported too. React 18 or later.\n",
    );
    p.write(
        "packages/angular-virtual/README.md",
        "# Angular Virtual\n\nAngular Virtual requires Angular 19 or newer.\n",
    );
    p.write("packages/private-app/README.md", "# App\n\nRequires React 18 or later.\n");
    // A framework the repository publishes is checked as its package, not as a peer.
    p.write("packages/vite/package.json", "{\"name\": \"vite\", \"version\": \"7.1.0\"}\n");
    p.write(
        "packages/plugin-react/package.json",
        "{\"name\": \"@vitejs/plugin-react\", \"version\": \"7.0.0\", \"peerDependencies\": {\"vite\": \"^7.0.0\"}}\n",
    );
    p.write(
        "packages/plugin-react/README.md",
        "# Plugin\n\nThis plugin requires Vite 6 or later.\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "README.md"), [sk(3, "v9.5.0", "v9.10.0")]);
    assert_eq!(skews(&a, "packages/angular-virtual/README.md"), [sk(3, "19", "20")]);
    assert!(skews(&a, "packages/private-app/README.md").is_empty(), "a private package's peers");
    assert!(skews(&a, "packages/plugin-react/README.md").is_empty(), "the repository's own vite");
}

#[test]
fn a_crate_below_the_root_that_no_workspace_lists_is_the_repositorys_own() {
    let p = Project::new();
    // A polyglot repository: the API in TypeScript, an SDK crate in a folder of its own.
    p.write("package.json", "{\"name\": \"api\", \"private\": true}\n");
    p.write(
        "apps/rust-sdk/Cargo.toml",
        "[package]\nname = \"firecrawl\"\nversion = \"1.2.1\"\n\n[dependencies]\nreqwest = \"0.12\"\n",
    );
    let snippet = "```toml\n[dependencies]\nfirecrawl = \"^0.1\"\n```\n";
    p.write("apps/rust-sdk/README.md", &format!("# Firecrawl Rust SDK\n\n{snippet}"));
    // An example crate and one never published name no release.
    p.write("examples/demo/Cargo.toml", "[package]\nname = \"demo\"\nversion = \"0.3.0\"\n");
    p.write(
        "apps/internal/Cargo.toml",
        "[package]\nname = \"internal\"\nversion = \"2.0.0\"\npublish = false\n",
    );
    p.write(
        "docs/crates.md",
        "# Crates\n\n```toml\n[dependencies]\ndemo = \"0.1\"\ninternal = \"1\"\n```\n",
    );
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "apps/rust-sdk/README.md"), [sk(5, "0.1", "1.2")]);
    assert!(skews(&a, "docs/crates.md").is_empty(), "an example's crate and an unpublished one");
}

#[test]
fn a_docs_sites_readme_names_the_docusaurus_it_builds_with() {
    let p = Project::new();
    p.write("package.json", "{\"name\": \"tool\", \"version\": \"2.0.0\"}\n");
    p.write("website/docusaurus.config.ts", "export default {};\n");
    p.write(
        "website/package.json",
        "{\"name\": \"website\", \"private\": true, \"dependencies\": {\"@docusaurus/core\": \"^3.9.2\"}}\n",
    );
    p.write(
        "website/README.md",
        "# Website\n\nThis website is built using [Docusaurus 2](https://docusaurus.io/), a modern static website generator.\n",
    );
    // Named for what a release did, not as what the site is built with.
    p.write(
        "website/docs/history.md",
        "# History\n\nDocusaurus 2 added versioned docs; we adopted them then.\n",
    );
    // A folder with no Docusaurus config depends on it for something else.
    p.write(
        "tools/package.json",
        "{\"name\": \"tools\", \"private\": true, \"dependencies\": {\"@docusaurus/core\": \"^3.0.0\"}}\n",
    );
    p.write("tools/README.md", "# Tools\n\nThis is built using Docusaurus 2.\n");
    let a = scan(&p, &["--no-git"]);
    assert_eq!(skews(&a, "website/README.md"), [sk(3, "2", "3")]);
    assert!(skews(&a, "website/docs/history.md").is_empty());
    assert!(skews(&a, "tools/README.md").is_empty(), "no site config beside it");
}

#[test]
fn a_security_policy_supporting_only_lines_before_the_newest_release() {
    let repo = GitRepo::new();
    let table = |rows: &str| {
        format!("# Security Policy\n\n## Supported Versions\n\n| Version | Supported |\n| ------- | --------- |\n{rows}\n")
    };
    repo.write(
        "SECURITY.md",
        &table("| 2.10.x | :white_check_mark: |\n| 2.9.x | :white_check_mark: |\n| < 2.9 | :x: |"),
    );
    repo.write(".github/SECURITY.md", &table("| 3.x | ✅ |"));
    repo.write("docs/SECURITY.md", &table("| latest | ✅ |\n| 1.x | ✅ |"));
    repo.write("docs/policy/SECURITY.md", &table("| 2.12.x | ✅ |\n| 2.11.x | ❌ |"));
    repo.write("docs/other/SECURITY.md", &table("| 1.x | ❌ |"));
    repo.commit("2024-01-01T00:00:00Z", "first");
    repo.git(&["tag", "v2.12.1"]);
    repo.git(&["tag", "pkg@9.0.0"]);
    repo.git(&["tag", "v3.0.0-rc.1"]);
    let a = scan_json(repo.path(), &["--exit-zero"], 0);
    assert_eq!(skews(&a, "SECURITY.md"), [sk(7, "2.10", "2.12")]);
    // Newer than the tags (a pre-release or a plan), `latest`, a newest line that is
    // current, or no supported line at all: nothing to say.
    assert_eq!(skewed_paths(&a), ["SECURITY.md"]);
}

#[test]
fn agent_context_states_the_stack_the_private_root_pins() {
    let p = Project::new();
    p.write(
        "package.json",
        "{\"private\": true, \"dependencies\": {\"react\": \"19.2.6\", \"typescript\": \"5.9.3\"},\n\
         \"devDependencies\": {\"vite\": \"^8.0.0\", \"vitest\": \"4.1.8\"}}\n",
    )
    .write(
        "CLAUDE.md",
        "# Repo\n\n## Key Technologies\n\n- **React 19.1.1** with Server Components\n\
         - **TypeScript 5.8.3** for type safety\n- **Vite 7.0.0** for bundling\n\
         - **Vitest 4.1.8** for testing\n- **React 19** and up\n\n\
         ## The Stack and the Heap\n\n- TypeScript 5.8.3 for type safety\n",
    )
    // A user's guide names the releases its readers use.
    .write("docs/guide.md", "# Guide\n\n## Tech Stack\n\n- **React 19.1.1** with Server Components\n");
    let a = scan(&p, &["--no-git"]);
    // A range (`^8.0.0`) pins no release; the same release, or its major alone, agrees;
    // a heading that names no stack frames no claim.
    assert_eq!(
        skews(&a, "CLAUDE.md"),
        [sk(5, "19.1.1", "19.2.6"), sk(6, "5.8.3", "5.9.3")],
        "{:#}",
        a["signals"]
    );
    assert_eq!(skewed_paths(&a), ["CLAUDE.md"]);
}

#[test]
fn a_setting_of_the_projects_setup_answers_to_the_release_it_pins() {
    let p = Project::new();
    p.write("go.mod", "module example.com/tool\n\ngo 1.26.0\n\ntoolchain go1.26.5\n")
        .write(
            "package.json",
            "{\"private\": true, \"packageManager\": \"yarn@4.18.0+sha512.abc\",\n\
             \"volta\": {\"node\": \"26.5.0\"}, \"workspaces\": [\"packages/*\"]}\n",
        )
        .write(
            "packages/lib/package.json",
            "{\"name\": \"lib\", \"version\": \"1.0.0\", \"engines\": {\"node\": \">=20.19.0\"}}\n",
        )
        .write(
            "CLAUDE.md",
            "# Repo\n\n\
             - **Go Version:** 1.26.4\n\
             - Yarn version: 4.10.0 (managed by corepack)\n\
             - **Node.js version**: 22.19.0 (managed by Volta)\n\
             - **Go Version:** 1.26.0\n\
             - Node.js version: 20.19.0\n\
             - Yarn version: 4.18.0\n\
             - Node.js version: 22\n",
        );
    let a = scan(&p, &["--no-git"]);
    // Go's `toolchain`, the `packageManager` release and Volta's `node` are the setup; the
    // floor itself (`go 1.26.0`, the packages' `>=20.19.0`), the pin itself, or a major
    // alone claims no setup release.
    assert_eq!(
        skews(&a, "CLAUDE.md"),
        [sk(3, "1.26.4", "1.26.5"), sk(4, "4.10.0", "4.18.0"), sk(5, "22.19.0", "26.5.0")],
        "{:#}",
        a["signals"]
    );
}
