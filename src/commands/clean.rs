//! `dochygiene clean`: turns the flags into a `Selection` and runs the clean.

use std::path::Path;

use crate::clean::Selection;
use crate::cli::{CleanArgs, TierArg};
use crate::error::Result;
use crate::exit::Exit;
use crate::report::SafetyTier;

pub fn run(root: Option<&Path>, args: &CleanArgs) -> Result<Exit> {
    let selection = Selection {
        entries: args.entries.clone(),
        tier: args.tier.map(|t| match t {
            TierArg::Auto => SafetyTier::Auto,
            TierArg::Confirm => SafetyTier::Confirm,
        }),
        yes: args.yes,
        skip_stale: args.skip_stale,
    };
    crate::clean::clean(root, &selection, args.dry_run)
}
