//! The status line: exactly one JSON line on stdout for every invocation of check,
//! resume, sweep, clean and undo, whatever its exit code — the one thing a runner
//! parses. One type, [`StatusLine`], printed in one place ([`print`]); its JSON Schema is
//! generated into `guide/schema/status-line.schema.json` (a test keeps the committed copy
//! current; `UPDATE_SCHEMAS=1 cargo test schema` regenerates it).

use schemars::JsonSchema;
use serde::Serialize;

use super::outcome::{Outcome, ReportPaths};
use crate::clean::Applied;
use crate::error::Error;
use crate::report::Report;

/// One line on stdout, tagged by `status`.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
#[schemars(title = "dochygiene status line")]
pub(crate) enum StatusLine {
    /// Exit 7: a batch waits for answers.
    NeedsAnswers {
        /// The op.
        op_id: String,
        /// The open batch; the responses file must name it.
        batch_id: String,
        /// Absolute path of the pending file.
        pending: String,
        /// Absolute path the runner writes its answers to.
        responses: String,
        /// How many requests are open.
        requests: usize,
        /// The command to run once the responses file is written.
        resume: String,
    },
    /// Exit 0: the op finished. A check carries the report fields, a clean the clean
    /// fields, a sweep both.
    Done(Done),
    /// Exit 0: a clean found no entry to apply.
    NothingToApply {
        /// The op of the report the clean read.
        report_op_id: String,
    },
    /// Exit 0: `clean --dry-run`; nothing was written.
    Preview {
        /// Entries that would apply.
        entries: usize,
        /// Files that would change.
        files: usize,
        /// Entries that are stale or would be skipped.
        skipped: usize,
        /// The unified diff of every file that would change.
        diff: String,
    },
    /// Exit 0: `undo` restored the files an op changed.
    Undone {
        /// The op undone.
        op_id: String,
        /// The files restored.
        restored: Vec<String>,
    },
    /// Any other exit (2–6, or 3 for a bug): the command failed; stderr says more.
    Error {
        /// The exit code.
        exit: u8,
        /// What failed, one sentence.
        error: String,
        /// What to do next.
        #[serde(skip_serializing_if = "Option::is_none")]
        hint: Option<String>,
    },
}

/// The fields of a finished op.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub(crate) struct Done {
    /// The op.
    pub op_id: String,
    /// A check's (or sweep's) report.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub report: Option<ReportFields>,
    /// A clean's (or sweep's) edits.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub clean: Option<CleanFields>,
}

/// What the report of a finished check holds.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub(crate) struct ReportFields {
    /// Absolute path of `report.json`.
    pub report: String,
    /// Absolute path of `report.md`.
    pub report_md: String,
    pub entries: u64,
    pub cleared: u64,
    pub candidates: u64,
    /// The report's notes (a `git-skipped` note counts).
    pub notes: usize,
}

/// What a finished clean applied.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub(crate) struct CleanFields {
    /// The entry ids applied.
    pub applied: Vec<String>,
    /// The entries skipped, with why.
    pub skipped: Vec<SkippedEntry>,
    /// Every file written or removed.
    pub files: Vec<String>,
    /// The command that reverts the clean.
    pub undo: String,
}

/// An entry a clean did not apply.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub(crate) struct SkippedEntry {
    pub id: String,
    pub reason: String,
}

impl StatusLine {
    /// The line of a command that ended with `outcome`.
    pub(crate) fn of(outcome: &Outcome) -> StatusLine {
        match outcome {
            Outcome::NeedsAnswers { asked, .. } => StatusLine::NeedsAnswers {
                op_id: asked.pending.op_id.to_string(),
                batch_id: asked.pending.batch_id.to_string(),
                pending: asked.pending_path.display().to_string(),
                responses: asked.pending.responses_path.clone(),
                requests: asked.pending.requests.len(),
                resume: format!("dochygiene resume {}", asked.pending.op_id),
            },
            Outcome::Checked { op_id, report, paths } => StatusLine::Done(Done {
                op_id: op_id.clone(),
                report: report.as_deref().map(|r| report_fields(r, paths)),
                clean: None,
            }),
            Outcome::Swept { report, paths, applied } => StatusLine::Done(Done {
                op_id: applied.op_id.to_string(),
                report: report.as_deref().map(|r| report_fields(r, paths)),
                clean: Some(clean_fields(applied)),
            }),
            Outcome::Cleaned(applied) => StatusLine::Done(Done {
                op_id: applied.op_id.to_string(),
                report: None,
                clean: Some(clean_fields(applied)),
            }),
            Outcome::NothingToApply { report_op_id } => {
                StatusLine::NothingToApply { report_op_id: report_op_id.clone() }
            }
            Outcome::Preview(p) => StatusLine::Preview {
                entries: p.entries,
                files: p.files,
                skipped: p.skipped,
                diff: p.diff.clone(),
            },
            Outcome::Undone(u) => {
                StatusLine::Undone { op_id: u.op_id.to_string(), restored: u.restored.clone() }
            }
        }
    }

    /// The line of a command that failed with `err`.
    pub(crate) fn of_error(err: &Error) -> StatusLine {
        StatusLine::Error { exit: err.exit().code(), error: err.to_string(), hint: err.hint() }
    }
}

fn report_fields(report: &Report, paths: &ReportPaths) -> ReportFields {
    let t = &report.totals;
    ReportFields {
        report: paths.json.clone(),
        report_md: paths.md.clone(),
        entries: t.entries,
        cleared: t.cleared,
        candidates: t.candidates,
        notes: report.notes.len(),
    }
}

fn clean_fields(applied: &Applied) -> CleanFields {
    CleanFields {
        applied: applied.applied.clone(),
        skipped: applied
            .skipped
            .iter()
            .map(|s| SkippedEntry { id: s.id.clone(), reason: s.reason.clone() })
            .collect(),
        files: applied.files.clone(),
        undo: format!("dochygiene undo {}", applied.op_id),
    }
}

/// Prints the line: the only place a status line reaches stdout.
pub(crate) fn print(line: &StatusLine) {
    crate::outln!("{}", serde_json::to_string(line).expect("a status line serializes"));
}

/// The schema as the pretty text committed under `guide/schema/`.
#[cfg(test)]
fn schema_text() -> String {
    let schema = schemars::schema_for!(StatusLine);
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed schema must be exactly what the type generates.
    #[test]
    fn committed_status_line_schema_matches_the_type() {
        crate::json::committed::assert_committed(
            "guide/schema/status-line.schema.json",
            &schema_text(),
        );
    }

    #[test]
    fn the_documented_fields_keep_their_names_and_order() {
        let line = StatusLine::Done(Done {
            op_id: "c-1".into(),
            report: Some(ReportFields {
                report: "/r/report.json".into(),
                report_md: "/r/report.md".into(),
                entries: 1,
                cleared: 2,
                candidates: 3,
                notes: 0,
            }),
            clean: None,
        });
        assert_eq!(
            serde_json::to_string(&line).unwrap(),
            r#"{"status":"done","op_id":"c-1","report":"/r/report.json","report_md":"/r/report.md","entries":1,"cleared":2,"candidates":3,"notes":0}"#
        );
        let error = StatusLine::of_error(&Error::stale("x changed", "run it again"));
        assert_eq!(
            serde_json::to_string(&error).unwrap(),
            r#"{"status":"error","exit":5,"error":"x changed","hint":"run it again"}"#
        );
    }
}
