//! The reuse key of a `classify_file` question: what makes a stored answer still the
//! answer. It covers the file (its path and the sha256 of its bytes), its signals (name,
//! line, target), the answer schema, the classify instructions (without the
//! `--category` focus) and the tool's major.minor version. It deliberately leaves out
//! what varies without changing the question: the `--category` text, a churn signal's
//! commit range and detail prose, token counts, re-ask attempts and escalations.

use crate::hash::sha256_parts_hex;
use crate::protocol::{instructions_for, RequestKind};

use super::candidates::Candidate;

/// The part of every key that depends on this build, not on the file: computed once.
#[derive(Clone, Debug)]
pub(crate) struct KeyContext {
    build: String,
}

impl KeyContext {
    /// The context of this build: answer schema, instructions and major.minor.
    pub(crate) fn current() -> KeyContext {
        let kind = RequestKind::ClassifyFile;
        let schema = crate::json::canonical::to_canonical_string(&kind.response_schema());
        let version = semver::Version::parse(crate::TOOL_VERSION)
            .map(|v| format!("{}.{}", v.major, v.minor))
            .unwrap_or_else(|_| crate::TOOL_VERSION.to_string());
        let instructions = instructions_for(kind);
        let build = sha256_parts_hex(&[
            kind.as_str().as_bytes(),
            schema.as_bytes(),
            instructions.as_bytes(),
            version.as_bytes(),
        ]);
        KeyContext { build }
    }

    /// The reuse key of the question about `candidate`.
    pub(crate) fn key(&self, candidate: &Candidate) -> String {
        let mut signals = String::new();
        for s in &candidate.signals {
            let target = s.target.as_deref().unwrap_or("");
            // Lengths first, so no two different lists write the same bytes.
            signals.push_str(&format!(
                "{}:{}:{}:{}:{target};",
                s.name.as_str(),
                s.line,
                target.len(),
                s.target.is_some()
            ));
        }
        sha256_parts_hex(&[
            self.build.as_bytes(),
            candidate.path.as_bytes(),
            candidate.sha256.as_bytes(),
            signals.as_bytes(),
        ])[..32]
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::SignalName;

    fn candidate() -> Candidate {
        Candidate {
            path: "docs/a.md".into(),
            sha256: "ab".repeat(32),
            lines: 5,
            raw_tokens: 40,
            signals: vec![serde_json::from_value(serde_json::json!({
                "name": "edit_recency_vs_churn", "line": 3, "detail": "3 commits since",
                "target": "src/lib.rs", "commit_range": "abc..def"
            }))
            .unwrap()],
        }
    }

    #[test]
    fn the_key_ignores_what_does_not_change_the_question() {
        let ctx = KeyContext::current();
        let base = ctx.key(&candidate());
        let mut c = candidate();
        c.raw_tokens = 99;
        c.signals[0].detail = "9 commits since".into();
        c.signals[0].commit_range = Some("012..345".into());
        assert_eq!(ctx.key(&c), base);
    }

    #[test]
    fn the_key_follows_the_bytes_the_signals_and_the_path() {
        let ctx = KeyContext::current();
        let base = ctx.key(&candidate());
        let changes: [fn(&mut Candidate); 5] = [
            |c| c.sha256 = "cd".repeat(32),
            |c| c.path = "docs/b.md".into(),
            |c| c.signals[0].line = 4,
            |c| c.signals[0].target = Some("src/main.rs".into()),
            |c| c.signals[0].name = SignalName::BrokenReference,
        ];
        for change in changes {
            let mut c = candidate();
            change(&mut c);
            assert_ne!(ctx.key(&c), base, "{c:?}");
        }
    }
}
