//! Root-relative paths as the report writes them: `/`-separated, no `.`/`..` escape, never
//! into `.git` or `.dochygiene`. Every path the model proposes passes through here.

/// Why a proposed root-relative path is refused, or `None` when it is acceptable.
pub fn confinement_problem(path: &str) -> Option<String> {
    if path.is_empty() {
        return Some("is empty".into());
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
    use super::confinement_problem;

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
        ] {
            assert!(confinement_problem(bad).is_some(), "{bad:?} should be refused");
        }
    }
}
