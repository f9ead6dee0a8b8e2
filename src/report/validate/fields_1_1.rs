//! The invariants of the fields schema 1.1 added: every 1.1 entry's `token_saving`
//! (present, its weighted figure derived, measured for a deterministic entry), an
//! agent-found entry's `evidence`, and the dismissals (`cleared_reasons`, `dismissed`).
//! A 1.0 report has none of these fields and passes as it was written.

use std::collections::HashSet;

use super::violation::Violation;
use crate::report::kind_table::OpType;
use crate::report::totals::round_tokens;
use crate::report::types::{Entry, Report, SCHEMA_VERSION};
use crate::report::{CitedSignal, SavingBasis};

/// Checks the 1.1 fields of `report`.
pub(crate) fn check(report: &Report, out: &mut Vec<Violation>) {
    for (i, e) in report.entries.iter().enumerate() {
        let at = format!("entries[{i}]");
        saving(report, e, &at, out);
        evidence(e, &at, out);
    }
    dismissals(report, out);
}

fn saving(report: &Report, e: &Entry, at: &str, out: &mut Vec<Violation>) {
    let Some(s) = &e.token_saving else {
        if report.schema_version == SCHEMA_VERSION {
            out.push(Violation::new(
                format!("{at}.token_saving"),
                "token-saving-present",
                format!("a {} entry carries its token_saving", report.schema_version),
            ));
        }
        return;
    };
    let expected = round_tokens(s.tokens as f64 * e.token_estimate.injection_frequency);
    if (s.weighted_tokens - expected).abs() > 0.005 {
        out.push(Violation::new(
            format!("{at}.token_saving.weighted_tokens"),
            "token-saving-weighted",
            format!(
                "{}, but tokens {} × injection_frequency {} = {expected}",
                s.weighted_tokens, s.tokens, e.token_estimate.injection_frequency
            ),
        ));
    }
    if e.op_type == OpType::Deterministic && s.basis != SavingBasis::Measured {
        out.push(Violation::new(
            format!("{at}.token_saving.basis"),
            "token-saving-basis",
            "a deterministic entry's saving is measured on its exact edit, never estimated",
        ));
    }
}

fn evidence(e: &Entry, at: &str, out: &mut Vec<Violation>) {
    let observed = e.signals.contains(&CitedSignal::AgentObservation);
    if e.agent_found != observed {
        out.push(Violation::new(
            format!("{at}.agent_found"),
            "agent-found-evidence",
            format!(
                "agent_found is {}, but the entry {} agent_observation",
                e.agent_found,
                if observed { "cites" } else { "does not cite" }
            ),
        ));
    }
    if e.evidence.is_some() != observed {
        out.push(Violation::new(
            format!("{at}.evidence"),
            "agent-found-evidence",
            "evidence is present exactly when the entry cites agent_observation",
        ));
    }
}

fn dismissals(r: &Report, out: &mut Vec<Violation>) {
    let cleared: HashSet<&str> = r.cleared.iter().map(String::as_str).collect();
    for path in r.cleared_reasons.keys() {
        if !cleared.contains(path.as_str()) {
            out.push(Violation::new(
                format!("cleared_reasons.{path}"),
                "cleared-reason-cleared",
                format!("{path:?} has a reason but is not in cleared"),
            ));
        }
    }
    let shortlist: HashSet<&str> = r.shortlist.iter().map(String::as_str).collect();
    for (i, d) in r.dismissed.iter().enumerate() {
        let cited =
            r.entries.iter().any(|e| e.path == d.path && e.signals.iter().any(|s| s.is(d.signal)));
        let problem = if !shortlist.contains(d.path.as_str()) {
            Some(format!("{:?} is not in the shortlist", d.path))
        } else if cleared.contains(d.path.as_str()) {
            Some(format!("{:?} is cleared: its reason is in cleared_reasons", d.path))
        } else if cited {
            Some(format!("an entry on {:?} cites {}, so it was not dismissed", d.path, d.signal))
        } else {
            None
        };
        if let Some(message) = problem {
            out.push(Violation::new(format!("dismissed[{i}]"), "dismissed-signal", message));
        }
    }
}
