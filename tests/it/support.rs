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
    pub stdout: String,
    pub stderr: String,
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
    Run { cmd }
}

impl Run {
    pub fn env(mut self, key: &str, value: impl AsRef<std::ffi::OsStr>) -> Self {
        self.cmd.env(key, value);
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
        let out = self.cmd.output().expect("the dochygiene binary runs");
        Output {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
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
