//! Whether the human output on stdout (`scan`'s text format, `status`) is colored, and
//! the few styles it uses. `--color auto|always|never` is recorded once at the process
//! boundary (`set_choice`); `auto` colors only a terminal, and never when `NO_COLOR` is
//! set to anything but the empty string (no-color.org) or `TERM` is `dumb`. Machine
//! formats (JSON lines, `--format json|github|sarif`, the report) are never colored.

use std::sync::atomic::{AtomicU8, Ordering};

use anstyle::{AnsiColor, Style};

/// `--color` values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Color when stdout is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always color (even through a pipe; `NO_COLOR` is ignored).
    Always,
    /// Never color.
    Never,
}

const UNSET: u8 = 0;
const ON: u8 = 1;
const OFF: u8 = 2;

static STDOUT: AtomicU8 = AtomicU8::new(UNSET);

/// Records `--color` for the rest of the process; `stdout_is_terminal` is asked by the
/// caller (`commands::run`, the printing boundary) for `auto`.
pub fn set_choice(choice: ColorChoice, stdout_is_terminal: bool) {
    STDOUT.store(if resolve(choice, stdout_is_terminal) { ON } else { OFF }, Ordering::Relaxed);
}

fn resolve(choice: ColorChoice, stdout_is_terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
            !no_color && !dumb && stdout_is_terminal
        }
    }
}

/// Whether to color: off until `set_choice` says otherwise (library callers and tests
/// that never set it get plain text).
fn enabled() -> bool {
    STDOUT.load(Ordering::Relaxed) == ON
}

/// `text` in `style` when stdout is colored, else as it is. Apply it to text that was
/// already quoted and escaped: the escapes it adds are the only control bytes it writes.
fn paint(style: Style, text: &str) -> String {
    if enabled() {
        format!("{}{text}{}", style.render(), style.render_reset())
    } else {
        text.to_string()
    }
}

/// A file name at the start of a finding.
pub fn path(text: &str) -> String {
    paint(Style::new().bold(), text)
}

/// A signal's name.
pub fn signal(text: &str) -> String {
    paint(AnsiColor::Yellow.on_default(), text)
}

/// A label of `status` (`last check:`).
pub fn label(text: &str) -> String {
    paint(Style::new().bold(), text)
}

/// Something that wants attention (`never`, an open or corrupt op).
pub fn attention(text: &str) -> String {
    paint(AnsiColor::Yellow.on_default(), text)
}
