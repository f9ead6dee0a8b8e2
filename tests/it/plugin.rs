//! The Claude Code plugin reaches the binary through its `bin/dochygiene` shim: the exact
//! command of `hooks/hooks.json`, run with `sh -c` as Claude Code runs it, with
//! `CLAUDE_PLUGIN_ROOT` set, never fails a session start (no binary: exit 0, one install
//! line as `systemMessage` JSON, nothing on stderr), finds a binary installed where the
//! release installer and `cargo install` put it, and never finds itself (a plugin `bin/`
//! on PATH, even two of them, is skipped).

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::{repo, Output};

/// The hook's command, exactly as `hooks/hooks.json` holds it.
fn hook_command() -> String {
    let hooks: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repo().join("hooks/hooks.json")).unwrap())
            .unwrap();
    let entry = &hooks["hooks"]["SessionStart"][0]["hooks"][0];
    assert_eq!(entry["type"], "command");
    entry["command"].as_str().unwrap().to_string()
}

/// A PATH of system folders only, checked to hold no `dochygiene`.
fn system_path() -> String {
    let dirs = ["/usr/local/bin", "/usr/bin", "/bin"];
    for dir in dirs {
        assert!(!Path::new(dir).join("dochygiene").exists(), "{dir} holds a dochygiene");
    }
    dirs.join(":")
}

/// `path` behind the plugin's `bin/`, as Claude Code sets the Bash tool's PATH (a hook's
/// PATH does not have it).
fn with_plugin_bin(path: &str) -> String {
    format!("{}:{path}", repo().join("bin").display())
}

/// `sh -c COMMAND` in `cwd`, as Claude Code runs a hook: `CLAUDE_PLUGIN_ROOT` is the
/// plugin folder, `HOME` a throwaway folder.
fn sh(command: &str, home: &Path, path: &str, cwd: &Path) -> Output {
    let out = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(cwd)
        .env_clear()
        .env("CLAUDE_PLUGIN_ROOT", repo())
        .env("HOME", home)
        .env("PATH", path)
        .env("DOCHYGIENE_CACHE_DIR", "off")
        .env("DOCHYGIENE_NOW", "2026-01-20T00:00:00Z")
        .output()
        .expect("sh runs");
    out.into()
}

/// A project checked long ago, so `remind` has something to say.
fn stale_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join(".dochygiene")).unwrap();
    std::fs::write(
        dir.path().join(".dochygiene/state.json"),
        r#"{"last_check":"2026-01-01T00:00:00Z","last_clean":null,"last_reminded":null}"#,
    )
    .unwrap();
    dir
}

/// Installs the built binary the way the shell installer does: `$CARGO_HOME/bin`
/// (here `~/.cargo/bin`, CARGO_HOME being unset).
fn install_binary(home: &Path) -> PathBuf {
    let bin = home.join(".cargo/bin");
    std::fs::create_dir_all(&bin).unwrap();
    let target = bin.join("dochygiene");
    std::fs::copy(env!("CARGO_BIN_EXE_dochygiene"), &target).unwrap();
    target
}

#[test]
fn the_session_start_hook_without_a_binary_exits_0_with_one_install_line() {
    let home = tempfile::tempdir().unwrap();
    let project = stale_project();
    let out = sh(&hook_command(), home.path(), &system_path(), project.path());
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stderr, "", "no error text at a session start");
    assert_eq!(out.stdout.lines().count(), 1, "{out:?}");
    let json = out.json();
    let message = json["systemMessage"].as_str().expect("a systemMessage for the user");
    assert!(message.contains("dochygiene is not installed"), "{message}");
    assert!(message.contains("installer.sh | sh"), "{message}");
    assert!(message.contains("cargo install"), "{message}");
}

#[test]
fn the_shim_without_a_binary_exits_3_with_one_line_for_any_other_command() {
    let home = tempfile::tempdir().unwrap();
    let shim = repo().join("bin/dochygiene");
    let command = format!("'{}' --root . status", shim.display());
    let out = sh(&command, home.path(), &with_plugin_bin(&system_path()), home.path());
    assert_eq!(out.code, 3, "{out:?}");
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
    assert!(out.stderr.contains("dochygiene is not installed"), "{}", out.stderr);
}

#[test]
fn the_shim_never_calls_itself_nor_another_copy_of_itself() {
    // Two plugin versions on PATH: each shim must skip the other, not loop.
    let home = tempfile::tempdir().unwrap();
    let other = home.path().join("plugins/cache/dochygiene/0.0.9/bin");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::copy(repo().join("bin/dochygiene"), other.join("dochygiene")).unwrap();
    std::fs::set_permissions(other.join("dochygiene"), std::fs::Permissions::from_mode(0o755))
        .unwrap();
    let path = with_plugin_bin(&format!("{}:{}", other.display(), system_path()));
    let out = sh("dochygiene status", home.path(), &path, home.path());
    assert_eq!(out.code, 3, "{out:?}");
    assert!(out.stderr.contains("dochygiene is not installed"), "{}", out.stderr);
}

#[test]
fn the_hook_runs_a_binary_installed_the_way_the_installer_installs_it() {
    let home = tempfile::tempdir().unwrap();
    install_binary(home.path());
    let project = stale_project();
    let out = sh(&hook_command(), home.path(), &system_path(), project.path());
    assert_eq!(out.code, 0, "{out:?}");
    let json = out.json();
    let message = json["systemMessage"].as_str().expect("remind speaks to the user");
    assert!(message.contains("last checked 19 days ago"), "{message}");
    assert_eq!(json["hookSpecificOutput"]["hookEventName"], "SessionStart");
    assert_eq!(json["hookSpecificOutput"]["additionalContext"], message);

    let out =
        sh("dochygiene --version", home.path(), &with_plugin_bin(&system_path()), home.path());
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout.trim(), format!("dochygiene {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn the_shim_prefers_a_binary_on_path_and_passes_exit_codes_through() {
    let home = tempfile::tempdir().unwrap();
    let installed = tempfile::tempdir().unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_dochygiene"), installed.path().join("dochygiene")).unwrap();
    let path = with_plugin_bin(&format!("{}:{}", installed.path().display(), system_path()));
    let out = sh("dochygiene validate /nonexistent/report.json", home.path(), &path, home.path());
    assert_ne!(out.code, 0, "{out:?}");
    assert!(out.stderr.contains("error"), "the real binary answered: {out:?}");
    assert!(!out.stderr.contains("not installed"), "{out:?}");
}

#[test]
fn the_shim_finds_a_binary_under_cargo_home_when_it_is_set() {
    // The shell installer and `cargo install` honour CARGO_HOME; so does the shim.
    let home = tempfile::tempdir().unwrap();
    let cargo_home = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(cargo_home.path().join("bin")).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_dochygiene"), cargo_home.path().join("bin/dochygiene"))
        .unwrap();
    let command = format!("CARGO_HOME='{}' dochygiene --version", cargo_home.path().display());
    let out = sh(&command, home.path(), &with_plugin_bin(&system_path()), home.path());
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout.trim(), format!("dochygiene {}", env!("CARGO_PKG_VERSION")));
}
