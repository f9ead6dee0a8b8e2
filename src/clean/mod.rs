//! `clean`, `sweep`'s clean half and `undo` (SPEC section 9): apply report entries under
//! content guards, journaled first, reversible.

mod driver;
mod edit;
mod files;
mod frontmatter_edit;
mod inbound;
mod journal;
mod locate;
mod rewrite;
mod splice;

pub use driver::{clean, resume_clean, sweep_clean, undo, Selection};
pub use journal::Journal;
pub use rewrite::REWRITE;
