//! The Tier 2 handshake protocol (SPEC section 6), its vocabulary only: requests with
//! content ids, batches and their phase, pending and responses files, stored answers,
//! the inline fixture, the answer types and the per-kind instructions. Nothing here
//! decides what to ask (the pipelines do) or runs a round (`handshake/` does).

pub(crate) mod answer;
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

pub(crate) use answer::{
    ClassifyAnswer, Dismissal, EditSkeleton, Proposal, RewriteAnswer, Verdict,
};
pub(crate) use answers_store::{AnswerStore, StoredAnswer};
pub(crate) use batch::{batch_id, BatchPhase, PendingFile};
pub(crate) use fixture::Fixture;
pub(crate) use instructions::instructions_for;
pub(crate) use kind::{Hints, RequestKind, OPUS_HIGH, SONNET_MEDIUM};
pub(crate) use request::Request;
pub(crate) use responses::parse_responses;
