//! The `check` pipeline: scan → candidates → classify through the handshake → finalize →
//! validate → write the report pair → stamp `last_check`.

mod candidates;
mod category_filter;
mod dest_rules;
mod driver;
mod file_view;
mod finalize;
pub(crate) mod output;
mod plan;
mod proposal_check;
mod settings;

pub use candidates::{Candidate, Candidates};
pub use category_filter::CategoryFilter;
pub(crate) use dest_rules::{collision as dest_collision, dest_problem};
pub use driver::{absolute, resume, start, CLASSIFY};
pub use file_view::FileView;
pub use plan::{Outcome, Plan, MAX_REASKS};
pub use settings::CheckSettings;
