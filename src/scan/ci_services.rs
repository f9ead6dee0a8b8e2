//! Status badges and build pages of this repository on a hosted CI service other than
//! GitHub Actions (`https://travis-ci.org/go-chi/chi.svg?branch=master`,
//! `https://dev.azure.com/getzola/zola/_apis/build/status/getzola.zola`). Each service
//! builds the repository from a config file it reads from the repository (Travis CI only
//! `.travis.yml` at the root): once that file is deleted, the service builds nothing
//! and the badge shows a build of long ago, or none. Whether the file was deleted is
//! git's question (`stale_name_location::ci_badge`); this module only reads URLs.
//!
//! The repository is known from its remotes and manifests (`KnownVersions::repos`,
//! lowercase `owner/name`); a badge of another repository (a theme's, a dependency's) is
//! not this one's.

use percent_encoding::percent_decode_str;

/// A hosted CI service that reads its config from the repository.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CiService {
    Travis,
    CircleCi,
    AppVeyor,
    Cirrus,
    Azure,
}

impl CiService {
    /// The service's name, as its docs write it.
    pub fn name(self) -> &'static str {
        match self {
            CiService::Travis => "Travis CI",
            CiService::CircleCi => "CircleCI",
            CiService::AppVeyor => "AppVeyor",
            CiService::Cirrus => "Cirrus CI",
            CiService::Azure => "Azure Pipelines",
        }
    }

    /// The root-relative config files the service reads, the usual one first. While any
    /// of them is there, the service may still build the repository.
    pub fn configs(self) -> &'static [&'static str] {
        match self {
            CiService::Travis => &[".travis.yml"],
            CiService::CircleCi => &[".circleci/config.yml"],
            CiService::AppVeyor => &["appveyor.yml", ".appveyor.yml"],
            CiService::Cirrus => &[".cirrus.yml", ".cirrus.star"],
            // A pipeline's YAML may live anywhere the pipeline's settings say: these are
            // the places repositories keep it besides the root.
            CiService::Azure => &[
                "azure-pipelines.yml",
                ".azure-pipelines.yml",
                "azure-pipelines.yaml",
                ".azure-pipelines",
                "azure-pipelines",
                ".azure",
                ".azure-pipelines.yaml",
                "ci/azure-pipelines.yml",
                ".ci/azure-pipelines.yml",
                "build/azure-pipelines.yml",
            ],
        }
    }
}

/// A URL of this repository's builds on a hosted CI service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CiBadge {
    /// The URL without its fragment or query, as written.
    pub written: String,
    pub service: CiService,
}

/// The CI service whose builds of one of `repos` `dest` shows: a status badge or a
/// build page of Travis CI (`travis-ci.org/owner/name.svg`, `app.travis-ci.com/github/
/// owner/name`), CircleCI (`circleci.com/gh/owner/name`, `dl.circleci.com/status-badge/
/// img/gh/owner/name/…`), AppVeyor (`ci.appveyor.com/project/owner/name`,
/// `…/api/projects/status/github/owner/name`), Cirrus CI (`cirrus-ci.com/github/owner/
/// name`) or Azure Pipelines (`dev.azure.com/owner/name/_apis/build/status/…`, or a
/// pipeline named `owner.name`, the name Azure gives a GitHub repository's pipeline).
pub fn ci_badge(dest: &str, repos: &[String]) -> Option<CiBadge> {
    if repos.is_empty() {
        return None;
    }
    let (written, host, path) = crate::scan::self_url::split_web_url(dest)?;
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let ours = |owner: &str, name: &str| {
        let name = [".svg", ".png"].iter().find_map(|e| name.strip_suffix(e)).unwrap_or(name);
        repos.contains(&format!("{owner}/{name}").to_ascii_lowercase())
    };
    let service = match (host.as_str(), parts.as_slice()) {
        (
            "travis-ci.org" | "travis-ci.com" | "app.travis-ci.com" | "api.travis-ci.org"
            | "api.travis-ci.com",
            ["github", owner, name, ..] | [owner, name, ..],
        ) if ours(owner, name) => CiService::Travis,
        ("circleci.com", ["gh", owner, name, ..])
        | ("app.circleci.com", ["pipelines", "github" | "gh", owner, name, ..])
        | ("dl.circleci.com", ["status-badge", "img" | "redirect", "gh", owner, name, ..])
            if ours(owner, name) =>
        {
            CiService::CircleCi
        }
        ("ci.appveyor.com", ["project", owner, name, ..])
        | ("ci.appveyor.com", ["api", "projects", "status", "github", owner, name, ..])
            if ours(owner, name) =>
        {
            CiService::AppVeyor
        }
        ("cirrus-ci.com" | "api.cirrus-ci.com", ["github", owner, name, ..])
            if ours(owner, name) =>
        {
            CiService::Cirrus
        }
        ("dev.azure.com", [org, project, rest @ ..])
            if ours(org, project) || azure_pipeline_is_ours(rest, repos) =>
        {
            let builds = matches!(rest, ["_apis", "build", "status", ..] | ["_build", ..]);
            builds.then_some(CiService::Azure)?
        }
        _ => return None,
    };
    Some(CiBadge { written: written.to_string(), service })
}

/// Whether an Azure Pipelines status URL's pipeline (`_apis/build/status/getzola.zola`)
/// is named `owner.name` of one of `repos`.
fn azure_pipeline_is_ours(rest: &[&str], repos: &[String]) -> bool {
    let ["_apis", "build", "status", name] = rest else { return false };
    let Ok(name) = percent_decode_str(name).decode_utf8() else { return false };
    let name = name.to_ascii_lowercase();
    name.split_once('.').is_some_and(|(owner, repo)| repos.contains(&format!("{owner}/{repo}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repos() -> Vec<String> {
        vec!["go-chi/chi".to_string(), "getzola/zola".to_string()]
    }

    fn service(url: &str) -> Option<CiService> {
        ci_badge(url, &repos()).map(|b| b.service)
    }

    #[test]
    fn badges_and_build_pages_of_this_repository_name_their_service() {
        let travis = ci_badge("https://travis-ci.org/go-chi/chi.svg?branch=master", &repos());
        assert_eq!(
            travis,
            Some(CiBadge {
                written: "https://travis-ci.org/go-chi/chi.svg".into(),
                service: CiService::Travis
            })
        );
        for (url, want) in [
            ("https://travis-ci.org/go-chi/chi", CiService::Travis),
            ("https://app.travis-ci.com/github/Go-Chi/chi", CiService::Travis),
            ("https://api.travis-ci.com/go-chi/chi.svg?branch=master", CiService::Travis),
            ("https://circleci.com/gh/go-chi/chi/tree/master.svg?style=svg", CiService::CircleCi),
            ("https://dl.circleci.com/status-badge/img/gh/go-chi/chi/tree/main.svg", CiService::CircleCi),
            ("https://ci.appveyor.com/project/go-chi/chi", CiService::AppVeyor),
            ("https://ci.appveyor.com/api/projects/status/github/go-chi/chi?svg=true", CiService::AppVeyor),
            ("https://api.cirrus-ci.com/github/go-chi/chi.svg", CiService::Cirrus),
            (
                "https://dev.azure.com/getzola/zola/_apis/build/status/getzola.zola?branchName=master",
                CiService::Azure,
            ),
            (
                "https://dev.azure.com/getzola/zola/_build/latest?definitionId=1&branchName=master",
                CiService::Azure,
            ),
            ("https://dev.azure.com/someorg/ci/_apis/build/status/go-chi.chi", CiService::Azure),
        ] {
            assert_eq!(service(url), Some(want), "{url}");
        }
    }

    #[test]
    fn other_repositories_and_other_pages_are_not_this_ones_builds() {
        for url in [
            // A theme's badge on a themes page, a dependency's, a user guide's.
            "https://travis-ci.org/VersBinarii/hermit_zola.svg?branch=master",
            "https://travis-ci.org/go-chi/render",
            "https://travis-ci.com/user/customizing-the-build",
            "https://circleci.com/docs/configuration-reference",
            // Azure's org and project, not a build page.
            "https://dev.azure.com/getzola/zola/_git/zola",
            "https://dev.azure.com/someorg/ci/_apis/build/status/other.repo",
            "https://github.com/go-chi/chi/actions/workflows/ci.yml/badge.svg",
            "ftp://travis-ci.org/go-chi/chi",
        ] {
            assert_eq!(service(url), None, "{url}");
        }
        assert_eq!(ci_badge("https://travis-ci.org/go-chi/chi", &[]), None);
    }
}
