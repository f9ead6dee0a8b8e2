//! How Hugging Face's doc-builder renders a docs folder (the folder of its
//! `_toctree.yml`, published on huggingface.co/docs): heading ids from its Markdown
//! preprocessor (`kit/preprocessors/mdsvex/index.js`, `treeVisitor`), and pages by route
//! (`./cli` reaches `cli.md` or `cli.mdx`).
//!
//! Pure string work; whether a candidate exists is the caller's question.

/// The id doc-builder gives a heading whose text (as the scan reads it) is `text`: the
/// id a trailing `[[id]]` names (`## Authentication[[login]]`), else the text trimmed
/// and lowercased, each run of whitespace one `-`, and every character but a letter, a
/// digit or `-` dropped (`### HF_HOME` is `#hfhome`, `## Step 1 - Setup` is
/// `#step-1---setup`). Ids are not made unique.
pub fn heading_id(text: &str) -> String {
    let text = text.trim();
    if let Some(custom) = custom_id(text) {
        return custom.to_string();
    }
    let lower = text.to_lowercase();
    let mut out = String::with_capacity(lower.len());
    let mut in_space = false;
    for c in lower.chars() {
        if c.is_whitespace() {
            if !in_space {
                out.push('-');
            }
            in_space = true;
            continue;
        }
        in_space = false;
        if c.is_alphanumeric() || c == '-' {
            out.push(c);
        }
    }
    out
}

/// The id a heading's trailing `[[id]]` names (doc-builder's anchor syntax).
fn custom_id(text: &str) -> Option<&str> {
    let inner = text.strip_suffix("]]")?;
    let at = inner.rfind("[[")?;
    let id = inner[at + 2..].trim();
    (!id.is_empty() && !id.contains(['[', ']'])).then_some(id)
}

/// Whether doc-builder writes part of a page when it builds it, bringing ids the scan
/// cannot see: API entries from the library's code (`[[autodoc]] huggingface_hub.HfApi`,
/// ids such as `#huggingface_hub.HfApi.upload_file`), or another file's text pasted in
/// (`<include>{"path": "../snippets/3_custom-usage.snippet"}</include>`, transformers.js'
/// `custom_usage.md`, whose `#convert-your-models-to-onnx` is the snippet's heading).
pub fn renders_at_build(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("[[autodoc]]") || l.starts_with("<include>")
    })
}

/// The files a link may reach from a page of a doc-builder site: `resolved` is the
/// link's resolution from the page's folder. A route (`./cli`, `../package_reference/
/// environment_variables`) reaches `cli.md`, `cli.mdx` or the folder's `index`; a path
/// with an extension is a file, as on GitHub.
pub fn link_candidates(written: &str, resolved: &str) -> Vec<String> {
    if written.starts_with('/') {
        return Vec::new();
    }
    let base = resolved.trim_end_matches('/');
    let name = base.rsplit('/').next().unwrap_or_default();
    if name.contains('.') {
        return Vec::new();
    }
    super::route_pages(base, &["md", "mdx"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_ids_as_the_preprocessor_writes_them() {
        assert_eq!(heading_id("HF_HOME"), "hfhome");
        assert_eq!(heading_id("HF_XET_HIGH_PERFORMANCE"), "hfxethighperformance");
        assert_eq!(heading_id("Step 1 - Setup"), "step-1---setup");
        assert_eq!(heading_id("  Use `hf`  to log in! "), "use-hf-to-log-in");
        assert_eq!(heading_id("Authentication[[login]]"), "login");
        assert_eq!(heading_id("Café"), "café");
        assert_eq!(heading_id("a[[]]"), "a");
    }

    #[test]
    fn routes_reach_md_and_mdx_pages() {
        assert_eq!(
            link_candidates("../package_reference/cli", "docs/source/en/package_reference/cli"),
            [
                "docs/source/en/package_reference/cli.md",
                "docs/source/en/package_reference/cli/index.md",
                "docs/source/en/package_reference/cli.mdx",
                "docs/source/en/package_reference/cli/index.mdx"
            ]
        );
        assert!(link_candidates("./cli.md", "docs/cli.md").is_empty());
        assert!(link_candidates("/docs/hub/index", "docs/hub/index").is_empty());
        assert!(renders_at_build("# HfApi\n\n[[autodoc]] HfApi\n"));
        assert!(renders_at_build(
            "# Custom\n\n<include>\n{\"path\": \"../s.snippet\"}\n</include>\n"
        ));
        assert!(!renders_at_build("# Guide\n\nSee `<include>` tags.\n"));
    }
}
