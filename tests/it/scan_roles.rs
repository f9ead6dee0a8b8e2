//! Doc roles (SPEC section 13): agent context is scanned even when hidden; test
//! fixtures, translations and generated files are skipped with their reason unless the
//! user names them; each signal decides by role.

use crate::scan_support::{dochygiene, duplicate_pairs, scan_json, signalled_paths, tree};

fn broken(what: &str) -> String {
    format!("# {what}\n\nSee [the missing page](missing-{what}.md).\n")
}

/// `(path, role)` of each doc the artifact lists as skipped.
fn skipped_roles(a: &serde_json::Value) -> Vec<(&str, &str)> {
    a["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["path"].as_str().unwrap(), s["role"].as_str().unwrap()))
        .collect()
}

fn roles_tree() -> tempfile::TempDir {
    tree(&[
        ("README.md", "# Project\n\nSee [the guide](docs/guide.md).\n"),
        ("README.ja.md", &broken("translation")),
        ("docs/guide.md", "# Guide\n\nText.\n"),
        (".claude/commands/review.md", &broken("command")),
        (".cursor/rules/style.mdc", &broken("rule")),
        (".venv/lib/README.md", &broken("venv")),
        ("tests/fixtures/input.md", &broken("fixture")),
        ("third_party/lib/README.md", &broken("vendored")),
        ("CHANGELOG.md", "# Changelog\n\n## 1.0\n\nMoved `src/old.rs`; see [x](missing-log.md).\n"),
        ("src/.keep", ""),
    ])
}

#[test]
fn agent_locations_are_scanned_and_fixtures_translations_generated_are_skipped() {
    let dir = roles_tree();
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        signalled_paths(&a),
        [".claude/commands/review.md", ".cursor/rules/style.mdc", "CHANGELOG.md"]
    );
    assert_eq!(a["files"][".claude/commands/review.md"]["role"], "agent_doc");
    assert_eq!(a["files"]["README.md"]["role"], "user_doc");
    assert_eq!(a["files"]["CHANGELOG.md"]["role"], "changelog");
    let skipped = skipped_roles(&a);
    assert_eq!(
        skipped,
        [
            ("README.ja.md", "translation"),
            ("tests/fixtures/input.md", "test_fixture"),
            ("third_party/lib/README.md", "generated"),
        ]
    );
    assert!(a["skipped"][0]["reason"].as_str().unwrap().contains("original"));
    // A changelog's code paths are history; its links are still checked.
    let log: Vec<&str> = a["signals"]["CHANGELOG.md"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["target"].as_str().unwrap())
        .collect();
    assert_eq!(log, ["missing-log.md"]);
}

#[test]
fn a_skill_installed_from_another_repository_is_vendored() {
    let dir = tree(&[
        ("README.md", "# Project\n"),
        (
            "agents.lock",
            "version = 1\n[skills.find-bugs]\nsource = \"getsentry/skills\"\ncommit = \"89a1\"\n\
             [skills.ours]\nsource = \"path:.agents/skills/ours\"\n",
        ),
        (
            "skills-lock.json",
            r#"{"version":1,"skills":{"nx-import":{"source":"nrwl/nx","sourceType":"github"}}}"#,
        ),
        (".agents/skills/find-bugs/SKILL.md", &broken("upstream")),
        (".agents/skills/nx-import/SKILL.md", &broken("nx")),
        (".agents/skills/ours/SKILL.md", &broken("ours")),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // The repository's own skill is checked; the installed copies are upstream's.
    assert_eq!(signalled_paths(&a), [".agents/skills/ours/SKILL.md"]);
    let skipped = skipped_roles(&a);
    assert_eq!(
        skipped,
        [
            (".agents/skills/find-bugs/SKILL.md", "generated"),
            (".agents/skills/nx-import/SKILL.md", "generated")
        ]
    );
}

#[test]
fn naming_a_skipped_file_or_its_role_opts_it_in() {
    let dir = roles_tree();
    let a = scan_json(dir.path(), &["--no-git", "--scope", "tests/fixtures"], 1);
    assert_eq!(signalled_paths(&a), ["tests/fixtures/input.md"]);
    assert_eq!(a["files"]["tests/fixtures/input.md"]["role"], "test_fixture");

    std::fs::write(dir.path().join("dochygiene.toml"), "include_roles = [\"translation\"]\n")
        .unwrap();
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert!(signalled_paths(&a).contains(&"README.ja.md".to_string()));
}

#[test]
fn an_include_of_a_hidden_folder_is_walked_and_one_matching_nothing_warns() {
    let dir = roles_tree();
    std::fs::write(
        dir.path().join("dochygiene.toml"),
        "include = [\".venv/**/*.md\", \"nowhere/**/*.md\"]\n",
    )
    .unwrap();
    let out = dochygiene(dir.path(), &["scan", "--no-git", "--format", "json"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let a = out.json();
    assert_eq!(signalled_paths(&a), [".venv/lib/README.md"]);
    assert!(
        out.stderr
            .contains("warning: dochygiene.toml: include glob `nowhere/**/*.md` matches no file"),
        "{}",
        out.stderr
    );
    assert_eq!(a["warnings"].as_array().unwrap().len(), 1);
}

#[test]
fn token_budgets_follow_the_role() {
    // Each text its own, so that no block is a duplicate of another file's.
    let big = |what: &str| -> String {
        (0..400).map(|i| format!("Sentence {i} about {what} {i}.\n")).collect()
    };
    let dir = tree(&[
        ("docs/long-guide.md", &big("guides")),
        ("crates/x/AGENTS.md", &big("agents")),
        (".claude/skills/s/SKILL.md", &big("skills")),
        // The skill's compiled book: its full guide by design, with no budget.
        (".claude/skills/s/AGENTS.md", &big("book")),
        ("CHANGELOG.md", &big("releases")),
        ("dochygiene.toml", "[thresholds]\nalways_loaded_budget = 100\ndoc_budget = 1000\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), [".claude/skills/s/SKILL.md", "crates/x/AGENTS.md"]);
    let nested = a["signals"]["crates/x/AGENTS.md"][0]["detail"].as_str().unwrap();
    assert!(
        nested.contains("over the 1000-token budget for agent context loaded in its folder"),
        "{nested}"
    );
}

#[test]
fn skills_repeat_what_they_need_but_agent_context_does_not() {
    let setup = "```ts\nconst server = createHTTPServer({ router: appRouter, createContext });\nserver.listen(3000);\nconsole.log('listening on http://localhost:3000, ready for requests');\nprocess.on('SIGTERM', () => server.close());\n```\n";
    let rule = "Always run the whole test suite with `pnpm test --run` before you commit, and never skip the type check step: the release workflow refuses a commit whose types do not check, and the reviewers will ask you to run it again.\n";
    let skill = |name: &str, more: &str| {
        format!("---\nname: {name}\ndescription: d\n---\n# {name}\n\n{setup}\n{more}")
    };
    let dir = tree(&[
        (".claude/skills/router/SKILL.md", &skill("router", rule)),
        (".claude/skills/server/SKILL.md", &skill("server", "")),
        ("CLAUDE.md", &format!("# Project\n\n{rule}")),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let pairs = duplicate_pairs(&a);
    // The two skills never pair with each other; agent context pairs with a skill.
    assert!(!pairs.is_empty(), "CLAUDE.md repeats a skill's block: {pairs:?}");
    assert!(pairs.iter().all(|(a, b)| a == "CLAUDE.md" || b == "CLAUDE.md"), "{pairs:?}");
}

#[test]
fn agent_files_ruler_writes_from_one_source_are_not_duplicates() {
    // qwik: `.ruler/AGENTS.md` is written into `AGENTS.md` and `CLAUDE.md`.
    let rule = "Always run the whole test suite with `pnpm test --run` before you commit, and never skip the type check step: the release workflow refuses a commit whose types do not check, and the reviewers will ask you to run it again.\n";
    // Past the 1,000 characters two agent files side by side may share on purpose.
    let rules: String = (1..=6).map(|n| format!("{n}. {rule}\n")).collect::<Vec<_>>().join("");
    let agents = format!("# Project\n\n{rules}\nCodex reads this file.\n");
    let claude = format!("# Project\n\n{rules}\nClaude reads this file.\n");
    let files = |ruler: bool| {
        let mut files = vec![("AGENTS.md", agents.as_str()), ("CLAUDE.md", claude.as_str())];
        if ruler {
            files.push((".ruler/AGENTS.md", rules.as_str()));
        }
        tree(&files)
    };
    let plain = files(false);
    let a = scan_json(plain.path(), &["--no-git"], 1);
    assert_eq!(duplicate_pairs(&a).len(), 2, "hand-kept copies may drift");
    let ruled = files(true);
    let a = scan_json(ruled.path(), &["--no-git"], 0);
    assert!(duplicate_pairs(&a).is_empty(), "{a}");
}

#[test]
fn records_and_package_readmes_keep_their_status() {
    let dir = tree(&[
        ("docs/plans/cache.md", "---\nstatus: done\n---\n# Cache plan\n\nText.\n"),
        ("docs/adr/0001-cache.md", "---\nstatus: implemented\n---\n# Use a cache\n\nText.\n"),
        ("dev/v4-notes/tasks.md", "# Tasks\n\n**Status: Shipped (#12).** The approved design.\n"),
        ("packages/old/package.json", "{\"name\": \"old\", \"private\": true}\n"),
        ("packages/old/README.md", "# old\n\n> **Deprecated** — a frozen copy for migration.\n"),
        // deer-flow's storage plan says it is kept on purpose.
        (
            "docs/plans/storage.md",
            "# Storage plan\n\n> Status: implemented in PR #4279 and retained as the design record requested during review.\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["docs/plans/cache.md"]);
}

#[test]
fn a_superseded_docs_version_keeps_the_status_it_shipped_with() {
    let page = "# Interpreter tool\n\n> **Deprecated** — this tool was removed; use the sandbox.\n";
    let dir = tree(&[
        ("docs/v1.14.0/tools/interpreter.md", page),
        ("docs/v1.15.17/tools/interpreter.md", page),
        ("docs/v1.15.17/index.md", "# Docs\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    // The newest version still tells readers; the older snapshot copied its banner.
    assert_eq!(signalled_paths(&a), ["docs/v1.15.17/tools/interpreter.md"]);
}

#[test]
fn a_command_and_a_plugin_readme_may_repeat_a_skill() {
    let hook = "```json\n{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"./scripts/check-command.sh --strict --log /tmp/hook.log --deny rm --deny curl --deny wget\", \"timeout\": 30}]}]}}\n```\n";
    let env = "Set `OTEL_EXPORTER_OTLP_ENDPOINT` to your collector and `OTEL_SERVICE_NAME` to the service, then restart the agent so that the new settings are read before the first tool call; traces then show every tool call with its arguments and its duration.\n";
    let dir = tree(&[
        (".claude/commands/guard.md", &format!("# Guard\n\n{hook}")),
        (
            "plugins/obs/skills/trace/SKILL.md",
            &format!("---\nname: trace\ndescription: d\n---\n# Trace\n\n{hook}\n{env}"),
        ),
        ("plugins/obs/README.md", &format!("# Obs\n\n{env}")),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 0);
    assert!(a["signals"].as_object().unwrap().is_empty(), "{}", a["signals"]);
}

#[test]
fn an_archived_doc_is_kept_as_it_was_and_raises_nothing() {
    let old = "---\nstatus: done\n---\n# Old plan\n\nSee [gone](gone.md). Requires Node.js 16+.\n\n## History\n\nShipped.\n";
    let dir = tree(&[
        ("package.json", r#"{"name": "x", "version": "1.0.0", "engines": {"node": ">=20"}}"#),
        ("docs/archive/old-plan.md", old),
        ("archived/notes.md", old),
        // The same text in a live doc is a finding, and so is a broken link into the archive.
        ("docs/live.md", "# Live\n\nSee [gone](gone.md). [old](archive/old-plan.md#nope)\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let signalled = signalled_paths(&a);
    assert!(!signalled.iter().any(|p| p.contains("archive")), "{signalled:?}");
    let mut live: Vec<&str> = a["signals"]["docs/live.md"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["target"].as_str().unwrap_or_default())
        .collect();
    live.sort_unstable();
    assert_eq!(live, ["archive/old-plan.md#nope", "gone.md"]);
}

#[test]
fn nested_context_has_the_on_demand_budget_and_a_skills_agents_file_is_the_skills() {
    let text = |what: &str| -> String {
        (0..300).map(|i| format!("Rule {i} for {what} work {i}.\n")).collect()
    };
    let files = |budget: &str| {
        tree(&[
            ("AGENTS.md", &text("root")),
            ("crates/x/AGENTS.md", &text("crate")),
            ("skills/s/SKILL.md", "---\nname: s\ndescription: d\n---\n# S\n"),
            ("skills/s/AGENTS.md", &text("skill")),
            ("dochygiene.toml", budget),
        ])
    };
    // Over the always-loaded budget, under the on-demand one: only the root file, loaded
    // in every session, fires; the nested one is read only for work in its folder.
    let a = scan_json(
        files("[thresholds]\nalways_loaded_budget = 100\ndoc_budget = 100000\n").path(),
        &["--no-git"],
        1,
    );
    assert_eq!(signalled_paths(&a), ["AGENTS.md"], "{a}");
    // Over the on-demand budget, the nested file fires; the skill's compiled book has
    // no budget (an on-demand agent doc, not folder context).
    let a = scan_json(
        files("[thresholds]\nalways_loaded_budget = 100000\ndoc_budget = 100\n").path(),
        &["--no-git"],
        1,
    );
    assert_eq!(signalled_paths(&a), ["crates/x/AGENTS.md"], "{a}");
    let detail = a["signals"]["crates/x/AGENTS.md"][0]["detail"].as_str().unwrap();
    assert!(detail.ends_with("over the 100-token budget for agent context loaded in its folder"));
    assert_eq!(a["files"]["skills/s/AGENTS.md"]["role"], "agent_doc");
}

#[test]
fn a_page_copied_from_another_repository_raises_nothing_of_its_own() {
    let dir = tree(&[
        ("Cargo.toml", "[package]\nname = \"zola\"\nversion = \"0.22.1\"\nrepository = \"https://github.com/getzola/zola\"\n"),
        // Zola's themes gallery: each page is a theme's README, synced in.
        (
            "docs/content/themes/belresume/index.md",
            "\n+++\ntitle = \"BelResume\"\n\n[extra]\nrepository = \"https://github.com/cx48/BelResume.git\"\n+++\n\n# BelResume\n\nSee [the license](LICENSE).\n",
        ),
        // A page naming the project's own repository is the project's.
        (
            "docs/content/about.md",
            "+++\n[extra]\nrepository = \"https://github.com/getzola/zola\"\n+++\n\n# About\n\n[gone](gone.md)\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["docs/content/about.md"]);
    assert_eq!(a["files"]["docs/content/themes/belresume/index.md"]["role"], "generated");
}

#[test]
fn a_contributor_doc_that_runs_a_script_no_package_defines_is_a_broken_reference() {
    let run = "```sh\nnpm run lint\nnpm run build\ncd website && npm run docs\n```\n";
    let dir = tree(&[
        (
            "package.json",
            "{\"name\": \"x\", \"scripts\": {\"build\": \"tsc\", \"test:unit\": \"t\"}}\n",
        ),
        ("website/package.json", "{\"name\": \"site\", \"scripts\": {\"docs\": \"d\"}}\n"),
        // claude-code-mcp's release checklist, after its lint script was removed.
        ("docs/RELEASE_CHECKLIST.md", &format!("# Release\n\n- Run `npm run lint`\n\n{run}\n#### npm run lint\n\nLints.\n\n#### npm run build\n\n## npm run scripts we keep\n")),
        ("CLAUDE.md", "# Project\n\nRun `pnpm run test:units` before you push.\n"),
        // A README tells what to run in the reader's own project; a block that clones
        // another repository runs its scripts there.
        ("README.md", "# x\n\nIn your app, run `npm run dev`.\n"),
        (
            "CONTRIBUTING.md",
            "# Contributing\n\n```sh\ngit clone https://x/other\nnpm run seed\n```\n",
        ),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["CLAUDE.md", "docs/RELEASE_CHECKLIST.md"]);
    let lint = &a["signals"]["docs/RELEASE_CHECKLIST.md"];
    assert_eq!(lint.as_array().map(Vec::len), Some(1), "{lint:#}");
    assert_eq!(lint[0]["name"], "broken_reference");
    assert_eq!(lint[0]["target"], "npm run lint");
    // A heading that is the command counts as one of its lines.
    assert_eq!(lint[0]["lines"], serde_json::json!([3, 6, 11]));
    let claude = &a["signals"]["CLAUDE.md"][0];
    assert_eq!(claude["target"], "pnpm run test:units");
    assert_eq!(claude["suggestion"], "pnpm run test:unit", "{claude:#}");
    // A package whose manifest cannot be read may define any script: none is missing.
    std::fs::write(dir.path().join("website/package.json"), "{ not json").unwrap();
    let a = scan_json(dir.path(), &["--no-git"], 0);
    assert!(signalled_paths(&a).is_empty(), "{:#}", a["signals"]);
}

#[test]
fn a_script_run_in_a_named_package_must_be_that_packages() {
    let dir = tree(&[
        ("package.json", "{\"name\": \"root\", \"scripts\": {\"test:unit:dev\": \"t\"}}\n"),
        ("packages/kit/package.json", "{\"name\": \"@acme/kit\", \"scripts\": {\"test:unit\": \"t\"}}\n"),
        // sveltekit's AGENTS.md after the package's `test:unit:dev` was removed: the
        // root still has one, but the filter runs the package's.
        ("AGENTS.md", "# Agents\n\nRun `pnpm -F @acme/kit test:unit:dev x.spec.js`; `pnpm -F @acme/kit test:unit` runs all.\n"),
        // A package no manifest is named after is unknown here.
        ("CONTRIBUTING.md", "# Contributing\n\n`pnpm -F @other/pkg test:e2e`\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["AGENTS.md"]);
    let s = &a["signals"]["AGENTS.md"][0];
    assert_eq!(s["target"], "pnpm -F @acme/kit test:unit:dev", "{s:#}");
    assert!(s["detail"].as_str().unwrap().contains("the package.json of `@acme/kit`"), "{s:#}");
}

#[test]
fn a_contributor_doc_that_runs_a_make_target_the_makefile_lacks_is_a_broken_reference() {
    let makefile = "PY ?= python3\nBIN := $(shell pwd)/.bin\n.PHONY: install test lint\ninstall:\n\t$(PY) -m pip install -e .\ntest: install\n\t$(PY) -m pytest\nlint:\n\truff check .\n$(BIN)/tool:\n\tcurl -o $@ x\ndocs-%:\n\t$(MAKE) -C docs $*\n";
    let dir = tree(&[
        ("Makefile", makefile),
        ("docs/Makefile", "html:\n\tsphinx-build . _build\n"),
        ("pkg/pyproject.toml", "[project]\nname = \"pkg\"\n"),
        ("pkg/Makefile", "bench:\n\tpytest --bench\n"),
        // SuperClaude's CLAUDE.md after `make dev` became `make install`.
        (
            "CLAUDE.md",
            "# Project\n\n```bash\nmake dev      # editable install\nmake test lint\nmake docs-html\nmake bench\n# make sure the venv is active\ncd docs && make html\n```\n\nRun `make -C docs pdf` for a PDF, and `make tests` before a PR.\n\nOpen what `make html` wrote (in `docs/`, as above).\n",
        ),
        // A line that says the command runs elsewhere, one that says the targets are not
        // there (deer-flow's migrations AGENTS.md), and a README (the reader's own
        // project).
        (
            "CONTRIBUTING.md",
            "# Contributing\n\nRun `make deploy` in the `site` submodule.\n\nThere is no `make migrate` / `make migrate-stamp` target on purpose: the server migrates.\n",
        ),
        ("README.md", "# x\n\nRun `make all` in your project.\n"),
        // A log of releases and a plan name the commands of their day or their intent.
        (
            "RELEASE.md",
            "# Release notes\n\n## 1.2.0\n\nAdded `make profile`.\n\n## 1.1.0\n\nx\n\n## 1.0.0\n\ny\n",
        ),
        ("docs/development/cli-plan.md", "# Plan\n\nAdd `make release` to the Makefile.\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["CLAUDE.md"]);
    let found: Vec<(&str, &str)> = a["signals"]["CLAUDE.md"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["target"].as_str().unwrap(), s["detail"].as_str().unwrap()))
        .collect();
    assert_eq!(found.len(), 3, "{found:#?}");
    assert_eq!(found[0].0, "make dev");
    // The Makefiles a doc at the root may mean: the root's and each package's.
    let none = "which none of `Makefile`, `pkg/Makefile` defines";
    assert!(found[0].1.ends_with(none), "{found:#?}");
    assert_eq!(found[1].0, "make pdf");
    assert!(found[1].1.ends_with("which `docs/Makefile` does not define"), "{found:#?}");
    assert_eq!(found[2].0, "make tests");
    assert_eq!(a["signals"]["CLAUDE.md"][2]["suggestion"], "make test");
    // A Makefile that includes a file the repository lacks may define any target.
    std::fs::write(dir.path().join("Makefile"), format!("include rules.mk\n{makefile}")).unwrap();
    std::fs::write(dir.path().join("docs/Makefile"), "include $(TOP)/rules.mk\n").unwrap();
    let a = scan_json(dir.path(), &["--no-git"], 0);
    assert!(signalled_paths(&a).is_empty(), "{:#}", a["signals"]);
}

#[test]
fn a_doc_that_builds_a_docker_stage_its_dockerfile_lacks_is_a_broken_reference() {
    let dockerfile = "FROM node:22 AS build\nRUN npm ci\nFROM build AS bolt-ai-production\nFROM build AS development\n";
    let dir = tree(&[
        ("Dockerfile", dockerfile),
        ("docker/test.Dockerfile", "FROM alpine AS test\n"),
        // bolt.diy's guide and docs page after `bolt-ai-development` became `development`.
        (
            "CONTRIBUTING.md",
            "# Contributing\n\n```bash\ndocker build . --target bolt-ai-development\ndocker build . --target bolt-ai-production\ndocker build -f docker/test.Dockerfile --target test .\ndocker build -f docker/test.Dockerfile --target lint .\n```\n",
        ),
        ("docs/index.md", "# Setup\n\nRun `docker buildx build --target=bolt-ai-development ..`.\n"),
        // The reader's own project, a command after a `cd`, a changelog, a placeholder.
        ("docs/deploy.md", "# Deploy\n\n```sh\ndocker build -f app/Dockerfile --target prod .\n```\n"),
        ("web/README.md", "# Web\n\n```sh\ncd web\ndocker build --target dev .\n```\n"),
        ("CHANGELOG.md", "# Changes\n\n- `docker build --target old .` works again\n"),
        ("docs/ci.md", "# CI\n\n`docker build --target <stage> .`\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["CONTRIBUTING.md", "docs/index.md"]);
    let rows = |path: &str| -> Vec<(String, String)> {
        let sigs = a["signals"][path].as_array().unwrap();
        let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
        sigs.iter().map(|s| (text(&s["target"]), text(&s["suggestion"]))).collect()
    };
    assert_eq!(
        rows("CONTRIBUTING.md"),
        [
            ("--target bolt-ai-development".to_string(), "--target development".to_string()),
            ("--target lint".to_string(), String::new()),
        ]
    );
    let detail = a["signals"]["CONTRIBUTING.md"][1]["detail"].as_str().unwrap();
    assert_eq!(
        detail,
        "`docker build --target lint` builds the stage `lint`, which `docker/test.Dockerfile` \
         does not define (its stages: `test`)"
    );
    assert_eq!(rows("docs/index.md").len(), 1, "the root's Dockerfile, from the doc's folder");
}

#[test]
fn a_doc_on_this_repository_that_installs_its_folders_project_with_an_extra_it_lacks() {
    // llm's AGENTS.md after its `test` extra became a dependency group.
    let pyproject = "[project]\nname = \"llm\"\nversion = \"1.0\"\n\n[project.optional-dependencies]\ndocs = [\"sphinx\"]\n\n[dependency-groups]\ntest = [\"pytest\"]\n";
    let dir = tree(&[
        ("pyproject.toml", pyproject),
        (
            "AGENTS.md",
            "# Agents\n\n```bash\npip install -e '.[test]'\npip install -e '.[docs]'\n```\n",
        ),
        // A package folder's guide installs its own project; a README the reader's; a
        // block that moved into another folder installs that folder's.
        ("plugin/pyproject.toml", "[project]\nname = \"llm-plugin\"\n"),
        ("plugin/CONTRIBUTING.md", "# Contributing\n\nRun `pip install -e '.[test]'`.\n"),
        ("README.md", "# llm\n\nIn your plugin, run `pip install -e '.[test]'`.\n"),
        ("CONTRIBUTING.md", "# Contributing\n\n```sh\ncd plugin\npip install -e '.[test]'\n```\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["AGENTS.md"]);
    let sig = &a["signals"]["AGENTS.md"][0];
    assert_eq!(sig["line"], 4);
    assert_eq!(
        sig["detail"],
        "`.[test]` asks for the extra `test`, which pyproject.toml does not define (its extras: docs)"
    );
}

#[test]
fn a_doc_that_installs_an_extra_the_package_lacks_is_a_broken_reference() {
    let pyproject = "[project]\nname = \"Beanie\"\nversion = \"2.0.0\"\n\n[project.optional-dependencies]\naws = [\"pymongo-auth-aws\"]\nencryption = [\"pymongo[encryption]\"]\n";
    let install = "```bash\npip install \"beanie[srv]\"\npip install beanie[aws,encryption]\n```\n";
    let dir = tree(&[
        ("pyproject.toml", pyproject),
        // beanie's getting-started page asks for `srv`, an extra it never had.
        ("docs/getting-started.md", &format!("# Start\n\n{install}\nOr `uv add beanie[srv]`.\n")),
        // A section about the past names the extras of its day.
        ("docs/setup.md", "# Setup\n\n## Breaking changes in 2.0\n\n`beanie[old]` is gone.\n"),
        // A Python block indexes; it asks for no extra.
        ("docs/api.md", "# API\n\n```python\nbeanie[old]\n```\n"),
    ]);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["docs/getting-started.md"]);
    let srv = &a["signals"]["docs/getting-started.md"];
    assert_eq!(srv.as_array().map(Vec::len), Some(1), "{srv:#}");
    assert_eq!(srv[0]["name"], "broken_reference");
    assert_eq!(srv[0]["target"], "beanie[srv]");
    assert_eq!(srv[0]["lines"], serde_json::json!([4, 8]));
}
