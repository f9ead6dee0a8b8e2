//! Unit tests of `load_bounded` (a sibling file: `load.rs` stays about loading).

use super::*;

fn load(text: &str) -> Result<Yaml, YamlError> {
    load_bounded(text, Limits::FRONTMATTER)
}

/// The 296-byte "billion laughs" of issue 10: each level nine aliases of the last.
fn alias_bomb(levels: usize) -> String {
    let names: Vec<String> = ('a'..='z').take(levels).map(String::from).collect();
    let mut text = format!("{}: &{} [x,x,x,x,x,x,x,x,x]\n", names[0], names[0]);
    for pair in names.windows(2) {
        let items = vec![format!("*{}", pair[0]); 9].join(",");
        text.push_str(&format!("{}: &{} [{items}]\n", pair[1], pair[1]));
    }
    text
}

#[test]
fn loads_mappings_sequences_and_scalars_as_yaml_loader_does() {
    let text = "title: X\nn: 3\nr: 1.5\nok: true\nnothing: ~\nquoted: \"3\"\ntagged: !!str 4\nlist:\n  - a\n  - {b: c}\n";
    let doc = load(text).unwrap();
    let reference = yaml_rust2::YamlLoader::load_from_str(text).unwrap().remove(0);
    assert_eq!(doc, reference);
    assert_eq!(doc["n"], Yaml::Integer(3));
    assert_eq!(doc["quoted"], Yaml::String("3".into()));
    assert_eq!(doc["list"][1]["b"], Yaml::String("c".into()));
}

#[test]
fn tagged_scalars_resolve_as_yaml_loader_resolves_them() {
    // `!*astr 4` (a local tag) was read as an integer until a property test compared.
    let text = "a: !*astr 4\nb: !!float 3\nc: !!float x\nd: !!int 7\ne: !!bool yes\nf: !!null ~\ng: !local x\n";
    let doc = load(text).unwrap();
    assert_eq!(doc, yaml_rust2::YamlLoader::load_from_str(text).unwrap().remove(0));
    assert_eq!(doc["a"], Yaml::String("4".into()));
    assert_eq!(doc["b"], Yaml::Real("3".into()));
}

#[test]
fn an_empty_text_is_null() {
    assert_eq!(load("").unwrap(), Yaml::Null);
    assert_eq!(load("# only a comment\n").unwrap(), Yaml::Null);
}

#[test]
fn a_mkdocs_config_with_anchors_and_aliases_loads_with_the_same_caps() {
    let mkdocs = "\
site_name: Demo
theme:
  name: material
  features: &features
    - navigation.tabs
    - search.highlight
extra:
  social: &social
    - icon: fontawesome/brands/github
      link: https://github.com/demo
  again: *social
markdown_extensions:
  - toc:
      permalink: true
  - pymdownx.superfences
plugins:
  - search
copy_of_features: *features
nav:
  - Home: index.md
  - Guide:
      - Install: guide/install.md
      - Use: guide/use.md
";
    let doc = load_bounded(mkdocs, Limits::CONFIG_FILE).unwrap();
    assert_eq!(doc, yaml_rust2::YamlLoader::load_from_str(mkdocs).unwrap().remove(0));
    assert_eq!(doc["copy_of_features"][1], Yaml::String("search.highlight".into()));
    assert_eq!(doc["extra"]["again"][0]["link"], Yaml::String("https://github.com/demo".into()));
    assert_eq!(doc["nav"][1]["Guide"][0]["Install"], Yaml::String("guide/install.md".into()));
    assert_eq!(Limits::CONFIG_FILE.max_nodes, Limits::FRONTMATTER.max_nodes);
    assert_eq!(Limits::CONFIG_FILE.max_depth, Limits::FRONTMATTER.max_depth);
}

#[test]
fn an_alias_bomb_stops_at_the_alias_that_passes_the_budget() {
    let text = alias_bomb(8);
    assert!(text.len() < 300, "{} bytes", text.len());
    let err = load(&text).unwrap_err();
    let YamlError::TooManyNodes { line, limit, alias: true, .. } = err else {
        panic!("not an alias budget error: {err:?}");
    };
    assert_eq!(limit, Limits::FRONTMATTER.max_nodes);
    // Level five (9^5 leaves) is the first past 50k, anchor copies counted.
    assert_eq!(line, 5, "stopped on line {line}");
    assert!(err.to_string().contains("aliases expand past 50000 nodes"), "{err}");
    // A small expansion of the same shape is fine.
    assert!(load(&alias_bomb(3)).is_ok());
}

#[test]
fn long_scalars_copied_by_aliases_are_charged_by_their_bytes() {
    let big = "x".repeat(60_000);
    let mut text = format!("a: &a \"{big}\"\nb: [");
    text.push_str(&vec!["*a"; 40].join(","));
    text.push_str("]\n");
    let err = load(&text).unwrap_err();
    assert!(matches!(err, YamlError::TooManyScalarBytes { alias: true, line: 2, .. }), "{err:?}");
}

#[test]
fn nesting_is_capped_by_the_stack_not_by_recursion() {
    let ok = "[".repeat(64) + &"]".repeat(64);
    assert!(load(&ok).is_ok());
    let over = "[".repeat(65) + &"]".repeat(65);
    assert!(matches!(load(&over), Err(YamlError::TooDeep { limit: 64, .. })), "{:?}", load(&over));
    // 50k levels need the config file's size limit to be parsed at all.
    let config = |text: &str| load_bounded(text, Limits::CONFIG_FILE);
    let flow = "[".repeat(50_000) + &"]".repeat(50_000);
    assert!(config(&flow).is_err());
    let block = format!("key:\n{}x\n", "- ".repeat(50_000));
    assert!(
        matches!(config(&block), Err(YamlError::TooDeep { line: 2, .. })),
        "{:?}",
        config(&block)
    );
    let mappings = format!("{}x\n", "a: ".repeat(50_000));
    // Not YAML (a block mapping cannot open on its key's line), refused as such.
    assert!(matches!(config(&mappings), Err(YamlError::Syntax { line: 1, .. })));
}

#[test]
fn an_alias_may_not_land_a_copy_deeper_than_the_cap() {
    let deep = "[".repeat(40) + &"]".repeat(40);
    let text = format!("a: &a {deep}\nb: {}*a{}\n", "[".repeat(30), "]".repeat(30));
    assert!(matches!(load(&text), Err(YamlError::TooDeep { line: 2, .. })), "{:?}", load(&text));
}

#[test]
fn texts_over_the_size_limit_are_not_parsed() {
    let text = "k: v\n".repeat(20_000);
    assert_eq!(load(&text), Err(YamlError::TooLarge { bytes: text.len(), limit: 64 * 1024 }));
    assert!(load_bounded(&text, Limits::CONFIG_FILE).is_err(), "duplicate keys, but parsed");
}

#[test]
fn syntax_errors_duplicate_keys_and_second_documents_have_a_place() {
    let err = load("title: ok\nstatus: [unclosed\n").unwrap_err();
    assert!(matches!(err, YamlError::Syntax { .. }), "{err:?}");
    let (line, column) = err.position().unwrap();
    assert!(line >= 2 && column >= 1, "{line}:{column}");
    let err = load("a: 1\nb: 2\na: 3\n").unwrap_err();
    assert_eq!(err.position(), Some((3, 4)), "the value of the second `a`: {err:?}");
    assert!(err.to_string().contains("duplicate key \"a\""), "{err}");
    let err = load("a: 1\n---\nb: 2\n").unwrap_err();
    assert!(matches!(err, YamlError::MultipleDocuments { line: 2, .. }), "{err:?}");
}
