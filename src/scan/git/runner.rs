//! Runs the `git` binary: one `rev-parse` to learn whether the root is in a work tree
//! (and shallow), one `git log --raw` over the whole tree (renames, deletions, last
//! changes), and — only when some doc is old enough for `edit_recency_vs_churn` — one
//! `git log --numstat` for the line churn of non-Markdown files in the commits after the
//! oldest such doc's last change. Never a process per file.
//!
//! Line counts need blob diffs, which cost far more than the tree diffs of `--raw`; the
//! split keeps that cost to the window and the files the signal reads.
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

/// The `git log` arguments of the history pass (shared with the benchmark).
pub const LOG_ARGS: [&str; 7] =
    ["log", "-M", "--raw", "-z", "--no-color", "--relative", "--format=%x01%H %ct"];

/// The `git log` arguments of the churn pass; a `<commit>..HEAD` range and a literal
/// pathspec (the paths the candidates' churn is read for) follow.
pub const CHURN_ARGS: [&str; 8] = [
    "log",
    "-M",
    "--numstat",
    "-z",
    "--no-color",
    "--no-textconv",
    "--relative",
    "--format=%x01%H %ct",
];

/// Past this many pathspec entries the churn pass reads the whole tree instead.
const MAX_PATHSPEC: usize = 1000;

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

/// Adds to `history` the line churn of `paths` (root-relative files or folders) in every
/// commit after `since_commit` up to `HEAD`. On failure the reason is returned and churn
/// stays empty.
pub fn load_churn(
    root: &Path,
    since_commit: &str,
    paths: &[String],
    history: &mut History,
) -> Result<(), String> {
    let range = format!("{since_commit}..HEAD");
    let whole = [".".to_string()];
    let paths = if paths.len() > MAX_PATHSPEC { &whole[..] } else { paths };
    let out = git(root)
        .args(CHURN_ARGS)
        .arg(&range)
        .arg("--")
        .args(paths)
        .env("GIT_LITERAL_PATHSPECS", "1")
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("git log --numstat could not be run ({e})"))?;
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
        return Err(format!("git log --numstat failed ({why})"));
    }
    history.add_churn(parse_log(&out.stdout));
    Ok(())
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
