//! Root-relative paths as the report writes them: `/`-separated, no `.`/`..` escape, never
//! into any `.git` or the root's `.dochygiene`. Two rules:
//!
//! - [`confinement_problem`], for every path the model proposes (`dest_path`,
//!   `canonical_ref`): also a valid, portable file name in every component (no control
//!   character, no `\` or `:`, at most 255 bytes).
//! - [`tree_path_problem`], for the path of a file that is already in the tree (an entry's
//!   doc, a file referring to a moved doc, a journaled file): any name the file system
//!   holds (`faq: intro.md`, `win\dows.md`), only the escapes refused.

/// The longest file or folder name most file systems accept, in bytes.
pub(crate) const MAX_NAME_BYTES: usize = 255;

/// Why a proposed root-relative path is refused, or `None` when it is acceptable.
pub(crate) fn confinement_problem(path: &str) -> Option<String> {
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
    if let Some(problem) = git_problem(path) {
        return Some(problem);
    }
    if path.starts_with('/') || path.contains('\\') || path.contains(':') {
        return Some(separators(path));
    }
    segment_problem(path)
}

/// Why the root-relative path of a file found in the tree cannot be read or written as
/// one inside the root, or `None`. Unlike [`confinement_problem`], any name the file
/// system allows passes (on Unix `:` and `\` are plain name bytes); what could escape
/// the root or reach `.git`/`.dochygiene` never does.
pub(crate) fn tree_path_problem(path: &str) -> Option<String> {
    if path.is_empty() {
        return Some("is empty".into());
    }
    if path.contains('\0') {
        return Some(format!("{path:?} holds a NUL byte"));
    }
    if let Some(problem) = git_problem(path) {
        return Some(problem);
    }
    let separator_in_name = cfg!(windows) && (path.contains('\\') || path.contains(':'));
    if path.starts_with('/') || separator_in_name {
        return Some(separators(path));
    }
    segment_problem(path)
}

fn git_problem(path: &str) -> Option<String> {
    path.split('/')
        .any(|seg| seg.eq_ignore_ascii_case(".git"))
        .then(|| format!("{path:?} points into a .git folder, which dochygiene never writes"))
}

fn separators(path: &str) -> String {
    format!("{path:?} must be a root-relative path with / separators")
}

/// Empty, `.` and `..` segments, and the root's `.dochygiene`.
fn segment_problem(path: &str) -> Option<String> {
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
    use super::{confinement_problem, tree_path_problem, MAX_NAME_BYTES};

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

    #[test]
    fn a_tree_path_may_hold_any_name_but_never_escapes() {
        for ok in ["docs/faq: intro.md", "docs/win\\dows.md", "docs/a\nb.md", "a.md"] {
            if cfg!(windows) && (ok.contains(':') || ok.contains('\\')) {
                continue;
            }
            assert_eq!(tree_path_problem(ok), None, "{ok:?}");
        }
        for bad in [
            "",
            "/etc/passwd",
            "../x.md",
            "a/../b.md",
            "a//b",
            "./a",
            ".git/config",
            "docs/sub/.git/x.md",
            ".dochygiene/report.json",
            "docs/a\0b.md",
        ] {
            assert!(tree_path_problem(bad).is_some(), "{bad:?} should be refused");
        }
    }
}
