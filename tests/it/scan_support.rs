//! Helpers for the scanner tests: scanner fixtures, signal lookups, and git
//! repositories with fixed dates and no dependence on the machine's git config.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

pub use crate::support::Output as Outcome;

/// Runs `dochygiene --root <root> <args>` from inside `root`.
pub fn dochygiene(root: &Path, args: &[&str]) -> Outcome {
    let mut all: Vec<std::ffi::OsString> = vec!["--root".into(), root.into()];
    all.extend(args.iter().map(std::ffi::OsString::from));
    crate::support::dochygiene(all).current_dir(root).output()
}

/// `fixtures/scan/<case>`.
pub fn fixture(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/scan").join(case)
}

/// `scan --format json --no-git` on a fixture, asserting the exit code.
pub fn scan_json(root: &Path, extra: &[&str], expect_code: i32) -> Value {
    let mut args = vec!["scan", "--format", "json"];
    args.extend_from_slice(extra);
    let out = dochygiene(root, &args);
    assert_eq!(out.code, expect_code, "stderr: {}", out.stderr);
    out.json()
}

/// `(file, related_path)` of every `duplicate_content` signal of the artifact.
pub fn duplicate_pairs(artifact: &Value) -> Vec<(String, String)> {
    artifact["signals"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, list)| {
            list.as_array().unwrap().iter().filter(|s| s["name"] == "duplicate_content").map(
                move |s| (path.clone(), s["related_path"].as_str().unwrap_or_default().to_string()),
            )
        })
        .collect()
}

/// `(line, name, target)` of every signal on `path`.
pub fn signals_of(artifact: &Value, path: &str) -> Vec<(u64, String, String)> {
    artifact["signals"][path]
        .as_array()
        .map(|sigs| {
            sigs.iter()
                .map(|s| {
                    (
                        s["line"].as_u64().unwrap(),
                        s["name"].as_str().unwrap().to_string(),
                        s["target"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The paths that carry signals.
pub fn signalled_paths(artifact: &Value) -> Vec<String> {
    artifact["signals"].as_object().unwrap().keys().cloned().collect()
}

/// A scratch git repository whose commits have fixed dates and a fixed author.
pub struct GitRepo {
    pub dir: tempfile::TempDir,
}

impl GitRepo {
    pub fn new() -> GitRepo {
        let repo = GitRepo { dir: tempfile::tempdir().unwrap() };
        repo.git(&["init", "-q", "-b", "main"]);
        repo
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Runs git in the repository, isolated from global and system config.
    pub fn git(&self, args: &[&str]) -> String {
        git_in(self.path(), args, "2024-01-01T00:00:00Z")
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Stages everything and commits at `date` (RFC 3339).
    pub fn commit(&self, date: &str, message: &str) {
        git_in(self.path(), &["add", "-A"], date);
        git_in(self.path(), &["commit", "-q", "-m", message], date);
    }
}

/// Runs git in `dir` with fixed identity and dates, ignoring the machine's config.
pub fn git_in(dir: &Path, args: &[&str], date: &str) -> String {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.com",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A throwaway tree holding `files` (root-relative path, text).
pub fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}
