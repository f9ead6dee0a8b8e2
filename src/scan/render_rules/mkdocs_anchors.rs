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

/// `{#id}`, `{ #id }`, `{: #id .class }` (the id is the first `#` word).
static ATTR_ID: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\{:?[ \t]*#([A-Za-z0-9_][A-Za-z0-9_.:\-]*)[^}\n]*\}").unwrap());

/// The `attr_list`-style ids written in `text` (`{#id}`, `{: #id .class }`): MkDocs'
/// Python-Markdown and VitePress' markdown-it-attrs both read them, on any block.
pub fn attr_ids(text: &str) -> Vec<String> {
    ATTR_ID.captures_iter(text).map(|c| c[1].to_string()).collect()
}

/// Adds what MkDocs adds to `parsed.anchors`.
pub fn add(parsed: &mut ParsedDoc) {
    let ids = attr_ids(&parsed.text);
    parsed.anchors.extend(ids);
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
