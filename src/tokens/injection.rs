//! `injection_frequency`: how often an agent loads a file into its context per session
//! (SPEC section 11; the table is documented in `guide/taxonomy.md`).
//!
//! Rules, first match wins:
//! - always-loaded files (root agent files, what they `@import`, configured globs): 1.0
//! - nested agent context (a CLAUDE.md / AGENTS.md / GEMINI.md below the root, not a
//!   skill's own), loaded when work enters its folder: 0.5
//! - a doc in an archive-like folder (archive, archived, history, legacy, old): 0.02
//! - the root README: 0.3
//! - any other doc, read on demand: 0.1

/// File names agents load automatically from the root (and nested, less often).
pub const AGENT_FILE_NAMES: [&str; 3] = ["CLAUDE.md", "AGENTS.md", "GEMINI.md"];

/// Root-relative paths that are always loaded.
pub const ALWAYS_LOADED_ROOT_FILES: [&str; 4] =
    ["CLAUDE.md", "AGENTS.md", "GEMINI.md", ".github/copilot-instructions.md"];

/// Folder names whose docs are history rather than live.
pub const ARCHIVE_DIR_NAMES: [&str; 5] = ["archive", "archived", "history", "legacy", "old"];

/// Frequency of a root-relative `path`; `always_loaded` is the scanner's verdict (root
/// agent files, their imports and configured globs), `nested` whether its role is
/// nested agent context (`DocRole::NestedAgentContext`).
pub fn injection_frequency(path: &str, always_loaded: bool, nested: bool) -> f64 {
    if always_loaded {
        return 1.0;
    }
    if nested {
        return 0.5;
    }
    let mut parts: Vec<&str> = path.split('/').collect();
    let name = parts.pop().unwrap_or_default();
    if parts.iter().any(|dir| ARCHIVE_DIR_NAMES.contains(&dir.to_ascii_lowercase().as_str())) {
        return 0.02;
    }
    if parts.is_empty() && name.eq_ignore_ascii_case("README.md") {
        return 0.3;
    }
    0.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frequencies_follow_the_rules() {
        assert_eq!(injection_frequency("CLAUDE.md", true, false), 1.0);
        assert_eq!(injection_frequency("docs/imported.md", true, false), 1.0);
        assert_eq!(injection_frequency("crates/x/CLAUDE.md", false, true), 0.5);
        // A skill's compiled AGENTS.md is loaded with the skill, on demand.
        assert_eq!(injection_frequency("skills/s/AGENTS.md", false, false), 0.1);
        assert_eq!(injection_frequency("docs/Archive/2023.md", false, false), 0.02);
        assert_eq!(injection_frequency("README.md", false, false), 0.3);
        assert_eq!(injection_frequency("docs/README.md", false, false), 0.1);
        assert_eq!(injection_frequency("docs/design.md", false, false), 0.1);
    }
}
