//! Test support: writing a tree of files under a temporary root.

use std::path::Path;

/// Writes `text` to `root`/`rel`, making the folders on the way.
pub fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().expect("a file below the root")).unwrap();
    std::fs::write(path, text).unwrap();
}
