//! GitHub Actions the repository's own workflows pin (`.github/workflows/*.yml`):
//! `uses: owner/name[/path]@ref`, where the version is the ref (`@v4`, `@v10.0.1`) or,
//! for a commit SHA, the comment after it (`@<sha> # v10.0.1`, as pinning tools write
//! it). The newest pin of each action is kept, with every major release the workflows
//! still pin. Local (`./…`) and `docker://` actions are
//! not versions.

use std::path::Path;

use super::known::{parse_version, ActionPin, KnownVersions};
use super::read;
use crate::scan::yaml_tree::YamlNode;

const WORKFLOWS: &str = ".github/workflows";

/// At most this many workflow files are read.
const MAX_FILES: usize = 200;

/// Records every action the workflows pin.
pub fn read(root: &Path, known: &mut KnownVersions) {
    let Ok(entries) = std::fs::read_dir(root.join(WORKFLOWS)) else { return };
    let mut files: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".yml") || n.ends_with(".yaml"))
        .collect();
    files.sort();
    files.truncate(MAX_FILES);
    for name in files {
        let source = format!("{WORKFLOWS}/{name}");
        let Some(text) = read::text(root, &source) else { continue };
        let Some(tree) = crate::scan::yaml_tree::parse(&text) else { continue };
        let lines: Vec<&str> = text.lines().collect();
        tree.visit(&mut |node| {
            let Some(YamlNode::Scalar { value, line }) = node.get("uses") else { return };
            let raw = lines.get((*line as usize).wrapping_sub(1)).copied().unwrap_or_default();
            if let Some((action, mut pin)) = pin_of(value, raw, &source) {
                let major = pin.version.first().copied().unwrap_or_default();
                match known.actions.get_mut(&action) {
                    Some(p) if pin.version > p.version => {
                        pin.majors = std::mem::take(&mut p.majors);
                        pin.majors.insert(major);
                        *p = pin;
                    }
                    Some(p) => {
                        p.majors.insert(major);
                    }
                    None => {
                        pin.majors.insert(major);
                        known.actions.insert(action, pin);
                    }
                }
            }
        });
    }
}

/// The action and its pin from a `uses` value and the raw line it sits on.
pub fn pin_of(uses: &str, raw_line: &str, source: &str) -> Option<(String, ActionPin)> {
    if uses.starts_with("./") || uses.starts_with("docker://") {
        return None;
    }
    let (action, reference) = uses.trim().split_once('@')?;
    if action.split('/').count() < 2 {
        return None;
    }
    let (version_text, sha) = if is_sha(reference) {
        (comment_version(raw_line)?, Some(reference.to_string()))
    } else {
        (reference.to_string(), None)
    };
    let version = parse_version(&version_text)?;
    let majors = Default::default();
    let pin = ActionPin { version, version_text, sha, source: source.into(), majors };
    Some((action.to_lowercase(), pin))
}

/// A full commit SHA.
pub fn is_sha(reference: &str) -> bool {
    reference.len() == 40 && reference.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The version in a line's trailing comment (`# v10.0.1`, `# tag=v4.1.1`).
pub fn comment_version(raw_line: &str) -> Option<String> {
    let (_, comment) = raw_line.split_once(" #")?;
    let word = comment.split_whitespace().next()?;
    let word = word.strip_prefix("tag=").unwrap_or(word);
    parse_version(word).map(|_| word.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_from_refs_and_comments() {
        let sha = "20cfd1bf945f4377ade1205e4dbc17946fc9a30d";
        let (a, pin) = pin_of(
            &format!("astral-sh/setup-uv@{sha}"),
            &format!("  - uses: astral-sh/setup-uv@{sha} # v10.0.1"),
            "ci.yml",
        )
        .unwrap();
        assert_eq!(a, "astral-sh/setup-uv");
        assert_eq!((pin.version_text.as_str(), pin.sha.as_deref()), ("v10.0.1", Some(sha)));
        let (_, pin) =
            pin_of("actions/checkout@v4", "uses: actions/checkout@v4", "ci.yml").unwrap();
        assert_eq!((pin.version, pin.sha), (vec![4], None));
        assert!(pin_of("./local", "", "x").is_none());
        assert!(pin_of(&format!("a/b@{sha}"), "uses: a/b@x", "x").is_none(), "no version known");
        assert!(pin_of("a/b@main", "", "x").is_none());
    }

    #[test]
    fn the_newest_pin_of_each_action_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let wf = dir.path().join(WORKFLOWS);
        std::fs::create_dir_all(&wf).unwrap();
        std::fs::write(
            wf.join("a.yml"),
            "jobs:\n  x:\n    steps:\n      - uses: actions/checkout@v4\n",
        )
        .unwrap();
        std::fs::write(wf.join("b.yaml"), "jobs:\n  x:\n    steps:\n      - uses: actions/checkout@v5.0.0\n      - uses: docker://alpine:3\n").unwrap();
        let mut known = KnownVersions::default();
        read(dir.path(), &mut known);
        let pin = &known.actions["actions/checkout"];
        assert_eq!(
            (pin.version_text.as_str(), pin.source.as_str()),
            ("v5.0.0", ".github/workflows/b.yaml")
        );
        assert_eq!(known.actions.len(), 1);
    }
}
