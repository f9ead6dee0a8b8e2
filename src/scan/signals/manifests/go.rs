//! Go: the `go` directive of `go.mod`, the minimum Go version the module needs, and
//! the `module` path, which names the repository when it is hosted on a forge
//! (`module github.com/go-task/task/v3`).

use std::path::Path;

use super::known::{parse_version, repo_slug, Bound, KnownVersion, KnownVersions};
use super::read;

/// Records the `go` directive and the repository the module path names; `nested` are
/// the folders below the root holding a `go.mod` (`read::package_folders`).
pub fn read(root: &Path, nested: &[String], known: &mut KnownVersions) {
    let Some(text) = read::text(root, "go.mod") else { return };
    for dir in nested {
        let first = dir.split('/').next().unwrap_or(dir);
        if !known.go_nested.iter().any(|d| d == first) {
            known.go_nested.push(first.to_string());
        }
    }
    let module = text.lines().find_map(|l| l.trim().strip_prefix("module ").map(str::trim));
    if let Some((base, major)) =
        module.map(|m| m.trim_matches('"')).and_then(|m| m.rsplit_once("/v"))
    {
        if let Ok(major) = major.parse::<u64>() {
            if major >= 2 && !base.is_empty() {
                known.go_module = Some((base.to_string(), major));
            }
        }
    }
    if let Some(slug) = module.map(|m| m.trim_matches('"')).and_then(repo_slug) {
        if !known.repos.contains(&slug) {
            known.repos.push(slug);
        }
    }
    // A Hugo site's `go.mod` manages its Hugo Modules: its `go` line is the site module's,
    // not the Go a reader of its pages needs (hugoDocs' `go 1.26.0` beside pages that say
    // Hugo Modules need Go 1.18 or later: 4 false rows, no other labeled Go row).
    if hugo_site(root) {
        return;
    }
    // `toolchain go1.26.5`: the release the module is developed with, past its floor.
    let toolchain = text.lines().find_map(|l| l.trim().strip_prefix("toolchain go"));
    if let Some(release) = toolchain {
        known.push_pin(&["go", "golang"], release.trim(), "go.mod toolchain");
    }
    let go = text.lines().find_map(|l| l.trim().strip_prefix("go ").map(str::trim));
    let Some(version) = go.and_then(parse_version) else { return };
    known.versions.push(KnownVersion {
        names: vec!["go".into(), "golang".into()],
        version,
        max: None,
        source: "go.mod".into(),
        bound: Bound::Minimum,
        major_only_ok: false,
        in_prose: true,
        package: false,
        scope: String::new(),
    });
}

/// Whether `root` holds a Hugo site's config (`hugo.toml`, `.yaml`, `.yml`, `.json`).
fn hugo_site(root: &Path) -> bool {
    ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json"].iter().any(|f| root.join(f).is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `read` records from `go.mod` text `go_mod`, with a Hugo config beside it or not.
    fn known_from(go_mod: &str, hugo_site: bool) -> KnownVersions {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("go.mod"), go_mod).unwrap();
        if hugo_site {
            std::fs::write(dir.path().join("hugo.toml"), "baseURL = 'https://gohugo.io/'\n")
                .unwrap();
        }
        let mut known = KnownVersions::default();
        read(dir.path(), &[], &mut known);
        known
    }

    #[test]
    fn the_go_directive_and_the_repository_the_module_names() {
        let known = known_from(
            "module github.com/Go-Task/task/v3\n\ngo 1.24.0\n\ntoolchain go1.24.5\n",
            false,
        );
        assert_eq!(known.repos, ["go-task/task"]);
        assert_eq!(known.versions[0].version, [1, 24, 0]);
        let known = known_from("module example.com/tool\n", false);
        assert!(known.repos.is_empty() && known.versions.is_empty(), "no forge, no directive");
    }

    #[test]
    fn a_hugo_sites_go_mod_states_no_floor() {
        let known = known_from("module github.com/gohugoio/hugoDocs\n\ngo 1.26.0\n", true);
        assert_eq!(known.repos, ["gohugoio/hugodocs"]);
        assert!(known.versions.is_empty(), "{:?}", known.versions);
    }
}
