//! `token_budget`: by role — always-loaded agent context over `always_loaded_budget`
//! tokens (2,000), nested agent context (read only for work in its folder) and an
//! on-demand agent doc (skill, command, rule) over `doc_budget` (8,000), a doc for people over `user_doc_budget` (unset by default:
//! people read such docs selectively, and a long guide is not bloat by length alone). Counted with `crate::tokens::Estimator`,
//! and only for files whose byte size could exceed the budget (a token is at least one
//! byte), so a large tree costs almost nothing here. The count is a `TokenJob`: the
//! engine may run it later, once the tables have loaded.

use crate::scan::context::{Doc, ScanContext};
use crate::scan::role::{is_skill_book, DocRole};
use crate::scan::signal::{Signal, SignalName};
use crate::scan::token_jobs::TokenJob;

/// The count that decides whether `doc` is over its budget (the signal spans the whole
/// file); `None` when its byte size alone keeps it under.
pub fn job(ctx: &ScanContext<'_>, doc: &Doc, role: DocRole) -> Option<TokenJob> {
    let t = &ctx.config.thresholds;
    let loaded = ctx.always_loaded.get(&doc.path).cloned();
    let budget = match role {
        _ if loaded.is_some() => t.always_loaded_budget,
        DocRole::AgentContext => t.always_loaded_budget,
        // Read only for work in its folder, as a skill is read only for its task (SPEC
        // section 10: "another doc over 8,000"). At the always-loaded budget, 50 nested
        // files labelled on real repositories were 7 true, 13 false, 30 debatable.
        DocRole::NestedAgentContext => t.doc_budget,
        // A skill's compiled book is its full guide by design, opened on demand from
        // the `SKILL.md` that indexes it (every one labelled, 6 of them, was judged false).
        DocRole::AgentDoc if is_skill_book(&doc.path, |p| ctx.doc_index(p).is_some()) => {
            return None;
        }
        DocRole::AgentDoc => t.doc_budget,
        DocRole::UserDoc | DocRole::SitePage => t.user_doc_budget?,
        _ => return None,
    };
    if doc.bytes <= budget {
        return None;
    }
    let encoding = ctx.estimator.encoding().as_str();
    let end_line = doc.parsed.line_count.max(1);
    let whole = 0..doc.parsed.text.len();
    Some(TokenJob::new(Vec::from([whole]), move |counts| {
        let tokens = counts[0];
        if tokens <= budget {
            return None;
        }
        let why = match &loaded {
            Some(Some(importer)) => format!("an always-loaded file (imported by `{importer}`)"),
            Some(None) => "an always-loaded file".to_string(),
            None if role == DocRole::NestedAgentContext => {
                "agent context loaded in its folder".to_string()
            }
            None if role == DocRole::AgentDoc => "an agent doc loaded on demand".to_string(),
            None => "a doc".to_string(),
        };
        let detail =
            format!("{tokens} {encoding} tokens, over the {budget}-token budget for {why}");
        let mut sig = Signal::new(SignalName::TokenBudget, 1, detail).with_end_line(end_line);
        if let Some(Some(importer)) = loaded {
            sig = sig.with_related_path(importer);
        }
        Some(sig)
    }))
}
