//! `KnownVersions`: every version the repository declares in its files — packages it
//! publishes, toolchains it requires, actions its workflows pin, hooks it offers — and
//! the look-ups `version_skew` makes against them. Plain data: the readers beside this
//! file fill it; tags come later, from git history (`version_skew::judge`).

use std::collections::{BTreeMap, HashSet};

/// Whether a known version is the release a thing is on, or the oldest one allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// A package's own version, a pinned toolchain (`rust-toolchain`, `.nvmrc`).
    Current,
    /// A declared minimum (`rust-version`, `requires-python`, `engines.node`, a tool's
    /// `required-version`).
    Minimum,
}

/// The package registry a published package's manifest publishes to: a dependency line
/// of a `Cargo.toml` snippet or `pip install x==` names a package of that registry only,
/// so a Rust crate `logfire` is not the Python package `logfire`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registry {
    Cargo,
    Python,
    Npm,
}

impl Registry {
    /// The registry of a package read from manifest `source` (a root-relative path,
    /// perhaps followed by the field: `crates/x/Cargo.toml`, `pyproject.toml`).
    pub fn of_manifest(source: &str) -> Option<Registry> {
        let file = source.split(' ').next().unwrap_or(source);
        let name = file.rsplit('/').next().unwrap_or(file);
        match name {
            "Cargo.toml" => Some(Registry::Cargo),
            "pyproject.toml" | "setup.py" | "setup.cfg" => Some(Registry::Python),
            "package.json" => Some(Registry::Npm),
            _ => None,
        }
    }
}

/// A published package whose manifest is on a pre-release: the manifest names the next
/// release while the docs describe the last one, which only the tags know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreRelease {
    /// Lowercase.
    pub name: String,
    /// The manifest's version (`5.0.0-0`).
    pub written: String,
    /// The manifest (`packages/nuxt/package.json`).
    pub source: String,
    /// Whether prose may name it (as `KnownVersion::in_prose`).
    pub in_prose: bool,
}

/// A version the project is on (or requires), and the names a doc calls it by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownVersion {
    /// Lowercase names that precede a version (`rust`, `node.js`, the crate).
    pub names: Vec<String>,
    /// Numeric components, e.g. `[1, 85, 0]`.
    pub version: Vec<u64>,
    /// The newest supported version, when the source lists the supported ones (Python
    /// classifiers): a range claim's upper end is checked against it.
    pub max: Option<Vec<u64>>,
    /// Where it was read, root-relative, with the field when that helps
    /// (`Cargo.toml rust-version`).
    pub source: String,
    pub bound: Bound,
    /// Whether a major-only mention (`Node 20`) counts.
    pub major_only_ok: bool,
    /// Whether a mention in prose counts. Packages named by a common word (`grep`,
    /// `core`) are only checked where code names them (dependency lines, install
    /// commands); toolchains, the project itself and distinctive names (`grep-printer`)
    /// also in prose.
    pub in_prose: bool,
    /// A package the repository publishes (not a toolchain, not a tool it pins).
    pub package: bool,
    /// The folder (root-relative, `""` for the whole tree) whose docs this applies to:
    /// a member crate's own `rust-version` holds for its folder. The deepest scope wins.
    pub scope: String,
}

/// The `source` prefix of a version read from the root `package.json`'s
/// `packageManager`: one pinned release, of which a checkout needs the major.
pub const PACKAGE_MANAGER_SOURCE: &str = "package.json packageManager";

/// What `source` ends with for a release of the stack a private root `package.json`
/// pins exactly (`node::stack_pins`).
pub const STACK_PIN: &str = "(the repository's own pin)";

impl KnownVersion {
    /// Whether this is the package manager the root `package.json` pins.
    pub fn is_package_manager_pin(&self) -> bool {
        self.source.starts_with(PACKAGE_MANAGER_SOURCE)
    }

    /// Whether this is a release of the stack the root `package.json` pins, which agent
    /// context alone is held to.
    pub fn is_stack_pin(&self) -> bool {
        self.source.ends_with(STACK_PIN)
    }
}

/// A GitHub Action as the repository's own workflows pin it (the newest pin when they
/// differ).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionPin {
    pub version: Vec<u64>,
    /// The version as written (`v10.0.1`), in the ref or in the comment after a SHA.
    pub version_text: String,
    /// The commit SHA when the workflow pins one (`@<sha> # v10.0.1`).
    pub sha: Option<String>,
    /// The workflow file, root-relative.
    pub source: String,
    /// Every major release of the action some workflow pins (`4` and `6` when one step
    /// moved to v6 and the rest stay on v4).
    pub majors: std::collections::BTreeSet<u64>,
}

/// What a manifest requires of its dependencies: dependency (lowercase) → the lowest
/// version its requirement admits, and where that is written.
pub type DepFloors = BTreeMap<String, (Vec<u64>, String)>;

/// Everything the repository's files say about versions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnownVersions {
    pub versions: Vec<KnownVersion>,
    /// Index in `versions` of the project's own release: the root package, else the
    /// workspace member named like the project's repository.
    pub project: Option<usize>,
    /// The project's repositories as lowercase `owner/name` (from the git remotes and
    /// manifest URLs).
    pub repos: Vec<String>,
    /// The default branch of the clone's `origin` (`git::Remotes`), which a forge URL
    /// of the repository may follow besides `main`, `master`….
    pub default_branch: Option<String>,
    /// Hook ids of the repository's own `.pre-commit-hooks.yaml`.
    pub hook_ids: Vec<String>,
    /// Whether the repository is a GitHub Action (`action.yml` or `action.yaml` at its
    /// root): a doc's `uses: <its repository>@vX` then pins one of its releases.
    pub own_action: bool,
    /// The files manifests name as a package's readme for its registry page
    /// (`readme = "crates-io.md"`, pyproject's `readme`), root-relative, symbolic links
    /// inside the root followed: `registry_readme`.
    pub readmes: Vec<String>,
    /// The root Python package's name and the extras its `pyproject.toml` defines, both
    /// normalized as PEP 503 does (`extra_name`); `None` when it has no static name or
    /// its `optional-dependencies` are dynamic.
    pub python_extras: Option<(String, std::collections::BTreeSet<String>)>,
    /// Actions pinned in `.github/workflows/`, by lowercase `owner/name[/path]`.
    pub actions: BTreeMap<String, ActionPin>,
    /// What each published crate of the repository (lowercase name) requires of the
    /// crates it depends on: dependency (lowercase) → the lowest version its
    /// requirement admits, and the manifest it is written in. A snippet that adds the
    /// crate must add these at a version that requirement admits (numpy 0.28 needs
    /// pyo3 0.28: a README asking for `pyo3 = "0.27"` beside it fails to resolve).
    pub crate_deps: BTreeMap<String, DepFloors>,
    /// The same for every crate folder below the root (root-relative, published or
    /// not: an example's too), by folder: what a doc in that folder tells its reader to
    /// depend on is what the package beside it depends on (tonic's route guide tutorial
    /// in `examples/`, whose `rand = "0.8"` snippet mirrors `examples/Cargo.toml`, on
    /// `rand` 0.9).
    pub folder_deps: BTreeMap<String, DepFloors>,
    /// The Go module path `go.mod` declares without its major suffix, and that major,
    /// when it is 2 or more (`github.com/stripe/stripe-go`, 86).
    pub go_module: Option<(String, u64)>,
    /// The first path segments of folders below the root holding a `go.mod` of their
    /// own (`api`, `client` in etcd's `client/v3`): a path under the module's base
    /// through one of them may name that module, whatever its major.
    pub go_nested: Vec<String>,
    /// The exact release each toolchain or package manager is developed with, whatever
    /// floor the repository declares: `go.mod`'s `toolchain go1.26.5`, `.nvmrc`,
    /// `.node-version`, Volta's `node`, the `packageManager` release, a numeric
    /// `rust-toolchain` channel, `.python-version`; full releases only (`1.26.5`, not
    /// `22`). A doc that states its setup as a setting ("Go Version: 1.26.4") is held to
    /// these (`version_skew::judge`); nothing else reads them.
    pub pins: Vec<KnownVersion>,
    /// Packages whose manifest is on a pre-release (`5.0.0-0`): no version to hold docs
    /// to until the newest release tag stands in (`version_skew::with_release_tags`).
    pub prereleases: Vec<PreRelease>,
    /// Every name of `versions` and `prereleases`, and those prose may use: filled by
    /// `index_names`.
    code_names: HashSet<String>,
    prose_names: HashSet<String>,
    /// Bit `n` is set when some prose name is `n` bytes long (a cheap first test: most
    /// words of a doc are not names).
    prose_lengths: u64,
}

impl KnownVersions {
    /// Records `readme`, written in the manifest of folder `dir` (root-relative), as a
    /// registry page's readme. A README is left out: it is the repository's page too.
    pub fn push_readme(&mut self, root: &std::path::Path, dir: &str, readme: &str) {
        let rel = crate::scan::resolve::join(dir, readme);
        let Ok(canon) = crate::fsio::resolve_confined(root, &rel) else { return };
        let Ok(canon_root) = std::fs::canonicalize(root) else { return };
        let Ok(inside) = canon.strip_prefix(&canon_root) else { return };
        let path = inside.to_string_lossy().replace('\\', "/");
        let name = path.rsplit('/').next().unwrap_or(&path);
        if !name.to_ascii_lowercase().starts_with("readme") && !self.readmes.contains(&path) {
            self.readmes.push(path);
        }
    }

    /// Whether `path` is a registry page's readme kept beside the README (serde's
    /// `crates-io.md`, litestar's `docs/PYPI_README.md`): a copy of the README by design.
    pub fn registry_readme(&self, path: &str) -> bool {
        self.readmes.iter().any(|r| r == path)
    }

    /// Whether nothing is known (then no doc needs reading for versions: tags are only
    /// asked about for the repository's own hooks and release URLs).
    pub fn is_empty(&self) -> bool {
        self.versions.is_empty()
            && self.actions.is_empty()
            && self.hook_ids.is_empty()
            && self.repos.is_empty()
            && self.go_module.is_none()
    }

    /// The version `name` (lowercase) means in the doc at `doc_path`: the deepest
    /// scope holding the doc wins. `in_code` says whether code named it; `registry`,
    /// where code named a package of one registry (a `Cargo.toml` dependency line).
    pub fn lookup(
        &self,
        name: &str,
        doc_path: &str,
        in_code: bool,
        registry: Option<Registry>,
    ) -> Option<&KnownVersion> {
        let same_registry = |k: &KnownVersion| match registry {
            Some(r) if k.package => Registry::of_manifest(&k.source) == Some(r),
            _ => true,
        };
        self.versions
            .iter()
            .filter(|k| (in_code || k.in_prose) && k.names.iter().any(|n| n == name))
            .filter(|k| same_registry(k))
            .filter(|k| in_scope(&k.scope, doc_path))
            .max_by_key(|k| k.scope.len())
    }

    /// Whether `name` (lowercase) is known anywhere, for a quick test before a look-up
    /// (`index_names` must have run).
    pub fn knows(&self, name: &str, in_code: bool) -> bool {
        if in_code {
            self.code_names.contains(name)
        } else {
            name.len() < 64
                && self.prose_lengths & (1 << name.len()) != 0
                && self.prose_names.contains(name)
        }
    }

    /// Indexes the names of `versions` for `knows`; run once `versions` is complete.
    pub fn index_names(&mut self) {
        self.code_names = self.versions.iter().flat_map(|k| k.names.iter().cloned()).collect();
        self.code_names.extend(self.prereleases.iter().map(|p| p.name.clone()));
        self.prose_names = self
            .versions
            .iter()
            .filter(|k| k.in_prose)
            .flat_map(|k| k.names.iter().cloned())
            .collect();
        self.prose_names
            .extend(self.prereleases.iter().filter(|p| p.in_prose).map(|p| p.name.clone()));
        self.prose_lengths =
            self.prose_names.iter().filter(|n| n.len() < 64).fold(0, |bits, n| bits | 1 << n.len());
    }

    /// Whether `name` (lowercase) names a toolchain or tool only (`python`, `node`,
    /// `rust`), never a package the repository publishes.
    pub fn is_toolchain(&self, name: &str) -> bool {
        let mut named = self.versions.iter().filter(|k| k.names.iter().any(|n| n == name));
        let mut any = false;
        let only_tools = named.all(|k| {
            any = true;
            !k.package
        });
        any && only_tools
    }

    /// Whether `word` (lowercase) names the project: a package it publishes or one of
    /// its repositories (`tonic`, `hexyl`).
    pub fn is_own_name(&self, word: &str) -> bool {
        self.versions.iter().any(|k| k.package && k.names.iter().any(|n| n == word))
            || self.repos.iter().any(|r| r.rsplit('/').next() == Some(word))
    }

    /// The release toolchain `name` (lowercase) is developed with (`pins`).
    pub fn pin(&self, name: &str) -> Option<&KnownVersion> {
        self.pins.iter().find(|k| k.names.iter().any(|n| n == name))
    }

    /// Records `version` (as written in `source`) as the release the toolchain known by
    /// `names` is developed with, when it is a full release (`1.26.5`) and no earlier
    /// source pinned that toolchain.
    pub fn push_pin(&mut self, names: &[&str], version: &str, source: &str) {
        let Some(version) = parse_version(version).filter(|v| v.len() == 3) else { return };
        if names.iter().any(|n| self.pin(n).is_some()) {
            return;
        }
        self.pins.push(KnownVersion {
            names: names.iter().map(|n| n.to_string()).collect(),
            version,
            max: None,
            source: source.to_string(),
            bound: Bound::Current,
            major_only_ok: false,
            in_prose: true,
            package: false,
            scope: String::new(),
        });
    }

    /// The project's own release, if known.
    pub fn project(&self) -> Option<&KnownVersion> {
        self.project.and_then(|i| self.versions.get(i))
    }

    /// Records `slug`, the repository a manifest at root-relative `source` names, unless
    /// it is another repository's content kept in a folder of its name: a member whose
    /// folder is named like the repository it names, while the root names another one
    /// (polars' `pyo3-polars/pyo3-polars/Cargo.toml`, `pola-rs/pyo3-polars`, under the
    /// root's `pola-rs/polars`). Links into that repository name its own layout, which
    /// is not this one's: `pola-rs/pyo3-polars/tree/main/example/…` exists there.
    pub fn push_repo(&mut self, slug: String, source: &str) {
        if self.repos.contains(&slug) {
            return;
        }
        let name = slug.rsplit('/').next().unwrap_or_default();
        let folders = source.rsplit_once('/').map_or("", |(dir, _)| dir);
        if !self.repos.is_empty() && folders.split('/').any(|f| f.eq_ignore_ascii_case(name)) {
            return;
        }
        self.repos.push(slug);
    }

    /// Whether `url` (lowercase) points into one of the project's own repositories.
    pub fn is_own_repo_url(&self, url: &str) -> bool {
        repo_slug(url).is_some_and(|slug| self.repos.contains(&slug))
    }
}

/// Whether a doc at `path` lies under folder `scope`.
fn in_scope(scope: &str, path: &str) -> bool {
    scope.is_empty() || path.strip_prefix(scope).is_some_and(|rest| rest.starts_with('/'))
}

/// `owner/name` (lowercase, without `.git`) of a GitHub, GitLab or Codeberg URL.
pub fn repo_slug(url: &str) -> Option<String> {
    let url = url.trim().to_lowercase();
    let rest = url.split_once("://").map_or(url.as_str(), |(_, r)| r);
    // `git+ssh://git@github.com/o/n.git`, and scp-like `git@github.com:o/n.git`.
    let rest = rest.strip_prefix("git@").unwrap_or(rest);
    let scp = ["github.com:", "gitlab.com:", "codeberg.org:"].iter().find_map(|h| {
        rest.strip_prefix(h).map(|path| format!("{}/{path}", h.trim_end_matches(':')))
    });
    let rest = scp.as_deref().unwrap_or(rest);
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    let path = ["github.com/", "gitlab.com/", "codeberg.org/"]
        .iter()
        .find_map(|host| rest.strip_prefix(host))?;
    let mut parts = path.split('/');
    let owner = parts.next().filter(|o| !o.is_empty())?;
    let name = parts.next()?.trim_end_matches(".git");
    (!name.is_empty()).then(|| format!("{owner}/{name}"))
}

/// `1.2.3`, `v20`, `3.12` → numeric components (1 to 3); anything else → `None`.
pub fn parse_version(text: &str) -> Option<Vec<u64>> {
    let text = text.trim().trim_start_matches(['v', 'V']);
    let core = text.split(['-', '+']).next()?;
    let parts: Vec<u64> = core.split('.').map(|p| p.parse().ok()).collect::<Option<_>>()?;
    (1..=3).contains(&parts.len()).then_some(parts)
}

/// `version` written with dots.
pub fn dotted(version: &[u64]) -> String {
    version.iter().map(u64::to_string).collect::<Vec<_>>().join(".")
}

/// A Python package or extra name as PEP 503 compares them: lowercase, each run of `-`,
/// `_` and `.` one `-` (`Foo_Bar.baz` → `foo-bar-baz`).
pub fn extra_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(c, '-' | '_' | '.') {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse() {
        assert_eq!(parse_version("1.85.0"), Some(vec![1, 85, 0]));
        assert_eq!(parse_version("v20\n"), Some(vec![20]));
        assert_eq!(parse_version("1.0.0-beta.1"), Some(vec![1, 0, 0]));
        assert_eq!(parse_version("stable"), None);
        assert_eq!(parse_version("lts/iron"), None);
        assert_eq!(parse_version("1.2.3.4"), None);
        assert_eq!(dotted(&[1, 80]), "1.80");
    }

    #[test]
    fn a_pin_is_a_full_release_and_the_first_source_wins() {
        let mut known = KnownVersions::default();
        known.push_pin(&["node", "node.js"], "22\n", ".nvmrc");
        assert!(known.pin("node").is_none(), "a major alone pins no release");
        known.push_pin(&["node", "node.js"], "v24.18.0\n", ".node-version");
        known.push_pin(&["node", "node.js"], "26.5.0", "package.json volta.node");
        let pin = known.pin("node.js").unwrap();
        assert_eq!(
            (pin.version.as_slice(), pin.source.as_str()),
            (&[24, 18, 0][..], ".node-version")
        );
        known.push_pin(&["rust"], "stable", "rust-toolchain.toml");
        assert!(known.pin("rust").is_none());
    }

    #[test]
    fn a_repository_kept_in_a_folder_of_its_name_is_not_this_one() {
        let mut known = KnownVersions::default();
        known.push_repo("pola-rs/polars".into(), "Cargo.toml");
        known.push_repo("pola-rs/pyo3-polars".into(), "pyo3-polars/pyo3-polars/Cargo.toml");
        known.push_repo("pola-rs/py-polars-old".into(), "crates/py/Cargo.toml");
        known.push_repo("pola-rs/polars".into(), "crates/core/Cargo.toml");
        assert_eq!(known.repos, ["pola-rs/polars", "pola-rs/py-polars-old"]);
        // With no root repository, the first one named is the project's.
        let mut alone = KnownVersions::default();
        alone.push_repo("acme/tool".into(), "tool/Cargo.toml");
        assert_eq!(alone.repos, ["acme/tool"]);
    }

    #[test]
    fn repo_slugs_and_scopes() {
        assert_eq!(
            repo_slug("https://github.com/BurntSushi/ripgrep/tree/master/crates/grep").as_deref(),
            Some("burntsushi/ripgrep")
        );
        assert_eq!(
            repo_slug("git+https://github.com/vitejs/vite.git").as_deref(),
            Some("vitejs/vite")
        );
        assert_eq!(repo_slug("https://docs.rs/grep"), None);
        assert_eq!(repo_slug("git@github.com:acme/tool.git").as_deref(), Some("acme/tool"));
        assert_eq!(
            repo_slug("git+ssh://git@github.com/acme/tool.git").as_deref(),
            Some("acme/tool")
        );
        assert!(in_scope("", "README.md"));
        assert!(in_scope("axum-core", "axum-core/README.md"));
        assert!(!in_scope("axum", "axum-core/README.md"));
    }

    #[test]
    fn a_dependency_line_names_a_package_of_its_registry_only() {
        let mut known = KnownVersions::default();
        known.versions.push(KnownVersion {
            names: vec!["logfire".into()],
            version: vec![4, 41, 0],
            max: None,
            source: "pyproject.toml".into(),
            bound: Bound::Current,
            major_only_ok: false,
            in_prose: true,
            package: true,
            scope: String::new(),
        });
        assert!(known.lookup("logfire", "a.md", true, Some(Registry::Cargo)).is_none());
        assert!(known.lookup("logfire", "a.md", true, Some(Registry::Python)).is_some());
        assert!(known.lookup("logfire", "a.md", true, None).is_some());
        assert_eq!(Registry::of_manifest("crates/x/Cargo.toml"), Some(Registry::Cargo));
        assert_eq!(Registry::of_manifest("go.mod"), None);
    }
}
