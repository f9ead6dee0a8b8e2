//! The `check` pipeline: scan → candidates → classify through the handshake → finalize →
//! validate → write the report pair → stamp `last_check`. Never imports `clean/`; what
//! comes after a sweep's report is `commands/`'s to run.

mod candidates;
mod category_filter;
mod finalize;
mod pipeline;
mod plan;
mod proposal_check;
mod reuse_key;
mod scoped;
mod verdict_store;

pub(crate) use pipeline::{absolute, resume, start, validate, CheckStep, Reported};
