//! Nothing read or written outside the root or through `.dochygiene` symlinks;
//! non-regular inputs; corrupt state; closed stdout; `remind` writes nothing.
//! (Issue 10, items 1, 6, 8, 9, 10, 11 and 16.) One file per concern:
//!
//! - `state_links` — symbolic links at `.dochygiene`, `ops`, an op folder, the lock (1).
//! - `non_regular` — FIFOs, devices, `/dev/zero`, links out of the root (6).
//! - `corrupt_state` — `state.json` read before any edit (8); corrupt ops (9).
//! - `closed_stdout` — a closed stdout in every command (10).
//! - `housekeeping` — leftover temp files (11); `remind` writes nothing (16).
//!
//! The runs that could hang or eat memory before their fix (a FIFO, `/dev/zero`) go
//! through [`guarded`]: the child gets a 1 GiB address-space cap and a 60 s alarm, so a
//! regression ends the child (and fails the test on its exit code), never the machine.

mod closed_stdout;
mod corrupt_state;
mod housekeeping;
mod non_regular;
mod state_links;

use std::collections::BTreeMap;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::json;

use crate::support::{fixture, Output, Project};

/// `dochygiene --root ROOT ARGS` as `Project::run` builds it, as a plain `Command`.
fn command(p: &Project, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dochygiene"));
    cmd.arg("--root").arg(p.root()).args(args);
    for var in ["DOCHYGIENE_TIER2_FIXTURE", "DOCHYGIENE_FAILPOINT"] {
        cmd.env_remove(var);
    }
    cmd.env("DOCHYGIENE_CACHE_DIR", "off").env("DOCHYGIENE_NOW", &p.now);
    cmd
}

/// Runs `cmd` under a 1 GiB address-space cap and a 60 s alarm (see the module docs).
fn guarded(mut cmd: Command) -> Output {
    // SAFETY: setrlimit and alarm are async-signal-safe and touch only the child.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit { rlim_cur: 1 << 30, rlim_max: 1 << 30 };
            if libc::setrlimit(libc::RLIMIT_AS, &cap) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::alarm(60);
            Ok(())
        });
    }
    let out = cmd.stdin(Stdio::null()).output().expect("the dochygiene binary runs");
    Output {
        code: out.status.code().unwrap_or(-1),
        signal: std::os::unix::process::ExitStatusExt::signal(&out.status),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn expect(out: Output, code: i32, needles: &[&str]) -> Output {
    assert_eq!(out.code, code, "stdout:\n{}\nstderr:\n{}", out.stdout, out.stderr);
    for needle in needles {
        assert!(out.stderr.contains(needle), "{needle:?} not in stderr:\n{}", out.stderr);
    }
    out
}

fn mkfifo(path: &Path) {
    let _ = std::fs::remove_file(path);
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "mkfifo {}", path.display());
}

/// Every file and folder under `dir` (links not followed) with its bytes.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Option<Vec<u8>>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let entry = entry.unwrap();
            let kind = entry.file_type().unwrap();
            let rel = entry.path().strip_prefix(dir).unwrap().to_path_buf();
            if kind.is_dir() {
                stack.push(entry.path());
                out.insert(rel, None);
            } else {
                out.insert(rel, Some(std::fs::read(entry.path()).unwrap_or_default()));
            }
        }
    }
    out
}

/// The demo project with its report written by op `demo`.
fn demo_checked() -> Project {
    let p = Project::from_fixture("demo");
    p.run(&["check", "--op-id", "demo"])
        .env("DOCHYGIENE_TIER2_FIXTURE", fixture("demo/answers.json"))
        .expect_code(0);
    p
}

fn demo_docs(p: &Project) -> Vec<String> {
    ["README.md", "CLAUDE.md", "docs/config.md", "docs/design/overview.md", "docs/plans/http2.md"]
        .iter()
        .map(|rel| p.read(rel))
        .collect()
}

fn op_record(id: &str) -> String {
    json!({"op_id": id, "command": "check", "args": {}, "phase": "done", "iteration": 1,
           "created_at": "2026-01-01T00:00:00Z", "tool_version": env!("CARGO_PKG_VERSION")})
    .to_string()
}

/// A folder outside the project holding what a hostile link points at.
fn outside() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (rel, text) in [
        ("x/op.json", op_record("x")),
        ("victim/keep.txt", "precious".to_string()),
        ("ops/x/op.json", op_record("x")),
        ("ops/victim/keep.txt", "precious".to_string()),
        (
            "state.json",
            json!({"last_check": "2026-01-01T00:00:00Z", "last_clean": null,
                               "last_reminded": null})
            .to_string(),
        ),
    ] {
        let path = dir.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}
