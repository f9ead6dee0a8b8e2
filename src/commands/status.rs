//! `dochygiene status [--json]`: timestamps, report presence and age, open ops, and any
//! corrupt op (with what removes it). Reads only: it never creates `.dochygiene/` or
//! takes the lock.

use serde_json::json;

use crate::cli::StatusArgs;
use crate::clock;
use crate::color;
use crate::error::Result;
use crate::exit::Exit;
use crate::json::strict;
use crate::op;
use crate::outln;
use crate::project::Project;
use crate::state::Timestamps;

pub(super) fn run(project: &Project, args: &StatusArgs) -> Result<Exit> {
    let (root, state) = (&project.root, &project.state);
    let ts = Timestamps::read(state)?;
    let now = clock::now()?;
    let report_path = state.report_json_path();
    let report = if let Some(text) = crate::state::read_report_text(state)? {
        let value = strict::parse(&text).ok();
        let generated_at =
            value.as_ref().and_then(|v| v["generated_at"].as_str()).map(str::to_string);
        let age = generated_at
            .as_deref()
            .and_then(|t| clock::parse(t).ok())
            .map(|t| now.as_second() - t.as_second());
        let entries = value.as_ref().and_then(|v| v["entries"].as_array()).map(Vec::len);
        Some(json!({
            "path": report_path.display().to_string(),
            "markdown": state.report_md_path().display().to_string(),
            "generated_at": generated_at,
            "age_seconds": age,
            "entries": entries,
        }))
    } else {
        None
    };
    let listed = op::list(state)?;
    let open: Vec<_> = listed.ops.iter().filter(|o| o.state.is_open()).collect();
    if args.json {
        let ops: Vec<_> = open.iter().map(|o| o.summary()).collect();
        let corrupt: Vec<_> = listed.corrupt.iter().map(super::ops::corrupt_row).collect();
        let out = json!({
            "project_root": root.display().to_string(),
            "last_check": ts.last_check,
            "last_clean": ts.last_clean,
            "last_reminded": ts.last_reminded,
            "report": report,
            "open_ops": ops,
            "corrupt_ops": corrupt,
        });
        outln!("{}", serde_json::to_string_pretty(&out).expect("status serializes"));
        return Ok(Exit::Done);
    }
    let label = |text: &str| color::label(text);
    let when = |t: &Option<String>| t.clone().unwrap_or_else(|| color::attention("never"));
    outln!("{}  {}", label("project root:"), crate::quote::quote_path(root));
    outln!("{}    {}", label("last check:"), when(&ts.last_check));
    outln!("{}    {}", label("last clean:"), when(&ts.last_clean));
    outln!("{} {}", label("last reminded:"), when(&ts.last_reminded));
    match &report {
        Some(r) => {
            let age =
                r["age_seconds"].as_i64().map(human_age).unwrap_or_else(|| "unknown age".into());
            let entries = r["entries"].as_u64().map_or("?".to_string(), |n| n.to_string());
            outln!(
                "{}        {} ({age}, {entries} entries)",
                label("report:"),
                crate::quote::quote_path(&report_path)
            );
        }
        None => {
            outln!(
                "{}        {} (run `dochygiene check`)",
                label("report:"),
                color::attention("none")
            )
        }
    }
    if open.is_empty() {
        outln!("{}      none", label("open ops:"));
    } else {
        for o in &open {
            outln!(
                "{}       {} ({}, phase {}, round {}) — `dochygiene resume {}`",
                label("open op:"),
                color::attention(&o.op_id.to_string()),
                o.state.command().as_str(),
                o.state.phase().as_str(),
                o.iteration,
                o.op_id
            );
        }
    }
    for c in &listed.corrupt {
        outln!(
            "{}    {} ({}) — {}",
            label("corrupt op:"),
            color::attention(&c.op_id.to_string()),
            c.problem,
            super::ops::remedy(state, c)
        );
    }
    Ok(Exit::Done)
}

/// "3 days ago", "5 hours ago", "just now".
fn human_age(seconds: i64) -> String {
    let s = seconds.max(0);
    match s {
        0..60 => "just now".into(),
        60..3600 => format!("{} minutes ago", s / 60),
        3600..86_400 => format!("{} hours ago", s / 3600),
        _ => format!("{} days ago", s / 86_400),
    }
}
