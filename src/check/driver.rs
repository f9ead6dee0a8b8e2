//! The check op's state machine: start, resume, advance, finalize.
//!
//! Every step persists the op's phase and iteration before its effects become visible,
//! and every decision is recomputed from the files in the op folder, so a process killed
//! at any instant and resumed writes byte-identical output. The lock is held throughout.

use std::path::{Path, PathBuf};

use super::candidates::Candidates;
use super::category_filter::CategoryFilter;
use super::finalize::{finalize, FinalizeInput};
use super::output;
use super::plan::{plan, Plan};
use super::settings::CheckSettings;
use crate::clock;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::exit::Exit;
use crate::fsio::write_atomic;
use crate::op::failpoint;
use crate::op::{op_id, refuse_if_open, refuse_other_version, resolve_for_resume};
use crate::op::{OpCommand, OpDir, OpRecord, Phase};
use crate::protocol::{batch_id, parse_responses, AnswerStore, Fixture, PendingFile, StoredAnswer};
use crate::scan::{ScanArtifact, ScanOptions};
use crate::state::{write_report, Lock, StateDir, Timestamps};
use crate::tokens::Estimator;

/// The phase name batches of a check op are bound to.
pub const CLASSIFY: &str = "classify";

/// A check op being driven by this process (which holds the lock).
struct Run<'a> {
    root: PathBuf,
    root_flag: Option<&'a Path>,
    state: StateDir,
    lock: Lock,
    op: OpDir,
    record: OpRecord,
    settings: CheckSettings,
    config: Config,
    fixture: Option<Fixture>,
}

/// `dochygiene check`: starts an op and drives it as far as it can go.
pub fn start(
    root_flag: Option<&Path>,
    settings: CheckSettings,
    id: Option<String>,
    command: OpCommand,
) -> Result<Exit> {
    let root = crate::project_root::resolve(root_flag)?;
    let config = Config::load(&root)?;
    CategoryFilter::parse(&settings.categories)?;
    let fixture = Fixture::from_flag_or_env(settings.answers.as_deref())?;
    let state = StateDir::ensure(&root)?;
    let lock = state.lock()?;
    // Finalize stamps `last_check` (and a sweep's clean `last_clean`): a corrupt
    // state.json is refused now, before a scan, a handshake or an edit.
    Timestamps::read(&state)?;
    // A check and a sweep both write the report: one at a time.
    refuse_if_open(&state, OpCommand::Check)?;
    refuse_if_open(&state, OpCommand::Sweep)?;
    let now = clock::now()?;
    let id = match id {
        Some(id) => {
            op_id::check_user_id(&id)?;
            id
        }
        None => op_id::generate(command, now),
    };
    let op = OpDir::new(&state, &id)?;
    if op.exists() {
        return Err(Error::stale(
            format!("op {id} already exists"),
            "pick another --op-id, or remove finished ops with `dochygiene ops gc`",
        ));
    }
    if op.path().exists() {
        // A folder without op.json: a start killed before it finished. Nothing in it
        // was ever visible; start over.
        op.remove(&lock)?;
    }
    fs_err::create_dir_all(op.path()).map_err(|e| Error::io("create", op.path(), e))?;
    let record = OpRecord {
        op_id: id,
        command,
        args: serde_json::to_value(&settings).expect("settings serialize"),
        phase: Phase::Classify,
        iteration: 0,
        created_at: clock::format(now),
        tool_version: crate::TOOL_VERSION.to_string(),
        finalized_at: None,
    };
    let mut run = Run { root, root_flag, state, lock, op, record, settings, config, fixture };
    run.estimator().warm_in_background();
    run.scan_into_op()?;
    run.record.write(&run.op.op_json())?;
    failpoint::hit("op-created");
    run.advance(1)
}

/// `dochygiene resume [OP_ID]`: continues an op after answers were written.
pub fn resume(root_flag: Option<&Path>, id: Option<&str>, answers: Option<&Path>) -> Result<Exit> {
    let root = crate::project_root::resolve(root_flag)?;
    let state = StateDir::locate(&root)?;
    if !state.exists() {
        return Err(Error::usage_hint(
            format!(
                "{} has no dochygiene state, so no op to resume",
                crate::quote::quote_path(&root)
            ),
            "start one with `dochygiene check`",
        ));
    }
    let lock = state.lock()?;
    Timestamps::read(&state)?;
    let (op, record) = resolve_for_resume(&state, id)?;
    refuse_other_version(&record)?;
    if matches!(record.phase, Phase::Apply | Phase::Rewrite) {
        let mut record = record;
        return crate::clean::resume_clean(&root, &state, &lock, &op, &mut record, root_flag);
    }
    if record.command == OpCommand::Clean {
        return Err(Error::usage(format!(
            "clean op {} is {}; there is nothing to resume",
            record.op_id,
            record.phase.as_str()
        )));
    }
    let mut settings: CheckSettings = serde_json::from_value(record.args.clone())
        .map_err(|e| Error::Corrupt { path: op.op_json(), message: format!("args: {e}") })?;
    if let Some(path) = answers {
        settings.answers = Some(absolute(path)?);
    }
    let config = Config::load(&root)?;
    let fixture = Fixture::from_flag_or_env(settings.answers.as_deref())?;
    let mut run = Run { root, root_flag, state, lock, op, record, settings, config, fixture };
    if run.record.phase.is_open() {
        run.estimator().warm_in_background();
    }
    match run.record.phase {
        Phase::Done => run.already_done(),
        Phase::Aborted => Err(Error::usage_hint(
            format!("op {} was aborted", run.record.op_id),
            "start a new one with `dochygiene check`",
        )),
        Phase::Finalize => run.finalize_step(None),
        Phase::Classify => run.resume_classify(),
        Phase::Apply | Phase::Rewrite | Phase::Undone => {
            Err(Error::Internal("clean phases are handled above".into()))
        }
    }
}

/// Makes a path absolute against the current folder (ops outlive the shell's cwd).
pub fn absolute(path: &Path) -> Result<PathBuf> {
    if path.is_absolute() {
        return Ok(path.to_path_buf());
    }
    let cwd = std::env::current_dir().map_err(|e| Error::io("read the current folder", ".", e))?;
    Ok(cwd.join(path))
}

impl Run<'_> {
    fn estimator(&self) -> Estimator {
        Estimator::new(self.config.tokens.encoding)
    }

    /// Scans the tree and freezes `scan.json` + `candidates.json` in the op folder.
    fn scan_into_op(&mut self) -> Result<()> {
        let options = ScanOptions {
            scopes: self.settings.scopes.clone(),
            use_git: self.settings.use_git,
            config: self.config.clone(),
        };
        let scan = crate::scan::scan(&self.root, &options)?;
        output::scan_warnings(&scan.warnings);
        let candidates = Candidates::build(&self.root, &scan, &self.estimator())?;
        crate::json::state_file::write_state_file(&self.op.scan_json(), &scan)?;
        candidates.write(&self.op.candidates_json())
    }

    fn read_scan(&self) -> Result<ScanArtifact> {
        crate::json::state_file::read_state_file(&self.op.scan_json())
    }

    fn resume_classify(&mut self) -> Result<Exit> {
        let iteration = self.record.iteration;
        if iteration == 0 {
            return self.advance(1);
        }
        let batch = batch_id(&self.record.op_id, CLASSIFY, iteration);
        let pending_path = self.op.pending(&batch);
        if !pending_path.exists() {
            // Killed between persisting the round and writing its batch.
            return self.advance(iteration);
        }
        let pending = PendingFile::read(&pending_path)?;
        let responses_path = self.op.responses(&batch);
        if !responses_path.exists() {
            if self.fixture.is_some() {
                return self.advance(iteration);
            }
            crate::errln!(
                "dochygiene: no answers yet at {}",
                crate::quote::quote_path(&responses_path)
            );
            output::needs_answers(&pending_path, &pending, self.root_flag);
            return Ok(Exit::NeedsAnswers);
        }
        let text = self.op.responses_text(&batch)?;
        let answered = parse_responses(&text, &responses_path, &pending)?;
        let mut store = AnswerStore::read(&self.op.answers_json())?;
        let source = format!("responses-{batch}.json");
        for a in answered {
            store.insert(
                a.request_id,
                StoredAnswer { kind: a.kind, source: source.clone(), response: a.response },
            );
        }
        store.write(&self.op.answers_json())?;
        failpoint::hit("answers-stored");
        self.advance(iteration + 1)
    }

    /// Plans, answers from the fixture what it can, and either writes the next batch
    /// (exit 7) or finalizes.
    fn advance(&mut self, next_iteration: u32) -> Result<Exit> {
        let mut rescanned = false;
        loop {
            let candidates = Candidates::read(&self.op.candidates_json())?;
            let changed = candidates.changed_since_scan(&self.root)?;
            if !changed.is_empty() && !rescanned {
                crate::errln!(
                    "dochygiene: {} changed since the scan; scanning again so nothing is finalized on old lines",
                    changed.iter().map(|p| crate::quote::quote_name(p)).collect::<Vec<_>>().join(", ")
                );
                self.scan_into_op()?;
                failpoint::hit("rescan-written");
                rescanned = true;
                continue;
            }
            let mut answers = AnswerStore::read(&self.op.answers_json())?;
            let plan = plan(&self.root, &candidates, &answers, self.config.check.escalate_below)?;
            if plan.open.is_empty() {
                return self.finalize_step(Some(plan));
            }
            if let Some(fixture) = &self.fixture {
                if fixture.answer_into(&plan.open, &mut answers)? > 0 {
                    answers.write(&self.op.answers_json())?;
                    failpoint::hit("answers-stored");
                    continue;
                }
            }
            if next_iteration > self.record.iteration {
                self.record.iteration = next_iteration;
                self.record.write(&self.op.op_json())?;
                failpoint::hit("iteration-persisted");
            }
            let batch = batch_id(&self.record.op_id, CLASSIFY, self.record.iteration);
            let pending = PendingFile::new(
                &self.record.op_id,
                CLASSIFY,
                self.record.iteration,
                clock::format(clock::now()?),
                &self.op.responses(&batch),
                plan.open,
            );
            let pending_path = self.op.pending(&batch);
            write_atomic(&pending_path, &pending.to_bytes())?;
            failpoint::hit("pending-written");
            output::needs_answers(&pending_path, &pending, self.root_flag);
            return Ok(Exit::NeedsAnswers);
        }
    }

    /// Builds, validates and writes the report, stamps `last_check`, closes the op.
    /// `planned` is the settled plan when the caller just made it (and so just checked
    /// the files against the scan); `None` re-checks and re-plans.
    fn finalize_step(&mut self, planned: Option<Plan>) -> Result<Exit> {
        if planned.is_none() {
            let candidates = Candidates::read(&self.op.candidates_json())?;
            if !candidates.changed_since_scan(&self.root)?.is_empty() {
                self.record.phase = Phase::Classify;
                self.record.finalized_at = None;
                self.record.write(&self.op.op_json())?;
                let next = self.record.iteration + 1;
                return self.advance(next);
            }
        }
        if self.record.phase != Phase::Finalize {
            self.record.phase = Phase::Finalize;
            self.record.finalized_at = Some(clock::format(clock::now()?));
            self.record.write(&self.op.op_json())?;
            failpoint::hit("finalize-persisted");
        }
        let instant = self.record.finalized_at.clone().ok_or_else(|| Error::Corrupt {
            path: self.op.op_json(),
            message: "phase finalize without finalized_at".into(),
        })?;
        let scan = self.read_scan()?;
        let candidates = Candidates::read(&self.op.candidates_json())?;
        let plan = match planned {
            Some(plan) => plan,
            None => {
                let answers = AnswerStore::read(&self.op.answers_json())?;
                plan(&self.root, &candidates, &answers, self.config.check.escalate_below)?
            }
        };
        if !plan.open.is_empty() {
            return Err(Error::Internal(format!(
                "op {} reached finalize with {} open request(s)",
                self.record.op_id,
                plan.open.len()
            )));
        }
        let filter = CategoryFilter::parse(&self.settings.categories)?;
        let estimator = self.estimator();
        let report = finalize(&FinalizeInput {
            root: &self.root,
            op_id: &self.record.op_id,
            instant: &instant,
            scan: &scan,
            candidates: &candidates,
            outcomes: &plan.outcomes,
            filter: &filter,
            estimator: &estimator,
        })?;
        write_report(&self.state, &self.lock, &report)?;
        failpoint::hit("report-written");
        Timestamps::update(&self.state, &self.lock, |t| t.last_check = Some(instant.clone()))?;
        failpoint::hit("last-check-stamped");
        if self.record.command == OpCommand::Sweep {
            output::done(&report, &self.state.report_json_path(), &self.state.report_md_path());
            return crate::clean::sweep_clean(
                &self.root,
                &self.state,
                &self.lock,
                &self.op,
                &mut self.record,
            );
        }
        self.record.phase = Phase::Done;
        self.record.write(&self.op.op_json())?;
        failpoint::hit("op-done");
        output::done(&report, &self.state.report_json_path(), &self.state.report_md_path());
        Ok(Exit::Done)
    }

    fn already_done(&self) -> Result<Exit> {
        crate::errln!("dochygiene: op {} is already done; nothing to resume", self.record.op_id);
        let path = self.state.report_json_path();
        let report: Option<crate::report::Report> = crate::state::read_report_text(&self.state)
            .ok()
            .flatten()
            .and_then(|t| serde_json::from_str(&t).ok())
            .filter(|r: &crate::report::Report| r.op_id == self.record.op_id);
        if let Some(report) = report {
            output::done(&report, &path, &self.state.report_md_path());
        }
        Ok(Exit::Done)
    }
}
