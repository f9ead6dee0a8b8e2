//! The one integration-test binary: every module drives the real `dochygiene`
//! executable through `support::Run` and checks exit code, stdout, stderr and files.

mod answers;
mod classifier_golden;
mod clean;
mod cli_consistency;
mod cli_habits;
mod crash;
mod demo;
mod dogfood;
mod handshake;
mod layering;
mod narrowing;
mod plugin;
mod reuse;
mod runner_loop;
mod safety;
mod scan;
mod scan_formats;
mod scan_git;
mod scan_links;
mod scan_moved;
mod scan_roles;
mod scan_speed;
mod scan_support;
mod scan_versions;
mod status_line;
mod status_remind;
mod support;
mod validate;
