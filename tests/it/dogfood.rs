//! dochygiene's own docs pass its own scanner: no broken link, path or fragment in the
//! README, the guides, the skills or the command file.

use crate::support::{dochygiene, repo};

#[test]
fn our_own_docs_have_no_signals() {
    let out =
        dochygiene(["--root".as_ref(), repo().as_os_str(), "scan".as_ref(), "--no-git".as_ref()])
            .output();
    assert_eq!(
        out.code, 0,
        "dochygiene scan found signals in our own docs:\n{}{}",
        out.stdout, out.stderr
    );
}
