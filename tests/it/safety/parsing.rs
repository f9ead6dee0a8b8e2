//! See `safety/mod.rs`. Bounded parsing: every run here happens under an address-space
//! cap the test sets on the child itself (`setrlimit(RLIMIT_AS)` in `pre_exec`), so an
//! unbounded allocation aborts the child instead of the machine; a run must end with a
//! plain exit code (never a signal) and name what it did not read. No timing is asserted.

use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::Command;

use serde_json::Value;

use crate::support::{Output, Project};

/// The cap: far above a normal scan or check (under 300 MB of address space with two
/// workers, the tokenizer's tables and git's thread), far below what an unbounded parse
/// of these inputs takes (the alias bomb alone wants ~8 GB).
const ADDRESS_SPACE_CAP: libc::rlim_t = 1024 * 1024 * 1024;

/// Runs `dochygiene --root P ARGS` under the cap, with two worker threads (each thread
/// adds address space, so the cap must not depend on the machine's cores).
pub(super) fn capped(p: &Project, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dochygiene"));
    cmd.arg("--root").arg(p.root()).args(args);
    cmd.env("DOCHYGIENE_NOW", &p.now)
        .env("DOCHYGIENE_CACHE_DIR", "off")
        .env("DOCHYGIENE_THREADS", "2")
        .env_remove("DOCHYGIENE_TIER2_FIXTURE")
        .env_remove("DOCHYGIENE_FAILPOINT");
    // SAFETY: the closure only calls `setrlimit`, which is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit { rlim_cur: ADDRESS_SPACE_CAP, rlim_max: ADDRESS_SPACE_CAP };
            if libc::setrlimit(libc::RLIMIT_AS, &cap) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().expect("the dochygiene binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        out.status.signal(),
        None,
        "dochygiene {args:?} was killed by a signal under the memory cap\nstderr:\n{}",
        tail(&stderr)
    );
    Output {
        code: out.status.code().unwrap_or(-1),
        signal: std::os::unix::process::ExitStatusExt::signal(&out.status),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr,
    }
}

fn tail(text: &str) -> &str {
    let start = text.len().saturating_sub(2000);
    let start = (start..=text.len()).find(|i| text.is_char_boundary(*i)).unwrap_or(0);
    &text[start..]
}

/// A project with `docs/<name>` holding `doc`, and a README whose broken link shows
/// the scan went on past it.
fn project_with(name: &str, doc: &str) -> Project {
    let p = Project::new();
    p.write("README.md", "# Readme\n\nSee [gone](docs/gone.md).\n");
    p.write(&format!("docs/{name}"), doc);
    p
}

/// `scan --format json` under the cap: the signals of the README are there (the scan did
/// not end at the bad doc), and the warnings list is returned.
fn scan_warnings(p: &Project) -> (Output, Vec<Value>) {
    let out = capped(p, &["scan", "--no-git", "--format", "json"]);
    assert_eq!(
        out.code,
        1,
        "the README's broken link is still found\nstderr:\n{}",
        tail(&out.stderr)
    );
    let artifact: Value = serde_json::from_str(&out.stdout).expect("the artifact is JSON");
    assert_eq!(artifact["signals"]["README.md"][0]["name"], "broken_reference", "{artifact:#}");
    let warnings = artifact["warnings"].as_array().cloned().unwrap_or_default();
    (out, warnings)
}

/// The one warning about `path`, which must contain every needle, also on stderr.
fn assert_warned(out: &Output, warnings: &[Value], path: &str, needles: &[&str]) {
    let about: Vec<&Value> = warnings.iter().filter(|w| w["path"] == path).collect();
    assert_eq!(about.len(), 1, "one warning about {path}: {warnings:#?}");
    let message = about[0]["message"].as_str().unwrap();
    for needle in needles {
        assert!(message.contains(needle), "missing {needle:?} in the warning {message:?}");
    }
    let line = format!("warning: {path}");
    assert!(out.stderr.contains(&line), "stderr does not show {line:?}:\n{}", tail(&out.stderr));
}

/// The 296-byte "billion laughs": nine items, each level nine aliases of the last.
fn alias_bomb() -> String {
    let mut fm = String::from("a: &a [x,x,x,x,x,x,x,x,x]\n");
    let names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    for pair in names.windows(2) {
        let items = vec![format!("*{}", pair[0]); 9].join(",");
        fm.push_str(&format!("{}: &{} [{items}]\n", pair[1], pair[1]));
    }
    format!("---\n{fm}---\n# Bomb\n\nText.\n")
}

#[test]
fn a_yaml_alias_bomb_in_frontmatter_is_a_warning_about_that_doc() {
    let p = project_with("bomb.md", &alias_bomb());
    let (out, warnings) = scan_warnings(&p);
    assert_warned(&out, &warnings, "docs/bomb.md", &["frontmatter not read", "alias"]);
    assert!(out.stderr.contains("dochygiene scan: "), "the summary line is printed");
}

#[test]
fn check_survives_the_alias_bomb_and_names_it() {
    let p = Project::new();
    p.write("docs/bomb.md", &alias_bomb());
    let out = capped(&p, &["check", "--no-git"]);
    assert_eq!(
        out.code,
        0,
        "nothing to ask: the report is written\nstderr:\n{}",
        tail(&out.stderr)
    );
    assert!(
        out.stderr.contains("warning: docs/bomb.md:") && out.stderr.contains("alias"),
        "check names the doc whose frontmatter it skipped:\n{}",
        out.stderr
    );
    let scan: Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::fs::read_dir(p.state("ops"))
                .unwrap()
                .next()
                .unwrap()
                .unwrap()
                .path()
                .join("scan.json"),
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(scan["warnings"][0]["path"], "docs/bomb.md", "the frozen scan keeps the warning");
}

#[test]
fn yaml_nested_deep_in_frontmatter_is_a_warning() {
    let flow = format!("---\nkey: {}{}\n---\n# Deep\n", "[".repeat(50_000), "]".repeat(50_000));
    // Under the 64 KiB frontmatter limit, so the depth cap (not the size cap) stops them.
    let block = format!("---\nkey:\n{}x\n---\n# Deep\n", "- ".repeat(30_000));
    let mapping = format!("---\n{}x\n---\n# Deep\n", "a: ".repeat(20_000));
    for (name, doc) in [("flow.md", &flow), ("block.md", &block), ("mapping.md", &mapping)] {
        let p = project_with(name, doc);
        let (out, warnings) = scan_warnings(&p);
        assert_warned(&out, &warnings, &format!("docs/{name}"), &["frontmatter not read"]);
    }
}

#[test]
fn frontmatter_over_64_kib_is_not_parsed() {
    let keys: String = (0..8000).map(|i| format!("key{i}: value number {i}\n")).collect();
    assert!(keys.len() > 64 * 1024);
    let p = project_with("huge.md", &format!("---\n{keys}---\n# Huge\n"));
    let (out, warnings) = scan_warnings(&p);
    assert_warned(&out, &warnings, "docs/huge.md", &["frontmatter not read", "65536"]);
}

#[test]
fn invalid_frontmatter_is_a_warning_with_its_line() {
    let p = project_with("bad.md", "---\ntitle: ok\nstatus: [unclosed\n---\n# Bad\n");
    let (out, warnings) = scan_warnings(&p);
    assert_warned(&out, &warnings, "docs/bad.md", &["frontmatter not read", "invalid YAML"]);
    let line = warnings[0]["line"].as_u64().unwrap();
    assert!((2..=4).contains(&line), "the warning points into the block, not at line {line}");
}

#[test]
fn markdown_and_html_nested_50k_deep_scan_without_overflow() {
    let quotes = format!("# Quotes\n\n{}deep [x](gone.md)\n", "> ".repeat(50_000));
    let lists = format!("# Lists\n\n{}deep\n", "- ".repeat(50_000));
    let ordered = format!("# Ordered\n\n{}deep\n", "1. ".repeat(30_000));
    let emphasis = format!("# Emphasis\n\n{}x{}\n", "*_".repeat(25_000), "_*".repeat(25_000));
    let links = format!("# Links\n\n{}x{}\n", "[".repeat(50_000), "](a.md)".repeat(50_000));
    let html = format!("# Html\n\n<div>\n{}\n</div>\n", "<div id=\"a\">".repeat(50_000));
    for (name, doc) in [
        ("quotes.md", &quotes),
        ("lists.md", &lists),
        ("ordered.md", &ordered),
        ("emphasis.md", &emphasis),
        ("links.md", &links),
        ("html.md", &html),
    ] {
        let p = project_with(name, doc);
        let out = capped(&p, &["scan", "--no-git", "--format", "json"]);
        assert_eq!(out.code, 1, "{name}: the scan finishes\nstderr:\n{}", tail(&out.stderr));
        let artifact: Value = serde_json::from_str(&out.stdout).unwrap();
        assert!(artifact["files"][format!("docs/{name}")].is_object(), "{name} was scanned");
    }
}

#[test]
fn a_100_mb_doc_is_skipped_with_a_warning() {
    let p = project_with("big.md", "");
    let para = "Lorem ipsum dolor sit amet, [link](other.md) consectetur adipiscing elit.\n\n";
    let mut big = String::with_capacity(100 * 1024 * 1024 + para.len());
    big.push_str("# Big\n\n");
    while big.len() < 100 * 1024 * 1024 {
        big.push_str(para);
    }
    std::fs::write(p.root().join("docs/big.md"), big).unwrap();
    let (out, warnings) = scan_warnings(&p);
    assert_warned(&out, &warnings, "docs/big.md", &["not scanned", "limit"]);
    let artifact: Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(artifact["files"]["docs/big.md"].is_null(), "a skipped doc has no file facts");
    assert!(
        !artifact["shortlist"].as_array().unwrap().iter().any(|s| s == "docs/big.md"),
        "a skipped doc is not on the shortlist"
    );
}

#[test]
fn an_encrypted_or_binary_doc_is_skipped_with_a_warning() {
    // git-crypt's ciphertext in a clone without the key: `\0GITCRYPT\0`, then bytes
    // that may spell a "link" or thousands of tokens.
    let mut crypt = b"\0GITCRYPT\0".to_vec();
    crypt.extend(b"[x](gone.md) ".repeat(2000));
    let p = project_with("locked.md", "");
    std::fs::write(p.root().join("docs/locked.md"), &crypt).unwrap();
    p.write("CLAUDE.md", "");
    std::fs::write(p.root().join("CLAUDE.md"), &crypt).unwrap();
    let (out, warnings) = scan_warnings(&p);
    assert_warned(&out, &warnings, "docs/locked.md", &["not scanned", "not text", "git-crypt"]);
    assert_warned(&out, &warnings, "CLAUDE.md", &["not scanned", "not text"]);
    let artifact: Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(artifact["signals"]["CLAUDE.md"].is_null(), "no token budget of ciphertext");
    assert!(artifact["signals"]["docs/locked.md"].is_null());
    assert!(artifact["files"]["docs/locked.md"].is_null(), "a skipped doc has no file facts");
}

#[test]
fn answers_nested_50k_deep_are_refused_not_a_crash() {
    let deep = "[".repeat(50_000) + &"]".repeat(50_000);
    // A fixture (`--answers`).
    let p = crate::handshake::sample();
    p.write("deep.json", &deep);
    let answers = p.root().join("deep.json");
    let out = capped(&p, &["check", "--no-git", "--answers", answers.to_str().unwrap()]);
    assert_eq!(out.code, 2, "stderr:\n{}", tail(&out.stderr));
    assert!(out.stderr.contains("nested deeper than 64"), "{}", out.stderr);
    // A responses file.
    let p = crate::handshake::sample();
    let out = capped(&p, &["check", "--op-id", "t1", "--no-git"]);
    assert_eq!(out.code, 7, "stderr:\n{}", tail(&out.stderr));
    let line: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    let responses = line["responses"].as_str().unwrap();
    let text = format!("{{\"batch_id\": {}, \"responses\": {deep}}}", line["batch_id"]);
    std::fs::write(responses, text).unwrap();
    let out = capped(&p, &["resume", "t1"]);
    assert_eq!(out.code, 2, "stderr:\n{}", tail(&out.stderr));
    assert!(out.stderr.contains("nested deeper than 64"), "{}", out.stderr);
}

#[test]
fn a_config_nested_50k_deep_is_refused_not_a_crash() {
    let arrays = format!("include = {}{}\n", "[".repeat(50_000), "]".repeat(50_000));
    let tables = format!("[thresholds]\nx = {}1{}\n", "{a = ".repeat(50_000), "}".repeat(50_000));
    for config in [arrays, tables] {
        let p = project_with("ok.md", "# Ok\n");
        p.write("dochygiene.toml", &config);
        let out = capped(&p, &["scan", "--no-git"]);
        assert_eq!(out.code, 2, "stderr:\n{}", tail(&out.stderr));
        assert!(
            out.stderr.contains("dochygiene.toml"),
            "the error names the file:\n{}",
            out.stderr
        );
    }
}

#[test]
fn a_config_over_the_size_limit_is_refused_before_parsing() {
    let p = project_with("ok.md", "# Ok\n");
    let mut config = String::from("# dochygiene\n");
    while config.len() <= 2 * 1024 * 1024 {
        config.push_str("# a comment line that makes the file large, and larger\n");
    }
    p.write("dochygiene.toml", &config);
    let out = capped(&p, &["scan", "--no-git"]);
    assert_eq!(out.code, 2, "stderr:\n{}", tail(&out.stderr));
    assert!(
        out.stderr.contains("dochygiene.toml") && out.stderr.contains("byte limit"),
        "the error names the file and the limit:\n{}",
        out.stderr
    );
}
