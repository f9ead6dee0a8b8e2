//! Skills a skill manager installed from another repository, read from its lock file:
//! dotagents' `agents.toml` / `agents.lock` (a skill whose `source` is not `path:…`) and
//! the `skills` CLI's `skills-lock.json` (a skill whose `sourceType` is not `local`).
//! Both tools keep the skill in `.agents/skills/<name>/` and link it into each agent's
//! folder (`.claude/skills/<name>/`, `.cursor/skills/<name>/`, …). Such a copy is
//! vendored: the next install overwrites a local edit, so its fixes belong upstream.
//!
//! It reads three small files and never fails a scan: an unreadable or malformed lock
//! file names no skill.

use std::collections::BTreeSet;
use std::path::Path;

/// Lock files larger than this are not read.
const MAX_BYTES: u64 = 1 << 20;

/// The names of the skills installed from elsewhere.
#[derive(Debug, Default)]
pub struct InstalledSkills {
    names: BTreeSet<String>,
}

impl InstalledSkills {
    /// Reads the lock files at `root`.
    pub fn load(root: &Path) -> InstalledSkills {
        let read = |rel: &str| {
            crate::fsio::read_confined(root, rel, MAX_BYTES)
                .ok()
                .and_then(|bytes| String::from_utf8(bytes).ok())
        };
        let mut names = BTreeSet::new();
        for rel in ["agents.toml", "agents.lock"] {
            if let Some(text) = read(rel) {
                names.extend(dotagents(&text));
            }
        }
        if let Some(text) = read("skills-lock.json") {
            names.extend(skills_cli(&text));
        }
        names.retain(|n| !n.is_empty() && !n.contains(['/', '\\', '*']) && n != "." && n != "..");
        InstalledSkills { names }
    }

    /// Whether root-relative `path` lies in an installed skill's folder: the second
    /// folder is `skills`, the first a hidden agent folder, the third an installed name.
    pub fn contains(&self, path: &str) -> bool {
        let mut parts = path.split('/');
        let (Some(agent), Some("skills"), Some(name), Some(_)) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return false;
        };
        agent.starts_with('.') && self.names.contains(name)
    }
}

/// Names from `agents.toml` (`[[skills]] name, source`) or `agents.lock`
/// (`[skills.<name>] source`).
fn dotagents(text: &str) -> Vec<String> {
    let Ok(table) = text.parse::<toml::Table>() else { return Vec::new() };
    let remote = |entry: &toml::Value| {
        entry.get("source").and_then(|s| s.as_str()).is_some_and(|s| !s.starts_with("path:"))
    };
    match table.get("skills") {
        Some(toml::Value::Array(list)) => list
            .iter()
            .filter(|e| remote(e))
            .filter_map(|e| e.get("name").and_then(|n| n.as_str()).map(str::to_owned))
            .collect(),
        Some(toml::Value::Table(by_name)) => {
            by_name.iter().filter(|(_, e)| remote(e)).map(|(n, _)| n.clone()).collect()
        }
        _ => Vec::new(),
    }
}

/// Names from `skills-lock.json` (`{"skills": {"<name>": {"sourceType": …}}}`).
fn skills_cli(text: &str) -> Vec<String> {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else { return Vec::new() };
    let Some(by_name) = value.get("skills").and_then(|s| s.as_object()) else { return Vec::new() };
    by_name
        .iter()
        .filter(|(_, e)| e.get("sourceType").and_then(|t| t.as_str()) != Some("local"))
        .map(|(n, _)| n.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(files: &[(&str, &str)]) -> InstalledSkills {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        InstalledSkills::load(dir.path())
    }

    #[test]
    fn dotagents_remote_skills_are_installed_copies() {
        let skills = load(&[
            (
                "agents.toml",
                "version = 1\n[[skills]]\nname = \"find-bugs\"\nsource = \"getsentry/skills\"\n\
                 [[skills]]\nname = \"e2e\"\nsource = \"path:.agents/skills/e2e\"\n",
            ),
            (
                "agents.lock",
                "version = 1\n[skills.security-review]\nsource = \"getsentry/skills\"\ncommit = \"89a1\"\n",
            ),
        ]);
        assert!(skills.contains(".agents/skills/find-bugs/SKILL.md"));
        assert!(skills.contains(".agents/skills/security-review/references/supply-chain.md"));
        assert!(skills.contains(".claude/skills/find-bugs/SKILL.md"), "the agent's link to it");
        assert!(
            !skills.contains(".agents/skills/e2e/SKILL.md"),
            "a path: source is the repo's own"
        );
        assert!(!skills.contains("skills/find-bugs/SKILL.md"), "a published skill folder");
        assert!(!skills.contains(".agents/skills/find-bugs"), "the folder itself is no file");
        assert!(!skills.contains(".agents/skills/code-review/SKILL.md"));
    }

    #[test]
    fn skills_cli_lock_names_all_but_local_skills() {
        let skills = load(&[(
            "skills-lock.json",
            r#"{"version":1,"skills":{"nx-import":{"source":"nrwl/nx-ai-agents-config","sourceType":"github"},"ours":{"source":"./skills/ours","sourceType":"local"},"../x":{"sourceType":"github"}}}"#,
        )]);
        assert!(skills.contains(".agents/skills/nx-import/SKILL.md"));
        assert!(!skills.contains(".agents/skills/ours/SKILL.md"));
        assert!(!skills.names.contains("../x"), "a name that is no folder name");
    }

    #[test]
    fn a_broken_or_missing_lock_names_nothing() {
        let skills = load(&[("agents.lock", "[skills\n"), ("skills-lock.json", "{")]);
        assert!(!skills.contains(".agents/skills/x/SKILL.md"));
        assert!(!load(&[]).contains(".agents/skills/x/SKILL.md"));
    }
}
