//! Test-only crash injection: `DOCHYGIENE_FAILPOINT=<step>` aborts the process right
//! after the named step, so the crash-safety tests can kill the engine at every step
//! in turn. Unset (always, outside tests) it costs one environment lookup per step.

/// The environment variable naming the step to die after.
pub const FAILPOINT_ENV: &str = "DOCHYGIENE_FAILPOINT";

/// Every step that has a failpoint, in the order a check op passes them.
pub const STEPS: [&str; 11] = [
    "op-created",
    "answers-stored",
    "iteration-persisted",
    "pending-written",
    "finalize-persisted",
    "report-written",
    "last-check-stamped",
    "rescan-written",
    "op-done",
    "journal-written",
    "file-applied",
];

/// Aborts the process if the failpoint names `step`.
pub fn hit(step: &str) {
    debug_assert!(STEPS.contains(&step), "unknown failpoint {step}");
    if std::env::var(FAILPOINT_ENV).is_ok_and(|v| v == step) {
        eprintln!("dochygiene: failpoint {step} hit, aborting");
        std::process::abort();
    }
}
