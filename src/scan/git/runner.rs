//! Runs the `git` binary: one `rev-parse` to learn whether the root is in a work tree
//! (and shallow), one `git log --raw` over the whole tree (renames, deletions, last
//! changes), and — only when some doc is old enough for `edit_recency_vs_churn` — one
//! `git diff-tree --stdin` for the net line churn of the non-Markdown files those docs
//! read, from each such doc's last commit to HEAD. Never a process per file.
//!
//! Line counts need blob diffs, which cost far more than the tree diffs of `--raw`; a net
//! diff per distinct commit, limited to the files the signal reads, keeps that cost off
//! the walk over history.
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

/// The `git log` arguments of the history pass (shared with the benchmark). `%D` adds
/// each commit's refs, so the tags come with the same pass (`version_skew` reads them).
pub const LOG_ARGS: [&str; 7] =
    ["log", "-M", "--raw", "-z", "--no-color", "--relative", "--format=%x01%H %ct %D"];

/// The `git diff-tree` arguments of the churn pass. Each stdin line is `<HEAD> <commit>`:
/// HEAD diffed against that commit as its parent, one record (header included, even when
/// empty) per line, in order. The pathspec of `churn_pathspec` follows.
pub const CHURN_ARGS: [&str; 11] = [
    "diff-tree",
    "--stdin",
    "-r",
    "-M",
    "--numstat",
    "-z",
    "--always",
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

/// The net line churn (added + deleted) of `paths` (root-relative files or folders)
/// between each commit of `since` and `head`, as one list of `(path, lines)` per commit,
/// in order: one `git diff-tree --stdin` for all of them. On failure the reason is
/// returned.
pub fn load_net_churn(
    root: &Path,
    head: &str,
    since: &[String],
    paths: &[String],
) -> Result<Vec<Vec<(String, u64)>>, String> {
    let whole = [".".to_string()];
    let paths = if paths.len() > MAX_PATHSPEC { &whole[..] } else { paths };
    let mut child = git(root)
        .args(CHURN_ARGS)
        .arg("--")
        .args(churn_pathspec(paths))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("git diff-tree could not be run ({e})"))?;
    let input: String = since.iter().map(|c| format!("{head} {c}\n")).collect();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // Written on its own thread: git answers line by line, and a full output pipe must
    // not wait on a full input pipe.
    let out = std::thread::scope(|s| {
        s.spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(input.as_bytes()); // a failure shows in git's status
        });
        child.wait_with_output()
    })
    .map_err(|e| format!("git diff-tree could not be read ({e})"))?;
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
        return Err(format!("git diff-tree failed ({why})"));
    }
    let records = parse_log(&out.stdout);
    if records.len() != since.len() {
        return Err(format!(
            "git diff-tree gave {} records for {} commits",
            records.len(),
            since.len()
        ));
    }
    Ok(records.into_iter().map(|r| r.churn).collect())
}

/// `paths` as literal pathspecs, minus Markdown: docs never count as churn, and leaving
/// them out spares git their blob diffs.
fn churn_pathspec(paths: &[String]) -> Vec<String> {
    let mut spec: Vec<String> = paths.iter().map(|p| format!(":(literal){p}")).collect();
    spec.extend(MARKDOWN_EXTENSIONS.iter().map(|ext| format!(":(exclude,glob,icase)**/*.{ext}")));
    spec
}

/// What `broken_reference::is_markdown` calls Markdown.
const MARKDOWN_EXTENSIONS: [&str; 3] = ["md", "mdx", "markdown"];

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
    fn churn_pathspec_is_literal_and_leaves_out_markdown() {
        let spec = churn_pathspec(&["src/a b.rs".into(), ":odd".into(), ".".into()]);
        assert_eq!(spec[..3], [":(literal)src/a b.rs", ":(literal):odd", ":(literal)."]);
        assert_eq!(spec[3], ":(exclude,glob,icase)**/*.md");
        let is_md = crate::scan::signals::broken_reference::is_markdown;
        assert!(MARKDOWN_EXTENSIONS.iter().all(|e| is_md(&format!("x.{e}"))));
    }

    #[test]
    fn outside_git_is_unavailable_not_an_error() {
        let dir = tempfile::tempdir().unwrap();
        match load(dir.path()) {
            GitLoad::Unavailable(why) => assert!(why.contains("git"), "{why}"),
            GitLoad::Loaded(_) => panic!("a temp dir is not a repository"),
        }
    }
}
