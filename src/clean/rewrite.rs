//! The rewrite half of a clean with generative entries: ask `rewrite_span` of an agent
//! through the same handshake round as check (batches in phase `rewrite`), with the
//! same chain — an answer that breaks the rules is asked again with its violations, at
//! most twice, then dropped (the entry is skipped, with the violations in the journal)
//! — then apply the replacements under the entries' guards.

use std::collections::HashMap;

use serde_json::{json, Value};

use super::apply::{apply_in_op, ApplyPlan, CleanStep};
use super::select::{locate_all, op_entries};
use crate::doc_edit::encoding_problem;
use crate::error::{Error, Result};
use crate::file_view::FileView;
use crate::handshake::{
    settle, Accepted, AnswerCheck, Ask, Planned, Round, Settled, Step, MAX_REASKS,
};
use crate::op::{OpDir, OpRecord, OpState, Skipped};
use crate::project::Project;
use crate::protocol::{BatchPhase, Fixture, Request, RequestKind, RewriteAnswer};
use crate::state::Lock;

/// `rewrite_span`: one generative entry's guarded lines.
struct RewriteCheck<'a> {
    path: &'a str,
    op: &'a str,
}

impl AnswerCheck for RewriteCheck<'_> {
    type Answer = RewriteAnswer;
    const KIND: RequestKind = RequestKind::RewriteSpan;

    fn request(&self, inputs: Value, ask: Ask) -> Request {
        let (start, end) = (&inputs["start_line"], &inputs["end_line"]);
        let mut prompt = format!("Rewrite `{}` lines {start}-{end}: {}", self.path, self.op);
        prompt.push_str(&ask.reask_note());
        Request::new(Self::KIND, prompt, inputs, ask.hints)
    }

    fn violations(&mut self, answer: &RewriteAnswer) -> Result<Vec<String>> {
        let mut out = Vec::new();
        if answer.summary.trim().is_empty() {
            out.push("summary: say in one sentence what the rewrite changed".to_string());
        }
        if answer.replacement.contains('\0') {
            out.push("replacement: must not contain a NUL character".to_string());
        }
        Ok(out)
    }
}

/// The rewrites settled so far, by entry id, and the entries whose answers were dropped.
#[derive(Default)]
struct Rewrites {
    by_entry: HashMap<String, String>,
    dropped: Vec<Skipped>,
}

/// Asks for what is missing (exit 7) or applies everything.
pub(super) fn advance(
    project: &Project,
    lock: &Lock,
    op: &OpDir,
    record: &mut OpRecord,
    next_iteration: u32,
) -> Result<CleanStep> {
    let OpState::Clean { args, .. } = &record.state else {
        return Err(Error::Internal(format!("op {} is not a clean op", record.op_id)));
    };
    let args = args.clone();
    let (report, chosen) = op_entries(&project.state, record, &args)?;
    let (located, _) = locate_all(&project.root, &report.shortlist, &chosen, args.skip_stale)?;
    // Each generative entry's request inputs, from the file as it is now.
    let mut asks = Vec::new();
    for l in located.iter().filter(|l| l.entry.exact_edit.is_none()) {
        let a = l.anchor.expect("generative entries are located by their guard");
        let view = FileView::read(&project.root.join(&l.entry.path))?;
        if encoding_problem(&l.entry.path, &view, "", Some(a)).is_some() {
            continue; // never shown mangled to an agent; the apply skips it with the reason
        }
        let inputs = json!({
            "entry_id": l.entry.id,
            "path": l.entry.path,
            "start_line": a.start_line,
            "end_line": a.end_line,
            "text": view.span_text(a),
            "op": l.entry.op,
            "why": l.entry.why,
        });
        asks.push((l.entry.clone(), inputs));
    }
    let fixture = Fixture::from_flag_or_env(None)?;
    let round =
        Round { op, lock, phase: BatchPhase::Rewrite, fixture: fixture.as_ref(), focus: None };
    let answers_path = op.answers_json();
    let step = round.advance(record, next_iteration, |answers| {
        let mut open = Vec::new();
        let mut settled = Rewrites::default();
        for (entry, inputs) in &asks {
            let mut check = RewriteCheck { path: &entry.path, op: &entry.op };
            match settle(&mut check, inputs.clone(), answers, &answers_path)? {
                Settled::Open(request) => open.push(request),
                Settled::Accepted { answer, .. } => {
                    settled.by_entry.insert(entry.id.clone(), answer.replacement);
                }
                Settled::Dropped { violations, .. } => settled.dropped.push(Skipped {
                    id: entry.id.clone(),
                    reason: format!(
                        "the rewrite_span answer failed validation {} times and was dropped: {}",
                        MAX_REASKS + 1,
                        violations.join("; ")
                    ),
                }),
            }
        }
        Ok(Planned { open, settled })
    })?;
    match step {
        Step::Asked(asked) => Ok(CleanStep::Asked(asked)),
        Step::Settled(rewrites) => {
            let Rewrites { by_entry, dropped } = rewrites.get();
            let plan = ApplyPlan { report: &report, chosen: &chosen, skip_stale: args.skip_stale };
            apply_in_op(project, lock, op, record, &plan, by_entry, dropped.clone())
                .map(CleanStep::Applied)
        }
    }
}

/// Reads the answers to the open rewrite batch and advances.
pub(super) fn resume(
    project: &Project,
    lock: &Lock,
    op: &OpDir,
    record: &mut OpRecord,
) -> Result<CleanStep> {
    let fixture = Fixture::from_flag_or_env(None)?;
    let round =
        Round { op, lock, phase: BatchPhase::Rewrite, fixture: fixture.as_ref(), focus: None };
    match round.accept(record)? {
        Accepted::Advance { next } => advance(project, lock, op, record, next),
        // Nobody answered yet: the same batch again (no new round).
        Accepted::Waiting { .. } => {
            let iteration = record.iteration;
            advance(project, lock, op, record, iteration)
        }
    }
}
