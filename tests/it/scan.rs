//! `dochygiene scan` on the fixture trees: each signal's positives and near-misses, the
//! exit codes, the configuration, the scope and the artifact's determinism.

use crate::scan_support::{
    dochygiene, duplicate_pairs, fixture, scan_json, signalled_paths, signals_of,
};

fn sig(line: u64, name: &str, target: &str) -> (u64, String, String) {
    (line, name.to_string(), target.to_string())
}

#[test]
fn broken_reference_fires_on_each_broken_kind_and_never_on_near_misses() {
    let a = scan_json(&fixture("broken_reference"), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["README.md"]);
    assert_eq!(
        signals_of(&a, "README.md"),
        [
            sig(11, "broken_reference", "docs/guide.md#nope"),
            sig(11, "broken_reference", "docs/missing.md"),
            sig(12, "broken_reference", "#nowhere"),
            sig(12, "broken_reference", "img/none.png"),
            // Line 20's `src/missing.rs` says nothing: without git history showing it
            // was this repository's, a backticked path is mostly the reader's own file.
            sig(24, "broken_reference", "docs/nothere.md"),
            sig(28, "broken_reference", "docs/gone.md"),
        ]
    );
}

#[test]
fn version_skew_names_the_current_version_at_the_docs_precision() {
    let a = scan_json(&fixture("version_skew"), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["README.md"], "the changelog is history, not skew");
    let sigs = a["signals"]["README.md"].as_array().unwrap();
    let got: Vec<(u64, &str, &str)> = sigs
        .iter()
        .map(|s| {
            (
                s["line"].as_u64().unwrap(),
                s["target"].as_str().unwrap(),
                s["suggestion"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, [(3, "1.70", "1.85"), (3, "2.1.0", "2.3.1")]);
    assert!(sigs.iter().all(|s| s["name"] == "version_skew"));
}

#[test]
fn frontmatter_markers_and_the_archived_folder_rule() {
    let a = scan_json(&fixture("frontmatter_marker"), &["--no-git"], 1);
    assert_eq!(
        signalled_paths(&a),
        ["docs/old.md", "docs/plans/a.md", "docs/plans/b.md", "docs/plans/c.md"]
    );
    assert_eq!(signals_of(&a, "docs/old.md"), [sig(3, "frontmatter_marker", "obsolete")]);
    assert_eq!(
        signals_of(&a, "docs/plans/a.md"),
        [sig(1, "archive_to_live_ratio", ""), sig(3, "frontmatter_marker", "done")]
    );
    let b = &a["signals"]["docs/plans/b.md"];
    assert_eq!(b[1]["target"], "../new.md");
    assert_eq!(b[1]["related_path"], "docs/new.md");
    assert_eq!(b[0]["related_path"], "docs/plans");
    assert_eq!(signals_of(&a, "docs/plans/c.md")[1], sig(3, "frontmatter_marker", "shipped"));
}

#[test]
fn archive_ratio_fires_on_history_heavy_docs_only() {
    let a = scan_json(&fixture("archive_to_live_ratio"), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["docs/heavy.md"]);
    let s = &a["signals"]["docs/heavy.md"][0];
    assert_eq!(s["name"], "archive_to_live_ratio");
    assert_eq!(s["line"], 5);
    assert_eq!(s["end_line"], 24, "through the strike-through on the last line");
}

#[test]
fn a_short_history_section_is_not_an_archive_however_large_its_share() {
    let dir = tempfile::tempdir().unwrap();
    write_file(
        dir.path(),
        "packages/kit/README.md",
        "# kit

The kit.

## Changelog

[The changelog of this package is on GitHub](https://example.com/kit/CHANGELOG.md).
",
    );
    let a = scan_json(dir.path(), &["--no-git"], 0);
    assert!(signalled_paths(&a).is_empty(), "{:#}", a["signals"]);
}

#[test]
fn duplicate_content_links_the_two_homes_and_spans_the_block() {
    let a = scan_json(&fixture("duplicate_content"), &["--no-git"], 1);
    assert_eq!(
        signalled_paths(&a),
        ["docs/a.md", "docs/b.md"],
        "short and same-file repeats never fire"
    );
    let sa = &a["signals"]["docs/a.md"][0];
    let sb = &a["signals"]["docs/b.md"][0];
    assert_eq!((sa["line"].as_u64(), sa["end_line"].as_u64()), (Some(5), None));
    assert_eq!((sb["line"].as_u64(), sb["end_line"].as_u64()), (Some(5), Some(7)));
    assert_eq!(sa["related_path"], "docs/b.md");
    assert_eq!(sb["related_path"], "docs/a.md");
}

#[test]
fn token_budget_uses_the_smaller_budget_for_always_loaded_files_and_imports() {
    let a = scan_json(&fixture("token_budget"), &["--no-git"], 1);
    // Nested context is read only for work in its folder: it has the on-demand budget
    // (8,000 here), far above its size, not the always-loaded one (SPEC section 10).
    assert_eq!(signalled_paths(&a), ["docs/big.md", "docs/rules.md"]);
    let rules = &a["signals"]["docs/rules.md"][0];
    assert_eq!(rules["name"], "token_budget");
    assert_eq!(rules["related_path"], "CLAUDE.md");
    assert_eq!(rules["end_line"], 3);
    let files = &a["files"];
    assert_eq!(files["CLAUDE.md"]["injection_frequency"], 1.0);
    assert_eq!(files["docs/rules.md"]["injection_frequency"], 1.0);
    assert_eq!(files["docs/nested/CLAUDE.md"]["injection_frequency"], 0.5);
    assert_eq!(files["docs/medium.md"]["injection_frequency"], 0.1);
}

#[test]
fn a_clean_tree_exits_zero_with_no_output() {
    let out = dochygiene(&fixture("clean"), &["scan", "--no-git"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.contains("0 signals"), "{}", out.stderr);
}

#[test]
fn exit_zero_reports_without_failing() {
    let out = dochygiene(&fixture("formats"), &["scan", "--no-git", "--exit-zero"]);
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout.lines().count(), 3);
}

#[test]
fn unknown_config_keys_are_refused_by_name_with_exit_2() {
    let out = dochygiene(&fixture("bad_config"), &["scan", "--no-git"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("stale_dayz"), "{}", out.stderr);
    assert!(out.stderr.contains("hint: fix the key or value the message names"), "{}", out.stderr);
    assert_eq!(out.stdout, "");
}

#[test]
fn bad_formats_and_globs_are_usage_errors() {
    assert_eq!(dochygiene(&fixture("clean"), &["scan", "--format", "xml"]).code, 2);
    let out = dochygiene(&fixture("clean"), &["scan", "--no-git", "--scope", "docs/{a"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("docs/{a"), "{}", out.stderr);
}

#[test]
fn scope_narrows_by_prefix_and_by_glob() {
    let root = fixture("frontmatter_marker");
    let a = scan_json(&root, &["--no-git", "--scope", "docs/plans"], 1);
    assert_eq!(a["shortlist"].as_array().unwrap().len(), 4);
    assert_eq!(a["scope_globs"], serde_json::json!(["docs/plans"]));
    let a = scan_json(&root, &["--no-git", "--scope", "**/new.md", "--scope", "docs/old.md"], 1);
    assert_eq!(a["shortlist"], serde_json::json!(["docs/new.md", "docs/old.md"]));
}

#[test]
fn the_artifact_is_byte_identical_across_runs_and_sorted() {
    let root = fixture("broken_reference");
    let first = dochygiene(&root, &["scan", "--format", "json", "--no-git"]).stdout;
    let second = dochygiene(&root, &["scan", "--format", "json", "--no-git"]).stdout;
    assert_eq!(first, second);
    let a: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(a["files_scanned"], 3);
    assert_eq!(
        a["shortlist"],
        serde_json::json!(["README.md", "docs/guide.md", "docs/with space.md"])
    );
    assert_eq!(
        a["git"],
        serde_json::json!({"used": false, "note": "--no-git: git signals skipped"})
    );
    assert!(a["excluded_dirs"].as_array().unwrap().iter().any(|d| d == "node_modules"));
    let facts = &a["files"]["docs/guide.md"];
    assert_eq!(facts["lines"], 9);
    assert_eq!(facts["sha256"].as_str().unwrap().len(), 64);
}

#[test]
fn config_excludes_always_loaded_globs_and_encoding_apply() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |rel: &str, text: &str| {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    let words = "rule ".repeat(120);
    write(
        "dochygiene.toml",
        "exclude = [\"docs/generated/**\"]\nalways_loaded = [\"docs/rules.md\"]\n[thresholds]\nalways_loaded_budget = 60\n[tokens]\nencoding = \"cl100k_base\"\n",
    );
    write("docs/rules.md", &format!("# Rules\n\n{words}\n"));
    write("docs/generated/api.md", "[broken](nowhere.md)\n");
    let a = scan_json(root, &["--no-git"], 1);
    assert_eq!(a["shortlist"], serde_json::json!(["docs/rules.md"]));
    assert!(a["excluded_dirs"].as_array().unwrap().iter().any(|d| d == "docs/generated/**"));
    let sig = &a["signals"]["docs/rules.md"][0];
    assert_eq!(sig["name"], "token_budget");
    assert!(sig["detail"].as_str().unwrap().contains("cl100k_base"), "{sig}");
    assert_eq!(a["files"]["docs/rules.md"]["injection_frequency"], 1.0);
}

#[test]
fn duplicate_content_is_one_signal_per_file_pair_listing_every_shared_block() {
    let dir = tempfile::tempdir().unwrap();
    let para =
        |n: u32| format!("Paragraph {n}: {}\n", "words that make a long shared block ".repeat(8));
    let copy: String = (1..=3).map(|n| format!("{}\n", para(n))).collect();
    std::fs::write(dir.path().join("a.md"), format!("# A\n\n## Shared\n\n{copy}Own text.\n"))
        .unwrap();
    std::fs::write(dir.path().join("b.md"), format!("# B\n\nIntro.\n\n## Shared\n\n{copy}"))
        .unwrap();
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let sa = a["signals"]["a.md"].as_array().unwrap();
    assert_eq!(sa.len(), 1, "one signal for the pair, not one per block: {sa:?}");
    assert_eq!(sa[0]["lines"], serde_json::json!([5, 7, 9]));
    assert_eq!(sa[0]["line"], 5);
    assert_eq!(sa[0]["related_path"], "b.md");
    let detail = sa[0]["detail"].as_str().unwrap();
    assert!(detail.starts_with("3 blocks (") && detail.contains("lines 5, 7, 9"), "{detail}");
    assert_eq!(a["signals"]["b.md"][0]["lines"], serde_json::json!([7, 9, 11]));
}

#[test]
fn duplicate_content_leaves_out_snippets_in_three_files_readme_mirrors_and_licenses() {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
    // A note repeated on three pages is a snippet by design.
    for page in ["a", "b", "c"] {
        write(&format!("guide/{page}.md"), format!("# {page}\n\n{}", block("shared note")));
    }
    // The docs landing page mirrors the README; the license text is repeated verbatim.
    write("README.md", format!("# P\n\n{}\n{}", block("intro"), block("licensed under")));
    write("docs/index.md", format!("# P\n\n{}", block("intro")));
    write("docs/license.md", format!("# License\n\n{}", block("licensed under")));
    // A package README repeats the root README's intro: each is a landing page.
    write("packages/p/README.md", format!("# P\n\n{}", block("intro")));
    // A section copied whole between two docs still fires.
    write("notes/x.md", format!("# X\n\n## Setup\n\n{}", block("copied paragraph")));
    write("notes/y.md", format!("# Y\n\n## Setup\n\n{}", block("copied paragraph")));
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["notes/x.md", "notes/y.md"]);
}

#[test]
fn duplicate_content_leaves_out_a_tree_kept_whole_below_another_folder() {
    // mcp-agent's package data keeps a copy of `examples/`: each page at the same place
    // in both trees. One page copied alone below another folder still fires.
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
    for (page, text) in [
        ("workflows/swarm/policies/cancel.md", "cancel a flight"),
        ("workflows/swarm/policies/change.md", "change a flight"),
        ("usecases/finance/report.md", "sample report"),
    ] {
        let body = format!("# Page\n\n{}\n{}", block(text), block(&format!("{text} again")));
        write(&format!("examples/{page}"), body.clone());
        write(&format!("src/pkg/data/examples/{page}"), body);
    }
    write("examples/workflows/swarm/README.md", format!("# Swarm\n\n{}", block("swarm intro")));
    write("src/pkg/data/examples/workflows/swarm/README.md", format!("# Swarm\n\n{}", block("x")));
    let guide = format!("# Guide\n\n{}\n{}", block("the guide"), block("the guide again"));
    write("guides/setup/install.md", guide.clone());
    write("site/guides/setup/install.md", guide);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["guides/setup/install.md", "site/guides/setup/install.md"]);
}

#[test]
fn duplicate_content_leaves_out_the_parts_of_a_page_a_tool_assembles() {
    // datamodel-code-generator's script writes `utility-options.md` from every page of
    // `manual/`: each part is in it whole, by construction. A page that holds two whole
    // docs (a README that copied two guides) still fires.
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
    let part = |name: &str| {
        format!("{}\n{}", block(&format!("{name} option")), block(&format!("{name} usage")))
    };
    let mut assembled = String::from("# Utility options\n\n");
    for name in ["job", "all-jobs", "output-format"] {
        write(&format!("docs/cli/manual/{name}.md"), format!("# {name}\n\n{}", part(name)));
        assembled.push_str(&format!("## {name}\n\n{}\n", part(name)));
    }
    write("docs/cli/utility-options.md", assembled);
    let mut readme = String::from("# Tool\n\n");
    for name in ["install", "usage"] {
        write(&format!("guides/{name}.md"), format!("# {name}\n\n{}", part(name)));
        readme.push_str(&format!("## {name}\n\n{}\n", part(name)));
    }
    write("README.md", readme);
    // A page repeating three one-paragraph READMEs copied them: they are no parts.
    let mut overview = String::from("# Packages\n\n");
    for name in ["core", "cli", "web"] {
        let intro = block(&format!("the {name} package"));
        write(&format!("packages/{name}/README.md"), format!("# {name}\n\n{intro}"));
        overview.push_str(&format!("## {name}\n\n{intro}\n"));
    }
    write("docs/packages.md", overview);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        signalled_paths(&a),
        [
            "README.md",
            "docs/packages.md",
            "guides/install.md",
            "guides/usage.md",
            "packages/cli/README.md",
            "packages/core/README.md",
            "packages/web/README.md"
        ]
    );
}

#[test]
fn duplicate_content_between_docs_for_people_needs_a_doc_mostly_copied() {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
    // Parallel pages: one shared paragraph under the same heading, each section adapted.
    let parallel = |name: &str| {
        format!(
            "# {name}\n\n## Streaming\n\n{}\n{}",
            block(&format!("{name} runs the stream")),
            block("handlers may run twice")
        )
    };
    write("docs/dbos.md", parallel("DBOS"));
    write("docs/temporal.md", parallel("Temporal"));
    // An option that mirrors another: the same paragraph under another heading.
    write(
        "docs/server.md",
        format!("# Server\n\n## server.open\n\n{}", block("opens the browser")),
    );
    write(
        "docs/preview.md",
        format!("# Preview\n\n## preview.open\n\n{}", block("opens the browser")),
    );
    // Scaffold templates (JS and TS variants) are templates, not docs.
    write("template-react/README.md", format!("# R\n\n## Setup\n\n{}", block("react setup")));
    write("template-react-ts/GUIDE.md", format!("# R\n\n## Setup\n\n{}", block("react setup")));
    // A doc an agent reads pays for both copies: any shared block fires.
    write("AGENTS.md", format!("# Rules\n\n{}", block("link to canonical docs")));
    write("docs/style.md", format!("# Style\n\n## Links\n\n{}", block("link to canonical docs")));
    // Two plugins (or packages) ship apart: each carries its own copy of a section.
    for unit in ["plugins/review", "plugins/feature"] {
        write(&format!("{unit}/.claude-plugin/plugin.json"), "{}".into());
        write(
            &format!("{unit}/SKILL.md"),
            format!("# Reviewer\n\n## Review\n\n{}", block("read the diff")),
        );
    }
    // A skill's summary repeats what its reference file details (progressive disclosure).
    write(".claude/skills/api/SKILL.md", format!("# API\n\n{}", block("call it like this")));
    write(
        ".claude/skills/api/references/calls.md",
        format!("# Calls\n\n{}", block("call it like this")),
    );
    // A slash command is loaded alone and cannot include another: two commands sharing
    // a rules block each need it (humanlayer's `research_codebase` and its `_nt` twin).
    for name in ["research", "research_nt"] {
        write(
            &format!(".claude/commands/{name}.md"),
            format!("# {name}\n\n## Rules\n\n{}", block("document what is there")),
        );
    }
    // Two editor rules are not loaded alone (both may apply at once): a shared block fires.
    for name in ["a", "b"] {
        write(
            &format!(".cursor/rules/{name}.mdc"),
            format!("# {name}\n\n## Workflow\n\n{}", block("run the task list")),
        );
    }
    // A whole section shared by two long pages (the same packages listed under parsers
    // and under renderers): most of each page is its own.
    let page = |name: &str| {
        format!(
            "# {name}\n\n## Own\n\n{}\n{}\n## Third-party packages\n\n{}",
            block(&format!("{name} first")),
            block(&format!("{name} second")),
            block("yaml package does both")
        )
    };
    write("docs/parsers.md", page("Parsers"));
    write("docs/renderers.md", page("Renderers"));
    // Two copies of one guide that will drift apart: both fire.
    let guide =
        format!("# Contributing\n\n{}\n## Tests\n\n{}", block("fork"), block("run the tests"));
    write(".github/CONTRIBUTING.md", guide.clone());
    write("docs/contributing.md", guide);
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        signalled_paths(&a),
        [
            ".cursor/rules/a.mdc",
            ".cursor/rules/b.mdc",
            ".github/CONTRIBUTING.md",
            "AGENTS.md",
            "docs/contributing.md",
            "docs/style.md"
        ]
    );
    assert_eq!(a["files"]["template-react/README.md"]["role"], "template");
}

#[test]
fn duplicate_content_between_docs_for_people_leaves_out_a_short_shared_example() {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
    let code = |what: &str, times: usize| {
        format!(
            "```go-html-template\n{}```\n",
            format!("{{{{ if {what} }}}} yes {{{{ end }}}}\n").repeat(times)
        )
    };
    // Hugo's `if` and `else` pages show one short example each (about 300 characters).
    write("docs/if.md", format!("# if\n\n## Example\n\n{}", code("$a", 10)));
    write("docs/else.md", format!("# else\n\n## Example\n\n{}", code("$a", 10)));
    // A long shared example is a copy to keep in one place.
    write("docs/with.md", format!("# with\n\n## Example\n\n{}", code("$b", 20)));
    write("docs/range.md", format!("# range\n\n## Example\n\n{}", code("$b", 20)));
    // A shared paragraph is a claim stated twice.
    let claim = format!("{}{}", block("etags"), "and a second sentence that holds on ".repeat(3));
    write("docs/config.md", format!("# Config\n\n## Caching\n\n{claim}"));
    write("docs/overview.md", format!("# Overview\n\n## Caching\n\n{claim}"));
    // One paragraph under 300 characters, an intro each sibling page states to stand
    // alone under its frontmatter title (kind's two design pages, 263 characters): not
    // a copy.
    let intro = format!("This page used to host {}\n", "a design note that confused ".repeat(8));
    let page = |title: &str| format!("---\ntitle: {title}\n---\n\n{intro}\nShort.\n");
    write("docs/design/base-image.md", page("Base image"));
    write("docs/design/node-image.md", page("Node image"));
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        signalled_paths(&a),
        ["docs/config.md", "docs/overview.md", "docs/range.md", "docs/with.md"]
    );
}

#[test]
fn duplicate_content_between_docs_for_people_leaves_out_a_passage_of_two_long_pages() {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
    // Short lines make most of each page; its one long paragraph is shared (nuxt-ui's
    // `select.md` and `select-menu.md`): a passage, under 15 % of either page.
    let notes =
        |name: &str| (0..150).map(|i| format!("{name} note {i}: short.\n\n")).collect::<String>();
    let page = |name: &str| {
        format!(
            "# {name}\n\n## Usage\n\n{}\n## Notes\n\n{}",
            block("items are filtered"),
            notes(name)
        )
    };
    write("docs/select.md", page("Select"));
    write("docs/select-menu.md", page("SelectMenu"));
    // The same pages without their notes are mostly that paragraph: a copy.
    let short = |name: &str| format!("# {name}\n\n## Usage\n\n{}", block("values are kept"));
    write("docs/input.md", short("Input"));
    write("docs/input-menu.md", short("InputMenu"));
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["docs/input-menu.md", "docs/input.md"]);
}

#[test]
fn duplicate_content_leaves_out_comments_and_lists_of_names() {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
    // typescript-eslint's deprecated-rule stubs: one comment explaining the stub, and
    // valibot's sync and async API pages: one "Related" list of names each.
    let names: String = (0..40).map(|i| format!("    'schema{i}',\n")).collect();
    for (page, own) in [("docs/rules/old-a.mdx", "first"), ("docs/rules/old-b.mdx", "second")] {
        write(
            page,
            format!(
                "# Deprecated rule\n\n{}\n<!--\nThis doc file has been left on purpose to help direct people to the replacement rule.\n\nNote that there is no actual way to get to this page in the normal navigation, so end-users will only be able to get to this page from the search bar.\n-->\n\n## Related\n\n<ApiList\n  items={{[\n{names}  ]}}\n/>\n",
                block(&format!("{own} rule was replaced"))
            ),
        );
    }
    let a = scan_json(dir.path(), &["--no-git"], 0);
    assert_eq!(signalled_paths(&a), Vec::<String>::new());
    // Those blocks still count among a page's long blocks, and a page that copies
    // another's prose under the same heading still fires.
    write(
        "docs/rules/old-b.mdx",
        format!("# Deprecated rule\n\n{}", block("first rule was replaced")),
    );
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(signalled_paths(&a), ["docs/rules/old-a.mdx", "docs/rules/old-b.mdx"]);
}

#[test]
fn duplicate_content_between_pages_of_one_series_needs_a_whole_copy_or_one_section() {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
    // Two provider pages of one outline (traefik's Docker and Swarm): the options they
    // share under the same headings, most of each page but not all of it.
    let provider = |name: &str| {
        format!(
            "# {name}\n\n## Intro\n\n{}\n## Endpoint\n\n{}\n## TLS\n\n{}\n## Own\n\n{}\n{}",
            block("the provider reads labels"),
            block("endpoint option"),
            block("tls option"),
            block(&format!("{name} first")),
            block(&format!("{name} second")),
        )
    };
    write("docs/providers/docker.md", provider("Docker"));
    write("docs/providers/swarm.md", provider("Swarm"));
    // A post copied whole under a second name (instructor's blog) fires.
    let post = format!(
        "# Stories\n\n## Why\n\n{}\n## How\n\n{}\n## When\n\n{}\n## Where\n\n{}",
        block("why"),
        block("how"),
        block("when"),
        block("where")
    );
    write("docs/blog/stories.md", post.clone());
    write("docs/blog/stories-copy.md", post);
    // A small page its sibling holds whole, under 1,000 characters, states what each
    // page must to stand alone (eslint's deprecated rule beside the one replacing it).
    let rule = |name: &str| {
        format!(
            "# {name}\n\n## Rule Details\n\n{}\n## Options\n\n{}",
            block("globals"),
            block("off")
        )
    };
    write("docs/rules/no-global-assign.md", rule("no-global-assign"));
    write("docs/rules/no-native-reassign.md", rule("no-native-reassign"));
    // Two such pages in two folders are no series: mostly shared, they are copies.
    let guide = |name: &str| {
        format!(
            "# {name}\n\n## Intro\n\n{}\n## Endpoint\n\n{}\n## TLS\n\n{}\n## Own\n\n{}",
            block("guide reads labels"),
            block("guide endpoint"),
            block("guide tls"),
            block(&format!("{name} own")),
        )
    };
    write("docs/a/docker.md", guide("Docker"));
    write("docs/b/swarm.md", guide("Swarm"));
    let a = scan_json(dir.path(), &["--no-git"], 1);
    assert_eq!(
        signalled_paths(&a),
        [
            "docs/a/docker.md",
            "docs/b/swarm.md",
            "docs/blog/stories-copy.md",
            "docs/blog/stories.md"
        ]
    );
}

#[test]
fn duplicate_content_between_two_docs_of_one_folder_needs_a_long_copy() {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
    // One commit-message template in the agent file and the contributor's guide beside
    // it (turso): kept in step on purpose. A passage of the agent file in a guide of
    // another folder is a second copy.
    let template = block("commit messages");
    let setup = block("setup steps");
    let own =
        |name: &str| format!("{}{}", block(&format!("{name} one")), block(&format!("{name} two")));
    write("AGENTS.md", format!("# Agents\n\n{}\n{template}\n{setup}", own("agents")));
    write("CONTRIBUTING.md", format!("# Contributing\n\n{}\n{template}", own("contributing")));
    write("docs/guide/setup.md", format!("# Setup\n\n{}\n{setup}", own("guide")));
    // Four long blocks of the agent file in its sibling: a copy, over the floor.
    let long = format!("{}{}{}{}", block("a1"), block("a2"), block("a3"), block("a4"));
    write("web/AGENTS.md", format!("# Web\n\n{long}\n{}", own("web")));
    write("web/CLAUDE.md", format!("# Web\n\n{long}\n{}", own("claude")));
    // A short file copied whole is a copy whatever its size.
    let short = format!("# Tools\n\n{}\n{}", block("t1"), block("t2"));
    write("tools/AGENTS.md", short.clone());
    write("tools/CLAUDE.md", short);
    // Two on-demand agent docs of one folder: each is loaded alone.
    write("agent_docs/style.md", format!("# Style\n\n{}\n{}", block("rule"), own("style")));
    write("agent_docs/review.md", format!("# Review\n\n{}\n{}", block("rule"), own("review")));
    let a = scan_json(dir.path(), &["--no-git"], 1);
    let pairs = duplicate_pairs(&a);
    let has = |a: &str, b: &str| pairs.contains(&(a.to_string(), b.to_string()));
    assert!(
        !has("AGENTS.md", "CONTRIBUTING.md") && !has("CONTRIBUTING.md", "AGENTS.md"),
        "{pairs:?}"
    );
    assert!(
        has("AGENTS.md", "docs/guide/setup.md") && has("docs/guide/setup.md", "AGENTS.md"),
        "{pairs:?}"
    );
    assert!(
        has("web/AGENTS.md", "web/CLAUDE.md") && has("web/CLAUDE.md", "web/AGENTS.md"),
        "{pairs:?}"
    );
    assert!(has("tools/AGENTS.md", "tools/CLAUDE.md"), "{pairs:?}");
    assert!(has("agent_docs/style.md", "agent_docs/review.md"), "{pairs:?}");
}

/// A block long enough to count for `duplicate_content`, starting with `what`.
fn block(what: &str) -> String {
    format!("{what}: {}\n", "text long enough to count as a block ".repeat(8))
}

/// Writes `text` at `rel` under `root`, creating its folders.
fn write_file(root: &std::path::Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

#[test]
fn a_registry_pages_readme_beside_the_readme_is_a_copy_by_design() {
    let body = format!(
        "## Why\n\n{}\n## How\n\n{}\n## When\n\n{}\n## Where\n\n{}",
        block("why"),
        block("how"),
        block("when"),
        block("where")
    );
    let pairs = |manifest: bool| {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str, text: String| write_file(dir.path(), rel, &text);
        write("README.md", format!("# Serde\n\n{body}"));
        write("crates-io.md", format!("<!-- rendered on crates.io -->\n\n{body}"));
        if manifest {
            // serde's crates name `crates-io.md` (beside the root README) as their readme.
            write("Cargo.toml", "[workspace]\nmembers = [\"serde\"]\n".into());
            write(
                "serde/Cargo.toml",
                "[package]\nname = \"serde\"\nversion = \"1.0.0\"\nreadme = \"../crates-io.md\"\n"
                    .into(),
            );
        }
        let a = scan_json(dir.path(), &["--no-git"], if manifest { 0 } else { 1 });
        duplicate_pairs(&a)
    };
    let copy = ("README.md".to_string(), "crates-io.md".to_string());
    assert!(pairs(false).contains(&copy), "without the manifest it is a copy");
    assert!(pairs(true).is_empty(), "the registry page's readme is one by design");
}
