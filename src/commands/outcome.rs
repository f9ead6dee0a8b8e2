//! `Outcome`: how an op command (check, resume, sweep, clean, undo) ended when it did
//! not fail, with everything its status line and its explanation need. `Outcome::exit`
//! is the one place a successful op command's exit code is chosen (a failure's is
//! `Error::exit`).

use std::path::Path;

use crate::clean::{Applied, Preview, Undone};
use crate::exit::Exit;
use crate::handshake::Asked;
use crate::report::Report;

/// How an op command ended.
pub(crate) enum Outcome {
    /// A batch waits for answers.
    NeedsAnswers { asked: Asked, root_arg: String },
    /// A check wrote its report (or a finished check op was resumed: `report` is the
    /// current report when it is that op's).
    Checked { op_id: String, report: Option<Box<Report>>, paths: ReportPaths },
    /// A sweep wrote its report and applied its auto entries.
    Swept { report: Option<Box<Report>>, paths: ReportPaths, applied: Applied },
    /// A clean applied its entries.
    Cleaned(Applied),
    /// A clean found nothing to apply.
    NothingToApply { report_op_id: String },
    /// `clean --dry-run`.
    Preview(Preview),
    /// `undo` restored the files (or a resume found the op undone).
    Undone(Undone),
}

/// Where the report pair lives.
pub(crate) struct ReportPaths {
    pub json: String,
    pub md: String,
}

impl ReportPaths {
    pub(crate) fn of(state: &crate::state::StateDir) -> ReportPaths {
        let shown = |p: &Path| p.display().to_string();
        ReportPaths { json: shown(&state.report_json_path()), md: shown(&state.report_md_path()) }
    }
}

impl Outcome {
    /// The exit code of a command that ended this way.
    pub(crate) fn exit(&self) -> Exit {
        match self {
            Outcome::NeedsAnswers { .. } => Exit::NeedsAnswers,
            _ => Exit::Done,
        }
    }
}
