//! `FileView`: a doc's bytes with its line table, for anchors and spans.
//!
//! A span `start..=end` is the bytes from the start of line `start` through the end of
//! line `end`, including that line's terminator when it has one (`\n`, or `\r\n` whose
//! `\r` is then part of the line). A UTF-8 byte-order mark is not part of line 1: no span
//! holds it, so no edit of line 1 can drop it. `expected_sha256` hashes exactly these
//! bytes; clean re-reads them the same way.

use std::path::Path;

use crate::error::Result;
use crate::hash::sha256_hex;
use crate::report::Anchor;

/// The UTF-8 byte-order mark.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A file's bytes and where each line starts.
#[derive(Clone, Debug)]
pub(crate) struct FileView {
    bytes: Vec<u8>,
    /// Byte offset of each line's start; one entry per line.
    starts: Vec<usize>,
}

impl FileView {
    /// Reads a file: a regular file only (`fsio::read_regular`), at most
    /// `fsio::DOC_MAX_BYTES`.
    pub(crate) fn read(path: &Path) -> Result<FileView> {
        let bytes =
            crate::fsio::read_regular(path, crate::fsio::DOC_MAX_BYTES).map_err(|e| e.at(path))?;
        Ok(FileView::from_bytes(bytes))
    }

    pub(crate) fn from_bytes(bytes: Vec<u8>) -> FileView {
        let mut starts = Vec::new();
        let first = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
        if bytes.len() > first {
            starts.push(first);
            for (i, b) in bytes.iter().enumerate().skip(first) {
                if *b == b'\n' && i + 1 < bytes.len() {
                    starts.push(i + 1);
                }
            }
        }
        FileView { bytes, starts }
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The length of the byte-order mark the file starts with (0 or 3).
    pub(crate) fn bom_len(&self) -> usize {
        if self.bytes.starts_with(BOM) {
            BOM.len()
        } else {
            0
        }
    }

    /// Whether the whole file is valid UTF-8.
    pub(crate) fn is_utf8(&self) -> bool {
        std::str::from_utf8(&self.bytes).is_ok()
    }

    /// The byte range of the span (empty at 0 when it is not inside the file).
    pub(crate) fn span_range(&self, anchor: Anchor) -> std::ops::Range<usize> {
        if !self.contains(anchor) {
            return 0..0;
        }
        let start = self.starts[anchor.start_line as usize - 1];
        let end = self.starts.get(anchor.end_line as usize).copied().unwrap_or(self.bytes.len());
        start..end
    }

    /// The file as text (lossy for invalid UTF-8: for counting and reading, never for
    /// writing back).
    pub(crate) fn text(&self) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(&self.bytes)
    }

    /// The number of lines.
    pub(crate) fn line_count(&self) -> u32 {
        self.starts.len() as u32
    }

    /// sha256 of the whole file.
    pub(crate) fn sha256(&self) -> String {
        sha256_hex(&self.bytes)
    }

    /// Whether `anchor` is a 1-based span inside the file.
    pub(crate) fn contains(&self, anchor: Anchor) -> bool {
        anchor.start_line >= 1
            && anchor.start_line <= anchor.end_line
            && anchor.end_line <= self.line_count()
    }

    /// The bytes of the span; empty when it is not inside the file.
    pub(crate) fn span(&self, anchor: Anchor) -> &[u8] {
        &self.bytes[self.span_range(anchor)]
    }

    /// The span as text (lossy: for showing and counting, never for writing back).
    pub(crate) fn span_text(&self, anchor: Anchor) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(self.span(anchor))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(s: u32, e: u32) -> Anchor {
        Anchor { start_line: s, end_line: e }
    }

    #[test]
    fn spans_include_the_last_line_terminator() {
        let f = FileView::from_bytes(b"one\ntwo\nthree".to_vec());
        assert_eq!(f.line_count(), 3);
        assert_eq!(f.span(a(2, 2)), b"two\n");
        assert_eq!(f.span(a(2, 3)), b"two\nthree");
        assert_eq!(f.span(a(1, 1)), b"one\n");
        assert!(!f.contains(a(3, 4)));
        assert!(!f.contains(a(0, 1)));
        assert_eq!(f.span(a(4, 4)), b"");
    }

    #[test]
    fn a_byte_order_mark_is_in_no_span_and_crlf_stays_in_its_line() {
        let f = FileView::from_bytes(b"\xEF\xBB\xBFone\r\ntwo\r\n".to_vec());
        assert_eq!(f.line_count(), 2);
        assert_eq!(f.bom_len(), 3);
        assert_eq!(f.span(a(1, 1)), b"one\r\n");
        assert_eq!(f.span_range(a(1, 2)), 3..13);
        assert_eq!(FileView::from_bytes(BOM.to_vec()).line_count(), 0);
        assert!(!FileView::from_bytes(b"caf\xe9\n".to_vec()).is_utf8());
    }

    #[test]
    fn trailing_newline_does_not_add_a_line() {
        assert_eq!(FileView::from_bytes(b"a\nb\n".to_vec()).line_count(), 2);
        assert_eq!(FileView::from_bytes(Vec::new()).line_count(), 0);
    }
}
