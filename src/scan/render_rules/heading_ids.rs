//! The ids a doc's headings get from the renderer that publishes it, besides GitHub's
//! (which the parser computes): Python-Markdown's for MkDocs, mdBook's, VitePress's
//! (also taken for Mintlify, whose ids are not documented: punctuation runs become `-`,
//! `ollama.com` → `ollama-com`).
//! Docusaurus and Astro use github-slugger, so they add none. A heading's `{#id}` wins everywhere.
//!
//! Reads the parsed doc only.

use std::collections::HashSet;

use super::{mdbook, python_markdown, vitepress};
use crate::scan::markdown::{ParsedDoc, OPEN_ANCHORS};
use crate::scan::site::Generator;

/// The id `generator` gives each heading of `parsed`, in heading order; `None` when its
/// ids are GitHub's.
pub fn heading_ids(generator: Generator, parsed: &ParsedDoc) -> Option<Vec<String>> {
    if matches!(
        generator,
        Generator::Docusaurus | Generator::Astro | Generator::Jekyll | Generator::Sphinx
    ) {
        return None;
    }
    let mut used: HashSet<String> =
        parsed.headings.iter().filter_map(|h| h.custom_id.clone()).collect();
    let ids = parsed
        .headings
        .iter()
        .map(|h| {
            if let Some(id) = &h.custom_id {
                return id.clone();
            }
            match generator {
                Generator::Mkdocs => {
                    let source = parsed.text.get(h.offset..h.end).unwrap_or_default();
                    let text = python_markdown::heading_text(source, &h.text);
                    python_markdown::unique(python_markdown::slugify(&text), &mut used)
                }
                Generator::MdBook => mdbook::unique_id(mdbook::id_from_content(&h.text), &mut used),
                Generator::VitePress if parsed.keeps_case => {
                    vitepress::unique(vitepress::slugify_keeping_case(&h.text), &mut used)
                }
                Generator::VitePress | Generator::Mintlify => {
                    vitepress::unique(vitepress::slugify(&h.text), &mut used)
                }
                Generator::VuePress => {
                    vitepress::unique_from_two(vitepress::slugify_vuepress(&h.text), &mut used)
                }
                Generator::DocBuilder => super::doc_builder::heading_id(&h.text),
                // Zola's default `slugify.anchors = "on"`: letters and digits kept,
                // lowercased, every other run one `-`.
                Generator::Zola => vitepress::unique(super::dash_slug(&h.text), &mut used),
                // Hugo's goldmark `autoHeadingIDType` defaults to "github".
                Generator::Docusaurus
                | Generator::Astro
                | Generator::Jekyll
                | Generator::Hugo
                | Generator::Sphinx => h.slug.clone(),
            }
        })
        .collect();
    Some(ids)
}

/// VitePress slugs a heading's source text, where an HTML entity is still written out:
/// electric's "WAL growth &mdash; why …" is `#wal-growth-mdash-why-…`.
fn entity_ids(parsed: &ParsedDoc) -> Vec<String> {
    parsed
        .headings
        .iter()
        .filter_map(|h| {
            let source = parsed.text.get(h.offset..h.end)?;
            let source = source.trim().trim_start_matches('#').trim_end_matches('#').trim();
            let entity = source.contains('&') && source.contains(';');
            let slug = if parsed.keeps_case {
                vitepress::slugify_keeping_case(source)
            } else {
                vitepress::slugify(source)
            };
            entity.then_some(slug)
        })
        .collect()
}

/// The GitHub heading ids of a VitePress page that the site does not give: each
/// heading's GitHub slug that is none of the site's ids (`site`: its heading ids, `{#id}`
/// attributes, entity ids) nor an HTML `id`/`name` written in the page. go-task's config
/// reference links `cli.md#-v---verbose`, GitHub's id of `` ### `-v, --verbose` ``, which
/// VitePress ids `#v-verbose`. Empty for a page with open anchors. Whether a link reads
/// them so is the caller's (`ScanContext::add_site_ids` keeps them for the pages of a
/// site with the stock slugify only).
fn github_only_ids(parsed: &ParsedDoc, site: &HashSet<String>) -> HashSet<String> {
    if parsed.anchors.contains(OPEN_ANCHORS) {
        return HashSet::new();
    }
    let mut only: HashSet<String> = parsed
        .headings
        .iter()
        .filter(|h| !site.contains(&h.slug))
        .map(|h| h.slug.clone())
        .collect();
    if !only.is_empty() && (parsed.text.contains("id=") || parsed.text.contains("name=")) {
        static HTML_ID: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
            regex::Regex::new(r#"\b(?:id|name)\s*=\s*["']([^"'\s>]+)["']"#).expect("valid regex")
        });
        for c in HTML_ID.captures_iter(&parsed.text) {
            only.remove(&c[1]);
        }
    }
    only
}

/// The ids a Hugo page gets when its site turns on goldmark's `autoDefinitionTermID`:
/// each definition-list term is an anchor as a heading is, both from one counter in page
/// order (hugoDocs' `OPTIONS` term takes `options`, so the `## Options` heading after it
/// is `#options-1`). GitHub's ids, goldmark's default `autoHeadingIDType`.
pub fn definition_term_ids(parsed: &ParsedDoc) -> Vec<String> {
    let mut items: Vec<(usize, String)> = super::definition_terms(&parsed.text);
    items.extend(parsed.headings.iter().map(|h| (h.offset, h.text.clone())));
    items.sort_by_key(|(at, _)| *at);
    let mut slugger = crate::scan::markdown::Slugger::default();
    items.iter().map(|(_, text)| slugger.slug(text)).collect()
}

/// MyST's other targets (MyST-Parser's "Cross-referencing" docs): a directive's
/// `:name: x` option, a `{#x}` block attribute line and a `[text]{#x}` span (the
/// `attrs_block` and `attrs_inline` extensions), and the name argument of
/// ```` ```{figure-md} x ````.
fn myst_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let word = |t: &str| {
        let t = t.trim();
        (!t.is_empty() && !t.contains(char::is_whitespace)).then(|| t.to_string())
    };
    for line in text.lines() {
        let line = line.trim();
        // mystmd takes `:label:` for `:name:`.
        if let Some(name) = line.strip_prefix(":name:").or_else(|| line.strip_prefix(":label:")) {
            out.extend(word(name));
        } else if let Some(rest) =
            line.strip_prefix("```{figure-md}").or_else(|| line.strip_prefix(":::{figure-md}"))
        {
            out.extend(word(rest));
        }
        let mut rest = line;
        while let Some(at) = rest.find("{#") {
            let after = &rest[at + 2..];
            let Some(end) = after.find('}') else { break };
            let id = after[..end].split_whitespace().next().unwrap_or_default();
            if !id.is_empty() {
                out.push(id.to_string());
            }
            rest = &after[end..];
        }
    }
    out
}

/// Adds the heading ids of `generator` (if any) to `parsed.anchors`, so a fragment that
/// works on the published site resolves as one that works on GitHub does; for MkDocs also
/// its other anchors (`mkdocs_anchors`), for mdBook its definition-list terms, for
/// VitePress its `{#id}` attributes, for Astro (Starlight) the title's `_top`; a page
/// that renders a block component has open anchors.
pub fn add_site_ids(parsed: &mut ParsedDoc, generator: Option<Generator>) {
    let ids = generator.and_then(|g| heading_ids(g, parsed));
    // A VitePress page's own ids, kept to tell GitHub's apart (`github_only`).
    let mut vitepress_ids: Option<HashSet<String>> = None;
    if matches!(generator, Some(Generator::VitePress | Generator::VuePress | Generator::DocBuilder))
    {
        let mut site: HashSet<String> = ids.iter().flatten().cloned().collect();
        site.extend(super::mkdocs_anchors::attr_ids(&parsed.text));
        site.extend(entity_ids(parsed));
        vitepress_ids = Some(site);
    }
    if let Some(ids) = ids {
        parsed.anchors.extend(ids);
    }
    if generator == Some(Generator::Mkdocs) {
        super::mkdocs_anchors::add(parsed);
    }
    if generator == Some(Generator::Astro) {
        // Starlight gives every page's title the id `_top` (its "back to top" target):
        // mocha's `[back to top](#_top)`.
        parsed.anchors.insert("_top".to_string());
    }
    if generator == Some(Generator::MdBook) {
        let terms = mdbook::term_ids(&parsed.text);
        parsed.anchors.extend(terms);
    }
    if let Some(site) = &vitepress_ids {
        parsed.anchors.extend(site.iter().cloned());
    }
    if generator == Some(Generator::Sphinx) {
        // A section's id is docutils' `make_id` of its title; MyST resolves `#id` to it
        // when `myst_heading_anchors` is not set (and to GitHub's slug when it is).
        let ids: Vec<String> = parsed.headings.iter().map(|h| docutils_id(&h.text)).collect();
        parsed.anchors.extend(ids.into_iter().filter(|id| !id.is_empty()));
        // MyST's targets: a `(label)=` line names the block below it.
        let labels = parsed.text.lines().filter_map(|line| {
            let label = line.trim().strip_prefix('(')?.strip_suffix(")=")?;
            (!label.is_empty() && !label.contains(char::is_whitespace)).then(|| label.to_string())
        });
        let labels: Vec<String> = labels.collect();
        parsed.anchors.extend(labels);
        parsed.anchors.extend(myst_targets(&parsed.text));
    }
    if generator == Some(Generator::Mintlify) {
        // Mintlify also keeps a heading's `/` and `:` (its pages link `#tasks%2Fget` for
        // `` `tasks/get` `` and `#https%3A%2F%2F` for `https://`): the text lowercased,
        // spaces as `-`, other characters kept.
        let kept: Vec<String> = parsed.headings.iter().map(|h| kept_id(&h.text)).collect();
        parsed.anchors.extend(kept.into_iter().filter(|id| !id.is_empty()));
        // An `<Accordion title="Analyze Task Complexity">` or a `<Tab title="Azure
        // Container Instances">` is linkable by its title's slug, as a heading is
        // (Mintlify's ids default to the title: prefect's `#azure-container-instances`).
        let titles: Vec<String> = titled_components(&parsed.text)
            .map(|t| vitepress::slugify(&t))
            .filter(|id| !id.is_empty())
            .collect();
        parsed.anchors.extend(titles);
        // A `<ParamField path="tools">` is linkable as `#param-tools` (agent-kit's
        // `/reference/create-agent#param-tools`), whichever of `path`, `body`,
        // `query` or `header` names it.
        let params: Vec<String> =
            param_fields(&parsed.text).map(|name| format!("param-{name}")).collect();
        parsed.anchors.extend(params);
    }
    // A doc-builder page with API entries written from the code, or another file's text
    // pasted in, has their ids too.
    if generator == Some(Generator::DocBuilder)
        && super::doc_builder::renders_at_build(&parsed.text)
    {
        parsed.anchors.insert(OPEN_ANCHORS.to_string());
    }
    let component_sites = [
        Generator::VitePress,
        Generator::VuePress,
        Generator::Docusaurus,
        Generator::Astro,
        Generator::Mintlify,
    ];
    if generator.is_some_and(|g| component_sites.contains(&g))
        && parsed.headings.len() <= 1
        && renders_component(&parsed.text)
    {
        parsed.anchors.insert(OPEN_ANCHORS.to_string());
    }
    if let Some(site) = vitepress_ids {
        parsed.github_only = github_only_ids(parsed, &site);
    }
}

/// docutils' `make_id`: lowercased, accents dropped (`é` → `e`, other non-ASCII
/// letters dropped), each run of other characters one `-`, leading digits and hyphens
/// and trailing hyphens removed (`The `go_type` map` → `the-go-type-map`,
/// `sqlc/db-prepare` → `sqlc-db-prepare`).
pub fn docutils_id(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if let Some(base) = unaccented(c) {
            out.push(base);
        } else if (c.is_ascii() || !c.is_alphabetic()) && !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let start = out.find(|c: char| c.is_ascii_lowercase()).unwrap_or(out.len());
    out[start..].trim_end_matches('-').to_string()
}

/// `@sindresorhus/slugify`'s id of a heading, with its defaults: `&` read as ` and `,
/// accents dropped, camelCase split into words (its `decamelize`: `isSingleton` →
/// `is singleton`, `OpenAI` → `open ai`, `APIs` kept whole), lowercased, each run of
/// other characters one `-`, none at either end.
pub fn decamelized_id(text: &str) -> String {
    use std::sync::LazyLock;
    static STEPS: LazyLock<[regex::Regex; 4]> = LazyLock::new(|| {
        [
            r"([A-Z]{2,})(\d+)",
            r"([a-z\d]+)([A-Z]{2,})",
            r"([a-z\d])([A-Z])",
            // `[a-rt-z]`: every lowercase letter but `s`, so `APIs` stays one word.
            r"([A-Z]+)([A-Z][a-rt-z\d]+)",
        ]
        .map(|p| regex::Regex::new(p).expect("valid regex"))
    });
    let mut text: String =
        text.replace('&', " and ").chars().map(|c| unaccented(c).unwrap_or(c)).collect();
    for step in STEPS.iter() {
        text = step.replace_all(&text, "$1 $2").into_owned();
    }
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_ascii_alphanumeric()).collect();
    words.into_iter().filter(|w| !w.is_empty()).collect::<Vec<_>>().join("-")
}

/// The ASCII letter a Latin letter with a diacritic decomposes to, for the common ones.
fn unaccented(c: char) -> Option<char> {
    const TABLE: [(&str, char); 7] = [
        ("àáâãäåā", 'a'),
        ("çćč", 'c'),
        ("èéêëēė", 'e'),
        ("ìíîïī", 'i'),
        ("ñń", 'n'),
        ("òóôõöō", 'o'),
        ("ùúûüū", 'u'),
    ];
    TABLE.iter().find(|(set, _)| set.contains(c)).map(|(_, base)| *base)
}

/// The `title` attribute of each `<Accordion …>` and `<Tab …>` tag in `text` (not
/// `<AccordionGroup>` or `<Tabs>`, which have none).
fn titled_components(text: &str) -> impl Iterator<Item = String> + '_ {
    let opens =
        |at: usize, name: &str| text[at + name.len()..].starts_with(|c: char| c.is_whitespace());
    text.match_indices('<').filter_map(move |(at, _)| {
        if !["<Accordion", "<Tab"].iter().any(|n| text[at..].starts_with(n) && opens(at, n)) {
            return None;
        }
        let tag = &text[at..];
        let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
        let value = tag.split_once("title=")?.1;
        let quote = value.chars().next().filter(|q| *q == '"' || *q == '\'')?;
        let value = &value[1..];
        Some(value[..value.find(quote)?].to_string())
    })
}

/// The name each `<ParamField …>` tag in `text` documents: the value of its `path`,
/// `body`, `query` or `header` attribute.
fn param_fields(text: &str) -> impl Iterator<Item = String> + '_ {
    text.match_indices("<ParamField").filter_map(move |(at, name)| {
        let tag = &text[at + name.len()..];
        if !tag.starts_with(char::is_whitespace) {
            return None;
        }
        let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
        ["path=\"", "body=\"", "query=\"", "header=\""].iter().find_map(|attr| {
            let at = tag.find(attr)?;
            // The attribute itself, not the end of another (`xpath="`).
            if !tag[..at].ends_with(char::is_whitespace) {
                return None;
            }
            let value = &tag[at + attr.len()..];
            let value = &value[..value.find('"')?];
            (!value.is_empty()).then(|| value.to_string())
        })
    })
}

/// `text` lowercased with each run of whitespace as one `-`, every other character kept.
pub fn kept_id(text: &str) -> String {
    text.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>().join("-")
}

/// Whether a page of a component-rendering site (VitePress' Vue, MDX) holds a
/// self-closing block component on a line of its own — `<Settings :level="2" />`,
/// `<ApiReference />` (a wrapper such as `<Tabs>` shows its content in the source).
/// With no heading of its own but the title, such a page is the component's output: its
/// headings (mise's settings page, 51 of them, generated from `settings.toml`) are not
/// anyone's to list, so the page's anchors are open. A page with headings of its own
/// and a small component (fastmcp's `<VersionBadge />`) keeps its anchors checked.
fn renders_component(text: &str) -> bool {
    text.lines().any(|line| {
        let t = line.trim();
        let Some(tag) = t.strip_prefix('<') else { return false };
        let name: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        name.starts_with(|c: char| c.is_ascii_uppercase()) && t.ends_with("/>")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;

    #[test]
    fn mintlify_param_fields_are_linkable() {
        let mut parsed = parse(
            "# API\n\n<ParamField path=\"system\" type=\"string\" required>\nx\n</ParamField>\n\n<ParamField body=\"messages\">\ny\n</ParamField>\n\n<ParamFieldGroup xpath=\"no\">\n"
                .into(),
        );
        add_site_ids(&mut parsed, Some(Generator::Mintlify));
        assert!(parsed.anchors.contains("param-system"));
        assert!(parsed.anchors.contains("param-messages"));
        assert!(!parsed.anchors.contains("param-no"));
        let mut elsewhere =
            parse("# API\n\n<ParamField path=\"system\">\nx\n</ParamField>\n".into());
        add_site_ids(&mut elsewhere, Some(Generator::VitePress));
        assert!(!elsewhere.anchors.contains("param-system"));
    }

    #[test]
    fn sindresorhus_slugify_splits_camel_case() {
        for (heading, id) in [
            ("isSingleton", "is-singleton"),
            ("LangChain", "lang-chain"),
            ("OpenAI", "open-ai"),
            ("SambaNova", "samba-nova"),
            ("Mounting within another FastAPI App", "mounting-within-another-fast-api-app"),
            ("APIs and SDKs", "apis-and-sdks"),
            ("One-sided & two-sided", "one-sided-and-two-sided"),
            ("HTTP2 support", "http-2-support"),
            ("Café  menu", "cafe-menu"),
        ] {
            assert_eq!(decamelized_id(heading), id, "{heading}");
        }
    }

    #[test]
    fn mintlify_accordions_are_linkable_by_title() {
        let mut parsed = parse(
            "# Tasks\n\n<AccordionGroup>\n<Accordion title=\"Analyze Task Complexity\" icon=\"x\">\nText\n</Accordion>\n".to_string(),
        );
        add_site_ids(&mut parsed, Some(Generator::Mintlify));
        assert!(parsed.anchors.contains("analyze-task-complexity"));
        let mut tabs = parse(
            "# Serverless

<Tabs>
  <Tab title=\"Azure Container Instances\">
Text
  </Tab>
</Tabs>
"
            .to_string(),
        );
        add_site_ids(&mut tabs, Some(Generator::Mintlify));
        assert!(tabs.anchors.contains("azure-container-instances"), "{:?}", tabs.anchors);
        assert!(!parsed.anchors.contains("accordiongroup"));
    }

    #[test]
    fn a_starlight_page_has_its_title_anchor() {
        let mut page = parse(
            "# Fixtures

[Back to top](#_top)
"
            .to_string(),
        );
        add_site_ids(&mut page, Some(Generator::Astro));
        assert!(page.anchors.contains("_top"));
        let mut readme = parse(
            "# Fixtures
"
            .to_string(),
        );
        add_site_ids(&mut readme, None);
        assert!(!readme.anchors.contains("_top"), "GitHub has no such anchor");
    }

    #[test]
    fn hugo_definition_terms_share_the_headings_counter() {
        let doc = parse(
            "# Highlight\n\n`OPTIONS`\n: The options.\n\nStep 3\n: Run it.\n\n## Options\n\n\
             Not a term\nbecause no blank line before\n: x\n"
                .into(),
        );
        let ids = definition_term_ids(&doc);
        assert_eq!(ids, ["highlight", "options", "step-3", "options-1"]);
    }

    #[test]
    fn section_ids_as_docutils_makes_them() {
        assert_eq!(docutils_id("The go_type map"), "the-go-type-map");
        assert_eq!(docutils_id("sqlc/db-prepare"), "sqlc-db-prepare");
        assert_eq!(docutils_id("Rules using EXPLAIN ... output"), "rules-using-explain-output");
        assert_eq!(docutils_id("2. Café setup!"), "cafe-setup");
        assert_eq!(docutils_id("日本語"), "");
        let mut parsed = parse("# The `go_type` map\n".to_string());
        add_site_ids(&mut parsed, Some(Generator::Sphinx));
        assert!(parsed.anchors.contains("the-go-type-map"));
        // MyST's targets besides headings and `(label)=` lines.
        let mut myst = parse(
            "# X\n\n{#paragraph-target}\nA paragraph.\n\nA [span]{#span-target}.\n\n\
             ```{note}\n:name: directive-target\nNote.\n```\n\n:::{figure-md} fig-target\n:::\n\n\
             :::{figure} a.png\n:label: labelled-figure\n:::\n"
                .to_string(),
        );
        add_site_ids(&mut myst, Some(Generator::Sphinx));
        for id in
            ["paragraph-target", "span-target", "directive-target", "fig-target", "labelled-figure"]
        {
            assert!(myst.anchors.contains(id), "{id}");
        }
        assert!(!myst.anchors.contains("nowhere"));
    }

    #[test]
    fn vitepress_attrs_and_block_components() {
        let mut doc =
            parse("# Config\n\nText.\n{#fake-timers}\n\n<Tabs>\n\nA tab.\n\n</Tabs>\n".into());
        add_site_ids(&mut doc, Some(Generator::VitePress));
        assert!(doc.has_anchor("fake-timers") && !doc.has_anchor("nope"));
        let mut entity = parse("# Guide\n\n### WAL growth &mdash; why?\n".into());
        add_site_ids(&mut entity, Some(Generator::VitePress));
        assert!(entity.has_anchor("wal-growth-mdash-why"), "{:?}", entity.anchors);
        let mut generated = parse("# Settings\n\n<Settings :level=\"2\" />\n".into());
        add_site_ids(&mut generated, Some(Generator::VitePress));
        assert!(generated.has_anchor("any-setting"), "a block component's headings are open");
        let mut badge =
            parse("# Context\n\n<VersionBadge version=\"2.3\" />\n\n## State\n\n## HTTP\n".into());
        add_site_ids(&mut badge, Some(Generator::Mintlify));
        assert!(!badge.has_anchor("state-management"), "a page of its own keeps its anchors");
        let mut mintlify = parse("# Schema\n\n## `tasks/get`\n\n### https://\n".into());
        add_site_ids(&mut mintlify, Some(Generator::Mintlify));
        assert!(mintlify.has_anchor("tasks/get") && mintlify.has_anchor("https://"));
        assert!(mintlify.has_anchor("tasks-get") && !mintlify.has_anchor("tasks/list"));
        let mut github = parse("# Settings\n\n<Settings />\n".into());
        add_site_ids(&mut github, None);
        assert!(!github.has_anchor("any-setting"));
    }

    #[test]
    fn each_generator_names_the_same_headings_its_own_way() {
        let text = "# A & B\n## build.target\n## build.target\n## Custom {#mine}\n";
        let doc = parse(text.into());
        let gh: Vec<&str> = doc.headings.iter().map(|h| h.slug.as_str()).collect();
        assert_eq!(gh, ["a--b", "buildtarget", "buildtarget-1", "custom"]);
        assert_eq!(
            heading_ids(Generator::Mkdocs, &doc).unwrap(),
            ["a-b", "buildtarget", "buildtarget_1", "mine"]
        );
        assert_eq!(
            heading_ids(Generator::MdBook, &doc).unwrap(),
            ["a--b", "buildtarget", "buildtarget-1", "mine"]
        );
        assert_eq!(
            heading_ids(Generator::VitePress, &doc).unwrap(),
            ["a-b", "build-target", "build-target-1", "mine"]
        );
        assert_eq!(heading_ids(Generator::Docusaurus, &doc), None);
        let spaced = parse("## Title { #my-id }\n## Other {#x .wide}\n".into());
        assert_eq!(heading_ids(Generator::Mkdocs, &spaced).unwrap(), ["my-id", "x"]);
        let mut doc = doc;
        add_site_ids(&mut doc, Some(Generator::VitePress));
        assert!(doc.has_anchor("build-target-1") && doc.has_anchor("buildtarget-1"));
    }
}
