//! `Frontmatter`: a doc's leading YAML block, loaded by the bounded loader
//! (`yaml::load_bounded` with `Limits::FRONTMATTER`: 64 KiB, depth and alias caps).
//!
//! Only top-level scalar (or first-of-list) values are kept, keyed by lowercased key,
//! each with the line it sits on. A block that cannot be read (invalid YAML, over a cap)
//! yields no keys and a `FrontmatterProblem` naming the file line, never an error: a
//! doc's frontmatter is the doc's business, not a reason to stop a scan.

use yaml_rust2::Yaml;

use crate::yaml::{load_bounded, Limits, YamlError};

/// One top-level key of the frontmatter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontmatterKey {
    pub key: String,
    pub value: String,
    pub line: u32,
}

/// The parsed frontmatter of one doc.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frontmatter {
    pub keys: Vec<FrontmatterKey>,
    /// First line of the block (the `---`).
    pub line: u32,
    /// Why the block was not read, when it was not.
    pub problem: Option<FrontmatterProblem>,
}

/// Why a frontmatter block yielded no keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontmatterProblem {
    /// The file line the loader stopped at (the block's first line when it has no place).
    pub line: u32,
    pub error: YamlError,
}

impl Frontmatter {
    /// Parses the YAML `body` whose first line is file line `body_line`.
    pub fn parse(body: &str, block_line: u32, body_line: u32) -> Frontmatter {
        let mut fm = Frontmatter { keys: Vec::new(), line: block_line, problem: None };
        let map = match load_bounded(body, Limits::FRONTMATTER) {
            Ok(Yaml::Hash(map)) => map,
            Ok(_) => return fm,
            Err(error) => {
                let line = error.position().map_or(block_line, |(line, _)| {
                    body_line.saturating_add(u32::try_from(line - 1).unwrap_or(u32::MAX))
                });
                fm.problem = Some(FrontmatterProblem { line, error });
                return fm;
            }
        };
        for (k, v) in &map {
            let Some(key) = scalar(k) else { continue };
            let value = match v {
                Yaml::Array(items) => items.first().and_then(scalar),
                other => scalar(other),
            };
            let Some(value) = value else { continue };
            let line = key_line(body, &key).map_or(block_line, |l| body_line + l);
            fm.keys.push(FrontmatterKey { key: key.to_lowercase(), value, line });
        }
        fm
    }

    /// The value of `key` (lowercase), if present.
    pub fn get(&self, key: &str) -> Option<&FrontmatterKey> {
        self.keys.iter().find(|k| k.key == key)
    }
}

fn scalar(y: &Yaml) -> Option<String> {
    match y {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The 0-based line of `body` where top-level `key:` is written.
fn key_line(body: &str, key: &str) -> Option<u32> {
    body.lines()
        .position(|line| {
            let rest = line.strip_prefix(key).or_else(|| {
                line.strip_prefix('"')
                    .and_then(|l| l.strip_prefix(key))
                    .and_then(|l| l.strip_prefix('"'))
            });
            rest.is_some_and(|r| r.trim_start().starts_with(':'))
        })
        .map(|i| i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_values_and_lines() {
        let fm = Frontmatter::parse(
            "title: X\nStatus: Done\nsuperseded_by:\n  - docs/new.md\nn: 3\n",
            1,
            2,
        );
        assert_eq!(fm.get("status").unwrap().value, "Done");
        assert_eq!(fm.get("status").unwrap().line, 3);
        assert_eq!(fm.get("superseded_by").unwrap().value, "docs/new.md");
        assert_eq!(fm.get("n").unwrap().value, "3");
        assert!(fm.get("missing").is_none());
    }

    #[test]
    fn invalid_yaml_gives_no_keys_and_a_problem_at_its_file_line() {
        let fm = Frontmatter::parse("title: x\na: [unclosed\n", 1, 2);
        assert!(fm.keys.is_empty());
        let problem = fm.problem.unwrap();
        assert!(matches!(problem.error, YamlError::Syntax { .. }), "{problem:?}");
        assert!((3..=4).contains(&problem.line), "{problem:?}");
        let list = Frontmatter::parse("- just\n- a list\n", 1, 2);
        assert!(list.keys.is_empty() && list.problem.is_none(), "a list is valid YAML");
    }

    #[test]
    fn an_oversized_block_is_a_problem_at_the_fence() {
        let fm = Frontmatter::parse(&"k: v\n".repeat(20_000), 3, 4);
        assert_eq!(fm.problem.as_ref().map(|p| p.line), Some(3));
        assert!(matches!(fm.problem.unwrap().error, YamlError::TooLarge { .. }));
    }
}

#[cfg(test)]
#[path = "frontmatter_props.rs"]
mod props;
