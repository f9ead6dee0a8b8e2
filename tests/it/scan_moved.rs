//! Paths a doc names outside relative links, checked only where the evidence is firm:
//! the repository's own forge URLs on a branch, paths in shell commands (only when git
//! history shows they moved), and backticked paths on docs-site pages (the reader's own
//! files, unless git shows they were this repository's).

use crate::scan_support::{scan_json, GitRepo};

fn named<'a>(a: &'a serde_json::Value, path: &str) -> Vec<&'a serde_json::Value> {
    a["signals"][path].as_array().map(|s| s.iter().collect()).unwrap_or_default()
}

/// `(line, target, name)` of every signal on `path`.
fn line_target_name<'a>(a: &'a serde_json::Value, path: &str) -> Vec<(u64, &'a str, &'a str)> {
    named(a, path)
        .iter()
        .map(|s| {
            (
                s["line"].as_u64().unwrap(),
                s["target"].as_str().unwrap(),
                s["name"].as_str().unwrap(),
            )
        })
        .collect()
}

/// A repository that moved `src/theme/highlight.js` and `scripts/requirements/trio.in`
/// and deleted `tools/old.sh`, with docs naming the old paths in every form.
fn moved_repo() -> GitRepo {
    let repo = GitRepo::new();
    repo.write(
        "Cargo.toml",
        "[package]\nname = \"book\"\nversion = \"0.4.0\"\nrepository = \"https://github.com/acme/Book\"\n",
    );
    repo.write("mkdocs.yml", "site_name: x\n");
    repo.write("src/theme/highlight.js", "// js\n");
    repo.write("scripts/requirements/trio.in", "trio\n");
    repo.write("tools/old.sh", "echo\n");
    repo.write("docs/index.md", "# Home\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    for dir in ["crates/html/front-end", "test"] {
        std::fs::create_dir_all(repo.path().join(dir)).unwrap();
    }
    repo.git(&["mv", "src/theme/highlight.js", "crates/html/front-end/highlight.js"]);
    repo.git(&["mv", "scripts/requirements", "test/requirements"]);
    repo.git(&["rm", "-q", "tools/old.sh"]);
    repo.commit("2024-02-01T00:00:00Z", "move things");
    repo.write(
        "CONTRIBUTING.md",
        "# Contributing\n\n\
         Copy it to [`highlight.js`](https://github.com/acme/book/blob/master/src/theme/highlight.js).\n\
         Pinned: [old](https://github.com/acme/book/blob/v0.3.0/src/theme/highlight.js), \
         [fork](https://github.com/other/book/blob/master/src/theme/highlight.js), \
         [gone](https://github.com/acme/book/tree/main/nowhere).\n",
    );
    repo.write(
        "scripts/benchmark/README.md",
        "# Bench\n\n```shell\nuv run resolver \\\n    ../requirements/trio.in \\\n    ../requirements/missing.in\n```\n\n\
         ```\n$ rg 'fn write' tools\ntools/old.sh\n```\n\n```console\n$ sh tools/old.sh\n```\n",
    );
    repo.write(
        "docs/guide.md",
        "# Guide\n\nEdit `src/SUMMARY.md` of your book, or `playground/xxx`.\n\
         The old theme was `src/theme/highlight.js`.\n",
    );
    repo.write("playground/a/index.md", "# A\n");
    repo.write("src/lib.rs", "\n");
    repo.commit("2024-03-01T00:00:00Z", "docs");
    repo
}

#[test]
fn a_forge_url_of_this_repository_on_a_branch_is_checked_like_a_relative_link() {
    let repo = moved_repo();
    let a = scan_json(repo.path(), &[], 1);
    let sigs = named(&a, "CONTRIBUTING.md");
    assert_eq!(sigs.len(), 2, "{sigs:#?}");
    assert_eq!(sigs[0]["name"], "stale_name_location");
    assert_eq!(
        sigs[0]["target"],
        "https://github.com/acme/book/blob/master/src/theme/highlight.js"
    );
    assert_eq!(
        sigs[0]["suggestion"],
        "https://github.com/acme/book/blob/master/crates/html/front-end/highlight.js",
        "the fix keeps the link's own form"
    );
    assert_eq!(sigs[1]["name"], "broken_reference", "a branch URL to a path that never was");
    assert_eq!(sigs[1]["target"], "https://github.com/acme/book/tree/main/nowhere");
}

#[test]
fn a_bare_url_of_this_repository_is_a_link_too() {
    // GitHub links a URL written in text (GFM's autolinks); npm's shorthand
    // `"repository": "acme/tool"` names the repository.
    let repo = GitRepo::new();
    repo.write(
        "package.json",
        r#"{"name": "tool", "version": "1.0.0", "repository": "acme/tool"}"#,
    );
    repo.write("SECURITY.md", "# Security\n");
    repo.write("README.md", "# Tool\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["rm", "-q", "SECURITY.md"]);
    repo.commit("2024-02-01T00:00:00Z", "remove the local security policy");
    let url = "https://github.com/acme/tool/blob/main/SECURITY.md";
    repo.write(
        ".github/PULL_REQUEST_TEMPLATE.md",
        &format!(
            "- Report security fixes as per {url}.\n             - Or <a href=\"{url}\">{url}</a>, or [{url}]({url}).\n             - Still here: https://github.com/acme/tool/blob/main/README.md,              https://example.com/acme/tool/blob/main/nowhere.md and `{url}` in code.\n"
        ),
    );
    repo.commit("2024-03-01T00:00:00Z", "template");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, ".github/PULL_REQUEST_TEMPLATE.md"),
        [(1, url, "stale_name_location")],
        "the trailing `.` is no part of the URL; other hosts and existing files say nothing"
    );
    let sig = named(&a, ".github/PULL_REQUEST_TEMPLATE.md")[0];
    assert_eq!(
        sig["lines"],
        serde_json::json!([1, 2]),
        "one cause, every line; a URL that is a link's text or in code is not a second link"
    );
    assert!(sig["detail"].as_str().unwrap().contains("(2 times: lines 1, 2)"), "{sig}");
}

#[test]
fn a_status_badge_of_a_workflow_gone_from_github_workflows_is_stale() {
    // dagger's Java SDK README kept the badge of `test.yml` after its workflows moved to
    // `checks.yml`; watchexec's crate READMEs that of `check.yml`, merged into another.
    let repo = GitRepo::new();
    repo.write("package.json", r#"{"name": "tool", "repository": "acme/tool"}"#);
    for wf in ["ci.yml", "test.yml", "check.yml"] {
        repo.write(&format!(".github/workflows/{wf}"), &format!("name: {wf}\non: push\n"));
    }
    repo.write(
        "README.md",
        "# Tool
",
    );
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["mv", ".github/workflows/test.yml", ".github/workflows/checks.yml"]);
    repo.git(&["rm", "-q", ".github/workflows/check.yml"]);
    repo.commit("2024-02-01T00:00:00Z", "rework CI");
    let base = "https://github.com/acme/tool/actions/workflows";
    repo.write(
        "README.md",
        &format!(
            "# Tool\n\n\
             [![Test]({base}/test.yml/badge.svg?branch=main)]({base}/test.yml)\n\
             [![Check]({base}/check.yml/badge.svg)]({base}/check.yml?query=branch%3Amain)\n\
             [![CI]({base}/ci.yml/badge.svg)]({base}/ci.yml)\n\
             [![Lint](https://github.com/acme/tool/workflows/Lint/badge.svg)]({base}/lint.yaml)\n\
             [![Theirs](https://github.com/other/tool/actions/workflows/x.yml/badge.svg)](https://github.com/other/tool)\n\n\
             A tool that does one thing well.\n"
        ),
    );
    repo.commit("2024-03-01T00:00:00Z", "badges");
    let a = scan_json(repo.path(), &[], 1);
    let page = |wf: &str| format!("{base}/{wf}");
    assert_eq!(
        line_target_name(&a, "README.md"),
        [
            (3, page("test.yml").as_str(), "stale_name_location"),
            (4, page("check.yml").as_str(), "stale_name_location"),
            (6, page("lint.yaml").as_str(), "broken_reference"),
        ],
        "one signal a badge and its link; a workflow by name, or another repository's, is not a file"
    );
    let sigs = named(&a, "README.md");
    assert_eq!(sigs[0]["suggestion"], page("checks.yml"));
    let detail = sigs[1]["detail"].as_str().unwrap();
    assert!(detail.contains("(`.github/workflows/check.yml`) was deleted"), "{detail}");
    let detail = sigs[2]["detail"].as_str().unwrap();
    assert!(detail.contains("names this repository's `.github/workflows/lint.yaml`"), "{detail}");
}

#[test]
fn a_ci_services_badge_outlives_the_config_the_repository_deleted() {
    // zola's README kept its Azure Pipelines badge after `azure-pipelines.yml` went in
    // 2025; diesel's dynamic-schema README its Travis CI badge after `.travis.yml` went.
    let repo = GitRepo::new();
    repo.write("package.json", r#"{"name": "tool", "repository": "acme/tool"}"#);
    for config in [".travis.yml", "azure-pipelines.yml", "appveyor.yml", ".circleci/config.yml"] {
        repo.write(config, &format!("# {config}: its own steps\n"));
    }
    repo.write("README.md", "# Tool\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["rm", "-q", ".travis.yml", "azure-pipelines.yml", "appveyor.yml"]);
    // AppVeyor reads either name: the repository still builds there.
    repo.write(".appveyor.yml", "image: Visual Studio 2022\nbuild_script: make\n");
    repo.commit("2024-02-01T00:00:00Z", "move CI to GitHub Actions");
    let azure = "https://dev.azure.com/acme/tool";
    repo.write(
        "README.md",
        &format!(
            "# Tool\n\n\
             [![Build]({azure}/_apis/build/status/acme.tool?branchName=main)]({azure}/_build/latest?definitionId=1)\n\
             [![Travis](https://travis-ci.org/acme/tool.svg?branch=main)](https://travis-ci.org/acme/tool)\n\
             [![AppVeyor](https://ci.appveyor.com/api/projects/status/github/acme/tool?svg=true)](https://ci.appveyor.com/project/acme/tool)\n\
             [![CircleCI](https://circleci.com/gh/acme/tool.svg?style=svg)](https://circleci.com/gh/acme/tool)\n\
             [![Theirs](https://travis-ci.org/other/theme.svg)](https://travis-ci.org/other/theme)\n\n\
             See [the builds](https://travis-ci.com/acme/tool) and [Travis' docs](https://travis-ci.com/user/customizing-the-build).\n"
        ),
    );
    // A service the repository never configured says nothing git can confirm.
    repo.write("docs/ci.md", "[![Cirrus](https://api.cirrus-ci.com/github/acme/tool.svg)](https://cirrus-ci.com/github/acme/tool)\n");
    repo.commit("2024-03-01T00:00:00Z", "badges");
    let a = scan_json(repo.path(), &[], 1);
    let badge = format!("{azure}/_apis/build/status/acme.tool");
    assert_eq!(
        line_target_name(&a, "README.md"),
        [
            (3, badge.as_str(), "stale_name_location"),
            (4, "https://travis-ci.org/acme/tool.svg", "stale_name_location"),
            (9, "https://travis-ci.com/acme/tool", "stale_name_location"),
        ],
        "one signal a badge and its link, told by the badge; a config still there, another \
         repository's badge and a service's docs say nothing"
    );
    let sigs = named(&a, "README.md");
    let detail = sigs[1]["detail"].as_str().unwrap();
    assert_eq!(
        detail,
        "status badge `https://travis-ci.org/acme/tool.svg` is this repository's on Travis CI, \
         whose config `.travis.yml` was deleted in git history (2024-02-01): the service has \
         built nothing since"
    );
    assert_eq!(sigs[1]["related_path"], ".travis.yml");
    assert!(sigs[0]["detail"]
        .as_str()
        .unwrap()
        .contains("on Azure Pipelines, whose config `azure-pipelines.yml`"));
    assert!(sigs[2]["detail"]
        .as_str()
        .unwrap()
        .starts_with("build page `https://travis-ci.com/acme/tool`"));
    assert!(named(&a, "docs/ci.md").is_empty(), "git never had `.cirrus.yml`");
}

#[test]
fn the_remotes_name_this_repository_where_no_manifest_does() {
    // awslabs/mcp's server READMEs link `github.com/awslabs/mcp/blob/main/…` files that
    // never existed; no manifest at its root names the repository, its clone's remote
    // does. An `upstream` remote is this repository too (a fork's links name upstream).
    let repo = GitRepo::new();
    repo.write("docs/api.md", "# API\n");
    let readme = "- [API](https://github.com/acme/tool/blob/main/docs/api.md)\n\
                  - [Policies](https://github.com/acme/tool/blob/main/POLICIES.md)\n\
                  - [Fork](https://github.com/someone/tool/blob/main/FORK.md)\n\
                  - [Up](https://github.com/upstream/tool/tree/main/gone)\n\
                  - ![Banner](https://github.com/acme/tool/raw/v2/banner.png)\n\
                  - [Sprint](https://github.com/acme/tool/blob/main/.github/ISSUE_TEMPLATE/sprint.md)\n";
    repo.write("README.md", readme);
    repo.write("sub/README.md", "[Policies](https://github.com/acme/tool/blob/main/POLICIES.md)\n");
    // A template's slot: the plugin's name goes there when it is copied.
    let slot = "![Banner](https://github.com/acme/tool/raw/v2/plugins/PLUGIN_NAME/banner.png)\n";
    repo.write("shared/template/README.md", slot);
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["remote", "add", "origin", "git@github.com:Acme/tool.git"]);
    repo.git(&["remote", "add", "upstream", "https://github.com/upstream/tool"]);
    // The clone's record of origin's default branch (`git clone` writes it): `v2`.
    repo.git(&["update-ref", "refs/remotes/origin/v2", "HEAD"]);
    repo.git(&["symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/v2"]);
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, "README.md"),
        [
            (2, "https://github.com/acme/tool/blob/main/POLICIES.md", "broken_reference"),
            (4, "https://github.com/upstream/tool/tree/main/gone", "broken_reference"),
            (5, "https://github.com/acme/tool/raw/v2/banner.png", "broken_reference"),
            (
                6,
                "https://github.com/acme/tool/blob/main/.github/ISSUE_TEMPLATE/sprint.md",
                "broken_reference"
            ),
        ],
        "origin (scp form, any case) and upstream are this repository, on its default \
         branch too; another is not"
    );
    // Scanned from below the top of the work tree, a forge URL's path is not the root's.
    let sub = scan_json(&repo.path().join("sub"), &[], 0);
    assert!(named(&sub, "README.md").is_empty(), "{sub}");
    assert!(named(&a, "shared/template/README.md").is_empty(), "{a}");
    let without_git = scan_json(repo.path(), &["--no-git"], 0);
    assert!(named(&without_git, "README.md").is_empty(), "--no-git reads no remote");
}

#[test]
fn paths_in_shell_commands_fire_only_when_git_shows_they_moved() {
    let repo = moved_repo();
    let a = scan_json(repo.path(), &[], 1);
    let sigs = named(&a, "scripts/benchmark/README.md");
    assert_eq!(
        line_target_name(&a, "scripts/benchmark/README.md"),
        [
            (5, "../requirements/trio.in", "stale_name_location"),
            (15, "tools/old.sh", "stale_name_location"),
        ],
        "a path git never knew (missing.in) and command output (line 11) say nothing"
    );
    assert_eq!(sigs[0]["suggestion"], "../../test/requirements/trio.in");
}

#[test]
fn a_commands_dot_slash_path_is_read_from_the_checkouts_top() {
    let repo = GitRepo::new();
    repo.write("tools/coverage.sh", "echo\n");
    repo.write("tools/lint.sh", "echo\n");
    repo.write("tools/bench.sh", "echo\n");
    repo.write("docs/local.sh", "echo\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["mv", "tools/coverage.sh", "tools/unit-coverage.sh"]);
    repo.git(&["mv", "tools/bench.sh", "tools/run-bench.sh"]);
    repo.commit("2024-02-01T00:00:00Z", "rename");
    // `./tools/…` from `docs/`: `docs/tools/` is no folder, the root's `tools/` is. A
    // `./local.sh` beside the doc, an output the command writes and a path after `cd`
    // into a folder of the repository are left alone.
    repo.write(
        "docs/DEVELOPMENT.md",
        "# Dev\n\n```bash\ncd repo\n./tools/coverage.sh\n./tools/lint.sh\n./local.sh\n\
         gen --output-file ./tools/coverage.sh\n```\n\n```bash\ncd tools/\n./tools/bench.sh\n```\n",
    );
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let got: Vec<(u64, &str, &str)> = named(&a, "docs/DEVELOPMENT.md")
        .iter()
        .map(|s| {
            let suggestion = s["suggestion"].as_str().unwrap_or_default();
            (s["line"].as_u64().unwrap(), s["target"].as_str().unwrap(), suggestion)
        })
        .collect();
    assert_eq!(got, [(5, "./tools/coverage.sh", "./tools/unit-coverage.sh")]);
}

#[test]
fn an_agent_files_inline_commands_and_a_packages_commands_are_checked_too() {
    let repo = GitRepo::new();
    repo.write("internal/llm/prompt/prompt.go", "package prompt\n");
    repo.write("frontend/src/__tests__/lru.test.ts", "test\n");
    repo.write("frontend/package.json", "{}\n");
    repo.write("README.md", "# R\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["rm", "-q", "-r", "internal/llm", "frontend/src/__tests__/lru.test.ts"]);
    repo.write("frontend/src/main.ts", "\n");
    repo.commit("2024-02-01T00:00:00Z", "remove old code");
    let text = "# Agents\n\nRun one test: `go test ./internal/llm/prompt -run TestX`.\n";
    repo.write("AGENTS.md", text);
    // The same words in a user doc may be another repository's commands.
    repo.write("NOTES.md", &text.replace("# Agents", "# Notes"));
    repo.write(
        "frontend/AGENTS.md",
        "# Frontend\n\n```bash\npnpm test src/__tests__/lru.test.ts  # one file\n```\n",
    );
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let root = named(&a, "AGENTS.md");
    assert_eq!(root.len(), 1, "{root:#?}");
    assert_eq!(root[0]["name"], "stale_name_location");
    assert_eq!(root[0]["target"], "./internal/llm/prompt");
    assert!(named(&a, "NOTES.md").is_empty());
    let frontend = named(&a, "frontend/AGENTS.md");
    assert_eq!(frontend.len(), 1, "the package's own path, run from the package: {frontend:#?}");
    assert_eq!(frontend[0]["target"], "src/__tests__/lru.test.ts");
    assert_eq!(frontend[0]["line"], 4);
}

#[test]
fn an_agent_files_command_path_git_never_had_in_a_folder_that_is_there_is_broken() {
    let repo = GitRepo::new();
    repo.write("libs/core/tests/unit/agent/test_agent_config.py", "\n");
    repo.write("tests/unit/test_confidence.py", "\n");
    repo.write("test/fixtures/tsql/select_top.sql", "\n");
    repo.write(".github/workflows/ci.yml", "on: push\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    let text = "# Agents\n\n```bash\n\
        pytest libs/core/tests/unit/test_agent.py\n\
        uv run pytest tests/pm_agent/\n\
        uv run pytest tests/test_name.py -k name\n\
        uv run pytest tests/module/\n\
        pytest tests/unit/test_specific_file.py\n\
        pytest missing/tests/test_x.py\n\
        echo 'SELECT TOP 1' > test/fixtures/tsql/top_clause.sql\n\
        sqlfluff parse test/fixtures/tsql/top_clause.sql\n\
        pytest tests/unit/test_later.py\n\
        touch tests/unit/test_later.py\n\
        cat .github/workflows/gone.yml\n\
        ```\n";
    repo.write("AGENTS.md", text);
    // A contributor's guide walks through the contributor's own new files.
    repo.write("CONTRIBUTING.md", &text.replace("# Agents", "# Contributing"));
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let got: Vec<(u64, &str)> = named(&a, "AGENTS.md")
        .iter()
        .map(|s| (s["line"].as_u64().unwrap(), s["target"].as_str().unwrap()))
        .collect();
    // Patterns to fill in (`test_name.py`, `module/`, `test_specific_file.py`), a path
    // whose folder is missing too, the files other lines write (before or after) and a
    // hidden folder's path say nothing.
    assert_eq!(got, [(4, "libs/core/tests/unit/test_agent.py"), (5, "tests/pm_agent/")]);
    assert_eq!(named(&a, "AGENTS.md")[0]["name"], "broken_reference");
    assert!(named(&a, "CONTRIBUTING.md").is_empty(), "{a}");
    // Without git, nothing says the path was never there.
    let no_git = scan_json(repo.path(), &["--no-git"], 0);
    assert!(named(&no_git, "AGENTS.md").is_empty());
}

#[test]
fn a_line_link_whose_lines_moved_gets_their_new_numbers() {
    let repo = GitRepo::new();
    let server =
        "use a;\n\nfn in_range(p: Point) -> bool {\n    p.x > 0\n}\n\nfn other_item() {}\n";
    repo.write("src/server.rs", server);
    repo.write("src/lib.rs", &"pub fn item_number() {}\n".repeat(6));
    repo.write(
        "Cargo.toml",
        "[package]\nname = \"r\"\nversion = \"0.1.0\"\nrepository = \"https://github.com/o/r\"\n",
    );
    repo.write(
        "docs/guide.md",
        "# Guide\n\nSee [in_range](../src/server.rs#L3) and [the body of in_range](../src/server.rs#L3-L5).\n\n\
         The [brace](../src/server.rs#L5) and [other](https://github.com/o/r/blob/main/src/server.rs#L7).\n\n\
         A [permalink](https://github.com/o/r/blob/v1.0/src/server.rs#L3).\n\n\
         Defined in: [src/server.rs:3](../src/server.rs#L3)\n",
    );
    let page: String = (1..=6).map(|n| format!("- [item {n}](../src/lib.rs#L{n})\n")).collect();
    repo.write("docs/api.md", &format!("# API\n\n{page}"));
    repo.write("CHANGELOG.md", "# Changes\n\n- Fixed [in_range](src/server.rs#L3).\n");
    repo.commit("2024-01-01T00:00:00Z", "docs");
    repo.write("src/server.rs", &format!("use b;\n// moved down\n{server}"));
    repo.write("src/lib.rs", &format!("// header\n{}", "pub fn item_number() {}\n".repeat(6)));
    repo.commit("2024-02-01T00:00:00Z", "code");
    let a = scan_json(repo.path(), &[], 1);
    let got: Vec<(u64, &str, &str)> = named(&a, "docs/guide.md")
        .iter()
        .map(|s| {
            let fix = s["suggestion"].as_str().unwrap_or_default();
            (s["line"].as_u64().unwrap(), s["target"].as_str().unwrap(), fix)
        })
        .collect();
    // A lone brace, a permalink and TypeDoc's `Defined in:` line are left alone.
    assert_eq!(
        got,
        [
            (3, "../src/server.rs#L3", "../src/server.rs#L5"),
            (3, "../src/server.rs#L3-L5", "../src/server.rs#L5-L7"),
            (
                5,
                "https://github.com/o/r/blob/main/src/server.rs#L7",
                "https://github.com/o/r/blob/main/src/server.rs#L9"
            ),
        ]
    );
    assert_eq!(named(&a, "docs/guide.md")[0]["name"], "stale_name_location");
    assert_eq!(named(&a, "docs/guide.md")[0]["changed_files"][0], "src/server.rs");
    // The same text on every line of lib.rs is found more than once: nothing to fix.
    assert!(named(&a, "docs/api.md").is_empty(), "{a}");
    assert!(named(&a, "CHANGELOG.md").is_empty());
    let no_git = scan_json(repo.path(), &["--no-git"], 0);
    assert!(named(&no_git, "docs/guide.md").is_empty());
}

#[test]
fn a_page_of_many_line_links_that_moved_is_one_signal() {
    let repo = GitRepo::new();
    let code: String = (1..=8).map(|n| format!("pub fn item_{n}() {{}}\n")).collect();
    repo.write("src/lib.rs", &code);
    let page: String = (1..=6).map(|n| format!("- [item {n}](../src/lib.rs#L{n})\n")).collect();
    repo.write("docs/api.md", &format!("# API\n\n{page}"));
    repo.commit("2024-01-01T00:00:00Z", "docs");
    repo.write("src/lib.rs", &format!("// header\n{code}"));
    repo.commit("2024-02-01T00:00:00Z", "code");
    let a = scan_json(repo.path(), &[], 1);
    let sigs = named(&a, "docs/api.md");
    assert_eq!(sigs.len(), 1, "{sigs:#?}");
    assert_eq!(sigs[0]["lines"], serde_json::json!([3, 4, 5, 6, 7, 8]));
    assert!(sigs[0]["detail"]
        .as_str()
        .unwrap()
        .starts_with("6 line links name lines of `src/lib.rs`"));
}

#[test]
fn a_lone_folder_agent_context_lists_is_checked_on_gits_evidence() {
    let repo = GitRepo::new();
    repo.write("sdk-ts/index.ts", "export {}\n");
    repo.write("web/README.md", "# Web\n");
    repo.write("web/legacy/a.ts", "\n");
    repo.write("README.md", "# R\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["rm", "-q", "-r", "sdk-ts", "web/legacy"]);
    repo.commit("2024-02-01T00:00:00Z", "drop the SDK");
    let list = "- `sdk-ts/` - TypeScript SDK\n- `web/` - the site\n- `legacy/` - old code\n\
                - `scratch/` - your notes\n- `dist/` - build output\n";
    repo.write("CLAUDE.md", &format!("# Project\n\n{list}"));
    // A nested file names its own folder's parts; a user doc's lone names are the reader's.
    repo.write("web/AGENTS.md", &format!("# Web\n\n{list}"));
    repo.write("docs/guide.md", &format!("# Guide\n\n{list}"));
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let targets = |doc: &str| -> Vec<String> {
        named(&a, doc).iter().map(|s| format!("{} {}", s["name"], s["target"])).collect()
    };
    assert_eq!(targets("CLAUDE.md"), ["\"stale_name_location\" \"sdk-ts/\""]);
    assert_eq!(targets("web/AGENTS.md"), ["\"stale_name_location\" \"legacy/\""]);
    assert!(targets("docs/guide.md").is_empty());
}

#[test]
fn an_agent_files_imports_must_name_files() {
    let repo = GitRepo::new();
    repo.write("ai_docs/hooks.md", "# Hooks\n");
    repo.write("README.md", "# R\n");
    repo.write(".gitignore", "CLAUDE.local.md\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    std::fs::create_dir_all(repo.path().join("ai_docs/legacy")).unwrap();
    repo.git(&["mv", "ai_docs/hooks.md", "ai_docs/legacy/hooks.md"]);
    repo.commit("2024-02-01T00:00:00Z", "archive the hook docs");
    // A command's `@path` is read from the project root; a memory file's from its folder.
    repo.write(
        ".claude/commands/prime.md",
        "# Prime\n\nRead:\n\n- @README.md\n- @ai_docs/hooks.md\n- @ai_docs/setup.md\n\n\
         Not files: @scope/pkg, @router.get, @${CLAUDE_SKILL_DIR}/role.md, `@ai_docs/x.md`.\n\n\
         If `.github/aw/local.md` exists, load it with:\n@.github/aw/local.md\n",
    );
    repo.write("CLAUDE.md", "# Project\n\nSee @docs/rules.md and @CLAUDE.local.md.\n");
    repo.write("docs/guide.md", "# Guide\n\nAsk @docs/nothing.md, a person's handle.\n");
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, ".claude/commands/prime.md"),
        [
            (6, "ai_docs/hooks.md", "stale_name_location"),
            (7, "ai_docs/setup.md", "broken_reference"),
        ]
    );
    let moved = &named(&a, ".claude/commands/prime.md")[0];
    assert_eq!(moved["suggestion"], "ai_docs/legacy/hooks.md");
    let claude = named(&a, "CLAUDE.md");
    assert_eq!(claude.len(), 1, "{claude:?}");
    assert_eq!(claude[0]["target"], "docs/rules.md");
    assert!(
        claude[0]["detail"].as_str().unwrap().contains("imports `@docs/rules.md`"),
        "{}",
        claude[0]["detail"]
    );
    assert!(named(&a, "docs/guide.md").is_empty(), "a user doc's `@` is no import");
}

#[test]
fn a_tutorials_code_paths_are_its_readers_project() {
    let repo = GitRepo::new();
    repo.write("src/index.js", "export {}\n");
    repo.write("README.md", "# R\n");
    repo.write("mkdocs.yml", "site_name: x\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["mv", "src/index.js", "src/index.ts"]);
    repo.commit("2024-02-01T00:00:00Z", "typescript");
    let text = "# Start\n\nOpen `src/index.js` and run:\n\n```console\n$ node src/index.js\n```\n\nThen read [the guide](./next.md).\n";
    repo.write("docs/tutorials/quick-start.md", text);
    repo.write("CONTRIBUTING.md", text);
    repo.write("CLAUDE.md", text);
    // A contributor's getting-started note outside the site names this repository's files.
    repo.write("core/docs/getting_started.md", text);
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let targets = |doc: &str| -> Vec<String> {
        named(&a, doc).iter().map(|s| s["target"].as_str().unwrap().to_string()).collect()
    };
    // The site tutorial's reader builds their own app; its links are still this
    // repository's.
    assert_eq!(targets("docs/tutorials/quick-start.md"), ["./next.md"]);
    assert!(targets("core/docs/getting_started.md").contains(&"src/index.js".to_string()));
    assert!(
        targets("CONTRIBUTING.md").contains(&"src/index.js".to_string()),
        "{:?}",
        targets("CONTRIBUTING.md")
    );
    assert!(targets("CLAUDE.md").contains(&"src/index.js".to_string()));
}

#[test]
fn a_path_moved_into_a_package_long_before_the_doc_is_named_from_inside_it() {
    let repo = GitRepo::new();
    repo.write("src/model.js", "export {}\n");
    // The root keeps a `src/`: an agent file's missing path there would count unmoved.
    repo.write("src/cli.js", "export {}\n");
    repo.write("README.md", "# R\n");
    repo.commit("2022-01-01T00:00:00Z", "start");
    repo.write("CONTRIBUTING.md", "# Contributing\n\nThe model is `src/model.js`.\n");
    repo.commit("2022-06-01T00:00:00Z", "contributing");
    std::fs::create_dir_all(repo.path().join("packages/core/src")).unwrap();
    repo.git(&["mv", "src/model.js", "packages/core/src/model.js"]);
    repo.commit("2023-01-15T00:00:00Z", "monorepo");
    // Written two years after the move, under a heading naming the package.
    repo.write(".github/copilot-instructions.md", "# Core package files\n\n- `src/model.js`\n");
    repo.commit("2025-07-29T00:00:00Z", "instructions");
    let a = scan_json(repo.path(), &[], 1);
    assert!(named(&a, ".github/copilot-instructions.md").is_empty(), "{:?}", a["signals"]);
    // A doc from before the move still names the old place.
    assert_eq!(
        line_target_name(&a, "CONTRIBUTING.md"),
        [(3, "src/model.js", "stale_name_location")]
    );
}

#[test]
fn a_path_every_package_has_is_named_from_inside_each_but_a_rename_is_reported() {
    let repo = GitRepo::new();
    repo.write("tests/unit/test_a.py", "\n");
    repo.write("src/types.ts", "export {}\n");
    repo.write("src/lib/x.ts", "export {}\n");
    repo.write("libs/c/pyproject.toml", "[project]\nname = \"c\"\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    for pkg in ["libs/a", "libs/b"] {
        repo.write(&format!("{pkg}/pyproject.toml"), "[project]\nname = \"x\"\n");
        repo.write(&format!("{pkg}/tests/unit/test_b.py"), "\n");
        repo.write(&format!("{pkg}/src/lib/x.ts"), &format!("export const {} = 1;\n", &pkg[5..]));
    }
    repo.git(&["rm", "-q", "-r", "tests", "src/lib"]);
    std::fs::create_dir_all(repo.path().join("libs/a/src")).unwrap();
    repo.git(&["mv", "src/types.ts", "libs/a/src/types.ts"]);
    repo.commit("2024-02-01T00:00:00Z", "split into packages");
    let text = "# Agents\n\nRun `tests/unit/` in the package; code is in `src/lib`.\n\nTypes: `src/types.ts`.\n";
    repo.write("AGENTS.md", text);
    // A package's own doc names that package's paths: it has no `src/lib/x.ts`, whatever
    // the other packages have.
    repo.write("libs/c/README.md", "# C\n\nSee `src/lib/x.ts`.\n");
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    // Both packages have `tests/unit/` and `src/lib`: the root's old copies say nothing.
    // `src/types.ts` moved to one home: reported.
    assert_eq!(line_target_name(&a, "AGENTS.md"), [(5, "src/types.ts", "stale_name_location")]);
    assert_eq!(
        line_target_name(&a, "libs/c/README.md"),
        [(3, "src/lib/x.ts", "stale_name_location")]
    );
}

#[test]
fn a_clone_missing_blobs_still_gives_deletions_and_unchanged_renames() {
    let repo = GitRepo::new();
    let long: String = (0..40).map(|i| format!("line {i} of the notes\n")).collect();
    repo.write("notes/big.txt", &long);
    repo.write("docs/setup.md", "# Setup\n");
    repo.write("tools/old.sh", "echo old\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    // An edited move: git's `-M` must read both blobs to score it.
    repo.git(&["rm", "-q", "notes/big.txt"]);
    repo.write("notes/bigger.txt", &format!("{long}one more line\n"));
    repo.git(&["mv", "docs/setup.md", "docs/install.md"]);
    repo.git(&["rm", "-q", "tools/old.sh"]);
    repo.commit("2024-02-01T00:00:00Z", "move things");
    repo.write("README.md", "# R\n\nSee [setup](docs/setup.md) and [the script](tools/old.sh).\n");
    repo.commit("2024-03-01T00:00:00Z", "docs");
    // Drop the old notes' blob, as a partial clone that never fetched it would lack it.
    let id = repo.git(&["rev-parse", "HEAD~2:notes/big.txt"]);
    let id = id.trim();
    std::fs::remove_file(repo.path().join(".git/objects").join(&id[..2]).join(&id[2..])).unwrap();
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(a["git"]["used"], true, "{:#?}", a["git"]);
    assert!(a["git"]["note"].as_str().unwrap().contains("partial clone"), "{:#?}", a["git"]);
    let got: Vec<(String, String)> = named(&a, "README.md")
        .iter()
        .map(|s| (s["target"].as_str().unwrap().to_string(), s["suggestion"].to_string()))
        .collect();
    assert_eq!(
        got,
        [
            ("docs/setup.md".to_string(), "\"docs/install.md\"".to_string()),
            ("tools/old.sh".to_string(), "null".to_string()),
        ]
    );
}

#[test]
fn a_file_gone_from_a_tools_hidden_folder_is_the_readers_unless_a_script() {
    let repo = GitRepo::new();
    repo.write(".changeset/config.json", "{}\n");
    repo.write(".changeset/pre.json", "{}\n");
    repo.write(".scripts/setup.sh", "echo\n");
    repo.write(".scripts/other.sh", "echo\n");
    repo.write(".github/workflows/old.yml", "on: push\n");
    repo.write(".github/workflows/ci.yml", "on: push\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&[
        "rm",
        "-q",
        ".changeset/pre.json",
        ".scripts/setup.sh",
        ".github/workflows/old.yml",
    ]);
    repo.commit("2024-02-01T00:00:00Z", "exit prerelease, drop setup");
    repo.write(
        "CONTRIBUTING.md",
        "# Contributing\n\nIn prerelease mode `.changeset/pre.json` exists.\n\
         Run `.scripts/setup.sh` first; CI runs `.github/workflows/old.yml`.\n",
    );
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let targets: Vec<&str> =
        named(&a, "CONTRIBUTING.md").iter().map(|s| s["target"].as_str().unwrap()).collect();
    assert_eq!(targets, [".github/workflows/old.yml", ".scripts/setup.sh"]);
}

#[test]
fn a_changelog_keeps_the_links_of_its_day_but_not_broken_images() {
    let repo = moved_repo();
    repo.write("docs/og.png", "png\n");
    repo.commit("2024-03-02T00:00:00Z", "image");
    repo.git(&["rm", "-q", "docs/og.png"]);
    repo.write(
        "CHANGELOG.md",
        "# Acme book\n\n## 0.3.0\n\n- See [old](tools/old.sh) and \
         [tree](https://github.com/acme/book/tree/main/nowhere).\n\
         - ![banner](docs/og.png)\n- [typo](tools/nothing.sh)\n",
    );
    repo.commit("2024-04-01T00:00:00Z", "changelog");
    let a = scan_json(repo.path(), &[], 1);
    let got: Vec<(&str, &str)> = named(&a, "CHANGELOG.md")
        .iter()
        .map(|s| (s["name"].as_str().unwrap(), s["target"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [("stale_name_location", "docs/og.png"), ("broken_reference", "tools/nothing.sh")],
        "a link deleted since and the tree URL are history; an image shows broken, and a \
         link broken since written is a typo"
    );
}

#[test]
fn a_release_log_under_another_name_reads_its_release_entries_as_a_changelog() {
    let repo = moved_repo();
    repo.write("docs/og.png", "png\n");
    repo.commit("2024-03-02T00:00:00Z", "image");
    repo.git(&["rm", "-q", "docs/og.png"]);
    // kedro's `RELEASE.md`: three release headings make it a log of releases.
    repo.write(
        "RELEASE.md",
        "# Upcoming Release\n\n- Run `tools/old.sh` first.\n\n# Release 0.3.0\n\n\
         | Old | New |\n|---|---|\n| `tools/old.sh` | `tools/gone.sh` |\n\n\
         ![banner](docs/og.png)\n\n# Release 0.2.0\n\n- [old](tools/old.sh)\n\n\
         # Release 0.1.0\n\n- First.\n",
    );
    repo.commit("2024-04-01T00:00:00Z", "release notes");
    let a = scan_json(repo.path(), &[], 1);
    // One line each: no repeat of the cause in a shipped release (`lines` lists repeats).
    let got: Vec<(&str, u64, bool)> = named(&a, "RELEASE.md")
        .iter()
        .map(|s| {
            let repeated = s.get("lines").is_some_and(|l| !l.is_null());
            (s["target"].as_str().unwrap(), s["line"].as_u64().unwrap(), repeated)
        })
        .collect();
    assert_eq!(
        got,
        [("tools/old.sh", 3, false), ("docs/og.png", 11, false)],
        "the upcoming release is current; a shipped release's paths deleted since are \
         history, its broken image still shows"
    );
}

#[test]
fn a_docs_site_page_names_the_readers_files_unless_git_shows_they_were_ours() {
    let repo = moved_repo();
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(a["files"]["docs/guide.md"]["role"], "site_page");
    let sigs = named(&a, "docs/guide.md");
    assert_eq!(sigs.len(), 1, "src/SUMMARY.md and the placeholder say nothing: {sigs:#?}");
    assert_eq!(sigs[0]["name"], "stale_name_location");
    assert_eq!(sigs[0]["target"], "src/theme/highlight.js");
}

#[test]
fn folders_moved_or_deleted_are_stale_even_when_their_first_folder_is_gone() {
    let repo = GitRepo::new();
    repo.write("aider/tests/basic/test_coder.py", "\n");
    repo.write("aider/tests/test_io.py", "\n");
    repo.write("aider/main.py", "\n");
    repo.write("src/tools/registry.py", "\n");
    repo.write("README.md", "# R\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["mv", "aider/tests", "tests"]);
    std::fs::create_dir_all(repo.path().join("lib")).unwrap();
    repo.git(&["mv", "src/tools", "lib/tools"]);
    repo.commit("2024-02-01T00:00:00Z", "move folders");
    repo.write(
        "CONTRIBUTING.md",
        "# Contributing\n\nTests live in `aider/tests/`; tools in `src/tools/`.\n\
         Your own `src/widgets/` folder is yours.\n",
    );
    repo.write("docs/migration.md", "# Migration\n\n`aider/tests/` moved to `tests/`.\n");
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let sigs = named(&a, "CONTRIBUTING.md");
    let got: Vec<(&str, &str)> = sigs
        .iter()
        .map(|s| (s["target"].as_str().unwrap(), s["suggestion"].as_str().unwrap_or_default()))
        .collect();
    assert_eq!(got, [("aider/tests/", "tests/"), ("src/tools/", "lib/tools/")], "{sigs:#?}");
    assert!(sigs.iter().all(|s| s["name"] == "stale_name_location"));
    assert!(named(&a, "docs/migration.md").is_empty(), "a migration guide names old paths");
}

#[test]
fn a_relative_link_to_a_deleted_top_folder_is_stale_but_a_route_is_not() {
    let repo = GitRepo::new();
    repo.write("close-automation/SKILL.md", "# Close\n");
    repo.write("docs/index.md", "# Docs\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["rm", "-q", "-r", "close-automation", "docs"]);
    repo.commit("2024-02-01T00:00:00Z", "drop them");
    repo.write(
        "README.md",
        "# Skills\n\n- [Close](./close-automation/)\n- Your `close-automation/` folder.\n",
    );
    repo.write("guide/intro.md", "# Intro\n\nSee [the docs](/docs) on the site.\n");
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, "README.md"),
        [(3, "./close-automation/", "stale_name_location")],
        "the link is this repository's; the backticked lone name is the reader's"
    );
    assert!(named(&a, "guide/intro.md").is_empty(), "`/docs` from a folder is a route");
}

#[test]
fn a_python_module_path_survives_its_package_moving_under_a_folder() {
    let repo = GitRepo::new();
    repo.write("pkg/__init__.py", "\n");
    repo.write("pkg/utils.py", "\n");
    repo.write("tests/ref.rs", "\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    std::fs::create_dir_all(repo.path().join("slim")).unwrap();
    repo.git(&["mv", "pkg", "slim/pkg"]);
    std::fs::create_dir_all(repo.path().join("term")).unwrap();
    repo.git(&["mv", "tests", "term/tests"]);
    repo.commit("2024-02-01T00:00:00Z", "move");
    repo.write(
        "docs/notes.md",
        "# Notes\n\nHelpers are in `pkg/utils.py`; ref tests in `./tests/ref.rs`.\n",
    );
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let sigs = named(&a, "docs/notes.md");
    let targets: Vec<&str> = sigs.iter().map(|s| s["target"].as_str().unwrap()).collect();
    assert_eq!(targets, ["./tests/ref.rs"], "a module is named as it is imported: {sigs:#?}");
}

#[test]
fn a_readme_written_for_its_registry_page_resolves_links_from_the_root() {
    let repo = GitRepo::new();
    let readme = "# Tool\n\n![demo](demo.gif) and [docs](docs/guide.md).\n";
    repo.write("README.md", readme);
    repo.write("demo.gif", "gif\n");
    repo.write("docs/guide.md", "# Guide\n");
    let npm = r#"{"name": "tool", "repository": "https://github.com/acme/tool"}"#;
    // A copy of the root README that npm shows, and a VS Code extension's README.
    repo.write("npm/package.json", npm);
    repo.write("npm/README.md", readme);
    repo.write(
        "extension/package.json",
        r#"{"name": "ext", "repository": {"url": "https://github.com/acme/tool"}, "engines": {"vscode": "^1.90.0"}}"#,
    );
    repo.write("extension/README.md", "# Ext\n\nSee [docs](docs/guide.md).\n");
    // Any other package README is read on GitHub, from its folder; and with
    // `repository.directory` npm resolves from the folder too.
    repo.write("pkg/package.json", npm);
    repo.write("pkg/README.md", "# Pkg\n\nSee [docs](docs/guide.md).\n");
    repo.write(
        "dir/package.json",
        r#"{"name": "d", "repository": {"url": "x", "directory": "dir"}, "engines": {"vscode": "1"}}"#,
    );
    repo.write("dir/README.md", "# Dir\n\nSee [docs](docs/guide.md).\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    let a = scan_json(repo.path(), &[], 1);
    assert!(named(&a, "npm/README.md").is_empty(), "{:#?}", named(&a, "npm/README.md"));
    assert!(named(&a, "extension/README.md").is_empty());
    for doc in ["pkg/README.md", "dir/README.md"] {
        let sigs = named(&a, doc);
        assert_eq!(sigs.len(), 1, "{doc}: {sigs:#?}");
        assert_eq!(sigs[0]["target"], "docs/guide.md");
    }
}

#[test]
fn what_a_command_writes_a_spec_and_a_path_said_to_be_gone_are_not_stale() {
    let repo = moved_repo();
    // Each doc names the deleted `tools/old.sh` twice: once where it is stale, once where
    // it is not (written by a command, named in a spec, said to be gone).
    repo.write(
        "guide/install.md",
        "# Install\n\n```sh\nsh tools/old.sh\nmkdir -p tools/old.sh\ncp a.txt tools/old.sh\n\
         ls > tools/old.sh\n```\n",
    );
    repo.write("specs/001-x/spec.md", "# Spec\n\nRun `tools/old.sh` first.\n");
    repo.write(
        "guide/notes.md",
        "# Notes\n\nThe script (`tools/old.sh`) was removed in February.\n\n\
         Run `tools/old.sh` to set up. See the spec.\n",
    );
    repo.commit("2024-04-01T00:00:00Z", "more docs");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, "guide/install.md"),
        [(4, "tools/old.sh", "stale_name_location")],
        "mkdir, cp's destination and a redirection write the path; only `sh` reads it"
    );
    let install = named(&a, "guide/install.md");
    assert!(install[0]["lines"].is_null(), "lines 5-7 are not among its lines: {}", install[0]);
    assert!(named(&a, "specs/001-x/spec.md").is_empty(), "a spec names its day's layout");
    assert_eq!(
        line_target_name(&a, "guide/notes.md"),
        [(5, "tools/old.sh", "stale_name_location")],
        "line 3 says the script was removed"
    );
}

#[test]
fn a_sentence_over_two_lines_that_says_a_path_is_gone_is_no_signal() {
    let repo = moved_repo();
    repo.write(
        "AGENTS.md",
        "# Agents\n\nThere are no per-tool scripts; `tools/old.sh` and\nsimilar paths do not exist.\n\n\
         Run `tools/old.sh`\nbefore a release.\n",
    );
    repo.commit("2024-04-01T00:00:00Z", "agents");
    let a = scan_json(repo.path(), &[], 1);
    // The sentence goes on to the next line, which says the path is gone; the other
    // sentence names it as live.
    assert_eq!(line_target_name(&a, "AGENTS.md"), [(6, "tools/old.sh", "stale_name_location")]);
}

/// A repository whose `files` were committed at the root, then whose folder `moved` went
/// into `packages/transformers/` (transformers.js' monorepo move).
fn moved_into_a_package(files: &[&str], moved: &str) -> GitRepo {
    let repo = GitRepo::new();
    for file in files {
        repo.write(file, "x\n");
    }
    repo.write("README.md", "# R\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    std::fs::create_dir_all(repo.path().join("packages/transformers")).unwrap();
    repo.git(&["mv", moved, &format!("packages/transformers/{moved}")]);
    repo.commit("2024-02-01T00:00:00Z", "monorepo");
    repo
}

#[test]
fn a_path_after_cd_is_read_from_the_folder_entered() {
    // transformers.js: the tests moved into `packages/transformers/`, and the guide's
    // command enters it first.
    let repo = moved_into_a_package(&["tests/models.test.js"], "tests");
    repo.write(
        "CONTRIBUTING.md",
        "# Contributing\n\n```bash\ncd packages/transformers\npnpm test -- ./tests/models.test.js\n```\n\n\
         ```bash\ncd packages/transformers && pnpm test -- tests/models.test.js\n```\n\n\
         ```bash\npnpm test -- ./tests/models.test.js\n```\n",
    );
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, "CONTRIBUTING.md"),
        [(13, "./tests/models.test.js", "stale_name_location")],
        "only the command run from the root names the moved path"
    );
    // The folder a `cd` enters is a path the command reads, checked as any other.
    let repo = GitRepo::new();
    repo.write("old/sub/x.txt", "x\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["mv", "old", "new"]);
    repo.write("README.md", "# R\n\n```bash\ncd old/sub\ncat x.txt\n```\n");
    repo.commit("2024-02-01T00:00:00Z", "move");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(line_target_name(&a, "README.md"), [(4, "old/sub", "stale_name_location")]);
}

#[test]
fn a_path_written_from_a_folder_the_doc_names_is_read_there() {
    // transformers.js: the library moved into `packages/transformers/`; the guide says
    // so and then writes its paths from that package.
    let repo = moved_into_a_package(&["src/models/tokenizers.js", "src/configs.js"], "src");
    repo.write(
        "CONTRIBUTING.md",
        "# Contributing\n\nAll model files live under `packages/transformers/src/models/<model_type>/`.\n\n\
         Update `src/models/tokenizers.js` (see [up](../../../src/)).\n",
    );
    repo.write("docs/other.md", "# Other\n\nUpdate `src/models/tokenizers.js`.\n");
    // Two packages named before `src/`: which one is meant is not known.
    repo.write(
        "docs/two.md",
        "# Two\n\nSee `packages/web/src/b.js` and `packages/transformers/src/a.js`, then `src/models/tokenizers.js` and [up](../../src/x.md).\n",
    );
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    assert!(line_target_name(&a, "CONTRIBUTING.md").is_empty(), "{a:#}");
    assert_eq!(
        line_target_name(&a, "docs/other.md"),
        [(3, "src/models/tokenizers.js", "stale_name_location")],
        "a doc that names no such folder names the old path"
    );
    assert_eq!(
        line_target_name(&a, "docs/two.md"),
        [(3, "src/models/tokenizers.js", "stale_name_location")]
    );
}

#[test]
fn a_path_in_a_nested_list_item_is_read_from_the_folder_its_parent_item_names() {
    // slint's AGENTS.md: `tests/syntax/` under the `internal/compiler/` item.
    let repo = GitRepo::new();
    repo.write("internal/compiler/tests/syntax/a.slint", "x\n");
    repo.write("internal/core/lib.rs", "x\n");
    repo.write("tests/driver.rs", "x\n");
    repo.write(
        "AGENTS.md",
        "# Agents\n\n- **`internal/compiler/`** - compiler\n  - `parser/` - parsing\n  - `tests/syntax/` - syntax tests\n\n\
         - **`internal/core/`** - runtime\n  - `tests/layout/` - layout tests\n",
    );
    repo.commit("2024-01-01T00:00:00Z", "start");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, "AGENTS.md"),
        [(8, "tests/layout/", "broken_reference")],
        "a path its parent's folder does not hold is still missing"
    );
    // crates.io's AGENTS.md: lone folders under `/crates/`, which git saw move there.
    let repo = GitRepo::new();
    repo.write("crates_io_worker/lib.rs", "x\n");
    repo.write("crates/crates_io_index/lib.rs", "x\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["mv", "crates_io_worker", "crates/crates_io_worker"]);
    repo.write(
        "AGENTS.md",
        "# Agents\n\n- `/crates/` - workspace crates\n  - `crates_io_worker/` - jobs\n\n- `crates_io_worker/` alone\n",
    );
    repo.commit("2024-02-01T00:00:00Z", "move");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, "AGENTS.md"),
        [(6, "crates_io_worker/", "stale_name_location")],
        "only the item outside the list of `/crates/` names the old folder"
    );
}

#[test]
fn a_cd_into_a_clone_of_this_repository_names_a_path_from_its_top() {
    let repo = GitRepo::new();
    repo.write("package.json", r#"{"name": "samples", "repository": "github:google/adk-samples"}"#);
    repo.write("python/agents/financial-advisor/pyproject.toml", "\n");
    repo.write("libs/cua-bench/pyproject.toml", "\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.write(
        "python/agents/financial-advisor/README.md",
        "# Financial advisor\n\n```bash\n\
         git clone https://github.com/google/adk-samples.git\n\
         cd adk-samples/python/agents/financial_advisor\n\
         ```\n\n```bash\n\
         git clone --depth 1 https://github.com/google/adk-samples.git && cd adk-samples/python/agents/financial-advisor\n\
         git clone https://github.com/google/adk-samples.git samples\n\
         cd samples/libs/gone-bench\n\
         git clone https://github.com/someone/else.git\n\
         cd else/libs/missing\n\
         git clone https://github.com/google/adk-samples.git\n\
         cd adk-samples\n\
         cd adk-samples/libs/after-a-cd\n\
         git clone https://github.com/google/adk-samples.git\n\
         cd adk-samples/python/agents/<your-agent>\n\
         ```\n",
    );
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let got: Vec<(u64, &str)> = named(&a, "python/agents/financial-advisor/README.md")
        .iter()
        .map(|s| (s["line"].as_u64().unwrap(), s["target"].as_str().unwrap()))
        .collect();
    // Another repository's clone, a path after the clone was entered, and a placeholder
    // say nothing.
    assert_eq!(
        got,
        [(5, "adk-samples/python/agents/financial_advisor"), (11, "samples/libs/gone-bench")]
    );
}

#[test]
fn the_repositorys_own_agent_folders_name_its_own_tool_files() {
    let repo = GitRepo::new();
    repo.write(".agents/skills/create-plan/SKILL.md", "# Plan\n");
    repo.write(".agents/skills/other/SKILL.md", "# Other\n");
    repo.write(".claude/rules/style.md", "# Style\n");
    repo.write(".changeset/pre.json", "{}\n");
    repo.write(".changeset/config.json", "{}\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["rm", "-rq", ".agents/skills/create-plan", ".claude/rules", ".changeset/pre.json"]);
    repo.write(".claude/keep.md", "# Keep\n");
    repo.commit("2024-02-01T00:00:00Z", "remove planning skills and rules");
    let command = "# Create plan\n\n\
        Load and follow the skill at `.agents/skills/create-plan/SKILL.md`.\n\n\
        Check the rules in `.claude/rules/style.md`.\n\n\
        Read `.changeset/pre.json` to see the prerelease.\n\n\
        Read `.claude/rules/local.md` if it exists.\n\n\
        | | Old Command | New Skill |\n|---|---|---|\n| Format | `.claude/rules/style.md` | `.agents/skills/other/SKILL.md` |\n";
    repo.write(".opencode/commands/create-plan.md", command);
    // A skill shipped to readers names the tool files of the reader's project.
    repo.write("plugins/planner/commands/plan.md", command);
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    let got: Vec<(u64, &str)> = named(&a, ".opencode/commands/create-plan.md")
        .iter()
        .map(|s| (s["line"].as_u64().unwrap(), s["target"].as_str().unwrap()))
        .collect();
    // Another tool's state, a path read only if it is there, and the old column of a
    // before-and-after table say nothing.
    assert_eq!(got, [(3, ".agents/skills/create-plan/SKILL.md"), (5, ".claude/rules/style.md")]);
    assert!(named(&a, "plugins/planner/commands/plan.md").is_empty(), "{a}");
}

#[test]
fn a_skill_citing_a_moved_path_by_lines_or_in_its_sources_is_stale() {
    // electric's skills: "Source: `website/docs/guides/troubleshooting.md:69-109`", and
    // the same page in their frontmatter `sources` (TanStack Intent's
    // `<owner>/<repo>:<path>`), moved to `website/docs/sync/guides/` since.
    let repo = GitRepo::new();
    repo.write(
        "package.json",
        "{\"name\": \"x\", \"repository\": \"https://github.com/Acme/Tool\"}\n",
    );
    repo.write("docs/guides/t.md", "# T\n");
    repo.write("src/a.ts", "x\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    std::fs::create_dir_all(repo.path().join("docs/sync")).unwrap();
    repo.git(&["mv", "docs/guides", "docs/sync/guides"]);
    repo.commit("2024-02-01T00:00:00Z", "move");
    let cites = "Source: `docs/guides/t.md:69-109`\n\nSource: `docs/guides/t.md:3–5`\n\n\
                 Not a range: `docs/guides/t.md:69-`\n";
    repo.write(
        "skills/debug/SKILL.md",
        &format!(
            "---\nname: debug\ndescription: Debug it.\nsources:\n  - 'Acme/Tool:docs/guides/t.md'\n  \
             - 'acme/tool:src/a.ts'\n  - 'acme/tool:src/never.ts'\n  - 'other/repo:docs/guides/t.md'\n---\n\n# Debug\n\n{cites}"
        ),
    );
    // So does a file the skill loads from its folder.
    repo.write("skills/debug/references/more.md", &format!("# More\n\n{cites}"));
    // A plan's range of lines records the code of its day.
    repo.write("docs/plan.md", &format!("# Plan\n\n{cites}"));
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, "skills/debug/SKILL.md"),
        [
            (5, "Acme/Tool:docs/guides/t.md", "stale_name_location"),
            (7, "acme/tool:src/never.ts", "broken_reference"),
            (13, "docs/guides/t.md:69-109", "stale_name_location"),
            (15, "docs/guides/t.md:3–5", "stale_name_location"),
        ],
        "{a:#}"
    );
    let sources = &named(&a, "skills/debug/SKILL.md")[0];
    assert_eq!(sources["suggestion"], "Acme/Tool:docs/sync/guides/t.md", "{a:#}");
    assert_eq!(line_target_name(&a, "skills/debug/references/more.md").len(), 2, "{a:#}");
    assert!(line_target_name(&a, "docs/plan.md").is_empty(), "{a:#}");
}

#[test]
fn an_address_on_the_projects_own_docs_site_names_a_page_of_its_docs_folder() {
    // httpx's README: `https://www.python-httpx.org/advanced/`, whose `docs/advanced.md`
    // was split into `docs/advanced/*.md` with no index.
    let repo = GitRepo::new();
    repo.write(
        "mkdocs.yml",
        "site_name: x\nsite_url: https://Docs.Example.org/tool/\nplugins:\n  - redirects:\n      redirect_maps:\n        \"old.md\": \"new.md\"\n",
    );
    repo.write("docs/index.md", "# Home\n");
    repo.write("docs/advanced.md", "# Advanced\n");
    repo.write("docs/guide.md", "# Guide\n");
    repo.write("docs/rules/a.md", "# A\n");
    repo.write("docs/new.md", "# New\n");
    repo.write("docs/CHANGES.md", "# Changes\n");
    // nextest's Cloudflare Pages redirects, copied from `docs_dir` into the site.
    repo.write("docs/_redirects", "# host\n/CHANGES* /changes/ 302\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["mv", "docs/CHANGES.md", "docs/changes.md"]);
    std::fs::create_dir_all(repo.path().join("docs/usage")).unwrap();
    repo.git(&["rm", "-q", "docs/advanced.md", "docs/rules/a.md"]);
    repo.git(&["mv", "docs/guide.md", "docs/usage/guide.md"]);
    repo.write("docs/advanced/proxies.md", "# Proxies\n");
    repo.commit("2024-02-01T00:00:00Z", "move");
    repo.write(
        "README.md",
        "# Tool\n\n\
         See [Advanced](https://docs.example.org/tool/advanced/#proxies).\n\n\
         See [the guide](http://docs.example.org/tool/guide/).\n\n\
         Fine: [home](https://docs.example.org/tool/), [proxies](https://docs.example.org/tool/advanced/proxies/), \
         [old](https://docs.example.org/tool/old/), [api](https://docs.example.org/tool/api/x/), \
         [rule](https://docs.example.org/tool/rules/a/), [other](https://docs.example.org/other/guide/), \
         [changes](https://docs.example.org/tool/CHANGES).\n",
    );
    repo.commit("2024-03-01T00:00:00Z", "docs");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(
        line_target_name(&a, "README.md"),
        [
            (3, "https://docs.example.org/tool/advanced/#proxies", "stale_name_location"),
            (5, "http://docs.example.org/tool/guide/", "stale_name_location"),
        ],
        "{a:#}"
    );
    let signals = named(&a, "README.md");
    assert!(
        signals[0]["detail"].as_str().unwrap().contains("(`docs/advanced.md`) was deleted"),
        "{a:#}"
    );
    assert_eq!(signals[1]["suggestion"], "http://docs.example.org/tool/usage/guide/", "{a:#}");
}

#[test]
fn a_line_link_past_its_files_end_whose_lines_moved_up_gets_their_new_numbers() {
    // prefect's Azure API pages link `container_instance.py#L125` after the module shrank
    // below 125 lines: the function is still there, higher up.
    let repo = GitRepo::new();
    let body = "fn in_range(p: Point) -> bool {\n";
    repo.write("src/short.rs", &format!("{}{body}", "// old header line\n".repeat(8)));
    repo.write("guide.md", "# Guide\n\nSee [in_range](src/short.rs#L9).\n");
    repo.commit("2024-01-01T00:00:00Z", "docs");
    repo.write("src/short.rs", &format!("use a;\n{body}"));
    repo.commit("2024-02-01T00:00:00Z", "code");
    let a = scan_json(repo.path(), &[], 1);
    let sigs = named(&a, "guide.md");
    assert_eq!(sigs.len(), 1, "{sigs:?}");
    assert_eq!(sigs[0]["name"], "stale_name_location");
    assert_eq!(sigs[0]["suggestion"], "src/short.rs#L2");
    // Without git, the line is past the end of a 2-line file, and nothing says where it went.
    let no_git = scan_json(repo.path(), &["--no-git"], 1);
    let sigs = named(&no_git, "guide.md");
    assert_eq!(sigs.len(), 1, "{sigs:?}");
    assert_eq!(sigs[0]["name"], "broken_reference");
    assert!(sigs[0].get("suggestion").is_none());
}
