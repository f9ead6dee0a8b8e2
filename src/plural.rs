//! Counts in text people read: "1 entry", "4 entries", never "entr(ies)".

/// `n` and the noun, singular or plural: `count(1, "entry", "entries")` is "1 entry",
/// `count(4, "entry", "entries")` "4 entries". Every count a person reads goes through it.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(super::count(1u64, "entry", "entries"), "1 entry");
        assert_eq!(super::count(0u64, "file", "files"), "0 files");
        assert_eq!(super::count(4u32, "request", "requests"), "4 requests");
    }
}
