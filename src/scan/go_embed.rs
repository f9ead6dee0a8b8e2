//! Markdown a Go program embeds (`//go:embed mount.md`): the program prints it, or writes
//! a generated page from it, with text of its own after it. rclone's `mount.go` embeds
//! `mount.md` and appends the VFS options' help, so the `#vfs-file-caching` that
//! `mount.md` links is a heading of the page `rclone_mount.md` the program writes, not of
//! `mount.md`.
//!
//! It reads the `.go` files beside a doc and in the folders above it (Go embeds files of
//! the package's folder or below it), only when asked about that doc.

use std::path::Path;

use globset::GlobBuilder;

/// A Go source larger than this is not read for its directives.
const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// Folders above a doc searched for the Go file embedding it: its own and two more
/// (`//go:embed docs/help.md` in the package's folder).
const FOLDERS_UP: usize = 3;

/// Whether a `.go` file in the folder of root-relative `path`, or in one of the
/// `FOLDERS_UP - 1` folders above it, embeds it: a `//go:embed` pattern (a file name or
/// a glob, relative to that file's folder) matches it.
pub fn embedded(root: &Path, path: &str) -> bool {
    let mut dir = parent(path);
    for _ in 0..FOLDERS_UP {
        let rel = if dir.is_empty() { path } else { &path[dir.len() + 1..] };
        if folder_embeds(root, dir, rel) {
            return true;
        }
        if dir.is_empty() {
            return false;
        }
        dir = parent(dir);
    }
    false
}

/// The folder of a root-relative path (`""` for the root).
fn parent(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(dir, _)| dir)
}

/// Whether a `.go` file directly in root-relative folder `dir` embeds `rel` (relative to
/// `dir`).
fn folder_embeds(root: &Path, dir: &str, rel: &str) -> bool {
    let Ok(folder) = crate::fsio::resolve_confined(root, dir) else { return false };
    let Ok(entries) = std::fs::read_dir(folder) else { return false };
    entries.flatten().any(|entry| {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".go") || !entry.file_type().is_ok_and(|t| t.is_file()) {
            return false;
        }
        let source = if dir.is_empty() { name } else { format!("{dir}/{name}") };
        let Ok(bytes) = crate::fsio::read_confined(root, &source, MAX_SOURCE_BYTES) else {
            return false;
        };
        patterns(&String::from_utf8_lossy(&bytes)).iter().any(|p| matches(p, rel))
    })
}

/// The patterns of every `//go:embed` directive of a Go source, quotes taken off.
fn patterns(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|line| line.strip_prefix("//go:embed "))
        .flat_map(|rest| rest.split_whitespace())
        .map(|p| p.trim_matches(['"', '`']).trim_start_matches("all:").to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// Whether Go's embed pattern `pattern` takes `rel`: the file itself, a glob over it
/// (`*.md`, one folder level a `*`), or a folder above it (Go embeds a folder's files).
fn matches(pattern: &str, rel: &str) -> bool {
    if pattern == rel || rel.starts_with(&format!("{}/", pattern.trim_end_matches('/'))) {
        return true;
    }
    GlobBuilder::new(pattern)
        .literal_separator(true)
        .build()
        .is_ok_and(|g| g.compile_matcher().is_match(rel))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_embed_patterns_name_files_globs_and_folders() {
        let src = "package mountlib\n\n//go:embed mount.md\nvar help string\n\n//go:embed \"docs/*.md\" templates\nvar fs embed.FS\n// go:embed other.md\n";
        assert_eq!(patterns(src), ["mount.md", "docs/*.md", "templates"]);
        assert!(matches("mount.md", "mount.md"));
        assert!(matches("docs/*.md", "docs/serve.md"));
        assert!(!matches("docs/*.md", "docs/deep/serve.md"));
        assert!(matches("templates", "templates/deep/page.md"));
        assert!(!matches("mount.md", "other.md"));
    }

    #[test]
    fn a_doc_is_embedded_by_a_go_file_beside_it_or_above_it() {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str, text: &str| {
            let p = dir.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        write("cmd/mount/mount.go", "package mount\n\n//go:embed mount.md\nvar help string\n");
        write("cmd/mount/mount.md", "# Mount\n");
        write("cmd/mount/other.md", "# Other\n");
        write("cmd/serve/serve.go", "package serve\n\n//go:embed docs/*.md\nvar docs embed.FS\n");
        write("cmd/serve/docs/s3.md", "# S3\n");
        assert!(embedded(dir.path(), "cmd/mount/mount.md"));
        assert!(!embedded(dir.path(), "cmd/mount/other.md"));
        assert!(embedded(dir.path(), "cmd/serve/docs/s3.md"));
        assert!(!embedded(dir.path(), "README.md"));
    }
}
