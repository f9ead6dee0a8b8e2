//! `clean`, `sweep`'s clean half and `undo` (SPEC section 9): apply report entries under
//! content guards, journaled first, reversible. Never imports `check/`; returns outcomes
//! (`CleanStep`, `Applied`, `Undone`) that `commands/` prints.

mod apply;
mod edit;
mod files;
mod inbound;
mod locate;
mod preview;
mod rewrite;
mod select;
mod undo;

pub(crate) use apply::{applied_of, clean, resume, sweep_apply, Applied, CleanStep};
pub(crate) use preview::Preview;
pub(crate) use select::Selection;
pub(crate) use undo::{undo, Undone};
