//! Parses the bytes of `git log -M -z --format=%x01%H %ct %D` with `--raw`, `--numstat`
//! or both into commits. The `%D` decorations (absent from `diff-tree`'s format) give
//! each commit's tags: `HEAD -> main, tag: v1.2.0, origin/main`.
//!
//! With `-z` every field ends in NUL, so paths with spaces, tabs, newlines or non-UTF-8
//! bytes come through whole (non-UTF-8 bytes are replaced lossily, as the walk does).
//! Layout per commit: `\x01<hash> <ct>`, then raw entries `:<modes> <shas> <status>`,
//! `<path>` (and a second path for renames and copies), then numstat entries
//! `<added>\t<deleted>\t<path>` or, for renames, `<added>\t<deleted>\t`, `<old>`, `<new>`.

/// One change of one file in one commit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Added(String),
    Modified(String),
    Deleted(String),
    Renamed { from: String, to: String },
}

/// One commit: its committer time, name-status changes and line churn per path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Commit {
    pub hash: String,
    pub time: i64,
    pub changes: Vec<Change>,
    /// `(path, lines added + deleted)`; binary files count 0.
    pub churn: Vec<(String, u64)>,
    /// The tags pointing at this commit, as `%D` lists them.
    pub tags: Vec<String>,
}

/// Splits the whole log output into commits, newest first (git's order).
///
/// A deletion and an addition of the same content (one blob id, not the empty file's)
/// in one commit are one rename: git's `-M` reports those itself, and a walk without
/// rename detection (`--no-renames`, for a clone missing blobs) still finds them.
pub fn parse_log(bytes: &[u8]) -> Vec<Commit> {
    let mut commits: Vec<Commit> = Vec::new();
    // Per commit: (blob id, index in `changes`) of each addition and deletion.
    let mut by_content = ContentPairs::default();
    let mut fields = bytes.split(|b| *b == 0).map(|f| f.strip_prefix(b"\n").unwrap_or(f));
    while let Some(field) = fields.next() {
        if let Some(header) = field.strip_prefix(b"\x01") {
            if let Some(done) = commits.last_mut() {
                by_content.pair(done);
            }
            let text = String::from_utf8_lossy(header);
            let mut parts = text.splitn(3, ' ');
            let hash = parts.next().unwrap_or_default().to_string();
            let time = parts.next().and_then(|t| t.trim().parse().ok()).unwrap_or(0);
            let tags = parts.next().map(tags_of).unwrap_or_default();
            commits.push(Commit { hash, time, tags, ..Commit::default() });
            continue;
        }
        let Some(commit) = commits.last_mut() else {
            continue;
        };
        if let Some(raw) = field.strip_prefix(b":") {
            let status = raw.rsplit(|b| *b == b' ').next().and_then(|s| s.first().copied());
            // `<src mode> <dst mode> <src id> <dst id> <status>`
            let mut ids = raw.split(|b| *b == b' ').skip(2);
            match status {
                Some(b'A') => {
                    if let Some(dst) = ids.nth(1) {
                        by_content.added.push((dst, commit.changes.len()));
                    }
                }
                Some(b'D') => {
                    if let Some(src) = ids.next() {
                        by_content.deleted.push((src, commit.changes.len()));
                    }
                }
                _ => {}
            }
            let first = lossy(fields.next());
            let change = match status {
                Some(b'R') => Change::Renamed { from: first, to: lossy(fields.next()) },
                Some(b'C') => Change::Added(lossy(fields.next())),
                Some(b'A') => Change::Added(first),
                Some(b'D') => Change::Deleted(first),
                _ => Change::Modified(first),
            };
            commit.changes.push(change);
        } else if !field.is_empty() {
            let mut cols = field.splitn(3, |b| *b == b'\t');
            let added = number(cols.next());
            let deleted = number(cols.next());
            let path = cols.next().unwrap_or_default();
            let path = if path.is_empty() {
                let _old = fields.next();
                lossy(fields.next())
            } else {
                String::from_utf8_lossy(path).into_owned()
            };
            commit.churn.push((path, added + deleted));
        }
    }
    if let Some(done) = commits.last_mut() {
        by_content.pair(done);
    }
    commits
}

/// The additions and deletions of the commit being parsed, by blob id (borrowed from
/// the log's bytes: nothing is copied for the many commits that have no pair).
#[derive(Default)]
struct ContentPairs<'a> {
    added: Vec<(&'a [u8], usize)>,
    deleted: Vec<(&'a [u8], usize)>,
}

impl ContentPairs<'_> {
    /// Turns each deletion whose content was added once under another name (and deleted
    /// once) into a rename in `commit`, then forgets the commit's entries. Linear in the
    /// commit's changes: a mass move of thousands of files is one pass over each list.
    fn pair(&mut self, commit: &mut Commit) {
        if !self.added.is_empty() && !self.deleted.is_empty() {
            let (added, deleted) = (by_id(&self.added), by_id(&self.deleted));
            let mut gone = vec![false; commit.changes.len()];
            for (id, (times, del)) in &deleted {
                // The empty file's content says nothing about where a file went.
                if *times != 1 || id.iter().all(|b| *b == b'0') || id.starts_with(b"e69de29") {
                    continue;
                }
                let Some((1, add)) = added.get(id).copied() else { continue };
                let (Change::Deleted(from), Change::Added(to)) =
                    (&commit.changes[*del], &commit.changes[add])
                else {
                    continue;
                };
                commit.changes[*del] = Change::Renamed { from: from.clone(), to: to.clone() };
                gone[add] = true;
            }
            let mut at = 0;
            commit.changes.retain(|_| {
                at += 1;
                !gone[at - 1]
            });
        }
        self.added.clear();
        self.deleted.clear();
    }
}

/// Blob id → (how many times it occurs, where it first does).
fn by_id<'a>(list: &[(&'a [u8], usize)]) -> std::collections::HashMap<&'a [u8], (u32, usize)> {
    let mut map = std::collections::HashMap::with_capacity(list.len());
    for (id, at) in list {
        map.entry(*id).or_insert((0, *at)).0 += 1;
    }
    map
}

/// The tag names in a `%D` decoration list.
fn tags_of(decorations: &str) -> Vec<String> {
    decorations
        .split(", ")
        .filter_map(|d| d.trim().strip_prefix("tag: "))
        .map(str::to_string)
        .collect()
}

fn lossy(field: Option<&[u8]>) -> String {
    String::from_utf8_lossy(field.unwrap_or_default()).into_owned()
}

fn number(field: Option<&[u8]>) -> u64 {
    field.and_then(|f| std::str::from_utf8(f).ok()).and_then(|s| s.parse().ok()).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_renames_deletes_and_churn_with_odd_paths() {
        let mut log = Vec::new();
        log.extend_from_slice(b"\x01aaa 300\0\n:100644 000000 abc 000 D\0y.rs\0" as &[u8]);
        log.extend_from_slice(b"0\t2\ty.rs\0");
        log.extend_from_slice(b"\x01bbb 200\0\n:100644 100644 a a R100\0d/a b.md\0d/c\xffx.md\0");
        log.extend_from_slice(b":100644 100644 a b M\0y.rs\0");
        log.extend_from_slice(b"0\t0\t\0d/a b.md\0d/c\xffx.md\0-\t-\tlogo.png\0" as &[u8]);
        log.extend_from_slice(b"1\t0\ty.rs\0\x01ccc 100\0");
        let commits = parse_log(&log);
        assert_eq!(commits.len(), 3);
        assert_eq!(commits[0].time, 300);
        assert_eq!(commits[0].hash, "aaa");
        assert_eq!(commits[0].changes, [Change::Deleted("y.rs".into())]);
        assert_eq!(commits[0].churn, [("y.rs".to_string(), 2)]);
        assert_eq!(
            commits[1].changes[0],
            Change::Renamed { from: "d/a b.md".into(), to: "d/c\u{FFFD}x.md".into() }
        );
        assert_eq!(commits[1].churn.len(), 3);
        assert_eq!(commits[1].churn[0].0, "d/c\u{FFFD}x.md");
        assert_eq!(commits[1].churn[1], ("logo.png".to_string(), 0));
        assert_eq!(commits[2].time, 100);
        assert!(commits[2].changes.is_empty());
    }

    #[test]
    fn an_addition_and_a_deletion_of_one_content_are_a_rename() {
        let mut log = Vec::new();
        // Without rename detection: `docs/a.md` went to `guide/a.md` (same blob), two
        // empty files swapped names, and one content was added twice.
        log.extend_from_slice(b"\x01aaa 300\0\n:100644 000000 1111 0000 D\0docs/a.md\0" as &[u8]);
        log.extend_from_slice(b":000000 100644 0000 e69de29b A\0new/empty\0" as &[u8]);
        log.extend_from_slice(b":100644 000000 e69de29b 0000 D\0old/empty\0" as &[u8]);
        log.extend_from_slice(b":000000 100644 0000 1111 A\0guide/a.md\0" as &[u8]);
        log.extend_from_slice(b":100644 000000 2222 0000 D\0x.md\0" as &[u8]);
        log.extend_from_slice(b":000000 100644 0000 2222 A\0y.md\0" as &[u8]);
        log.extend_from_slice(b":000000 100644 0000 2222 A\0z.md\0" as &[u8]);
        log.extend_from_slice(b"\x01bbb 200\0\n:000000 100644 0000 1111 A\0docs/a.md\0" as &[u8]);
        let commits = parse_log(&log);
        assert_eq!(
            commits[0].changes,
            [
                Change::Renamed { from: "docs/a.md".into(), to: "guide/a.md".into() },
                Change::Added("new/empty".into()),
                Change::Deleted("old/empty".into()),
                Change::Deleted("x.md".into()),
                Change::Added("y.md".into()),
                Change::Added("z.md".into()),
            ]
        );
        // Pairs never cross commits.
        assert_eq!(commits[1].changes, [Change::Added("docs/a.md".into())]);
    }

    #[test]
    fn a_mass_move_pairs_every_file_in_order() {
        let mut log = b"\x01aaa 300\0".to_vec();
        for i in 1..=2000 {
            log.extend_from_slice(
                format!("\n:100644 000000 {i:040x} 0 D\0old/{i}.md\0").as_bytes(),
            );
        }
        for i in 1..=2000 {
            log.extend_from_slice(
                format!("\n:000000 100644 0 {i:040x} A\0new/{i}.md\0").as_bytes(),
            );
        }
        let changes = &parse_log(&log)[0].changes;
        assert_eq!(changes.len(), 2000);
        assert_eq!(changes[6], Change::Renamed { from: "old/7.md".into(), to: "new/7.md".into() });
    }

    #[test]
    fn decorations_give_the_tags() {
        let log = b"\x01aaa 300 HEAD -> main, tag: v1.2.0, tag: tool-v0.3.0, origin/main\0\x01bbb 200 \0\x01ccc 100\0";
        let commits = parse_log(log);
        assert_eq!(commits[0].tags, ["v1.2.0", "tool-v0.3.0"]);
        assert_eq!(commits[0].time, 300);
        assert!(commits[1].tags.is_empty());
        assert_eq!(commits[1].time, 200);
        assert!(commits[2].tags.is_empty());
    }
}
