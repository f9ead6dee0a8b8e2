//! Test-only crash injection: `DOCHYGIENE_FAILPOINT=<step>` aborts the process right
//! after the named step, so the crash-safety tests can kill the engine at every step
//! in turn. Unset (always, outside tests) it costs one environment lookup per step.
//!
//! Each step is hit from exactly one place in the code. The abort prints nothing (only
//! `commands/` prints); a test sees the process die of SIGABRT.

/// The environment variable naming the step to die after.
pub(crate) const FAILPOINT_ENV: &str = "DOCHYGIENE_FAILPOINT";

/// Every step that has a failpoint: the op's creation, the three steps of a handshake
/// round (any batch phase), the check's own steps, and the clean's.
pub(crate) const STEPS: [&str; 11] = [
    "op-created",
    "answers-stored",
    "iteration-persisted",
    "pending-written",
    "rescan-written",
    "finalize-persisted",
    "report-written",
    "last-check-stamped",
    "op-done",
    "journal-written",
    "file-applied",
];

/// Aborts the process if the failpoint names `step`.
pub(crate) fn hit(step: &str) {
    debug_assert!(STEPS.contains(&step), "unknown failpoint {step}");
    if std::env::var(FAILPOINT_ENV).is_ok_and(|v| v == step) {
        std::process::abort();
    }
}
