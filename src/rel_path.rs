//! Root-relative paths as the report writes them: `/`-separated, no `.`/`..` escape, never
//! into any `.git` or the root's `.dochygiene`, a valid file name in every component (no
//! control character, at most 255 bytes). Every path the model proposes passes through
//! here.

/// The longest file or folder name most file systems accept, in bytes.
pub const MAX_NAME_BYTES: usize = 255;

/// Why a proposed root-relative path is refused, or `None` when it is acceptable.
pub fn confinement_problem(path: &str) -> Option<String> {
    if path.is_empty() {
        return Some("is empty".into());
    }
    if path.chars().any(char::is_control) {
        return Some(format!("{path:?} holds a control character (NUL, newline…)"));
    }
    if let Some(long) = path.split('/').find(|seg| seg.len() > MAX_NAME_BYTES) {
        return Some(format!(
            "{:?}… is a name longer than {MAX_NAME_BYTES} bytes ({} bytes)",
            long.chars().take(24).collect::<String>(),
            long.len()
        ));
    }
    if path.split('/').any(|seg| seg.eq_ignore_ascii_case(".git")) {
        return Some(format!("{path:?} points into a .git folder, which dochygiene never writes"));
    }
    if path.starts_with('/') || path.contains('\\') || path.contains(':') {
        return Some(format!("{path:?} must be a root-relative path with / separators"));
    }
    let mut depth: i64 = 0;
    for (i, seg) in path.split('/').enumerate() {
        match seg {
            "" | "." => return Some(format!("{path:?} has an empty or `.` segment")),
            ".." => {
                depth -= 1;
                if depth < 0 {
                    return Some(format!("{path:?} leaves the project root"));
                }
            }
            ".git" | ".dochygiene" if i == 0 || depth == 0 => {
                return Some(format!("{path:?} points into {seg}, which dochygiene never writes"));
            }
            _ => depth += 1,
        }
    }
    if path.split('/').any(|s| s == "..") {
        return Some(format!("{path:?} must not contain `..`"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{confinement_problem, MAX_NAME_BYTES};

    #[test]
    fn only_plain_relative_paths_pass() {
        assert_eq!(confinement_problem("docs/archive/a.md"), None);
        for bad in [
            "",
            "/etc/passwd",
            "../x.md",
            "a/../../x",
            ".git/config",
            ".dochygiene/report.json",
            "a//b",
            "./a",
            "a\\b",
            "C:x",
            "a/../b",
            "docs/sub/.git/x.md",
            "docs/.GIT/x.md",
            "docs/a\0b.md",
            "docs/a\nb.md",
        ] {
            assert!(confinement_problem(bad).is_some(), "{bad:?} should be refused");
        }
        let long = format!("docs/{}.md", "a".repeat(MAX_NAME_BYTES));
        assert!(confinement_problem(&long).unwrap().contains("longer than 255 bytes"));
        assert_eq!(confinement_problem(&format!("docs/{}", "a".repeat(MAX_NAME_BYTES))), None);
        assert_eq!(confinement_problem("docs/.github/x.md"), None);
    }
}
