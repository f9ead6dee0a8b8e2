//! The rewrite half of a clean with generative entries: ask `rewrite_span` of an agent
//! through the same exit-7 handshake as check (batches in phase `rewrite`), then apply
//! the replacements under the entries' guards.

use std::collections::HashMap;

use serde_json::json;

use super::driver::{apply_in_op, locate_all, op_entries, CleanCtx};
use super::splice::encoding_problem;
use crate::clock;
use crate::error::Result;
use crate::exit::Exit;
use crate::fsio::write_atomic;
use crate::op::{failpoint, OpRecord};
use crate::protocol::{
    batch_id, parse_responses, AnswerStore, Fixture, PendingFile, Request, RequestKind,
    RewriteAnswer, StoredAnswer, SONNET_MEDIUM,
};

/// The phase name rewrite batches are bound to.
pub const REWRITE: &str = "rewrite";

/// Asks for what is missing (exit 7) or applies everything (exit 0).
pub fn advance(ctx: &CleanCtx<'_>, record: &mut OpRecord, next_iteration: u32) -> Result<Exit> {
    let (report, chosen, skip_stale) = op_entries(ctx, record)?;
    let (located, _) = locate_all(ctx.root, &report.shortlist, &chosen, skip_stale)?;
    let mut requests = Vec::new();
    for l in located.iter().filter(|l| l.entry.exact_edit.is_none()) {
        let a = l.anchor.expect("generative entries are located by their guard");
        let view = crate::check::FileView::read(&ctx.root.join(&l.entry.path))?;
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
        let prompt = format!("Rewrite `{}` lines {a}: {}", l.entry.path, l.entry.op);
        requests.push((
            l.entry.id.clone(),
            Request::new(RequestKind::RewriteSpan, prompt, inputs, SONNET_MEDIUM),
        ));
    }
    let mut answers = AnswerStore::read(&ctx.op.answers_json())?;
    if let Some(fixture) = Fixture::from_flag_or_env(None)? {
        if fixture.answer_into(requests.iter().map(|(_, r)| r), &mut answers)? > 0 {
            answers.write(&ctx.op.answers_json())?;
        }
    }
    let mut rewrites = HashMap::new();
    let mut open = Vec::new();
    for (entry_id, request) in requests {
        let answer = answers
            .get(&request.request_id)
            .and_then(|a| serde::Deserialize::deserialize(&a.response).ok())
            .filter(|a: &RewriteAnswer| !a.summary.trim().is_empty());
        match answer {
            Some(a) => {
                rewrites.insert(entry_id, a.replacement);
            }
            None => open.push(request),
        }
    }
    if open.is_empty() {
        return apply_in_op(ctx, record, &report, &chosen, skip_stale, &rewrites);
    }
    if next_iteration > record.iteration {
        record.iteration = next_iteration;
        record.write(&ctx.op.op_json())?;
    }
    let batch = batch_id(&record.op_id, REWRITE, record.iteration);
    let pending = PendingFile::new(
        &record.op_id,
        REWRITE,
        record.iteration,
        clock::format(clock::now()?),
        &ctx.op.responses(&batch),
        open,
    );
    let path = ctx.op.pending(&batch);
    write_atomic(&path, &pending.to_bytes())?;
    failpoint::hit("pending-written");
    crate::check::output::needs_answers(&path, &pending, ctx.root_flag);
    Ok(Exit::NeedsAnswers)
}

/// Reads the answers to the open rewrite batch and advances.
pub fn resume(ctx: &CleanCtx<'_>, record: &mut OpRecord) -> Result<Exit> {
    if record.iteration == 0 {
        return advance(ctx, record, 1);
    }
    let batch = batch_id(&record.op_id, REWRITE, record.iteration);
    let pending_path = ctx.op.pending(&batch);
    let responses_path = ctx.op.responses(&batch);
    if !pending_path.exists() || !responses_path.exists() {
        return advance(ctx, record, record.iteration);
    }
    let pending = PendingFile::read(&pending_path)?;
    let text = ctx.op.responses_text(&batch)?;
    let answered = parse_responses(&text, &responses_path, &pending)?;
    let mut store = AnswerStore::read(&ctx.op.answers_json())?;
    for a in answered {
        store.insert(
            a.request_id,
            StoredAnswer {
                kind: a.kind,
                source: format!("responses-{batch}.json"),
                response: a.response,
            },
        );
    }
    store.write(&ctx.op.answers_json())?;
    let next = record.iteration + 1;
    advance(ctx, record, next)
}
