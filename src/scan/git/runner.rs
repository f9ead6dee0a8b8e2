//! Runs the `git` binary: one `rev-parse` to learn whether the root is in a work tree
//! (and shallow), one `git log --raw` over the whole tree (renames, deletions, last
//! changes), and — only when some doc is old enough for `edit_recency_vs_churn` — one
//! `git diff-tree --stdin` for the net line churn of the files those docs name, from
//! each such doc's last commit to HEAD. Never a process per file.
//!
//! Line counts need blob diffs, which cost far more than the tree diffs of `--raw`; a net
//! diff per distinct commit, limited to the files docs name (never a folder, never
//! rename detection), keeps that cost off the walk over history.
//!
//! Git's absence, a non-repository or an empty repository are not errors: the scan goes
//! on without git signals and the artifact's `GitStatus.note` says why.

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Stdio};

use super::history::History;
use super::log_parse::parse_log;

/// The outcome of reading history.
#[derive(Debug)]
pub enum GitLoad {
    Loaded(Box<History>),
    /// Why there is no history.
    Unavailable(String),
}

/// The `git log` arguments of the history pass (shared with the benchmark). `%D` adds
/// each commit's refs, so the tags come with the same pass (`version_skew` reads them).
pub const LOG_ARGS: [&str; 7] =
    ["log", "-M", "--raw", "-z", "--no-color", "--relative", "--format=%x01%H %ct %D"];

/// The history pass without rename detection, for a clone missing some objects (a
/// partial clone, a mirror without every blob): git's `-M` reads blobs to score inexact
/// renames and fails on a missing one. Full object ids let `parse_log` still pair a
/// deletion and an addition of the same content in one commit as a rename.
pub const LOG_ARGS_NO_BLOBS: [&str; 8] = [
    "log",
    "--no-renames",
    "--no-abbrev",
    "--raw",
    "-z",
    "--no-color",
    "--relative",
    "--format=%x01%H %ct %D",
];

/// The `git diff-tree` arguments of the churn pass. Each stdin line is `<HEAD> <commit>`:
/// HEAD diffed against that commit as its parent, one record (header included, even when
/// empty) per line, in order. The pathspec of `churn_pathspec` follows.
pub const CHURN_ARGS: [&str; 10] = [
    "diff-tree",
    "--stdin",
    "-r",
    "--numstat",
    "-z",
    "--always",
    "--no-color",
    "--no-textconv",
    "--relative",
    "--format=%x01%H %ct",
];

/// Pathspec entries per `git diff-tree` (command lines stay far below the OS limit).
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
    let mut blobs_missing = false;
    let out = match log(root, &LOG_ARGS) {
        Err(why) => {
            // Most often a blob rename detection needed is not in the clone (a partial
            // clone, never fetched during a scan): the same walk without inexact renames
            // needs only trees. Any other failure fails again, and the first reason is
            // the one reported.
            match log(root, &LOG_ARGS_NO_BLOBS) {
                Ok(out) => {
                    blobs_missing = true;
                    out
                }
                Err(_) => return GitLoad::Unavailable(why),
            }
        }
        Ok(out) => out,
    };
    let commits = parse_log(&out);
    if commits.is_empty() {
        return GitLoad::Unavailable(
            "the repository has no commits yet; git signals skipped".into(),
        );
    }
    let mut history = History::from_commits(commits, shallow);
    history.blobs_missing = blobs_missing;
    GitLoad::Loaded(Box::new(history))
}

/// The files under `root` that git tracks although a `.gitignore` rule matches them
/// (root-relative, `/`-separated): git ignores only untracked files, so these are the
/// repository's as much as any other (bolt.diy's `.gitignore` has `*.md` below its
/// committed docs). Empty outside a work tree or without git; one `git ls-files`.
pub fn tracked_ignored(root: &Path) -> Vec<String> {
    let out = git(root)
        .args(["ls-files", "-z", "--cached", "--ignored", "--exclude-standard"])
        .stderr(Stdio::null())
        .output();
    match out {
        Ok(out) if out.status.success() => out
            .stdout
            .split(|b| *b == 0)
            .filter_map(|p| std::str::from_utf8(p).ok())
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

/// What the remotes say of the repository `root` is the top of.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Remotes {
    /// The forge repositories (lowercase `owner/name`), `origin` first.
    pub repos: Vec<String>,
    /// `origin`'s default branch, as the clone recorded it (`origin/HEAD` → `v2`).
    pub default_branch: Option<String>,
}

/// The remotes of the repository `root` is the top of: a clone of
/// `github.com/awslabs/mcp` knows its links to `github.com/awslabs/mcp/blob/main/…` are
/// to its own files even where no manifest names the repository, and a clone of
/// tauri-apps/plugins-workspace that its default branch is `v2`. Nothing below the top
/// of a work tree (such a link names a path from the top, not from `root`), without
/// remotes on a forge, or without git.
pub fn remotes(root: &Path) -> Remotes {
    let repos = remote_repos(root);
    if repos.is_empty() {
        return Remotes::default();
    }
    let head =
        git(root).args(["rev-parse", "--abbrev-ref", "origin/HEAD"]).stderr(Stdio::null()).output();
    let default_branch = head.ok().filter(|out| out.status.success()).and_then(|out| {
        let name = String::from_utf8_lossy(&out.stdout).trim().to_string();
        name.strip_prefix("origin/").filter(|b| !b.is_empty()).map(str::to_string)
    });
    Remotes { repos, default_branch }
}

fn remote_repos(root: &Path) -> Vec<String> {
    let prefix = git(root).args(["rev-parse", "--show-prefix"]).stderr(Stdio::null()).output();
    if !prefix.is_ok_and(|out| out.status.success() && out.stdout.trim_ascii().is_empty()) {
        return Vec::new();
    }
    let urls = git(root)
        .args(["config", "--get-regexp", r"^remote\..*\.url$"])
        .stderr(Stdio::null())
        .output();
    let Ok(urls) = urls else { return Vec::new() };
    let mut remotes: Vec<(bool, String)> = String::from_utf8_lossy(&urls.stdout)
        .lines()
        .filter_map(|line| {
            let (key, url) = line.split_once(' ')?;
            let slug = crate::scan::signals::manifests::repo_slug(url)?;
            Some((key != "remote.origin.url", slug))
        })
        .collect();
    remotes.sort_by_key(|(other, _)| *other);
    let mut slugs: Vec<String> = Vec::new();
    for (_, slug) in remotes {
        if !slugs.contains(&slug) {
            slugs.push(slug);
        }
    }
    slugs
}

/// The output of one history pass, or why it failed (ready for `GitStatus.note`).
fn log(root: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    match git(root).args(args).stderr(Stdio::piped()).output() {
        Err(e) => Err(format!("git log could not be run ({e}); git signals skipped")),
        Ok(out) if !out.status.success() => {
            let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
            Err(format!("git log failed ({why}); git signals skipped"))
        }
        Ok(out) => Ok(out.stdout),
    }
}

/// The net line churn (added + deleted) of the files `paths` (root-relative) between
/// each commit of `since` and `head`, as one list of `(path, lines)` per commit, in
/// order: one `git diff-tree --stdin` for all of them (one per `MAX_PATHSPEC` files).
/// Files that did not change are left out. On failure the reason is returned.
pub fn load_net_churn(
    root: &Path,
    head: &str,
    since: &[String],
    paths: &[String],
) -> Result<Vec<Vec<(String, u64)>>, String> {
    let mut churn: Vec<Vec<(String, u64)>> = vec![Vec::new(); since.len()];
    let input: String = since.iter().map(|c| format!("{head} {c}\n")).collect();
    for chunk in paths.chunks(MAX_PATHSPEC) {
        for (all, part) in churn.iter_mut().zip(diff_tree(root, &input, since.len(), chunk)?) {
            all.extend(part);
        }
    }
    Ok(churn)
}

/// One `git diff-tree --stdin` over `input` (`records` lines), limited to `paths`.
fn diff_tree(
    root: &Path,
    input: &str,
    records: usize,
    paths: &[String],
) -> Result<Vec<Vec<(String, u64)>>, String> {
    let mut cmd = git(root);
    cmd.args(CHURN_ARGS).arg("--").args(churn_pathspec(paths));
    let stdout = fed(cmd, input, "git diff-tree")?;
    let parsed = parse_log(&stdout);
    if parsed.len() != records {
        return Err(format!("git diff-tree gave {} records for {records} commits", parsed.len()));
    }
    Ok(parsed.into_iter().map(|r| r.churn).collect())
}

/// The contents of `path` (root-relative) at each `(commit, path)` of `specs`, in order,
/// through one `git cat-file --batch`; `None` where the file did not exist at that
/// commit. Non-UTF-8 bytes are replaced. On failure the reason is returned.
pub fn read_blobs(root: &Path, specs: &[(String, String)]) -> Result<Vec<Option<String>>, String> {
    if specs.is_empty() {
        return Ok(Vec::new());
    }
    let input: String = specs.iter().map(|(commit, path)| format!("{commit}:./{path}\n")).collect();
    let mut cmd = git(root);
    cmd.args(["cat-file", "--batch"]);
    let stdout = fed(cmd, &input, "git cat-file")?;
    parse_batch(&stdout, specs.len())
}

/// What each of `names` (`<commit>^{commit}`, `<commit>:./<path>`) is in the repository
/// at `root` — `commit`, `tree`, `blob` — through one `git cat-file --batch-check`;
/// `None` for a name git cannot resolve (missing, or an ambiguous short hash). On failure
/// the reason is returned.
pub fn object_kinds(root: &Path, names: &[String]) -> Result<Vec<Option<String>>, String> {
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let input: String = names.iter().map(|n| format!("{n}\n")).collect();
    let mut cmd = git(root);
    cmd.args(["cat-file", "--batch-check"]);
    let stdout = fed(cmd, &input, "git cat-file")?;
    let text = String::from_utf8_lossy(&stdout);
    let kinds: Vec<Option<String>> = text.lines().map(batch_check_kind).collect();
    if kinds.len() != names.len() {
        return Err("git cat-file --batch-check answered fewer names than it was given".into());
    }
    Ok(kinds)
}

/// Which of `paths` (root-relative) the tree of `commit` holds, through one `git ls-tree`
/// that reads trees only: a partial clone (`--filter=blob:none`) has every commit's trees
/// but not its old blobs, so `cat-file` calls such a path missing while it is there.
/// Paths are literal (no pathspec magic) and, as the names are, relative to `root`. On failure (a treeless clone, say) the reason
/// is returned.
pub fn tree_paths(root: &Path, commit: &str, paths: &[String]) -> Result<HashSet<String>, String> {
    if paths.is_empty() {
        return Ok(HashSet::new());
    }
    let out = git(root)
        .args(["--literal-pathspecs", "ls-tree", "-z", "--name-only", commit, "--"])
        .args(paths)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("git ls-tree could not be run ({e})"))?;
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
        return Err(format!("git ls-tree failed ({why})"));
    }
    Ok(out
        .stdout
        .split(|b| *b == 0)
        .filter(|name| !name.is_empty())
        .map(|name| String::from_utf8_lossy(name).into_owned())
        .collect())
}

/// One `git cat-file --batch-check` line: `<oid> <type> <size>`, or `<name> missing`
/// (`<name> ambiguous`); the type, when the name resolved.
fn batch_check_kind(line: &str) -> Option<String> {
    let mut words = line.rsplitn(3, ' ');
    let (size, kind) = (words.next()?, words.next()?);
    size.bytes().all(|b| b.is_ascii_digit()).then(|| kind.to_string())
}

/// Runs `cmd` (named `what` in errors) with `input` on its stdin and returns its stdout;
/// a failed start, read or exit is the reason. The input is written on its own thread:
/// git answers line by line, and a full output pipe must not wait on a full input pipe.
fn fed(mut cmd: Command, input: &str, what: &str) -> Result<Vec<u8>, String> {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{what} could not be run ({e})"))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let out = std::thread::scope(|s| {
        s.spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(input.as_bytes()); // a failure shows in git's status
        });
        child.wait_with_output()
    })
    .map_err(|e| format!("{what} could not be read ({e})"))?;
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
        return Err(format!("{what} failed ({why})"));
    }
    Ok(out.stdout)
}

/// `git cat-file --batch` output: per object `<oid> <type> <size>\n<bytes>\n`, or
/// `<name> missing\n` (also `ambiguous`).
fn parse_batch(mut out: &[u8], records: usize) -> Result<Vec<Option<String>>, String> {
    let mut blobs = Vec::with_capacity(records);
    while blobs.len() < records {
        let end = out.iter().position(|b| *b == b'\n').ok_or("git cat-file output ends early")?;
        let header = String::from_utf8_lossy(&out[..end]).into_owned();
        out = &out[end + 1..];
        let fields: Vec<&str> = header.split(' ').collect();
        let size = match fields.as_slice() {
            [_, kind, size] if *kind != "missing" => size.parse::<usize>().ok(),
            _ => None,
        };
        let Some(size) = size else {
            blobs.push(None);
            continue;
        };
        let body = out.get(..size).ok_or("git cat-file output ends inside an object")?;
        let is_blob = fields[1] == "blob";
        blobs.push(is_blob.then(|| String::from_utf8_lossy(body).into_owned()));
        out = out.get(size + 1..).unwrap_or_default();
    }
    Ok(blobs)
}

/// `paths` as literal pathspecs: a name with `*`, `:` or `[` means itself.
fn churn_pathspec(paths: &[String]) -> Vec<String> {
    paths.iter().map(|p| format!(":(literal){p}")).collect()
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
        // A partial clone (`--filter=blob:none`) fetches a missing blob from its remote
        // when rename detection reads one: never the network during a scan. git 2.44+
        // then fails on the missing object, and `load` walks again without inexact
        // renames (older git ignores the variable).
        .env("GIT_NO_LAZY_FETCH", "1")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .stdin(Stdio::null());
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_check_lines_give_the_type_or_nothing() {
        assert_eq!(batch_check_kind("e69de29bb2d1 blob 0").as_deref(), Some("blob"));
        assert_eq!(batch_check_kind("a821e2cb:./src/x.rs missing"), None);
        assert_eq!(batch_check_kind("abc1234 ambiguous"), None);
        assert_eq!(batch_check_kind("a821e2cb:./my file.rs missing"), None);
    }

    #[test]
    fn cat_file_batch_output_parses_objects_and_missing_names() {
        let out = b"abc blob 5\nhello\nHEAD:./gone missing\ndef blob 0\n\nfff tree 3\nxyz\n";
        let blobs = parse_batch(out, 4).unwrap();
        assert_eq!(blobs, [Some("hello".to_string()), None, Some(String::new()), None]);
        assert!(parse_batch(b"abc blob 9\nshort\n", 1).is_err());
    }

    #[test]
    fn churn_pathspec_is_literal() {
        let spec = churn_pathspec(&["src/a b.rs".into(), ":odd".into(), "x[1]*.rs".into()]);
        assert_eq!(spec, [":(literal)src/a b.rs", ":(literal):odd", ":(literal)x[1]*.rs"]);
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
