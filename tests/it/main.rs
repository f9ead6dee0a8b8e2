//! The one integration-test binary: every module drives the real `dochygiene`
//! executable through `support::Run` and checks exit code, stdout, stderr and files.

mod crash;
mod handshake;
mod status_remind;
mod support;
mod validate;
