//! Link resolution as GitHub renders it: external schemes skipped, `?query` ignored,
//! percent-decoding, a leading `/` from the root, anything else relative to the doc's
//! folder. Rustdoc intra-doc links (`crate::x`, `fn@x`, `crate#anchor`) in Markdown that
//! rustdoc includes name Rust items, not files, and are skipped. Pure string work:
//! whether the target exists is `tree.rs`'s question.

use percent_encoding::percent_decode_str;

/// What a link destination points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkTarget {
    /// External (`https:`, `mailto:`, `//host`…), empty, or templated: not checked.
    Skip,
    /// `#fragment` in the same doc (decoded).
    SameDoc { fragment: String },
    /// A file or folder in the repository.
    Local {
        /// The path part as written (no query, no fragment), for `target`.
        written: String,
        /// Root-relative, decoded, normalised; leading `../` when it leaves the root.
        path: String,
        /// Decoded fragment, if any.
        fragment: Option<String>,
    },
}

/// Classifies `dest`, written in a doc whose folder is `doc_dir` (root-relative, `""` at
/// the root).
pub fn classify(dest: &str, doc_dir: &str) -> LinkTarget {
    let dest = dest.trim();
    if dest.is_empty()
        || has_scheme(dest)
        || dest.starts_with("//")
        || dest.contains("{{")
        // `${CLAUDE_SKILL_DIR}/jobs/scan.md`: a variable the tool substitutes when the
        // doc is used (claude-plugins-official's skills), not a path in the checkout.
        || dest.contains("${")
        || is_rust_path(dest)
        || is_placeholder(dest)
    {
        return LinkTarget::Skip;
    }
    // GitHub prefixes the id of every heading it renders with `user-content-` and its
    // page script resolves a fragment with or without it: `#user-content-keys` reaches
    // `## Keys` (go-toml's copy of the TOML spec links its headings so, 19 times).
    let (before_fragment, fragment) = match dest.split_once('#') {
        Some((p, f)) => {
            let f = decode(f);
            (p, Some(f.strip_prefix("user-content-").map(str::to_string).unwrap_or(f)))
        }
        None => (dest, None),
    };
    let written = before_fragment.split_once('?').map_or(before_fragment, |(p, _)| p);
    if written.is_empty() {
        return match fragment {
            Some(fragment) if !before_fragment.contains('?') => LinkTarget::SameDoc { fragment },
            _ => LinkTarget::Skip,
        };
    }
    let decoded = decode(written);
    let path = match decoded.strip_prefix('/') {
        Some(from_root) => join("", from_root),
        None => join(doc_dir, &decoded),
    };
    LinkTarget::Local { written: written.to_string(), path, fragment }
}

/// Whether `dest` is a placeholder a script or a reader fills in, not a path: a
/// constant's name (`ENGLISH_VERSION_URL`, `TRANSLATIONS_PAGE`, substituted when the
/// page is rendered), an expression (`{image.src}`) or the word a syntax example uses
/// (`[text](url)`).
pub fn is_placeholder(dest: &str) -> bool {
    // An MDX or template expression (`{image.src}`, `{{ url }}`): its value is computed;
    // a bracketed slot of a form (`[Description]`).
    let wrapped =
        |open: char, close: char| dest.len() > 2 && dest.starts_with(open) && dest.ends_with(close);
    if wrapped('{', '}') || wrapped('[', ']') {
        return true;
    }
    // A variable's name in a template (`thumbnail_url`, `image_path`).
    let mut words = dest.split('_');
    let snake = dest.contains('_')
        && words.all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase()));
    if snake {
        return true;
    }
    let constant = dest.len() >= 3
        && dest.contains('_')
        && dest.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    constant
        || matches!(
            dest.to_ascii_lowercase().as_str(),
            "url" | "link" | "href" | "uri" | "path" | "target" | "destination" | "<url>"
        )
}

/// Whether `dest` starts with a URI scheme (`http:`, `mailto:`, `vscode:`…).
pub fn has_scheme(dest: &str) -> bool {
    let Some((scheme, _)) = dest.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    scheme.len() >= 2
        && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// Whether `dest` is a rustdoc intra-doc link: a path with `::` and no `/`, a
/// `kind@path` disambiguator, or `crate`/`self`/`super`/`Self` (optionally `#anchor`);
/// rustdoc also accepts the path in backticks.
pub fn is_rust_path(dest: &str) -> bool {
    let dest = dest.trim_matches('`');
    let path = dest.split_once('#').map_or(dest, |(p, _)| p);
    if path.contains('/') || path.is_empty() {
        return false;
    }
    let ident = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !s.starts_with(|c: char| c.is_ascii_digit())
    };
    if let Some((kind, rest)) = path.split_once('@') {
        const KINDS: &[&str] = &[
            "struct",
            "enum",
            "trait",
            "union",
            "mod",
            "module",
            "const",
            "constant",
            "fn",
            "function",
            "method",
            "derive",
            "type",
            "value",
            "macro",
            "prim",
            "primitive",
            "static",
            "field",
            "variant",
            "tymethod",
            "associatedtype",
            "associatedconstant",
            "attr",
            "keyword",
        ];
        return KINDS.contains(&kind) && !rest.is_empty();
    }
    let path = path.trim_end_matches("()").trim_end_matches('!');
    if path.contains("::") {
        return path
            .split("::")
            .enumerate()
            .all(|(i, seg)| ident(seg) || (i == 0 && seg.is_empty()));
    }
    matches!(path, "crate" | "self" | "super" | "Self")
}

/// `text` percent-decoded (invalid UTF-8 replaced).
pub fn decode(text: &str) -> String {
    percent_decode_str(text).decode_utf8_lossy().into_owned()
}

/// `rel` joined onto folder `dir`, with `.` and `..` resolved; `../` segments remain at
/// the front when the path leaves the root. No trailing `/`.
pub fn join(dir: &str, rel: &str) -> String {
    let mut parts: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    let mut escapes = 0usize;
    for seg in rel.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    escapes += 1;
                }
            }
            s => parts.push(s),
        }
    }
    let mut out = "../".repeat(escapes);
    out.push_str(&parts.join("/"));
    if out.ends_with('/') {
        out.pop();
    }
    out
}

/// The folder of a root-relative file path (`""` at the root).
pub fn parent_dir(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(dir, _)| dir)
}

/// `target` (root-relative) written relative to folder `from_dir`, e.g. `../b/c.md`.
pub fn relative_path(from_dir: &str, target: &str) -> String {
    let from: Vec<&str> = from_dir.split('/').filter(|s| !s.is_empty()).collect();
    let to: Vec<&str> = target.split('/').filter(|s| !s.is_empty()).collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; from.len() - common];
    parts.extend(&to[common..]);
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(path: &str, fragment: Option<&str>) -> LinkTarget {
        LinkTarget::Local {
            written: String::new(),
            path: path.into(),
            fragment: fragment.map(str::to_string),
        }
    }

    fn strip(t: LinkTarget) -> LinkTarget {
        match t {
            LinkTarget::Local { path, fragment, .. } => {
                LinkTarget::Local { written: String::new(), path, fragment }
            }
            other => other,
        }
    }

    #[test]
    fn resolves_like_github() {
        assert_eq!(strip(classify("b.md", "docs")), local("docs/b.md", None));
        assert_eq!(strip(classify("../a.md#Setup", "docs/x")), local("docs/a.md", Some("Setup")));
        assert_eq!(strip(classify("/src/lib.rs", "docs")), local("src/lib.rs", None));
        assert_eq!(strip(classify("my%20file.md?plain=1", "")), local("my file.md", None));
        assert_eq!(strip(classify("./guide/", "")), local("guide", None));
        assert_eq!(strip(classify("../../up.md", "docs")), local("../up.md", None));
        assert_eq!(classify("#caf%C3%A9", ""), LinkTarget::SameDoc { fragment: "café".into() });
        // GitHub's own prefix on the ids it renders.
        assert_eq!(
            classify("#user-content-keys", ""),
            LinkTarget::SameDoc { fragment: "keys".into() }
        );
        assert_eq!(strip(classify("a.md#user-content-x", "")), local("a.md", Some("x")));
        for skip in [
            "https://x.org/a.md",
            "mailto:a@b.c",
            "//cdn/x.js",
            "",
            "tel:+1",
            "{{ site.url }}/x",
            "${CLAUDE_SKILL_DIR}/jobs/scan-codebase.md",
            "${CLAUDE_PLUGIN_ROOT}/scripts",
            "?tab=1",
            "crate::routing::Router",
            "fn@crate::middleware::from_fn",
            "crate#state",
            "`tower::Service`",
            "crate",
            "std::vec::Vec::new()",
            "macro@std::println",
            "::std::io",
            "ENGLISH_VERSION_URL",
            "{harness.src}",
            "[Description]",
            "thumbnail_url",
            "url",
        ] {
            assert_eq!(classify(skip, "docs"), LinkTarget::Skip, "{skip}");
        }
        for path in [
            "self-hosting.md",
            "crate.md",
            "a@b.md",
            "docs/a::b.md",
            "email@host",
            "LICENSE",
            "README_EN.md",
            "urls",
        ] {
            assert!(matches!(classify(path, "d"), LinkTarget::Local { .. }), "{path}");
        }
        match classify("./a%20b.md?x#f", "d") {
            LinkTarget::Local { written, .. } => assert_eq!(written, "./a%20b.md"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn relative_paths_for_suggestions() {
        assert_eq!(relative_path("docs", "docs/new.md"), "new.md");
        assert_eq!(relative_path("docs/a", "guide/x.md"), "../../guide/x.md");
        assert_eq!(relative_path("", "guide/x.md"), "guide/x.md");
        assert_eq!(parent_dir("docs/a/b.md"), "docs/a");
        assert_eq!(parent_dir("b.md"), "");
    }
}
