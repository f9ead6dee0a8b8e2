//! The check op's state machine: start, resume, advance, finalize. Drives the check half
//! of a check or a sweep op; what follows a sweep's report (its clean) is `commands/`'s
//! to orchestrate.
//!
//! Every step persists the op's phase and iteration before its effects become visible,
//! and every decision is recomputed from the files in the op folder, so a process killed
//! at any instant and resumed writes byte-identical output. The caller holds the lock
//! throughout. Nothing here prints: the outcome is a [`CheckStep`], and what the user
//! should hear on the way goes into the [`Notices`].

use std::path::{Path, PathBuf};

use super::candidates::Candidates;
use super::category_filter::CategoryFilter;
use super::finalize::{finalize, FinalizeInput};
use super::plan::{plan, Outcome, Outcomes, Reusable};
use super::reuse_key::KeyContext;
use super::verdict_store::{StoredVerdict, VerdictStore};
use crate::clock;
use crate::error::{Error, Result};
use crate::handshake::{Accepted, AllSettled, Asked, Round, Step};
use crate::ids::OpId;
use crate::notice::{Notice, Notices};
use crate::op::failpoint;
use crate::op::{refuse_if_open, CheckSettings, CheckStage, OpCommand, OpDir, OpRecord};
use crate::op::{CheckPhase, OpState, SweepPhase};
use crate::project::Project;
use crate::protocol::{BatchPhase, Fixture};
use crate::report::Report;
use crate::scan::{ScanArtifact, ScanOptions};
use crate::state::{write_report, Lock, Timestamps};
use crate::tokens::Estimator;

/// Where a check step ended.
pub(crate) enum CheckStep {
    /// A batch waits for answers (exit 7).
    Asked(Asked),
    /// The report is written and `last_check` stamped. A check op is done; a sweep op
    /// goes on to its clean with `op` and `record`.
    Reported(Box<Reported>),
}

/// A written report, and the op that wrote it.
pub(crate) struct Reported {
    pub report: Report,
    pub op: OpDir,
    pub record: OpRecord,
}

/// A check op being driven by this process (which holds the lock).
struct Run<'a> {
    project: &'a Project,
    lock: &'a Lock,
    op: OpDir,
    record: OpRecord,
    settings: CheckSettings,
    fixture: Option<Fixture>,
    notices: &'a mut Notices,
}

/// Refuses settings no op can run with (an unknown `--category`, a bad
/// `dochygiene.toml`, an unreadable `--answers` file) before anything is created or locked.
pub(crate) fn validate(project: &Project, settings: &CheckSettings) -> Result<()> {
    project.config()?;
    CategoryFilter::parse(&settings.categories)?;
    Fixture::from_flag_or_env(settings.answers.as_deref()).map(drop)
}

/// `dochygiene check` (and the start of `sweep`): starts an op and drives it as far as
/// it can go.
pub(crate) fn start(
    project: &Project,
    lock: &Lock,
    settings: CheckSettings,
    id: Option<OpId>,
    command: OpCommand,
    notices: &mut Notices,
) -> Result<CheckStep> {
    project.config()?;
    CategoryFilter::parse(&settings.categories)?;
    let fixture = Fixture::from_flag_or_env(settings.answers.as_deref())?;
    // Finalize stamps `last_check` (and a sweep's clean `last_clean`): a corrupt
    // state.json is refused now, before a scan, a handshake or an edit.
    Timestamps::read(&project.state)?;
    // A check and a sweep both write the report: one at a time.
    refuse_if_open(&project.state, OpCommand::Check)?;
    refuse_if_open(&project.state, OpCommand::Sweep)?;
    let now = clock::now()?;
    let op_id = id.unwrap_or_else(|| crate::op::generate_op_id(command, now));
    let state = match command {
        OpCommand::Sweep => OpState::Sweep { args: settings.clone(), phase: SweepPhase::Classify },
        _ => OpState::Check { args: settings.clone(), phase: CheckPhase::Classify },
    };
    let record = OpRecord {
        op_id,
        state,
        iteration: 0,
        created_at: clock::format(now),
        tool_version: crate::TOOL_VERSION.to_string(),
    };
    let op = OpDir::create(&project.state, &record, lock)?;
    let mut run = Run { project, lock, op, record, settings, fixture, notices };
    run.estimator()?.warm_in_background();
    run.scan_into_op()?;
    run.freeze_reusable()?;
    run.op.write_record(&run.record, lock)?;
    failpoint::hit("op-created");
    run.advance(1)
}

/// `dochygiene resume` of a check or sweep op whose check half is open.
pub(crate) fn resume(
    project: &Project,
    lock: &Lock,
    op: OpDir,
    record: OpRecord,
    answers: Option<&Path>,
    notices: &mut Notices,
) -> Result<CheckStep> {
    let (mut settings, stage) = match (&record.state, record.state.check_stage()) {
        (OpState::Check { args, .. } | OpState::Sweep { args, .. }, Some(stage)) => {
            (args.clone(), stage)
        }
        _ => {
            return Err(Error::Internal(format!("op {} has no check half to resume", record.op_id)))
        }
    };
    if let Some(path) = answers {
        settings.answers = Some(absolute(path)?);
    }
    project.config()?;
    let fixture = Fixture::from_flag_or_env(settings.answers.as_deref())?;
    let mut run = Run { project, lock, op, record, settings, fixture, notices };
    run.estimator()?.warm_in_background();
    match stage {
        CheckStage::Finalize { at } => run.resume_finalize(at),
        CheckStage::Classify => run.resume_classify(),
    }
}

/// Makes a path absolute against the current folder (ops outlive the shell's cwd).
pub(crate) fn absolute(path: &Path) -> Result<PathBuf> {
    if path.is_absolute() {
        return Ok(path.to_path_buf());
    }
    let cwd = std::env::current_dir().map_err(|e| Error::io("read the current folder", ".", e))?;
    Ok(cwd.join(path))
}

impl Run<'_> {
    fn estimator(&self) -> Result<Estimator> {
        Ok(Estimator::new(self.project.config()?.tokens.encoding))
    }

    fn round(&self) -> Round<'_> {
        Round {
            op: &self.op,
            lock: self.lock,
            phase: BatchPhase::Classify,
            fixture: self.fixture.as_ref(),
            focus: None,
        }
    }

    /// Copies the stored verdicts that answer this op's questions into the op folder
    /// (none with `--fresh`), so every plan of the op reuses exactly the same ones.
    fn freeze_reusable(&mut self) -> Result<()> {
        if self.settings.fresh {
            return Ok(());
        }
        let path = self.project.state.verdicts_path();
        let (store, problem) = VerdictStore::load(&path);
        if let Some(problem) = problem {
            self.notices.push(Notice::VerdictStoreUnread { path, problem });
        }
        let candidates = Candidates::read(&self.op.candidates_json())?;
        let filter = CategoryFilter::parse(&self.settings.categories)?;
        let reusable = store.reusable_for(&candidates, &KeyContext::current(), &filter);
        reusable.write(&self.op.reusable_json(), |_| true)
    }

    /// Stores this check's accepted verdicts for the next check: asked ones under this
    /// op, reused ones under the op that asked them. Files still in the tree keep their
    /// verdict when this check did not ask about them (out of scope, or narrowed out by
    /// `--category`); a file the scan saw without a signal loses it.
    fn save_verdicts(&mut self, scan: &ScanArtifact, outcomes: &Outcomes) -> Result<()> {
        let path = self.project.state.verdicts_path();
        let (mut store, _) = VerdictStore::load(&path);
        let frozen = VerdictStore::read_frozen(&self.op.reusable_json())?;
        let candidates = Candidates::read(&self.op.candidates_json())?;
        let ctx = KeyContext::current();
        for p in &scan.shortlist {
            if !scan.signals.contains_key(p) {
                store.verdicts.remove(p);
            }
        }
        for c in &candidates.candidates {
            let stored = match outcomes.get(&c.path) {
                Some(Outcome::Accepted { reused_from: Some(_), .. }) => {
                    frozen.verdicts.get(&c.path).cloned()
                }
                Some(Outcome::Accepted { answer, .. }) => Some(StoredVerdict {
                    key: ctx.key(c),
                    op_id: self.record.op_id.to_string(),
                    categories: self.settings.categories.clone(),
                    answer: serde_json::to_value(answer).expect("an answer serializes"),
                }),
                _ => None,
            };
            match stored {
                Some(v) => store.verdicts.insert(c.path.clone(), v),
                None => store.verdicts.remove(&c.path),
            };
        }
        let ours: std::collections::BTreeSet<&str> =
            candidates.candidates.iter().map(|c| c.path.as_str()).collect();
        if let Err(e) = store.write(&path, |p| ours.contains(p)) {
            let problem = e.to_string();
            self.notices.push(Notice::VerdictStoreUnsaved { path, problem });
        }
        Ok(())
    }

    /// Scans the tree and freezes `scan.json` + `candidates.json` in the op folder.
    fn scan_into_op(&mut self) -> Result<()> {
        let root = &self.project.root;
        let options = ScanOptions {
            scopes: self.settings.scopes.clone(),
            use_git: self.settings.use_git,
            config: self.project.config()?.clone(),
        };
        let scan = crate::scan::scan(root, &options)?;
        for warning in &scan.warnings {
            self.notices.push(Notice::ScanWarning(warning.clone()));
        }
        let mut scan = scan;
        if !self.settings.scopes.is_empty() {
            super::scoped::whole_tree_duplicates(root, &options, &mut scan)?;
        }
        let filter = CategoryFilter::parse(&self.settings.categories)?;
        let candidates = Candidates::build(root, &scan, &self.estimator()?, &filter)?;
        crate::json::state_file::write_state_file(&self.op.scan_json(), &scan)?;
        candidates.write(&self.op.candidates_json(), self.lock)
    }

    fn read_scan(&self) -> Result<ScanArtifact> {
        crate::json::state_file::read_state_file(&self.op.scan_json())
    }

    fn resume_classify(&mut self) -> Result<CheckStep> {
        match self.round().accept(&self.record)? {
            Accepted::Advance { next } => self.advance(next),
            Accepted::Waiting { asked, responses } => {
                self.notices.push(Notice::NoAnswersYet(responses));
                Ok(CheckStep::Asked(asked))
            }
        }
    }

    /// Re-scans once if a candidate changed since the scan (so nothing is finalized on
    /// old lines), then plans through the round: the next batch (exit 7) or finalize.
    fn advance(&mut self, next_iteration: u32) -> Result<CheckStep> {
        let candidates = Candidates::read(&self.op.candidates_json())?;
        let changed = candidates.changed_since_scan(&self.project.root)?;
        if !changed.is_empty() {
            self.notices.push(Notice::Rescanning(changed));
            self.scan_into_op()?;
            failpoint::hit("rescan-written");
        }
        match self.plan_round(next_iteration)? {
            Step::Asked(asked) => Ok(CheckStep::Asked(asked)),
            Step::Settled(outcomes) => {
                let at = clock::format(clock::now()?);
                self.record.state.set_check_stage(CheckStage::Finalize { at: at.clone() });
                self.op.write_record(&self.record, self.lock)?;
                failpoint::hit("finalize-persisted");
                self.finalize(&at, &outcomes)
            }
        }
    }

    fn plan_round(&mut self, next_iteration: u32) -> Result<Step<Outcomes>> {
        let candidates = Candidates::read(&self.op.candidates_json())?;
        let escalate_below = self.project.config()?.check.escalate_below;
        let root = self.project.root.clone();
        let answers_path = self.op.answers_json();
        let reusable = Reusable {
            verdicts: VerdictStore::read_frozen(&self.op.reusable_json())?,
            ctx: KeyContext::current(),
        };
        let focus = CategoryFilter::parse(&self.settings.categories)?.focus();
        let round = Round {
            op: &self.op,
            lock: self.lock,
            phase: BatchPhase::Classify,
            fixture: self.fixture.as_ref(),
            focus: focus.as_deref(),
        };
        round.advance(&mut self.record, next_iteration, |answers| {
            plan(&root, &candidates, answers, &answers_path, escalate_below, &reusable)
        })
    }

    /// A resume of an op killed during finalize: the persisted instant is kept, so the
    /// report comes out byte-identical. A candidate that changed since the scan sends
    /// the op back to classifying.
    fn resume_finalize(&mut self, at: String) -> Result<CheckStep> {
        let candidates = Candidates::read(&self.op.candidates_json())?;
        if !candidates.changed_since_scan(&self.project.root)?.is_empty() {
            self.record.state.set_check_stage(CheckStage::Classify);
            self.op.write_record(&self.record, self.lock)?;
            let next = self.record.iteration + 1;
            return self.advance(next);
        }
        // Planned as classifying: if anything were open, the batch is asked in phase
        // classify (never left behind a finalize phase no resume would accept it in).
        let finalizing = self.record.clone();
        self.record.state.set_check_stage(CheckStage::Classify);
        let next = self.record.iteration + 1;
        match self.plan_round(next)? {
            Step::Asked(asked) => Ok(CheckStep::Asked(asked)),
            Step::Settled(outcomes) => {
                self.record = finalizing;
                self.finalize(&at, &outcomes)
            }
        }
    }

    /// Builds, validates and writes the report, stamps `last_check`; a check op is then
    /// done.
    fn finalize(&mut self, instant: &str, outcomes: &AllSettled<Outcomes>) -> Result<CheckStep> {
        let scan = self.read_scan()?;
        let candidates = Candidates::read(&self.op.candidates_json())?;
        let filter = CategoryFilter::parse(&self.settings.categories)?;
        let estimator = self.estimator()?;
        let mut report = finalize(&FinalizeInput {
            root: &self.project.root,
            op_id: self.record.op_id.as_str(),
            instant,
            scan: &scan,
            candidates: &candidates,
            outcomes,
            filter: &filter,
            estimator: &estimator,
        })?;
        let state = &self.project.state;
        let scoped_check = matches!(self.record.state, OpState::Check { .. });
        if scoped_check && !self.settings.scopes.is_empty() {
            self.keep_rest_of_last_report(&mut report)?;
        }
        write_report(state, self.lock, &report)?;
        failpoint::hit("report-written");
        self.save_verdicts(&scan, outcomes.get())?;
        Timestamps::update(state, self.lock, |t| t.last_check = Some(instant.to_string()))?;
        failpoint::hit("last-check-stamped");
        if let OpState::Check { .. } = self.record.state {
            self.record.state.set_done();
            self.op.write_record(&self.record, self.lock)?;
            failpoint::hit("op-done");
        }
        Ok(CheckStep::Reported(Box::new(Reported {
            report,
            op: self.op.clone(),
            record: self.record.clone(),
        })))
    }

    /// A scoped check's report keeps what the last report holds outside the scope. A
    /// last report that cannot be read is a notice: this report then holds the scope only.
    fn keep_rest_of_last_report(&mut self, report: &mut Report) -> Result<()> {
        let text = match crate::state::read_report_text(&self.project.state) {
            Ok(Some(text)) => text,
            Ok(None) => return Ok(()),
            Err(e) => {
                self.notices.push(Notice::LastReportNotKept { problem: e.to_string() });
                return Ok(());
            }
        };
        let last: Report = match serde_json::from_str(&text) {
            Ok(last) => last,
            Err(e) => {
                self.notices.push(Notice::LastReportNotKept { problem: e.to_string() });
                return Ok(());
            }
        };
        super::scoped::keep_rest_of(report, &last, &self.settings.scopes)
    }
}
