//! Links to the repository's own files by their forge URL
//! (`https://github.com/rust-lang/mdBook/blob/master/src/theme/highlight.js`), as crate
//! and package READMEs write them so the link works on crates.io or npm too. Such a link
//! on a branch (`master`, `main`, `HEAD`…) names the file as it is now, so it is checked
//! like a relative link; one on a tag or a commit is a permalink and stays valid.
//!
//! The repository is known from the manifests' `repository` fields
//! (`KnownVersions::repos`, lowercase `owner/name`); nothing is fetched.

use percent_encoding::percent_decode_str;

/// Branch names a link may follow; anything else is taken for a tag or a commit.
const BRANCHES: [&str; 6] = ["master", "main", "HEAD", "trunk", "develop", "default"];

/// A forge URL naming a path of this repository.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelfLink {
    /// The URL without its fragment or query, as written.
    pub written: String,
    /// Byte offset in `written` where the path starts.
    pub path_at: usize,
    /// Root-relative, decoded path, no trailing `/`.
    pub path: String,
}

/// The repository path `dest` names, when it is a GitHub (`/blob/`, `/tree/`, `/raw/`) or
/// GitLab (`/-/blob/`, `/-/tree/`, `/-/raw/`) URL of one of `repos` on a branch: one of
/// `BRANCHES` or the clone's `default_branch` (tauri-apps/plugins-workspace's `v2`).
pub fn self_link(dest: &str, repos: &[String], default_branch: Option<&str>) -> Option<SelfLink> {
    let (link, branch) = forge_path(dest, repos)?;
    (BRANCHES.contains(&branch.as_str()) || default_branch == Some(branch.as_str())).then_some(link)
}

/// A forge URL of this repository at a commit (`blob/a821e2cb/src/cargo/ops/mod.rs`):
/// the file as it was then, which never changes — unless the URL names a path the
/// commit does not have, which is a 404 for good. A path rewritten by a later sweep
/// (cargo's `src/cargo` → `src` move rewrote its docs' permalinks too) is such a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Permalink {
    /// The URL without its fragment or query, as written.
    pub written: String,
    /// The commit as written: 7 to 40 hex digits.
    pub commit: String,
    /// Root-relative, decoded path, no trailing `/`.
    pub path: String,
}

/// The commit and path `dest` names, when it is a GitHub or GitLab URL of one of `repos`
/// at a commit (7 to 40 hex digits; a tag may move, a branch does).
pub fn permalink(dest: &str, repos: &[String]) -> Option<Permalink> {
    let (link, reference) = forge_path(dest, repos)?;
    let hex = (7..=40).contains(&reference.len())
        && reference.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    // A hex word of only digits is more likely a version or a date than a commit.
    let sha = hex && reference.bytes().any(|b| b.is_ascii_alphabetic());
    sha.then_some(Permalink { written: link.written, commit: reference, path: link.path })
}

/// A GitHub Actions URL of this repository naming a workflow by its file
/// (`https://github.com/dagger/dagger/actions/workflows/test.yml/badge.svg`, a status
/// badge or the workflow's page): GitHub reads the file from `.github/workflows/` of the
/// default branch, so a workflow deleted or renamed since leaves a badge with no status
/// and a page that is not found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkflowLink {
    /// The URL without its fragment or query, as written.
    pub written: String,
    /// Byte offset in `written` where the workflow's file name starts.
    pub file_at: usize,
    /// `.github/workflows/<file>`, decoded.
    pub path: String,
}

/// The workflow file `dest` names, when it is a GitHub Actions URL of one of `repos` by
/// file name (`…/actions/workflows/ci.yml`, with `/badge.svg` or not). A workflow named
/// by its display name (the older `…/workflows/CI/badge.svg`) is not a file.
pub fn workflow_link(dest: &str, repos: &[String]) -> Option<WorkflowLink> {
    let url = own_url(dest, repos).filter(|u| u.host == "github.com")?;
    let tail = url.tail.strip_prefix("actions/workflows/")?;
    let (file, after) = tail.split_once('/').unwrap_or((tail, ""));
    if !matches!(after, "" | "badge.svg") {
        return None;
    }
    let file_at = url.written.len() - tail.len();
    let file = percent_decode_str(file).decode_utf8().ok()?;
    let yaml = file.ends_with(".yml") || file.ends_with(".yaml");
    if !yaml || file.starts_with('.') || file.contains(['/', '\\']) {
        return None;
    }
    let path = format!(".github/workflows/{file}");
    Some(WorkflowLink { written: url.written.to_string(), file_at, path })
}

/// The names GitHub serves under a repository's URL (`/issues`, `/blob/…`, `/wiki`…):
/// a first segment of these is a page of GitHub's, whatever folder the repository has.
#[rustfmt::skip]
const GITHUB_ROUTES: &[&str] = &[
    "actions", "activity", "agents", "archive", "assets", "attestations", "blame", "blob",
    "branches", "codespaces", "commit", "commits", "community", "compare", "contribute",
    "contributors", "custom-properties", "dependabot", "deployments", "discussions", "edit",
    "find", "fork", "forks", "generate", "graphs", "import", "info", "invitations", "issue",
    "issues", "labels", "milestone", "milestones", "models", "network", "new", "packages",
    "pkgs", "projects", "pull", "pulls", "pulse", "raw", "refs", "releases", "rules",
    "rulesets", "search", "security", "settings", "stargazers", "subscription", "tags",
    "tarball", "tree", "upload", "watchers", "wiki", "wikis", "workflows", "zipball",
];

/// A GitHub URL of this repository that names a path without the route GitHub shows
/// files by: gpt-engineer's `https://github.com/AntonOsika/gpt-engineer/TERMS_OF_USE.md`,
/// serena's `…/oraios/serena/main/LICENSE` (the branch without `blob/`). GitHub answers
/// both with a 404; the file is at `…/blob/<branch>/<path>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoutelessLink {
    /// The URL without its fragment or query, as written.
    pub written: String,
    /// Byte offset in `written` where what follows `owner/name/` starts.
    pub tail_at: usize,
    /// The ways the tail may name a path, most likely first: after a branch written
    /// without `blob/` (`main/LICENSE`: `Some("main")`, `LICENSE`), then from the root.
    pub readings: Vec<(Option<String>, String)>,
}

/// `dest` as a `RoutelessLink` of one of `repos`, when its first segment after
/// `owner/name/` is none of GitHub's routes, is not hidden (a `.github/workflows/…@refs`
/// identity names a workflow, not a page) and the tail is a plain path.
pub fn routeless_link(
    dest: &str,
    repos: &[String],
    default_branch: Option<&str>,
) -> Option<RoutelessLink> {
    let url = own_url(dest, repos).filter(|u| u.host == "github.com")?;
    let tail = url.tail.trim_end_matches('/');
    let first = tail.split('/').next().unwrap_or_default();
    if first.is_empty()
        || first.starts_with('.')
        || GITHUB_ROUTES.contains(&first.to_ascii_lowercase().as_str())
    {
        return None;
    }
    let decoded = percent_decode_str(tail).decode_utf8().ok()?;
    if decoded.split('/').any(|s| s.is_empty() || s == "." || s == "..") {
        return None;
    }
    let mut readings = Vec::new();
    if let Some((branch, path)) = decoded.split_once('/') {
        if BRANCHES.contains(&branch) || default_branch == Some(branch) {
            readings.push((Some(branch.to_string()), path.to_string()));
        }
    }
    readings.push((None, decoded.into_owned()));
    let tail_at = url.written.len() - url.tail.len();
    Some(RoutelessLink { written: url.written.to_string(), tail_at, readings })
}

/// A URL of one of `repos` on GitHub or GitLab, split where its parts start.
struct OwnUrl<'a> {
    /// The URL without its fragment or query, as written.
    written: &'a str,
    /// The host, lowercase, without `www.`.
    host: String,
    /// What follows `owner/name/`: the end of `written`.
    tail: &'a str,
}

/// An http(s) URL `dest` split into what is written without its fragment or query, its
/// host (lowercase, without `www.`) and the path after the host's `/`.
pub fn split_web_url(dest: &str) -> Option<(&str, String, &str)> {
    let dest = dest.trim();
    let written = dest.split(['#', '?']).next().unwrap_or(dest);
    let (scheme, rest) = written.split_once("://")?;
    if !scheme.eq_ignore_ascii_case("https") && !scheme.eq_ignore_ascii_case("http") {
        return None;
    }
    let (host, path) = rest.split_once('/')?;
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host).to_string();
    Some((written, host, path))
}

fn own_url<'a>(dest: &'a str, repos: &[String]) -> Option<OwnUrl<'a>> {
    if repos.is_empty() {
        return None;
    }
    let (written, host, after_host) = split_web_url(dest)?;
    if host != "github.com" && host != "gitlab.com" {
        return None;
    }
    let mut parts = after_host.splitn(3, '/');
    let (owner, name, tail) = (parts.next()?, parts.next()?, parts.next()?);
    let ours = repos.contains(&format!("{owner}/{name}").to_ascii_lowercase());
    ours.then_some(OwnUrl { written, host, tail })
}

/// The path a GitHub (`/blob/`, `/tree/`, `/raw/`) or GitLab (`/-/blob/`…) URL of one of
/// `repos` names, with the ref it names it at.
fn forge_path(dest: &str, repos: &[String]) -> Option<(SelfLink, String)> {
    let OwnUrl { written, tail, .. } = own_url(dest, repos)?;
    let tail = tail.strip_prefix("-/").unwrap_or(tail);
    let (kind, tail) = tail.split_once('/')?;
    if kind != "blob" && kind != "tree" && kind != "raw" {
        return None;
    }
    let (branch, path) = tail.split_once('/')?;
    let path_at = written.len() - path.len();
    // A browser reads `\` in an http(s) URL's path as `/` (the WHATWG URL parser), so
    // delta-rs' `blob/main/docs\delta-rust-no-whitespace.svg` opens that file.
    let path = path.replace('\\', "/");
    let decoded = percent_decode_str(&path).decode_utf8().ok()?;
    let decoded = decoded.trim_end_matches('/');
    if decoded.is_empty() || decoded.split('/').any(|s| s.is_empty() || s == "." || s == "..") {
        return None;
    }
    let link = SelfLink { written: written.to_string(), path_at, path: decoded.to_string() };
    Some((link, branch.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repos() -> Vec<String> {
        vec!["rust-lang/mdbook".to_string()]
    }

    #[test]
    fn actions_urls_of_this_repository_name_their_workflow_files() {
        let badge =
            "https://github.com/rust-lang/mdBook/actions/workflows/ci.yml/badge.svg?branch=main";
        let l = workflow_link(badge, &repos()).unwrap();
        assert_eq!(l.path, ".github/workflows/ci.yml");
        assert_eq!(
            l.written,
            "https://github.com/rust-lang/mdBook/actions/workflows/ci.yml/badge.svg"
        );
        assert_eq!(&l.written[l.file_at..], "ci.yml/badge.svg");
        let page = "https://github.com/rust-lang/mdbook/actions/workflows/release.yaml?query=branch%3Amain";
        assert_eq!(workflow_link(page, &repos()).unwrap().path, ".github/workflows/release.yaml");
        // Not a workflow file: by display name, the runs list, another repository's, a run.
        for url in [
            "https://github.com/rust-lang/mdBook/workflows/CI/badge.svg",
            "https://github.com/rust-lang/mdBook/actions/workflows/CI/badge.svg",
            "https://github.com/rust-lang/mdBook/actions",
            "https://github.com/rust-lang/cargo/actions/workflows/main.yml",
            "https://github.com/rust-lang/mdBook/actions/runs/123",
            "https://github.com/rust-lang/mdBook/actions/workflows/ci.yml/runs/1",
        ] {
            assert_eq!(workflow_link(url, &repos()), None, "{url}");
        }
    }

    #[test]
    fn urls_of_this_repository_without_a_route_read_as_paths() {
        let url = "https://github.com/rust-lang/mdBook/TERMS.md#terms";
        let r = routeless_link(url, &repos(), None).unwrap();
        assert_eq!(r.written, "https://github.com/rust-lang/mdBook/TERMS.md");
        assert_eq!(&r.written[r.tail_at..], "TERMS.md");
        assert_eq!(r.readings, [(None, "TERMS.md".to_string())]);
        let r = routeless_link("https://github.com/rust-lang/mdbook/main/LICENSE", &repos(), None);
        let main = (Some("main".to_string()), "LICENSE".to_string());
        assert_eq!(r.unwrap().readings, [main, (None, "main/LICENSE".to_string())]);
        let v2 =
            routeless_link("https://github.com/rust-lang/mdBook/v2/a.md", &repos(), Some("v2"));
        assert_eq!(v2.unwrap().readings[0], (Some("v2".to_string()), "a.md".to_string()));
        for url in [
            "https://github.com/rust-lang/mdBook/issues",
            "https://github.com/rust-lang/mdBook/blob/master/README.md",
            "https://github.com/rust-lang/mdBook/Releases",
            "https://github.com/rust-lang/mdBook/.github/workflows/release.yml@refs/tags/v1",
            "https://github.com/rust-lang/mdBook",
            "https://github.com/rust-lang/mdBook/",
            "https://github.com/other/mdBook/README.md",
            "https://gitlab.com/rust-lang/mdBook/README.md",
            "https://github.com/rust-lang/mdBook/a//b",
        ] {
            assert_eq!(routeless_link(url, &repos(), None), None, "{url}");
        }
    }

    #[test]
    fn branch_urls_of_this_repository_name_its_paths() {
        let url = "https://github.com/rust-lang/mdBook/blob/master/src/theme/highlight.js#L3";
        let l = self_link(url, &repos(), None).unwrap();
        assert_eq!(l.path, "src/theme/highlight.js");
        assert_eq!(
            l.written,
            "https://github.com/rust-lang/mdBook/blob/master/src/theme/highlight.js"
        );
        assert_eq!(&l.written[l.path_at..], "src/theme/highlight.js");
        let dir = self_link(
            "https://www.github.com/Rust-Lang/mdbook/tree/main/tests/gui/",
            &repos(),
            None,
        )
        .unwrap();
        assert_eq!(dir.path, "tests/gui");
        assert_eq!(&dir.written[dir.path_at..], "tests/gui/");
        let lab =
            self_link("https://gitlab.com/rust-lang/mdbook/-/blob/main/a%20b.md", &repos(), None)
                .unwrap();
        assert_eq!(lab.path, "a b.md");
        assert_eq!(&lab.written[lab.path_at..], "a%20b.md");
        let back = self_link(
            r"https://github.com/rust-lang/mdBook/blob/main/docs\logo.svg",
            &repos(),
            None,
        );
        assert_eq!(back.unwrap().path, "docs/logo.svg", "a browser reads `\\` as `/`");
    }

    #[test]
    fn permalinks_other_repositories_and_other_pages_are_not_paths() {
        for no in [
            "https://github.com/rust-lang/mdBook/blob/v0.4.40/src/lib.rs",
            "https://github.com/rust-lang/mdBook/blob/195d97a5c3b2/src/lib.rs",
            "https://github.com/camelid/mdBook/blob/master/guide/src/a.md",
            "https://github.com/rust-lang/mdBook/issues/12",
            "https://github.com/rust-lang/mdBook/blob/master/",
            "https://github.com/rust-lang/mdBook/blob/master/../x",
            "https://example.com/rust-lang/mdBook/blob/master/src/lib.rs",
            "ftp://github.com/rust-lang/mdBook/blob/master/src/lib.rs",
            "https://github.com/rust-lang/mdBook",
        ] {
            assert_eq!(self_link(no, &repos(), None), None, "{no}");
        }
        assert_eq!(self_link("https://github.com/a/b/blob/main/x", &[], None), None);
    }

    #[test]
    fn commit_urls_are_permalinks_and_tags_and_branches_are_not() {
        let url = "https://github.com/rust-lang/mdBook/blob/195d97a5c3b2/src/lib.rs#L3";
        let p = permalink(url, &repos()).unwrap();
        assert_eq!((p.commit.as_str(), p.path.as_str()), ("195d97a5c3b2", "src/lib.rs"));
        assert_eq!(p.written, "https://github.com/rust-lang/mdBook/blob/195d97a5c3b2/src/lib.rs");
        let tree = permalink("https://github.com/rust-lang/mdbook/tree/a821e2cb/guide/", &repos());
        assert_eq!(tree.unwrap().path, "guide");
        for no in [
            "https://github.com/rust-lang/mdBook/blob/v0.4.40/src/lib.rs",
            "https://github.com/rust-lang/mdBook/blob/master/src/lib.rs",
            "https://github.com/rust-lang/mdBook/blob/20240101/src/lib.rs",
            "https://github.com/rust-lang/mdBook/blob/abc123/src/lib.rs",
            "https://github.com/other/mdBook/blob/195d97a5c3b2/src/lib.rs",
        ] {
            assert_eq!(permalink(no, &repos()), None, "{no}");
        }
    }

    #[test]
    fn raw_urls_and_the_clones_default_branch_name_paths_too() {
        // tauri-apps/plugins-workspace's banners: `raw/v2/…`, `v2` its default branch.
        let url = "https://github.com/rust-lang/mdBook/raw/v2/plugins/nfc/banner.png";
        assert_eq!(self_link(url, &repos(), None), None, "v2 may be a tag");
        assert_eq!(self_link(url, &repos(), Some("v2")).unwrap().path, "plugins/nfc/banner.png");
        let lab = "https://gitlab.com/rust-lang/mdbook/-/raw/main/logo.svg";
        assert_eq!(self_link(lab, &repos(), None).unwrap().path, "logo.svg");
    }
}
