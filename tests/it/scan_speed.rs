//! What makes the scan fast must not change what it finds: worker threads and the
//! token-count cache give the same artifact, byte for byte, as one thread without it.

use std::path::Path;

use crate::scan_support::{fixture, GitRepo};
use crate::support::{dochygiene, Output};

fn scan(root: &Path, env: &[(&str, &Path)], threads: &str) -> Output {
    let mut run = dochygiene([
        "--root".as_ref(),
        root.as_os_str(),
        "scan".as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
    ])
    .env("DOCHYGIENE_THREADS", threads);
    for (k, v) in env {
        run = run.env(k, v);
    }
    run.output()
}

#[test]
fn threads_never_change_the_artifact() {
    let repo = GitRepo::new();
    for case in [
        "broken_reference",
        "duplicate_content",
        "archive_to_live_ratio",
        "token_budget",
        "frontmatter_marker",
    ] {
        copy_tree(&fixture(case), &repo.path().join(case));
    }
    repo.commit("2024-01-01T00:00:00Z", "start");
    let one = scan(repo.path(), &[], "1");
    assert_eq!(one.code, 1, "{}", one.stderr);
    for threads in ["2", "7"] {
        let many = scan(repo.path(), &[], threads);
        assert_eq!(many.code, one.code);
        assert_eq!(many.stdout, one.stdout, "{threads} threads");
    }
}

/// A doc well over the 8,000-token budget, and the key the cache files it under.
fn big_doc(root: &Path) -> (String, [u8; 16]) {
    let text: String =
        (0..3000).map(|i| format!("Sentence {i} says something about widget {i}.\n")).collect();
    std::fs::write(root.join("big.md"), &text).unwrap();
    // Docs for people have no budget unless one is configured.
    std::fs::write(root.join("dochygiene.toml"), "[thresholds]\nuser_doc_budget = 8000\n").unwrap();
    let mut key = [0u8; 16];
    key.copy_from_slice(&blake3::hash(text.as_bytes()).as_bytes()[..16]);
    (text, key)
}

fn budget_detail(out: &Output) -> String {
    let a = out.json();
    let sig = a["signals"]["big.md"].as_array().unwrap();
    let budget = sig.iter().find(|s| s["name"] == "token_budget").expect("over budget");
    budget["detail"].as_str().unwrap().to_string()
}

fn cache_bytes(records: &[([u8; 16], u32)]) -> Vec<u8> {
    let mut body = b"DHTOKC1\n".to_vec();
    for (key, count) in records {
        body.extend_from_slice(key);
        body.extend_from_slice(&count.to_le_bytes());
    }
    let sum = blake3::hash(&body);
    body.extend_from_slice(&sum.as_bytes()[..16]);
    body
}

#[test]
fn the_token_cache_is_written_once_read_back_and_survives_damage() {
    let tree = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let (_, key) = big_doc(tree.path());
    let env = [("DOCHYGIENE_CACHE_DIR", cache.path())];
    let file = cache.path().join("tokens-o200k_base-tiktoken-rs-0.12.1.bin");

    let cold = scan(tree.path(), &env, "2");
    assert_eq!(cold.code, 1, "{}", cold.stderr);
    let uncached = scan(tree.path(), &[], "2");
    assert_eq!(cold.stdout, uncached.stdout);
    let written = std::fs::read(&file).unwrap();
    assert_eq!(written.len(), 8 + 20 + 16, "one count: the big doc's");
    assert_eq!(&written[8..24], key);
    let tokens = u32::from_le_bytes(written[24..28].try_into().unwrap());
    assert!(budget_detail(&cold).starts_with(&format!("{tokens} o200k_base tokens")));

    let warm = scan(tree.path(), &env, "2");
    assert_eq!(warm.stdout, cold.stdout);
    assert_eq!(std::fs::read(&file).unwrap(), written, "nothing new: the file is left alone");

    // A hit is used as is: the warm run never tokenizes (here, a planted count shows).
    std::fs::write(&file, cache_bytes(&[(key, 99_999)])).unwrap();
    let planted = scan(tree.path(), &env, "2");
    assert!(budget_detail(&planted).starts_with("99999 o200k_base tokens"), "{}", planted.stdout);

    // A damaged file is ignored (the count is recomputed) and replaced.
    let mut damaged = cache_bytes(&[(key, 99_999)]);
    damaged[30] ^= 0xff;
    std::fs::write(&file, &damaged).unwrap();
    let healed = scan(tree.path(), &env, "2");
    assert_eq!(healed.stdout, cold.stdout);
    assert_eq!(std::fs::read(&file).unwrap(), written);
}

#[test]
fn an_unwritable_cache_warns_and_changes_nothing_else() {
    let tree = tempfile::tempdir().unwrap();
    big_doc(tree.path());
    let blocker = tempfile::NamedTempFile::new().unwrap(); // a file where a folder must go
    let env = [("DOCHYGIENE_CACHE_DIR", blocker.path())];
    let out = scan(tree.path(), &env, "2");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("warning: token-count cache not saved"), "{}", out.stderr);
    assert_eq!(out.stdout, scan(tree.path(), &[], "2").stdout);
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
