//! `LineIndex`: byte offset → 1-based line number, by binary search over line starts.

/// The start offset of every line of one text.
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr_newlines(text.as_bytes()).map(|i| i + 1));
        LineIndex { starts }
    }

    /// The 1-based line holding byte `offset`.
    pub fn line(&self, offset: usize) -> u32 {
        let idx = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (idx + 1) as u32
    }

    /// The offset where 1-based `line` starts, if the text has it.
    pub fn start_of(&self, line: u32) -> Option<usize> {
        self.starts.get((line as usize).checked_sub(1)?).copied()
    }

    /// The text of 1-based `line` of `text` (the text this index was made from), without
    /// its line ending; empty past the end.
    pub fn text_of<'t>(&self, text: &'t str, line: u32) -> &'t str {
        let Some(start) = self.start_of(line) else { return "" };
        let end = self.start_of(line + 1).unwrap_or(text.len());
        text.get(start..end).unwrap_or("").trim_end_matches(['\n', '\r'])
    }

    /// The 1-based line holding the last byte of `range` (its start line when empty).
    pub fn end_line(&self, range: &std::ops::Range<usize>) -> u32 {
        let last = if range.end > range.start { range.end - 1 } else { range.start };
        self.line(last)
    }
}

fn memchr_newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes.iter().enumerate().filter(|(_, b)| **b == b'\n').map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::LineIndex;

    #[test]
    fn offsets_map_to_lines() {
        let idx = LineIndex::new("ab\ncd\n\nef");
        assert_eq!(idx.line(0), 1);
        assert_eq!(idx.line(2), 1);
        assert_eq!(idx.line(3), 2);
        assert_eq!(idx.line(6), 3);
        assert_eq!(idx.line(7), 4);
        assert_eq!(idx.end_line(&(0..6)), 2);
        assert_eq!(idx.end_line(&(3..3)), 2);
        let text = "ab\r\ncd\n\nef";
        let idx = LineIndex::new(text);
        assert_eq!([1, 2, 3, 4, 5].map(|l| idx.text_of(text, l)), ["ab", "cd", "", "ef", ""]);
    }
}
