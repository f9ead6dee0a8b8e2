//! The one integration-test binary: drives the real `dochygiene` executable.

mod scan;
mod scan_formats;
mod scan_git;
mod support;
