//! The anchor a broken `#fragment` was clearly meant to name, offered as the fix: the
//! one heading (or HTML/`{#id}` anchor) whose id is the fragment modulo punctuation and
//! hyphen runs, or else the one within a small edit distance for its length. When two
//! are equally close, or the fragment differs from the nearest only in a number
//! (`#step-3` when steps 1 and 2 exist), there is no suggestion.
//!
//! Reads the parsed target doc only.

use std::collections::HashSet;

use crate::scan::markdown::ParsedDoc;
use crate::scan::render_rules;
use crate::scan::site::Generator;

/// One thing a fragment can name: its ids (GitHub's, the renderer's), and the id to
/// suggest (the renderer's when it has its own, since that is where the doc is read).
struct Candidate {
    ids: Vec<String>,
    suggest: String,
}

/// The id to write instead of `fragment` in a link into `parsed` (rendered by
/// `renderer` besides GitHub), when one is clearly meant.
pub fn closest_anchor(
    fragment: &str,
    parsed: &ParsedDoc,
    renderer: Option<Generator>,
) -> Option<String> {
    let candidates = candidates(parsed, renderer);
    let wanted = fragment.to_lowercase();
    let key = squash(&wanted);
    if !key.is_empty() {
        let same: Vec<&Candidate> =
            candidates.iter().filter(|c| c.ids.iter().any(|id| squash(id) == key)).collect();
        if let [one] = same.as_slice() {
            return Some(one.suggest.clone());
        }
        if same.len() > 1 {
            return None;
        }
    }
    let len = wanted.chars().count();
    if len < 4 {
        return None;
    }
    let allowed = (len / 6).max(1);
    let mut best: Option<(usize, &Candidate)> = None;
    let mut tie = false;
    for c in &candidates {
        let d = c.ids.iter().map(|id| strsim::damerau_levenshtein(&wanted, id)).min()?;
        match best {
            Some((b, _)) if d > b => {}
            Some((b, _)) if d == b => tie = true,
            _ => {
                best = Some((d, c));
                tie = false;
            }
        }
    }
    let (d, c) = best?;
    if tie || d > allowed || differs_only_in_numbers(&wanted, &c.suggest) {
        return None;
    }
    Some(c.suggest.clone())
}

fn candidates(parsed: &ParsedDoc, renderer: Option<Generator>) -> Vec<Candidate> {
    let site = renderer.and_then(|g| render_rules::heading_ids(g, parsed));
    let mut named: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for (i, h) in parsed.headings.iter().enumerate() {
        let mut ids = vec![h.slug.clone()];
        let mut suggest = h.slug.clone();
        if let Some(id) = site.as_ref().and_then(|s| s.get(i)) {
            ids.push(id.clone());
            suggest = id.clone();
        }
        if let Some(id) = &h.custom_id {
            ids.push(id.clone());
            suggest = id.clone();
        }
        named.extend(ids.iter().cloned());
        out.push(Candidate { ids, suggest });
    }
    let mut others: Vec<&String> = parsed.anchors.iter().filter(|a| !named.contains(*a)).collect();
    others.sort();
    for a in others {
        out.push(Candidate { ids: vec![a.clone()], suggest: a.clone() });
    }
    out
}

/// Letters and numbers only, lowercased: ids equal modulo punctuation and hyphen runs.
fn squash(id: &str) -> String {
    id.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

fn differs_only_in_numbers(a: &str, b: &str) -> bool {
    let letters = |s: &str| s.chars().filter(|c| !c.is_ascii_digit()).collect::<String>();
    a != b && letters(a) == letters(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;

    fn doc() -> ParsedDoc {
        parse(
            "# Guide\n## A & B\n## Using a different pager\n## 配置文件\n## Step 1\n## Step 2\n## Install\n## Parse\n## Parts\n<a id=\"legacy-anchor\"></a>\n"
                .into(),
        )
    }

    #[test]
    fn clearly_meant_anchors_are_suggested() {
        let d = doc();
        assert_eq!(closest_anchor("a-b", &d, None).as_deref(), Some("a--b"));
        assert_eq!(closest_anchor("A--B", &d, None).as_deref(), Some("a--b"));
        assert_eq!(
            closest_anchor("using-a-diferent-pager", &d, None).as_deref(),
            Some("using-a-different-pager")
        );
        assert_eq!(closest_anchor("c配置文件", &d, None).as_deref(), Some("配置文件"));
        assert_eq!(closest_anchor("legacy_anchor", &d, None).as_deref(), Some("legacy-anchor"));
        assert_eq!(closest_anchor("a--b", &d, Some(Generator::Mkdocs)).as_deref(), Some("a-b"));
    }

    #[test]
    fn near_misses_get_no_suggestion() {
        let d = doc();
        assert_eq!(closest_anchor("step-3", &d, None), None, "only the number differs");
        assert_eq!(closest_anchor("configuration", &d, None), None);
        assert_eq!(closest_anchor("gd", &d, None), None, "too short to guess");
        assert_eq!(closest_anchor("gide", &d, None).as_deref(), Some("guide"));
        assert_eq!(closest_anchor("on-windows", &d, None), None);
        assert_eq!(closest_anchor("installl", &d, None).as_deref(), Some("install"));
        assert_eq!(closest_anchor("parte", &d, None), None, "parse and parts tie");
    }
}
