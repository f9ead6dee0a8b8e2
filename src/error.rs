//! The library's one error type and its mapping to exit codes.
//!
//! Every variant carries what the user needs to act: the path, the line and column, the
//! request id, and a `hint` naming the next command. Messages are lowercase fragments
//! that read after "failed to" or stand alone; causes are chained through `source()`.
//! `Error::exit` is the single place where an error becomes an exit code. Paths are shown
//! through `quote::quote_path`, so a file name cannot break the message's lines.

use std::path::PathBuf;

use crate::exit::Exit;
use crate::quote::quote_path;

/// Shorthand used across the crate.
pub(crate) type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything that can stop a command.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad arguments or input the user controls (answer files, report files, op ids).
    #[error("{message}")]
    Usage { message: String, hint: Option<String> },

    /// A `dochygiene.toml` problem.
    #[error("invalid configuration in {}: {message}", quote_path(.path))]
    Config { path: PathBuf, message: String },

    /// A file-system operation failed.
    #[error("failed to {action} {}", quote_path(.path))]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },

    /// Another process holds the lock.
    #[error(
        "failed to take the lock {}: another dochygiene process is writing here",
        quote_path(.path)
    )]
    Busy { path: PathBuf },

    /// State that no longer matches what it was bound to.
    #[error("{message}")]
    Stale { message: String, hint: Option<String> },

    /// An op or state file that does not parse or is not a regular file.
    #[error("corrupt state file {}: {message}", quote_path(.path))]
    Corrupt { path: PathBuf, message: String },

    /// A state path that is a symbolic link or not the kind of file the engine made
    /// there (`.dochygiene`, `ops`, an op folder, the lock, a state file): never read or
    /// written through. The hint says how to get rid of it.
    #[error("refusing to use {path}: {message}")]
    UnsafeState { path: PathBuf, message: String, hint: String },

    /// A versioned state file in a format this build does not know (written by another
    /// dochygiene version): never read further, never rewritten.
    #[error(
        "unknown format version {version} in {}: this dochygiene ({}) reads format version {reads}",
        quote_path(.path),
        crate::TOOL_VERSION
    )]
    NewerFormat { path: PathBuf, version: u32, reads: u32, written_by: Option<String> },

    /// A bug or an impossible state; the message says which invariant broke.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// A usage error with no hint.
    pub(crate) fn usage(message: impl Into<String>) -> Self {
        Error::Usage { message: message.into(), hint: None }
    }

    /// A usage error with a hint naming what to do next.
    pub(crate) fn usage_hint(message: impl Into<String>, hint: impl Into<String>) -> Self {
        Error::Usage { message: message.into(), hint: Some(hint.into()) }
    }

    /// A stale-state error with a hint naming what to do next.
    pub(crate) fn stale(message: impl Into<String>, hint: impl Into<String>) -> Self {
        Error::Stale { message: message.into(), hint: Some(hint.into()) }
    }

    /// An I/O error on `path` while trying to `action` it.
    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
        source: std::io::Error,
    ) -> Self {
        Error::Io { action, path: path.into(), source }
    }

    /// The exit code this error ends the process with.
    pub fn exit(&self) -> Exit {
        match self {
            Error::Usage { .. } | Error::Config { .. } => Exit::Usage,
            Error::Io { .. } | Error::Internal(_) => Exit::Io,
            Error::Busy { .. } => Exit::Busy,
            Error::Stale { .. } => Exit::Stale,
            Error::Corrupt { .. } | Error::UnsafeState { .. } | Error::NewerFormat { .. } => {
                Exit::Corrupt
            }
        }
    }

    /// The next step to suggest, if any.
    pub fn hint(&self) -> Option<String> {
        match self {
            Error::Usage { hint, .. } | Error::Stale { hint, .. } => hint.clone(),
            Error::Config { .. } => {
                Some("fix the key or value the message names in dochygiene.toml (or the file --config names); the keys it accepts are listed above".into())
            }
            Error::Busy { .. } => Some(
                "wait for the other dochygiene process to finish, then run the command again"
                    .into(),
            ),
            Error::Corrupt { path, .. } => Some(corrupt_hint(path)),
            Error::UnsafeState { hint, .. } => Some(hint.clone()),
            Error::NewerFormat { written_by, .. } => Some(match written_by {
                Some(v) => format!(
                    "it was written by dochygiene {v}: run that version (or a newer one) on this project, or move the file away to start over"
                ),
                None => "it was written by another dochygiene version: run that version on this project, or move the file away to start over".into(),
            }),
            Error::Io { .. } | Error::Internal(_) => None,
        }
    }

    /// The whole message as printed on stderr: `error: …`, one `caused by:` per cause,
    /// and the hint.
    pub fn render(&self) -> String {
        let mut out = format!("error: {self}\n");
        let mut cause = std::error::Error::source(self);
        while let Some(err) = cause {
            out.push_str(&format!("  caused by: {err}\n"));
            cause = err.source();
        }
        if let Some(hint) = self.hint() {
            out.push_str(&format!("hint: {hint}\n"));
        }
        out
    }
}

/// What to do about a corrupt state file, by where it is: a broken `op.json` makes its op
/// one `ops abort` removes; any other file of an op folder (its journal, a trash image,
/// answers) leaves the op readable, so it is closed if still open and `ops gc` removes it;
/// `state.json` holds only timestamps.
fn corrupt_hint(path: &std::path::Path) -> String {
    let op_id = path
        .ancestors()
        .skip(1)
        .find(|dir| dir.parent().is_some_and(|p| p.ends_with(".dochygiene/ops")))
        .and_then(|dir| dir.file_name())
        .map(|n| n.to_string_lossy().into_owned());
    let is_record = path.file_name().is_some_and(|n| n == "op.json");
    match op_id {
        Some(id) if is_record => format!(
            "see what is left with `dochygiene ops show {id}`; `dochygiene ops abort {id}` removes the op"
        ),
        Some(id) => format!(
            "see what is left with `dochygiene ops show {id}`; if it is still open, close it with `dochygiene ops abort {id}`; then `dochygiene ops gc` removes it (with every other finished op, and a clean's undo with its op)"
        ),
        None if path.ends_with(".dochygiene/report.json") => {
            "run `dochygiene check` to write a new report".into()
        }
        None if path.ends_with(".dochygiene/state.json") => {
            "it holds only the last check, clean and reminder times: remove it (or fix it), then run the command again".into()
        }
        None => "inspect it with `dochygiene ops list`, or discard the op with `dochygiene ops abort ID`"
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_prints_message_cause_and_hint_once() {
        let err = Error::io(
            "read",
            "/x/report.json",
            std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        );
        assert_eq!(
            err.render(),
            "error: failed to read /x/report.json\n  caused by: no such file\n"
        );
        assert_eq!(err.exit(), Exit::Io);
        let busy = Error::Busy { path: "/x/.dochygiene/lock".into() };
        assert_eq!(busy.exit(), Exit::Busy);
        assert!(busy.render().contains("hint: wait for"));
    }

    #[test]
    fn corrupt_files_get_a_hint_for_where_they_are() {
        let op =
            Error::Corrupt { path: "/p/.dochygiene/ops/c-1/op.json".into(), message: "x".into() };
        assert!(
            op.render().contains("`dochygiene ops abort c-1` removes the op"),
            "{}",
            op.render()
        );
        for file in ["journal.json", "trash/0.before"] {
            let path = format!("/p/.dochygiene/ops/clean-1/{file}");
            let rendered = Error::Corrupt { path: path.into(), message: "x".into() }.render();
            assert!(rendered.contains("`dochygiene ops gc` removes it"), "{rendered}");
            assert!(rendered.contains("`dochygiene ops show clean-1`"), "{rendered}");
        }
        let state =
            Error::Corrupt { path: "/p/.dochygiene/state.json".into(), message: "x".into() };
        assert!(state.render().contains("remove it"), "{}", state.render());
        assert_eq!(state.exit(), Exit::Corrupt);
    }
}
