//! Include directives: a page that inlines another Markdown file when its site is built.
//! Every docs toolchain has one — mdBook `{{#include f.md}}`, pymdownx.snippets
//! `--8<-- "f.md"`, mdx_include `{!f.md!}`, mkdocs-include-markdown
//! `{% include-markdown "f.md" %}`, Jinja `{% include "f.md" %}`, remark-directive
//! `::include{file="f.md"}`, MDX `import Part from './_part.mdx'`, VitePress
//! `<!--@include: ./f.md-->`, MyST's ```` ```{include} f.md ````, Hugo shortcodes named
//! `include` (`{{% include "f.md" %}}`,
//! `{{< include "f.md" >}}`), and hand-made hooks such as `<!-- include: f.md -->`
//! (nextest's site). Two facts follow for the scanner:
//! the including page has headings its source does not show (its anchors are open), and
//! the included file's relative links are written for the including page's folder.
//!
//! Only Markdown targets count (`.md`, `.mdx`, `.markdown`, and a snapshot of one such as
//! `x@.md.snap` or `markdown-help.snap`): an mdBook `{{#include main.rs}}` inside a code block adds code, not
//! headings. Pure string work: which targets exist is the caller's question.

use std::sync::LazyLock;

use regex::Regex;

/// The directives' literal openings, searched in one pass (a pure literal alternation is
/// found by SIMD, far faster than the per-form patterns): only where one opens a line
/// is the directive read.
static OPENING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\{\{#include|\{\{#rustdoc_include|--8<--|\{!|\{%|<!--|::include|import |\{\{%|\{\{<|```\{include\}|:::\{include\}",
    )
    .unwrap()
});

/// The Markdown files `text` includes, as written (an mdBook `:anchor` or line range
/// removed), in order, without repeats. A directive opens its line (after indentation).
pub fn include_targets(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for m in OPENING.find_iter(text) {
        let line_start = text[..m.start()].rfind('\n').map_or(0, |i| i + 1);
        if !text[line_start..m.start()].chars().all(|c| c == ' ' || c == '\t') {
            continue;
        }
        let Some(written) = directive_target(m.as_str(), &text[m.end()..]) else { continue };
        let written = strip_mdbook_range(written);
        if is_markdown_target(written) && !out.iter().any(|o| o == written) {
            out.push(written.to_string());
        }
    }
    out
}

/// The target of the directive that opens with `opening`, read from `rest` (the text
/// after the opening).
fn directive_target<'t>(opening: &str, rest: &'t str) -> Option<&'t str> {
    let line = rest.split('\n').next().unwrap_or_default();
    match opening {
        "{{#include" | "{{#rustdoc_include" => {
            let token = line.trim_start().split(|c: char| c == '}' || c.is_whitespace()).next()?;
            (!token.is_empty()).then_some(token)
        }
        "--8<--" => quoted(line.trim_start()),
        "{!" => {
            let (inner, _) = line.split_once("!}")?;
            let token = inner.trim();
            (!token.is_empty() && !token.contains(char::is_whitespace)).then_some(token)
        }
        "{%" => {
            // `{% include "x" %}`, `{% include-markdown "x" %}`, or the block form with
            // the directive on the next line.
            let body = rest.trim_start_matches('-').trim_start();
            let body =
                body.strip_prefix("include-markdown").or_else(|| body.strip_prefix("include"))?;
            quoted(body.trim_start())
        }
        "<!--" => {
            // VitePress' `<!--@include: ./parts/basics.md{3,}-->` and hand-made hooks'
            // `<!-- include: f.md -->`.
            let body = line.trim_start();
            if let Some(at) = body.strip_prefix("@include:") {
                let token = at.trim_start().split("-->").next()?.trim();
                let token = token.split(['{', '#']).next()?.trim();
                return (!token.is_empty()).then_some(token);
            }
            let body = body.strip_prefix("include")?;
            let body = body.strip_prefix(':').unwrap_or(body);
            if !body.starts_with([' ', '\t']) {
                return None;
            }
            let token = body.split_whitespace().next()?;
            (token != "-->").then_some(token)
        }
        // A Hugo site's include shortcode (hugoDocs' `{{% include "_common/x.md" %}}`).
        "{{%" | "{{<" => {
            let body = line.trim_start().strip_prefix("include")?;
            quoted(body.trim_start())
        }
        // MyST's include directive (MyST-Parser's `docs/develop/_changelog.md`:
        // ```` ```{include} ../../CHANGELOG.md ````).
        "```{include}" | ":::{include}" => {
            let token = line.trim();
            (!token.is_empty() && !token.contains(char::is_whitespace)).then_some(token)
        }
        "::include" => {
            let attrs = line.strip_prefix('{')?.split('}').next()?;
            ["file=", "path=", "src="]
                .iter()
                .find_map(|key| attrs.split_once(key).and_then(|(_, v)| quoted(v)))
        }
        "import " => {
            // A partial is a default import (`import Intro from './_intro.mdx'`, then
            // `<Intro />`); a named one (`import { Badge } from '/snippets/badge.mdx'`)
            // is a component, which adds no headings.
            let (name, from) = line.split_once(" from ")?;
            let name = name.trim();
            let ident = !name.is_empty()
                && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$');
            ident.then(|| quoted(from.trim_start())).flatten()
        }
        _ => None,
    }
}

/// The text of a leading `"…"` or `'…'`.
fn quoted(text: &str) -> Option<&str> {
    let quote = text.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let inner = &text[1..];
    let end = inner.find(quote)?;
    Some(&inner[..end]).filter(|t| !t.is_empty())
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
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    // A snapshot whose name says it holds Markdown (`markdown-help.snap`, cargo-dist's
    // CLI reference, included by its book).
    let markdown_snapshot = name.ends_with(".snap") && name.contains("markdown");
    [".md", ".mdx", ".markdown"].iter().any(|ext| lower.ends_with(ext))
        || lower.contains(".md.")
        || lower.contains(".mdx.")
        || markdown_snapshot
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
                    <!--@include: ./cli-generated.md{3,}-->\n\n\
                    {% include \"snippet.markdown\" %}\n\n::include{file=\"../../cli.md.snap\" start=\"x\"}\n\nimport Part from './_part.mdx';\n\n\
                    {{% include \"_common/store-scope.md\" %}}\n\n{{< include \"/_common/b.md\" >}}\n\n\
                    {{< figure src=\"a.md\" >}}\n\n```{include} ../../CHANGELOG.md\n:relative-docs: docs/\n```\n";
        assert_eq!(
            include_targets(text),
            [
                "nextest-runner/repo-config-reference.md",
                "../shared/intro.md",
                "docs/.partials/x.md",
                "../cli/tests/cli-reference@.md.snap",
                "./docs_src/annotations/en/test_main.md",
                "./cli-generated.md",
                "snippet.markdown",
                "../../cli.md.snap",
                "./_part.mdx",
                "_common/store-scope.md",
                "/_common/b.md",
                "../../CHANGELOG.md",
            ]
        );
        assert!(is_markdown_target("tests/snapshots/markdown-help.snap"));
        assert!(!is_markdown_target("tests/snapshots/cli-help.snap"), "output, not Markdown");
    }

    #[test]
    fn code_and_other_files_are_not_markdown_includes() {
        let text = "```rust\n{{#include ../listings/ch01/src/main.rs}}\n```\n\n\
                    import React from 'react';\n\nWe include many files.\n\n\
                    import { VersionBadge } from '/snippets/version-badge.mdx'\n";
        assert!(include_targets(text).is_empty());
    }
}
