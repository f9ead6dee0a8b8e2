//! A deterministic edit's bytes, computed in memory and byte-exact: `splice.rs` (a span's
//! lines replaced, every other byte kept), `frontmatter.rs` (`insert-frontmatter`),
//! `exact.rs` (an `exact_edit` applied to a doc, and the text it inserts). Shared by
//! check's finalize, which measures an entry's token saving on the very bytes clean will
//! write, and by clean, which writes them. Never reads or writes a file.

mod exact;
mod frontmatter;
mod splice;

pub(crate) use exact::{apply_exact, inserted_text};
pub(crate) use splice::{encoding_problem, replace_with_text};
