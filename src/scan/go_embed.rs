//! Markdown a Go program embeds (`//go:embed mount.md`): the program prints it, or writes
//! a generated page from it, with text of its own after it. rclone's `mount.go` embeds
//! `mount.md` and appends the VFS options' help, so the `#vfs-file-caching` that
//! `mount.md` links is a heading of the page `rclone_mount.md` the program writes, not of
//! `mount.md`.
//!
//! It reads the `.go` files beside a doc and in the folders above it (Go embeds files of
//! the package's folder or below it), only when asked about that doc.

use std::path::Path;

/// A Go source larger than this is not read for its directives.
const MAX_SOURCE_BYTES: u64 = 1 << 20;

/// Folders above a doc searched for the Go file embedding it: its own and two more
/// (`//go:embed docs/help.md` in the package's folder).
const FOLDERS_UP: usize = 3;

/// Whether a `.go` file in the folder of root-relative `path`, or in one of the
/// `FOLDERS_UP - 1` folders above it, embeds it by name: a `//go:embed` directive of
/// that file names its path relative to that file's folder. A glob or a folder embeds
/// files that a program serves as they are (a site's pages), and a README is read on
/// GitHub however a program prints it: neither counts.
pub fn embedded(root: &Path, path: &str) -> bool {
    if path.rsplit('/').next().is_some_and(|name| name.to_ascii_lowercase().starts_with("readme")) {
        return false;
    }
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
/// `dir`) by name.
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
        patterns(&String::from_utf8_lossy(&bytes)).iter().any(|p| p == rel)
    })
}

/// The patterns of every `//go:embed` directive of a Go source (indented in a `var`
/// block too, a space or a tab after the word), quotes taken off.
fn patterns(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("//go:embed"))
        .filter(|rest| rest.starts_with([' ', '\t']))
        .flat_map(|rest| rest.split_whitespace())
        .map(|p| p.trim_matches(['"', '`']).to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_embed_directives_indented_or_tab_separated_are_read() {
        let src = "package mountlib\n\n//go:embed mount.md\nvar help string\n\nvar (\n\t//go:embed\t\"docs/*.md\" templates\n\tfs embed.FS\n)\n// go:embed other.md\n//go:embedded x.md\n";
        assert_eq!(patterns(src), ["mount.md", "docs/*.md", "templates"]);
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
        write("cmd/serve/serve.go", "package serve\n\n//go:embed docs/s3.md\nvar s3 string\n//go:embed docs/*.md site\nvar docs embed.FS\n");
        write("cmd/serve/docs/s3.md", "# S3\n");
        write("cmd/serve/docs/ftp.md", "# FTP\n");
        write("cmd/serve/site/index.md", "# Site\n");
        write("main.go", "package main\n\n//go:embed README.md\nvar usage string\n//go:embed help.md\nvar help string\n");
        write("README.md", "# Tool\n");
        write("help.md", "# Help\n");
        assert!(embedded(dir.path(), "cmd/mount/mount.md"));
        assert!(!embedded(dir.path(), "cmd/mount/other.md"));
        // By name from two folders up; a glob or a folder embeds pages served as they are.
        assert!(embedded(dir.path(), "cmd/serve/docs/s3.md"));
        assert!(!embedded(dir.path(), "cmd/serve/docs/ftp.md"));
        assert!(!embedded(dir.path(), "cmd/serve/site/index.md"));
        // At the root; a README is read on GitHub however the program prints it.
        assert!(embedded(dir.path(), "help.md"));
        assert!(!embedded(dir.path(), "README.md"));
    }
}
