//! `YamlNode`: the first document of a YAML text, read through yaml-rust2's event parser
//! into a small tree whose scalars keep their line — bounded, because every YAML file and
//! snippet a scan reads comes from the project (SPEC section 13): aliases are not expanded
//! (they read as `Null`, so an alias bomb costs nothing), nesting and node count are
//! capped, and a text over the size cap is not parsed. Invalid or oversized YAML is
//! `None`, never an error: it is the project's business, not a reason to stop a scan.
//!
//! Used for the versions a repository declares in YAML (workflows, pre-commit hooks, pnpm
//! workspaces) and for pre-commit snippets in docs.
// TODO(merge): share the caps with the bounded YAML loader of the safety work.

use yaml_rust2::parser::{Event, Parser};

/// Texts over this many bytes are not parsed.
pub const MAX_YAML_BYTES: usize = 1 << 20;
/// Deeper nesting than this is refused.
const MAX_DEPTH: usize = 64;
/// More nodes than this are refused.
const MAX_NODES: usize = 100_000;

/// One YAML node. Mapping keys are kept when they are scalars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum YamlNode {
    /// A scalar as written (numbers and booleans too), with its 1-based line in the text.
    Scalar {
        value: String,
        line: u32,
    },
    Seq(Vec<YamlNode>),
    Map(Vec<(String, YamlNode)>),
    /// An alias, an empty document, or a key that was not a scalar.
    Null,
}

impl YamlNode {
    /// The value of mapping key `key`.
    pub fn get(&self, key: &str) -> Option<&YamlNode> {
        match self {
            YamlNode::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The scalar's text.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            YamlNode::Scalar { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The scalar's line.
    pub fn line(&self) -> Option<u32> {
        match self {
            YamlNode::Scalar { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// The items of a sequence (none for anything else).
    pub fn items(&self) -> &[YamlNode] {
        match self {
            YamlNode::Seq(items) => items,
            _ => &[],
        }
    }

    /// Calls `f` on this node and every node below it, parents first.
    pub fn visit<'a>(&'a self, f: &mut impl FnMut(&'a YamlNode)) {
        f(self);
        match self {
            YamlNode::Seq(items) => items.iter().for_each(|n| n.visit(f)),
            YamlNode::Map(entries) => entries.iter().for_each(|(_, n)| n.visit(f)),
            _ => {}
        }
    }
}

/// A container being filled.
enum Open {
    Seq(Vec<YamlNode>),
    /// Entries so far and the key waiting for its value.
    Map(Vec<(String, YamlNode)>, Option<Option<String>>),
}

/// Parses the first document of `text`; `None` when it is invalid, too large, too deep
/// or has too many nodes.
pub fn parse(text: &str) -> Option<YamlNode> {
    if text.len() > MAX_YAML_BYTES {
        return None;
    }
    let mut parser = Parser::new_from_str(text);
    let mut stack: Vec<Open> = Vec::new();
    let mut nodes = 0usize;
    loop {
        let (event, marker) = parser.next_token().ok()?;
        let done = match event {
            Event::StreamEnd | Event::DocumentEnd => return Some(YamlNode::Null),
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                if stack.len() >= MAX_DEPTH {
                    return None;
                }
                stack.push(match event {
                    Event::SequenceStart(..) => Open::Seq(Vec::new()),
                    _ => Open::Map(Vec::new(), None),
                });
                None
            }
            Event::SequenceEnd => match stack.pop()? {
                Open::Seq(items) => Some(YamlNode::Seq(items)),
                Open::Map(..) => return None,
            },
            Event::MappingEnd => match stack.pop()? {
                Open::Map(entries, _) => Some(YamlNode::Map(entries)),
                Open::Seq(_) => return None,
            },
            Event::Scalar(value, ..) => {
                Some(YamlNode::Scalar { value, line: u32::try_from(marker.line()).ok()? })
            }
            Event::Alias(_) => Some(YamlNode::Null),
            _ => None,
        };
        let Some(node) = done else { continue };
        nodes += 1;
        if nodes > MAX_NODES {
            return None;
        }
        match stack.last_mut() {
            None => return Some(node),
            Some(Open::Seq(items)) => items.push(node),
            Some(Open::Map(entries, pending)) => match pending.take() {
                None => *pending = Some(node.as_str().map(str::to_string)),
                Some(Some(key)) => entries.push((key, node)),
                Some(None) => {}
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_keep_their_lines() {
        let doc = parse(
            "repos:\n  - repo: https://x/y\n    rev: v1.2.0 # pinned\n    hooks:\n      - id: y\n",
        )
        .unwrap();
        let repo = &doc.get("repos").unwrap().items()[0];
        assert_eq!(repo.get("rev").unwrap().as_str(), Some("v1.2.0"));
        assert_eq!(repo.get("rev").unwrap().line(), Some(3));
        assert_eq!(repo.get("hooks").unwrap().items()[0].get("id").unwrap().as_str(), Some("y"));
    }

    #[test]
    fn aliases_are_not_expanded_and_bad_yaml_is_none() {
        let bomb = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n";
        let doc = parse(bomb).unwrap();
        assert_eq!(doc.get("d").unwrap().items()[0], YamlNode::Null);
        assert_eq!(parse("a: [b\n"), None);
        assert_eq!(parse(&format!("{}{}", "[".repeat(100), "]".repeat(100))), None);
        assert!(parse(&format!("{}{}", "[".repeat(10), "]".repeat(10))).is_some());
        assert_eq!(parse(""), Some(YamlNode::Null));
    }
}
