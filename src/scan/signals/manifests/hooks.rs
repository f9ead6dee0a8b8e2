//! The repository's own pre-commit hooks (`.pre-commit-hooks.yaml`): a doc's pre-commit
//! example whose hook ids are among them pins a release of this repository.

use std::path::Path;

use super::known::KnownVersions;
use super::read;

/// Records the hook ids the repository offers.
pub fn read(root: &Path, known: &mut KnownVersions) {
    let Some(hooks) = read::yaml(root, ".pre-commit-hooks.yaml") else { return };
    for hook in hooks.items() {
        if let Some(id) = hook.get("id").and_then(|i| i.as_str()) {
            known.hook_ids.push(id.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hook_ids_are_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(".pre-commit-hooks.yaml"),
            "- id: lychee\n  entry: x\n- id: lychee-docker\n",
        )
        .unwrap();
        let mut known = KnownVersions::default();
        read(dir.path(), &mut known);
        assert_eq!(known.hook_ids, ["lychee", "lychee-docker"]);
    }
}
