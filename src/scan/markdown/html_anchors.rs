//! Raw HTML inside Markdown, read with the html5gum tokenizer (never by pattern
//! matching): `id`/`name` attributes are anchors; `<a href>` and `<img src>` are links;
//! the text of an `<h1>`…`<h6>` element is a heading GitHub gives an id to, as it does a
//! Markdown heading (`<h1 align=center><code>just</code></h1>` is `#just`).

use html5gum::{Token, Tokenizer};

/// What one HTML fragment holds for the scanner.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct HtmlRefs {
    /// `id` and `name` attribute values.
    pub anchors: Vec<String>,
    /// `(is_image, destination)` of `<a href>` and `<img src>`.
    pub links: Vec<(bool, String)>,
    /// The text of each `<h1>`…`<h6>` element, in order.
    pub headings: Vec<String>,
}

fn is_heading(name: &[u8]) -> bool {
    matches!(name, [b'h' | b'H', b'1'..=b'6'])
}

/// Tokenizes `html` and collects its anchors and links.
pub fn html_refs(html: &str) -> HtmlRefs {
    let mut out = HtmlRefs::default();
    let mut heading: Option<String> = None;
    for Ok(token) in Tokenizer::new(html) {
        let tag = match token {
            Token::String(text) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&String::from_utf8_lossy(&text));
                }
                continue;
            }
            Token::EndTag(end) if is_heading(&end.name) => {
                out.headings.extend(heading.take());
                continue;
            }
            Token::StartTag(tag) => tag,
            _ => continue,
        };
        if is_heading(&tag.name) {
            heading = Some(String::new());
        }
        let tag_name: &[u8] = &tag.name;
        for (name, value) in &tag.attributes {
            let name: &[u8] = name;
            let value: &[u8] = &value.value;
            let value = String::from_utf8_lossy(value).into_owned();
            match (tag_name, name) {
                (_, b"id") | (_, b"name") => out.anchors.push(value),
                (b"a", b"href") => out.links.push((false, value)),
                (b"img", b"src") => out.links.push((true, value)),
                _ => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::html_refs;

    #[test]
    fn anchors_and_links_are_found() {
        let refs = html_refs(
            r#"<a name="top" href="x.md"></a><div ID='main' class="x"><img src="i.png">"#,
        );
        assert_eq!(refs.anchors, ["top", "main"]);
        assert_eq!(refs.links, [(false, "x.md".to_string()), (true, "i.png".to_string())]);
        assert_eq!(html_refs("<!-- <a id=\"hidden\"> -->"), Default::default());
        assert_eq!(html_refs("plain text"), Default::default());
        let h = html_refs("<h1 align=center><code>just</code></h1>\n<h2>Two <em>words</em></h2>");
        assert_eq!(h.headings, ["just", "Two words"]);
    }
}
