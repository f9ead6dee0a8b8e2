//! Inputs that are not regular files (a FIFO, a device, `/dev/zero`) are refused, never
//! read; links out of the root are not followed, links inside it are.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{command, demo_checked, expect, guarded, mkfifo};
use crate::handshake::{respond, rule, sample};
use crate::support::{json_line, Project};

#[test]
fn non_regular_answer_and_report_files_are_refused() {
    let p = sample();
    let out = p.run(&["check", "--op-id", "t1", "--no-git"]).expect_code(7);
    let line = json_line(&out);
    let fifo = p.root().join("answers.fifo");
    mkfifo(&fifo);
    let fifo = fifo.to_str().unwrap();
    for file in ["/dev/zero", fifo] {
        expect(guarded(command(&p, &["answer", "t1", file])), 2, &["not a regular file"]);
        expect(guarded(command(&p, &["validate", file])), 2, &["not a regular file"]);
    }
    expect(
        guarded(command(&p, &["resume", "t1", "--answers", "/dev/zero"])),
        2,
        &["not a regular file"],
    );
    // A responses file linked to /dev/zero, or a FIFO there.
    symlink("/dev/zero", line["responses"].as_str().unwrap()).unwrap();
    expect(guarded(command(&p, &["resume", "t1"])), 2, &["symbolic link"]);
    mkfifo(Path::new(line["responses"].as_str().unwrap()));
    expect(guarded(command(&p, &["resume", "t1"])), 2, &["not a regular file"]);
    std::fs::remove_file(line["responses"].as_str().unwrap()).unwrap();
    respond(&line, |r| Some(rule(r)));
    p.run(&["resume", "t1"]).expect_code(0);
    // check --answers on a fresh project.
    let q = sample();
    expect(
        guarded(command(&q, &["check", "--no-git", "--answers", "/dev/zero"])),
        2,
        &["not a regular file"],
    );
}

/// The responses file in the op folder is state: a link there is never followed, even to
/// a valid answers file (a cloned `.dochygiene/` could point it anywhere).
#[test]
fn a_responses_file_that_is_a_link_is_refused() {
    let p = sample();
    let line = json_line(&p.run(&["check", "--op-id", "t1", "--no-git"]).expect_code(7));
    respond(&line, |r| Some(rule(r)));
    let responses = PathBuf::from(line["responses"].as_str().unwrap());
    let out_dir = tempfile::tempdir().unwrap();
    let elsewhere = out_dir.path().join("answers.json");
    std::fs::rename(&responses, &elsewhere).unwrap();
    symlink(&elsewhere, &responses).unwrap();
    let out = p.run(&["resume", "t1"]).expect_code(2);
    assert!(out.stderr.contains("is a symbolic link"), "{}", out.stderr);
    assert!(out.stderr.contains("responses-"), "{}", out.stderr);
    std::fs::remove_file(&responses).unwrap();
    std::fs::copy(&elsewhere, &responses).unwrap();
    p.run(&["resume", "t1"]).expect_code(0);
}

#[test]
fn a_config_linked_to_dev_zero_is_a_config_error() {
    let p = sample();
    symlink("/dev/zero", p.root().join("dochygiene.toml")).unwrap();
    expect(
        guarded(command(&p, &["scan", "--no-git"])),
        2,
        &["dochygiene.toml", "leads out of the project root"],
    );
    std::fs::remove_file(p.root().join("dochygiene.toml")).unwrap();
    mkfifo(&p.root().join("config.fifo"));
    symlink("config.fifo", p.root().join("dochygiene.toml")).unwrap();
    expect(
        guarded(command(&p, &["scan", "--no-git"])),
        2,
        &["dochygiene.toml", "not a regular file"],
    );
    let out_dir = tempfile::tempdir().unwrap();
    std::fs::write(out_dir.path().join("x.toml"), "include = [\"**/*.md\"]\n").unwrap();
    std::fs::remove_file(p.root().join("dochygiene.toml")).unwrap();
    symlink(out_dir.path().join("x.toml"), p.root().join("dochygiene.toml")).unwrap();
    expect(guarded(command(&p, &["scan", "--no-git"])), 2, &["leads out of the project root"]);
}

#[test]
fn a_fifo_doc_linked_with_a_fragment_does_not_hang_scan() {
    let p = Project::new();
    p.write("README.md", "# Readme\n\nSee [x](docs/x.md#part).\n");
    std::fs::create_dir_all(p.root().join("docs")).unwrap();
    mkfifo(&p.root().join("docs/x.md"));
    expect(guarded(command(&p, &["scan", "--no-git", "--format", "json"])), 0, &[]);
}

#[test]
fn clean_and_undo_refuse_a_doc_replaced_by_a_fifo() {
    let p = demo_checked();
    std::fs::rename(p.root().join("README.md"), p.root().join("README.keep")).unwrap();
    mkfifo(&p.root().join("README.md"));
    let out = expect(guarded(command(&p, &["clean"])), 5, &["README.md"]);
    let line = json_line(&out);
    assert_eq!((line["status"].as_str(), line["exit"].as_u64()), (Some("error"), Some(5)));
    std::fs::remove_file(p.root().join("README.md")).unwrap();
    std::fs::rename(p.root().join("README.keep"), p.root().join("README.md")).unwrap();
    let done = json_line(&p.run(&["clean"]).expect_code(0));
    let op = done["op_id"].as_str().unwrap();
    let cleaned = p.read("README.md");
    std::fs::remove_file(p.root().join("README.md")).unwrap();
    mkfifo(&p.root().join("README.md"));
    expect(guarded(command(&p, &["undo", op])), 5, &["README.md", "not a regular file"]);
    std::fs::remove_file(p.root().join("README.md")).unwrap();
    std::fs::write(p.root().join("README.md"), cleaned).unwrap();
    p.run(&["undo", op]).expect_code(0);
}

#[test]
fn gc_refuses_a_report_that_is_a_fifo() {
    let p = demo_checked();
    std::fs::remove_file(p.state("report.json")).unwrap();
    mkfifo(&p.state("report.json"));
    expect(guarded(command(&p, &["ops", "gc"])), 6, &["report.json", "not a regular file"]);
    expect(guarded(command(&p, &["status"])), 6, &["report.json", "not a regular file"]);
    assert!(p.state("ops/demo/op.json").exists());
}

/// Links out of the root — through `../` or through a symlinked folder — are not read:
/// the scan is the same whether the heading they name exists out there or not.
#[test]
fn links_leaving_the_root_reveal_nothing_about_what_is_outside() {
    let parent = tempfile::tempdir().unwrap();
    let secret = parent.path().join("secret");
    std::fs::create_dir(&secret).unwrap();
    let root = parent.path().join("repo");
    std::fs::create_dir(&root).unwrap();
    std::fs::create_dir(root.join("docs")).unwrap();
    symlink(&secret, root.join("docs/out")).unwrap();
    std::fs::write(
        root.join("README.md"),
        "# Readme\n\n[a](docs/out/notes.md#exists)\n[b](../secret/notes.md#exists)\n\
         [c](docs/out/notes.md)\n[d](../secret/notes.md)\n",
    )
    .unwrap();
    let scan = || {
        let args = ["--root".as_ref(), root.as_os_str(), "scan".as_ref(), "--no-git".as_ref()];
        let out =
            crate::support::dochygiene(args.iter().chain(&["--format".as_ref(), "json".as_ref()]))
                .output();
        (out.code, out.stdout)
    };
    std::fs::write(secret.join("notes.md"), "# Exists\n").unwrap();
    let with = scan();
    std::fs::write(secret.join("notes.md"), "# Other\n").unwrap();
    assert_eq!(scan(), with, "a heading outside the root changed the scan");
    std::fs::remove_file(secret.join("notes.md")).unwrap();
    assert_eq!(scan(), with, "a file outside the root changed the scan");
}

/// A symlink that stays inside the root is followed: `CLAUDE.md -> AGENTS.md`.
#[test]
fn links_through_symlinks_inside_the_root_are_followed() {
    let p = Project::new();
    p.write("AGENTS.md", "# Agents\n\n## Setup\n\nRun it.\n");
    symlink("AGENTS.md", p.root().join("CLAUDE.md")).unwrap();
    p.write("README.md", "# Readme\n\n[a](CLAUDE.md#setup)\n[b](CLAUDE.md#nope)\n");
    let out = p.run(&["scan", "--no-git", "--format", "json"]).expect_code(1);
    let signals = &out.json()["signals"];
    let broken: Vec<&Value> = signals["README.md"].as_array().unwrap().iter().collect();
    assert_eq!(broken.len(), 1, "{signals}");
    assert_eq!(broken[0]["target"], "CLAUDE.md#nope");
    assert!(signals.get("CLAUDE.md").is_none(), "the link itself is not a second doc");
}
