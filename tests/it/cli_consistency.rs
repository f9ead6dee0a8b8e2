//! Every `dochygiene …` command line written for people and agents — in `commands/`,
//! `skills/`, `hooks/`, `README.md` and `guide/` — parses with the real CLI
//! (`dochygiene::cli::Cli`), so a renamed flag or subcommand cannot leave the docs,
//! the skills or the hook behind.
//!
//! Where command lines are found: in Markdown, inside fenced code blocks and inline code
//! spans (parsed with pulldown-cmark, never prose); in JSON files, inside every
//! string under a `command` key (hooks). In each of those texts, every occurrence of
//! `dochygiene ` (or `cargo run -- `) followed by a subcommand or option starts a
//! command line, which runs to the first of: a backtick, a
//! double quote, a parenthesis, `;`, `&&`, ` | `, ` > `, ` #` or two spaces (shell comments and
//! aligned annotations in code blocks).
//!
//! How a written line becomes an argv (see `to_argv`):
//! - synopsis notation is expanded: `[`/`]` are dropped, `...`/`…` repetition marks are
//!   dropped, `\|` (a Markdown table escape) is `|`, and in `a|b` the first alternative
//!   is taken. When that does not parse and the alternatives are whole word groups (as in
//!   `ops list|show ID|abort ID|gc`), each group is parsed on its own, and all must parse.
//! - placeholders — words in capitals such as `OP_ID`, `ID`, `FILE`, `N`, `DIR`, `GLOB`,
//!   `PATH`, `CLASS`, `SUBTYPE` — are replaced by sample values from `PLACEHOLDERS`; an
//!   unknown capitalised word fails the test, so a new placeholder must be added there.
//! - the line is then split with a real shell-words splitter (`shlex`).
//!
//! `clean`, `sweep` and `undo` are documented before the engine has them: lines naming
//! them are only skipped (with a warning) while `Cli::try_parse_from(["dochygiene",
//! "clean"])` fails with an unknown-subcommand error, so the check tightens by itself the
//! moment those subcommands land.
//!
//! Two more guides are held to the code the same way: every TOML block of
//! `guide/config.md` parses with `config::Config` (the first states every default), and
//! the `injection_frequency` table of `guide/taxonomy.md` gives what
//! `tokens::injection_frequency` computes for each example.

use std::path::{Path, PathBuf};

use clap::error::ErrorKind;
use clap::Parser;
use dochygiene::cli::Cli;
use pulldown_cmark::{CodeBlockKind, Event, Options, Tag, TagEnd};

use crate::support::repo;

/// Sample values for the placeholders the docs use.
const PLACEHOLDERS: &[(&str, &str)] = &[
    ("OP_ID", "check-20260601T120000Z-abc123"),
    ("ID", "7c04c4e65569"),
    ("FILE", "answers.json"),
    ("N", "7"),
    ("DIR", "/tmp/project"),
    ("GLOB", "docs/**/*.md"),
    ("PATH", "docs"),
    ("CLASS", "stale"),
    ("SUBTYPE", "orphaned"),
];

/// Subcommands the docs may name before the engine has them (see the module doc).
const NOT_YET: &[&str] = &["clean", "sweep", "undo"];

/// One command line found in a file.
#[derive(Debug)]
struct Found {
    file: PathBuf,
    line: String,
}

/// Files the test reads: the plugin surface, the README and the guides.
fn documented_files() -> Vec<PathBuf> {
    let root = repo();
    let mut files = vec![root.join("README.md")];
    for dir in ["commands", "skills", "hooks", "guide", ".claude-plugin"] {
        collect(&root.join(dir), &mut files);
    }
    files.sort();
    files
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("md" | "json")) {
            out.push(path);
        }
    }
}

/// The code texts of a Markdown document: each code block line and each code span.
fn markdown_code(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for event in pulldown_cmark::Parser::new_ext(text, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_) | CodeBlockKind::Indented)) => {
                in_block = true
            }
            Event::End(TagEnd::CodeBlock) => in_block = false,
            Event::Text(t) if in_block => out.extend(t.lines().map(str::to_string)),
            Event::Code(t) => out.push(t.to_string()),
            _ => {}
        }
    }
    out
}

/// How the plugin's hooks name the binary: its `bin/` shim.
const PLUGIN_SHIM: &str = "\"${CLAUDE_PLUGIN_ROOT}/bin/dochygiene\"";

/// Every string under a `command` key of a JSON document (Claude Code's hooks format):
/// a command to run, as opposed to prose that mentions the tool (a schema description).
fn json_commands(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Array(items) => items.iter().for_each(|v| json_commands(v, out)),
        serde_json::Value::Object(map) => {
            for (key, v) in map {
                match v {
                    // The plugin's hook runs the binary through its shim.
                    serde_json::Value::String(s) if key == "command" => {
                        out.push(s.replace(PLUGIN_SHIM, "dochygiene"))
                    }
                    _ => json_commands(v, out),
                }
            }
        }
        _ => {}
    }
}

/// The `dochygiene …` command lines inside one code text.
fn command_lines(code: &str) -> Vec<String> {
    const NAME: &str = "dochygiene ";
    // `cargo run [--release] -- ARGS` runs the same CLI from a checkout.
    let code = code.replace("cargo run --release -- ", NAME).replace("cargo run -- ", NAME);
    let code = code.as_str();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find(NAME) {
        let start = from + at;
        from = start + NAME.len();
        let before = code[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '/') {
            continue; // part of another word or path
        }
        let rest = &code[start..];
        let next = rest[NAME.len()..].chars().next();
        if !next.is_some_and(|c| c.is_ascii_lowercase() || c == '-') {
            continue; // the name in a sentence, not a command
        }
        let end = ["`", "\"", "(", ")", ";", "&&", " | ", " > ", " #", "  "]
            .iter()
            .filter_map(|stop| rest.find(stop))
            .min()
            .unwrap_or(rest.len());
        out.push(rest[..end].trim().to_string());
    }
    out
}

fn find_all() -> Vec<Found> {
    let mut found = Vec::new();
    for file in documented_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let codes = if file.extension().is_some_and(|e| e == "json") {
            let value: serde_json::Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{} is not JSON: {e}", file.display()));
            let mut strings = Vec::new();
            json_commands(&value, &mut strings);
            strings
        } else {
            markdown_code(&text)
        };
        for code in codes {
            for line in command_lines(&code) {
                found.push(Found { file: file.clone(), line });
            }
        }
    }
    found
}

/// A standalone `...` or `…` stands for "some value" and becomes this.
const ELLIPSIS_SAMPLE: &str = "docs";

/// Synopsis notation removed and placeholders filled in; `first_alternative` picks the
/// first of each `a|b`, otherwise the `|` is kept for `alternatives` to split on.
fn expand(line: &str, first_alternative: bool) -> Result<String, String> {
    let line = line.replace("\\|", "|").replace("]...", "]").replace("]…", "]");
    let line = line.replace(['[', ']'], " ");
    let mut words = Vec::new();
    for word in line.split_whitespace() {
        if word == "..." || word == "…" {
            words.push(ELLIPSIS_SAMPLE.to_string());
            continue;
        }
        // `X...` repeats X: the mark is dropped.
        let word = word.trim_end_matches("...").trim_end_matches('…');
        if word.is_empty() {
            continue;
        }
        let alts: Vec<&str> = word.split('|').collect();
        let alts: Vec<&str> = if first_alternative { alts[..1].to_vec() } else { alts };
        let mut filled = Vec::new();
        for alt in alts {
            filled.push(fill(alt)?);
        }
        words.push(filled.join("|"));
    }
    Ok(words.join(" "))
}

/// A placeholder's sample value, or the word itself.
fn fill(word: &str) -> Result<String, String> {
    let is_placeholder = word.chars().all(|c| c.is_ascii_uppercase() || c == '_')
        && word.chars().any(|c| c.is_ascii_uppercase());
    if !is_placeholder {
        return Ok(word.to_string());
    }
    PLACEHOLDERS
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, sample)| sample.to_string())
        .ok_or_else(|| format!("unknown placeholder {word:?}: add it to PLACEHOLDERS"))
}

fn to_argv(line: &str) -> Result<Vec<String>, String> {
    shlex::split(line).ok_or_else(|| format!("{line:?} does not split as shell words"))
}

/// Whether every word after the program is a placeholder or an ellipsis: such a line
/// (`dochygiene …`, `dochygiene OP_ID`) names no command to check.
fn placeholder_only(line: &str) -> bool {
    line.split_whitespace().skip(1).all(|w| {
        let w = w.trim_matches(|c| matches!(c, '[' | ']' | '.' | '…'));
        w.is_empty() || w.split('|').all(|a| fill(a).map_or(true, |f| f != a))
    })
}

fn parses(line: &str) -> Result<(), String> {
    let argv = to_argv(line)?;
    match Cli::try_parse_from(&argv) {
        Ok(_) => Ok(()),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => Ok(()),
        Err(e) => {
            let msg = e.to_string();
            Err(format!("{argv:?}: {}", msg.lines().next().unwrap_or_default()))
        }
    }
}

/// The group alternatives of a synopsis: `ops list|show ID|abort ID|gc` is
/// `ops list`, `ops show ID`, `ops abort ID`, `ops gc`.
fn alternatives(expanded: &str) -> Vec<String> {
    let Some(bar) = expanded.find('|') else { return vec![expanded.to_string()] };
    let head_end = expanded[..bar].rfind(' ').map_or(0, |i| i + 1);
    let (head, tail) = expanded.split_at(head_end);
    tail.split('|').map(|group| format!("{head}{}", group.trim())).collect()
}

/// Checks one written line; Ok(()) when it parses (directly or as group alternatives).
fn check_line(line: &str) -> Result<(), String> {
    if placeholder_only(line) {
        return Ok(());
    }
    let first = expand(line, true)?;
    let direct = parses(&first);
    if direct.is_ok() {
        return Ok(());
    }
    let groups = alternatives(&expand(line, false)?);
    if groups.len() > 1 {
        let errors: Vec<String> = groups.iter().filter_map(|g| parses(g).err()).collect();
        if errors.is_empty() {
            return Ok(());
        }
        return Err(errors.join("; "));
    }
    direct
}

/// The subcommand a line names (the first word after the program that is not an option
/// or an option's value).
fn subcommand(line: &str) -> Option<String> {
    let argv = to_argv(&expand(line, true).ok()?).ok()?;
    let mut words = argv.iter().skip(1);
    while let Some(w) = words.next() {
        if w == "--root" {
            words.next();
        } else if !w.starts_with('-') {
            return Some(w.clone());
        }
    }
    None
}

fn not_yet_in_the_cli() -> bool {
    match Cli::try_parse_from(["dochygiene", "clean"]) {
        Err(e) => e.kind() == ErrorKind::InvalidSubcommand,
        Ok(_) => false,
    }
}

#[test]
fn every_documented_command_line_parses_with_the_real_cli() {
    let found = find_all();
    let skip_not_yet = not_yet_in_the_cli();
    let mut failures = Vec::new();
    let mut skipped = 0;
    for f in &found {
        if std::env::var_os("SHOW_COMMAND_LINES").is_some() {
            eprintln!("{}: {}", f.file.strip_prefix(repo()).unwrap().display(), f.line);
        }
        let sub = subcommand(&f.line);
        if skip_not_yet && sub.as_deref().is_some_and(|s| NOT_YET.contains(&s)) {
            skipped += 1;
            continue;
        }
        if let Err(e) = check_line(&f.line) {
            failures.push(format!("{}: `{}`\n    {e}", f.file.display(), f.line));
        }
    }
    if skipped > 0 {
        eprintln!(
            "warning: {skipped} documented line(s) name `clean`, `sweep` or `undo`, which this \
             build's CLI does not have yet; they were not checked"
        );
    }
    assert!(failures.is_empty(), "command lines that do not parse:\n{}", failures.join("\n"));
    // The plugin surface is really covered, not silently empty.
    let in_dir = |dir: &str| found.iter().filter(|f| f.file.starts_with(repo().join(dir))).count();
    assert!(in_dir("commands") >= 2, "{found:#?}");
    assert!(in_dir("skills") >= 5, "{found:#?}");
    assert!(in_dir("hooks") == 1, "{found:#?}");
    assert!(in_dir("guide") >= 10, "{found:#?}");
    assert!(found.iter().any(|f| f.file == repo().join("README.md")));
}

#[test]
fn the_extractor_finds_lines_and_the_check_rejects_bad_ones() {
    assert_eq!(
        command_lines("run  dochygiene check            (or: dochygiene resume OP_ID)"),
        ["dochygiene check", "dochygiene resume OP_ID"]
    );
    assert_eq!(
        command_lines(r#"{"resume":"dochygiene resume t1"} and dochygiene.toml"#),
        ["dochygiene resume t1"]
    );
    assert!(command_lines("see my-dochygiene run, dochygiene.toml").is_empty());
    assert_eq!(command_lines("dochygiene man > dochygiene.1"), ["dochygiene man"]);
    assert_eq!(
        command_lines("X=1 cargo run --release -- --root fixtures/demo check"),
        ["dochygiene --root fixtures/demo check"]
    );
    assert!(check_line("dochygiene …").is_ok(), "placeholder-only lines are skipped");
    assert!(check_line("dochygiene scan [--scope ...] [--format text|json]").is_ok());
    assert!(check_line("dochygiene --version").is_ok());
    assert!(check_line("dochygiene check [--scope GLOB\\|PATH]... [--op-id ID]").is_ok());
    assert!(check_line("dochygiene ops list|show ID|abort ID|gc").is_ok());
    assert!(check_line("dochygiene scan --format text|json|github|sarif --exit-zero").is_ok());
    assert!(check_line("dochygiene chekc").is_err(), "a misspelt subcommand fails");
    assert!(check_line("dochygiene check --scoop docs").is_err(), "an unknown flag fails");
    assert!(check_line("dochygiene ops list|shw ID").is_err(), "every group must parse");
    assert!(check_line("dochygiene resume WHATEVER").is_err(), "unknown placeholders fail");
    assert!(check_line("dochygiene remind --days N").is_ok());
    assert_eq!(
        subcommand("dochygiene --root DIR clean --entry ID --yes").as_deref(),
        Some("clean")
    );
}

#[test]
fn the_plugin_manifest_version_is_cargo_tomls() {
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(repo().join(".claude-plugin/plugin.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(manifest["name"], "dochygiene");
    assert_eq!(manifest["version"], env!("CARGO_PKG_VERSION"), "bump .claude-plugin/plugin.json");
    assert!(manifest["description"].as_str().is_some_and(|d| !d.is_empty()));
    assert!(manifest["author"]["name"].as_str().is_some_and(|a| !a.is_empty()));
    let marketplace: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(repo().join(".claude-plugin/marketplace.json")).unwrap(),
    )
    .unwrap();
    assert!(marketplace["description"].as_str().is_some_and(|d| !d.is_empty()));
}

#[test]
fn the_hook_and_the_command_have_their_required_shape() {
    let hooks: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repo().join("hooks/hooks.json")).unwrap())
            .unwrap();
    let entry = &hooks["hooks"]["SessionStart"][0]["hooks"][0];
    assert_eq!(entry["type"], "command");
    assert_eq!(entry["command"], format!("{PLUGIN_SHIM} remind --hook"));
    for (file, keys) in [
        ("commands/hygiene.md", &["description", "argument-hint", "allowed-tools"][..]),
        ("skills/hygiene-check/SKILL.md", &["name", "description"][..]),
        ("skills/hygiene-clean/SKILL.md", &["name", "description"][..]),
    ] {
        let text = std::fs::read_to_string(repo().join(file)).unwrap();
        let front = text
            .strip_prefix("---\n")
            .and_then(|t| t.split_once("\n---\n"))
            .unwrap_or_else(|| panic!("{file} has no frontmatter"))
            .0;
        let docs = yaml_rust2::YamlLoader::load_from_str(front)
            .unwrap_or_else(|e| panic!("{file}: frontmatter is not YAML: {e}"));
        for key in keys {
            let value = docs[0][*key].as_str();
            assert!(value.is_some_and(|v| !v.trim().is_empty()), "{file}: no {key}");
        }
    }
    let command = std::fs::read_to_string(repo().join("commands/hygiene.md")).unwrap();
    assert!(command.contains("$ARGUMENTS"));
    for skill in ["hygiene-check", "hygiene-clean"] {
        assert!(command.contains(skill), "the command dispatches to {skill}");
    }
}

/// The TOML blocks of a Markdown guide, in order.
fn toml_blocks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for event in pulldown_cmark::Parser::new(text) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang))) if &*lang == "toml" => {
                current = Some(String::new())
            }
            Event::Text(t) => {
                if let Some(block) = current.as_mut() {
                    block.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => out.extend(current.take()),
            _ => {}
        }
    }
    out
}

#[test]
fn the_config_guide_states_every_default_and_its_examples_parse() {
    use dochygiene::config::Config;
    let text = std::fs::read_to_string(repo().join("guide/config.md")).unwrap();
    let blocks = toml_blocks(&text);
    assert!(blocks.len() >= 2, "{blocks:?}");
    let path = Path::new("guide/config.md");
    let all_keys = Config::parse(&blocks[0], path).expect("the first block parses");
    assert_eq!(all_keys, Config::default(), "the first block states every default");
    for block in &blocks[1..] {
        Config::parse(block, path).expect("every example parses");
    }
    // Every key of the full block has a row in the key table.
    let doc: toml::Table = blocks[0].parse().unwrap();
    for (key, value) in &doc {
        let names: Vec<String> = match value.as_table() {
            Some(t) => t.keys().map(|k| format!("`{key}.{k}`")).collect(),
            None => vec![format!("`{key}`")],
        };
        for name in names {
            assert!(text.contains(&format!("| {name} |")), "guide/config.md has no row for {name}");
        }
    }
}

#[test]
fn the_taxonomy_guides_injection_table_matches_the_code() {
    use dochygiene::tokens::injection_frequency;
    let text = std::fs::read_to_string(repo().join("guide/taxonomy.md")).unwrap();
    let table = text.split("| file | frequency | example |").nth(1).expect("the table");
    let mut rows = 0;
    for row in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        let frequency: f64 = cells[1].parse().unwrap_or_else(|_| panic!("{row}"));
        let example = cells[2].split('`').nth(1).unwrap_or_else(|| panic!("{row}"));
        let always = frequency == 1.0;
        // The row of nested agent context names one below the root (its role, by path).
        let nested = example.contains('/')
            && dochygiene::tokens::AGENT_FILE_NAMES.iter().any(|n| example.ends_with(n));
        assert_eq!(injection_frequency(example, always, nested), frequency, "{row}");
        rows += 1;
    }
    assert_eq!(rows, 5, "one row per rule of src/tokens/injection.rs");
}
