//! The clean op: select report entries, check every guard before the first write,
//! journal before- and after-images, apply, stamp `last_clean`. Also `resume` of a clean
//! op killed mid-way, `undo`, and the clean half of `sweep`.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::edit::Changes;
use super::files::{current, put};
use super::inbound::{guard_moves, plan_with_inbound};
use super::journal::{read_image, Journal, Skipped};
use super::locate::{locate, Located};
use crate::clock;
use crate::error::{Error, Result};
use crate::exit::Exit;
use crate::op::failpoint;
use crate::op::{op_id, refuse_if_open, OpCommand, OpDir, OpRecord, Phase};
use crate::quote::{escape_controls, quote_name};
use crate::report::{Entry, Report, SafetyTier};
use crate::state::{Lock, StateDir, Timestamps};

/// Which entries a clean applies.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// `--entry` ids; empty = every entry of `tier`.
    pub entries: Vec<String>,
    /// `--tier` (default auto).
    pub tier: Option<SafetyTier>,
    /// `--yes`: confirm-tier entries named with `--entry` may be applied.
    pub yes: bool,
    pub skip_stale: bool,
}

/// `dochygiene clean`.
pub fn clean(root_flag: Option<&Path>, selection: &Selection, dry_run: bool) -> Result<Exit> {
    let root = crate::project_root::resolve(root_flag)?;
    let state = StateDir::ensure(&root)?;
    let lock = state.lock()?;
    // All state is read and checked before the first edit: a corrupt state.json found
    // only when `last_clean` is stamped would leave every doc edited and the op open.
    Timestamps::read(&state)?;
    let report = read_report(&state)?;
    let applied = applied_entries(&state, &report.op_id)?;
    let chosen = select(&report, &applied, selection, dry_run)?;
    if dry_run {
        return preview(&root, &report.shortlist, &chosen);
    }
    if chosen.is_empty() {
        crate::outln!("{}", json!({"status": "nothing_to_apply", "report_op_id": report.op_id}));
        crate::errln!("dochygiene: no entries to apply (already applied, confirm tier, or generative); see .dochygiene/report.md");
        return Ok(Exit::Done);
    }
    refuse_if_open(&state, OpCommand::Clean)?;
    // Every guard is checked before an agent is asked for anything or a byte written.
    locate_all(&root, &report.shortlist, &chosen, selection.skip_stale)?;
    let now = clock::now()?;
    let op = OpDir::new(&state, &op_id::generate(OpCommand::Clean, now))?;
    fs_err::create_dir_all(op.path()).map_err(|e| Error::io("create", op.path(), e))?;
    let generative = chosen.iter().any(|e| e.exact_edit.is_none());
    let args = CleanOpArgs {
        report_op_id: report.op_id.clone(),
        entries: chosen.iter().map(|e| e.id.clone()).collect(),
        skip_stale: selection.skip_stale,
    };
    let mut record = OpRecord {
        op_id: op.id().to_string(),
        command: OpCommand::Clean,
        args: serde_json::to_value(&args).expect("args serialize"),
        phase: if generative { Phase::Rewrite } else { Phase::Apply },
        iteration: 0,
        created_at: clock::format(now),
        tool_version: crate::TOOL_VERSION.to_string(),
        finalized_at: None,
    };
    let ctx = CleanCtx { root: &root, root_flag, state: &state, lock: &lock, op: &op };
    if generative {
        record.write(&op.op_json())?;
        return super::rewrite::advance(&ctx, &mut record, 1);
    }
    apply_in_op(&ctx, &mut record, &report, &chosen, selection.skip_stale, &HashMap::new())
}

/// What a clean op was started with (its `args` in `op.json`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CleanOpArgs {
    /// The check op whose report the entries come from.
    pub report_op_id: String,
    /// The chosen entry ids.
    pub entries: Vec<String>,
    pub skip_stale: bool,
}

/// The places a clean step works in (this process holds the lock).
pub struct CleanCtx<'a> {
    pub root: &'a Path,
    pub root_flag: Option<&'a Path>,
    pub state: &'a StateDir,
    pub lock: &'a Lock,
    pub op: &'a OpDir,
}

/// The report and chosen entries of a clean op, refused if a newer check replaced the
/// report since the op started.
pub fn op_entries(ctx: &CleanCtx<'_>, record: &OpRecord) -> Result<(Report, Vec<Entry>, bool)> {
    let args: CleanOpArgs = serde_json::from_value(record.args.clone())
        .map_err(|e| Error::Corrupt { path: ctx.op.op_json(), message: format!("args: {e}") })?;
    let report = read_report(ctx.state)?;
    if report.op_id != args.report_op_id {
        return Err(Error::stale(
            format!(
                "op {} cleans report {}, but the current report is {}",
                record.op_id, args.report_op_id, report.op_id
            ),
            format!("discard it with `dochygiene ops abort {}` and clean again", record.op_id),
        ));
    }
    let chosen = report.entries.iter().filter(|e| args.entries.contains(&e.id)).cloned().collect();
    Ok((report, chosen, args.skip_stale))
}

/// Applies the auto entries of the report just written, inside a sweep op.
pub fn sweep_clean(
    root: &Path,
    state: &StateDir,
    lock: &Lock,
    op: &OpDir,
    record: &mut OpRecord,
) -> Result<Exit> {
    let report = read_report(state)?;
    let selection = Selection { skip_stale: true, ..Selection::default() };
    let chosen = select(&report, &BTreeSet::new(), &selection, false)?;
    record.phase = Phase::Apply;
    let ctx = CleanCtx { root, root_flag: None, state, lock, op };
    apply_in_op(&ctx, record, &report, &chosen, true, &HashMap::new())
}

pub fn read_report(state: &StateDir) -> Result<Report> {
    let path = state.report_json_path();
    let Some(text) = crate::state::read_report_text(state)? else {
        return Err(Error::usage_hint(
            "there is no report to clean from",
            "run `dochygiene check` first",
        ));
    };
    let violations = crate::report::validate_text(&text);
    if let Some(v) = violations.first() {
        return Err(Error::usage_hint(
            format!(
                "{} is not a valid report ({} violation(s), first: {v})",
                crate::quote::quote_path(&path),
                violations.len()
            ),
            "run `dochygiene check` again",
        ));
    }
    serde_json::from_str(&text)
        .map_err(|e| Error::Internal(format!("a validated report did not parse: {e}")))
}

/// Entries of report `report_op` already applied by a finished, not undone, clean.
fn applied_entries(state: &StateDir, report_op: &str) -> Result<BTreeSet<String>> {
    let mut out = BTreeSet::new();
    for record in crate::op::list(state)?.ops {
        let cleans = matches!(record.command, OpCommand::Clean | OpCommand::Sweep);
        if cleans && record.phase == Phase::Done {
            let dir = OpDir::new(state, &record.op_id)?;
            if dir.path().join("journal.json").exists() {
                let journal = Journal::read(dir.path())?;
                if journal.report_op_id == report_op {
                    out.extend(journal.applied);
                }
            }
        }
    }
    Ok(out)
}

/// The entries to apply. A dry run may preview every confirm entry at once.
fn select(
    report: &Report,
    applied: &BTreeSet<String>,
    s: &Selection,
    dry_run: bool,
) -> Result<Vec<Entry>> {
    if !s.entries.is_empty() {
        let mut out = Vec::new();
        for id in &s.entries {
            let entry = report.entries.iter().find(|e| &e.id == id).ok_or_else(|| {
                Error::usage_hint(
                    format!("the report has no entry {id}"),
                    "list the entries in .dochygiene/report.md",
                )
            })?;
            if applied.contains(id) {
                return Err(Error::usage(format!(
                    "entry {id} was already applied; `dochygiene undo` reverts a clean"
                )));
            }
            if entry.safety_tier == SafetyTier::Confirm && !s.yes {
                return Err(Error::usage_hint(
                    format!(
                        "entry {id} is confirm tier ({}: {})",
                        quote_name(&entry.path),
                        escape_controls(&entry.op)
                    ),
                    format!("apply it with `dochygiene clean --entry {id} --yes`"),
                ));
            }
            out.push(entry.clone());
        }
        return Ok(out);
    }
    let tier = s.tier.unwrap_or(SafetyTier::Auto);
    if tier == SafetyTier::Confirm && !dry_run {
        return Err(Error::usage_hint(
            "confirm entries are applied one by one",
            "preview them with `dochygiene clean --tier confirm --dry-run`, then apply each with `dochygiene clean --entry ID --yes`",
        ));
    }
    Ok(report
        .entries
        .iter()
        .filter(|e| e.safety_tier == tier && e.exact_edit.is_some() && !applied.contains(&e.id))
        .cloned()
        .collect())
}

/// Checks every guard — a move's destination and inbound references too (`docs`: the
/// report's shortlist); refuses (exit 5) when any entry is stale unless skipping.
pub fn locate_all(
    root: &Path,
    docs: &[String],
    chosen: &[Entry],
    skip_stale: bool,
) -> Result<(Vec<Located>, Vec<Skipped>)> {
    let mut located = Vec::new();
    let mut stale = Vec::new();
    for e in chosen {
        match locate(root, e) {
            Ok(l) => located.push(l),
            Err(reason) => stale.push(Skipped { id: e.id.clone(), reason }),
        }
    }
    let located = guard_moves(root, docs, located, &mut stale);
    if !stale.is_empty() && !skip_stale {
        let list: Vec<String> = stale.iter().map(|s| format!("  {}: {}", s.id, s.reason)).collect();
        return Err(Error::stale(
            format!(
                "{} entr(ies) no longer match the files; nothing was written:\n{}",
                stale.len(),
                list.join("\n")
            ),
            "run `dochygiene check` again, or pass --skip-stale to apply the rest",
        ));
    }
    Ok((located, stale))
}

fn preview(root: &Path, docs: &[String], chosen: &[Entry]) -> Result<Exit> {
    let (located, stale) = locate_all(root, docs, chosen, true)?;
    for s in &stale {
        crate::errln!("dochygiene: would skip {}: {}", s.id, s.reason);
    }
    for l in &located {
        for r in l.entry.inbound.iter().flat_map(|i| &i.unrewritable) {
            let line = r.line.map_or(String::new(), |n| format!(" line {n}"));
            crate::errln!("dochygiene: would leave {}{line} for you: {}", r.path, r.reason);
        }
        for r in l.entry.outbound.iter().flat_map(|o| &o.unrewritable) {
            crate::errln!(
                "dochygiene: would leave {} line {} for you: {}",
                quote_name(&l.entry.path),
                r.line,
                escape_controls(&r.reason)
            );
        }
    }
    for l in located.iter().filter(|l| l.entry.exact_edit.is_none()) {
        let a = l.anchor.expect("generative entries are located by their guard");
        crate::errln!(
            "dochygiene: would ask an agent to rewrite {} lines {a} ({})",
            quote_name(&l.entry.path),
            escape_controls(&l.entry.op)
        );
    }
    let changes = plan_with_inbound(root, located, &HashMap::new())?;
    for c in &changes.changes {
        let before = String::from_utf8_lossy(c.before.as_deref().unwrap_or_default()).into_owned();
        let after = String::from_utf8_lossy(c.after.as_deref().unwrap_or_default()).into_owned();
        let diff = similar::TextDiff::from_lines(&before, &after);
        crate::out!(
            "{}",
            diff.unified_diff().header(
                &quote_name(&format!("a/{}", c.path)),
                &quote_name(&format!("b/{}", c.path))
            )
        );
    }
    crate::errln!(
        "dochygiene: dry run: would apply {} entr(ies) to {} file(s); {} stale or skipped",
        changes.applied.len(),
        changes.changes.len(),
        stale.len() + changes.skipped.len()
    );
    Ok(Exit::Done)
}

/// Journals and applies the chosen entries (with the agent's `rewrites` for generative
/// ones) inside the op.
pub fn apply_in_op(
    ctx: &CleanCtx<'_>,
    record: &mut OpRecord,
    report: &Report,
    chosen: &[Entry],
    skip_stale: bool,
    rewrites: &HashMap<String, String>,
) -> Result<Exit> {
    let CleanCtx { root, state, lock, op, .. } = *ctx;
    let (located, stale) = locate_all(root, &report.shortlist, chosen, skip_stale)?;
    let Changes { mut changes, applied, skipped, modes } =
        plan_with_inbound(root, located, rewrites)?;
    // Every target is checked before anything is written, and files are written before
    // any is removed, so a move never loses its source.
    for c in &changes {
        super::files::confined(root, &c.path)?;
    }
    changes.sort_by_key(|c| c.after.is_none());
    let mut all_skipped = stale;
    all_skipped.extend(skipped.into_iter().map(|(id, reason)| Skipped { id, reason }));
    let created = changes.iter().filter(|c| c.before.is_none()).map(|c| c.path.as_str());
    let journal = Journal {
        report_op_id: report.op_id.clone(),
        applied,
        skipped: all_skipped,
        items: Journal::items_of(&changes, &modes),
        created_dirs: super::files::missing_dirs(root, created),
    };
    journal.write_with_images(op.path(), &changes)?;
    record.phase = Phase::Apply;
    record.write(&op.op_json())?;
    failpoint::hit("journal-written");
    finish_apply(root, state, lock, op, record)
}

/// Brings every journaled file to its after-image, then closes the op. Safe to re-run.
fn finish_apply(
    root: &Path,
    state: &StateDir,
    lock: &Lock,
    op: &OpDir,
    record: &mut OpRecord,
) -> Result<Exit> {
    let journal = Journal::read(op.path())?;
    Timestamps::read(state)?;
    for (i, item) in journal.items.iter().enumerate() {
        let now = current(root, &item.path)?;
        let now_sha = now.as_deref().map(crate::hash::sha256_hex);
        if now_sha == item.after_sha256 {
            continue;
        }
        if now_sha != item.before_sha256 {
            return Err(Error::stale(
                format!(
                    "{} changed while op {} was applying; nothing more was written",
                    quote_name(&item.path),
                    record.op_id
                ),
                format!("inspect it, then `dochygiene undo {}`", record.op_id),
            ));
        }
        let after = match &item.after_sha256 {
            Some(sha) => Some(read_image(op.path(), i, "after", sha)?),
            None => None,
        };
        put(root, &item.path, after.as_deref(), item.mode)?;
        failpoint::hit("file-applied");
    }
    let now = clock::format(clock::now()?);
    Timestamps::update(state, lock, |t| t.last_clean = Some(now.clone()))?;
    record.phase = Phase::Done;
    record.write(&op.op_json())?;
    let files: Vec<&str> = journal.items.iter().map(|i| i.path.as_str()).collect();
    crate::outln!(
        "{}",
        json!({"status": "done", "op_id": record.op_id, "applied": journal.applied,
               "skipped": journal.skipped, "files": files, "undo": format!("dochygiene undo {}", record.op_id)})
    );
    crate::errln!(
        "dochygiene: applied {} entr(ies) to {} file(s) ({} skipped); `dochygiene undo {}` reverts it",
        journal.applied.len(),
        files.len(),
        journal.skipped.len(),
        record.op_id
    );
    Ok(Exit::Done)
}

/// `resume` of a clean op: answers to its rewrite batch, or the rest of its apply.
pub fn resume_clean(
    root: &Path,
    state: &StateDir,
    lock: &Lock,
    op: &OpDir,
    record: &mut OpRecord,
    root_flag: Option<&Path>,
) -> Result<Exit> {
    if record.phase == Phase::Rewrite {
        let ctx = CleanCtx { root, root_flag, state, lock, op };
        return super::rewrite::resume(&ctx, record);
    }
    finish_apply(root, state, lock, op, record)
}

/// `dochygiene undo OP_ID`: restores every file a clean changed, if each still holds
/// what the clean wrote (or already holds the before-image); otherwise refuses whole.
pub fn undo(root_flag: Option<&Path>, id: &str) -> Result<Exit> {
    let root = crate::project_root::resolve(root_flag)?;
    let state = StateDir::locate(&root)?;
    let _lock = state.lock()?;
    let op = OpDir::new(&state, id)?;
    let mut record = op.record()?;
    if !matches!(record.command, OpCommand::Clean | OpCommand::Sweep)
        || !op.path().join("journal.json").exists()
    {
        return Err(Error::usage(format!(
            "op {id} changed no files; only clean and sweep ops can be undone"
        )));
    }
    if record.phase == Phase::Undone {
        return Err(Error::usage(format!("op {id} was already undone")));
    }
    let journal = Journal::read(op.path())?;
    let mut restore = Vec::new();
    let mut changed = Vec::new();
    for (i, item) in journal.items.iter().enumerate() {
        let now_sha = current(&root, &item.path)?.as_deref().map(crate::hash::sha256_hex);
        if now_sha == item.before_sha256 {
            continue;
        }
        if now_sha != item.after_sha256 {
            changed.push(item.path.clone());
            continue;
        }
        restore.push((i, item));
    }
    if !changed.is_empty() {
        return Err(Error::stale(
            format!("these files changed since op {id} wrote them, so nothing was restored: {}", changed.iter().map(|p| quote_name(p)).collect::<Vec<_>>().join(", ")),
            "undo later clean ops first, newest first (`dochygiene ops list`); or revert the later edits; the before-images are in the op's trash/ folder",
        ));
    }
    for (i, item) in &restore {
        let before = match &item.before_sha256 {
            Some(sha) => Some(read_image(op.path(), *i, "before", sha)?),
            None => None,
        };
        put(&root, &item.path, before.as_deref(), item.mode)?;
    }
    super::files::remove_empty_dirs(&root, &journal.created_dirs)?;
    record.phase = Phase::Undone;
    record.write(&op.op_json())?;
    let files: Vec<&str> = restore.iter().map(|(_, item)| item.path.as_str()).collect();
    crate::outln!("{}", json!({"status": "undone", "op_id": id, "restored": files}));
    crate::errln!("dochygiene: restored {} file(s) changed by op {id}", files.len());
    Ok(Exit::Done)
}
