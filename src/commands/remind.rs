//! `dochygiene remind [--days N]`: for the SessionStart hook. Prints one line when the
//! last check is older than N days (or never happened) and stamps `last_reminded`.
//! It never fails the session: every problem becomes a note on stderr and exit 0.
//!
//! With `--hook` the line is SessionStart hook JSON for Claude Code: `systemMessage`
//! (shown to the user) and `additionalContext` (given to the model).
//!
//! It runs in whatever folder a session starts in, so it writes nothing (no
//! `.dochygiene/`, no lock) unless the folder is a project it has checked before:
//! `state.json` holds a `last_check`.

use std::path::Path;

use crate::cli::RemindArgs;
use crate::clock;
use crate::error::Result;
use crate::exit::Exit;
use crate::project::Project;
use crate::state::Timestamps;
use crate::{errln, outln};

pub(super) fn run(root_flag: Option<&Path>, args: &RemindArgs) -> Exit {
    if let Err(err) = remind(root_flag, args) {
        errln!("dochygiene remind: skipped ({err})");
    }
    Exit::Done
}

fn remind(root_flag: Option<&Path>, args: &RemindArgs) -> Result<()> {
    let project = Project::resolve(root_flag)?;
    let ts = Timestamps::read(&project.state)?;
    let checked_before = ts.last_check.is_some();
    let now = clock::now()?;
    let age_days = match ts.last_check.as_deref().map(clock::parse) {
        Some(Ok(t)) => Some((now.as_second() - t.as_second()) / 86_400),
        _ => None,
    };
    let line = match age_days {
        Some(days) if days < i64::from(args.days) => return Ok(()),
        Some(days) => format!("dochygiene: the docs were last checked {days} days ago; run `/hygiene check` to find stale and bloated docs."),
        None => "dochygiene: the docs have never been checked; run `/hygiene check` to find stale and bloated docs.".to_string(),
    };
    if args.hook {
        let json = serde_json::json!({
            "systemMessage": line,
            "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": line},
        });
        outln!("{json}");
    } else {
        outln!("{line}");
    }
    if !checked_before {
        return Ok(());
    }
    let lock = project.lock()?;
    Timestamps::update(&project.state, &lock, |t| t.last_reminded = Some(clock::format(now)))?;
    Ok(())
}
