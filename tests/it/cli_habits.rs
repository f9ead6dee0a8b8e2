//! The command-line habits of the field (ripgrep, lychee, cargo): completions that a
//! real bash completes with, a man page `man` renders, `--color` honouring `NO_COLOR`
//! (checked on a real terminal, through `script`), `--quiet`, `--config FILE`, exit
//! codes in `--help`, exit 2 for a `--root` that does not exist, the platform's cache
//! folder, and hints that never send a binary-only user to a `guide/` file.

#![cfg(unix)]

use std::process::Command;

use crate::support::{dochygiene, Output, Project};

fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("the command runs").into()
}

/// What bash's completion function offers for the words typed so far.
fn bash_completes(script: &std::path::Path, line: &str) -> Vec<String> {
    let driver = format!(
        r#"source '{}'
COMP_LINE='{line}'
COMP_POINT=${{#COMP_LINE}}
read -ra COMP_WORDS <<< "$COMP_LINE"
[[ "$COMP_LINE" == *' ' ]] && COMP_WORDS+=('')
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
_dochygiene dochygiene "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        script.display()
    );
    let out = run(Command::new("bash").arg("--norc").arg("-c").arg(driver));
    assert_eq!(out.code, 0, "{out:?}");
    out.stdout.lines().map(str::to_string).collect()
}

#[test]
fn bash_completes_dochygiene_ch_tab_with_check() {
    let dir = tempfile::tempdir().unwrap();
    let out = dochygiene(["completions", "bash"]).expect_code(0);
    let script = dir.path().join("dochygiene.bash");
    std::fs::write(&script, &out.stdout).unwrap();
    assert_eq!(bash_completes(&script, "dochygiene ch"), ["check"]);
    let subcommands = bash_completes(&script, "dochygiene s");
    for expected in ["scan", "status", "sweep"] {
        assert!(subcommands.iter().any(|s| s == expected), "{subcommands:?}");
    }
    assert!(bash_completes(&script, "dochygiene scan --form").contains(&"--format".into()));
}

#[test]
fn every_supported_shell_gets_a_script() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = dochygiene(["completions", shell]).expect_code(0);
        assert!(out.stdout.contains("dochygiene"), "{shell}: {}", out.stdout);
    }
    let out = dochygiene(["completions", "tcsh"]).expect_code(2);
    assert!(out.stderr.contains("invalid value"), "{}", out.stderr);
}

#[test]
fn the_man_page_renders_with_man() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("dochygiene.1");
    let out = dochygiene(["man"]).expect_code(0);
    assert!(out.stdout.starts_with(".ie") || out.stdout.contains(".TH dochygiene"), "roff");
    std::fs::write(&page, &out.stdout).unwrap();
    let out = run(Command::new("man")
        .arg("-l")
        .arg(&page)
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env("MANWIDTH", "100"));
    assert_eq!(out.code, 0, "{out:?}");
    assert!(!out.stderr.contains("warning"), "man warned: {}", out.stderr);
    for text in ["dochygiene", "SYNOPSIS", "check", "completions", "--color"] {
        assert!(out.stdout.contains(text), "man -l output lacks {text}:\n{}", out.stdout);
    }
}

/// `dochygiene ARGS` on a pseudo-terminal (util-linux `script`), so `--color auto` sees
/// a terminal; returns what the terminal showed.
fn on_a_terminal(p: &Project, args: &str, no_color: Option<&str>) -> String {
    let command =
        format!("'{}' --root '{}' {args}", env!("CARGO_BIN_EXE_dochygiene"), p.root().display());
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &command, "/dev/null"])
        .env("DOCHYGIENE_CACHE_DIR", "off")
        .env("TERM", "xterm")
        .env_remove("NO_COLOR");
    if let Some(value) = no_color {
        cmd.env("NO_COLOR", value);
    }
    let out = run(&mut cmd);
    assert_eq!(out.code, 0, "{out:?}");
    out.stdout
}

#[test]
fn color_follows_the_terminal_and_no_color() {
    let p = Project::new();
    let esc = '\u{1b}';
    let colored = on_a_terminal(&p, "status", None);
    assert!(colored.contains(esc), "a terminal gets color: {colored:?}");
    assert!(colored.contains("last check:"), "{colored:?}");
    let plain = on_a_terminal(&p, "status", Some("1"));
    assert!(!plain.contains(esc), "NO_COLOR=1 turns it off: {plain:?}");
    assert!(plain.contains("last check:    never"), "{plain:?}");
    let empty = on_a_terminal(&p, "status", Some(""));
    assert!(empty.contains(esc), "an empty NO_COLOR does not count (no-color.org)");
    assert!(!on_a_terminal(&p, "--color never status", None).contains(esc));
    // Through a pipe: no color, unless asked for.
    let piped = p.run(&["status"]).expect_code(0);
    assert!(!piped.stdout.contains(esc), "{:?}", piped.stdout);
    let forced = p.run(&["--color", "always", "status"]).env("NO_COLOR", "1").expect_code(0);
    assert!(forced.stdout.contains(esc), "--color always wins: {:?}", forced.stdout);
}

#[test]
fn scan_text_is_colored_only_when_asked_and_json_never() {
    let p = Project::new();
    p.write("README.md", "# Readme\n\nSee [setup](docs/setup.md).\n");
    let plain = p.run(&["scan", "--no-git"]).expect_code(1);
    assert!(plain.stdout.starts_with("README.md:3: broken_reference: "), "{}", plain.stdout);
    let colored = p.run(&["--color", "always", "scan", "--no-git"]).expect_code(1);
    assert!(colored.stdout.starts_with("\u{1b}["), "{:?}", colored.stdout);
    assert!(colored.stdout.contains("broken_reference"), "{:?}", colored.stdout);
    let json = p.run(&["--color", "always", "scan", "--no-git", "--format", "json"]).output();
    assert!(!json.stdout.contains('\u{1b}'), "machine formats are never colored");
}

#[test]
fn quiet_silences_explanations_but_not_errors() {
    let p = Project::new();
    p.write("README.md", "# Readme\n");
    let loud = p.run(&["scan", "--no-git"]).expect_code(0);
    assert!(loud.stderr.contains("dochygiene scan: 0 signals"), "{}", loud.stderr);
    let quiet = p.run(&["--quiet", "scan", "--no-git"]).expect_code(0);
    assert_eq!(quiet.stderr, "");
    let quiet = p.run(&["scan", "-q", "--no-git", "--scope", "nothing/here"]).expect_code(0);
    assert_eq!(quiet.stderr, "", "warnings too");
    p.write("dochygiene.toml", "exclud = []\n");
    let failed = p.run(&["-q", "scan"]).expect_code(2);
    assert!(failed.stderr.starts_with("error: invalid configuration"), "{}", failed.stderr);
}

#[test]
fn config_names_another_file_and_a_missing_one_is_a_usage_error() {
    let p = Project::new();
    p.write("README.md", "# Readme\n\nSee [setup](docs/setup.md).\n");
    p.run(&["scan", "--no-git"]).expect_code(1);
    let other = tempfile::tempdir().unwrap();
    let file = other.path().join("strict.toml");
    std::fs::write(&file, "exclude = [\"README.md\"]\n").unwrap();
    let out = p.run(&["scan", "--no-git", "--config"]).output();
    assert_eq!(out.code, 2, "--config needs a value: {out:?}");
    let out = p.run(&["--config", file.to_str().unwrap(), "scan", "--no-git"]).expect_code(0);
    assert!(out.stderr.contains("0 signals in 0 of 0 files"), "{}", out.stderr);
    let missing = other.path().join("nope.toml");
    let out = p.run(&["scan", "--config", missing.to_str().unwrap()]).expect_code(2);
    assert!(out.stderr.contains("does not exist"), "{}", out.stderr);
    assert!(out.stderr.contains("hint: "), "{}", out.stderr);
}

#[test]
fn help_lists_the_exit_codes() {
    let out = dochygiene(["--help"]).expect_code(0);
    let at = out.stdout.find("Exit codes:").expect("an exit-code section");
    let section = &out.stdout[at..];
    for code in 0..=7 {
        assert!(section.contains(&format!("\n  {code}  ")), "code {code} missing:\n{section}");
    }
}

#[test]
fn a_root_that_does_not_exist_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-project");
    for command in ["status", "scan", "check", "ops"] {
        let mut args = vec!["--root".to_string(), missing.display().to_string()];
        args.push(command.to_string());
        if command == "ops" {
            args.push("list".into());
        }
        let out = dochygiene(&args).expect_code(2);
        assert!(out.stderr.contains("no such folder"), "{command}: {}", out.stderr);
    }
    let file = dir.path().join("file.md");
    std::fs::write(&file, "x").unwrap();
    let out = dochygiene(["--root".as_ref(), file.as_os_str(), "status".as_ref()]).expect_code(2);
    assert!(out.stderr.contains("not a folder"), "{}", out.stderr);
}

#[test]
fn the_token_cache_lives_in_the_platform_cache_folder() {
    let p = Project::new();
    p.write("README.md", "# Readme\n\nSee [setup](docs/setup.md).\n");
    let cache = tempfile::tempdir().unwrap();
    p.run(&["check", "--no-git"])
        .env("XDG_CACHE_HOME", cache.path())
        .env_remove("DOCHYGIENE_CACHE_DIR")
        .output();
    let folder = cache.path().join("dochygiene");
    let files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{} was not created: {e}", folder.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(files.iter().any(|f| f.starts_with("tokens-")), "{files:?}");
}

#[test]
fn hints_never_send_a_binary_only_user_to_a_guide_file() {
    let p = Project::new();
    p.write("dochygiene.toml", "exclud = []\n");
    let out = p.run(&["scan"]).expect_code(2);
    let hint = out.stderr.lines().find(|l| l.starts_with("hint: ")).expect("a hint");
    assert!(!out.stderr.contains("guide/"), "{}", out.stderr);
    assert!(hint.contains("dochygiene.toml"), "{hint}");
    assert!(out.stderr.contains("expected one of `include`, `exclude`"), "the keys, inline");
}

#[test]
fn an_answer_over_its_limit_names_the_limit_without_a_guide_path() {
    let p = Project::new();
    p.write("README.md", "# Readme\n\nSee [setup](docs/setup.md).\n");
    let answer = serde_json::json!({"__kind__classify_file": {
        "verdict": "entries",
        "entries": [{
            "category": {"class": "stale", "subtype": "orphaned"},
            "signals": ["broken_reference"],
            "op": "Delete the line.",
            "op_type": "deterministic",
            "exact_edit": {"kind": "delete-range", "anchor": {"start_line": 3, "end_line": 3}},
            "confidence": 0.9,
            "why": "x".repeat(5000),
        }],
    }});
    let file = p.root().join("answers.json");
    std::fs::write(&file, answer.to_string()).unwrap();
    let out = p.run(&["check", "--no-git", "--answers", file.to_str().unwrap()]).expect_code(2);
    assert!(out.stderr.contains("over its limit of 4000"), "{}", out.stderr);
    assert!(!out.stderr.contains("guide/"), "{}", out.stderr);
}

#[test]
fn no_text_in_the_binary_names_a_guide_file() {
    // A binary-only user has no `guide/` folder: no message, hint or help may send them
    // there. Every text the binary can print is in its bytes.
    let bytes = std::fs::read(env!("CARGO_BIN_EXE_dochygiene")).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let re = regex::Regex::new(r"guide/[a-z-]+\.md").unwrap();
    let found: Vec<_> = re.find_iter(&text).map(|m| m.as_str().to_string()).collect();
    assert!(found.is_empty(), "the binary names guide files: {found:?}");
}
