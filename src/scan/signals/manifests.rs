//! The versions a project declares: its own (Cargo.toml, package.json, pyproject.toml)
//! and its pinned toolchains (rust-toolchain(.toml), `rust-version` as a fallback,
//! .nvmrc, .python-version, go.mod's `go` directive). Read with the format's parser
//! (toml, serde_json); the one-line pin files are a bare version by definition. Each is
//! read through `fsio::read_confined` (a regular file inside the root, at most 4 MiB);
//! one that is not is treated as absent.

use std::path::Path;

/// A version the project is on, and the names a doc calls it by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownVersion {
    /// Lowercase names that precede a version in prose (`rust`, `node.js`, the crate).
    pub names: Vec<String>,
    /// Numeric components, e.g. `[1, 85, 0]`.
    pub version: Vec<u64>,
    /// Where it was read, root-relative.
    pub source: String,
    /// Whether a major-only mention (`Node 20`) counts.
    pub major_only_ok: bool,
}

/// Every version declared at `root`.
pub fn known_versions(root: &Path) -> Vec<KnownVersion> {
    let mut out = Vec::new();
    let read = |name: &str| {
        let bytes = crate::fsio::read_confined(root, name, crate::fsio::SMALL_FILE_MAX_BYTES);
        bytes.ok().and_then(|b| String::from_utf8(b).ok())
    };
    let mut push = |names: &[&str], version: Option<String>, source: &str, major_only_ok: bool| {
        let Some(version) = version.as_deref().and_then(parse_version) else {
            return;
        };
        let names =
            names.iter().filter(|n| !n.is_empty()).map(|n| n.to_lowercase()).collect::<Vec<_>>();
        if !names.is_empty() {
            out.push(KnownVersion { names, version, source: source.into(), major_only_ok });
        }
    };
    let mut rust_pin = None;
    if let Some(cargo) = read("Cargo.toml").and_then(|t| t.parse::<toml::Table>().ok()) {
        let pkg = cargo.get("package").and_then(|p| p.as_table());
        let ws = cargo.get("workspace").and_then(|w| w.get("package")).and_then(|p| p.as_table());
        let field = |k: &str| {
            pkg.and_then(|p| p.get(k))
                .and_then(|v| v.as_str())
                .or_else(|| ws.and_then(|p| p.get(k)).and_then(|v| v.as_str()))
                .map(str::to_string)
        };
        if let Some(name) = field("name") {
            push(&[&name], field("version"), "Cargo.toml", false);
        }
        rust_pin = field("rust-version").map(|v| (v, "Cargo.toml"));
    }
    let toolchain = read("rust-toolchain.toml")
        .and_then(|t| t.parse::<toml::Table>().ok())
        .and_then(|t| t.get("toolchain")?.get("channel")?.as_str().map(str::to_string))
        .map(|v| (v, "rust-toolchain.toml"))
        .or_else(|| read("rust-toolchain").map(|t| (t.trim().to_string(), "rust-toolchain")));
    if let Some((v, source)) = toolchain.or(rust_pin) {
        push(&["rust", "rustc"], Some(v), source, false);
    }
    if let Some(pkg) =
        read("package.json").and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
    {
        if let (Some(name), Some(v)) = (pkg["name"].as_str(), pkg["version"].as_str()) {
            push(&[name], Some(v.into()), "package.json", false);
        }
    }
    if let Some(py) = read("pyproject.toml").and_then(|t| t.parse::<toml::Table>().ok()) {
        let table = py.get("project").or_else(|| py.get("tool").and_then(|t| t.get("poetry")));
        let get =
            |k: &str| table.and_then(|t| t.get(k)).and_then(|v| v.as_str()).map(str::to_string);
        if let Some(name) = get("name") {
            push(&[&name], get("version"), "pyproject.toml", false);
        }
    }
    push(&["node", "node.js", "nodejs"], read(".nvmrc"), ".nvmrc", true);
    push(&["python", "cpython"], read(".python-version"), ".python-version", false);
    let go = read("go.mod").and_then(|t| {
        t.lines().find_map(|l| l.trim().strip_prefix("go ").map(|v| v.trim().to_string()))
    });
    push(&["go", "golang"], go, "go.mod", false);
    out
}

/// `1.2.3`, `v20`, `3.12` → numeric components (1 to 3); anything else → `None`.
pub fn parse_version(text: &str) -> Option<Vec<u64>> {
    let text = text.trim().trim_start_matches(['v', 'V']);
    let core = text.split(['-', '+']).next()?;
    let parts: Vec<u64> = core.split('.').map(|p| p.parse().ok()).collect::<Option<_>>()?;
    (1..=3).contains(&parts.len()).then_some(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse() {
        assert_eq!(parse_version("1.85.0"), Some(vec![1, 85, 0]));
        assert_eq!(parse_version("v20\n"), Some(vec![20]));
        assert_eq!(parse_version("1.0.0-beta.1"), Some(vec![1, 0, 0]));
        assert_eq!(parse_version("stable"), None);
        assert_eq!(parse_version("lts/iron"), None);
        assert_eq!(parse_version("1.2.3.4"), None);
    }

    #[test]
    fn manifests_and_pins_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let w = |n: &str, t: &str| std::fs::write(dir.path().join(n), t).unwrap();
        w(
            "Cargo.toml",
            "[package]\nname = \"widget\"\nversion = \"2.3.1\"\nrust-version = \"1.80\"\n",
        );
        w("rust-toolchain.toml", "[toolchain]\nchannel = \"1.85.0\"\n");
        w(".nvmrc", "v20\n");
        w("go.mod", "module x\n\ngo 1.22\n");
        let known = known_versions(dir.path());
        let find =
            |n: &str| known.iter().find(|k| k.names.contains(&n.to_string())).cloned().unwrap();
        assert_eq!(find("widget").version, [2, 3, 1]);
        assert_eq!(find("rust").version, [1, 85, 0]);
        assert_eq!(find("rust").source, "rust-toolchain.toml");
        assert_eq!(find("node.js").version, [20]);
        assert_eq!(find("go").version, [1, 22]);
        assert!(known.iter().all(|k| !k.names.contains(&"python".to_string())));
    }
}
