//! The exit-7 round, once, for every batch phase: accept the answers to an op's open
//! batch, or ask a new batch (`round.rs`), and per request the chain ask → answer →
//! check → ask again with the violations (at most `MAX_REASKS` times) or escalate
//! (`chain.rs`, through the one [`AnswerCheck`] trait every request kind implements).
//! Check's `classify` and clean's `rewrite` phases both run through here, so each
//! failpoint of a round exists once.

mod chain;
mod round;

pub(crate) use chain::{settle, AnswerCheck, Ask, Settled, Split, MAX_REASKS};
pub(crate) use round::{Accepted, AllSettled, Asked, Planned, Round, Step};
