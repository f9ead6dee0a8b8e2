//! `Tags`: the newest release tag per tag prefix (`v` → `v0.15.1`, `lychee-v` →
//! `lychee-v0.24.2`), from the tags git history lists. A release tag ends in a version
//! of one to three numbers; pre-releases (`v2.0.0-rc.1`) and names (`nightly`) are not
//! releases. Without git (`--no-git`) tags are unknown and nothing here is used.

use std::collections::BTreeMap;

use super::super::manifests::{parse_version, Bound, KnownVersion, KnownVersions};

/// The newest release per tag prefix.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    newest: BTreeMap<String, (Vec<u64>, String)>,
}

impl Tags {
    pub fn new(tags: &[String]) -> Tags {
        let mut newest: BTreeMap<String, (Vec<u64>, String)> = BTreeMap::new();
        for tag in tags {
            let Some((prefix, version)) = split_tag(tag) else { continue };
            let entry = newest.entry(prefix.to_string()).or_insert((Vec::new(), String::new()));
            if version > entry.0 {
                *entry = (version, tag.clone());
            }
        }
        Tags { newest }
    }

    /// The newest release tag with `prefix`: its version and its name.
    pub fn newest(&self, prefix: &str) -> Option<(&[u64], &str)> {
        self.newest.get(prefix).map(|(v, t)| (v.as_slice(), t.as_str()))
    }

    /// Every prefix with its newest release.
    pub fn prefixes(&self) -> impl Iterator<Item = (&str, &[u64], &str)> {
        self.newest.iter().map(|(p, (v, t))| (p.as_str(), v.as_slice(), t.as_str()))
    }
}

/// `lychee-v0.24.2` → (`lychee-v`, [0, 24, 2]); `None` when it does not end in a version.
pub fn split_tag(tag: &str) -> Option<(&str, Vec<u64>)> {
    let start = tag
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit() || *c == '.')
        .last()
        .map(|(i, _)| i)?;
    let (prefix, version) = tag.split_at(start);
    // A prefix holding a version is a pre-release's (`1.0.0b9`, `v2.0.0rc1`,
    // `v1.2.3-beta1`): no release of its own, and never newer than the release it leads to
    // (poetry's `1.0.0b9` was read as prefix `1.0.0b`, release 9, the "newest tag").
    let holds_version = prefix.as_bytes().windows(2).any(|w| w[0].is_ascii_digit() && w[1] == b'.');
    if version.starts_with('.')
        || version.ends_with('.')
        || prefix.ends_with(|c: char| c.is_ascii_digit())
        || holds_version
    {
        return None;
    }
    let version = parse_version(version)?;
    Some((prefix, version))
}

/// `known` with each package on a pre-release (`KnownVersions::prereleases`) held to its
/// newest release tag, when git knows one: nuxt's `packages/nuxt/package.json` on
/// `5.0.0-0` while the docs describe v4.5.2, which its layer guide's `"nuxt": "^3.0.0"`
/// does not admit. A package's tags are `name@1.2.3`, `name@v1.2.3` or `name-v1.2.3`
/// (a scoped package's also without its scope); the package named like the repository,
/// or the root's, is tagged `v1.2.3` or `1.2.3`. A tag newer than the pre-release is no
/// release of it. Without tags, or with none of its own, the package stays unknown.
pub fn with_release_tags<'k>(
    known: &'k KnownVersions,
    tags: Option<&Tags>,
) -> std::borrow::Cow<'k, KnownVersions> {
    let Some(tags) = tags.filter(|_| !known.prereleases.is_empty()) else {
        return std::borrow::Cow::Borrowed(known);
    };
    let mut settled = known.clone();
    for p in &known.prereleases {
        let Some(core) = parse_version(p.written.split(['-', '+']).next().unwrap_or_default())
        else {
            continue;
        };
        let short = p.name.rsplit('/').next().unwrap_or(&p.name);
        let mut prefixes: Vec<String> = [&p.name[..], short]
            .iter()
            .flat_map(|n| [format!("{n}@"), format!("{n}@v"), format!("{n}-v")])
            .collect();
        let repo_named = known.repos.iter().any(|r| r.rsplit('/').next() == Some(short));
        if repo_named || !p.source.contains('/') {
            prefixes.extend(["v".to_string(), String::new()]);
        }
        let newest = prefixes
            .iter()
            .filter_map(|prefix| tags.newest(prefix))
            .filter(|(version, _)| *version <= core.as_slice())
            .max_by(|a, b| a.0.cmp(b.0));
        let Some((version, tag)) = newest else { continue };
        settled.versions.push(KnownVersion {
            names: vec![p.name.clone()],
            version: version.to_vec(),
            max: None,
            source: format!(
                "{} (newest release: tag {tag}; the manifest is on the pre-release {})",
                p.source, p.written
            ),
            bound: Bound::Current,
            major_only_ok: false,
            in_prose: p.in_prose,
            package: true,
            scope: String::new(),
        });
    }
    std::borrow::Cow::Owned(settled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_tags_split_into_prefix_and_version() {
        assert_eq!(split_tag("lychee-v0.24.2"), Some(("lychee-v", vec![0, 24, 2])));
        assert_eq!(split_tag("15.2.0"), Some(("", vec![15, 2, 0])));
        assert_eq!(split_tag("plugin-legacy@8.2.3"), Some(("plugin-legacy@", vec![8, 2, 3])));
        assert_eq!(split_tag("v2.0.0-rc.1"), None);
        assert_eq!(split_tag("1.0.0b9"), None);
        assert_eq!(split_tag("v2.0.0rc1"), None);
        assert_eq!(split_tag("v1.2.3-beta1"), None);
        assert_eq!(split_tag("py3-v1.2.0"), Some(("py3-v", vec![1, 2, 0])));
        assert_eq!(split_tag("nightly"), None);
        assert_eq!(split_tag("v1.2.3.4"), None);
    }

    #[test]
    fn the_newest_release_per_prefix() {
        let tags: Vec<String> =
            ["v1.10.0", "v1.9.0", "v2.0.0-rc.1", "tool-v0.3.0", "nightly"].map(String::from).into();
        let t = Tags::new(&tags);
        assert_eq!(t.newest("v"), Some((&[1, 10, 0][..], "v1.10.0")));
        assert_eq!(t.newest("tool-v"), Some((&[0, 3, 0][..], "tool-v0.3.0")));
        assert_eq!(t.prefixes().count(), 2);
    }
}
