//! Node: the root `package.json` (name, version, `repository`, `engines.node`), its
//! workspaces (`workspaces`, or `pnpm-workspace.yaml` `packages`), and `.nvmrc`. A
//! `private` package is never published, so no doc pins it. `engines.node` is the
//! minimum docs state — the root's, else the lowest of the published members' (every
//! package needs at least that); a private root's floor gives way to a published
//! member's lower one (the root's is the monorepo's development floor); `.nvmrc` (a pin)
//! stands in only without either.

use std::path::Path;

use semver::{Op, VersionReq};
use serde_json::Value;

use super::collect::package;
use super::known::{
    parse_version, repo_slug, Bound, KnownVersion, KnownVersions, PACKAGE_MANAGER_SOURCE, STACK_PIN,
};
use super::read;

const NODE_NAMES: [&str; 3] = ["node", "node.js", "nodejs"];

/// At most this many workspace packages are read.
const MAX_MEMBERS: usize = 2000;

/// What the Node files declare; returns the root package's index in `known.versions`.
pub fn read(root: &Path, packages: &[String], known: &mut KnownVersions) -> Option<usize> {
    let pkg = read::json(root, "package.json");
    let mut project = None;
    let mut floor = None;
    // Peer frameworks' floors, kept apart until the packages the repository publishes
    // are all known.
    let mut peers: Vec<KnownVersion> = Vec::new();
    let mut root_private = false;
    // A repository that is a docs website (its root holds the site generator's config,
    // pnpm.io's `docusaurus.config.ts` beside its `package.json`): the root package is
    // the site's, and its Node floor, `packageManager` and `.nvmrc` say how the site is
    // built, not what the product its pages document needs.
    let website = is_website_root(root);
    if !website {
        node_pins(root, pkg.as_ref(), known);
    }
    if let Some(pkg) = &pkg {
        project = published(known, pkg, "package.json", true);
        floor = pkg["engines"]["node"].as_str().and_then(lowest_allowed).filter(|_| !website);
        root_private = pkg["private"].as_bool() == Some(true);
        if !root_private {
            peer_floors(&mut peers, pkg, "package.json", "");
        }
        if let Some(spec) = pkg["packageManager"].as_str().filter(|_| !website) {
            push_package_manager(known, spec);
        }
    }
    vscode_floors(root, pkg.as_ref(), packages, known);
    let mut patterns: Vec<String> = Vec::new();
    if let Some(pkg) = &pkg {
        let ws = &pkg["workspaces"];
        let list = ws.as_array().or_else(|| ws["packages"].as_array());
        patterns.extend(list.into_iter().flatten().filter_map(|v| v.as_str().map(str::to_string)));
    }
    if let Some(pnpm) = read::yaml(root, "pnpm-workspace.yaml") {
        let list = pnpm.get("packages").map(|p| p.items()).unwrap_or_default();
        patterns.extend(list.iter().filter_map(|v| v.as_str().map(str::to_string)));
    }
    let (exclude, include): (Vec<String>, Vec<String>) =
        patterns.into_iter().partition(|p| p.starts_with('!'));
    let exclude: Vec<String> = exclude.iter().map(|p| p[1..].to_string()).collect();
    // The public members' own floors: the lowest one holds for every package.
    let mut member_floors: Vec<(Vec<u64>, String)> = Vec::new();
    for dir in read::member_dirs(root, &include, &exclude, MAX_MEMBERS) {
        let source = format!("{dir}/package.json");
        if let Some(member) = read::json(root, &source) {
            published(known, &member, &source, false);
            // A package on a pre-release (`3.0.0-next.16`) is no version to hold docs
            // to, but its floor is what the next release needs.
            if member["private"].as_bool() != Some(true) {
                peer_floors(&mut peers, &member, &source, &dir);
                let min = member["engines"]["node"].as_str().and_then(lowest_allowed);
                member_floors.extend(min.map(|v| (v, source)));
            }
        }
    }
    let lowest_member = member_floors.iter().min();
    // A private root is never installed: its floor is what developing the monorepo
    // needs. A published package that asks for less is what its users need, and docs
    // for users state that (rsbuild: root `>=22.18`, `@rsbuild/core` `^20.19 || >=22.12`).
    let root_is_dev_only = root_private
        && matches!((&floor, lowest_member), (Some(root), Some((member, _))) if member < root);
    if let (Some(floor), false) = (&floor, root_is_dev_only) {
        push_node(known, Some(floor.clone()), "package.json engines.node", Bound::Minimum);
    } else if let Some((lowest, first)) = lowest_member {
        // With no floor at the root, a doc stating less than every published package's
        // floor is wrong for each of them.
        let source = match member_floors.len() {
            1 => format!("{first} engines.node"),
            n => format!(
                "the lowest engines.node of the workspace packages ({first} and {} more)",
                n - 1
            ),
        };
        push_node(known, Some(lowest.clone()), &source, Bound::Minimum);
    } else if !website {
        // Volta's pin in `package.json` is the `.nvmrc` of a repository without one
        // (lerna's `"volta": {"node": "26.5.0"}` beside a CLAUDE.md on 22.19.0).
        let volta = pkg.as_ref().and_then(|p| p["volta"]["node"].as_str()).and_then(parse_version);
        match nvmrc(root) {
            Some(pin) => push_node(known, Some(pin), ".nvmrc", Bound::Current),
            None => push_node(known, volta, "package.json volta.node", Bound::Current),
        }
    }
    // A framework the repository publishes itself is checked as its package.
    let own: Vec<String> =
        known.versions.iter().filter(|k| k.package).flat_map(|k| k.names.iter().cloned()).collect();
    peers.retain(|k| !k.names.iter().any(|n| own.contains(n)));
    if let Some(pkg) = pkg.as_ref().filter(|_| root_private && !website) {
        stack_pins(known, pkg, &own, &peers);
    }
    known.versions.extend(peers);
    if !own.iter().any(|n| n == "docusaurus" || n == "@docusaurus/core") {
        site_generators(root, pkg.as_ref(), packages, known);
    }
    project
}

/// The frameworks and tools of `PEER_FRAMEWORKS`, and two test and UI tools, that a
/// private root `package.json` pins to one release (`"react": "19.2.6"`): the stack the
/// repository is developed on, which its agent context lists ("**React 19.1.1** with
/// Server Components", chakra-ui's `CLAUDE.md`, pinned at 19.2.6 since). Checked in agent
/// context only (`version_skew::find`): elsewhere a doc names the releases its readers
/// use. A range (`^19.2.0`) says which releases work, not which one is in use; a name
/// the repository publishes or has a floor for at the root is checked as that.
fn stack_pins(known: &mut KnownVersions, pkg: &Value, own: &[String], peers: &[KnownVersion]) {
    const TOOLS: [(&str, &[&str]); 2] = [("vitest", &["vitest"]), ("storybook", &["storybook"])];
    for (dep, names) in PEER_FRAMEWORKS.iter().chain(TOOLS.iter()) {
        // A member's peer floor holds in its own folder (the deepest scope wins there).
        let taken = |n: &&str| {
            own.iter().any(|o| o == n)
                || peers
                    .iter()
                    .chain(known.versions.iter())
                    .any(|k| k.scope.is_empty() && k.names.iter().any(|k| k == n))
        };
        if names.iter().any(taken) {
            continue;
        }
        for table in ["dependencies", "devDependencies"] {
            let Some(spec) = pkg[table][*dep].as_str() else { continue };
            let exact = spec.split('.').count() == 3
                && spec.split('.').all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
            let Some(version) = parse_version(spec).filter(|_| exact) else { continue };
            known.versions.push(KnownVersion {
                names: names.iter().map(|n| n.to_string()).collect(),
                version,
                max: None,
                source: format!("package.json {table}.{dep} {STACK_PIN}"),
                bound: Bound::Current,
                major_only_ok: true,
                in_prose: true,
                package: false,
                scope: String::new(),
            });
            break;
        }
    }
}

/// Frameworks a published package names as peer dependencies, with the names docs give
/// them: the package works only with a release its peer range admits.
const PEER_FRAMEWORKS: [(&str, &[&str]); 12] = [
    ("react", &["react"]),
    ("vue", &["vue"]),
    ("@angular/core", &["angular"]),
    ("svelte", &["svelte"]),
    ("eslint", &["eslint"]),
    ("typescript", &["typescript"]),
    ("vite", &["vite"]),
    ("next", &["next.js", "nextjs"]),
    ("webpack", &["webpack"]),
    ("@docusaurus/core", &["docusaurus"]),
    ("astro", &["astro"]),
    ("nuxt", &["nuxt"]),
];

/// Each framework in the `peerDependencies` of published package `pkg` (read from
/// `source`, in folder `dir`): the lowest release its range admits is the floor docs of
/// that folder state ("Angular Virtual requires Angular 19" beside `@angular/core`
/// `>=20.0.0`; "Requires ESLint v9.5.0+" beside `^9.10.0 || ^10.0.0`).
fn peer_floors(out: &mut Vec<KnownVersion>, pkg: &Value, source: &str, dir: &str) {
    let Some(peers) = pkg["peerDependencies"].as_object() else { return };
    for (peer, names) in PEER_FRAMEWORKS {
        let Some(floor) = peers.get(peer).and_then(|r| r.as_str()).and_then(lowest_allowed) else {
            continue;
        };
        out.push(KnownVersion {
            names: names.iter().map(|n| n.to_string()).collect(),
            version: floor,
            max: None,
            source: format!("{source} peerDependencies.{peer}"),
            bound: Bound::Minimum,
            major_only_ok: true,
            in_prose: true,
            package: false,
            scope: dir.to_string(),
        });
    }
}

/// Whether `root` holds a JavaScript docs site generator's config (Docusaurus, Astro,
/// VitePress): the repository is the website.
fn is_website_root(root: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(root) else { return false };
    entries.flatten().any(|e| {
        let name = e.file_name();
        let name = name.to_string_lossy();
        use crate::scan::site::Generator;
        matches!(Generator::of_config(&name), Some(Generator::Docusaurus | Generator::Astro))
            || (name == ".vitepress" && e.file_type().is_ok_and(|t| t.is_dir()))
    })
}

/// Records a package that is published (not `private`) and its repository.
fn published(known: &mut KnownVersions, pkg: &Value, source: &str, is_root: bool) -> Option<usize> {
    let repo = pkg["repository"].as_str().or_else(|| pkg["repository"]["url"].as_str());
    if let Some(slug) = repo.and_then(|r| repo_slug(r).or_else(|| npm_shorthand(r))) {
        known.push_repo(slug, source);
    }
    if pkg["private"].as_bool() == Some(true) {
        return None;
    }
    package(known, pkg["name"].as_str()?, pkg["version"].as_str()?, source, is_root)
}

/// The repository npm's shorthand names (`"repository": "nitrojs/nitro"` or
/// `"github:nitrojs/nitro"` is GitHub's, `"gitlab:o/n"` GitLab's; package.json docs,
/// "repository"), as `owner/name`.
fn npm_shorthand(repo: &str) -> Option<String> {
    let repo = repo.trim().to_lowercase();
    let path = ["github:", "gitlab:"].iter().find_map(|p| repo.strip_prefix(p)).unwrap_or(&repo);
    let (owner, name) = path.split_once('/')?;
    let ok = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    (ok(owner) && ok(name)).then(|| format!("{owner}/{}", name.trim_end_matches(".git")))
}

/// The package managers whose major release a doc must name: pnpm's lockfile format
/// and yarn's (classic or berry) change with the major, so it decides whether a checkout
/// installs; npm's changes less, but a doc naming an older major than the one pinned
/// ("This project uses **npm** (version 10.8.0)" in lerna's CLAUDE.md, beside
/// `npm@12.0.1`) is still stale — on the 666 labeled repositories npm added that one row.
const MAJOR_BOUND_MANAGERS: [&str; 3] = ["pnpm", "yarn", "npm"];

/// The root's `packageManager` (`pnpm@10.33.4+sha512.…`): the release the repository
/// is developed with. Its major is what a doc's setup steps must name — CopilotKit's
/// "pnpm v9.x (`npm i -g pnpm@^9`)" beside `pnpm@10.33.4` installs nothing; a minor
/// behind still works (corepack fetches the pinned one).
fn push_package_manager(known: &mut KnownVersions, spec: &str) {
    let Some((name, version)) = spec.trim().split_once('@') else { return };
    if !MAJOR_BOUND_MANAGERS.contains(&name) {
        return;
    }
    let version = version.split('+').next().unwrap_or_default();
    let source = format!("{PACKAGE_MANAGER_SOURCE} (`{name}@{version}`)");
    // The full release is the pin a setting of the setup answers to (`yarn@4.18.0`).
    known.push_pin(&[name], version, &source);
    let Some(major) = parse_version(version).and_then(|v| v.first().copied()) else { return };
    known.versions.push(KnownVersion {
        names: vec![name.to_string()],
        version: vec![major],
        max: None,
        source,
        bound: Bound::Minimum,
        major_only_ok: true,
        in_prose: true,
        package: false,
        scope: String::new(),
    });
}

/// Names docs give VS Code; `code` counts only after `vs` or `studio` (the prose reader
/// folds those into `vscode`).
const VSCODE_NAMES: [&str; 1] = ["vscode"];

/// VS Code's floor for an extension: `engines.vscode` (`^1.100.0`) of the root
/// `package.json` and of each one in `packages` (at most two folders below,
/// `read::package_folders`),
/// each holding for the docs of its folder ("Open this example in VS Code 1.47+" beside
/// a sample's `^1.100.0`). Private packages count: an extension is published to the
/// marketplace, not to npm, and a sample is run as it is.
fn vscode_floors(
    root: &Path,
    root_pkg: Option<&Value>,
    packages: &[String],
    known: &mut KnownVersions,
) {
    let mut push = |pkg: &Value, dir: &str| {
        let Some(floor) = pkg["engines"]["vscode"].as_str().and_then(lowest_allowed) else {
            return;
        };
        let source = if dir.is_empty() {
            "package.json engines.vscode".to_string()
        } else {
            format!("{dir}/package.json engines.vscode")
        };
        known.versions.push(KnownVersion {
            names: VSCODE_NAMES.iter().map(|n| n.to_string()).collect(),
            version: floor,
            max: None,
            source,
            bound: Bound::Minimum,
            major_only_ok: false,
            in_prose: true,
            package: false,
            scope: dir.to_string(),
        });
    };
    if let Some(pkg) = root_pkg {
        push(pkg, "");
    }
    for dir in packages {
        // Most packages are no extension: parse only a file that names VS Code.
        let text = read::text(root, &format!("{dir}/package.json"));
        if let Some(pkg) = text
            .filter(|t| t.contains("\"vscode\""))
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        {
            push(&pkg, dir);
        }
    }
}

/// The Docusaurus release each site folder builds with: a folder holding
/// `docusaurus.config.*` and a `package.json` that depends on `@docusaurus/core`. Its
/// docs state it ("This website is built using Docusaurus 2", the README the v2
/// scaffold wrote, kept after the site moved to `^3.9.2`: six sites among the labeled
/// repositories, and no other page of theirs names a Docusaurus release). Private
/// packages count: a website is never published. The project's own Docusaurus (the
/// framework's repository) is checked as its package instead.
fn site_generators(
    root: &Path,
    root_pkg: Option<&Value>,
    packages: &[String],
    known: &mut KnownVersions,
) {
    const CORE: &str = "@docusaurus/core";
    let builds_site = |dir: &str| {
        std::fs::read_dir(root.join(dir)).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with("docusaurus.config."))
        })
    };
    let mut push = |pkg: &Value, dir: &str| {
        let range = ["dependencies", "devDependencies"]
            .iter()
            .find_map(|k| pkg[*k][CORE].as_str().map(|r| (*k, r)));
        let Some((table, floor)) = range.and_then(|(k, r)| Some((k, lowest_allowed(r)?))) else {
            return;
        };
        let file =
            if dir.is_empty() { "package.json".to_string() } else { format!("{dir}/package.json") };
        known.versions.push(KnownVersion {
            names: vec!["docusaurus".to_string()],
            version: floor,
            max: None,
            source: format!("{file} {table}.{CORE}"),
            bound: Bound::Minimum,
            major_only_ok: true,
            in_prose: true,
            package: false,
            scope: dir.to_string(),
        });
    };
    if let Some(pkg) = root_pkg.filter(|_| builds_site("")) {
        push(pkg, "");
    }
    for dir in packages.iter().filter(|d| !d.is_empty() && builds_site(d)) {
        let text = read::text(root, &format!("{dir}/package.json"));
        if let Some(pkg) =
            text.filter(|t| t.contains(CORE)).and_then(|t| serde_json::from_str::<Value>(&t).ok())
        {
            push(&pkg, dir);
        }
    }
}

/// The release of Node the repository is developed with (`KnownVersions::pins`):
/// `.nvmrc`, else `.node-version`, else Volta's `node` (the package manager's is
/// `push_package_manager`'s).
fn node_pins(root: &Path, pkg: Option<&Value>, known: &mut KnownVersions) {
    let files = [".nvmrc", ".node-version"];
    let node = files.iter().find_map(|f| Some((read::text(root, f)?, f.to_string())));
    let volta = || {
        let v = pkg?["volta"]["node"].as_str()?;
        Some((v.to_string(), "package.json volta.node".to_string()))
    };
    if let Some((text, source)) = node.or_else(volta) {
        known.push_pin(&NODE_NAMES, text.lines().next().unwrap_or_default(), &source);
    }
}

fn nvmrc(root: &Path) -> Option<Vec<u64>> {
    parse_version(&read::text(root, ".nvmrc")?)
}

fn push_node(known: &mut KnownVersions, version: Option<Vec<u64>>, source: &str, bound: Bound) {
    let Some(version) = version else { return };
    known.versions.push(KnownVersion {
        names: NODE_NAMES.iter().map(|n| n.to_string()).collect(),
        version,
        max: None,
        source: source.into(),
        bound,
        major_only_ok: true,
        in_prose: true,
        package: false,
        scope: String::new(),
    });
}

/// The oldest version an npm range allows (`^20.19.0 || >=22.12.0` → 20.19.0), read
/// with `semver` one `||` alternative at a time.
pub fn lowest_allowed(range: &str) -> Option<Vec<u64>> {
    range.split("||").filter_map(|alt| lower_bound(&VersionReq::parse(&npm_set(alt)).ok()?)).min()
}

/// One npm comparator set in `semver`'s syntax: npm separates comparators with spaces
/// (`>=20.18.1 <21`), `semver` with commas; a hyphen range (`20.18 - 22`) starts at its
/// first end.
fn npm_set(alt: &str) -> String {
    let alt = alt.trim();
    if let Some((low, _)) = alt.split_once(" - ") {
        return format!(">={}", low.trim());
    }
    // `>= 20` is one comparator: join an operator to its version first.
    let mut parts: Vec<String> = Vec::new();
    for word in alt.split_whitespace() {
        match parts.last_mut() {
            Some(last) if last.chars().all(|c| "<>=^~".contains(c)) => last.push_str(word),
            _ => parts.push(word.to_string()),
        }
    }
    parts.join(", ")
}

/// The lowest version a requirement's lower bounds allow.
pub fn lower_bound(req: &VersionReq) -> Option<Vec<u64>> {
    req.comparators
        .iter()
        .filter(|c| {
            matches!(
                c.op,
                Op::GreaterEq | Op::Greater | Op::Caret | Op::Tilde | Op::Exact | Op::Wildcard
            )
        })
        .map(|c| {
            let mut v = vec![c.major];
            v.extend(c.minor);
            v.extend(c.minor.and(c.patch));
            v
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn npm_shorthand_repositories() {
        assert_eq!(npm_shorthand("nitrojs/nitro").as_deref(), Some("nitrojs/nitro"));
        assert_eq!(npm_shorthand("github:Acme/Tool").as_deref(), Some("acme/tool"));
        assert_eq!(npm_shorthand("gitlab:acme/tool.git").as_deref(), Some("acme/tool"));
        assert_eq!(npm_shorthand("bitbucket:acme/tool"), None);
        assert_eq!(npm_shorthand("gist:11081aaa281"), None);
        assert_eq!(npm_shorthand("https://example.com/a/b"), None);
    }

    #[test]
    fn npm_ranges_give_their_lowest_version() {
        assert_eq!(lowest_allowed("^20.19.0 || >=22.12.0"), Some(vec![20, 19, 0]));
        assert_eq!(lowest_allowed(">=18"), Some(vec![18]));
        assert_eq!(lowest_allowed("18.x || 20.x"), Some(vec![18]));
        assert_eq!(lowest_allowed("latest"), None);
        // npm writes a set with spaces; `semver` wants commas.
        assert_eq!(lowest_allowed(">=20.18.1 <21 || >=22.9.0"), Some(vec![20, 18, 1]));
        assert_eq!(lowest_allowed(">= 18 < 23"), Some(vec![18]));
        assert_eq!(lowest_allowed("16.14 - 22"), Some(vec![16, 14]));
    }

    #[test]
    fn engines_win_over_nvmrc_and_private_packages_are_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let w = |rel: &str, t: &str| crate::test_files::write(d, rel, t);
        w(
            "package.json",
            r#"{"name": "mono", "private": true, "engines": {"node": ">=20.19"}, "repository": {"url": "git+https://github.com/acme/mono.git"}}"#,
        );
        w(".nvmrc", "22\n");
        w("pnpm-workspace.yaml", "packages:\n  - packages/*\n  - '!packages/skip'\n");
        w("packages/vite/package.json", r#"{"name": "vite", "version": "7.1.0"}"#);
        w("packages/skip/package.json", r#"{"name": "skip", "version": "1.0.0"}"#);
        w("packages/play/package.json", r#"{"name": "play", "version": "1.0.0", "private": true}"#);
        let mut known = KnownVersions::default();
        assert_eq!(read(d, &[], &mut known), None);
        let node = known.lookup("node.js", "a.md", false, None).unwrap();
        assert_eq!((node.version.clone(), node.bound), (vec![20, 19], Bound::Minimum));
        assert_eq!(known.lookup("vite", "a.md", true, None).unwrap().version, [7, 1, 0]);
        assert!(known.lookup("skip", "a.md", true, None).is_none());
        assert!(known.lookup("play", "a.md", true, None).is_none());
        assert_eq!(known.repos, ["acme/mono"]);
    }

    #[test]
    fn voltas_node_pin_stands_in_for_a_missing_nvmrc() {
        let dir = tempfile::tempdir().unwrap();
        let w = |rel: &str, text: &str| std::fs::write(dir.path().join(rel), text).unwrap();
        w("package.json", r#"{"private": true, "volta": {"node": "26.5.0", "npm": "12.0.1"}}"#);
        let node = |d: &Path| {
            let mut known = KnownVersions::default();
            read(d, &[], &mut known);
            known.index_names();
            known.lookup("node", "a.md", false, None).map(|k| (k.version.clone(), k.source.clone()))
        };
        assert_eq!(node(dir.path()), Some((vec![26, 5, 0], "package.json volta.node".into())));
        w(".nvmrc", "24\n");
        assert_eq!(node(dir.path()), Some((vec![24], ".nvmrc".into())), ".nvmrc first");
    }

    #[test]
    fn a_websites_own_package_says_how_the_site_is_built() {
        let dir = tempfile::tempdir().unwrap();
        let w = |rel: &str, text: &str| std::fs::write(dir.path().join(rel), text).unwrap();
        w(
            "package.json",
            r#"{"private": true, "packageManager": "pnpm@12.0.0", "engines": {"node": ">=22"}}"#,
        );
        w(".nvmrc", "v22\n");
        let node = |k: &KnownVersions| k.lookup("node", "docs/a.md", false, None).cloned();
        let mut known = KnownVersions::default();
        read(dir.path(), &[], &mut known);
        known.index_names();
        assert_eq!(node(&known).unwrap().version, [22]);
        assert!(known.lookup("pnpm", "docs/a.md", false, None).is_some());
        w("docusaurus.config.ts", "export default {};\n");
        let mut known = KnownVersions::default();
        read(dir.path(), &[], &mut known);
        known.index_names();
        assert!(node(&known).is_none(), "the site's build floor");
        assert!(known.lookup("pnpm", "docs/a.md", false, None).is_none());
    }

    #[test]
    fn the_package_managers_major_is_known_bun_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let read_with = |manager: &str| {
            let pkg =
                format!(r#"{{"name": "mono", "private": true, "packageManager": "{manager}"}}"#);
            std::fs::write(d.join("package.json"), pkg).unwrap();
            let mut known = KnownVersions::default();
            read(d, &[], &mut known);
            known
        };
        let known = read_with("pnpm@10.33.4+sha512.0123abcd");
        let pnpm = known.lookup("pnpm", "a.md", false, None).unwrap();
        assert_eq!((pnpm.version.clone(), pnpm.bound), (vec![10], Bound::Minimum));
        assert_eq!(pnpm.source, "package.json packageManager (`pnpm@10.33.4`)");
        assert!(read_with("yarn@4.5.1").lookup("yarn", "a.md", false, None).is_some());
        assert_eq!(
            read_with("npm@12.0.1").lookup("npm", "a.md", false, None).unwrap().version,
            [12]
        );
        assert!(read_with("bun@1.2.0").lookup("bun", "a.md", false, None).is_none());
        assert!(read_with("pnpm").lookup("pnpm", "a.md", false, None).is_none());
    }

    #[test]
    fn without_a_root_floor_the_lowest_published_members_floor_holds() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let w = |rel: &str, t: &str| crate::test_files::write(d, rel, t);
        w("package.json", r#"{"name": "mono", "private": true, "engines": {"pnpm": ">=10"}}"#);
        w(".nvmrc", "24\n");
        w("pnpm-workspace.yaml", "packages:\n  - packages/*\n");
        w(
            "packages/kit/package.json",
            r#"{"name": "kit", "version": "3.0.0", "engines": {"node": ">=22.17"}}"#,
        );
        w(
            "packages/img/package.json",
            r#"{"name": "img", "version": "1.0.0", "engines": {"node": ">=22"}}"#,
        );
        w("packages/auto/package.json", r#"{"name": "auto", "version": "1.0.0"}"#);
        w(
            "packages/play/package.json",
            r#"{"name": "play", "private": true, "engines": {"node": ">=18"}}"#,
        );
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let node = known.lookup("node", "docs/a.md", false, None).unwrap();
        assert_eq!((node.version.clone(), node.bound), (vec![22], Bound::Minimum));
        assert_eq!(
            node.source,
            "the lowest engines.node of the workspace packages (packages/img/package.json and 1 more)"
        );
    }

    #[test]
    fn a_private_roots_higher_floor_is_for_developing_the_monorepo() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let w = |rel: &str, t: &str| crate::test_files::write(d, rel, t);
        w("package.json", r#"{"name": "mono", "private": true, "engines": {"node": ">=22.18.0"}}"#);
        w("pnpm-workspace.yaml", "packages:\n  - packages/*\n");
        w(
            "packages/core/package.json",
            r#"{"name": "@acme/core", "version": "2.0.0", "engines": {"node": "^20.19.0 || >=22.12.0"}}"#,
        );
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let node = known.lookup("node", "docs/a.md", false, None).unwrap();
        assert_eq!(node.version, [20, 19, 0]);
        assert_eq!(node.source, "packages/core/package.json engines.node");
        // A published root's floor is its users' floor, whatever the members ask.
        w(
            "package.json",
            r#"{"name": "mono", "version": "1.0.0", "engines": {"node": ">=22.18.0"}}"#,
        );
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let node = known.lookup("node", "docs/a.md", false, None).unwrap();
        assert_eq!(
            (node.version.clone(), node.source.as_str()),
            (vec![22, 18, 0], "package.json engines.node")
        );
    }
}
