//! Whether a doc outside any detected docs site is written for Python-Markdown (MkDocs
//! and its successors), from syntax that only Python-Markdown extensions give a
//! meaning to: admonitions (`!!! note`, `??? tip`), content tabs (`=== "Tab"`) and
//! mkdocs-autorefs references (`[Name][package.module.Name]` with no definition). A
//! project whose site config lives elsewhere (another repository builds the site)
//! still writes its links for that site's heading ids.
//!
//! Reads the parsed doc only.

use crate::scan::markdown::{BlockKind, ParsedDoc};

/// Whether `parsed` uses Python-Markdown-only syntax outside code.
pub fn is_python_markdown(parsed: &ParsedDoc) -> bool {
    let block_marker = parsed.blocks.iter().any(|b| {
        b.kind == BlockKind::Paragraph && {
            let text = parsed.slice(&b.range);
            is_admonition(text) || text.starts_with("=== \"")
        }
    });
    block_marker || parsed.text_runs.iter().any(|r| has_autoref(&r.text))
}

fn is_admonition(text: &str) -> bool {
    let Some(rest) = ["!!! ", "??? ", "???+ "].iter().find_map(|m| text.strip_prefix(m)) else {
        return false;
    };
    rest.starts_with(|c: char| c.is_ascii_alphabetic())
}

/// `][a.b]`: the label of an undefined reference link (pulldown-cmark leaves it as
/// text) that names a dotted Python path.
fn has_autoref(text: &str) -> bool {
    text.match_indices("][").any(|(at, _)| {
        let label = &text[at + 2..];
        let Some(end) = label.find(']') else { return false };
        let label = &label[..end];
        let mut parts = label.split('.');
        let identifier = |p: &str| {
            p.starts_with(|c: char| c.is_alphabetic() || c == '_')
                && p.chars().all(|c| c.is_alphanumeric() || c == '_')
        };
        label.contains('.') && parts.all(identifier)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;

    #[test]
    fn python_markdown_syntax_is_recognised_and_near_misses_are_not() {
        for yes in [
            "# T\n\n!!! note \"Title\"\n    Body.\n",
            "# T\n\n??? tip\n    Folded.\n",
            "# T\n\n=== \"Python\"\n\n    ```py\n    x\n    ```\n",
            "# T\n\nSee [`Agent`][pydantic_ai.agent.Agent] for more.\n",
        ] {
            assert!(is_python_markdown(&parse(yes.into())), "{yes}");
        }
        for no in [
            "# T\n\nWow!!! That works.\n",
            "# T\n\n```\n!!! note\n```\n",
            "# T\n\n`[x][a.b]` in code\n",
            "# T\n\nSee [x][ref].\n\n[ref]: a.md\n",
            "# T\n\nArrays [0][1.5] here\n",
            "# T\n\n=== not a tab\n",
        ] {
            assert!(!is_python_markdown(&parse(no.into())), "{no}");
        }
    }
}
