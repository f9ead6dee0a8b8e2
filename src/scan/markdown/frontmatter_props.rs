//! Property tests of frontmatter parsing (a fixed budget of 256 cases each): whatever
//! the block holds — arbitrary text, or `key: value` lines broken by YAML syntax — and
//! whatever surrounds it in a doc, parsing never panics, and every key and problem sits
//! on a line of the block.

use proptest::prelude::*;

use super::*;
use crate::scan::markdown::parse;

const PIECES: &[&str] = &[
    "[", "]", "{", "}", ",", ": ", "- ", "&a ", "*a", "\"", "'", "\n", "  ", "\t", "|", ">",
    "!!int ", "---", "...", "#", "\r\n", "\u{feff}", "é",
];

fn lines() -> impl Strategy<Value = String> {
    let line = ("[a-zA-Z_]{1,8}", "\\PC{0,12}").prop_map(|(k, v)| format!("{k}: {v}\n"));
    let piece = prop::sample::select(PIECES).prop_map(String::from);
    prop::collection::vec(prop_oneof![3 => line, 1 => piece], 0..16).prop_map(|p| p.concat())
}

/// Every key and the problem, if any, on a line of the block: from `block_line` (the
/// opening `---`) to the body's last line.
fn on_block_lines(fm: &Frontmatter, body: &str, block_line: u32) -> Result<(), TestCaseError> {
    let last = block_line + 1 + body.split('\n').count() as u32;
    for key in &fm.keys {
        prop_assert!(
            (block_line..=last).contains(&key.line),
            "{key:?} outside {block_line}..={last}"
        );
    }
    if let Some(problem) = &fm.problem {
        prop_assert!(fm.keys.is_empty());
        prop_assert!(
            (block_line..=last).contains(&problem.line),
            "{problem:?} outside {block_line}..={last}"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bodies_give_keys_or_a_problem(body in "\\PC{0,300}", block_line in 1u32..5) {
        let fm = Frontmatter::parse(&body, block_line, block_line + 1);
        on_block_lines(&fm, &body, block_line)?;
    }

    #[test]
    fn broken_key_lines_give_keys_or_a_problem(body in lines()) {
        let fm = Frontmatter::parse(&body, 1, 2);
        on_block_lines(&fm, &body, 1)?;
    }

    #[test]
    fn docs_with_any_frontmatter_parse(body in lines(), rest in "\\PC{0,80}") {
        let doc = parse(format!("---\n{body}---\n# Title\n{rest}\n"));
        if let Some(fm) = &doc.frontmatter {
            on_block_lines(fm, &body, 1)?;
        }
    }
}
