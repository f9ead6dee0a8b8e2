//! The process exit codes, one named constant each (SPEC section 5).
//!
//! This module is the only place that knows the numbers; `guide/exit-codes.md` documents
//! them for runner authors. Nothing else in the crate writes a numeric exit code.

/// How a `dochygiene` process ends. The discriminant is the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Exit {
    /// The command did what it was asked.
    Done = 0,
    /// Findings: `scan` found signals, `validate` found violations.
    Findings = 1,
    /// Usage or configuration error: bad arguments, a bad answer file, a bad config key.
    Usage = 2,
    /// I/O or internal error.
    Io = 3,
    /// Another process holds `.dochygiene/lock`.
    Busy = 4,
    /// Stale: answers bound to another batch, a file changed under a guard, an op of
    /// another tool version, or an op of the same command already open.
    Stale = 5,
    /// Corrupt state: an op file that does not parse or is not a regular file.
    Corrupt = 6,
    /// A pending batch was written; answer it and run `dochygiene resume`.
    NeedsAnswers = 7,
}

impl Exit {
    /// The numeric exit code.
    pub fn code(self) -> u8 {
        self as u8
    }
}

impl From<Exit> for std::process::ExitCode {
    fn from(exit: Exit) -> Self {
        std::process::ExitCode::from(exit.code())
    }
}

#[cfg(test)]
mod tests {
    use super::Exit;

    #[test]
    fn codes_match_the_spec_table() {
        let table = [
            (Exit::Done, 0),
            (Exit::Findings, 1),
            (Exit::Usage, 2),
            (Exit::Io, 3),
            (Exit::Busy, 4),
            (Exit::Stale, 5),
            (Exit::Corrupt, 6),
            (Exit::NeedsAnswers, 7),
        ];
        for (exit, code) in table {
            assert_eq!(exit.code(), code, "{exit:?}");
        }
    }
}
