//! Runs the `git` binary: one `rev-parse` to learn whether the root is in a work tree
//! (and shallow), then one `git log` over the whole tree. No process per file, ever.
//!
//! Git's absence, a non-repository or an empty repository are not errors: the scan goes
//! on without git signals and the artifact's `GitStatus.note` says why.

use std::path::Path;
use std::process::{Command, Stdio};

use super::history::History;
use super::log_parse::parse_log;

/// The outcome of reading history.
#[derive(Debug)]
pub enum GitLoad {
    Loaded(History),
    /// Why there is no history.
    Unavailable(String),
}

/// The `git log` arguments of the one history pass (shared with the benchmark).
pub const LOG_ARGS: [&str; 9] = [
    "log",
    "-M",
    "--raw",
    "--numstat",
    "-z",
    "--no-color",
    "--no-textconv",
    "--relative",
    "--format=%x01%H %ct",
];

/// Reads the history of the repository holding `root`, paths relative to `root`.
pub fn load(root: &Path) -> GitLoad {
    let probe =
        git(root).args(["rev-parse", "--is-inside-work-tree", "--is-shallow-repository"]).output();
    let probe = match probe {
        Err(e) => {
            return GitLoad::Unavailable(format!("git could not be run ({e}); git signals skipped"))
        }
        Ok(out) if !out.status.success() => {
            return GitLoad::Unavailable("not a git repository; git signals skipped".into())
        }
        Ok(out) => String::from_utf8_lossy(&out.stdout).into_owned(),
    };
    let mut answers = probe.lines();
    if answers.next() != Some("true") {
        return GitLoad::Unavailable("not inside a git work tree; git signals skipped".into());
    }
    let shallow = answers.next() == Some("true");
    let out = match git(root).args(LOG_ARGS).stderr(Stdio::piped()).output() {
        Err(e) => {
            return GitLoad::Unavailable(format!(
                "git log could not be run ({e}); git signals skipped"
            ))
        }
        Ok(out) if !out.status.success() => {
            let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
            return GitLoad::Unavailable(format!("git log failed ({why}); git signals skipped"));
        }
        Ok(out) => out.stdout,
    };
    let commits = parse_log(&out);
    if commits.is_empty() {
        return GitLoad::Unavailable(
            "the repository has no commits yet; git signals skipped".into(),
        );
    }
    GitLoad::Loaded(History::from_commits(commits, shallow))
}

fn git(root: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.current_dir(root)
        .args([
            "-c",
            "core.quotepath=false",
            "-c",
            "log.showSignature=false",
            "-c",
            "diff.renames=true",
        ])
        .env("GIT_TERMINAL_PROMPT", "0")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .stdin(Stdio::null());
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_git_is_unavailable_not_an_error() {
        let dir = tempfile::tempdir().unwrap();
        match load(dir.path()) {
            GitLoad::Unavailable(why) => assert!(why.contains("git"), "{why}"),
            GitLoad::Loaded(_) => panic!("a temp dir is not a repository"),
        }
    }
}
