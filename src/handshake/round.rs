//! One handshake round of an op, for any batch phase: [`Round::accept`] takes the
//! answers to the open batch (a resume), [`Round::advance`] plans, lets the fixture
//! answer what it can, and either hands back the settled plan or asks a new batch
//! (exit 7 for the caller).
//!
//! Each step is persisted before its effects are visible: the answers before the next
//! plan (`answers-stored`), the round's iteration before its pending file
//! (`iteration-persisted`), the pending file before the caller reports it
//! (`pending-written`). Those three failpoints live here and nowhere else.

use std::path::PathBuf;

use crate::clock;
use crate::error::Result;
use crate::op::failpoint;
use crate::op::{OpDir, OpRecord};
use crate::protocol::{
    batch_id, parse_responses, AnswerStore, BatchPhase, Fixture, PendingFile, Request, StoredAnswer,
};
use crate::state::Lock;

/// The batch an op is waiting on: what the exit-7 line names.
#[derive(Clone, Debug)]
pub(crate) struct Asked {
    pub pending_path: PathBuf,
    pub pending: Box<PendingFile>,
}

/// What a resume found for the open batch.
#[derive(Debug)]
pub(crate) enum Accepted {
    /// Plan again and ask from round `next` on: answers were stored, or there was no
    /// batch on disk yet (a kill before it was written), or a fixture may answer.
    Advance { next: u32 },
    /// The batch is on disk but nobody answered it: report it again.
    Waiting { asked: Asked, responses: PathBuf },
}

/// A plan: the requests still open, and what is settled so far.
pub(crate) struct Planned<T> {
    pub open: Vec<Request>,
    pub settled: T,
}

/// A plan with no request open. Only [`Round::advance`] makes one, and only when the
/// plan has nothing open, so a step that needs every answer (check's finalize) takes
/// this type and cannot be handed a plan still waiting on a batch.
#[derive(Debug)]
pub(crate) struct AllSettled<T>(T);

impl<T> AllSettled<T> {
    pub(crate) fn get(&self) -> &T {
        &self.0
    }
}

/// Where an advance ended.
pub(crate) enum Step<T> {
    /// Nothing is open: the settled plan.
    Settled(AllSettled<T>),
    /// A batch was written; the op waits for its answers.
    Asked(Asked),
}

/// The round of one op in one batch phase (this process holds the lock).
pub(crate) struct Round<'a> {
    pub op: &'a OpDir,
    pub lock: &'a Lock,
    pub phase: BatchPhase,
    pub fixture: Option<&'a Fixture>,
    /// A paragraph the batch's instructions end with (a check's `--category` focus).
    pub focus: Option<&'a str>,
}

impl Round<'_> {
    /// Takes the runner's answers to the open batch, if any: checked all or nothing
    /// against the batch, stored in `answers.json`.
    pub(crate) fn accept(&self, record: &OpRecord) -> Result<Accepted> {
        let iteration = record.iteration;
        if iteration == 0 {
            return Ok(Accepted::Advance { next: 1 });
        }
        let batch = batch_id(&record.op_id, self.phase, iteration);
        let pending_path = self.op.pending(&batch);
        if !pending_path.exists() {
            // Killed between persisting the round and writing its batch.
            return Ok(Accepted::Advance { next: iteration });
        }
        let responses = self.op.responses(&batch);
        if !responses.exists() {
            if self.fixture.is_some() {
                return Ok(Accepted::Advance { next: iteration });
            }
            let pending = Box::new(PendingFile::read(&pending_path)?);
            return Ok(Accepted::Waiting { asked: Asked { pending_path, pending }, responses });
        }
        let pending = PendingFile::read(&pending_path)?;
        let text = self.op.responses_text(&batch)?;
        let answered = parse_responses(&text, &responses, &pending)?;
        let mut store = AnswerStore::read(&self.op.answers_json())?;
        let source = format!("responses-{batch}.json");
        for a in answered {
            let stored =
                StoredAnswer { kind: a.kind, source: source.clone(), response: a.response };
            store.insert(a.request_id, stored);
        }
        store.write(&self.op.answers_json(), self.lock)?;
        failpoint::hit("answers-stored");
        Ok(Accepted::Advance { next: iteration + 1 })
    }

    /// Plans with `plan` over the stored answers until nothing is open (the settled
    /// plan) or the fixture has nothing more to say (a new batch for round
    /// `next_iteration`, or the current round's again when it is not newer).
    pub(crate) fn advance<T>(
        &self,
        record: &mut OpRecord,
        next_iteration: u32,
        mut plan: impl FnMut(&AnswerStore) -> Result<Planned<T>>,
    ) -> Result<Step<T>> {
        loop {
            let mut answers = AnswerStore::read(&self.op.answers_json())?;
            let planned = plan(&answers)?;
            if planned.open.is_empty() {
                return Ok(Step::Settled(AllSettled(planned.settled)));
            }
            if let Some(fixture) = self.fixture {
                if fixture.answer_into(&planned.open, &mut answers)? > 0 {
                    answers.write(&self.op.answers_json(), self.lock)?;
                    failpoint::hit("answers-stored");
                    continue;
                }
            }
            if next_iteration > record.iteration {
                record.iteration = next_iteration;
                self.op.write_record(record, self.lock)?;
                failpoint::hit("iteration-persisted");
            }
            let batch = batch_id(&record.op_id, self.phase, record.iteration);
            let mut pending = PendingFile::new(
                &record.op_id,
                self.phase,
                record.iteration,
                clock::format(clock::now()?),
                &self.op.responses(&batch),
                planned.open,
            );
            if let Some(focus) = self.focus {
                pending.instructions.values_mut().for_each(|text| text.push_str(focus));
            }
            let pending_path = self.op.pending(&batch);
            pending.write(&pending_path, self.lock)?;
            failpoint::hit("pending-written");
            return Ok(Step::Asked(Asked { pending_path, pending: Box::new(pending) }));
        }
    }
}
