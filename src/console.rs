//! Writing to stdout and stderr without ever panicking.
//!
//! `println!` panics when the reader has gone (`dochygiene status | head -0`, a runner
//! that stops reading), which would turn any exit code into 101. Everything the binary
//! prints goes through [`outln!`](crate::outln), [`out!`](crate::out) (stdout) and
//! [`errln!`](crate::errln) (stderr) instead: output nobody reads any more is dropped
//! silently and the command ends with the exit code it would have had. Any other write
//! failure on stdout (a full disk behind `>`) is remembered, and `cli::main` turns a
//! command that succeeded into an I/O error (exit 3) so lost data is never reported as
//! done.
//!
//! `--quiet` (`set_quiet`) silences [`errln!`](crate::errln), the explanations, notes and
//! warnings; an error is written with `write_stderr` itself and always reaches stderr.

use std::fmt;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

static STDOUT_FAILED: OnceLock<String> = OnceLock::new();
static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: from now on [`errln!`](crate::errln) prints nothing.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Writes an explanation, note or warning to stderr, unless `--quiet`.
#[doc(hidden)]
pub fn write_note(args: fmt::Arguments<'_>) {
    if !QUIET.load(Ordering::Relaxed) {
        write_stderr(args);
    }
}

/// Writes to stdout and flushes; see the module docs for what happens on failure.
#[doc(hidden)]
pub fn write_stdout(args: fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            let _ = STDOUT_FAILED.set(e.to_string());
        }
    }
}

/// Writes to stderr; a failure is dropped (there is nowhere left to say it).
#[doc(hidden)]
pub fn write_stderr(args: fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// Whether stdout is a terminal (the `auto` color choice asks).
pub fn stdout_is_terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal()
}

/// Why writing to stdout failed, other than a reader that went away; `None` if it never
/// did.
pub fn stdout_failure() -> Option<&'static str> {
    STDOUT_FAILED.get().map(String::as_str)
}

/// `print!` that never panics.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::console::write_stdout(format_args!($($arg)*)) };
}

/// `println!` that never panics.
#[macro_export]
macro_rules! outln {
    () => { $crate::console::write_stdout(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::console::write_stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` that never panics, and prints nothing under `--quiet`.
#[macro_export]
macro_rules! errln {
    () => { $crate::console::write_note(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::console::write_note(format_args!("{}\n", format_args!($($arg)*))) };
}
