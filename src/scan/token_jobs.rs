//! Token counts a signal needs before it can decide (`token_budget`,
//! `archive_to_live_ratio`), as jobs the engine may run at once or later.
//!
//! Counting needs tiktoken's tables, whose load costs more than parsing a few hundred
//! docs. While they load (on another thread), a worker that meets a doc whose counts are
//! not cached hands its jobs back with the doc's text and goes on parsing; the engine
//! runs the deferred jobs once every doc is read. The decisions are the same either way,
//! so the artifact is too.

use std::ops::Range;

use crate::scan::signal::Signal;
use crate::tokens::Estimator;

/// Decides a signal from the counts of a job's spans, in order.
pub type Decide = Box<dyn FnOnce(&[u64]) -> Option<Signal> + Send>;

/// Counts to take of a doc's text, and what to decide from them.
pub struct TokenJob {
    /// Byte ranges of the doc's text.
    pub spans: Vec<Range<usize>>,
    pub decide: Decide,
}

impl TokenJob {
    pub fn new(
        spans: Vec<Range<usize>>,
        decide: impl FnOnce(&[u64]) -> Option<Signal> + Send + 'static,
    ) -> TokenJob {
        TokenJob { spans, decide: Box::new(decide) }
    }
}

/// A doc's jobs that had to wait for the tables, with the text they count.
pub struct Deferred {
    pub text: String,
    pub jobs: Vec<TokenJob>,
}

/// Runs `jobs` on `text` now when every count is known without waiting; else hands
/// them back untouched.
pub fn try_now(
    estimator: &Estimator,
    text: &str,
    jobs: Vec<TokenJob>,
) -> Result<Vec<Signal>, Vec<TokenJob>> {
    match count_all(&jobs, text, |t| estimator.try_count(t)) {
        Some(counts) => Ok(decide(jobs, counts)),
        None => Err(jobs),
    }
}

/// Runs deferred jobs, waiting for the tables if they are still loading.
pub fn run(estimator: &Estimator, deferred: Deferred) -> Vec<Signal> {
    let Deferred { text, jobs } = deferred;
    let counts = count_all(&jobs, &text, |t| Some(estimator.count(t)))
        .expect("a waiting count always answers");
    decide(jobs, counts)
}

/// The counts of every job's spans (each distinct span counted once), or `None` as soon
/// as `count` has no answer.
fn count_all(
    jobs: &[TokenJob],
    text: &str,
    mut count: impl FnMut(&str) -> Option<u64>,
) -> Option<Vec<Vec<u64>>> {
    let mut known: Vec<(Range<usize>, u64)> = Vec::new();
    let mut all = Vec::with_capacity(jobs.len());
    for job in jobs {
        let mut these = Vec::with_capacity(job.spans.len());
        for span in &job.spans {
            let n = match known.iter().find(|(r, _)| r == span) {
                Some((_, n)) => *n,
                None => {
                    let n = count(&text[span.clone()])?;
                    known.push((span.clone(), n));
                    n
                }
            };
            these.push(n);
        }
        all.push(these);
    }
    Some(all)
}

fn decide(jobs: Vec<TokenJob>, counts: Vec<Vec<u64>>) -> Vec<Signal> {
    jobs.into_iter().zip(counts).filter_map(|(job, c)| (job.decide)(&c)).collect()
}
