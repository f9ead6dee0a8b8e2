//! Property tests of `load_bounded` (a fixed budget of 256 cases each): YAML-like token
//! soup never panics and either loads within the caps — and then as `YamlLoader` would
//! load it — or is refused with a place inside the text; alias fan-outs are refused
//! exactly when their expansion is near the node budget.

use proptest::prelude::*;
use yaml_rust2::{Yaml, YamlLoader};

use super::*;

/// Pieces of YAML syntax, so random texts reach deep into the parser.
const PIECES: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    ", ",
    ": ",
    "- ",
    "? ",
    "\n",
    "\n  ",
    "\n    ",
    "&a ",
    "&b ",
    "*a",
    "*b",
    "x",
    "key",
    "1",
    "1.5",
    "true",
    "~",
    "'q'",
    "\"q\\n\"",
    "!!str ",
    "!!int ",
    "# c",
    "---\n",
    "...\n",
    "|\n  text",
    ">\n  text",
    "\t",
    "é",
    "%YAML 1.2\n",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..48).prop_map(|p| p.concat())
}

/// A flow-style value with anchors and aliases (an alias may name an anchor that is not
/// defined yet, which the parser refuses).
fn flow_value() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(
        &["x", "1", "-2", "1.5", "true", "~", "'q'", "\"q\"", "!!str 4", "*a", "*b"][..],
    )
    .prop_map(String::from);
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(", "))),
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| {
                let pairs: Vec<String> =
                    v.iter().enumerate().map(|(i, v)| format!("k{i}: {v}")).collect();
                format!("{{{}}}", pairs.join(", "))
            }),
            (prop::sample::select(&["&a", "&b"][..]), inner).prop_map(|(a, v)| format!("{a} {v}")),
        ]
    })
}

/// A block mapping of flow values, and sometimes a block list of them.
fn document() -> impl Strategy<Value = String> {
    (prop::collection::vec(flow_value(), 0..6), prop::collection::vec(flow_value(), 0..3)).prop_map(
        |(values, list)| {
            let mut text: String =
                values.iter().enumerate().map(|(i, v)| format!("key{i}: {v}\n")).collect();
            if !list.is_empty() {
                text.push_str("list:\n");
                text.extend(list.iter().map(|v| format!("  - {v}\n")));
            }
            text
        },
    )
}

/// Cuts and insertions of syntax pieces.
fn edits() -> impl Strategy<Value = Vec<(usize, usize, &'static str)>> {
    prop::collection::vec((any::<usize>(), 0usize..4, prop::sample::select(PIECES)), 1..4)
}

fn apply(text: &str, edits: &[(usize, usize, &str)]) -> String {
    let mut out = text.to_string();
    for (at, cut, piece) in edits {
        let at = at % (out.len() + 1);
        let at = (0..=at).rev().find(|i| out.is_char_boundary(*i)).unwrap_or(0);
        let end = (at + cut).min(out.len());
        let end = (end..=out.len()).find(|i| out.is_char_boundary(*i)).unwrap_or(out.len());
        out.replace_range(at..end, piece);
    }
    out
}

fn nodes(y: &Yaml) -> usize {
    1 + match y {
        Yaml::Array(items) => items.iter().map(nodes).sum(),
        Yaml::Hash(map) => map.iter().map(|(k, v)| nodes(k) + nodes(v)).sum(),
        _ => 0,
    }
}

fn depth(y: &Yaml) -> usize {
    match y {
        Yaml::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Yaml::Hash(map) => 1 + map.iter().map(|(k, v)| depth(k).max(depth(v))).max().unwrap_or(0),
        _ => 0,
    }
}

/// Whether a tree holds a `BadValue` (a failed `!!int`/`!!bool`/`!!null` tag), which
/// `YamlLoader` mistakes for "no key yet" when it is a key.
fn has_bad_value(y: &Yaml) -> bool {
    match y {
        Yaml::BadValue => true,
        Yaml::Array(items) => items.iter().any(has_bad_value),
        Yaml::Hash(map) => map.iter().any(|(k, v)| has_bad_value(k) || has_bad_value(v)),
        _ => false,
    }
}

fn within_caps(text: &str, limits: Limits) -> Result<Option<Yaml>, TestCaseError> {
    match load_bounded(text, limits) {
        Ok(doc) => {
            prop_assert!(nodes(&doc) <= limits.max_nodes);
            prop_assert!(depth(&doc) <= limits.max_depth);
            Ok(Some(doc))
        }
        Err(e) => {
            if let Some((line, column)) = e.position() {
                let lines = text.split('\n').count();
                prop_assert!(line >= 1 && line <= lines + 1 && column >= 1, "{e:?} in {text:?}");
            }
            Ok(None)
        }
    }
}

/// Within the caps, and when it loads, the tree `YamlLoader` builds (the reference
/// recurses and expands aliases without a cap; these texts are small enough for it).
fn same_as_yaml_loader(text: &str) -> Result<(), TestCaseError> {
    if let Some(doc) = within_caps(text, Limits::FRONTMATTER)?.filter(|d| !has_bad_value(d)) {
        if let Ok(mut docs) = YamlLoader::load_from_str(text) {
            let reference = if docs.is_empty() { Yaml::Null } else { docs.remove(0) };
            prop_assert_eq!(doc, reference, "{:?}", text);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn documents_load_like_yaml_loader_or_are_refused(text in document()) {
        same_as_yaml_loader(&text)?;
    }

    #[test]
    fn broken_documents_load_like_yaml_loader_or_are_refused(text in document(), edits in edits()) {
        same_as_yaml_loader(&apply(&text, &edits))?;
    }

    #[test]
    fn yaml_soup_loads_like_yaml_loader_or_is_refused(text in soup()) {
        same_as_yaml_loader(&text)?;
    }

    #[test]
    fn arbitrary_text_loads_or_is_refused(text in "\\PC{0,300}") {
        within_caps(&text, Limits::FRONTMATTER)?;
    }

    #[test]
    fn alias_fan_outs_are_refused_only_near_the_budget(levels in 1usize..8, fan in 1usize..12) {
        let mut text = format!("l0: &l0 [{}]\n", vec!["x"; fan].join(","));
        for i in 1..levels {
            let items = vec![format!("*l{}", i - 1); fan].join(",");
            text.push_str(&format!("l{i}: &l{i} [{items}]\n"));
        }
        // Level i alone expands to about fan^(i+1) nodes; the tree holds every level.
        let expansion: usize = (1..=levels as u32).map(|i| fan.pow(i + 1)).sum();
        let limits = Limits::FRONTMATTER;
        match load_bounded(&text, limits) {
            Ok(doc) => prop_assert!(nodes(&doc) <= limits.max_nodes),
            Err(YamlError::TooManyNodes { alias: true, .. }) => {
                prop_assert!(expansion > limits.max_nodes / 4, "refused at {expansion} nodes")
            }
            Err(e) => prop_assert!(false, "unexpected refusal {e:?}"),
        }
    }
}
