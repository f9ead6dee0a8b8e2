//! `ScanWarning`: something the scanner could not read in one file and went on without
//! (a frontmatter block over a cap or not YAML, a doc over the size limit). Warnings are
//! data in the artifact; only the commands print them, on stderr.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::markdown::FrontmatterProblem;

/// One file the scan read only in part, or not at all, and why.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScanWarning {
    /// Root-relative, `/`-separated.
    pub path: String,
    /// The 1-based line the problem is on, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// What was not read, why, and what to do about it.
    pub message: String,
}

impl ScanWarning {
    /// A frontmatter block that yielded no keys.
    pub fn frontmatter(path: &str, problem: &FrontmatterProblem) -> ScanWarning {
        let column =
            problem.error.position().map(|(_, c)| format!(" (column {c})")).unwrap_or_default();
        ScanWarning {
            path: path.to_string(),
            line: Some(problem.line),
            message: format!(
                "frontmatter not read{column}: {}; the doc was scanned without its frontmatter keys (fix or shorten the block to have them read)",
                problem.error
            ),
        }
    }

    /// An `include` glob (`in_config`) or `--scope` value that matches no file.
    pub fn matches_nothing(pattern: &str, in_config: bool) -> ScanWarning {
        let (path, what) = if in_config {
            ("dochygiene.toml", "include glob")
        } else {
            ("--scope", "--scope value")
        };
        ScanWarning {
            path: path.to_string(),
            line: None,
            message: format!(
                "{what} `{pattern}` matches no file; nothing was scanned for it (check its spelling, or that .gitignore does not hide those files)"
            ),
        }
    }

    /// A doc that is not text (a NUL byte near its start), left out of the scan.
    pub fn not_text(path: &str) -> ScanWarning {
        ScanWarning {
            path: path.to_string(),
            line: None,
            message: "not scanned: not text (a NUL byte in its first 8000 bytes, as in a git-crypt encrypted or binary file; list it under `exclude` in dochygiene.toml to leave it out quietly)".to_string(),
        }
    }

    /// A doc over the size limit, left out of the scan.
    pub fn too_large(path: &str, limit: u64) -> ScanWarning {
        ScanWarning {
            path: path.to_string(),
            line: None,
            message: format!(
                "not scanned: larger than the {limit}-byte limit for a doc (split it, or list it under `exclude` in dochygiene.toml)"
            ),
        }
    }
}

impl fmt::Display for ScanWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Escaped: a file name may hold a newline or a terminal escape.
        let path = self.path.escape_debug();
        match self.line {
            Some(line) => write!(f, "{path}:{line}: {}", self.message),
            None => write!(f, "{path}: {}", self.message),
        }
    }
}
