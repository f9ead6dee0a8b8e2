//! The doc phase's threads: `read_docs` runs `read_doc` for every shortlisted doc on
//! `workers()` threads and hands each outcome to the calling thread.
//!
//! Which thread read a doc never shows in the artifact: outcomes carry their doc's
//! index, and everything built from them is keyed or sorted.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::context::ScanContext;
use super::doc_outcome::{read_doc, DocRead};
use crate::error::{Error, Result};

/// Reads every doc, handing each outcome to `fold` on the calling thread as soon as it
/// is ready (in no particular order). Workers take the next unread doc, so one large
/// file does not hold up a whole share; the first error stops them all, and the error of
/// the lowest-numbered failing doc is returned. While the tokenizer's tables load (the
/// longest single task of a cold scan), the last worker on a fully used machine pauses,
/// leaving the loader a core.
pub fn read_docs(
    ctx: &ScanContext<'_>,
    use_git: bool,
    mut fold: impl FnMut(u32, DocRead),
) -> Result<()> {
    let n = ctx.paths.len();
    let workers = workers().min(n);
    if workers <= 1 {
        for i in 0..n as u32 {
            fold(i, read_doc(ctx, i, use_git)?);
        }
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    // Outcomes travel in batches: one wake-up of this thread per document would cost
    // more in context switches than folding them does.
    const BATCH: usize = 64;
    let (send, receive) = std::sync::mpsc::channel::<Vec<(u32, Result<DocRead>)>>();
    let yields = workers >= cores();
    std::thread::scope(|s| {
        for w in 0..workers {
            let send = send.clone();
            let (next, failed) = (&next, &failed);
            let yields = yields && w == workers - 1;
            s.spawn(move || {
                let mut batch = Vec::with_capacity(BATCH);
                while !failed.load(Ordering::Relaxed) {
                    if yields && ctx.estimator.is_loading() && next.load(Ordering::Relaxed) < n {
                        std::thread::sleep(std::time::Duration::from_millis(2));
                        continue;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let outcome = read_doc(ctx, i as u32, use_git);
                    if outcome.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    batch.push((i as u32, outcome));
                    if batch.len() == BATCH {
                        let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                        if send.send(full).is_err() {
                            return;
                        }
                    }
                }
                let _ = send.send(batch);
            });
        }
        drop(send);
        let mut first_error: Option<(u32, Error)> = None;
        for (i, outcome) in receive.into_iter().flatten() {
            match outcome {
                Ok(o) if first_error.is_none() => fold(i, o),
                Ok(_) => {}
                Err(e) if first_error.as_ref().is_none_or(|(j, _)| i < *j) => {
                    first_error = Some((i, e))
                }
                Err(_) => {}
            }
        }
        first_error.map_or(Ok(()), |(_, e)| Err(e))
    })
}

/// Worker threads for the doc phase: `DOCHYGIENE_THREADS`, else the cores available
/// (at most 8: past that the disk, not parsing, is the limit).
pub fn workers() -> usize {
    std::env::var("DOCHYGIENE_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|n| *n > 0)
        .unwrap_or_else(|| cores().min(8))
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
