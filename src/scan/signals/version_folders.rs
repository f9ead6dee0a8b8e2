//! Docs kept per version: a folder named for a version (`v2`, `v3.1`, `1.0`,
//! `version-2.x` under Docusaurus' `versioned_docs`, or a release date such as the
//! `2025-06-18/` of a specification published per release) holds a snapshot of the docs
//! as that version shipped them. Snapshots repeat the current pages by design
//! (`duplicate_content`), and a superseded one is history: it keeps the toolchain and
//! versions of its time (`version_skew`).
//!
//! Pure path work over the shortlist.

/// The folder of the docs version that holds `path`, if any (the first such folder
/// from the root).
pub fn version_folder(path: &str) -> Option<&str> {
    let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
    let mut end = 0;
    let mut parent = "";
    for part in dir.split('/') {
        end += part.len();
        // Every `version-*` folder of Docusaurus' `versioned_docs` is a kept version,
        // whatever its name (`version-1.0.0-beta.10`, `version-stable`).
        let kept = parent == "versioned_docs" && part.starts_with("version-");
        if kept || is_version_name(part) {
            return Some(&dir[..end]);
        }
        parent = part;
        end += 1;
    }
    None
}

/// Whether a folder's name names a version or a release date.
fn is_version_name(part: &str) -> bool {
    let digits = |t: &str| {
        !t.is_empty()
            && t.split('.')
                .all(|n| n == "x" || (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
    };
    part.strip_prefix('v').is_some_and(digits)
        || part.strip_prefix("version-").is_some_and(digits)
        || (part.contains('.') && digits(part))
        || is_date(part)
}

/// `YYYY-MM-DD`.
pub fn is_date(part: &str) -> bool {
    let b = part.as_bytes();
    b.len() == 10
        && b.iter()
            .enumerate()
            .all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() })
}

/// The sort key of a version folder's name: its numbers in order (a date's too).
fn version_key(name: &str) -> Vec<u64> {
    name.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect()
}

/// Whether `path` lies in a version folder that a newer version folder beside it
/// supersedes, among the scanned `paths` (sorted): `docs/2025-06-18/guide.md` when
/// `docs/2026-07-28/` exists, `versioned_docs/version-9.x/a.md` beside `version-10.x`.
pub fn superseded(path: &str, paths: &[String]) -> bool {
    let Some(folder) = version_folder(path) else { return false };
    let (parent, name) = folder.rsplit_once('/').map_or(("", folder), |(p, n)| (p, n));
    let prefix = if parent.is_empty() { String::new() } else { format!("{parent}/") };
    let start = paths.partition_point(|p| p.as_str() < prefix.as_str());
    let key = version_key(name);
    paths[start..]
        .iter()
        .take_while(|p| p.starts_with(&prefix))
        .filter_map(|p| p[prefix.len()..].split_once('/').map(|(sibling, _)| sibling))
        .any(|sibling| is_version_name(sibling) && version_key(sibling) > key)
}

/// Whether `path` lies in a version folder named for a release older than `current`
/// (the project's own version): Docusaurus' `versioned_docs/version-3.18/` of a project
/// on 4.0.0 is the v3.18 docs, kept as they shipped, with no newer folder beside it (the
/// live docs are `docs/`). A date folder names no release of the project.
pub fn older_than(path: &str, current: &[u64]) -> bool {
    let Some(folder) = version_folder(path) else { return false };
    let name = folder.rsplit('/').next().unwrap_or(folder);
    if is_date(name) || current.is_empty() {
        return false;
    }
    let key = version_key(name);
    !key.is_empty() && key.as_slice() < &current[..key.len().min(current.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_of_an_older_release_than_the_projects() {
        let v4 = [4, 0, 0];
        assert!(older_than("website/versioned_docs/version-3.18/quick-start/index.mdx", &v4));
        assert!(older_than("docs/v3/guide.md", &v4));
        assert!(!older_than("website/versioned_docs/version-4.0/a.md", &v4));
        assert!(!older_than("docs/v4/guide.md", &v4));
        assert!(!older_than("website/versioned_docs/version-stable/a.md", &v4));
        assert!(!older_than("docs/2025-06-18/a.md", &v4));
        assert!(!older_than("docs/guide.md", &v4));
    }

    #[test]
    fn version_folders_of_versioned_docs() {
        assert_eq!(version_folder("docs/v3/servers/tools.mdx"), Some("docs/v3"));
        assert_eq!(version_folder("docs/1.0/guide.md"), Some("docs/1.0"));
        assert_eq!(
            version_folder("website/versioned_docs/version-2.x/a.md"),
            Some("website/versioned_docs/version-2.x")
        );
        assert_eq!(
            version_folder("docs/specification/2025-06-18/basic/index.mdx"),
            Some("docs/specification/2025-06-18")
        );
        assert_eq!(
            version_folder("docs/versioned_docs/version-1.0.0-beta.10/a/b.mdx"),
            Some("docs/versioned_docs/version-1.0.0-beta.10"),
            "dagger's pre-release snapshot"
        );
        assert_eq!(version_folder("docs/version-1.0.0-beta.10/a.md"), None);
        assert_eq!(version_folder("docs/servers/tools.mdx"), None);
        assert_eq!(version_folder("docs/vite/guide.md"), None);
        assert_eq!(version_folder("v2.md"), None);
        assert_eq!(version_folder("blog/2024-11-28-threading/index.md"), None, "a dated post");
    }

    #[test]
    fn a_newer_sibling_supersedes() {
        let paths: Vec<String> = [
            "docs/2024-11-05/a.md",
            "docs/2026-07-28/a.md",
            "docs/draft/a.md",
            "site/versioned_docs/version-10.x/a.md",
            "site/versioned_docs/version-9.x/a.md",
        ]
        .map(String::from)
        .into();
        assert!(superseded("docs/2024-11-05/a.md", &paths));
        assert!(!superseded("docs/2026-07-28/a.md", &paths));
        assert!(!superseded("docs/draft/a.md", &paths));
        assert!(superseded("site/versioned_docs/version-9.x/a.md", &paths));
        assert!(!superseded("site/versioned_docs/version-10.x/a.md", &paths));
    }
}
