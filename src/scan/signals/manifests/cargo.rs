//! Cargo: the root package, `[workspace.package]`, the workspace members (`members`
//! globs minus `exclude`, and the `path` crates of `[workspace.dependencies]`; `version.workspace = true` and `rust-version.workspace = true`
//! inherit), and the Rust toolchain — `rust-version`, the minimum docs state, ahead of a
//! `rust-toolchain(.toml)` pin, which is only used when no `rust-version` is declared.

use std::path::Path;

use super::collect::package;
use super::known::{parse_version, repo_slug, Bound, DepFloors, KnownVersion, KnownVersions};
use super::node::lower_bound;
use super::read;
use std::collections::BTreeMap;

/// Names a doc gives the Rust toolchain; `msrv` only for a declared minimum.
const RUST_NAMES: [&str; 2] = ["rust", "rustc"];

/// At most this many members are read.
const MAX_MEMBERS: usize = 2000;

/// What the Cargo files declare; returns the root package's index in `known.versions`.
/// `crates` are the folders below the root holding a `Cargo.toml`
/// (`read::package_folders`).
pub fn read(root: &Path, crates: &[String], known: &mut KnownVersions) -> Option<usize> {
    let (project, members) = read_root(root, known);
    outside_workspace(root, crates, &members, known);
    if let Some((channel, source)) = toolchain(root) {
        known.push_pin(&RUST_NAMES, &channel, source);
    }
    project
}

/// The root's `Cargo.toml` and its workspace members; returns the root package's index
/// and the member folders read.
fn read_root(root: &Path, known: &mut KnownVersions) -> (Option<usize>, Vec<String>) {
    let cargo = read::toml(root, "Cargo.toml");
    let pkg = cargo.as_ref().and_then(|c| c.get("package")).and_then(|p| p.as_table());
    let ws = cargo.as_ref().and_then(|c| c.get("workspace")).and_then(|w| w.as_table());
    let ws_pkg = ws.and_then(|w| w.get("package")).and_then(|p| p.as_table());
    let ws_field = |k: &str| ws_pkg.and_then(|p| p.get(k)).and_then(|v| v.as_str());
    let mut project = None;
    if let Some(pkg) = pkg {
        let (name, version) =
            (pkg.get("name").and_then(|v| v.as_str()), field(pkg, "version", ws_pkg));
        if let (Some(name), Some(version)) = (name, version) {
            project = package(known, name, version, "Cargo.toml", true);
        }
        if let (Some(name), Some(cargo)) = (name, &cargo) {
            push_crate_deps(known, name, cargo, ws, "Cargo.toml");
        }
        push_repo(known, field(pkg, "repository", ws_pkg));
        if let Some(readme) = field(pkg, "readme", ws_pkg) {
            known.push_readme(root, "", readme);
        }
    }
    push_repo(known, ws_field("repository"));
    let rust_version =
        pkg.and_then(|p| field(p, "rust-version", ws_pkg)).or(ws_field("rust-version"));
    if let Some(v) = rust_version {
        push_rust(known, v, "Cargo.toml rust-version", Bound::Minimum, "");
    }
    let Some(ws) = ws else {
        if rust_version.is_none() && cargo.is_none() {
            crate_below_toolchain(root, known);
        } else if rust_version.is_none() {
            root_toolchain(root, known);
        }
        return (project, Vec::new());
    };
    let list = |k: &str| -> Vec<String> {
        ws.get(k)
            .and_then(|v| v.as_array())
            .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect())
            .unwrap_or_default()
    };
    let mut dirs = read::member_dirs(root, &list("members"), &list("exclude"), MAX_MEMBERS);
    // A `[workspace.dependencies]` entry with a `path` is a crate of this repository too,
    // member or not (nushell's `nu-glob`).
    let path_deps = ws.get("dependencies").and_then(|d| d.as_table()).into_iter().flatten();
    for (_, spec) in path_deps {
        let Some(path) = spec.get("path").and_then(|p| p.as_str()) else { continue };
        let dir = crate::scan::resolve::join("", path.trim_end_matches('/'));
        if !dir.starts_with("../") && !dirs.contains(&dir) && dirs.len() < MAX_MEMBERS {
            dirs.push(dir);
        }
    }
    let mut member_floors: Vec<(String, String)> = Vec::new();
    for dir in &dirs {
        let source = format!("{dir}/Cargo.toml");
        let Some(member) = read::toml(root, &source) else { continue };
        let Some(pkg) = member.get("package").and_then(|p| p.as_table()) else { continue };
        known.folder_deps.insert(dir.clone(), dependency_floors(&member, Some(ws), &source));
        let published = pkg.get("publish").and_then(|p| p.as_bool()) != Some(false);
        if let (Some(name), Some(version), true) =
            (pkg.get("name").and_then(|v| v.as_str()), field(pkg, "version", ws_pkg), published)
        {
            package(known, name, version, &source, false);
            push_crate_deps(known, name, &member, Some(ws), &source);
        }
        if let Some(slug) = field(pkg, "repository", ws_pkg).and_then(repo_slug) {
            known.push_repo(slug, &source);
        }
        if let Some(readme) = field(pkg, "readme", ws_pkg) {
            // An inherited readme is written from the workspace's root.
            let inherited = pkg.get("readme").is_some_and(|r| r.is_table());
            known.push_readme(root, if inherited { "" } else { dir }, readme);
        }
        if let Some(v) = pkg.get("rust-version").and_then(|v| v.as_str()) {
            push_rust(known, v, &format!("{source} rust-version"), Bound::Minimum, dir);
            member_floors.push((v.to_string(), source));
        }
    }
    if rust_version.is_none() {
        // A virtual workspace whose members all declare one floor has that floor: the
        // root's docs speak of the workspace (minijinja's CONTRIBUTING "targets Rust
        // 1.63.0 as its MSRV" beside six members on 1.70).
        agreed_floor(root, known, &member_floors, ("the workspace's", "workspace member's"));
    }
    (project, dirs)
}

/// Folder names that hold crates made to show or test something, not to be published:
/// an example's `Cargo.toml` names no release docs ask for.
/// A copy of another project's crate (`third_party/`) keeps that project's name.
const NOT_RELEASED: [&str; 11] = [
    "example",
    "examples",
    "test",
    "tests",
    "fixtures",
    "testdata",
    "benches",
    "template",
    "templates",
    "third_party",
    "third-party",
];

/// The published crates below the root that no root workspace lists: a polyglot
/// repository's SDK (firecrawl's `apps/rust-sdk`, `firecrawl` 1.2.1, whose README still
/// asks for `firecrawl = "^0.1"`). A crate that takes its version from a workspace of
/// its own is left to that workspace; one marked `publish = false` is never asked for.
/// Its `repository` is not taken as this repository's: a crate kept here may be
/// another project's (electric's site links `durable-streams/durable-streams`).
fn outside_workspace(
    root: &Path,
    crates: &[String],
    members: &[String],
    known: &mut KnownVersions,
) {
    for dir in crates {
        if members.contains(dir) {
            continue;
        }
        let source = format!("{dir}/Cargo.toml");
        let Some(cargo) = read::toml(root, &source) else { continue };
        let Some(pkg) = cargo.get("package").and_then(|p| p.as_table()) else { continue };
        known.folder_deps.insert(dir.clone(), dependency_floors(&cargo, None, &source));
        if dir.split('/').any(|part| NOT_RELEASED.contains(&part)) {
            continue;
        }
        if pkg.get("publish").and_then(|p| p.as_bool()) == Some(false) {
            continue;
        }
        let (Some(name), Some(version)) =
            (pkg.get("name").and_then(|v| v.as_str()), pkg.get("version").and_then(|v| v.as_str()))
        else {
            continue;
        };
        if known
            .versions
            .iter()
            .any(|k| k.package && k.names.iter().any(|n| n == &name.to_lowercase()))
        {
            continue;
        }
        package(known, name, version, &source, false);
        push_crate_deps(known, name, &cargo, None, &source);
    }
}

/// Records what published crate `name` (manifest `cargo`, read from `source`) requires
/// of its dependencies — `[dependencies]` and each target's, a `workspace = true` entry
/// from `ws`'s `[workspace.dependencies]` — for `KnownVersions::crate_deps`. A path
/// dependency without a version is the repository's own crate, checked as one.
fn push_crate_deps(
    known: &mut KnownVersions,
    name: &str,
    cargo: &toml::Table,
    ws: Option<&toml::Table>,
    source: &str,
) {
    let deps = dependency_floors(cargo, ws, source);
    if !deps.is_empty() {
        known.crate_deps.insert(name.to_lowercase(), deps);
    }
}

/// What manifest `cargo` (read from `source`) requires of its dependencies —
/// `[dependencies]` and each target's, a `workspace = true` entry from `ws`'s
/// `[workspace.dependencies]`: dependency (lowercase) → the lowest version its
/// requirement admits, and where that is written.
fn dependency_floors(cargo: &toml::Table, ws: Option<&toml::Table>, source: &str) -> DepFloors {
    let ws_deps = ws.and_then(|w| w.get("dependencies")).and_then(|d| d.as_table());
    let targets =
        cargo.get("target").and_then(|t| t.as_table()).into_iter().flat_map(|t| t.values());
    let tables = std::iter::once(cargo.get("dependencies"))
        .chain(targets.map(|t| t.get("dependencies")))
        .flatten()
        .filter_map(|d| d.as_table());
    let mut deps = BTreeMap::new();
    for (key, value) in tables.flatten() {
        let inherited = value.get("workspace").and_then(|w| w.as_bool()) == Some(true);
        let value = if inherited { ws_deps.and_then(|d| d.get(key)) } else { Some(value) };
        let Some(value) = value else { continue };
        let dep = value.get("package").and_then(|p| p.as_str()).unwrap_or(key);
        let Some(spec) = value.as_str().or_else(|| value.get("version")?.as_str()) else {
            continue;
        };
        let Some(lowest) =
            semver::VersionReq::parse(spec.trim()).ok().as_ref().and_then(lower_bound)
        else {
            continue;
        };
        deps.insert(dep.to_lowercase(), (lowest, format!("{source} dependencies.{key}")));
    }
    deps
}

/// The Rust floor every one of `floors` (`(rust-version, manifest)`) declares, for the
/// whole repository, its source named with `whose` (`("the workspace's", "workspace
/// member's")`: "… rust-version (the workspace's only floor)", "every workspace member's
/// rust-version (a/Cargo.toml and 5 more)"). Floors that disagree, or none, leave the
/// root to its toolchain pin.
fn agreed_floor(
    root: &Path,
    known: &mut KnownVersions,
    floors: &[(String, String)],
    (one, each): (&str, &str),
) {
    match floors.split_first() {
        Some(((v, source), rest)) if rest.iter().all(|(w, _)| w == v) => {
            let source = match rest.len() {
                0 => format!("{source} rust-version ({one} only floor)"),
                n => format!("every {each} rust-version ({source} and {n} more)"),
            };
            push_rust(known, v, &source, Bound::Minimum, "");
        }
        _ => root_toolchain(root, known),
    }
}

/// Without a `Cargo.toml` at the root, the floor the crates one folder below it declare
/// (`rust-version`), when they all declare one: a Tauri app keeps its crate in
/// `src-tauri/` (cc-switch's `rust-version = "1.85.0"`, which its README's "Rust 1.85+"
/// states, beside a root `rust-toolchain.toml` that pins 1.95 to keep clippy's findings
/// stable: 2 false rows in round 88). Else the root's toolchain pin.
fn crate_below_toolchain(root: &Path, known: &mut KnownVersions) {
    let mut floors: Vec<(String, String)> = Vec::new();
    for dir in read::member_dirs(root, &["*".to_string()], &[], MAX_MEMBERS) {
        let source = format!("{dir}/Cargo.toml");
        let Some(member) = read::toml(root, &source) else { continue };
        let Some(pkg) = member.get("package").and_then(|p| p.as_table()) else { continue };
        match pkg.get("rust-version").and_then(|v| v.as_str()) {
            Some(v) => floors.push((v.to_string(), source)),
            None => return root_toolchain(root, known),
        }
    }
    agreed_floor(root, known, &floors, ("the crate's", "crate's"));
}

/// The root's `rust-toolchain(.toml)` pin, where nothing declares a floor; without one,
/// the floor the root's edition sets.
fn root_toolchain(root: &Path, known: &mut KnownVersions) {
    match toolchain(root) {
        Some((v, source)) => push_rust(known, &v, source, Bound::Current, ""),
        None => edition_floor(root, known),
    }
}

/// The Rust the root package's (or `[workspace.package]`'s) edition needs, a floor
/// cargo enforces: an edition 2024 crate does not build before Rust 1.85, so ccswarm's
/// `ai-session` README badge on Rust 1.70 is wrong without any `rust-version`.
fn edition_floor(root: &Path, known: &mut KnownVersions) {
    let Some(cargo) = read::toml(root, "Cargo.toml") else { return };
    let ws_pkg = cargo.get("workspace").and_then(|w| w.get("package")).and_then(|p| p.as_table());
    let pkg = cargo.get("package").and_then(|p| p.as_table());
    let edition =
        pkg.and_then(|p| field(p, "edition", ws_pkg)).or_else(|| ws_pkg?.get("edition")?.as_str());
    let floor = match edition {
        Some("2018") => "1.31",
        Some("2021") => "1.56",
        Some("2024") => "1.85",
        _ => return,
    };
    let source = format!("Cargo.toml's edition {}", edition.unwrap_or_default());
    push_rust(known, floor, &source, Bound::Minimum, "");
}

/// A `[package]` field as a string, following `field.workspace = true` to
/// `[workspace.package]`.
fn field<'a>(pkg: &'a toml::Table, key: &str, ws_pkg: Option<&'a toml::Table>) -> Option<&'a str> {
    match pkg.get(key)? {
        toml::Value::String(s) => Some(s),
        toml::Value::Table(t) if t.get("workspace").and_then(|w| w.as_bool()) == Some(true) => {
            ws_pkg?.get(key)?.as_str()
        }
        _ => None,
    }
}

fn push_repo(known: &mut KnownVersions, url: Option<&str>) {
    if let Some(slug) = url.and_then(repo_slug) {
        known.push_repo(slug, "Cargo.toml");
    }
}

fn push_rust(known: &mut KnownVersions, version: &str, source: &str, bound: Bound, scope: &str) {
    let Some(version) = parse_version(version) else { return };
    let mut names: Vec<String> = RUST_NAMES.iter().map(|n| n.to_string()).collect();
    if bound == Bound::Minimum {
        names.push("msrv".into());
    }
    known.versions.push(KnownVersion {
        names,
        version,
        max: None,
        source: source.into(),
        bound,
        major_only_ok: false,
        in_prose: true,
        package: false,
        scope: scope.into(),
    });
}

/// The channel of `rust-toolchain.toml`, else the one line of `rust-toolchain`.
fn toolchain(root: &Path) -> Option<(String, &'static str)> {
    read::toml(root, "rust-toolchain.toml")
        .and_then(|t| t.get("toolchain")?.get("channel")?.as_str().map(str::to_string))
        .map(|v| (v, "rust-toolchain.toml"))
        .or_else(|| {
            read::text(root, "rust-toolchain").map(|t| (t.trim().to_string(), "rust-toolchain"))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_files::write;

    #[test]
    fn members_inherit_from_the_workspace() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\n[workspace.package]\nversion = \"0.3.1\"\nrust-version = \"1.80\"\nrepository = \"https://github.com/acme/tool\"\n[workspace.dependencies]\ntool-glob = { path = \"vendor/glob\", version = \"0.3.1\" }\nserde = \"1\"\n");
        write(
            d,
            "vendor/glob/Cargo.toml",
            "[package]\nname = \"tool-glob\"\nversion.workspace = true\n",
        );
        write(d, "rust-toolchain.toml", "[toolchain]\nchannel = \"1.85.0\"\n");
        write(
            d,
            "crates/a/Cargo.toml",
            "[package]\nname = \"tool\"\nversion.workspace = true\nrust-version.workspace = true\n",
        );
        write(
            d,
            "crates/b/Cargo.toml",
            "[package]\nname = \"tool-lib\"\nversion = \"0.2.0\"\nrust-version = \"1.85\"\n",
        );
        write(
            d,
            "crates/c/Cargo.toml",
            "[package]\nname = \"xtask\"\nversion = \"0.1.0\"\npublish = false\n",
        );
        let mut known = KnownVersions::default();
        assert_eq!(read(d, &[], &mut known), None, "no root package");
        let v = |name: &str, doc: &str| {
            known.lookup(name, doc, true, None).map(|k| (k.version.clone(), k.source.clone()))
        };
        assert_eq!(v("tool", "x.md"), Some((vec![0, 3, 1], "crates/a/Cargo.toml".into())));
        assert_eq!(v("tool-lib", "x.md"), Some((vec![0, 2, 0], "crates/b/Cargo.toml".into())));
        assert_eq!(v("xtask", "x.md"), None);
        assert_eq!(
            v("tool-glob", "x.md"),
            Some((vec![0, 3, 1], "vendor/glob/Cargo.toml".into())),
            "a path crate of [workspace.dependencies] is the repository's own"
        );
        assert_eq!(
            v("msrv", "crates/a/README.md"),
            Some((vec![1, 80], "Cargo.toml rust-version".into()))
        );
        assert_eq!(
            v("rust", "crates/b/README.md"),
            Some((vec![1, 85], "crates/b/Cargo.toml rust-version".into()))
        );
        assert!(known.lookup("tool", "x.md", false, None).is_none(), "one common word: code only");
        assert!(known.lookup("tool-lib", "x.md", false, None).unwrap().in_prose);
        assert_eq!(known.repos, ["acme/tool"]);
    }

    #[test]
    fn a_crate_below_a_root_without_cargo_toml_gives_the_floor() {
        // cc-switch, a Tauri app: its crate is `src-tauri/`, the root pins a newer toolchain.
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "rust-toolchain.toml", "[toolchain]\nchannel = \"1.95.0\"\n");
        write(d, "src-tauri/Cargo.toml", "[package]\nname = \"app\"\nrust-version = \"1.85.0\"\n");
        write(d, "docs/notes.txt", "no crate here\n");
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let rust = known.lookup("rust", "README.md", false, None).unwrap();
        assert_eq!((rust.version.clone(), rust.bound), (vec![1, 85, 0], Bound::Minimum));
        assert_eq!(rust.source, "src-tauri/Cargo.toml rust-version (the crate's only floor)");
        // A crate below without a floor leaves the root to its toolchain pin.
        write(d, "cli/Cargo.toml", "[package]\nname = \"cli\"\n");
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let rust = known.lookup("rust", "README.md", false, None).unwrap();
        assert_eq!((rust.version.clone(), rust.bound), (vec![1, 95, 0], Bound::Current));
    }

    #[test]
    fn an_edition_sets_a_floor_where_nothing_else_does() {
        let floor = |cargo: &str, toolchain: bool| {
            let dir = tempfile::tempdir().unwrap();
            write(dir.path(), "Cargo.toml", cargo);
            if toolchain {
                write(dir.path(), "rust-toolchain", "1.90.0\n");
            }
            let mut known = KnownVersions::default();
            read(dir.path(), &[], &mut known);
            let rust = known.lookup("rust", "README.md", false, None);
            rust.map(|k| (k.version.clone(), k.bound, k.source.clone()))
        };
        let edition = |e: &str, floor: &[u64]| {
            Some((floor.to_vec(), Bound::Minimum, format!("Cargo.toml's edition {e}")))
        };
        let pkg = "[package]\nname = \"wasm-pack\"\nversion = \"0.13.1\"\nedition = \"2021\"\n";
        assert_eq!(floor(pkg, false), edition("2021", &[1, 56]));
        let ws = "[workspace]\nmembers = []\n[workspace.package]\nedition = \"2024\"\n";
        assert_eq!(floor(ws, false), edition("2024", &[1, 85]));
        assert_eq!(floor(pkg, true).map(|k| k.1), Some(Bound::Current), "the pin speaks first");
        let declared = format!("{pkg}rust-version = \"1.70\"\n");
        assert_eq!(floor(&declared, false).map(|k| k.0), Some(vec![1, 70]));
        assert_eq!(floor("[package]\nname = \"old\"\nedition = \"2015\"\n", false), None);
    }

    #[test]
    fn members_that_agree_give_the_workspace_its_floor() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "Cargo.toml", "[workspace]\nmembers = [\"a\", \"b\"]\n");
        write(d, "rust-toolchain", "1.85.0\n");
        for m in ["a", "b"] {
            let manifest = format!(
                "[package]\nname = \"{m}\"\nversion = \"1.0.0\"\nrust-version = \"1.70\"\n"
            );
            write(d, &format!("{m}/Cargo.toml"), &manifest);
        }
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let rust = known.lookup("msrv", "CONTRIBUTING.md", false, None).unwrap();
        assert_eq!((rust.version.clone(), rust.bound), (vec![1, 70], Bound::Minimum));
        assert_eq!(rust.source, "every workspace member's rust-version (a/Cargo.toml and 1 more)");
        // Members that disagree leave the root to its toolchain pin.
        write(
            d,
            "b/Cargo.toml",
            "[package]\nname = \"b\"\nversion = \"1.0.0\"\nrust-version = \"1.75\"\n",
        );
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let rust = known.lookup("rust", "CONTRIBUTING.md", false, None).unwrap();
        assert_eq!((rust.version.clone(), rust.bound), (vec![1, 85, 0], Bound::Current));
    }

    #[test]
    fn a_toolchain_pin_stands_in_only_without_rust_version() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "Cargo.toml", "[package]\nname = \"widget\"\nversion = \"2.3.1\"\n");
        write(d, "rust-toolchain", "1.85.0\n");
        let mut known = KnownVersions::default();
        assert_eq!(read(d, &[], &mut known), Some(0));
        let rust = known.lookup("rust", "README.md", false, None).unwrap();
        assert_eq!((rust.version.clone(), rust.bound), (vec![1, 85, 0], Bound::Current));
        assert!(known.lookup("msrv", "README.md", false, None).is_none(), "a pin is not a minimum");
        assert!(known.lookup("widget", "README.md", false, None).unwrap().in_prose);
    }
}
