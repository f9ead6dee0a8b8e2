//! Anchors an MkDocs site has beyond its headings' ids: Python-Markdown `attr_list` ids
//! written anywhere (`{#field-after-validator}` on its own line, `{: #id .class }`) and
//! mkdocs-autorefs anchors (`[](){#typeddict}`). A page whose body is generated at build
//! time — a mkdocstrings `::: package.module` directive (an anchor per documented object)
//! or another extension's block (`::: mkdocs-click`, a heading per command),
//! an mkdocs-macros line `{{ include }}`, a pymdownx.snippets `--8<--` include — has
//! anchors no reader of the source can list, so any fragment into it is taken as found.

use std::sync::LazyLock;

use regex::Regex;

use crate::scan::markdown::{ParsedDoc, OPEN_ANCHORS};

/// A brace group on one line: `{#id}`, `{: #id .class }`, `{ .sh .no-copy #example }`,
/// `{ id="9.7.0" }`.
static ATTR_GROUP: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\{:?([^{}\n]*)\}").unwrap());

/// One attribute of a group: `#id`, `.class`, `key=value` (quoted or not).
static ATTR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^(?:#([A-Za-z0-9_][A-Za-z0-9_.:\-]*)|\.[A-Za-z0-9_\-]+|([A-Za-z_:][A-Za-z0-9_:\-]*)=(?:"([^"]*)"|'([^']*)'|(\S+)))$"#)
        .unwrap()
});

/// The `attr_list`-style ids written in `text`, on any block or fence
/// (`{#id}`, `{: #id .class }`, `{ .sh #example }`, `{ id="9.7.0" }`): MkDocs'
/// Python-Markdown and VitePress' markdown-it-attrs both read them. A group counts only
/// when every word of it is an attribute (`{{ include }}` and `{not an id}` are not).
pub fn attr_ids(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    if !text.contains('{') {
        return out;
    }
    for group in ATTR_GROUP.captures_iter(text) {
        let mut ids = Vec::new();
        let mut all_attrs = true;
        for word in shell_words(&group[1]) {
            let Some(c) = ATTR.captures(&word) else {
                all_attrs = false;
                break;
            };
            if let Some(id) = c.get(1) {
                ids.push(id.as_str().to_string());
            } else if c.get(2).is_some_and(|k| k.as_str() == "id") {
                let value = c.get(3).or(c.get(4)).or(c.get(5)).map_or("", |v| v.as_str());
                if !value.is_empty() {
                    ids.push(value.to_string());
                }
            }
        }
        if all_attrs {
            out.extend(ids);
        }
    }
    out
}

/// The words of an attribute group, a quoted value kept whole (`id="a b"`).
fn shell_words(group: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    for c in group.chars() {
        match quote {
            Some(q) if c == q => {
                quote = None;
                word.push(c);
            }
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                word.push(c);
            }
            None if c.is_whitespace() => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            None => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// A footnote: its definition (`[^7]:`) or a reference to it (`[^7]`).
static FOOTNOTE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[\^([^\]\s]+)\](:)?").unwrap());

/// The ids Python-Markdown's footnotes extension gives: `fn:7` for a definition's
/// note, `fnref:7` for the first reference to it (later ones `fnref2:7`, …).
fn footnote_ids(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut refs: std::collections::HashMap<String, usize> = Default::default();
    for c in FOOTNOTE.captures_iter(text) {
        let label = &c[1];
        if c.get(2).is_some() {
            out.push(format!("fn:{label}"));
        } else {
            let n = refs.entry(label.to_string()).or_default();
            *n += 1;
            out.push(if *n == 1 { format!("fnref:{label}") } else { format!("fnref{n}:{label}") });
        }
    }
    out
}

/// Adds what MkDocs adds to `parsed.anchors`.
pub fn add(parsed: &mut ParsedDoc) {
    let ids = attr_ids(&parsed.text);
    parsed.anchors.extend(ids);
    if parsed.text.contains("[^") {
        parsed.anchors.extend(footnote_ids(&parsed.text));
    }
    if parsed.text.lines().any(generates_body) {
        parsed.anchors.insert(OPEN_ANCHORS.to_string());
    }
}

/// Whether a source line makes MkDocs write content the source does not show.
fn generates_body(line: &str) -> bool {
    let line = line.trim();
    // `::: pkg.module` (mkdocstrings), `::: mkdocs-click` and the like: a block an
    // extension replaces with generated content.
    let directive = line.strip_prefix("::: ").is_some_and(|rest| {
        let name = rest.trim();
        !name.is_empty() && !name.contains(char::is_whitespace)
    });
    let macro_line = line.starts_with("{{") && line.ends_with("}}");
    directive || macro_line || line.starts_with("--8<--")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;

    #[test]
    fn attr_list_and_autorefs_ids_are_anchors() {
        let mut doc = parse(
            "# V\n\n* after validators run last.\n{#field-after-validator}\n\n\
             [](){#pattern-constraint-note}\n\nText\n{: #colon-form .wide }\n\n`{not an id}`\n"
                .into(),
        );
        add(&mut doc);
        for id in ["field-after-validator", "pattern-constraint-note", "colon-form"] {
            assert!(doc.has_anchor(id), "{id}");
        }
        assert!(!doc.has_anchor("anything-else"));
        // Key-value ids, ids after classes (a fence's), footnotes.
        let mut doc = parse(
            "# V\n\n## 9.7.0 <small>2025</small> { id=\"9.7.0\" }\n\n### Path { id=navigation-path }\n\n             ``` { .sh .no-copy #example }\nrun\n```\n\nA claim.[^1] Again.[^1]\n\n[^1]: The note.\n\n             {{ include('x') }} and {not #an id}\n"
                .into(),
        );
        add(&mut doc);
        for id in ["9.7.0", "navigation-path", "example", "fn:1", "fnref:1", "fnref2:1"] {
            assert!(doc.has_anchor(id), "{id}");
        }
        assert!(!doc.has_anchor("an"));
    }

    #[test]
    fn a_generated_body_takes_any_fragment() {
        for body in [
            "::: pydantic.config\n    options:\n",
            "::: mkdocs-click\n    :module: hatch.cli\n",
            "{{ pydantic_settings }}\n",
            "--8<-- \"x.md\"\n",
        ] {
            let mut doc = parse(format!("# API\n\n{body}"));
            add(&mut doc);
            assert!(doc.has_anchor("pydantic.config.ConfigDict"), "{body}");
        }
        let mut prose = parse("# A\n\nSee ::: this, and {{ x }} inline.\n".into());
        add(&mut prose);
        assert!(!prose.has_anchor("x"));
    }
}
