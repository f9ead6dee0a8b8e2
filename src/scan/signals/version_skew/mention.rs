//! `Mention`: one version a doc states, found while the doc is read (`prose.rs`,
//! `code.rs`) and judged once git tags are known (`judge.rs`). Small and owned, so a
//! doc's mentions outlive its text.

use semver::VersionReq;

use super::words::strict_version;
use crate::scan::signals::manifests::Registry;

/// What a mention is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    /// A known name (a toolchain, a package); `in_code` when code named it, `registry`
    /// when that code names a package of one registry.
    Name { name: String, in_code: bool, registry: Option<Registry> },
    /// A release of this repository named by its tag: a pre-commit `rev` of the
    /// repository's own hook, a release download URL, or a workflow step using the
    /// repository's own action. `prefix` is the tag's text before the version (`v`,
    /// `lychee-v`, or empty).
    Release { prefix: String, by: ReleaseUse },
    /// A GitHub Action (lowercase `owner/name[/path]`), as a workflow step pins it;
    /// `sha` when the step pins a commit.
    Action { action: String, sha: Option<String> },
    /// A dependency a snippet adds beside one of the repository's crates (`of`), which
    /// depends on it at `version` or later, as `source` says.
    Companion { name: String, of: String, version: Vec<u64>, source: String },
    /// A dependency a snippet adds that is none of the repository's crates
    /// (lowercase): held to what the crate folder the doc lies in depends on
    /// (`KnownVersions::folder_deps`).
    FolderDep { name: String },
    /// The repository's Go module at an older major (`module` is the path `go.mod`
    /// declares now, `…/v86`).
    ModulePath { module: String },
    /// A crate's page on docs.rs or crates.io at a version (lowercase name): one of the
    /// repository's crates, or one they depend on.
    CratePage { name: String },
}

/// How a doc names a release of this repository.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReleaseUse {
    /// A release download URL (`…/releases/download/14.1.1/…`).
    Download,
    /// A pre-commit `rev` of the repository's own hook: any prefix may name it.
    PreCommit,
    /// A workflow step using the repository's own action (`uses: pypa/cibuildwheel@v3`).
    Action,
    /// The repository's own container image on GitHub's registry
    /// (`ghcr.io/astral-sh/ruff:0.3.0`): its tags drop or keep the release tag's prefix.
    Image,
    /// The newest release line a security policy marks as supported (`2.10.x`).
    Supported,
}

/// What the doc claims about the version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A version (`Rust 1.70`, `tool==1.2.0`).
    Version,
    /// A version and every later one (`Rust 1.70 or later`, `Vite 6.3.0+`, `MSRV is
    /// 1.75`): about a package's own releases it says when a feature arrived, which
    /// stays true; about a toolchain it states a requirement, which goes stale.
    AtLeast,
    /// A requirement that admits a range (`grep = "0.2"`, `@^3.0.0`).
    Requirement(VersionReq),
    /// A release stated as a setting of the project's own setup, as a spec sheet lists it
    /// ("Go Version: 1.26.4", "Yarn version: 4.10.0 (managed by corepack)"): the
    /// release its developers use now, held to the repository's pin when it has one
    /// (`KnownVersions::pins`), else read as `Version`.
    Setting,
    /// A version the reader builds or runs with (a Dockerfile's `FROM golang:1.25`): wrong
    /// only below the floor the repository declares, not for differing from its own pin
    /// (`.python-version`), which is its developers' choice.
    Uses,
    /// The lower end of a supported range (`Python 3.10 through 3.13`).
    RangeLow,
    /// The upper end of a supported range.
    RangeHigh,
}

/// One version stated in a doc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention {
    pub line: u32,
    pub subject: Subject,
    pub claim: Claim,
    /// The text a fix replaces, exactly as written (`1.70`, `v0.15.1`,
    /// `<sha> # v9.0.0`).
    pub target: String,
    /// The version in it, as written (`v1.70`, `0.4.30`).
    pub written: String,
    /// Its numeric components.
    pub version: Vec<u64>,
    /// Whether the doc states it as the version to use now: always in code (an install
    /// line, a pin), in prose when the sentence says so (`history::claims_current`).
    pub asserts_current: bool,
    /// Whether the sentence builds or installs the project by its own name ("If you
    /// have Rust 1.56 or higher, you can install `hexyl` from source"): a toolchain
    /// floor however far behind is then the project's build floor, not a fact about
    /// something else (`prose::builds_project`).
    pub about_project: bool,
}

impl Mention {
    /// A version `written` for package or toolchain `name` in code (of `registry`'s
    /// packages, when the code says); `None` when it is not a version.
    /// A release of this repository named by its tag (`written`, split into `prefix`
    /// and `version`) on `line`, used as `by` says.
    pub fn of_release(
        line: u32,
        written: &str,
        prefix: &str,
        version: Vec<u64>,
        by: ReleaseUse,
    ) -> Mention {
        Mention {
            line,
            subject: Subject::Release { prefix: prefix.to_string(), by },
            claim: Claim::Version,
            target: written.into(),
            written: written.into(),
            version,
            asserts_current: true,
            about_project: false,
        }
    }

    pub fn of_name(
        line: u32,
        name: &str,
        registry: Option<Registry>,
        claim: Claim,
        written: &str,
    ) -> Option<Mention> {
        let version = strict_version(written)?;
        let subject = Subject::Name { name: name.to_lowercase(), in_code: true, registry };
        Some(Mention {
            line,
            subject,
            claim,
            target: written.into(),
            written: written.into(),
            version,
            asserts_current: true,
            about_project: false,
        })
    }
}
