//! What a check step prints: exactly one JSON line on stdout (for runners) and a human
//! explanation on stderr.

use std::path::Path;

use serde_json::json;

use crate::protocol::PendingFile;
use crate::report::Report;
use crate::scan::ScanWarning;

/// One stderr line per file the scan could not read (the artifact keeps them too).
pub fn scan_warnings(warnings: &[ScanWarning]) {
    for warning in warnings {
        crate::errln!("dochygiene: warning: {warning}");
    }
}

/// The exit-7 line and explanation.
pub fn needs_answers(pending_path: &Path, pending: &PendingFile, root_flag: Option<&Path>) {
    let line = json!({
        "status": "needs_answers",
        "op_id": pending.op_id,
        "batch_id": pending.batch_id,
        "pending": pending_path.display().to_string(),
        "responses": pending.responses_path,
        "requests": pending.requests.len(),
        "resume": format!("dochygiene resume {}", pending.op_id),
    });
    crate::outln!("{line}");
    let root =
        root_flag.map(|r| format!(" --root {}", crate::quote::quote_path(r))).unwrap_or_default();
    crate::errln!(
        "dochygiene: {} request(s) need answers (op {}, round {}).\n  read:   {}\n  answer: {}\n  then:   dochygiene{root} resume {}\n  (by hand: `dochygiene{root} pending {} --template` prints a responses file to fill in)",
        pending.requests.len(),
        pending.op_id,
        pending.iteration,
        crate::quote::quote_path(pending_path),
        pending.responses_path,
        pending.op_id,
        pending.op_id,
    );
}

/// The exit-0 line and summary.
pub fn done(report: &Report, json_path: &Path, md_path: &Path) {
    let t = &report.totals;
    let line = json!({
        "status": "done",
        "op_id": report.op_id,
        "report": json_path.display().to_string(),
        "report_md": md_path.display().to_string(),
        "entries": t.entries,
        "cleared": t.cleared,
        "candidates": t.candidates,
        "notes": report.notes.len(),
    });
    crate::outln!("{line}");
    let tiers: Vec<String> =
        t.by_tier.iter().map(|(tier, r)| format!("{} {tier}", r.entries)).collect();
    crate::errln!(
        "dochygiene: report written: {} entries ({}), {} of {} candidates cleared, ~{} tokens (~{} weighted per session)\n  {}\n  {}",
        t.entries,
        if tiers.is_empty() { "none".to_string() } else { tiers.join(", ") },
        t.cleared,
        t.candidates,
        t.raw_tokens,
        t.weighted_tokens,
        crate::quote::quote_path(md_path),
        crate::quote::quote_path(json_path),
    );
}
