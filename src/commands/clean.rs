//! `dochygiene clean`: turns the flags into a `Selection`, takes the lock, runs the clean.

use super::outcome::Outcome;
use crate::clean::{CleanStep, Selection};
use crate::cli::{CleanArgs, TierArg};
use crate::error::Result;
use crate::project::Project;
use crate::report::SafetyTier;

pub(super) fn run(project: &Project, args: &CleanArgs) -> Result<Outcome> {
    let selection = Selection {
        entries: args.entries.clone(),
        tier: args.tier.map(|t| match t {
            TierArg::Auto => SafetyTier::Auto,
            TierArg::Confirm => SafetyTier::Confirm,
        }),
        yes: args.yes,
        skip_stale: args.skip_stale,
    };
    let lock = project.lock()?;
    let step = crate::clean::clean(project, &lock, &selection, args.dry_run)?;
    Ok(clean_outcome(project, step))
}

/// The outcome of a clean step.
pub(super) fn clean_outcome(project: &Project, step: CleanStep) -> Outcome {
    match step {
        CleanStep::Asked(asked) => Outcome::NeedsAnswers { asked, root_arg: project.root_arg() },
        CleanStep::Applied(applied) => Outcome::Cleaned(applied),
        CleanStep::NothingToApply { report_op_id } => Outcome::NothingToApply { report_op_id },
        CleanStep::Preview(preview) => Outcome::Preview(preview),
    }
}
