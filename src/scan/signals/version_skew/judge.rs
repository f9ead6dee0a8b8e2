//! `judge`: a mention against what the repository declares (and, with git, its tags) —
//! a `version_skew` signal when the doc is behind.
//!
//! Compared at the doc's precision (`Rust 1.80` against 1.85.0 compares 1.80 with 1.85);
//! the `suggestion` is the current version at that precision, in the target's form (its
//! `v`, its tag prefix, a pinned action's SHA and comment). Newer mentions (plans) never
//! fire; a requirement fires only when it does not admit the current version.

use semver::{Version, VersionReq};

use super::mention::{Claim, Mention, ReleaseUse, Subject};
use super::tags::Tags;
use crate::scan::signal::{Signal, SignalName};
use crate::scan::signals::manifests::{
    dotted, Bound, DepFloors, KnownVersion, KnownVersions, Registry,
};

/// The signal `mention` (in the doc at `path`) deserves, if any. `tags` is `None`
/// without git. `for_readers` says the doc is a template for the reader's own project
/// (`reader_template`), where the repository's own workflow pins are no basis.
pub fn judge(
    known: &KnownVersions,
    tags: Option<&Tags>,
    path: &str,
    m: &Mention,
    for_readers: bool,
) -> Option<Signal> {
    match &m.subject {
        Subject::Name { name, in_code, registry } => {
            let k = known.lookup(name, path, *in_code, *registry)?;
            // A setting below the floor is stale as any claim is; one at or above it is
            // held to the release the repository pins.
            name_skew(k, name, m).or_else(|| {
                let pin = known.pin(name).filter(|_| m.claim == Claim::Setting)?;
                setting_skew(k, pin, name, m)
            })
        }
        Subject::Release { prefix, by } => release_skew(known, tags, prefix, *by, m),
        Subject::ModulePath { module } => {
            let detail = if m.version == [1] {
                format!(
                    "names the Go module path {} with no major, the v0/v1 module, but go.mod declares {module}",
                    m.written
                )
            } else {
                format!("names the Go module {}, but go.mod declares {module}", m.written)
            };
            Some(signal(m, detail, module.clone()))
        }
        Subject::CratePage { name } => crate_page_skew(known, tags, path, name, m),
        Subject::FolderDep { name } => {
            let Claim::Requirement(req) = &m.claim else { return None };
            let (dir, deps) = crate_folder(known, path)?;
            let (version, source) = deps.get(name)?;
            if req.matches(&semver_of(version)) || !older(&m.version, version) {
                return None;
            }
            let detail = format!(
                "asks for {name} \"{req}\", but the crate this doc belongs to ({dir}) depends on {} ({source})",
                dotted(version)
            );
            let suggestion = with_prefix(&m.written, &at_precision(version, m.version.len()));
            Some(signal(m, detail, suggestion))
        }
        Subject::Companion { name, of, version, source } => {
            let Claim::Requirement(req) = &m.claim else { return None };
            if req.matches(&semver_of(version)) || !older(&m.version, version) {
                return None;
            }
            let detail = format!(
                "asks for {name} \"{req}\" beside {of}, whose requirement ({source}) starts at {}",
                dotted(version)
            );
            let suggestion = with_prefix(&m.written, &at_precision(version, m.version.len()));
            Some(signal(m, detail, suggestion))
        }
        Subject::Action { action, sha } => {
            let pin = known.actions.get(action)?;
            // An action keeps its inputs within a major release: an example a minor
            // or patch behind still works as written, and so does one on a major the
            // repository's own workflows still pin.
            let major = m.version.first();
            if major >= pin.version.first() || major.is_some_and(|v| pin.majors.contains(v)) {
                return None;
            }
            // A workflow a skill or an agent command writes into the reader's project
            // need not follow this repository's pins: one still on a supported major
            // works there as written. Only a retired runtime makes it wrong.
            let retired = major.and_then(|v| retired_runtime(action, *v));
            if for_readers && retired.is_none() {
                return None;
            }
            let suggestion = match (sha, &pin.sha) {
                (Some(_), Some(pin_sha)) => format!("{pin_sha} # {}", pin.version_text),
                (Some(_), None) => pin.version_text.clone(),
                (None, _) => with_prefix(&m.written, &at_precision(&pin.version, m.version.len())),
            };
            let why = match retired {
                Some(runtime) => format!(", which runs on {runtime}, a runtime GitHub retired;"),
                None => ", but".to_string(),
            };
            let detail = format!(
                "pins {action} {}{why} the repository's workflows use {} ({})",
                m.written, pin.version_text, pin.source
            );
            Some(signal(m, detail, suggestion))
        }
    }
}

/// A crate page linked at a version (`docs.rs/chrono-tz/0.6.0/`) that does not admit
/// the crate's version now: the repository's own crate against its manifest, a
/// dependency against the lowest requirement any of the repository's crates has of it.
/// A full version is the page of that one release (docs.rs and crates.io read
/// `0.5.3` as exact), so the repository's own crate linked at a release its tags have
/// moved past is stale by a patch too (actix-router's README on 0.5.3 beside
/// `router-v0.5.4`), and one linked at a release its tags never reached names a page
/// that does not exist (tracing-flame's `docs.rs/tracing-flame/0.2.6`, a copy of
/// tracing-subscriber's link, for a crate whose only release is 0.2.0).
fn crate_page_skew(
    known: &KnownVersions,
    tags: Option<&Tags>,
    path: &str,
    name: &str,
    m: &Mention,
) -> Option<Signal> {
    let Claim::Requirement(req) = &m.claim else { return None };
    let own = known.lookup(name, path, true, Some(Registry::Cargo)).filter(|k| k.package);
    let (current, why) = match own {
        Some(k) => (k.version.clone(), format!("{} is on {}", k.source, dotted(&k.version))),
        None => {
            let (version, source) = known
                .crate_deps
                .values()
                .filter_map(|deps| deps.get(name))
                .min_by(|a, b| a.0.cmp(&b.0))?;
            let why =
                format!("the repository's crates require {} or later ({source})", dotted(version));
            (version.clone(), why)
        }
    };
    if req.matches(&semver_of(&current)) || !older(&m.version, &current) {
        return match (own, tags, m.version.len()) {
            (Some(k), Some(tags), 3) => exact_page_skew(k, tags, name, m),
            _ => None,
        };
    }
    let detail = format!("links the {name} {} docs, but {why}", m.written);
    let suggestion = with_prefix(&m.written, &at_precision(&current, m.version.len()));
    Some(signal(m, detail, suggestion))
}

/// The crate folder below the root nearest to the doc at `path` (the doc's folder or
/// one above it), with what its manifest depends on.
fn crate_folder<'k>(known: &'k KnownVersions, path: &str) -> Option<(&'k str, &'k DepFloors)> {
    let mut dir = path.rsplit_once('/')?.0;
    loop {
        if let Some((d, deps)) = known.folder_deps.get_key_value(dir) {
            return Some((d.as_str(), deps));
        }
        dir = dir.rsplit_once('/')?.0;
    }
}

/// The repository's own crate `k` linked at the exact release `m` names, against the
/// newest release tag of that crate (`crate_tag`): a release the tags moved past while
/// the manifest is on the tagged one, or one newer than every tag and the manifest.
fn exact_page_skew(k: &KnownVersion, tags: &Tags, name: &str, m: &Mention) -> Option<Signal> {
    let (tagged, tag) = crate_tag(tags, name, &k.names)?;
    let current = &k.version;
    let detail = if m.version.as_slice() < tagged && tagged == current.as_slice() {
        format!(
            "links the {name} {} docs, a release {} and its tag {tag} have moved past",
            m.written, k.source
        )
    } else if m.version.as_slice() > tagged && older(current, &m.version) {
        format!(
            "links the {name} {} docs, a release that does not exist: {} is on {} and the newest tag is {tag}",
            m.written,
            k.source,
            dotted(current)
        )
    } else {
        return None;
    };
    Some(signal(m, detail, dotted(tagged)))
}

/// The newest release tag of the crate `name` (lowercase), whose package `names` are
/// known: a prefix of the crate's name (`actix-router-v`, `tracing-flame-`) or of the
/// part after its first `-` (`router-v` for actix-router), ending in `-`, `_`, `@`,
/// `v` or `-v`. The repository's bare `v1.2.3` tags are not read: they may be any of
/// its crates' releases.
fn crate_tag<'t>(tags: &'t Tags, name: &str, names: &[String]) -> Option<(&'t [u64], &'t str)> {
    let short = name.split_once('-').map(|(_, rest)| rest);
    let candidates = names.iter().map(String::as_str).chain([name]).chain(short);
    tags.prefixes()
        .filter(|(prefix, _, _)| {
            let ends = ["-v", "_v", "@v", "-", "_", "@", "v"];
            let stem = ends.iter().find_map(|e| prefix.strip_suffix(e)).unwrap_or(prefix);
            !stem.is_empty() && candidates.clone().any(|c| c.eq_ignore_ascii_case(stem))
        })
        .map(|(_, version, tag)| (version, tag))
        .max_by(|a, b| a.0.cmp(b.0))
}

/// The retired runtime a major release of a GitHub-maintained action runs on, for the
/// actions whose history is public and settled: GitHub moved JavaScript actions off
/// Node 12 (2022-09) and Node 16 (2023-09, forced to Node 20 from 2024-06) and shut down
/// the v3 artifact actions (2025-01-30) and CodeQL Action v2 (2025-01). A retired major
/// stays retired, so the table only ever misses newer retirements.
fn retired_runtime(action: &str, major: u64) -> Option<&'static str> {
    // (action, last major on Node 12, last major on Node 16)
    const RUNTIMES: [(&str, u64, u64); 15] = [
        ("actions/checkout", 2, 3),
        ("actions/setup-node", 2, 3),
        ("actions/setup-python", 2, 4),
        ("actions/setup-go", 2, 4),
        ("actions/setup-java", 2, 3),
        ("actions/cache", 2, 3),
        ("actions/upload-artifact", 2, 3),
        ("actions/download-artifact", 2, 3),
        ("actions/github-script", 5, 6),
        ("docker/login-action", 1, 2),
        ("docker/setup-buildx-action", 1, 2),
        ("docker/setup-qemu-action", 1, 2),
        ("docker/build-push-action", 2, 4),
        ("docker/metadata-action", 3, 4),
        ("github/codeql-action", 1, 2),
    ];
    let action = action.to_ascii_lowercase();
    // `github/codeql-action/upload-sarif` is a step of `github/codeql-action`.
    let repo = action.splitn(3, '/').take(2).collect::<Vec<_>>().join("/");
    let &(_, node12, node16) = RUNTIMES.iter().find(|(a, _, _)| *a == repo)?;
    if major <= node12 {
        Some("Node 12")
    } else if major <= node16 {
        Some("Node 16")
    } else {
        None
    }
}

fn name_skew(k: &KnownVersion, name: &str, m: &Mention) -> Option<Signal> {
    let full = dotted(&k.version);
    let (reference, detail) = match &m.claim {
        Claim::Version | Claim::AtLeast | Claim::Uses | Claim::Setting => {
            if m.claim == Claim::Uses && k.bound != Bound::Minimum {
                return None;
            }
            if m.version.len() < 2 && !k.major_only_ok {
                return None;
            }
            if k.package && (m.claim == Claim::AtLeast || !m.asserts_current) {
                // "since X+": feature availability; "X is a rewrite": a release named,
                // not the one to use now.
                return None;
            }
            if !older(&m.version, &k.version)
                || (k.bound == Bound::Minimum
                    && !m.about_project
                    && far_behind(name, &m.version, &k.version))
            {
                return None;
            }
            let detail = match k.bound {
                Bound::Current => {
                    format!("names {name} {}, but {} is on {full}", m.written, k.source)
                }
                // A `packageManager` pins one release; its major is what a checkout
                // needs, not a floor it declares.
                Bound::Minimum if k.is_package_manager_pin() => {
                    format!(
                        "names {name} {}, but the repository is developed with its {} (major {full})",
                        m.written, k.source
                    )
                }
                Bound::Minimum => format!(
                    "names {name} {}, but {} declares {full} as the minimum",
                    m.written, k.source
                ),
            };
            (&k.version, detail)
        }
        Claim::Requirement(req) => {
            if req.matches(&semver_of(&k.version)) || !older(&m.version, &k.version) {
                return None;
            }
            let detail = format!(
                "asks for {name} \"{req}\", which does not admit {full}, the version in {}",
                k.source
            );
            (&k.version, detail)
        }
        Claim::RangeLow => {
            // Against a listed range both ends must agree; against a bare minimum only
            // an older start is wrong.
            let wrong = match &k.max {
                Some(_) => !same(&m.version, &k.version),
                None => k.bound == Bound::Minimum && older(&m.version, &k.version),
            };
            if !wrong {
                return None;
            }
            let detail = format!(
                "says {name} support starts at {}, but {} starts it at {full}",
                m.written, k.source
            );
            (&k.version, detail)
        }
        Claim::RangeHigh => {
            let max = k.max.as_ref()?;
            if same(&m.version, max) || (!m.about_project && far_behind(name, &m.version, max)) {
                return None;
            }
            let detail = format!(
                "says {name} support ends at {}, but {} lists {} as the newest",
                m.written,
                k.source,
                dotted(max)
            );
            (max, detail)
        }
    };
    let suggestion = with_prefix(&m.written, &at_precision(reference, m.version.len()));
    Some(signal(m, detail, suggestion))
}

/// A release a doc states as a setting of the project's setup ("Go Version: 1.26.4"),
/// where the repository pins the toolchain's release (`toolchain go1.26.5`): stale when
/// written as a full release older than the pin, unless it is the floor `k` the
/// repository declares (a spec sheet may state the minimum: "Rust version: 1.88.0"
/// beside `rust-version = "1.88"`; `packageManager`'s major is no declared floor). A
/// floor-only claim (`Node version: 22`) says too little to hold to a pin.
fn setting_skew(k: &KnownVersion, pin: &KnownVersion, name: &str, m: &Mention) -> Option<Signal> {
    if m.version.len() < 3 || !older(&m.version, &pin.version) {
        return None;
    }
    let padded = |v: &[u64]| (0..3).map(|i| v.get(i).copied().unwrap_or(0)).collect::<Vec<_>>();
    if k.bound == Bound::Minimum
        && !k.is_package_manager_pin()
        && padded(&m.version) == padded(&k.version)
    {
        return None;
    }
    let detail = format!(
        "states {name} {} as the project's setup, but the repository is developed with {} ({})",
        m.written,
        dotted(&pin.version),
        pin.source
    );
    Some(signal(m, detail, with_prefix(&m.written, &dotted(&pin.version))))
}

/// A release named by tag: against the newest tag when git knows the tags, else
/// against the project's own version.
fn release_skew(
    known: &KnownVersions,
    tags: Option<&Tags>,
    prefix: &str,
    by: ReleaseUse,
    m: &Mention,
) -> Option<Signal> {
    let pre_commit = by == ReleaseUse::PreCommit;
    let any_prefix = pre_commit || by == ReleaseUse::Image;
    let project = known.project().map(|k| k.version.as_slice());
    let newest = match by {
        // The project's own release tags, `v1.2.3` or `1.2.3`: a monorepo's other
        // prefixes (`pinia@3.0.3`) are its packages', not the policy's subject.
        ReleaseUse::Supported => tags.and_then(|t| {
            [t.newest("v"), t.newest("")].into_iter().flatten().max_by(|a, b| a.0.cmp(b.0))
        }),
        _ => tags.and_then(|t| newest_release(t, prefix, any_prefix, project)),
    };
    let (current, suggestion, detail) = match newest {
        Some((version, tag)) => {
            let what = if pre_commit { "the newest tag" } else { "the newest release tag" };
            (version, tag.to_string(), format!("{what} is {tag}"))
        }
        None => {
            let k = known.project()?;
            let suggestion = format!("{prefix}{}", at_precision(&k.version, m.version.len()));
            (k.version.as_slice(), suggestion, format!("{} is on {}", k.source, dotted(&k.version)))
        }
    };
    if !older(&m.version, current) {
        return None;
    }
    // A supported line is named at its own precision (`2.10.x` becomes `2.12.x`).
    let suggestion = if by == ReleaseUse::Supported {
        with_prefix(&m.written, &at_precision(current, m.version.len()))
    } else {
        suggestion
    };
    let what = match by {
        ReleaseUse::PreCommit => "pins this repository's pre-commit hook at",
        ReleaseUse::Action => "pins this repository's action at",
        ReleaseUse::Download => "downloads release",
        ReleaseUse::Image => "runs this repository's container image at",
        ReleaseUse::Supported => "marks as the newest supported release line",
    };
    Some(signal(m, format!("{what} {}, but {detail}", m.target), suggestion))
}

/// The newest release tag a mention with tag `prefix` should name. A download URL
/// keeps its prefix. A pre-commit `rev` or an image tag may name any release
/// (`any_prefix`): the prefixes whose newest tag is the project's version (all, when
/// that is unknown), the mention's own prefix first, then the shortest.
fn newest_release<'t>(
    tags: &'t Tags,
    prefix: &str,
    any_prefix: bool,
    project: Option<&[u64]>,
) -> Option<(&'t [u64], &'t str)> {
    if !any_prefix {
        return tags.newest(prefix);
    }
    let own = tags.newest(prefix);
    let candidates =
        tags.prefixes().filter(|(p, v, _)| *p == prefix || project.is_none_or(|pv| pv == *v));
    let best = candidates.max_by(|a, b| {
        a.1.cmp(b.1)
            .then_with(|| (a.0 == prefix).cmp(&(b.0 == prefix)))
            .then_with(|| b.0.len().cmp(&a.0.len()))
    })?;
    match own {
        Some(own) if own.0 >= best.1 => Some(own),
        _ => Some((best.1, best.2)),
    }
}

/// Whether a toolchain version is too far behind the repository's to be a claim about
/// it that fell behind: a stale floor lags by the bumps since it was written (Rust's MSRV
/// moves a few minors a year — a translation two years behind says 1.74 of a 1.88 floor
/// — Python's floor one minor a year), while "works with
/// Python 3.4+" of a third-party package, "abi3, on Python 3.2 and newer" or "tests
/// need Rust 1.41" beside a 1.91 build floor state facts about something else.
fn far_behind(name: &str, doc: &[u64], current: &[u64]) -> bool {
    let limit = match name.to_ascii_lowercase().as_str() {
        "python" => 3,
        "rust" => 20,
        _ => return false,
    };
    match (doc, current) {
        ([major, minor, ..], [c_major, c_minor, ..]) => {
            major == c_major && c_minor.saturating_sub(*minor) > limit
        }
        _ => false,
    }
}

/// Whether `doc` is older than `current`, compared at the doc's precision.
fn older(doc: &[u64], current: &[u64]) -> bool {
    let n = doc.len().min(current.len());
    doc[..n] < current[..n]
}

/// Whether two versions agree at the shorter one's precision.
fn same(doc: &[u64], other: &[u64]) -> bool {
    let n = doc.len().min(other.len());
    doc[..n] == other[..n]
}

/// `version` cut to `n` components (as many as it has, at most).
fn at_precision(version: &[u64], n: usize) -> String {
    dotted(&version[..n.min(version.len())])
}

/// `current` with the `v`/`V` the doc wrote before its version.
fn with_prefix(written: &str, current: &str) -> String {
    // A tox environment (`py37`) writes the version without its dot.
    let tox = written.strip_prefix("py").filter(|d| d.bytes().all(|b| b.is_ascii_digit()));
    if tox.is_some_and(|d| !d.is_empty()) {
        return format!("py{}", current.replace('.', ""));
    }
    match written.chars().next() {
        Some(c @ ('v' | 'V')) => format!("{c}{current}"),
        _ => current.to_string(),
    }
}

fn semver_of(v: &[u64]) -> Version {
    Version::new(v[0], v.get(1).copied().unwrap_or(0), v.get(2).copied().unwrap_or(0))
}

fn signal(m: &Mention, detail: String, suggestion: String) -> Signal {
    Signal::new(SignalName::VersionSkew, m.line, detail)
        .with_target(m.target.clone())
        .with_suggestion(suggestion)
}

/// `VersionReq` for a Cargo or npm requirement string; `None` when it is not one.
pub fn requirement(text: &str) -> Option<VersionReq> {
    VersionReq::parse(text.trim()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(
        names: &[&str],
        version: Vec<u64>,
        bound: Bound,
        major_only_ok: bool,
    ) -> KnownVersions {
        let mut known = KnownVersions::default();
        known.versions.push(KnownVersion {
            names: names.iter().map(|n| n.to_string()).collect(),
            version,
            max: None,
            source: "Cargo.toml".into(),
            bound,
            major_only_ok,
            in_prose: true,
            package: false,
            scope: String::new(),
        });
        known.index_names();
        known
    }

    fn mention(subject: Subject, claim: Claim, written: &str) -> Mention {
        let version = crate::scan::signals::manifests::parse_version(written).unwrap();
        Mention {
            line: 1,
            subject,
            claim,
            target: written.into(),
            written: written.into(),
            version,
            asserts_current: true,
            about_project: false,
        }
    }

    fn name(n: &str) -> Subject {
        Subject::Name { name: n.into(), in_code: false, registry: None }
    }

    fn outcome(k: &KnownVersions, m: &Mention) -> Option<String> {
        judge(k, None, "README.md", m, false).map(|s| s.suggestion.unwrap())
    }

    #[test]
    fn toolchain_floors_far_behind_are_facts_about_something_else() {
        let py = known(&["python"], vec![3, 10], Bound::Minimum, false);
        assert_eq!(
            outcome(&py, &mention(name("python"), Claim::Version, "3.8")).as_deref(),
            Some("3.10")
        );
        assert_eq!(outcome(&py, &mention(name("python"), Claim::Version, "3.4")), None);
        let rust = known(&["rust"], vec![1, 91], Bound::Minimum, false);
        assert_eq!(
            outcome(&rust, &mention(name("rust"), Claim::Version, "1.80")).as_deref(),
            Some("1.91")
        );
        assert_eq!(outcome(&rust, &mention(name("rust"), Claim::Version, "1.41")), None);
        // Unless the sentence builds the project itself: then it is the build floor.
        let mut own = mention(name("rust"), Claim::AtLeast, "1.41");
        own.about_project = true;
        assert_eq!(outcome(&rust, &own).as_deref(), Some("1.91"));
    }

    #[test]
    fn older_versions_fire_at_the_docs_precision() {
        let k = known(&["rust"], vec![1, 85, 0], Bound::Current, false);
        assert_eq!(
            outcome(&k, &mention(name("rust"), Claim::Version, "1.70")).as_deref(),
            Some("1.85")
        );
        assert_eq!(
            outcome(&k, &mention(name("rust"), Claim::Version, "v1.70.2")).as_deref(),
            Some("v1.85.0")
        );
        assert_eq!(outcome(&k, &mention(name("rust"), Claim::Version, "1.85")), None);
        assert_eq!(outcome(&k, &mention(name("rust"), Claim::Version, "1.90")), None);
        assert_eq!(outcome(&k, &mention(name("rust"), Claim::Version, "1")), None, "too vague");
        let node = known(&["node"], vec![20, 19], Bound::Minimum, true);
        assert_eq!(
            outcome(&node, &mention(name("node"), Claim::Version, "18")).as_deref(),
            Some("20")
        );
        let s = judge(&node, None, "a.md", &mention(name("node"), Claim::Version, "18"), false)
            .unwrap();
        assert!(s.detail.contains("as the minimum"), "{}", s.detail);
        // A `packageManager` pins a release: its major is what a checkout needs.
        let mut pnpm = known(&["pnpm"], vec![9], Bound::Minimum, true);
        pnpm.versions[0].source = "package.json packageManager (`pnpm@9.15.0`)".into();
        let s = judge(&pnpm, None, "a.md", &mention(name("pnpm"), Claim::Version, "8.15"), false)
            .unwrap();
        assert_eq!(
            s.detail,
            "names pnpm 8.15, but the repository is developed with its package.json packageManager (`pnpm@9.15.0`) (major 9)"
        );
    }

    #[test]
    fn a_base_image_answers_to_the_floor_not_to_the_pin() {
        let pinned = known(&["python"], vec![3, 14], Bound::Current, false);
        assert_eq!(outcome(&pinned, &mention(name("python"), Claim::Uses, "3.11")), None);
        assert!(outcome(&pinned, &mention(name("python"), Claim::Version, "3.11")).is_some());
        let floor = known(&["go"], vec![1, 26, 0], Bound::Minimum, false);
        assert_eq!(
            outcome(&floor, &mention(name("go"), Claim::Uses, "1.25")).as_deref(),
            Some("1.26")
        );
        assert_eq!(outcome(&floor, &mention(name("go"), Claim::Uses, "1.26")), None);
    }

    #[test]
    fn a_package_named_in_prose_fires_only_as_the_version_to_use_now() {
        let mut k = known(&["widget"], vec![2, 3, 1], Bound::Current, false);
        k.versions[0].package = true;
        let mut m = mention(name("widget"), Claim::Version, "2.0");
        assert_eq!(outcome(&k, &m).as_deref(), Some("2.3"));
        m.asserts_current = false;
        assert_eq!(outcome(&k, &m), None);
        let m = mention(name("widget"), Claim::AtLeast, "2.0");
        assert_eq!(outcome(&k, &m), None, "since 2.0: still true");
    }

    #[test]
    fn requirements_fire_only_when_they_exclude_the_current_version() {
        let k = known(&["grep"], vec![0, 4, 1], Bound::Current, false);
        let req = |r: &str, w: &str| {
            mention(name("grep"), Claim::Requirement(requirement(r).unwrap()), w)
        };
        assert_eq!(outcome(&k, &req("0.2", "0.2")).as_deref(), Some("0.4"));
        assert_eq!(outcome(&k, &req("0.4", "0.4")), None);
        assert_eq!(outcome(&k, &req("^0.5", "0.5")), None, "newer: a plan, not skew");
        let serde = known(&["serde"], vec![1, 0, 200], Bound::Current, false);
        let m = mention(name("serde"), Claim::Requirement(requirement("1.0").unwrap()), "1.0");
        assert_eq!(outcome(&serde, &m), None, "1.0 admits 1.0.200");
    }

    #[test]
    fn pre_commit_revs_prefer_their_prefix_then_the_shortest() {
        let tags: Vec<String> =
            ["v0.15.1", "lychee-v0.24.2", "lychee-lib-v0.24.2", "lychee-v0.20.1"]
                .map(String::from)
                .into();
        let t = Tags::new(&tags);
        assert_eq!(
            newest_release(&t, "v", true, Some(&[0, 24, 2])),
            Some((&[0, 24, 2][..], "lychee-v0.24.2"))
        );
        assert_eq!(
            newest_release(&t, "lychee-lib-v", true, Some(&[0, 24, 2])),
            Some((&[0, 24, 2][..], "lychee-lib-v0.24.2"))
        );
        assert_eq!(newest_release(&t, "v", false, None), Some((&[0, 15, 1][..], "v0.15.1")));
    }

    #[test]
    fn ranges_are_checked_against_the_listed_range_or_the_minimum() {
        let mut py = known(&["python"], vec![3, 10], Bound::Minimum, false);
        let range = |claim: Claim, w: &str| mention(name("python"), claim, w);
        assert_eq!(outcome(&py, &range(Claim::RangeLow, "3.8")).as_deref(), Some("3.10"));
        assert_eq!(outcome(&py, &range(Claim::RangeLow, "3.11")), None, "no list: only older");
        assert_eq!(outcome(&py, &range(Claim::RangeHigh, "3.12")), None, "no list: no end");
        py.versions[0].max = Some(vec![3, 14]);
        assert_eq!(outcome(&py, &range(Claim::RangeLow, "3.11")).as_deref(), Some("3.10"));
        assert_eq!(outcome(&py, &range(Claim::RangeHigh, "3.13")).as_deref(), Some("3.14"));
        assert_eq!(outcome(&py, &range(Claim::RangeHigh, "3.14")), None);
    }

    #[test]
    fn a_workflow_for_the_readers_project_fires_only_on_a_retired_runtime() {
        let mut known = KnownVersions::default();
        known.actions.insert(
            "actions/checkout".into(),
            crate::scan::signals::manifests::ActionPin {
                version: vec![6, 0, 2],
                version_text: "v6.0.2".into(),
                sha: None,
                source: ".github/workflows/ci.yml".into(),
                majors: [6].into(),
            },
        );
        let pin = |action: &str, written: &str| {
            let sha = None;
            mention(Subject::Action { action: action.into(), sha }, Claim::Version, written)
        };
        let detail = |m: &Mention, for_readers: bool| {
            judge(&known, None, "skills/ci/SKILL.md", m, for_readers).map(|s| s.detail)
        };
        // The repository's own docs follow its own pins.
        let v4 = pin("actions/checkout", "v4");
        assert_eq!(
            detail(&v4, false).as_deref(),
            Some("pins actions/checkout v4, but the repository's workflows use v6.0.2 (.github/workflows/ci.yml)")
        );
        // A template for the reader's project on a supported major works as written.
        assert_eq!(detail(&v4, true), None);
        // On a retired runtime it is wrong anywhere, and the detail says why.
        let v3 = pin("actions/checkout", "v3");
        assert_eq!(
            detail(&v3, true).as_deref(),
            Some("pins actions/checkout v3, which runs on Node 16, a runtime GitHub retired; the repository's workflows use v6.0.2 (.github/workflows/ci.yml)")
        );
        assert_eq!(retired_runtime("actions/checkout", 2), Some("Node 12"));
        assert_eq!(retired_runtime("github/codeql-action/upload-sarif", 2), Some("Node 16"));
        assert_eq!(retired_runtime("github/codeql-action/upload-sarif", 3), None);
        assert_eq!(retired_runtime("astral-sh/setup-uv", 1), None, "not a known history");
    }
}
