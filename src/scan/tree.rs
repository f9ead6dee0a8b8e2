//! `Tree`: what exists on disk under the root, asked lazily and cached — file or folder
//! kinds of link targets, and the anchors of Markdown targets outside the scanned set.
//!
//! It reads; it never writes. The caches sit behind mutexes, so the scan's worker threads
//! share one `Tree`; no lock is held while the disk is read.
//!
//! Every look-up goes through `fsio::resolve_confined` / `read_confined`: a link that
//! stays inside the root is followed (`CLAUDE.md -> AGENTS.md`), but a path that leads
//! out of it, by `..` or through a symbolic link, is `Missing` without a look at what is
//! out there, so no signal can tell which files or headings exist outside. A FIFO or a
//! device is never read.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::markdown;

/// What a root-relative path is on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathKind {
    File,
    Dir,
    Missing,
}

/// Cached look-ups under one root.
#[derive(Debug)]
pub struct Tree {
    root: PathBuf,
    kinds: Mutex<HashMap<String, PathKind>>,
    anchors: Mutex<HashMap<String, Option<HashSet<String>>>>,
    packages: std::sync::OnceLock<Vec<String>>,
    scripts: std::sync::OnceLock<Option<PackageScripts>>,
    /// The docs each crate's sources include as rustdoc, by crate folder.
    rustdoc: Mutex<HashMap<String, std::sync::Arc<HashSet<String>>>>,
    /// Whether a Go program embeds each doc asked about (`go_embed::embedded`).
    go_embedded: Mutex<HashMap<String, bool>>,
    /// The targets of each folder's Makefile asked about (`make_targets`), each read
    /// once even when workers ask at the same time.
    makefiles: Mutex<HashMap<String, std::sync::Arc<std::sync::OnceLock<MakeTargets>>>>,
    /// How many lines each file a line link names has (`line_count`).
    line_counts: Mutex<HashMap<String, Option<u32>>>,
}

/// The scripts the repository's `package.json` files define: all of them, and each
/// package's by its name.
#[derive(Debug, Default)]
struct PackageScripts {
    all: HashSet<String>,
    by_package: HashMap<String, HashSet<String>>,
}

/// What a folder's Makefile defines, for `make <target>` run there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MakeTargets {
    /// The folder has no Makefile.
    None,
    /// It has one, but what it defines is unknown: it cannot be read, does not parse,
    /// includes a file that is missing or named by a variable, names targets by a
    /// variable (`$(BIN):`), makes rules by `$(eval …)`, or has a rule for any name
    /// (`%:`, `.DEFAULT:`).
    Unknown,
    /// Its root-relative path, its targets (those of the files it includes too) and its
    /// pattern rules' patterns (`%.o`), by which `make x.o` is defined as well.
    Known { file: String, targets: HashSet<String>, patterns: Vec<String> },
}

impl MakeTargets {
    /// Whether `make target` has a rule to run.
    pub fn defines(&self, target: &str) -> Option<bool> {
        match self {
            MakeTargets::Known { targets, patterns, .. } => Some(
                targets.contains(target)
                    || patterns.iter().any(|p| {
                        let (pre, post) = p.split_once('%').unwrap_or((p, ""));
                        target.len() > pre.len() + post.len()
                            && target.starts_with(pre)
                            && target.ends_with(post)
                    }),
            ),
            _ => None,
        }
    }
}

/// The Makefile names GNU make looks for, in its order.
const MAKEFILE_NAMES: [&str; 3] = ["GNUmakefile", "makefile", "Makefile"];

/// Files that make a folder a package of its own.
const PACKAGE_MANIFESTS: [&str; 6] =
    ["package.json", "Cargo.toml", "pyproject.toml", "setup.py", "go.mod", "pom.xml"];

/// How deep below the root package folders are looked for (`libs/cli`,
/// `packages/core/auth`), and how many folders the look may read.
const PACKAGE_DEPTH: usize = 3;
const PACKAGE_LOOK_LIMIT: usize = 4000;

/// Files over this size are not read for their line count.
const LINE_COUNT_MAX_BYTES: u64 = 4 << 20;

impl Tree {
    pub fn new(root: &Path) -> Self {
        Tree {
            root: root.to_path_buf(),
            kinds: Mutex::default(),
            anchors: Mutex::default(),
            packages: std::sync::OnceLock::new(),
            scripts: std::sync::OnceLock::new(),
            rustdoc: Mutex::default(),
            go_embedded: Mutex::default(),
            makefiles: Mutex::default(),
            line_counts: Mutex::default(),
        }
    }

    /// How many lines root-relative file `path` has, as GitHub numbers them, read once
    /// (a generated API page links one module hundreds of times); `None` when it cannot
    /// be read (over 4 MiB, outside the root).
    pub fn line_count(&self, path: &str) -> Option<u32> {
        if let Some(known) = lock(&self.line_counts).get(path) {
            return *known;
        }
        let count = crate::fsio::read_confined(&self.root, path, LINE_COUNT_MAX_BYTES)
            .ok()
            .and_then(|bytes| {
                let newlines = bytes.iter().filter(|b| **b == b'\n').count();
                let last = usize::from(bytes.last().is_some_and(|b| *b != b'\n'));
                u32::try_from(newlines + last).ok()
            });
        lock(&self.line_counts).insert(path.to_string(), count);
        count
    }

    /// The kind of root-relative `path` (`""` is the root itself).
    pub fn kind(&self, path: &str) -> PathKind {
        if let Some(kind) = lock(&self.kinds).get(path) {
            return *kind;
        }
        let inside = if path.is_empty() {
            Ok(self.root.clone())
        } else {
            crate::fsio::resolve_confined(&self.root, path)
        };
        let kind = match inside.ok().map(std::fs::metadata) {
            Some(Ok(m)) if m.is_dir() => PathKind::Dir,
            Some(Ok(_)) => PathKind::File,
            _ => PathKind::Missing,
        };
        lock(&self.kinds).insert(path.to_string(), kind);
        kind
    }

    pub fn exists(&self, path: &str) -> bool {
        self.kind(path) != PathKind::Missing
    }

    /// Whether the Markdown file `path` (not among the scanned docs) has `fragment`;
    /// `None` when it cannot be read. `site_ids` adds its renderer's heading ids.
    pub fn external_doc_has_anchor(
        &self,
        path: &str,
        fragment: &str,
        site_ids: impl FnOnce(&mut markdown::ParsedDoc),
    ) -> Option<bool> {
        let known = lock(&self.anchors).get(path).map(|a| has(a.as_ref(), fragment));
        if let Some(answer) = known {
            return answer;
        }
        let anchors = crate::fsio::read_confined(&self.root, path, crate::fsio::DOC_MAX_BYTES)
            .ok()
            .map(|bytes| {
                let mut parsed = markdown::parse(String::from_utf8_lossy(&bytes).into_owned());
                site_ids(&mut parsed);
                parsed.anchors
            });
        let answer = has(anchors.as_ref(), fragment);
        lock(&self.anchors).insert(path.to_string(), anchors);
        answer
    }
}

/// The folders below `root`, at most `depth` deep, breadth first, each with which of
/// the `wanted` file names its own listing holds (in `wanted`'s order), sorted by path.
/// Hidden and default-excluded folders are not entered, symbolic links are not
/// followed, and the look stops after `limit` folders. Shared by the package look of
/// `Tree::package_dirs` and the version readers' (`manifests::read::package_folders`).
pub fn manifest_folders(
    root: &Path,
    depth: usize,
    limit: usize,
    wanted: &[&str],
) -> Vec<(String, Vec<bool>)> {
    let mut out = Vec::new();
    let mut queue = std::collections::VecDeque::from([(String::new(), 0usize)]);
    let mut looked = 0usize;
    while let Some((dir, level)) = queue.pop_front() {
        looked += 1;
        if looked > limit {
            break;
        }
        let Ok(entries) = std::fs::read_dir(root.join(&dir)) else { continue };
        let mut held = vec![false; wanted.len()];
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else { continue };
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            if kind.is_file() {
                if let Some(i) = wanted.iter().position(|w| *w == name) {
                    held[i] = true;
                }
            } else if kind.is_dir()
                && level < depth
                && !name.starts_with('.')
                && !crate::scan::DEFAULT_EXCLUDED_DIRS.contains(&name)
            {
                let rel = if dir.is_empty() { name.to_string() } else { format!("{dir}/{name}") };
                queue.push_back((rel, level + 1));
            }
        }
        if !dir.is_empty() {
            out.push((dir, held));
        }
    }
    out.sort();
    out
}

impl Tree {
    /// The folders below the root, at most `PACKAGE_DEPTH` deep, that hold a package
    /// manifest (`libs/cli/pyproject.toml`, `packages/ui/package.json`): a monorepo's
    /// packages. Read once, on first use; hidden folders, symbolic links and the
    /// default-excluded folders are not entered, and the look stops after
    /// `PACKAGE_LOOK_LIMIT` folders.
    pub fn package_dirs(&self) -> &[String] {
        self.packages.get_or_init(|| {
            manifest_folders(&self.root, PACKAGE_DEPTH, PACKAGE_LOOK_LIMIT, &PACKAGE_MANIFESTS)
                .into_iter()
                .filter(|(_, held)| held.iter().any(|h| *h))
                .map(|(dir, _)| dir)
                .collect()
        })
    }

    /// Whether rustdoc renders Markdown file `path`: a source of the crate it sits in
    /// (the nearest folder above with a `Cargo.toml`) includes it as documentation
    /// (`rustdoc::included_docs`, read once per crate, on first use). A doc in no crate
    /// is never read for it.
    pub fn rustdoc_renders(&self, path: &str) -> bool {
        let Some(krate) = super::rustdoc::crate_of(path, |m| self.kind(m) == PathKind::File) else {
            return false;
        };
        let known = lock(&self.rustdoc).get(&krate).cloned();
        let docs = known.unwrap_or_else(|| {
            let docs = std::sync::Arc::new(super::rustdoc::included_docs(&self.root, &krate));
            lock(&self.rustdoc).insert(krate, std::sync::Arc::clone(&docs));
            docs
        });
        docs.contains(path)
    }

    /// Whether a Go program embeds the doc at `path` by name (`go_embed::embedded`),
    /// read once per doc.
    pub fn go_embeds(&self, path: &str) -> bool {
        if let Some(known) = lock(&self.go_embedded).get(path) {
            return *known;
        }
        let embedded = super::go_embed::embedded(&self.root, path);
        lock(&self.go_embedded).insert(path.to_string(), embedded);
        embedded
    }

    /// The names of the scripts the repository's `package.json` files define (at the root
    /// and in `package_dirs`), read once, on first use; `None` when no `package.json`
    /// there has a `scripts` object, or when one of them cannot be read (over 1 MiB, not
    /// JSON): what it defines is unknown.
    pub fn package_scripts(&self) -> Option<&HashSet<String>> {
        self.scripts_read().map(|s| &s.all)
    }

    /// The scripts of the package whose `package.json` is named `name` (`@sveltejs/kit`),
    /// when one is and the repository's scripts are known (`package_scripts`).
    pub fn scripts_of(&self, name: &str) -> Option<&HashSet<String>> {
        self.scripts_read()?.by_package.get(name)
    }

    fn scripts_read(&self) -> Option<&PackageScripts> {
        self.scripts
            .get_or_init(|| {
                let mut scripts = PackageScripts::default();
                let mut any = false;
                let dirs =
                    std::iter::once("").chain(self.package_dirs().iter().map(String::as_str));
                for dir in dirs {
                    let rel = if dir.is_empty() {
                        "package.json".to_string()
                    } else {
                        format!("{dir}/package.json")
                    };
                    if dir.is_empty() && self.kind(&rel) != PathKind::File {
                        continue;
                    }
                    // A package's manifest that cannot be read (over 1 MiB, not JSON)
                    // may define any script: none is known missing then.
                    let read = crate::fsio::read_confined(&self.root, &rel, 1 << 20).ok();
                    let json =
                        read.and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok());
                    let Some(json) = json else {
                        if self.kind(&rel) == PathKind::File {
                            return None;
                        }
                        continue;
                    };
                    let own: HashSet<String> = json
                        .get("scripts")
                        .and_then(|s| s.as_object())
                        .map(|s| s.keys().cloned().collect())
                        .unwrap_or_default();
                    any |= json.get("scripts").is_some_and(|s| s.is_object());
                    scripts.all.extend(own.iter().cloned());
                    if let Some(name) = json.get("name").and_then(|n| n.as_str()) {
                        // Two packages of one name (a fixture copy): the scripts of both count.
                        match scripts.by_package.entry(name.to_string()) {
                            std::collections::hash_map::Entry::Vacant(e) => {
                                e.insert(own);
                            }
                            std::collections::hash_map::Entry::Occupied(mut e) => {
                                e.get_mut().extend(own);
                            }
                        }
                    }
                }
                any.then_some(scripts)
            })
            .as_ref()
    }

    /// What the Makefile `make` reads in root-relative folder `dir` (`""` the root)
    /// defines, read once per folder.
    pub fn make_targets(&self, dir: &str) -> MakeTargets {
        let once = lock(&self.makefiles).entry(dir.to_string()).or_default().clone();
        once.get_or_init(|| self.read_make_targets(dir)).clone()
    }

    fn read_make_targets(&self, dir: &str) -> MakeTargets {
        let join =
            |name: &str| if dir.is_empty() { name.to_string() } else { format!("{dir}/{name}") };
        let found = MAKEFILE_NAMES.iter().map(|n| join(n)).find(|p| self.kind(p) == PathKind::File);
        match found {
            None => MakeTargets::None,
            Some(path) => {
                let mut targets = HashSet::new();
                let mut patterns = Vec::new();
                if self.read_makefile(dir, &path, &mut targets, &mut patterns, 0) {
                    MakeTargets::Known { file: path, targets, patterns }
                } else {
                    MakeTargets::Unknown
                }
            }
        }
    }

    /// Adds the rules of the Makefile at root-relative `path`, run in `dir`, and of the
    /// files it includes (named from `dir`, as make reads them); `false` when what it
    /// defines is unknown (`makefile::parse`), it cannot be read (over 1 MiB, not UTF-8,
    /// outside the root), or it includes a file that is missing without leave or sits
    /// more than four includes deep.
    fn read_makefile(
        &self,
        dir: &str,
        path: &str,
        targets: &mut HashSet<String>,
        patterns: &mut Vec<String>,
        depth: usize,
    ) -> bool {
        let Ok(bytes) = crate::fsio::read_confined(&self.root, path, 1 << 20) else { return false };
        let Ok(text) = std::str::from_utf8(&bytes) else { return false };
        let Some(parsed) = crate::scan::makefile::parse(text) else { return false };
        targets.extend(parsed.targets);
        patterns.extend(parsed.patterns);
        for (include, optional) in parsed.includes {
            let rel = if include.starts_with('/') {
                None
            } else {
                Some(crate::scan::resolve::join(dir, &include))
            };
            match rel.filter(|r| self.kind(r) == PathKind::File) {
                Some(rel) => {
                    if depth >= 4 || !self.read_makefile(dir, &rel, targets, patterns, depth + 1) {
                        return false;
                    }
                }
                None if optional => {}
                None => return false,
            }
        }
        true
    }

    /// How many of the repository's packages (`package_dirs`) have root-relative `path`
    /// inside them.
    pub fn packages_with(&self, path: &str) -> usize {
        let path = path.trim_end_matches('/');
        self.package_dirs().iter().filter(|d| self.exists(&format!("{d}/{path}"))).count()
    }
}

fn has(anchors: Option<&HashSet<String>>, fragment: &str) -> Option<bool> {
    anchors.map(|a| a.contains(fragment) || a.contains(&fragment.to_lowercase()))
}

/// A cache stays usable after a panic elsewhere: its entries are never half-written.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_foreign_anchors() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("d")).unwrap();
        std::fs::write(dir.path().join("d/x.md"), "# Hello There\n").unwrap();
        let tree = Tree::new(dir.path());
        assert_eq!(tree.kind("d"), PathKind::Dir);
        assert_eq!(tree.kind("d/x.md"), PathKind::File);
        assert_eq!(tree.kind("d/y.md"), PathKind::Missing);
        let none = |_: &mut markdown::ParsedDoc| {};
        assert_eq!(tree.external_doc_has_anchor("d/x.md", "hello-there", none), Some(true));
        assert_eq!(tree.external_doc_has_anchor("d/x.md", "nope", none), Some(false));
        assert_eq!(tree.external_doc_has_anchor("d/y.md", "x", none), None);
    }

    #[test]
    fn packages_are_folders_with_a_manifest() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for pkg in ["libs/a", "libs/b", "libs/c", "node_modules/x", ".hidden/y"] {
            std::fs::create_dir_all(root.join(pkg).join("tests/unit")).unwrap();
            std::fs::write(root.join(pkg).join("pyproject.toml"), "").unwrap();
        }
        std::fs::remove_dir_all(root.join("libs/c/tests")).unwrap();
        std::fs::write(root.join("pyproject.toml"), "").unwrap();
        let tree = Tree::new(root);
        assert_eq!(tree.package_dirs(), ["libs/a", "libs/b", "libs/c"]);
        assert_eq!(tree.packages_with("tests/unit/"), 2);
        assert_eq!(tree.packages_with("tests/other"), 0);
    }
}
