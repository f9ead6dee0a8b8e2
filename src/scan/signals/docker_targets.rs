//! `broken_reference` on a Docker build stage: a doc that runs `docker build --target
//! dev` on one of the repository's Dockerfiles, where that Dockerfile names no stage
//! `dev`. The build fails as written ("target stage "dev" could not be found"): the stage
//! was renamed (bolt.diy's contributing guide and docs site still build
//! `--target bolt-ai-development`, a stage its Dockerfile has called `development` since
//! it was reworked).
//!
//! The command is read in inline code and shell code blocks (`docker build`, `docker
//! buildx build`, `docker image build`, `podman build`), with the stops `package_scripts`
//! makes (a `git clone`, a `cd` out of the repository; any other `cd` ends the block, as
//! the folder the build runs in is then unknown). The Dockerfile is the `-f` one, else
//! `Dockerfile` in the build's context folder, read from the root and then from the doc's
//! folder: it must be the repository's, and name its stages (`FROM … AS name`); a doc
//! telling its reader to build a project of their own (pnpm's Docker guide, whose
//! repository has no such Dockerfile) says nothing. Docs written for the reader's
//! project (skills, prompts), changelogs, templates, plans and posts are not read.

use std::collections::HashSet;

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::role::DocRole;
use crate::scan::signal::{Signal, SignalName};
use crate::scan::signals::package_scripts::{
    closest_script, commands_not_current, is_assignment, is_marker, leaves_the_repository,
    shell_blocks,
};
use crate::scan::tree::PathKind;

/// Dockerfiles over this size are not read.
const DOCKERFILE_MAX_BYTES: u64 = 1 << 20;

/// Flags of `docker build` that take a value as the next word.
const VALUE_FLAGS: [&str; 30] = [
    "-f",
    "--file",
    "--target",
    "-t",
    "--tag",
    "--build-arg",
    "--platform",
    "--cache-from",
    "--cache-to",
    "--label",
    "--network",
    "--secret",
    "--ssh",
    "-o",
    "--output",
    "--progress",
    "--build-context",
    "--add-host",
    "--iidfile",
    "--metadata-file",
    "--shm-size",
    "--ulimit",
    "-m",
    "--memory",
    "--builder",
    "--annotation",
    "--attest",
    "--allow",
    "--call",
    "--cgroup-parent",
];

/// One build a doc runs: the stage, and the Dockerfile and context as written.
#[derive(Debug, PartialEq, Eq)]
struct Build {
    target: String,
    file: Option<String>,
    context: Option<String>,
}

/// Adds a signal for each build stage `doc` runs that its Dockerfile does not name.
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, role: DocRole, out: &mut Findings) {
    if !doc.parsed.text.contains("--target")
        || matches!(role, DocRole::Changelog | DocRole::Template)
        || crate::scan::signals::sections::is_changelog_file(&doc.path)
        || crate::scan::signals::sections::is_history_file(&doc.path)
        || commands_not_current(ctx, doc, role)
    {
        return;
    }
    let mut found: Vec<(u32, Build)> = Vec::new();
    for span in &doc.parsed.code_spans {
        found.extend(builds(&span.text).into_iter().map(|b| (span.line, b)));
    }
    'block: for block in shell_blocks(doc) {
        for (i, line) in block.text.lines().enumerate() {
            if leaves_the_repository(ctx, doc, line) || changes_folder(line) {
                continue 'block;
            }
            found.extend(builds(line).into_iter().map(|b| (block.line + i as u32, b)));
        }
    }
    // One signal per Dockerfile and stage, with every line that builds it.
    let mut by_cause: Vec<(String, String, Vec<u32>, Vec<String>)> = Vec::new();
    for (line, build) in found {
        let Some((file, stages)) = dockerfile(ctx, doc, &build) else { continue };
        if stages.iter().any(|s| s.eq_ignore_ascii_case(&build.target)) {
            continue;
        }
        match by_cause.iter_mut().find(|(f, t, ..)| *f == file && *t == build.target) {
            Some((.., lines, _)) => lines.push(line),
            None => by_cause.push((file, build.target, vec![line], stages)),
        }
    }
    for (file, target, lines, stages) in by_cause {
        let names: Vec<String> = stages.iter().map(|s| format!("`{s}`")).collect();
        let written = format!("--target {target}");
        let mut signal = Signal::new(
            SignalName::BrokenReference,
            lines.iter().copied().min().unwrap_or(1),
            format!(
                "`docker build {written}` builds the stage `{target}`, which `{file}` does not define (its stages: {})",
                names.join(", ")
            ),
        )
        .with_target(&written)
        .with_lines(lines);
        if let Some(like) = closest_stage(&target, &stages) {
            signal = signal.with_suggestion(format!("--target {like}"));
        }
        out.push(&doc.path, signal);
    }
}

/// The builds of `line` (split as a shell would) that name a stage literally.
fn builds(line: &str) -> Vec<Build> {
    let mut out = Vec::new();
    if line.trim_start().starts_with('#') || !line.contains("--target") {
        return out;
    }
    for words in crate::scan::signals::version_skew::shell_commands(line) {
        let mut words = words
            .iter()
            .map(|w| w.trim_matches('`'))
            .skip_while(|w| is_assignment(w) || is_marker(w))
            .peekable();
        match words.next() {
            Some("docker") => {
                if words.peek() == Some(&"buildx") || words.peek() == Some(&"image") {
                    words.next();
                }
            }
            Some("podman") => {}
            _ => continue,
        }
        if words.next() != Some("build") {
            continue;
        }
        let (mut target, mut file, mut context) = (None, None, None);
        while let Some(word) = words.next() {
            let word = word.trim_end_matches([';', ')']);
            let (flag, inline) = match word.split_once('=') {
                Some((f, v)) if f.starts_with('-') => (f, Some(v.to_string())),
                _ => (word, None),
            };
            if flag.starts_with('-') && flag.len() > 1 {
                let value = if VALUE_FLAGS.contains(&flag) {
                    inline.or_else(|| words.next().map(str::to_string))
                } else {
                    inline
                };
                match flag {
                    "--target" => target = value,
                    "-f" | "--file" => file = value,
                    _ => {}
                }
            } else if context.is_none() {
                context = Some(word.to_string());
            }
        }
        let Some(target) = target.filter(|t| is_stage_name(t)) else { continue };
        let plain = |p: &String| !p.contains(['$', '<', '{', '*']) && !p.starts_with(['~', '/']);
        if file.as_ref().is_some_and(|f| !plain(f)) || context.as_ref().is_some_and(|c| !plain(c)) {
            continue;
        }
        out.push(Build { target, file, context });
    }
    out
}

/// Whether `word` reads as a stage named literally, not a placeholder (`<stage>`, `$T`).
fn is_stage_name(word: &str) -> bool {
    word.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
}

/// Whether a block's line moves to another folder (`cd web`): the builds after it run
/// there, which is not followed.
fn changes_folder(line: &str) -> bool {
    crate::scan::signals::version_skew::shell_commands(line).iter().any(|words| {
        words.first().is_some_and(|w| w == "cd")
            && words.get(1).is_some_and(|d| !matches!(d.trim_end_matches('/'), "" | "."))
    })
}

/// The repository's Dockerfile `build` reads, with its named stages: from the root, then
/// from the doc's folder. `None` when it is not the repository's, cannot be read or
/// names no stage (or names one by a variable).
fn dockerfile(ctx: &ScanContext<'_>, doc: &Doc, build: &Build) -> Option<(String, Vec<String>)> {
    let context = build.context.as_deref().unwrap_or(".");
    let written = match &build.file {
        Some(file) => file.clone(),
        None => crate::scan::resolve::join(context, "Dockerfile"),
    };
    let join = crate::scan::resolve::join;
    let path = [join("", &written), join(doc.dir(), &written)]
        .into_iter()
        .find(|p| !p.starts_with("..") && ctx.tree.kind(p) == PathKind::File)?;
    let bytes = crate::fsio::read_confined(ctx.root, &path, DOCKERFILE_MAX_BYTES).ok()?;
    let stages = stages(&String::from_utf8_lossy(&bytes))?;
    (!stages.is_empty()).then_some((path, stages))
}

/// The stage names of a Dockerfile (`FROM [--platform=…] image AS name`), in order,
/// read by `parse-dockerfile`; `None` when it does not parse or names a stage by a
/// variable (`AS ${STAGE}`).
fn stages(text: &str) -> Option<Vec<String>> {
    let parsed = parse_dockerfile::parse(text).ok()?;
    let mut out: Vec<String> = Vec::new();
    for stage in parsed.stages() {
        let Some((_, name)) = &stage.from.as_ else { continue };
        let name = name.value.trim();
        if name.contains('$') {
            return None;
        }
        if !out.iter().any(|s| s.eq_ignore_ascii_case(name)) {
            out.push(name.to_string());
        }
    }
    Some(out)
}

/// The stage clearly meant by `target`: one written the same but for case, `-`, `_` or
/// an `s` (`closest_script`), else the one stage `target` ends with after a `-`
/// (`bolt-ai-development` for `development`, a prefix dropped).
fn closest_stage(target: &str, stages: &[String]) -> Option<String> {
    let all: HashSet<String> = stages.iter().cloned().collect();
    if let Some(like) = closest_script(target, &all) {
        return Some(like);
    }
    let lower = target.to_ascii_lowercase();
    let mut ends =
        stages.iter().filter(|s| lower.ends_with(&format!("-{}", s.to_ascii_lowercase())));
    let first = ends.next()?;
    ends.next().is_none().then(|| first.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Vec<(String, Option<String>, Option<String>)> {
        builds(line).into_iter().map(|b| (b.target, b.file, b.context)).collect()
    }

    #[test]
    fn reads_the_stage_file_and_context_of_a_build() {
        let one = |t: &str, f: Option<&str>, c: Option<&str>| {
            (t.to_string(), f.map(str::to_string), c.map(str::to_string))
        };
        assert_eq!(
            read("docker build . --target bolt-ai-development"),
            [one("bolt-ai-development", None, Some("."))]
        );
        assert_eq!(
            read("$ docker buildx build -t app:dev --target=dev -f docker/Dockerfile ."),
            [one("dev", Some("docker/Dockerfile"), Some("."))]
        );
        assert_eq!(
            read("`podman build --no-cache --target test web`"),
            [one("test", None, Some("web"))]
        );
        assert!(read("docker build --target <stage> .").is_empty(), "a placeholder");
        assert!(read("docker build --target $STAGE .").is_empty());
        assert!(read("docker build -f $DOCKERFILE --target dev .").is_empty());
        assert!(read("docker run --target dev").is_empty(), "not a build");
        assert!(read("cargo build --target wasm32-unknown-unknown").is_empty());
        assert!(read("# docker build --target dev .").is_empty(), "a comment");
    }

    #[test]
    fn a_dockerfile_names_its_stages() {
        let text = "ARG BASE=node:20\nFROM ${BASE} AS base\nfrom --platform=$BUILDPLATFORM \
                    base as Build\nFROM base\nFROM build AS development\n";
        assert_eq!(stages(text).unwrap(), ["base", "Build", "development"]);
        assert_eq!(stages("FROM x AS ${STAGE}\n"), None, "a stage named by a variable");
        assert_eq!(stages("FROM alpine\n").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn the_stage_meant_is_one_written_alike_or_the_tail_of_the_name() {
        let stages = ["build", "bolt-ai-production", "development"].map(String::from);
        assert_eq!(closest_stage("bolt-ai-development", &stages).unwrap(), "development");
        assert_eq!(closest_stage("Builds", &stages).unwrap(), "build");
        assert_eq!(closest_stage("test", &stages), None);
    }
}
