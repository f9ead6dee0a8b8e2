//! `broken_reference` on a make target: a doc about working on this repository that
//! tells its reader to run `make dev` where the Makefile `make` would read has no rule
//! for `dev`. The command fails as written ("No rule to make target 'dev'"): the target
//! was renamed or removed (SuperClaude's `CLAUDE.md` on a `make dev` its Makefile calls
//! `install`; temporal's RPC how-to on `make service-clients`, now `proto-codegen`).
//!
//! The docs read are those `package_scripts` reads (agent context and contributor
//! docs), in inline code and shell code blocks, with the same stops (a `git clone`, a
//! `cd` out of the repository). `make` runs in the root, or in the folder a `cd` in the
//! block or `make -C dir` names; a doc in a folder may mean the Makefile of its own
//! folder or of one above, of any package folder, or of the folder it runs the
//! same target in elsewhere, so a target any of those defines counts as defined. A span
//! whose line says the command runs elsewhere or fails is not read. Nothing
//! is said where no Makefile is there (one `cmake` or `./configure` writes), where what
//! it defines is unknown (`MakeTargets::Unknown`), under `make -f`, or for a name that
//! is a file or folder there (make has nothing to do for it, and says so).

use std::collections::HashSet;

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::role::DocRole;
use crate::scan::signal::{Signal, SignalName};
use crate::scan::signals::code_path::says_gone;
use crate::scan::signals::package_scripts::{
    about_this_repository, closest_script, commands_not_current, is_assignment, is_marker,
    leaves_the_repository, shell_blocks,
};
use crate::scan::tree::{MakeTargets, PathKind};

/// Adds a signal for each `make` target of `doc` that no Makefile there defines.
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, role: DocRole, out: &mut Findings) {
    if !about_this_repository(&doc.path, role)
        || !doc.parsed.text.contains("make ")
        || commands_not_current(ctx, doc, role)
    {
        return;
    }
    let mut found: Vec<(u32, Run)> = Vec::new();
    let mut lines: Option<Vec<&str>> = None;
    for span in &doc.parsed.code_spans {
        let steps = runs(&span.text);
        if !steps.iter().any(|s| matches!(s, Step::Run(_))) {
            continue;
        }
        let lines = lines.get_or_insert_with(|| doc.parsed.text.lines().collect());
        let text = lines.get(span.line.saturating_sub(1) as usize).copied().unwrap_or_default();
        // "There is no `make migrate` / `make migrate-stamp` target on purpose."
        if runs_elsewhere(text, &span.text) || says_gone(text, &span.text) {
            continue;
        }
        let mut cwd = None;
        for step in steps {
            match step {
                Step::Run(run) => found.push((span.line, in_folder(run, cwd.as_deref()))),
                Step::Cd(to) => match moved_to(ctx, doc, &to) {
                    Move::Stay => {}
                    Move::To(dir) => cwd = Some(dir),
                    Move::Unknown => break,
                },
            }
        }
    }
    for block in shell_blocks(doc) {
        // The folder a `cd` earlier in the block moved to.
        let mut cwd: Option<String> = None;
        'block: for (i, line) in block.text.lines().enumerate() {
            if leaves_the_repository(ctx, doc, line) {
                break;
            }
            for step in runs(line) {
                match step {
                    Step::Run(run) => {
                        found.push((block.line + i as u32, in_folder(run, cwd.as_deref())))
                    }
                    Step::Cd(to) => match moved_to(ctx, doc, &to) {
                        Move::Stay => {}
                        Move::To(dir) => cwd = Some(dir),
                        Move::Unknown => break 'block,
                    },
                }
            }
        }
    }
    let mut by_target: Vec<(Run, Vec<u32>)> = Vec::new();
    for (line, run) in found {
        match by_target.iter_mut().find(|(r, _)| *r == run) {
            Some((_, lines)) => lines.push(line),
            None => by_target.push((run, vec![line])),
        }
    }
    for (run, lines) in &by_target {
        let (run, lines) = (run, lines.clone());
        let dirs = match &run.dir {
            Some(dir) => vec![dir.clone()],
            None => {
                let mut dirs = folders_up(doc.dir());
                // kind's "take the image you built with `make quick`" after `make -C
                // images/base quick`: the folder the doc runs the target in elsewhere.
                let named: Vec<String> = by_target
                    .iter()
                    .filter(|(r, _)| r.target == run.target)
                    .filter_map(|(r, _)| r.dir.clone())
                    .collect();
                dirs.extend(named);
                dirs
            }
        };
        if missing(ctx, &dirs, &run.target).is_none() {
            continue;
        }
        // Missing there: every package folder's Makefile is asked too, as a script any
        // package.json defines counts (polars' contributor pages run `py-polars`'
        // targets), looked for only now, as a repository's packages are listed by a walk.
        let mut dirs = dirs;
        if run.dir.is_none() {
            dirs.extend(ctx.tree.package_dirs().iter().cloned());
        }
        let Some((makefile, targets)) = missing(ctx, &dirs, &run.target) else { continue };
        let written = format!("make {}", run.target);
        let mut signal = Signal::new(
            SignalName::BrokenReference,
            lines.iter().copied().min().unwrap_or(1),
            format!("`{written}` runs the target `{}`, which {makefile}", run.target),
        )
        .with_target(written)
        .with_lines(lines);
        if let Some(like) = closest_script(&run.target, &targets) {
            let has = if makefile.starts_with("none of") { "there is" } else { "it has" };
            signal.detail.push_str(&format!(" ({has} `{like}`)"));
            signal = signal.with_suggestion(format!("make {like}"));
        }
        out.push(&doc.path, signal);
    }
}

/// Whether the line around inline code `span` says its command runs somewhere else ("run
/// `make deploy` in the `docs` submodule", "from `web/ui`") or fails as written ("so
/// `make -C libs/cli bench` fails").
fn runs_elsewhere(line: &str, span: &str) -> bool {
    let after = line.split_once(&format!("`{span}`")).map_or("", |(_, a)| a);
    // "`make quick` command in `images/base` directory" names the folder a word later.
    let elsewhere = |w: &str| matches!(w, "in" | "inside" | "within" | "from" | "under");
    after.split_whitespace().take(3).any(|w| elsewhere(&w.to_lowercase()))
        // "From the `py-polars` directory, run `make doctest`", "go to the `docs` folder".
        || line.contains(" directory")
        || line.contains(" folder")
        || line.contains(" fails")
        || line.contains(" will fail")
}

/// One `make` target a doc runs, and the folder it runs in when a `cd` or `-C` says so.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    target: String,
    dir: Option<String>,
}

/// The folders whose Makefile a doc in `dir` may mean: its own, then each above it.
fn folders_up(dir: &str) -> Vec<String> {
    let mut out = vec![dir.to_string()];
    let mut at = dir;
    while let Some((up, _)) = at.rsplit_once('/') {
        out.push(up.to_string());
        at = up;
    }
    if !at.is_empty() {
        out.push(String::new());
    }
    out
}

/// The Makefiles of `dirs` (named for the detail) and their targets when none of them
/// defines `target`; `None` when one does, when none is there, when one is unknown, or
/// when `target` is a path in the first folder.
fn missing(
    ctx: &ScanContext<'_>,
    dirs: &[String],
    target: &str,
) -> Option<(String, HashSet<String>)> {
    let first = dirs.first()?;
    if ctx.tree.kind(&crate::scan::resolve::join(first, target)) != PathKind::Missing {
        return None;
    }
    let mut files: Vec<String> = Vec::new();
    let mut all: HashSet<String> = HashSet::new();
    for dir in dirs {
        let known = ctx.tree.make_targets(dir);
        match known.defines(target) {
            Some(false) => {}
            Some(true) => return None,
            None if known == MakeTargets::None => continue,
            None => return None,
        }
        if let MakeTargets::Known { file, targets, .. } = known {
            if !files.contains(&file) {
                files.push(file);
                all.extend(targets.into_iter().filter(|t| !t.starts_with('.')));
            }
        }
    }
    let named = match files.as_slice() {
        [] => return None,
        [one] => format!("`{one}` does not define"),
        many => format!(
            "none of {} defines",
            many.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ")
        ),
    };
    Some((named, all))
}

/// The commands of `line` (split as a shell would) that matter here, in order: each
/// `cd`, and each target `make` runs, with the folder `-C dir` names. A command with `-f`
/// reads another file, and a placeholder (`make <target>`, `make $T`) ends the command.
fn runs(line: &str) -> Vec<Step> {
    let mut out = Vec::new();
    // A comment ("# make sure the venv is active"), not a root prompt.
    if line.trim_start().starts_with('#') {
        return out;
    }
    for words in crate::scan::signals::version_skew::shell_commands(line) {
        let mut words =
            words.iter().map(String::as_str).skip_while(|w| is_assignment(w) || is_marker(w));
        let Some(tool) = words.next() else { continue };
        let tool = tool.trim_start_matches(['`', '(']);
        if tool == "cd" {
            let to = words.next().unwrap_or_default().trim_end_matches(['`', ')']);
            out.push(Step::Cd(to.to_string()));
            continue;
        }
        if !matches!(tool, "make" | "gmake") {
            continue;
        }
        let mut dir = None;
        let mut targets = Vec::new();
        let mut other_file = false;
        while let Some(word) = words.next() {
            let word = word.trim_end_matches(['`', ')', ',', ';']);
            match word {
                "-C" | "--directory" => {
                    let Some(d) = words.next() else { break };
                    dir = Some(d.trim_end_matches('/').to_string());
                }
                "-f" | "--file" | "--makefile" => other_file = true,
                "-j" | "-l" | "--jobs" | "--load-average" => {}
                w if w.starts_with("--directory=") || (w.starts_with("-C") && w.len() > 2) => {
                    let d = w.trim_start_matches("--directory=").trim_start_matches("-C");
                    dir = Some(d.trim_end_matches('/').to_string());
                }
                w if w.starts_with("-f")
                    || w.starts_with("--file=")
                    || w.starts_with("--makefile=") =>
                {
                    other_file = true
                }
                w if w.starts_with('-')
                    || w.contains('=')
                    || w.chars().all(|c| c.is_ascii_digit()) => {}
                w if is_target_name(w) => targets.push(w.to_string()),
                _ => break,
            }
        }
        if other_file {
            continue;
        }
        out.extend(targets.into_iter().map(|target| Step::Run(Run { target, dir: dir.clone() })));
    }
    out
}

/// What one command of a line does here: runs a make target, or moves to a folder.
#[derive(Debug, PartialEq, Eq)]
enum Step {
    Run(Run),
    Cd(String),
}

/// Whether `word` reads as a target a doc names literally (`test`, `build-plugin`), not
/// a placeholder, a pattern, a file path (`build/app`, which make may have a rule for
/// by any name) nor several at once (`make format/lint/typecheck`).
fn is_target_name(word: &str) -> bool {
    word.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_.+".contains(c))
        && !word.ends_with('.')
}

/// Where a block's line moves the commands after it.
enum Move {
    Stay,
    To(String),
    Unknown,
}

/// Where `cd to` goes: a folder of the repository (from the current one's root, else
/// from the doc's folder), or `Unknown` for a variable, `..` or a folder it lacks.
fn moved_to(ctx: &ScanContext<'_>, doc: &Doc, to: &str) -> Move {
    let dir = to.trim_end_matches(['/', ';']);
    if dir.is_empty() || dir == "." {
        return Move::Stay;
    }
    if dir.starts_with(['$', '~', '/']) || dir.contains("..") {
        return Move::Unknown;
    }
    let from_doc = crate::scan::resolve::join(doc.dir(), dir);
    if ctx.tree.kind(dir) == PathKind::Dir {
        Move::To(dir.to_string())
    } else if ctx.tree.kind(&from_doc) == PathKind::Dir {
        Move::To(from_doc)
    } else {
        Move::Unknown
    }
}

/// `run` in the folder a `cd` moved to: its `-C dir` from there, else there.
fn in_folder(run: Run, cwd: Option<&str>) -> Run {
    let Some(cwd) = cwd else { return run };
    let dir = match run.dir {
        Some(d) => crate::scan::resolve::join(cwd, &d),
        None => cwd.to_string(),
    };
    Run { target: run.target, dir: Some(dir) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(line: &str) -> Vec<(String, Option<String>)> {
        runs(line)
            .into_iter()
            .filter_map(|s| match s {
                Step::Run(r) => Some((r.target, r.dir)),
                Step::Cd(_) => None,
            })
            .collect()
    }

    #[test]
    fn reads_the_targets_make_runs() {
        assert_eq!(targets("make dev"), [("dev".into(), None)]);
        assert_eq!(targets("`make lint`"), [("lint".into(), None)]);
        assert_eq!(
            targets("$ make -j4 build test V=1"),
            [("build".into(), None), ("test".into(), None)]
        );
        assert_eq!(targets("make -C docs html"), [("html".into(), Some("docs".into()))]);
        assert_eq!(
            targets("make --directory=web/ui build"),
            [("build".into(), Some("web/ui".into()))]
        );
        assert_eq!(targets("uv sync && make test"), [("test".into(), None)]);
        assert_eq!(targets("1. make install"), [("install".into(), None)]);
        assert!(targets("make").is_empty());
        assert!(targets("make -f other.mk build").is_empty(), "another file");
        assert!(targets("make <target>").is_empty());
        assert!(targets("make $TARGET").is_empty());
        assert!(targets("make format/lint/typecheck").is_empty(), "three targets");
        assert!(targets("cmake --build build").is_empty());
        assert!(targets("echo make test").is_empty(), "an argument, not a command");
        assert!(targets("Please make sure to follow the guide.").is_empty());
        assert!(targets("# make sure the venv is active").is_empty(), "a comment");
    }

    #[test]
    fn a_line_may_say_the_command_runs_elsewhere() {
        let docs = "13. run `make deploy` in the `docs` submodule to update website";
        assert!(runs_elsewhere(docs, "make deploy"));
        assert!(runs_elsewhere("so `make -C libs/cli bench` fails.", "make -C libs/cli bench"));
        let polars = "From the `py-polars` directory, run `make fmt`, and run `make doctest`.";
        assert!(runs_elsewhere(polars, "make doctest"));
        let kind = "use the `make quick` command in `images/base` directory";
        assert!(runs_elsewhere(kind, "make quick"));
        assert!(!runs_elsewhere("Run `make test` before a PR.", "make test"));
    }

    #[test]
    fn a_doc_may_mean_the_makefile_of_a_folder_above() {
        assert_eq!(folders_up("docs/dev"), ["docs/dev", "docs", ""]);
        assert_eq!(folders_up(""), [""]);
    }
}
