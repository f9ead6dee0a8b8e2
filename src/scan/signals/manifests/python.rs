//! Python: `pyproject.toml` — the project (`[project]` or `[tool.poetry]` name and a
//! static version), the supported interpreters (`requires-python`, or Poetry's
//! `[tool.poetry.dependencies] python`, the minimum, and the
//! `Programming Language :: Python :: 3.x` classifiers, the supported range), the tools
//! it pins (`[tool.<name>] required-version`, e.g. uv's or ruff's), its repository
//! (`[project.urls]`) — and `.python-version`, a pin used only when no minimum is
//! declared. Specifiers are read with `semver` clause by clause (`~=` as `>=`); a clause
//! it cannot read is left out.

use std::path::Path;

use semver::{Op, VersionReq};

use super::collect::package;
use super::known::{extra_name, parse_version, repo_slug, Bound, KnownVersion, KnownVersions};
use super::node::lower_bound;
use super::read;

const PYTHON_NAMES: [&str; 2] = ["python", "cpython"];

/// What the Python files declare; returns the root package's index in `known.versions`.
pub fn read(root: &Path, packages: &[String], known: &mut KnownVersions) -> Option<usize> {
    let py = read::toml(root, "pyproject.toml");
    let project = py.as_ref().and_then(|p| p.get("project")).and_then(|p| p.as_table());
    let poetry = py.as_ref().and_then(|p| p.get("tool")?.get("poetry")?.as_table());
    let get = |k: &str| {
        project
            .and_then(|t| t.get(k))
            .or_else(|| poetry.and_then(|t| t.get(k)))
            .and_then(|v| v.as_str())
    };
    if let Some(text) = read::text(root, ".python-version") {
        known.push_pin(&PYTHON_NAMES, text.lines().next().unwrap_or_default(), ".python-version");
    }
    let name = get("name");
    let mut index = None;
    if let (Some(name), Some(version)) = (name, get("version")) {
        index = package(known, name, version, "pyproject.toml", true);
    }
    // The extras a doc may ask for (`pip install "beanie[srv]"`): `[project]`'s
    // `optional-dependencies`, or Poetry's `[tool.poetry.extras]`.
    let dynamic = project
        .and_then(|p| p.get("dynamic")?.as_array())
        .is_some_and(|d| d.iter().any(|v| v.as_str() == Some("optional-dependencies")));
    if let (Some(name), false) = (name, dynamic) {
        let tables = [
            project.and_then(|p| p.get("optional-dependencies")?.as_table()),
            poetry.and_then(|p| p.get("extras")?.as_table()),
        ];
        let extras = tables.into_iter().flatten().flat_map(|t| t.keys()).map(|k| extra_name(k));
        known.python_extras = Some((extra_name(name), extras.collect()));
    }
    let readme = project.and_then(|p| p.get("readme"));
    let readme = readme.and_then(|r| r.as_str().or_else(|| r.get("file")?.as_str()));
    if let Some(readme) = readme.or_else(|| get("readme")) {
        known.push_readme(root, "", readme);
    }
    // `[project.urls]`; Poetry's `repository` and `homepage` fields and `[tool.poetry.urls]`
    // (OpenHands' `repository = "https://github.com/OpenHands/OpenHands"`).
    let urls = [project, poetry].into_iter().flatten().filter_map(|t| t.get("urls")?.as_table());
    let fields = poetry.into_iter().flat_map(|t| ["repository", "homepage"].map(|k| t.get(k)));
    let urls = urls.flat_map(|u| u.values()).chain(fields.flatten());
    for url in urls.filter_map(|v| v.as_str()) {
        if let Some(slug) = repo_slug(url) {
            if !known.repos.contains(&slug) {
                known.repos.push(slug);
            }
        }
    }
    let classifiers: Vec<Vec<u64>> = project
        .and_then(|p| p.get("classifiers"))
        .and_then(|c| c.as_array())
        .into_iter()
        .flatten()
        .filter_map(|c| c.as_str()?.strip_prefix("Programming Language :: Python :: "))
        .filter_map(|v| parse_version(v).filter(|v| v.len() == 2))
        .collect();
    let listed = (classifiers.iter().min().cloned(), classifiers.iter().max().cloned());
    let (requires, field) = py.as_ref().and_then(python_spec).unzip();
    let members = || py.as_ref().and_then(|p| members_minimum(root, p));
    let (version, source, bound, spec) = match (requires.and_then(minimum), listed.0) {
        (Some(v), _) => (
            Some(v),
            format!("pyproject.toml {}", field.unwrap_or("requires-python")),
            Bound::Minimum,
            requires.map(str::to_string),
        ),
        (None, Some(v)) => {
            (Some(v), "pyproject.toml classifiers".to_string(), Bound::Minimum, None)
        }
        // A uv workspace's root is often no package: its members declare the floor
        // (crewAI's `lib/*`), and `.python-version` is only the interpreter its
        // developers use.
        (None, None) => match (members(), setup_floor(root)) {
            (Some((v, member, spec, field)), _) => {
                (Some(v), format!("{member}/pyproject.toml {field}"), Bound::Minimum, Some(spec))
            }
            (None, Some((v, spec, file))) => {
                (Some(v), format!("{file} python_requires"), Bound::Minimum, Some(spec))
            }
            (None, None) => match own_package(root, packages, &known.repos) {
                Some((v, dir, spec, field)) => {
                    let source =
                        format!("{dir}/pyproject.toml {field}, the repository's own package");
                    (Some(v), source, Bound::Minimum, Some(spec))
                }
                None => (
                    read::text(root, ".python-version")
                        .and_then(|t| parse_version(t.lines().next()?)),
                    ".python-version".to_string(),
                    Bound::Current,
                    None,
                ),
            },
        },
    };
    if let Some(version) = version {
        // The newest release the project supports: the classifiers' list, else the
        // ceiling of `requires-python` (`>=3.10,<3.14` ends at 3.13: crewAI's
        // "Python 3.10–3.14" claims one release too many).
        let ceiling = spec.as_deref().and_then(newest);
        let max = listed.1.filter(|_| classifiers.len() > 1);
        let source = match (&max, &ceiling) {
            (Some(_), _) if source != "pyproject.toml classifiers" => {
                format!("{source} and classifiers")
            }
            (None, Some(_)) => {
                format!("{source} (`{}`)", spec.as_deref().unwrap_or_default().trim())
            }
            _ => source,
        };
        let max = max.or(ceiling);
        known.versions.push(KnownVersion {
            names: PYTHON_NAMES.iter().map(|n| n.to_string()).collect(),
            version,
            max,
            source,
            bound,
            major_only_ok: false,
            in_prose: true,
            package: false,
            scope: String::new(),
        });
    }
    package_floors(root, packages, known);
    let tools = py.as_ref().and_then(|p| p.get("tool")).and_then(|t| t.as_table());
    for (tool, table) in tools.into_iter().flatten() {
        let Some(spec) = table.get("required-version").and_then(|v| v.as_str()) else { continue };
        let lower = tool.to_lowercase();
        if name.is_some_and(|n| n.to_lowercase() == lower) {
            continue; // the project's own release is known already
        }
        let exact = spec.trim().starts_with(|c: char| c.is_ascii_digit());
        let (version, bound) = if exact {
            (parse_version(spec), Bound::Current)
        } else {
            (minimum(spec), Bound::Minimum)
        };
        let Some(version) = version else { continue };
        known.versions.push(KnownVersion {
            names: vec![lower],
            version,
            max: None,
            source: format!("pyproject.toml tool.{tool}.required-version"),
            bound,
            major_only_ok: false,
            in_prose: true,
            package: false,
            scope: String::new(),
        });
    }
    index
}

/// The Python floor of each package below the root (`packages`: the folders holding a
/// `pyproject.toml`, `read::package_folders`), where one declares it, holding for the
/// docs of its folder: an agent's README in adk-samples' `python/agents/RAG/` answers to
/// that agent's `^3.11`, whatever the root declares, or when it declares nothing.
fn package_floors(root: &Path, packages: &[String], known: &mut KnownVersions) {
    for dir in packages.iter().cloned() {
        let Some(py) = read::toml(root, &format!("{dir}/pyproject.toml")) else { continue };
        let Some((spec, field)) = python_spec(&py) else { continue };
        let Some(version) = minimum(spec) else { continue };
        known.versions.push(KnownVersion {
            names: PYTHON_NAMES.iter().map(|n| n.to_string()).collect(),
            version,
            max: newest(spec),
            source: format!("{dir}/pyproject.toml {field} (`{}`)", spec.trim()),
            bound: Bound::Minimum,
            major_only_ok: false,
            in_prose: true,
            package: false,
            scope: dir,
        });
    }
}

/// The `requires-python` floor of the package a doc at `doc` (root-relative) belongs to,
/// when that is not the root's: the nearest `pyproject.toml` in the doc's folder or a
/// folder above it, below the root, that declares one (zep's
/// `integrations/adk/python/pyproject.toml` on `>=3.11` under a root on `>=3.12`).
pub fn nearest_floor(root: &Path, doc: &str) -> Option<Vec<u64>> {
    let mut dir = doc.rsplit_once('/').map(|(d, _)| d)?;
    loop {
        let py = read::toml(root, &format!("{dir}/pyproject.toml"));
        if let Some(floor) = py.as_ref().and_then(python_spec).and_then(|(spec, _)| minimum(spec)) {
            return Some(floor);
        }
        dir = dir.rsplit_once('/')?.0;
    }
}

/// A `pyproject.toml`'s Python specifier and the field it was read from: PEP 621's
/// `requires-python`, else Poetry's `[tool.poetry.dependencies] python` (`^3.11`, a
/// project Poetry alone describes: adk-samples' agents).
fn python_spec(py: &toml::Table) -> Option<(&str, &'static str)> {
    let pep621 = py.get("project").and_then(|p| p.get("requires-python")?.as_str());
    pep621.map(|s| (s, "requires-python")).or_else(|| {
        let poetry = py.get("tool")?.get("poetry")?.get("dependencies")?.get("python")?;
        Some((poetry.as_str()?, "tool.poetry.dependencies python"))
    })
}

/// Whether `name` (lowercase) names Python.
pub fn is_python(name: &str) -> bool {
    PYTHON_NAMES.contains(&name)
}

/// Most members of a workspace a root lists under `[tool.uv.workspace] members`
/// (paths, or a folder of packages as `packages/*`) read for their floor.
const MAX_MEMBERS: usize = 64;

/// The floor of the repository's own Python package when it lives below a root that
/// declares none: a `pyproject.toml` in a package folder whose `[project]` name is the
/// repository's (`huggingface/tokenizers` → `bindings/python/`, `name = "tokenizers"`,
/// `>=3.10`, while its CONTRIBUTING asks for "Python 3.9+"). Its floor, folder,
/// specifier and field.
fn own_package(
    root: &Path,
    packages: &[String],
    repos: &[String],
) -> Option<(Vec<u64>, String, String, &'static str)> {
    let names: Vec<String> =
        repos.iter().filter_map(|slug| slug.rsplit('/').next()).map(extra_name).collect();
    packages.iter().find_map(|dir| {
        let py = read::toml(root, &format!("{dir}/pyproject.toml"))?;
        let name = py.get("project")?.get("name")?.as_str()?;
        if !names.contains(&extra_name(name)) {
            return None;
        }
        let (spec, field) = python_spec(&py)?;
        Some((minimum(spec)?, dir.clone(), spec.to_string(), field))
    })
}

/// The lowest `requires-python` floor among the uv workspace members `root_py` lists,
/// with the member that declares it.
fn members_minimum(
    root: &Path,
    root_py: &toml::Table,
) -> Option<(Vec<u64>, String, String, &'static str)> {
    let members = root_py.get("tool")?.get("uv")?.get("workspace")?.get("members")?.as_array()?;
    let mut dirs: Vec<String> = Vec::new();
    for member in members.iter().filter_map(|m| m.as_str()) {
        let member = member.trim_end_matches('/');
        match member.strip_suffix("/*") {
            Some(parent) if !parent.contains(['*', '?', '[']) => {
                let Ok(entries) = fs_err::read_dir(root.join(parent)) else { continue };
                let mut names: Vec<String> = entries
                    .filter_map(|e| e.ok())
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                    .filter_map(|e| e.file_name().into_string().ok())
                    .collect();
                names.sort();
                dirs.extend(names.into_iter().map(|n| format!("{parent}/{n}")));
            }
            _ if !member.contains(['*', '?', '[']) => dirs.push(member.to_string()),
            _ => {}
        }
    }
    dirs.into_iter()
        .take(MAX_MEMBERS)
        .filter_map(|dir| {
            let py = read::toml(root, &format!("{dir}/pyproject.toml"))?;
            let (spec, field) = python_spec(&py)?;
            Some((minimum(spec)?, dir, spec.to_string(), field))
        })
        .min()
}

/// `python_requires=">=3.10"` in the root `setup.py`, for a project `pyproject.toml`
/// declares no floor for (accelerate's README "tested on Python 3.8+" beside
/// `python_requires=">=3.10.0"`): the keyword argument written as one string literal,
/// as `setup()` takes it; a value computed at run time is not read. The floor and the
/// specifier.
fn setup_py_floor(root: &Path) -> Option<(Vec<u64>, String)> {
    static PYTHON_REQUIRES: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?m)^\s*python_requires\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)')"#).unwrap()
    });
    let text = read::text(root, "setup.py")?;
    let caps = PYTHON_REQUIRES.captures(&text)?;
    let spec = caps.get(1).or(caps.get(2))?.as_str().to_string();
    Some((minimum(&spec)?, spec))
}

/// The root `setup.py`'s floor, else `setup.cfg`'s, with the file that declares it.
fn setup_floor(root: &Path) -> Option<(Vec<u64>, String, &'static str)> {
    let py = setup_py_floor(root).map(|(v, spec)| (v, spec, "setup.py"));
    py.or_else(|| setup_cfg_floor(root).map(|(v, spec)| (v, spec, "setup.cfg")))
}

/// `python_requires = >=3.10` in `[options]` of the root `setup.cfg`, setuptools'
/// declarative config (pre-commit's, beside its CONTRIBUTING's `tox -e py37`), read
/// with `configparser` as setuptools reads the file. The floor and the specifier.
fn setup_cfg_floor(root: &Path) -> Option<(Vec<u64>, String)> {
    let text = read::text(root, "setup.cfg")?;
    let mut ini = configparser::ini::Ini::new();
    ini.set_multiline(true);
    ini.read(text).ok()?;
    let spec = ini.get("options", "python_requires")?;
    let spec = spec.trim().to_string();
    Some((minimum(&spec)?, spec))
}

/// The newest minor release a PEP 440 specifier set allows, when it caps the minor
/// (`>=3.10,<3.14` → 3.13, `<=3.13` → 3.13); `<4` and `<4.0` cap no minor: none.
fn newest(spec: &str) -> Option<Vec<u64>> {
    spec.split(',')
        .filter_map(|clause| {
            let req = VersionReq::parse(clause.trim()).ok()?;
            let c = req.comparators.first()?;
            match (c.op, c.minor, c.patch) {
                (Op::Less, Some(minor), None | Some(0)) if minor > 0 => {
                    Some(vec![c.major, minor - 1])
                }
                (Op::LessEq, Some(minor), None) => Some(vec![c.major, minor]),
                _ => None,
            }
        })
        .min()
}

/// The oldest version a PEP 440 specifier set allows (`>=3.10,<4` → 3.10).
fn minimum(spec: &str) -> Option<Vec<u64>> {
    spec.split(',')
        .filter_map(|clause| {
            let clause = clause.trim().replace("~=", ">=").replace("==", "=");
            lower_bound(&VersionReq::parse(&clause).ok()?)
        })
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_requires_python_ceiling_ends_the_supported_range() {
        assert_eq!(newest(">=3.10,<3.14"), Some(vec![3, 13]));
        assert_eq!(newest(">=3.10, <=3.13"), Some(vec![3, 13]));
        assert_eq!(newest(">=3.9,<4"), None, "a major cap names no newest minor");
        assert_eq!(newest(">=3.9,<4.0"), None);
        assert_eq!(newest(">=3.10"), None);
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let pyproject = "[project]\nname = \"crewai\"\nrequires-python = \">=3.10,<3.14\"\n";
        std::fs::write(d.join("pyproject.toml"), pyproject).unwrap();
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let py = known.lookup("python", "a.md", false, None).unwrap();
        assert_eq!((py.version.clone(), py.max.clone()), (vec![3, 10], Some(vec![3, 13])));
        assert_eq!(py.source, "pyproject.toml requires-python (`>=3.10,<3.14`)");
        // Classifiers list the range themselves and win.
        let listed = format!(
            "{pyproject}classifiers = [\"Programming Language :: Python :: 3.10\", \"Programming Language :: Python :: 3.12\"]\n"
        );
        std::fs::write(d.join("pyproject.toml"), listed).unwrap();
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let py = known.lookup("python", "a.md", false, None).unwrap();
        assert_eq!(py.max, Some(vec![3, 12]));
    }

    #[test]
    fn a_package_below_the_root_has_its_own_floor() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let w = |rel: &str, t: &str| crate::test_files::write(d, rel, t);
        w("pyproject.toml", "[project]\nname = \"root\"\nrequires-python = \">=3.12\"\n");
        w(
            "integrations/adk/python/pyproject.toml",
            "[project]\nname = \"adk\"\nrequires-python = \">=3.11\"\n",
        );
        w("integrations/bare/pyproject.toml", "[project]\nname = \"bare\"\n");
        // A project Poetry alone describes (adk-samples' agents): its `python` floor.
        w(
            "agents/rag/pyproject.toml",
            "[project]\nname = \"rag\"\n[tool.poetry.dependencies]\npython = \"^3.11\"\n",
        );
        assert_eq!(nearest_floor(d, "agents/rag/README.md"), Some(vec![3, 11]));
        assert_eq!(nearest_floor(d, "integrations/adk/python/README.md"), Some(vec![3, 11]));
        assert_eq!(nearest_floor(d, "integrations/adk/python/docs/a.md"), Some(vec![3, 11]));
        // A package without a floor, and a doc outside any, answer to the root.
        assert_eq!(nearest_floor(d, "integrations/bare/README.md"), None);
        assert_eq!(nearest_floor(d, "docs/a.md"), None);
        assert_eq!(nearest_floor(d, "README.md"), None);
    }

    /// tokenizers: no Python manifest at the root, its package in `bindings/python/`.
    #[test]
    fn the_repositorys_own_package_below_a_bare_root_sets_the_floor() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let w = |rel: &str, t: &str| crate::test_files::write(d, rel, t);
        w("scripts/pyproject.toml", "[project]\nname = \"tools\"\nrequires-python = \">=3.8\"\n");
        w(
            "bindings/python/pyproject.toml",
            "[project]\nname = \"Tokenizers\"\nrequires-python = \">=3.10\"\n",
        );
        let packages = ["bindings/python".to_string(), "scripts".to_string()];
        let floor = |repos: &[&str]| {
            let mut known = KnownVersions::default();
            known.repos = repos.iter().map(|r| r.to_string()).collect();
            read(d, &packages, &mut known);
            known
                .versions
                .iter()
                .find(|k| k.scope.is_empty() && is_python(&k.names[0]))
                .map(|k| (k.version.clone(), k.source.clone()))
        };
        let (version, source) = floor(&["huggingface/tokenizers"]).unwrap();
        assert_eq!(version, [3, 10]);
        assert!(source.contains("the repository's own package"), "{source}");
        assert_eq!(floor(&["someone/else"]), None, "no package of the repository's name");
    }

    #[test]
    fn setuptools_declares_the_floor_in_setup_py_or_setup_cfg() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let floor = |known: &KnownVersions| {
            let k = known.lookup("python", "README.md", false, None)?;
            Some((k.version.clone(), k.source.clone()))
        };
        // pre-commit's: a multi-line `install_requires` before it, `=` spaced.
        crate::test_files::write(
            d,
            "setup.cfg",
            "[metadata]\nname = pre_commit\n\n[options]\npackages = find:\ninstall_requires =\n    cfgv>=2.0.0\n    identify>=1.0.0\npython_requires = >=3.10\n",
        );
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let cfg = Some((vec![3, 10], "setup.cfg python_requires".to_string()));
        assert_eq!(floor(&known), cfg);
        // `setup.py` speaks first.
        crate::test_files::write(d, "setup.py", "setup(\n    python_requires=\">=3.9\",\n)\n");
        let mut known = KnownVersions::default();
        read(d, &[], &mut known);
        let py = Some((vec![3, 9], "setup.py python_requires".to_string()));
        assert_eq!(floor(&known), py);
    }

    #[test]
    fn a_uv_workspace_root_takes_its_members_floor() {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str, text: &str| {
            let p = dir.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        write(
            "pyproject.toml",
            "name = \"ws\"\n[tool.uv.workspace]\nmembers = [\"lib/core\", \"plugins/*\"]\n",
        );
        write(
            "lib/core/pyproject.toml",
            "[project]\nname = \"core\"\nrequires-python = \">=3.11\"\n",
        );
        write(
            "plugins/a/pyproject.toml",
            "[project]\nname = \"a\"\nrequires-python = \">=3.10, <3.14\"\n",
        );
        write(".python-version", "3.13\n");
        let mut known = KnownVersions::default();
        read(dir.path(), &[], &mut known);
        let py = known.versions.iter().find(|k| k.names.contains(&"python".to_string())).unwrap();
        assert_eq!(py.version, [3, 10]);
        assert_eq!(py.bound, Bound::Minimum);
        // The member's ceiling ends the range (crewAI's "Python 3.10–3.14").
        assert_eq!(py.source, "plugins/a/pyproject.toml requires-python (`>=3.10, <3.14`)");
        assert_eq!(py.max, Some(vec![3, 13]));
    }

    #[test]
    fn specifiers_give_their_minimum() {
        assert_eq!(minimum(">=3.10"), Some(vec![3, 10]));
        assert_eq!(minimum(">=3.8, <4"), Some(vec![3, 8]));
        assert_eq!(minimum("~=3.9"), Some(vec![3, 9]));
        assert_eq!(minimum(">=0.9.25"), Some(vec![0, 9, 25]));
        assert_eq!(minimum("<4"), None);
    }

    #[test]
    fn interpreters_range_and_pinned_tools() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("pyproject.toml"),
            "[project]\nname = \"kit\"\ndynamic = [\"version\"]\nrequires-python = \">=3.10\"\nclassifiers = [\"Programming Language :: Python :: 3\", \"Programming Language :: Python :: 3.10\", \"Programming Language :: Python :: 3.14\"]\n[project.urls]\nSource = \"https://github.com/acme/kit\"\n[tool.uv]\nrequired-version = \">=0.9.25\"\n[tool.ruff]\nrequired-version = \"0.4.1\"\n",
        )
        .unwrap();
        std::fs::write(dir.path().join(".python-version"), "3.12\n").unwrap();
        let mut known = KnownVersions::default();
        assert_eq!(read(dir.path(), &[], &mut known), None, "the version is dynamic");
        let py = known.lookup("python", "a.md", false, None).unwrap();
        assert_eq!((py.version.clone(), py.max.clone()), (vec![3, 10], Some(vec![3, 14])));
        assert_eq!(py.bound, Bound::Minimum);
        let uv = known.lookup("uv", "a.md", false, None).unwrap();
        assert_eq!((uv.version.clone(), uv.bound), (vec![0, 9, 25], Bound::Minimum));
        assert_eq!(known.lookup("ruff", "a.md", false, None).unwrap().bound, Bound::Current);
        assert_eq!(known.repos, ["acme/kit"]);
    }

    #[test]
    fn poetrys_repository_fields_name_the_project() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("pyproject.toml"),
            "[tool.poetry]\nname = \"kit\"\nversion = \"1.0.0\"\nrepository = \"https://github.com/Acme/Kit\"\nhomepage = \"https://kit.dev\"\n[tool.poetry.urls]\nTracker = \"https://github.com/acme/kit-issues/issues\"\n",
        )
        .unwrap();
        let mut known = KnownVersions::default();
        read(dir.path(), &[], &mut known);
        assert_eq!(
            known.repos,
            ["acme/kit-issues", "acme/kit"],
            "a site that is no forge is no repository"
        );
    }
}
