//! Include directives: a page that inlines another Markdown file when its site is built.
//! Every docs toolchain has one — mdBook `{{#include f.md}}`, pymdownx.snippets
//! `--8<-- "f.md"`, mdx_include `{!f.md!}`, mkdocs-include-markdown `{% include-markdown "f.md" %}`, Jinja
//! `{% include "f.md" %}`, remark-directive `::include{file="f.md"}`, MDX
//! `import Part from './_part.mdx'`, and hand-made hooks such as
//! `<!-- include: f.md -->` (nextest's site). Two facts follow for the scanner:
//! the including page has headings its source does not show (its anchors are open), and
//! the included file's relative links are written for the including page's folder.
//!
//! Only Markdown targets count (`.md`, `.mdx`, `.markdown`, and a snapshot of one such as
//! `x@.md.snap`): an mdBook `{{#include main.rs}}` inside a code block adds code, not
//! headings. Pure string work: which targets exist is the caller's question.

use std::sync::LazyLock;

use regex::Regex;

/// The directive forms, each capturing the written target.
static DIRECTIVE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r#"\{\{#(?:include|rustdoc_include)\s+([^}\s]+)\s*\}\}"#,
        r#"|--8<--\s+"([^"\s]+)""#,
        r#"|\{!\s*([^!}\s]+)\s*!\}"#,
        r#"|\{%-?\s*include(?:-markdown)?\s+["']([^"']+)["']"#,
        r#"|<!--\s*include:?\s+(\S+?)\s*-->"#,
        r#"|::include\{[^}]*?(?:file|path|src)=["']([^"']+)["']"#,
        r#"|(?m)^import\s+\w+\s+from\s+["']([^"']+)["']"#,
    ))
    .unwrap()
});

/// The Markdown files `text` includes, as written (an mdBook `:anchor` or line range
/// removed), in order, without repeats.
pub fn include_targets(text: &str) -> Vec<String> {
    if !text.contains("include") && !text.contains("--8<--") && !text.contains("import ") {
        return Vec::new();
    }
    let mut out: Vec<String> = Vec::new();
    for caps in DIRECTIVE.captures_iter(text) {
        let Some(written) = caps.iter().skip(1).flatten().next().map(|m| m.as_str()) else {
            continue;
        };
        let written = strip_mdbook_range(written);
        if is_markdown_target(written) && !out.iter().any(|o| o == written) {
            out.push(written.to_string());
        }
    }
    out
}

/// `file.md:anchor` or `file.md:3:10` → `file.md` (mdBook's partial includes).
fn strip_mdbook_range(written: &str) -> &str {
    match written.split_once(':') {
        Some((path, _)) if is_markdown_target(path) => path,
        _ => written,
    }
}

fn is_markdown_target(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".md", ".mdx", ".markdown"].iter().any(|ext| lower.ends_with(ext))
        || lower.contains(".md.")
        || lower.contains(".mdx.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_toolchains_directive_names_its_target() {
        let text = "# Reference\n\n<!-- include: nextest-runner/repo-config-reference.md -->\n\n\
                    {{#include ../shared/intro.md:summary}}\n\n--8<-- \"docs/.partials/x.md\"\n\n\
                    {%\n  include-markdown \"../cli/tests/cli-reference@.md.snap\"\n  start=\"x\"\n%}\n\n\
                    {!./docs_src/annotations/en/test_main.md!}\n\n\
                    {% include \"snippet.markdown\" %}\n\n::include{file=\"../../cli.md.snap\" start=\"x\"}\n\nimport Part from './_part.mdx';\n";
        assert_eq!(
            include_targets(text),
            [
                "nextest-runner/repo-config-reference.md",
                "../shared/intro.md",
                "docs/.partials/x.md",
                "../cli/tests/cli-reference@.md.snap",
                "./docs_src/annotations/en/test_main.md",
                "snippet.markdown",
                "../../cli.md.snap",
                "./_part.mdx",
            ]
        );
    }

    #[test]
    fn code_and_other_files_are_not_markdown_includes() {
        let text = "```rust\n{{#include ../listings/ch01/src/main.rs}}\n```\n\n\
                    import React from 'react';\n\nWe include many files.\n";
        assert!(include_targets(text).is_empty());
    }
}
