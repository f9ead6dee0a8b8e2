//! The Tier 2 handshake protocol (SPEC section 6): requests with content ids, batches,
//! pending and responses files, stored answers, the inline fixture, the answer types and
//! the per-kind instructions. Nothing here decides what to ask; `check::plan` does.

pub mod answer;
mod answer_limits;
mod answers_store;
mod batch;
mod fixture;
mod instructions;
mod kind;
mod request;
mod responses;
#[cfg(test)]
mod test_inputs;

pub use answer::{ClassifyAnswer, EditSkeleton, Proposal, RewriteAnswer, Verdict};
pub use answers_store::{AnswerStore, StoredAnswer};
pub use batch::{batch_id, PendingFile, PROTOCOL};
pub use fixture::{Fixture, FIXTURE_ENV};
pub use instructions::instructions_for;
pub use kind::{Hints, RequestKind, OPUS_HIGH, SONNET_MEDIUM};
pub use request::{request_id, Request};
pub use responses::{check_shape, parse_responses, read_responses, Answered};
