//! Go: the `go` directive of `go.mod`, the minimum Go version the module needs.

use std::path::Path;

use super::known::{parse_version, Bound, KnownVersion, KnownVersions};
use super::read;

/// Records the `go` directive.
pub fn read(root: &Path, known: &mut KnownVersions) {
    let Some(text) = read::text(root, "go.mod") else { return };
    let go = text.lines().find_map(|l| l.trim().strip_prefix("go ").map(str::trim));
    let Some(version) = go.and_then(parse_version) else { return };
    known.versions.push(KnownVersion {
        names: vec!["go".into(), "golang".into()],
        version,
        max: None,
        source: "go.mod".into(),
        bound: Bound::Minimum,
        major_only_ok: false,
        in_prose: true,
        package: false,
        scope: String::new(),
    });
}
