//! `Notice`: something a pipeline wants the user to know that is not its outcome — a
//! file the scan could not read, a rescan, a batch still unanswered. The pipelines
//! collect notices as data in a [`Notices`] list; `commands/` prints them on stderr
//! (before the outcome, and also when the command fails).

use std::path::PathBuf;

use crate::scan::ScanWarning;

/// One thing to tell the user.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Notice {
    /// A file the scan read in part or not at all.
    ScanWarning(ScanWarning),
    /// These candidates changed since the scan; the op scans again.
    Rescanning(Vec<String>),
    /// The open batch has no responses file yet.
    NoAnswersYet(PathBuf),
    /// The verdict store could not be read; nothing in it is reused.
    VerdictStoreUnread { path: PathBuf, problem: String },
    /// The verdict store could not be written; the next check asks what it would hold.
    VerdictStoreUnsaved { path: PathBuf, problem: String },
    /// A scoped check could not read the last report, so it kept none of it.
    LastReportNotKept { problem: String },
    /// The op had already finished; `resume` had nothing to do.
    AlreadyFinished { op_id: String, phase: &'static str },
}

/// The notices of one command, in the order they happened.
#[derive(Debug, Default)]
pub(crate) struct Notices(Vec<Notice>);

impl Notices {
    pub(crate) fn push(&mut self, notice: Notice) {
        self.0.push(notice);
    }

    /// Takes every notice so far, leaving the list empty.
    pub(crate) fn drain(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.0)
    }
}
