//! The git signals on repositories the tests build with fixed commit dates: renames and
//! deletions (`stale_name_location`), old docs over churned code
//! (`edit_recency_vs_churn`), odd paths, shallow clones and trees outside git.

use crate::scan_support::{dochygiene, git_in, scan_json, signals_of, GitRepo};

fn lines(n: usize, word: &str) -> String {
    (0..n).map(|i| format!("{word} {i}\n")).collect()
}

/// A repository whose history renames and deletes docs and churns code.
fn history_repo() -> GitRepo {
    let repo = GitRepo::new();
    repo.write("README.md", "# Project\n\nSee [old](docs/old%20name.md), [gone](notes/removed.md) and [new](docs/new-name.md).\nAlso `docs/tool.rs`, now [here](src/tool.rs).\n");
    repo.write(
        "docs/guide.md",
        "# Guide\n\nThe engine is [here](../src/engine.rs), started by `start_engine()`; read [it](./old%20name.md#intro).\n",
    );
    repo.write("docs/old name.md", "# Intro\n\nOld.\n");
    repo.write("docs/tool.rs", "fn main() {}\n");
    repo.write("docs/fresh.md", "# Fresh\n\nAbout [the engine](../src/engine.rs).\n");
    repo.write("tools/notes.md", "# Notes\n\nNothing referenced here.\n");
    repo.write("tools/build.rs", &lines(5, "step"));
    repo.write("notes/removed.md", "# Removed\n");
    repo.write("src/engine.rs", &format!("fn start_engine() {{}}\n{}", lines(9, "// line")));
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["mv", "docs/old name.md", "docs/new-name.md"]);
    repo.git(&["mv", "docs/tool.rs", "src/tool.rs"]);
    repo.git(&["rm", "-q", "notes/removed.md"]);
    repo.commit("2024-02-01T00:00:00Z", "rename and delete");
    repo.write("src/engine.rs", &lines(160, "// rewritten"));
    repo.write("tools/build.rs", &lines(120, "stage"));
    repo.write("docs/fresh.md", "# Fresh\n\nAbout [the engine](../src/engine.rs), updated.\n");
    repo.commit("2024-06-01T00:00:00Z", "churn the code");
    repo
}

#[test]
fn renamed_targets_carry_the_new_path_in_the_links_own_form() {
    let repo = history_repo();
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(a["git"], serde_json::json!({"used": true}));
    let readme = a["signals"]["README.md"].as_array().unwrap();
    let stale: Vec<_> = readme.iter().filter(|s| s["name"] == "stale_name_location").collect();
    assert_eq!(stale.len(), 3, "{readme:#?}");
    assert_eq!(stale[0]["target"], "docs/old%20name.md");
    assert_eq!(stale[0]["suggestion"], "docs/new-name.md");
    assert_eq!(stale[0]["related_path"], "docs/new-name.md");
    assert_eq!(stale[1]["target"], "notes/removed.md");
    assert!(stale[1].get("suggestion").is_none(), "a deletion has no replacement");
    assert!(stale[1]["detail"].as_str().unwrap().contains("deleted"));
    assert_eq!(stale[2]["target"], "docs/tool.rs");
    assert_eq!(stale[2]["suggestion"], "src/tool.rs");
    assert_eq!(stale[2]["line"], 4);
    let guide = a["signals"]["docs/guide.md"].as_array().unwrap();
    let renamed = guide.iter().find(|s| s["name"] == "stale_name_location").unwrap();
    assert_eq!(renamed["target"], "./old%20name.md");
    assert_eq!(renamed["suggestion"], "./new-name.md");
    assert!(
        !readme.iter().any(|s| s["name"] == "broken_reference"),
        "git explains every missing target"
    );
}

#[test]
fn old_docs_over_churned_code_fire_and_fresh_docs_do_not() {
    let repo = history_repo();
    let a = scan_json(repo.path(), &[], 1);
    let churn = |path: &str| -> Vec<serde_json::Value> {
        a["signals"][path]
            .as_array()
            .map(|s| s.iter().filter(|s| s["name"] == "edit_recency_vs_churn").cloned().collect())
            .unwrap_or_default()
    };
    let guide = churn("docs/guide.md");
    assert_eq!(guide.len(), 1);
    assert_eq!(guide[0]["related_path"], "src/engine.rs");
    assert!(guide[0]["detail"].as_str().unwrap().contains("152 days"), "{}", guide[0]["detail"]);
    assert_eq!(guide[0]["changed_files"], serde_json::json!(["src/engine.rs"]));
    assert!(
        churn("tools/notes.md").is_empty(),
        "it names no file: the code churning in its folder says nothing about it"
    );
    assert!(churn("docs/fresh.md").is_empty(), "edited in the newest commit");
    assert!(churn("README.md").is_empty(), "its references churned too little");
}

#[test]
fn thresholds_come_from_the_config() {
    let repo = history_repo();
    repo.write("dochygiene.toml", "[thresholds]\nstale_days = 200\n");
    let a = scan_json(repo.path(), &[], 1);
    let any_churn = a["signals"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|v| v.as_array().unwrap())
        .any(|s| s["name"] == "edit_recency_vs_churn");
    assert!(!any_churn);
}

#[test]
fn no_git_turns_history_problems_back_into_broken_references() {
    let repo = history_repo();
    let a = scan_json(repo.path(), &["--no-git"], 1);
    let got: Vec<(String, String)> =
        signals_of(&a, "README.md").into_iter().map(|s| (s.1, s.2)).collect();
    let broken = |t: &str| ("broken_reference".to_string(), t.to_string());
    assert_eq!(
        got,
        [broken("docs/old%20name.md"), broken("notes/removed.md")],
        "the links stay broken; the backticked `docs/tool.rs` needs history to say anything"
    );
    assert_eq!(a["git"]["used"], false);
}

#[test]
fn paths_with_spaces_and_non_utf8_bytes_survive_the_history_pass() {
    let repo = history_repo();
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"src/bad\xffname.rs");
        std::fs::write(repo.path().join(name), lines(300, "x")).unwrap();
    }
    repo.write("src/with space.rs", &format!("fn old_helper() {{}}\n{}", lines(3, "y")));
    repo.write(
        "docs/odd.md",
        "# Odd\n\nSee [the spaced file](../src/with%20space.rs) and `old_helper()`.\n",
    );
    repo.commit("2024-07-01T00:00:00Z", "odd names");
    repo.write("src/with space.rs", &lines(200, "y"));
    repo.commit("2024-11-01T00:00:00Z", "grow the spaced file");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(a["git"]["used"], true);
    let guide = a["signals"]["docs/guide.md"].as_array().unwrap();
    assert!(guide.iter().any(|s| s["name"] == "edit_recency_vs_churn"));
    let odd = named(&a, "docs/odd.md", "edit_recency_vs_churn");
    assert_eq!(odd.len(), 1, "{odd:#?}");
    assert_eq!(odd[0]["changed_files"], serde_json::json!(["src/with space.rs"]));
    assert!(odd[0]["detail"].as_str().unwrap().contains("src/with space.rs 198"), "{}", odd[0]);
    let readme = a["signals"]["README.md"].as_array().unwrap();
    assert_eq!(readme.iter().filter(|s| s["name"] == "stale_name_location").count(), 3);
}

#[test]
fn shallow_clones_say_so() {
    let repo = history_repo();
    let clone = tempfile::tempdir().unwrap();
    let url = format!("file://{}", repo.path().display());
    git_in(clone.path(), &["clone", "-q", "--depth", "1", &url, "c"], "2024-06-01T00:00:00Z");
    let a = scan_json(&clone.path().join("c"), &[], 1);
    assert_eq!(a["git"]["used"], true);
    assert!(a["git"]["note"].as_str().unwrap().contains("shallow"), "{}", a["git"]);
}

#[test]
fn outside_git_the_git_signals_are_skipped_and_the_artifact_says_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("README.md"), "# Hi\n\n[x](gone.md)\n").unwrap();
    let a = scan_json(dir.path(), &[], 1);
    assert_eq!(a["git"]["used"], false);
    assert!(a["git"]["note"].as_str().unwrap().contains("not a git repository"), "{}", a["git"]);
    assert_eq!(signals_of(&a, "README.md")[0].1, "broken_reference");
    let out = dochygiene(dir.path(), &["scan"]);
    assert!(out.stderr.contains("not a git repository"), "{}", out.stderr);
}

#[test]
fn churn_is_the_net_change_since_the_doc_so_undone_work_does_not_count() {
    let repo = GitRepo::new();
    repo.write("docs/flip.md", "# Flip\n\nSee [the code](../src/flip.rs): `flip_v1()`.\n");
    repo.write("docs/grow.md", "# Grow\n\nSee [the code](../src/grow.rs): `grow_v1()`.\n");
    let flip = format!("fn flip_v1() {{}}\n{}", lines(4, "// base"));
    repo.write("src/flip.rs", &flip);
    repo.write("src/grow.rs", &format!("fn grow_v1() {{}}\n{}", lines(4, "// base")));
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.write("src/flip.rs", &format!("{}{}", lines(5, "// base"), lines(200, "// experiment")));
    repo.write("src/grow.rs", &format!("{}{}", lines(5, "// base"), lines(60, "// more")));
    repo.commit("2024-05-01T00:00:00Z", "try something, grow a little");
    repo.write("src/flip.rs", &flip);
    repo.write("src/grow.rs", &format!("{}{}", lines(5, "// base"), lines(120, "// more")));
    repo.commit("2024-06-01T00:00:00Z", "undo the experiment, grow more");
    let a = scan_json(repo.path(), &[], 1);
    let fired = |path: &str| {
        a["signals"][path]
            .as_array()
            .is_some_and(|s| s.iter().any(|s| s["name"] == "edit_recency_vs_churn"))
    };
    assert!(!fired("docs/flip.md"), "400 lines changed, but the code is back where it was");
    assert!(fired("docs/grow.md"), "120 lines more than when the doc was written");
    let grow = &a["signals"]["docs/grow.md"][0];
    assert!(grow["detail"].as_str().unwrap().contains("changed 122 lines"), "{grow}");
}

/// The signals of `name` on `path`.
fn named(a: &serde_json::Value, path: &str, name: &str) -> Vec<serde_json::Value> {
    a["signals"][path]
        .as_array()
        .map(|s| s.iter().filter(|s| s["name"] == name).cloned().collect())
        .unwrap_or_default()
}

/// Docs of every kind over code that churns: only a doc whose named files moved fires.
fn named_files_repo() -> GitRepo {
    let repo = GitRepo::new();
    repo.write(
        "README.md",
        "# Tool\n\n[![CI](https://img.shields.io/badge/ci-passing-green)](https://example.com/ci)\n[![docs](https://img.shields.io/badge/docs-yes-blue)](https://example.com/docs)\n",
    );
    repo.write(
        "CODE_OF_CONDUCT.md",
        "# Code of conduct\n\nBe kind. Report problems to the maintainers.\n",
    );
    repo.write(
        "docs/api.md",
        "# API\n\nThe [engine](../src/engine.rs) calls `src/util.rs`; the [whole crate](../src)\nand the [guide](cli.md).\n\n![logo](../assets/logo.svg)\n\nSee `src/steady.rs` too. Start with `engine_run()`.\n",
    );
    repo.write(
        "docs/cli.md",
        "# CLI\n\nThe entry point is [cli.rs](../src/cli.rs), `cli_main()`, among [the sources](../src/).\n",
    );
    repo.write("docs/build.py", &lines(5, "# step"));
    repo.write("src/engine.rs", &format!("fn engine_run() {{}}\n{}", lines(10, "// line")));
    repo.write("src/util.rs", &lines(10, "// util"));
    repo.write("src/steady.rs", &lines(10, "// steady"));
    repo.write("src/cli.rs", &format!("fn cli_main() {{}}\n{}", lines(10, "// cli")));
    repo.write("src/other.rs", &lines(10, "// other"));
    repo.write("assets/logo.svg", &lines(10, "<!-- svg -->"));
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.write("src/engine.rs", &format!("{}{}", lines(10, "// line"), lines(150, "// more")));
    repo.write("src/util.rs", &format!("{}{}", lines(10, "// util"), lines(30, "// more")));
    repo.write("src/other.rs", &lines(400, "// rewritten"));
    repo.write("docs/build.py", &lines(300, "# stage"));
    repo.write("assets/logo.svg", &lines(500, "<!-- redrawn -->"));
    repo.commit("2024-06-01T00:00:00Z", "churn the code");
    repo
}

#[test]
fn a_doc_that_names_no_file_never_fires_however_much_code_churned() {
    let repo = named_files_repo();
    let a = scan_json(repo.path(), &[], 1);
    assert!(named(&a, "README.md", "edit_recency_vs_churn").is_empty(), "badges only");
    assert!(named(&a, "CODE_OF_CONDUCT.md", "edit_recency_vs_churn").is_empty());
}

#[test]
fn a_doc_whose_folder_churned_but_whose_named_files_did_not_stays_quiet() {
    let repo = named_files_repo();
    let a = scan_json(repo.path(), &[], 1);
    let cli = named(&a, "docs/cli.md", "edit_recency_vs_churn");
    assert!(
        cli.is_empty(),
        "its folder and a folder it links churned, src/cli.rs did not: {cli:?}"
    );
}

#[test]
fn a_doc_whose_named_files_churned_fires_with_the_files_and_the_commit_range() {
    let repo = named_files_repo();
    let head = repo.git(&["rev-parse", "HEAD"]).trim().to_string();
    let since = repo.git(&["rev-parse", "HEAD~1"]).trim().to_string();
    let a = scan_json(repo.path(), &[], 1);
    let api = named(&a, "docs/api.md", "edit_recency_vs_churn");
    assert_eq!(api.len(), 1, "{api:#?}");
    let s = &api[0];
    let range = format!("{}..{}", &since[..12], &head[..12]);
    assert_eq!(s["commit_range"], range.as_str());
    // Named and changed, most churn first; the folder link, the image, the Markdown
    // link and the unchanged file are not churn.
    assert_eq!(s["changed_files"], serde_json::json!(["src/engine.rs", "src/util.rs"]));
    assert_eq!(s["related_path"], "src/engine.rs");
    let detail = s["detail"].as_str().unwrap();
    for part in [
        "152 days",
        "181 lines",
        "src/engine.rs 151",
        "src/util.rs 30",
        range.as_str(),
        "none of the files it names has now: `engine_run`",
    ] {
        assert!(detail.contains(part), "{part:?} missing from {detail:?}");
    }
    assert!(!detail.contains("logo.svg") && !detail.contains("other.rs"), "{detail}");
}

#[test]
fn sarif_carries_the_churn_evidence_as_related_locations_and_properties() {
    let repo = named_files_repo();
    let out = dochygiene(repo.path(), &["scan", "--format", "sarif"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let log: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let results = log["runs"][0]["results"].as_array().unwrap();
    let churn: Vec<_> = results.iter().filter(|r| r["ruleId"] == "edit_recency_vs_churn").collect();
    assert_eq!(churn.len(), 1, "{churn:#?}");
    let related: Vec<&str> = churn[0]["relatedLocations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["physicalLocation"]["artifactLocation"]["uri"].as_str().unwrap())
        .collect();
    assert_eq!(related, ["src/engine.rs", "src/util.rs"]);
    let props = &churn[0]["properties"];
    assert_eq!(props["changed_files"], serde_json::json!(["src/engine.rs", "src/util.rs"]));
    assert_eq!(props["commit_range"].as_str().unwrap().len(), 26, "{props}");
}

#[test]
fn churn_without_a_vanished_name_is_a_feature_added_not_a_stale_doc() {
    let repo = GitRepo::new();
    repo.write("docs/run.md", "# Run\n\nThe runner is [here](../src/run.rs): `run_all()`.\n");
    repo.write("src/run.rs", &format!("fn run_all() {{}}\n{}", lines(4, "// base")));
    repo.commit("2024-01-01T00:00:00Z", "start");
    let grown = format!("fn run_all() {{}}\n{}{}", lines(4, "// base"), lines(300, "// feature"));
    repo.write("src/run.rs", &grown);
    repo.commit("2024-06-01T00:00:00Z", "a new feature beside run_all");
    let a = scan_json(repo.path(), &[], 0);
    assert!(
        named(&a, "docs/run.md", "edit_recency_vs_churn").is_empty(),
        "300 lines churned, but everything the doc says is still in the code"
    );
}

#[test]
fn a_partial_clone_is_never_completed_from_its_remote() {
    // GIT_NO_LAZY_FETCH came with git 2.44; an older git fetches whatever the scan asks.
    let version = git_in(std::path::Path::new("."), &["--version"], "2024-01-01T00:00:00Z");
    let numbers: Vec<u32> = version
        .split_whitespace()
        .nth(2)
        .unwrap_or_default()
        .split('.')
        .take(2)
        .filter_map(|n| n.parse().ok())
        .collect();
    if numbers < vec![2, 44] {
        eprintln!("skipped: {} has no GIT_NO_LAZY_FETCH", version.trim());
        return;
    }
    let origin = GitRepo::new();
    origin.write("docs/a.md", &format!("# A\n\n{}", lines(40, "text")));
    origin.write("README.md", "# R\n\nSee [a](docs/a.md).\n");
    origin.commit("2024-01-01T00:00:00Z", "start");
    // A rename with an edit: git reads both blobs to see it.
    origin.git(&["mv", "docs/a.md", "docs/b.md"]);
    origin.write("docs/b.md", &format!("# A\n\n{}", lines(39, "text")));
    origin.commit("2024-02-01T00:00:00Z", "move");
    origin.git(&["config", "uploadpack.allowfilter", "true"]);
    let dest = tempfile::tempdir().unwrap();
    let url = format!("file://{}", origin.path().display());
    let clone = dest.path().join("clone");
    git_in(
        dest.path(),
        &["clone", "-q", "--filter=blob:none", &url, "clone"],
        "2024-03-01T00:00:00Z",
    );
    let objects = || git_in(&clone, &["count-objects", "-v"], "2024-03-01T00:00:00Z");
    let before = objects();
    let out = dochygiene(&clone, &["scan", "--format", "json"]);
    assert!(out.code == 0 || out.code == 1, "stderr: {}", out.stderr);
    assert_eq!(objects(), before, "the scan fetched objects from the clone's remote");
    // git without GIT_NO_LAZY_FETCH (before 2.44) would have fetched; with it, rename
    // detection fails on the first missing blob and the scan reads history without it:
    // the edited move is then a deletion, and the note says why.
    let a = out.json();
    assert_eq!(a["git"]["used"], true, "{}", a["git"]);
    assert!(a["git"]["note"].as_str().unwrap().contains("partial clone"), "{}", a["git"]);
    let readme = named(&a, "README.md", "stale_name_location");
    assert_eq!(readme.len(), 1, "{readme:#?}");
    assert_eq!(readme[0]["target"], "docs/a.md");
    assert!(readme[0]["detail"].as_str().unwrap().contains("deleted"), "{readme:#?}");
}

/// Git ignores only untracked files: docs committed before a `.gitignore` rule ignoring
/// every `.md` (bolt.diy's `*.md`) are the repository's docs and are scanned; an
/// untracked one the rule matches is not, nor a tracked one in a folder the walk skips,
/// nor one under a folder a rule names (the maintainer's word that it holds artifacts).
#[test]
fn tracked_docs_a_gitignore_rule_by_extension_matches_are_scanned() {
    let repo = GitRepo::new();
    repo.write("README.md", "# Project\n\nSee [missing](nowhere.txt).\n");
    repo.write("docs/guide.md", "# Guide\n\nSee [gone](gone.txt).\n");
    repo.write("node_modules/p/README.md", "# P\n\n[x](x.md)\n");
    repo.write("notes/plan.md", "# Plan\n\n[z](z.txt)\n");
    repo.git(&["add", "-f", "node_modules/p/README.md"]);
    repo.commit("2024-01-01T00:00:00Z", "docs");
    repo.write(".gitignore", "/notes/\n*.md\n");
    repo.write("scratch.md", "# Scratch\n\n[y](y.txt)\n");
    repo.commit("2024-02-01T00:00:00Z", "ignore markdown");
    let a = scan_json(repo.path(), &[], 1);
    assert_eq!(a["files_scanned"], 2, "{a:#?}");
    let files: Vec<&String> = a["files"].as_object().unwrap().keys().collect();
    assert_eq!(files, ["README.md", "docs/guide.md"]);
    assert_eq!(signals_of(&a, "README.md").len(), 1);
    assert_eq!(signals_of(&a, "docs/guide.md").len(), 1);
}

/// A plan names the files it meant to change, and they change: churn under it is the
/// plan carried out, not the plan falling behind (dyad's `plans/`, prisma's
/// `projects/x/plan.md`).
#[test]
fn a_plan_is_not_asked_about_churn() {
    let repo = GitRepo::new();
    let text =
        "# Rewrite\n\nThe engine is [here](../src/engine.rs), started by `start_engine()`.\n";
    repo.write("docs/guide.md", text);
    repo.write("plans/rewrite.md", text);
    repo.write("src/engine.rs", &format!("fn start_engine() {{}}\n{}", lines(9, "// line")));
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.write("src/engine.rs", &lines(160, "// rewritten"));
    repo.write("README.md", "# Project\n");
    repo.commit("2024-06-01T00:00:00Z", "churn the code");
    let a = scan_json(repo.path(), &[], 1);
    let churned = |path: &str| {
        a["signals"][path]
            .as_array()
            .is_some_and(|s| s.iter().any(|s| s["name"] == "edit_recency_vs_churn"))
    };
    assert!(churned("docs/guide.md"), "{a:#}");
    assert!(!churned("plans/rewrite.md"));
}

#[test]
fn a_project_tree_that_lists_a_file_git_deleted_or_renamed_is_stale() {
    let repo = GitRepo::new();
    let tree = "```\napp/\n├── src/\n│   ├── main.ts        # entry\n│   ├── cli.ts         # command line\n│   └── old.ts\n└── package.json\n```\n";
    repo.write("app/DEVELOPING.md", &format!("# Developing\n\n{tree}"));
    // A command's printed tree shows a run, not the layout.
    let printed = "```\n$ tree app\n├── src/\n│   └── old.ts\n└── package.json\n```\n";
    repo.write("app/RUN.md", &format!("# Run\n\n{printed}"));
    repo.write("app/src/main.ts", "main\n");
    repo.write("app/src/cli.ts", "cli\n");
    repo.write("app/src/old.ts", "old\n");
    repo.write("app/package.json", "{}\n");
    repo.commit("2024-01-01T00:00:00Z", "start");
    git_in(repo.path(), &["mv", "app/src/cli.ts", "app/src/command.ts"], "2024-02-01T00:00:00Z");
    git_in(repo.path(), &["rm", "-q", "app/src/old.ts"], "2024-02-01T00:00:00Z");
    repo.commit("2024-02-01T00:00:00Z", "rename the cli, drop old");
    let a = scan_json(repo.path(), &[], 1);
    let stale = named(&a, "app/DEVELOPING.md", "stale_name_location");
    let targets: Vec<(&str, Option<&str>)> =
        stale.iter().map(|s| (s["target"].as_str().unwrap(), s["suggestion"].as_str())).collect();
    // Renamed in its folder: the new name, as the tree writes it.
    assert_eq!(targets, [("cli.ts", Some("command.ts")), ("old.ts", None)], "{stale:?}");
    assert_eq!(stale[0]["line"], 7);
    let detail = stale[1]["detail"].as_str().unwrap();
    assert!(detail.contains("`old.ts` (`app/src/old.ts`)"), "{detail}");
    assert!(named(&a, "app/RUN.md", "stale_name_location").is_empty());
}

#[test]
fn a_folder_named_before_a_placeholder_that_git_saw_move() {
    let repo = GitRepo::new();
    repo.write("cookbook/models/claude.py", "print('claude')\n");
    repo.write("tools/readme.txt", "tools\n");
    repo.write(
        "CONTRIBUTING.md",
        "# Contributing\n\nAdd a recipe under `cookbook/models/<your_model>`.\n\nOr under `cookbook/90_models/<your_model>`, a tool in `tools/<name>.py`, a page in `docs/guides/{locale}/index.md`.\n",
    );
    repo.commit("2024-01-01T00:00:00Z", "start");
    repo.git(&["mv", "cookbook/models", "cookbook/90_models"]);
    repo.commit("2024-02-01T00:00:00Z", "number the cookbook");
    let a = scan_json(repo.path(), &["--exit-zero"], 0);
    let stale = named(&a, "CONTRIBUTING.md", "stale_name_location");
    assert_eq!(stale.len(), 1, "{stale:#?}");
    assert_eq!(stale[0]["line"], 3);
    assert_eq!(stale[0]["target"], "cookbook/models/<your_model>");
    // A folder git never knew is the reader's to make: no broken reference either.
    assert!(named(&a, "CONTRIBUTING.md", "broken_reference").is_empty());
}
