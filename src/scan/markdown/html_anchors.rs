//! Raw HTML inside Markdown, read with the html5gum tokenizer (never by pattern
//! matching): `id`/`name` attributes are anchors; `<a href>` and `<img src>` are links.

use html5gum::{Token, Tokenizer};

/// What one HTML fragment holds for the scanner.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct HtmlRefs {
    /// `id` and `name` attribute values.
    pub anchors: Vec<String>,
    /// `(is_image, destination)` of `<a href>` and `<img src>`.
    pub links: Vec<(bool, String)>,
}

/// Tokenizes `html` and collects its anchors and links.
pub fn html_refs(html: &str) -> HtmlRefs {
    let mut out = HtmlRefs::default();
    for Ok(token) in Tokenizer::new(html) {
        let Token::StartTag(tag) = token else {
            continue;
        };
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
    }
}
