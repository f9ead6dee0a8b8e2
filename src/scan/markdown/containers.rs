//! Markdown that a renderer reads inside a container CommonMark does not know, and so
//! would read as code or raw HTML: Python-Markdown's admonitions, collapsible blocks and
//! content tabs (`!!! note`, `??? tip`, `=== "Tab"`, their bodies indented four spaces —
//! an indented code block to CommonMark), and MDX's JSX elements (`<Steps>`, `<Tip>`:
//! their children are Markdown, indented or not; a tag alone on a line starts an HTML
//! block to CommonMark).
//!
//! `shadow` rewrites such a file line for line — a body's container indent taken off, a
//! JSX tag line left empty — for the parser only; `Shadow::start` and `Shadow::end` map
//! the parser's offsets back into the file, so every offset and line of the `ParsedDoc`
//! is the file's. Fenced code outside a container is left alone (a page showing the
//! `!!! note` syntax shows it in a code block).

use std::ops::Range;

/// The parser's text and the way back to the file's offsets.
pub struct Shadow {
    pub text: String,
    /// The file's line spans (1-based, inclusive) of top-level JSX elements: each is one
    /// block, as CommonMark's HTML block was, so a page's block count and its blocks
    /// (what `duplicate_content` compares) stay whole.
    pub elements: Vec<(u32, u32)>,
    /// The file ranges of JSX tag lines that carry a reference (`<img src=…/>`,
    /// `<CodeSandbox src=…>`): emptied like every tag line, so the line after still
    /// starts a block of its own (a fence right below the tag opens code, as MDX reads
    /// it, instead of running on in an HTML block); the caller reads their references.
    pub tags: Vec<Range<usize>>,
    /// Per line: its start in `text`, its start in the file, and the bytes taken off
    /// its front.
    lines: Vec<(usize, usize, usize)>,
}

impl Shadow {
    /// The file offset of `at`, a start: a line's first byte maps past what was taken
    /// off (to where its content is in the file).
    pub fn start(&self, at: usize) -> usize {
        let (shadow, file, cut) = self.line_of(at);
        file + cut + (at - shadow)
    }

    /// The file offset of `at`, an exclusive end: the start of a line maps to the start
    /// of that line in the file.
    pub fn end(&self, at: usize) -> usize {
        let (shadow, file, cut) = self.line_of(at);
        if at == shadow {
            file
        } else {
            file + cut + (at - shadow)
        }
    }

    pub fn range(&self, r: Range<usize>) -> Range<usize> {
        let start = self.start(r.start);
        start..self.end(r.end).max(start)
    }

    fn line_of(&self, at: usize) -> (usize, usize, usize) {
        let i = self.lines.partition_point(|l| l.0 <= at).saturating_sub(1);
        self.lines[i]
    }
}

/// The shadow of `text` when it has a container to open (`None`: parse it as it is).
/// `mdx`: the file is MDX.
pub fn shadow(text: &str, mdx: bool) -> Option<Shadow> {
    let admonitions = text.contains("!!!") || text.contains("???") || text.contains("===");
    if !(admonitions || mdx && (text.contains('<') || text.contains("{/*"))) {
        return None;
    }
    let mut cuts: Vec<usize> = Vec::new();
    // Open admonition bodies: the indent of each opener.
    let mut bodies: Vec<usize> = Vec::new();
    // Open JSX elements (MDX), and where the outermost one opened.
    let mut jsx_depth = 0usize;
    let mut elements = Vec::new();
    let mut element_start = 0u32;
    // An open fence: its marker and how much its lines lose.
    let mut fence: Option<(String, usize)> = None;
    let mut in_comment = false;
    let mut tags = Vec::new();
    let mut at = 0;
    for (number, line) in (1u32..).zip(text.split_inclusive('\n')) {
        let line_start = at;
        at += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        let indent = content.len() - content.trim_start_matches([' ', '\t']).len();
        let blank = indent == content.len();
        if let Some((marker, cut)) = &fence {
            let cut = (*cut).min(indent);
            let rest = content[cut..].trim_start();
            let closes = rest.starts_with(marker.as_str())
                && rest.trim_end_matches(['`', '~']).trim().is_empty();
            if closes {
                fence = None;
            }
            cuts.push(cut);
            continue;
        }
        if blank {
            cuts.push(0);
            continue;
        }
        // An MDX comment (`{/* … */}`) on lines of its own renders nothing.
        if mdx && (in_comment || content.trim_start().starts_with("{/*")) {
            in_comment = !content.trim_end().ends_with("*/}");
            cuts.push(content.len());
            continue;
        }
        while bodies.last().is_some_and(|open| indent < open + 4) {
            bodies.pop();
        }
        let mut cut = (4 * bodies.len()).min(indent);
        let mut rest = &content[cut..];
        if jsx_depth > 0 {
            cut = indent;
            rest = &content[indent..];
        }
        if mdx {
            if let Some(step) = jsx_tag_line(rest) {
                // A tag carrying a reference (`<img src=…/>`, `<Card href=…>`) is read
                // by the caller from the file.
                if rest.contains("href=") || rest.contains("src=") {
                    tags.push(line_start..line_start + content.len());
                }
                match (jsx_depth, step) {
                    (0, 1) => element_start = number,
                    (1, -1) => elements.push((element_start, number)),
                    _ => {}
                }
                jsx_depth = jsx_depth.saturating_add_signed(step);
                // The whole line goes: an empty line ends a paragraph as the tag does.
                cuts.push(content.len());
                continue;
            }
        }
        let trimmed = rest.trim_start();
        if let Some(marker) = fence_marker(trimmed) {
            // Its lines lose what the container took; CommonMark takes the fence's own
            // indent off them.
            fence = Some((marker, cut));
            cuts.push(cut);
            continue;
        }
        if admonitions && opens_container(trimmed) {
            bodies.push(indent);
        }
        cuts.push(cut);
    }
    if cuts.iter().all(|c| *c == 0) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut lines = Vec::with_capacity(cuts.len());
    let mut file = 0;
    for (line, cut) in text.split_inclusive('\n').zip(cuts) {
        lines.push((out.len(), file, cut));
        out.push_str(&line[cut..]);
        file += line.len();
    }
    if lines.is_empty() {
        lines.push((0, 0, 0));
    }
    Some(Shadow { text: out, elements, tags, lines })
}

/// `!!! note "Title"`, `???+ tip`, `=== "Tab"`: a Python-Markdown container opener.
fn opens_container(line: &str) -> bool {
    let rest = ["!!!", "???+", "???", "===+", "==="].iter().find_map(|m| line.strip_prefix(m));
    rest.is_some_and(|r| r.starts_with(' ') && !r.trim().is_empty())
}

/// The fence a line opens (three or more backticks or tildes).
fn fence_marker(line: &str) -> Option<String> {
    let c = line.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let n = line.chars().take_while(|x| *x == c).count();
    (n >= 3).then(|| c.to_string().repeat(n))
}

/// A line that is one JSX tag and nothing else: `+1` opens an element, `-1` closes
/// one, `0` is self-closing.
fn jsx_tag_line(line: &str) -> Option<isize> {
    let line = line.trim();
    let inner = line.strip_prefix('<')?.strip_suffix('>')?;
    if inner.contains(['<', '>']) {
        return None;
    }
    let (closing, name_start) = match inner.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let name: String = name_start
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || ".:-_".contains(*c))
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None; // `<!-- -->`, `<>`, `<3`
    }
    let after = &name_start[name.len()..];
    if !(after.is_empty() || after.starts_with(char::is_whitespace) || after.starts_with('/')) {
        return None;
    }
    Some(if closing {
        -1
    } else if inner.ends_with('/') {
        0
    } else {
        1
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admonition_bodies_lose_their_indent_and_offsets_map_back() {
        let text = "# T\n\n!!! tip\n\n    See [a](a.md).\n\n    ```yaml\n    key:\n      v: 1\n    ```\n\nAfter.\n";
        let s = shadow(text, false).unwrap();
        assert_eq!(
            s.text,
            "# T\n\n!!! tip\n\nSee [a](a.md).\n\n```yaml\nkey:\n  v: 1\n```\n\nAfter.\n"
        );
        let at = s.text.find("[a]").unwrap();
        assert_eq!(&text[s.start(at)..s.start(at) + 3], "[a]");
        let after = s.text.find("After").unwrap();
        assert_eq!(s.start(after), text.find("After").unwrap());
        // An exclusive end at a line start is that line's start in the file.
        let line = s.text.find("key:").unwrap();
        assert_eq!(s.end(line), text.find("    key:").unwrap());
    }

    #[test]
    fn nested_containers_and_tabs() {
        let text =
            "=== \"pip\"\n\n    ??? note \"More\"\n\n        Install [it](x.md).\n\n    Back.\n";
        let s = shadow(text, false).unwrap();
        assert_eq!(s.text, "=== \"pip\"\n\n??? note \"More\"\n\nInstall [it](x.md).\n\nBack.\n");
    }

    #[test]
    fn fenced_examples_of_the_syntax_are_left_alone() {
        let text = "```markdown\n!!! note\n\n    Body.\n```\n";
        assert!(shadow(text, false).is_none());
        assert!(shadow("Plain text.\n\n    indented code\n", false).is_none());
    }

    #[test]
    fn mdx_children_are_markdown() {
        let text = "<Steps>\n  <Step title=\"Install\">\n    Install Node.js 20+.\n\n    ```bash\n    npm i -g x\n    ```\n  </Step>\n</Steps>\n<Card title=\"x\" />\n<Frame>\n<img src=\"/a.png\" />\n</Frame>\n";
        let s = shadow(text, true).unwrap();
        assert_eq!(s.text, "\n\nInstall Node.js 20+.\n\n```bash\nnpm i -g x\n```\n\n\n\n\n\n\n");
        assert_eq!(s.elements, [(1, 9), (11, 13)]);
        // The tag carrying a reference is emptied too; its file range is kept to be read.
        assert_eq!(
            s.tags.iter().map(|r| &text[r.clone()]).collect::<Vec<_>>(),
            ["<img src=\"/a.png\" />"]
        );
        assert!(shadow(text, false).is_none(), "not MDX: raw HTML");
        let comment = "Text.\n\n{/*\nSee [gone](gone.md).\n*/}\n{/* one line */}\nAfter.\n";
        assert_eq!(shadow(comment, true).unwrap().text, "Text.\n\n\n\n\n\nAfter.\n");
        assert_eq!(jsx_tag_line("<!-- note -->"), None);
        assert_eq!(jsx_tag_line("<a href=\"x\">link</a>"), None);
    }
}
