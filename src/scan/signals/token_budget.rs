//! `token_budget`: an always-loaded doc over `always_loaded_budget` tokens (2,000), or
//! any other doc over `doc_budget` (8,000). Counted with `crate::tokens::Estimator`,
//! and only for files whose byte size could exceed the budget (a token is at least one
//! byte), so a large tree costs almost nothing here.

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::signal::{Signal, SignalName};

/// Adds the signal when `doc` is over its budget, spanning the whole file.
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Findings) {
    let t = &ctx.config.thresholds;
    let loaded = ctx.always_loaded.get(&doc.path);
    let budget = if loaded.is_some() { t.always_loaded_budget } else { t.doc_budget };
    if doc.bytes <= budget {
        return;
    }
    let tokens = ctx.estimator.count(&doc.parsed.text);
    if tokens <= budget {
        return;
    }
    let why = match loaded {
        Some(Some(importer)) => format!("an always-loaded file (imported by `{importer}`)"),
        Some(None) => "an always-loaded file".to_string(),
        None => "a doc".to_string(),
    };
    let detail = format!(
        "{tokens} {} tokens, over the {budget}-token budget for {why}",
        ctx.estimator.encoding().as_str()
    );
    let mut sig =
        Signal::new(SignalName::TokenBudget, 1, detail).with_end_line(doc.parsed.line_count.max(1));
    if let Some(Some(importer)) = loaded {
        sig = sig.with_related_path(importer);
    }
    out.push(&doc.path, sig);
}
