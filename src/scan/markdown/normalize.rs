//! `normalize_block`: the one normalisation behind `duplicate_content` fingerprints and
//! the finalizer's `dedupe` check: whitespace runs collapse to one space, ends trimmed.

/// The normalised text of a block's Markdown source.
pub fn normalize_block(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for word in source.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::normalize_block;

    #[test]
    fn whitespace_collapses_and_case_stays() {
        assert_eq!(normalize_block("  A  b\n\tC \r\n"), "A b C");
        assert_ne!(normalize_block("a b"), normalize_block("A b"));
        assert_eq!(normalize_block("\n\n"), "");
    }
}
