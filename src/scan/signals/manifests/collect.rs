//! `known_versions`: runs every reader over the root and settles which release is the
//! project's own — the root package (Cargo, then pyproject, then package.json), else
//! the workspace member named like the project's repository (`lycheeverse/lychee` →
//! the member `lychee`).

use std::path::Path;

use super::known::{parse_version, Bound, KnownVersion, KnownVersions, PreRelease};
use super::{cargo, go, hooks, node, python, workflows};

/// Every version declared at `root`; `remotes` are the repository's own forge
/// repositories as its git remotes name them (`git::remote_repos`), before any a
/// manifest names.
pub fn known_versions(root: &Path, remotes: Vec<String>) -> KnownVersions {
    let mut known = KnownVersions::default();
    known.repos = remotes;
    let folders = super::read::package_folders(root);
    let roots = [
        cargo::read(root, &folders.cargo, &mut known),
        python::read(root, &folders.pyproject, &mut known),
        node::read(root, &folders.package_json, &mut known),
    ];
    mkdocs_repo(root, &mut known);
    go::read(root, &folders.go, &mut known);
    workflows::read(root, &mut known);
    hooks::read(root, &mut known);
    known.own_action = ["action.yml", "action.yaml"].iter().any(|f| root.join(f).is_file());
    known.project = roots.into_iter().flatten().next().or_else(|| member_named_like_repo(&known));
    if let Some(i) = known.project {
        known.versions[i].in_prose = true;
    }
    known.index_names();
    known
}

/// The repository the root MkDocs config's `repo_url` names, as the project's own: the
/// site's "edit on GitHub" links go there, and its docs link its files by that URL, an
/// earlier name of the repository included (instructor's `jxnl/instructor`, now
/// `instructor-ai/instructor`, which GitHub redirects).
fn mkdocs_repo(root: &Path, known: &mut KnownVersions) {
    for config in ["mkdocs.yml", "mkdocs.yaml"] {
        let Some(text) = super::read::text(root, config) else { continue };
        let Ok(doc) = crate::yaml::load_bounded(&text, crate::yaml::Limits::CONFIG_FILE) else {
            continue;
        };
        if let Some(slug) = doc["repo_url"].as_str().and_then(super::known::repo_slug) {
            known.push_repo(slug, config);
        }
        return;
    }
}

/// Records a published package `name` at `version`, read from `source`; returns its
/// index. Names of one common word are checked in code only (see `in_prose`).
pub fn package(
    known: &mut KnownVersions,
    name: &str,
    version: &str,
    source: &str,
    is_root: bool,
) -> Option<usize> {
    // A pre-release (`3.10.0-dev`, `0.5.0-alpha.1`) names the next release while the
    // docs describe the last one, which only the tags know: kept aside until the newest
    // release tag stands in (`version_skew::with_release_tags`). (Python's `1.2.0.dev0`,
    // `1.2.0rc1` do not parse.)
    let core = version.split('+').next().unwrap_or(version);
    let name = name.to_lowercase();
    let distinctive = name.contains(['-', '_', '/']);
    if core.contains('-') {
        if parse_version(core.split('-').next().unwrap_or_default()).is_some() {
            known.prereleases.push(PreRelease {
                name,
                written: version.to_string(),
                source: source.into(),
                in_prose: is_root || distinctive,
            });
        }
        return None;
    }
    let version = parse_version(version)?;
    known.versions.push(KnownVersion {
        names: vec![name],
        version,
        max: None,
        source: source.into(),
        bound: Bound::Current,
        major_only_ok: false,
        in_prose: is_root || distinctive,
        package: true,
        scope: String::new(),
    });
    Some(known.versions.len() - 1)
}

fn member_named_like_repo(known: &KnownVersions) -> Option<usize> {
    known.repos.iter().find_map(|slug| {
        let name = slug.rsplit('/').next()?;
        known.versions.iter().position(|k| {
            k.names == [name]
                && ["Cargo.toml", "package.json", "pyproject.toml"]
                    .iter()
                    .any(|m| k.source.ends_with(m))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_files::write;

    #[test]
    fn the_project_is_the_member_named_like_its_repository() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "Cargo.toml", "[workspace]\nmembers = [\"lychee-bin\", \"lychee-lib\"]\n[workspace.package]\nversion = \"0.24.2\"\n");
        write(d, "lychee-bin/Cargo.toml", "[package]\nname = \"lychee\"\nversion.workspace = true\nrepository = \"https://github.com/lycheeverse/lychee\"\n");
        write(
            d,
            "lychee-lib/Cargo.toml",
            "[package]\nname = \"lychee-lib\"\nversion.workspace = true\n",
        );
        write(d, ".pre-commit-hooks.yaml", "- id: lychee\n");
        let known = known_versions(d, Vec::new());
        let project = known.project().unwrap();
        assert_eq!(
            (project.names[0].as_str(), project.version.clone()),
            ("lychee", vec![0, 24, 2])
        );
        assert!(project.in_prose);
        assert_eq!(known.hook_ids, ["lychee"]);
    }

    #[test]
    fn a_root_package_is_the_project() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(
            d,
            "Cargo.toml",
            "[package]\nname = \"widget\"\nversion = \"2.3.1\"\nrust-version = \"1.80\"\n",
        );
        write(d, "rust-toolchain.toml", "[toolchain]\nchannel = \"1.85.0\"\n");
        write(d, ".nvmrc", "v20\n");
        write(d, "go.mod", "module x\n\ngo 1.22\n");
        let known = known_versions(d, Vec::new());
        assert_eq!(known.project().unwrap().names, ["widget"]);
        let find = |n: &str| known.lookup(n, "README.md", false, None).unwrap();
        assert_eq!(find("rust").version, [1, 80], "the declared minimum, not the pin");
        assert_eq!(find("rust").source, "Cargo.toml rust-version");
        assert_eq!(find("node.js").version, [20]);
        assert_eq!(find("go").version, [1, 22]);
        assert!(known.lookup("python", "README.md", false, None).is_none());
    }
}
