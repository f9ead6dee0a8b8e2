//! `History`: what one `git log` pass says about the tree — where missing paths went
//! (renamed or deleted), when each file last changed, and its line churn over time.
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

#[derive(Clone, Debug)]
enum Departure {
    Renamed(String),
    Deleted(i64),
}

/// The whole history, indexed for the git signals.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Committer time of the newest commit.
    pub newest_commit: i64,
    /// The clone is shallow: older history (and renames in it) is not known.
    pub shallow: bool,
    departures: HashMap<String, Departure>,
    /// Per path: committer time and index into `hashes` of its last commit.
    last_change: HashMap<String, (i64, u32)>,
    hashes: Vec<String>,
    churn: HashMap<String, Vec<(i64, u64)>>,
}

impl History {
    /// Indexes `commits`, newest first as git prints them.
    pub fn from_commits(commits: Vec<Commit>, shallow: bool) -> History {
        let mut h = History { shallow, ..History::default() };
        for commit in commits {
            h.newest_commit = h.newest_commit.max(commit.time);
            let at = (commit.time, h.hashes.len() as u32);
            h.hashes.push(commit.hash);
            for change in commit.changes {
                match change {
                    Change::Deleted(path) => {
                        h.departures.entry(path).or_insert(Departure::Deleted(commit.time));
                    }
                    Change::Renamed { from, to } => {
                        h.last_change.entry(to.clone()).or_insert(at);
                        h.departures.entry(from).or_insert(Departure::Renamed(to));
                    }
                    Change::Added(path) | Change::Modified(path) => {
                        h.last_change.entry(path).or_insert(at);
                    }
                }
            }
            h.add_churn_of(commit.time, commit.churn);
        }
        h
    }

    /// Adds the line churn of commits read by a separate `--numstat` pass.
    pub fn add_churn(&mut self, commits: Vec<Commit>) {
        for commit in commits {
            self.add_churn_of(commit.time, commit.churn);
        }
    }

    fn add_churn_of(&mut self, time: i64, churn: Vec<(String, u64)>) {
        for (path, lines) in churn {
            if lines > 0 {
                self.churn.entry(path).or_default().push((time, lines));
            }
        }
    }

    /// What became of missing `path`, following renames until a path that `exists`.
    pub fn fate(&self, path: &str, exists: impl Fn(&str) -> bool) -> Option<Fate> {
        let mut current = path;
        for _ in 0..64 {
            match self.departures.get(current)? {
                Departure::Deleted(at) => return Some(Fate::Deleted { at: *at }),
                Departure::Renamed(to) if exists(to) => {
                    return Some(Fate::Renamed { to: to.clone() })
                }
                Departure::Renamed(to) => current = to,
            }
        }
        None
    }

    /// Committer time of the last commit that touched `path`.
    pub fn last_change(&self, path: &str) -> Option<i64> {
        self.last_change.get(path).map(|(time, _)| *time)
    }

    /// The hash of the last commit that touched `path`.
    pub fn last_change_commit(&self, path: &str) -> Option<&str> {
        let (_, index) = self.last_change.get(path)?;
        self.hashes.get(*index as usize).map(String::as_str)
    }

    /// Lines added + deleted after `since` in `path`, or in every file under it when it
    /// is a folder (`""` is the whole tree). `skip` filters files out (e.g. docs).
    pub fn churn_since(&self, path: &str, since: i64, skip: impl Fn(&str) -> bool) -> u64 {
        let sum = |events: &Vec<(i64, u64)>| -> u64 {
            events.iter().filter(|(t, _)| *t > since).map(|(_, n)| n).sum()
        };
        if let Some(events) = self.churn.get(path) {
            return if skip(path) { 0 } else { sum(events) };
        }
        self.churn
            .iter()
            .filter(|(p, _)| is_under(p, path) && !skip(p))
            .map(|(_, events)| sum(events))
            .sum()
    }
}

fn is_under(path: &str, dir: &str) -> bool {
    dir.is_empty() || path.strip_prefix(dir).is_some_and(|rest| rest.starts_with('/'))
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
        assert_eq!(h.last_change("c.md"), Some(300));
        assert_eq!(h.last_change_commit("c.md"), Some("h300"));
        assert_eq!(h.last_change_commit("b.md"), Some("h200"));
    }

    #[test]
    fn churn_counts_after_a_date_for_files_and_folders() {
        let h = History::from_commits(
            vec![
                commit(
                    300,
                    vec![Change::Modified("src/a.rs".into())],
                    &[("src/a.rs", 60), ("docs/x.md", 9)],
                ),
                commit(200, vec![Change::Modified("src/b.rs".into())], &[("src/b.rs", 50)]),
                commit(100, vec![Change::Added("src/a.rs".into())], &[("src/a.rs", 1000)]),
            ],
            false,
        );
        let none = |_: &str| false;
        assert_eq!(h.churn_since("src/a.rs", 100, none), 60);
        assert_eq!(h.churn_since("src", 100, none), 110);
        assert_eq!(h.churn_since("", 150, |p: &str| p.ends_with(".md")), 110);
        assert_eq!(h.churn_since("sr", 0, none), 0);
        assert_eq!(h.last_change("src/a.rs"), Some(300));
    }
}
