//! A small builder that runs the real binary and captures what it did.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root (where `fixtures/` lives).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fixture path under `fixtures/`.
pub fn fixture(rel: &str) -> PathBuf {
    repo().join("fixtures").join(rel)
}

/// One invocation of `dochygiene`.
pub struct Run {
    cmd: Command,
}

/// What an invocation did.
#[derive(Debug)]
pub struct Output {
    pub code: i32,
    /// The signal that killed the process, if one did (a failpoint aborts: SIGABRT).
    pub signal: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl From<std::process::Output> for Output {
    fn from(out: std::process::Output) -> Self {
        use std::os::unix::process::ExitStatusExt;
        Output {
            code: out.status.code().unwrap_or(-1),
            signal: out.status.signal(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

impl Output {
    /// Whether a failpoint killed the process (it aborts, printing nothing).
    pub fn aborted(&self) -> bool {
        self.signal == Some(libc::SIGABRT)
    }

    /// The stdout parsed as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }
}

/// Starts building `dochygiene ARGS` with a clean environment for the engine's own
/// variables.
pub fn dochygiene<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dochygiene"));
    cmd.args(args);
    for var in ["DOCHYGIENE_NOW", "DOCHYGIENE_TIER2_FIXTURE", "DOCHYGIENE_FAILPOINT"] {
        cmd.env_remove(var);
    }
    // Tests never read or write the machine's token-count cache (`cache.rs` has its own).
    cmd.env("DOCHYGIENE_CACHE_DIR", "off");
    Run { cmd }
}

impl Run {
    pub fn env(mut self, key: &str, value: impl AsRef<std::ffi::OsStr>) -> Self {
        self.cmd.env(key, value);
        self
    }
    pub fn env_remove(mut self, key: &str) -> Self {
        self.cmd.env_remove(key);
        self
    }
    pub fn current_dir(mut self, dir: &Path) -> Self {
        self.cmd.current_dir(dir);
        self
    }
    pub fn now(self, rfc3339: &str) -> Self {
        self.env("DOCHYGIENE_NOW", rfc3339)
    }
    /// Runs it to the end.
    pub fn output(mut self) -> Output {
        self.cmd.output().expect("the dochygiene binary runs").into()
    }
    /// Runs it and asserts the exit code.
    pub fn expect_code(self, code: i32) -> Output {
        let out = self.output();
        assert_eq!(
            out.code, code,
            "unexpected exit code\nstdout:\n{}\nstderr:\n{}",
            out.stdout, out.stderr
        );
        out
    }
}

/// A throwaway project tree with a fixed clock, driven through `--root`.
pub struct Project {
    dir: tempfile::TempDir,
    pub now: String,
}

impl Project {
    /// An empty project.
    pub fn new() -> Project {
        Project { dir: tempfile::tempdir().unwrap(), now: "2026-06-01T12:00:00Z".into() }
    }

    /// A project holding a copy of `fixtures/<name>`.
    pub fn from_fixture(name: &str) -> Project {
        let p = Project::new();
        copy_dir(&fixture(name), p.root());
        p
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    /// Writes a file (creating folders).
    pub fn write(&self, rel: &str, text: &str) -> &Project {
        let path = self.root().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        self
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.root().join(rel)).unwrap()
    }

    pub fn state(&self, rel: &str) -> PathBuf {
        self.root().join(".dochygiene").join(rel)
    }

    /// `dochygiene --root ROOT ARGS` with the project's clock.
    pub fn run(&self, args: &[&str]) -> Run {
        let mut all: Vec<std::ffi::OsString> = vec!["--root".into(), self.root().into()];
        all.extend(args.iter().map(std::ffi::OsString::from));
        dochygiene(all).now(&self.now)
    }
}

/// Copies a folder tree.
/// Copies a fixture's tree, leaving out its `.dochygiene/` state: running the README's
/// demo command writes a report and verdicts into `fixtures/demo` (git ignores them), and
/// a test must start from the fixture, not from whatever was run there last.
pub fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() == ".dochygiene" {
            continue;
        }
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The one JSON line a step prints on stdout.
pub fn json_line(out: &Output) -> serde_json::Value {
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 1, "expected one JSON line on stdout, got:\n{}", out.stdout);
    serde_json::from_str(lines[0]).unwrap()
}
