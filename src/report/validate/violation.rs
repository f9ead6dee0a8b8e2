//! A broken rule: where in the report (a dotted JSON path) and what is wrong.

use serde::Serialize;

/// One violation of the report schema or of an invariant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Violation {
    /// Dotted JSON path, e.g. `entries[3].safety_tier`; `report` for the whole document.
    pub path: String,
    /// A stable rule id, e.g. `safety-tier-derived`.
    pub rule: &'static str,
    /// What is wrong, naming the expected value where there is one.
    pub message: String,
}

impl Violation {
    pub(crate) fn new(
        path: impl Into<String>,
        rule: &'static str,
        message: impl Into<String>,
    ) -> Self {
        Violation { path: path.into(), rule, message: message.into() }
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} [{}]", self.path, self.message, self.rule)
    }
}

/// Turns a JSON pointer (`/entries/3/safety_tier`) into a dotted path
/// (`entries[3].safety_tier`).
pub(crate) fn dotted_path(pointer: &str) -> String {
    let mut out = String::new();
    for raw in pointer.split('/').skip(1) {
        let seg = raw.replace("~1", "/").replace("~0", "~");
        if !seg.is_empty() && seg.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str(&format!("[{seg}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(&seg);
        }
    }
    if out.is_empty() {
        "report".into()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::dotted_path;

    #[test]
    fn pointers_become_dotted_paths() {
        assert_eq!(dotted_path("/entries/3/safety_tier"), "entries[3].safety_tier");
        assert_eq!(dotted_path(""), "report");
        assert_eq!(dotted_path("/totals/by_class/a~1b"), "totals.by_class.a/b");
    }
}
