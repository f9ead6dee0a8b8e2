//! `History`: what one `git log` pass says about the tree — where missing paths went
//! (renamed or deleted) and when, in which commit each file last changed, and the tags
//! on the history of HEAD.
//!
//! Built from parsed commits; it never runs git itself (`runner.rs` does).

use std::collections::HashMap;

use super::log_parse::{Change, Commit};

/// What became of a path that no longer exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Renamed (possibly several times); `to` is the path that exists now.
    Renamed { to: String },
    /// Deleted, at this committer time.
    Deleted { at: i64 },
}

/// How a path left the tree, and the committer time of the commit that did it.
#[derive(Clone, Debug)]
enum Departure {
    Renamed(String, i64),
    Deleted(i64),
}

/// The whole history, indexed for the git signals.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Committer time of the newest commit.
    pub newest_commit: i64,
    /// The clone is shallow: older history (and renames in it) is not known.
    pub shallow: bool,
    /// Some blobs are not in the clone: renames are known only where the content did not
    /// change (`runner::LOG_ARGS_NO_BLOBS`).
    pub blobs_missing: bool,
    departures: HashMap<String, Departure>,
    /// Per path: committer time and index into `hashes` of its last commit.
    last_change: HashMap<String, (i64, u32)>,
    /// Per path, when it first appeared under that name (added, or renamed to it), and
    /// the name it had before a rename.
    arrived: HashMap<String, (i64, Option<String>)>,
    hashes: Vec<String>,
    /// The departed paths, sorted, built on the first folder look-up.
    departed_sorted: std::sync::OnceLock<Vec<String>>,
    tags: Vec<String>,
    /// The last name of every path git knew, built on the first `knows_file_name`.
    file_names: std::sync::OnceLock<std::collections::HashSet<String>>,
    /// The paths git has not seen leave, by last name, built on the first
    /// `paths_named`.
    live_by_name: std::sync::OnceLock<HashMap<String, Vec<String>>>,
    /// The paths git saw leave, by last name, built on the first `departed_named`.
    departed_by_name: std::sync::OnceLock<HashMap<String, Vec<String>>>,
}

impl History {
    /// Indexes `commits`, newest first as git prints them.
    pub fn from_commits(commits: Vec<Commit>, shallow: bool) -> History {
        let mut h = History { shallow, ..History::default() };
        for commit in commits {
            h.newest_commit = h.newest_commit.max(commit.time);
            let at = (commit.time, h.hashes.len() as u32);
            h.hashes.push(commit.hash);
            h.tags.extend(commit.tags);
            for change in commit.changes {
                match change {
                    Change::Deleted(path) => {
                        h.departures.entry(path).or_insert(Departure::Deleted(commit.time));
                    }
                    Change::Renamed { from, to } => {
                        h.last_change.entry(to.clone()).or_insert(at);
                        h.arrived.insert(to.clone(), (commit.time, Some(from.clone())));
                        h.departures.entry(from).or_insert(Departure::Renamed(to, commit.time));
                    }
                    Change::Added(path) => {
                        h.arrived.insert(path.clone(), (commit.time, None));
                        h.last_change.entry(path).or_insert(at);
                    }
                    Change::Modified(path) => {
                        h.last_change.entry(path).or_insert(at);
                    }
                }
            }
        }
        h
    }

    /// The hash of HEAD (the first commit git lists).
    /// When `path` first appeared in the history, under this name or, through renames,
    /// an earlier one (commits are read newest first, so the last write is the oldest).
    pub fn born(&self, path: &str) -> Option<i64> {
        let mut current = path;
        let mut born = None;
        for _ in 0..64 {
            let Some((at, from)) = self.arrived.get(current) else { break };
            born = Some(*at);
            match from {
                Some(from) => current = from,
                None => break,
            }
        }
        born
    }

    /// When `path` left the tree under that name (renamed away or deleted).
    pub fn departed_at(&self, path: &str) -> Option<i64> {
        match self.departures.get(path)? {
            Departure::Renamed(_, at) | Departure::Deleted(at) => Some(*at),
        }
    }

    pub fn head(&self) -> Option<&str> {
        self.hashes.first().map(String::as_str)
    }

    /// What became of missing `path`, following renames until a path that `exists`.
    pub fn fate(&self, path: &str, exists: impl Fn(&str) -> bool) -> Option<Fate> {
        let mut current = path;
        for _ in 0..64 {
            match self.departures.get(current)? {
                Departure::Deleted(at) => return Some(Fate::Deleted { at: *at }),
                Departure::Renamed(to, _) if exists(to) => {
                    return Some(Fate::Renamed { to: to.clone() })
                }
                Departure::Renamed(to, _) => current = to,
            }
        }
        None
    }

    /// What became of missing folder `dir` (no trailing `/`): every file git knew under
    /// it left. `Renamed` when each was renamed under one new folder that `exists`
    /// (`aider/tests/basic/x.py` → `tests/basic/x.py`: `aider/tests` is `tests`), else
    /// `Deleted` at the newest departure. `None` when git never had a file there.
    pub fn folder_fate(&self, dir: &str, exists: impl Fn(&str) -> bool) -> Option<Fate> {
        if dir.is_empty() {
            return None;
        }
        let prefix = format!("{dir}/");
        let mut new_dir: Option<String> = None;
        let mut consistent = true;
        let mut newest = i64::MIN;
        let mut any = false;
        let sorted = self.departed_sorted.get_or_init(|| {
            let mut paths: Vec<String> = self.departures.keys().cloned().collect();
            paths.sort_unstable();
            paths
        });
        let from = sorted.partition_point(|p| p.as_str() < prefix.as_str());
        for path in sorted[from..].iter().take_while(|p| p.starts_with(&prefix)) {
            let (Some(rest), Some(departure)) =
                (path.strip_prefix(&prefix), self.departures.get(path))
            else {
                continue;
            };
            any = true;
            match departure {
                Departure::Deleted(at) => {
                    newest = newest.max(*at);
                    consistent = false;
                }
                Departure::Renamed(to, at) => {
                    newest = newest.max(*at);
                    let target = to.strip_suffix(rest).and_then(|d| d.strip_suffix('/'));
                    match (target, &new_dir) {
                        (Some(t), None) => new_dir = Some(t.to_string()),
                        (Some(t), Some(d)) if t == d => {}
                        _ => consistent = false,
                    }
                }
            }
        }
        if !any {
            return None;
        }
        match new_dir {
            Some(to) if consistent && exists(&to) => Some(Fate::Renamed { to }),
            _ => Some(Fate::Deleted { at: newest }),
        }
    }

    /// Every tag on the history of HEAD, newest commit first (without git, none are
    /// known).
    pub fn tags(&self) -> &[String] {
        &self.tags
    }

    /// Whether any path git knew — now or once, in any folder — has the last name
    /// `name` (compared as written).
    pub fn knows_file_name(&self, name: &str) -> bool {
        let names = self.file_names.get_or_init(|| {
            let all = self.last_change.keys().chain(self.departures.keys());
            all.map(|p| p.rsplit('/').next().unwrap_or(p).to_string()).collect()
        });
        names.contains(name)
    }

    /// The paths git added or changed and has not seen leave whose last name is `name`
    /// (a path renamed away and back is listed once it is back).
    pub fn paths_named(&self, name: &str) -> &[String] {
        let live = self.live_by_name.get_or_init(|| {
            let mut by_name: HashMap<String, Vec<String>> = HashMap::new();
            for path in self.last_change.keys() {
                let departed = self.departures.get(path).is_some_and(|d| {
                    let at = match d {
                        Departure::Renamed(_, at) | Departure::Deleted(at) => *at,
                    };
                    // Back under this name after it left (commits are newest first, so
                    // `last_change` holds the newest write).
                    self.last_change.get(path).is_none_or(|(t, _)| *t <= at)
                });
                if !departed {
                    let last = path.rsplit('/').next().unwrap_or(path);
                    by_name.entry(last.to_string()).or_default().push(path.clone());
                }
            }
            by_name
        });
        live.get(name).map_or(&[], Vec::as_slice)
    }

    /// The paths git saw leave (renamed away or deleted) whose last name is `name`,
    /// sorted; some may be back since (`paths_named` lists those).
    pub fn departed_named(&self, name: &str) -> &[String] {
        let gone = self.departed_by_name.get_or_init(|| {
            let mut by_name: HashMap<String, Vec<String>> = HashMap::new();
            for path in self.departures.keys() {
                let last = path.rsplit('/').next().unwrap_or(path);
                by_name.entry(last.to_string()).or_default().push(path.clone());
            }
            by_name.values_mut().for_each(|paths| paths.sort());
            by_name
        });
        gone.get(name).map_or(&[], Vec::as_slice)
    }

    /// Committer time and hash of the last commit that touched `path`.
    pub fn last_commit(&self, path: &str) -> Option<(i64, &str)> {
        let (time, index) = self.last_change.get(path)?;
        Some((*time, self.hashes.get(*index as usize)?.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commit(time: i64, changes: Vec<Change>, churn: &[(&str, u64)]) -> Commit {
        Commit {
            hash: format!("h{time}"),
            time,
            changes,
            churn: churn.iter().map(|(p, n)| (p.to_string(), *n)).collect(),
            tags: vec![format!("v{time}")],
        }
    }

    #[test]
    fn renames_chain_to_the_path_that_exists() {
        let h = History::from_commits(
            vec![
                commit(300, vec![Change::Renamed { from: "b.md".into(), to: "c.md".into() }], &[]),
                commit(200, vec![Change::Renamed { from: "a.md".into(), to: "b.md".into() }], &[]),
                commit(100, vec![Change::Deleted("gone.md".into())], &[]),
            ],
            false,
        );
        let exists = |p: &str| p == "c.md";
        assert_eq!(h.fate("a.md", exists), Some(Fate::Renamed { to: "c.md".into() }));
        assert_eq!(h.fate("gone.md", exists), Some(Fate::Deleted { at: 100 }));
        assert_eq!(h.fate("never.md", exists), None);
        assert_eq!(h.newest_commit, 300);
        assert_eq!(h.last_commit("c.md"), Some((300, "h300")));
        assert_eq!(h.last_commit("b.md"), Some((200, "h200")));
        assert_eq!(h.head(), Some("h300"));
        assert_eq!(h.tags(), ["v300", "v200", "v100"]);
    }

    #[test]
    fn a_doc_is_born_under_its_first_name() {
        let h = History::from_commits(
            vec![
                commit(300, vec![Change::Renamed { from: "b.md".into(), to: "c.md".into() }], &[]),
                commit(200, vec![Change::Modified("b.md".into())], &[]),
                commit(100, vec![Change::Added("b.md".into()), Change::Added("x.md".into())], &[]),
            ],
            false,
        );
        assert_eq!(h.born("c.md"), Some(100));
        assert_eq!(h.born("x.md"), Some(100));
        assert_eq!(h.born("never.md"), None);
    }

    #[test]
    fn folders_moved_whole_or_deleted() {
        let renamed = |from: &str, to: &str| Change::Renamed { from: from.into(), to: to.into() };
        let h = History::from_commits(
            vec![
                commit(300, vec![Change::Deleted("old/docs/a.md".into())], &[]),
                commit(
                    200,
                    vec![
                        renamed("aider/tests/basic/x.py", "tests/basic/x.py"),
                        renamed("aider/tests/y.py", "tests/y.py"),
                        renamed("split/a.rs", "one/a.rs"),
                        renamed("split/b.rs", "two/b.rs"),
                    ],
                    &[],
                ),
            ],
            false,
        );
        let exists = |p: &str| ["tests", "one", "two"].contains(&p);
        assert_eq!(
            h.folder_fate("aider/tests", exists),
            Some(Fate::Renamed { to: "tests".into() })
        );
        assert_eq!(h.folder_fate("split", exists), Some(Fate::Deleted { at: 200 }));
        assert_eq!(h.folder_fate("old", exists), Some(Fate::Deleted { at: 300 }));
        assert_eq!(h.folder_fate("aider/test", exists), None, "a prefix of a name is not a folder");
        assert_eq!(h.folder_fate("", exists), None);
    }
}
