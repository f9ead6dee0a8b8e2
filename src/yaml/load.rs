//! `load_bounded`: one YAML document into a `yaml_rust2::Yaml` tree, built here from
//! yaml-rust2's event parser under `Limits`.
//!
//! Why not `YamlLoader`: it clones an anchored node for every alias with no budget (a
//! 296-byte "billion laughs" asks for ~8 GB), and `Parser::load`, which feeds it, recurses
//! once per nesting level (50k nested block sequences overflow the stack). Here the
//! parser's own state machine is pulled one event at a time (`Parser::next_token`, no
//! recursion), the tree is built on an explicit stack, and every node — alias and
//! anchor copies included — is charged to the budget before it is built. The first cap
//! passed stops the load with a `YamlError` at that place; nothing is ever partly kept.
//!
//! Scalars resolve as `YamlLoader` resolves them (plain ones by the core schema, quoted
//! ones and `!!str` as strings); duplicate keys are refused, as there.

use std::collections::HashMap;

use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, ScanError, TScalarStyle};
use yaml_rust2::yaml::Hash;
use yaml_rust2::Yaml;

use super::error::YamlError;
use super::limits::Limits;

/// Loads `text` (one YAML document, or none: an empty text is `Yaml::Null`) under `limits`.
pub(crate) fn load_bounded(text: &str, limits: Limits) -> Result<Yaml, YamlError> {
    if text.len() > limits.max_bytes {
        return Err(YamlError::TooLarge { bytes: text.len(), limit: limits.max_bytes });
    }
    let mut parser = Parser::new_from_str(text);
    let mut builder = Builder::new(limits);
    loop {
        let (event, mark) = parser.next_token().map_err(syntax)?;
        if event == Event::StreamEnd {
            return Ok(builder.root.unwrap_or(Yaml::Null));
        }
        builder.event(event, mark)?;
    }
}

/// What a finished node cost, kept with an anchor so an alias can be charged before it
/// is copied.
#[derive(Clone, Copy, Default)]
struct Cost {
    nodes: usize,
    scalar_bytes: usize,
    /// Collection levels from this node down (0 for a scalar).
    height: usize,
}

impl Cost {
    fn add_child(&mut self, child: Cost) {
        self.nodes += child.nodes;
        self.scalar_bytes += child.scalar_bytes;
        self.height = self.height.max(child.height + 1);
    }
}

/// A collection being filled.
struct Frame {
    node: Yaml,
    anchor: usize,
    /// A mapping's key waiting for its value.
    key: Option<Yaml>,
    cost: Cost,
}

struct Builder {
    limits: Limits,
    stack: Vec<Frame>,
    anchors: HashMap<usize, (Yaml, Cost)>,
    /// Everything built so far (tree and anchor copies).
    spent: Cost,
    documents: usize,
    root: Option<Yaml>,
}

impl Builder {
    fn new(limits: Limits) -> Builder {
        Builder {
            limits,
            stack: Vec::new(),
            anchors: HashMap::new(),
            spent: Cost::default(),
            documents: 0,
            root: None,
        }
    }

    fn event(&mut self, event: Event, mark: Marker) -> Result<(), YamlError> {
        match event {
            Event::StreamStart | Event::StreamEnd | Event::Nothing | Event::DocumentEnd => {}
            Event::DocumentStart => {
                self.documents += 1;
                if self.documents > 1 {
                    let (line, column) = place(mark);
                    return Err(YamlError::MultipleDocuments { line, column });
                }
            }
            Event::SequenceStart(anchor, _) => self.open(Yaml::Array(Vec::new()), anchor, mark)?,
            Event::MappingStart(anchor, _) => self.open(Yaml::Hash(Hash::new()), anchor, mark)?,
            Event::SequenceEnd | Event::MappingEnd => {
                let frame = self.stack.pop().expect("the parser closes only what it opened");
                self.insert(frame.node, frame.anchor, frame.cost, mark)?;
            }
            Event::Scalar(value, style, anchor, tag) => {
                let cost = Cost { nodes: 1, scalar_bytes: value.len(), height: 0 };
                self.charge(cost, false, mark)?;
                self.insert(scalar(value, style, tag.as_ref()), anchor, cost, mark)?;
            }
            Event::Alias(id) => {
                // The parser refuses an alias to an unknown anchor; a missing entry can
                // only be an alias to an anchor still open (its own ancestor).
                let Some(&(_, cost)) = self.anchors.get(&id) else {
                    let (line, column) = place(mark);
                    let message = "an alias refers to a node that contains it".into();
                    return Err(YamlError::Syntax { line, column, message });
                };
                self.check_depth(self.stack.len() + cost.height, mark)?;
                self.charge(cost, true, mark)?;
                let node = self.anchors[&id].0.clone();
                self.insert(node, 0, cost, mark)?;
            }
        }
        Ok(())
    }

    fn open(&mut self, node: Yaml, anchor: usize, mark: Marker) -> Result<(), YamlError> {
        self.check_depth(self.stack.len() + 1, mark)?;
        let cost = Cost { nodes: 1, scalar_bytes: 0, height: 0 };
        self.charge(cost, false, mark)?;
        self.stack.push(Frame { node, anchor, key: None, cost });
        Ok(())
    }

    /// Puts a finished node into its parent (or makes it the root), keeping a copy for
    /// its anchor, charged like any other node.
    fn insert(
        &mut self,
        node: Yaml,
        anchor: usize,
        cost: Cost,
        mark: Marker,
    ) -> Result<(), YamlError> {
        if anchor > 0 {
            self.charge(cost, true, mark)?;
            self.anchors.insert(anchor, (node.clone(), cost));
        }
        let Some(parent) = self.stack.last_mut() else {
            self.root = Some(node);
            return Ok(());
        };
        parent.cost.add_child(cost);
        match &mut parent.node {
            Yaml::Array(items) => items.push(node),
            Yaml::Hash(map) => match parent.key.take() {
                None => parent.key = Some(node),
                Some(key) => {
                    if map.contains_key(&key) {
                        let (line, column) = place(mark);
                        let message = format!("duplicate key {}", describe(&key));
                        return Err(YamlError::Syntax { line, column, message });
                    }
                    map.insert(key, node);
                }
            },
            _ => unreachable!("only collections are pushed on the stack"),
        }
        Ok(())
    }

    fn check_depth(&self, depth: usize, mark: Marker) -> Result<(), YamlError> {
        if depth > self.limits.max_depth {
            let (line, column) = place(mark);
            return Err(YamlError::TooDeep { line, column, limit: self.limits.max_depth });
        }
        Ok(())
    }

    /// Counts `cost` against the budget, or says which cap it would pass.
    fn charge(&mut self, cost: Cost, alias: bool, mark: Marker) -> Result<(), YamlError> {
        let (line, column) = place(mark);
        let nodes = self.spent.nodes.saturating_add(cost.nodes);
        if nodes > self.limits.max_nodes {
            return Err(YamlError::TooManyNodes {
                line,
                column,
                limit: self.limits.max_nodes,
                alias,
            });
        }
        let bytes = self.spent.scalar_bytes.saturating_add(cost.scalar_bytes);
        if bytes > self.limits.max_scalar_bytes {
            let limit = self.limits.max_scalar_bytes;
            return Err(YamlError::TooManyScalarBytes { line, column, limit, alias });
        }
        self.spent.nodes = nodes;
        self.spent.scalar_bytes = bytes;
        Ok(())
    }
}

/// A scalar as `YamlLoader` resolves it: quoted or tagged with anything but a core-schema
/// type, a string; plain, by the core schema.
fn scalar(value: String, style: TScalarStyle, tag: Option<&Tag>) -> Yaml {
    if style != TScalarStyle::Plain {
        return Yaml::String(value);
    }
    let Some(tag) = tag else {
        return Yaml::from_str(&value);
    };
    if tag.handle != "tag:yaml.org,2002:" {
        return Yaml::String(value);
    }
    match tag.suffix.as_str() {
        "int" => value.parse().map_or(Yaml::BadValue, Yaml::Integer),
        "float" if is_float(&value) => Yaml::Real(value),
        "float" => Yaml::BadValue,
        "bool" => match value.as_str() {
            "true" | "True" | "TRUE" => Yaml::Boolean(true),
            "false" | "False" | "FALSE" => Yaml::Boolean(false),
            _ => Yaml::BadValue,
        },
        "null" if value == "~" || value == "null" => Yaml::Null,
        "null" => Yaml::BadValue,
        _ => Yaml::String(value),
    }
}

/// A core-schema float, as yaml-rust2 reads `!!float`.
fn is_float(v: &str) -> bool {
    matches!(
        v,
        ".inf"
            | ".Inf"
            | ".INF"
            | "+.inf"
            | "+.Inf"
            | "+.INF"
            | "-.inf"
            | "-.Inf"
            | "-.INF"
            | ".nan"
            | ".NaN"
            | ".NAN"
    ) || (v.bytes().any(|b| b.is_ascii_digit()) && v.parse::<f64>().is_ok())
}

/// A key for an error message: scalars as written, collections by kind.
fn describe(key: &Yaml) -> String {
    match key {
        Yaml::String(s) | Yaml::Real(s) => format!("{s:?}"),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        Yaml::Array(_) => "(a sequence)".into(),
        Yaml::Hash(_) => "(a mapping)".into(),
        _ => "(null)".into(),
    }
}

/// yaml-rust2's marker as a 1-based line and column (its columns count from 0).
fn place(mark: Marker) -> (usize, usize) {
    (mark.line().max(1), mark.col() + 1)
}

fn syntax(e: ScanError) -> YamlError {
    let (line, column) = place(*e.marker());
    YamlError::Syntax { line, column, message: e.info().to_string() }
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "load_props.rs"]
mod props;
