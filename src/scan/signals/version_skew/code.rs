//! Versions stated in code blocks (and link destinations), read by pattern, never as
//! prose: dependency lines of TOML snippets (`grep = "0.2"`, `x = { version = … }`),
//! install commands (`commands.rs`), release download URLs of the project's own repository
//! and file names carrying the project's version (`ripgrep_14.1.1-1_amd64.deb`),
//! workflow steps (`uses: owner/action@ref # vX`), and pre-commit examples of the
//! repository's own hook (`rev:`), and `package.json` snippets' dependencies. A `diff`
//! block is read as its new side: its removed lines are old on purpose, its added ones
//! are what the reader is told to write.

use std::sync::LazyLock;

use regex::Regex;

use super::commands;
use super::judge::requirement;
use super::mention::{Claim, Mention, ReleaseUse, Subject};
use super::tags::split_tag;
use super::words::strict_version;
use crate::scan::markdown::{CodeBlock, InlineKind, ParsedDoc};
use crate::scan::signals::manifests::{comment_version, is_sha, KnownVersions, Registry};
use crate::scan::yaml_tree::{self, YamlNode};

static RELEASE_URL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"https?://(?:www\.)?github\.com/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)/releases/download/([^/\s"'<>()]+)/"#)
        .expect("a valid pattern")
});

/// An image on GitHub's container registry with a version tag: `ghcr.io/owner/repo:1.2.3`.
static GHCR_IMAGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\bghcr\.io/([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+):([A-Za-z0-9_.-]+)")
        .expect("a valid pattern")
});

/// A setup step's version input: `node-version: 18`, `python-version: "3.8"`,
/// `just-version: 1.5.0` (extractions/setup-just).
static SETUP_VERSION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^\s*(?:-\s+)?([A-Za-z][A-Za-z0-9_.]*)-version:\s*["']?v?(\d+(?:\.\d+){0,2})(?:\.x)?["']?\s*(?:#.*)?$"#)
        .expect("a valid pattern")
});

/// A Dockerfile's base image of a toolchain with a version tag: `FROM golang:1.25-alpine`,
/// `FROM --platform=$BUILDPLATFORM python:3.11-slim`, `FROM docker.io/library/node:18`.
/// A toolchain image a `docker run` (or `podman run`) command names, as one word of its
/// lines: `golang:1.24-bookworm`, `python:3.11`, `docker.io/library/node:18-alpine`.
static RUN_IMAGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:docker\.io/)?(?:library/)?(golang|python|node|rust):(\d+(?:\.\d+){0,2})(?:[-@]\S*)?$",
    )
    .expect("a valid pattern")
});

static BASE_IMAGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*FROM\s+(?:--platform=\S+\s+)?(?:docker\.io/)?(?:library/)?(golang|python|node|rust):(\d+(?:\.\d+){0,2})(?:[-@\s]|$)")
        .expect("a valid pattern")
});

/// A package on an npm CDN at a version: `https://cdn.jsdelivr.net/npm/date-fns@3.6.0/…`,
/// `https://unpkg.com/@scope/pkg@^1.2/…`, `https://esm.sh/pkg@2.0.0`.
static CDN_PACKAGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:cdn\.jsdelivr\.net/npm|unpkg\.com|esm\.sh|cdn\.skypack\.dev)/((?:@[A-Za-z0-9_.-]+/)?[A-Za-z0-9_.-]+)@([\^~]?\d[0-9A-Za-z.+-]*)")
        .expect("a valid pattern")
});

static USES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"\buses:\s*["']?([A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+)@([A-Za-z0-9_.-]+)"#)
        .expect("a valid pattern")
});

/// Adds every version stated in `doc`'s code blocks and links; `skip_line` says which
/// lines are history.
pub fn mentions(
    doc: &ParsedDoc,
    known: &KnownVersions,
    skip_line: &dyn Fn(u32) -> bool,
    out: &mut Vec<Mention>,
) {
    let mut doc_lines: Option<Vec<&str>> = None;
    for block in &doc.code_blocks {
        if block.text.is_empty() || skip_line(block.line) {
            continue;
        }
        let before = out.len();
        if block.info.trim_start().starts_with("diff") {
            let new_side = CodeBlock { text: new_side(&block.text), ..block.clone() };
            block_mentions(&new_side, known, out);
        } else {
            block_mentions(block, known, out);
        }
        if out.len() > before {
            // "To install a specific version (in this case 1.38.0):" — the block shows how
            // to pin, with any version.
            let lines = doc_lines.get_or_insert_with(|| doc.text.lines().collect());
            if pins_for_example(&lead_in(lines, block.line)) {
                // The example pins the package; the block's workflow steps still state
                // the actions to use ("pin to a specific uv version" above a workflow
                // whose `setup-uv` pin is current practice).
                let mut i = before;
                while i < out.len() {
                    if matches!(out[i].subject, Subject::Action { .. }) {
                        i += 1;
                    } else {
                        out.remove(i);
                    }
                }
            } else {
                let own_line = |m: &Mention| {
                    let at = m.line.saturating_sub(block.line) as usize;
                    block.text.lines().nth(at).unwrap_or_default()
                };
                let block_lines: Vec<&str> = block.text.lines().collect();
                let paragraph = paragraph_above(lines, block.line);
                let mut i = before;
                while i < out.len() {
                    let comment = own_line(&out[i]).split_once(" #").map(|(_, c)| c);
                    let at = out[i].line.saturating_sub(block.line) as usize;
                    let above = comment_above(&block_lines, at);
                    if comment
                        .into_iter()
                        .chain(above)
                        .any(|c| pins_for_example(c) && !asks_for_latest(c))
                        || labelled(&block_lines, &out[i], block.line, &paragraph)
                        || shown_as_wrong(
                            &block_lines,
                            out[i].line.saturating_sub(block.line) as usize,
                        )
                    {
                        out.remove(i);
                    } else {
                        i += 1;
                    }
                }
            }
        }
    }
    for link in &doc.links {
        if skip_line(link.line) {
            continue;
        }
        if downloads_own_release(&link.dest, known) {
            release_urls(&link.dest, link.line, known, out);
            file_names(&link.dest, link.line, known, out);
        }
        cdn_packages(&link.dest, link.line, known, out);
    }
    // A command in running text (`tox -e py37`, `pip install tool==1.2`) is the same
    // instruction as in a block, unless its line shows how to pin ("to install a specific
    // version, run `pip install tool==1.2`"), as a block's lead-in does.
    for piece in doc.inline.iter().filter(|p| p.kind == InlineKind::Code) {
        let line = doc.lines.line(piece.offset);
        if skip_line(line) {
            continue;
        }
        let before = out.len();
        commands::mentions(&piece.text, line, known, out);
        if out.len() > before && pins_for_example(doc.lines.text_of(&doc.text, line)) {
            out.truncate(before);
        }
    }
}

/// Phrases (lowercase) that make a pinned version an example of pinning.
const PIN_EXAMPLE: [&str; 11] = [
    "specific version",
    "particular version",
    "certain version",
    "given version",
    "exact version",
    "older version",
    "old version",
    "previous version",
    "earlier version",
    "in this case",
    "pin to a",
];

/// A release named as the one before which a way applies: "the pre 9.4.0 method",
/// "pre-2.0", "prior to 1.5", "before v3.1".
static BEFORE_RELEASE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(?:pre[- ]|prior to |before )v?\d+\.\d+").unwrap());

/// Whether `text` (a block's lead-in or a line's comment) says the version is an example,
/// or that the block shows the way from before a release (mermaid's "You can still use
/// the pre 9.4.0 method" over `mermaid@9.3.0`).
fn pins_for_example(text: &str) -> bool {
    let lower = text.to_lowercase();
    PIN_EXAMPLE.iter().any(|p| lower.contains(p)) || BEFORE_RELEASE.is_match(text)
}

/// Whether a pinned line's comment tells the reader to use the newest release ("`rev:
/// v4.10.0  # Use the latest version or a specific version`", commitizen's pre-commit
/// tutorial): the pin stands for the newest release, which it no longer is, even where
/// the comment allows another.
fn asks_for_latest(comment: &str) -> bool {
    let lower = comment.to_lowercase();
    ["use the latest", "use latest", "the newest", "latest version", "latest release"]
        .iter()
        .any(|p| lower.contains(p))
}

/// Whether the text around a pinned version says which major it is for, so the pin is
/// an instruction for that version's users, kept on purpose: the comment line above it
/// (`# AI SDK v5` over `npm install provider@ai-sdk-v5 ai@^5.0.0`), the rest of its own
/// line (the `ai-sdk-v5` tag), or the block's lead-in ("This integration targets AI SDK
/// v6" over a third-party package's `peerDependencies`). `v5`, `5.x` and `version 5` name
/// major 5; `v5.0.0` is a version, not a label.
fn labelled(block_lines: &[&str], m: &Mention, first: u32, lead: &str) -> bool {
    let Some(&major) = m.version.first() else { return false };
    let at = m.line.saturating_sub(first) as usize;
    let own = block_lines.get(at).map_or(String::new(), |l| l.replace(&m.target, " "));
    let above = block_lines[..at.min(block_lines.len())]
        .iter()
        .rev()
        .map(|l| l.trim())
        .find(|l| !l.is_empty())
        .filter(|l| l.starts_with('#') || l.starts_with("//"));
    // A lead-in's `5.x` is more often a range it works with ("Python 3.x") than a label.
    [own.as_str(), above.unwrap_or_default()].iter().any(|t| names_major(t, major, true))
        || names_major(lead, major, false)
}

/// Words of a comment that mark the lines under it as the wrong way.
const WRONG_WAY: [&str; 8] =
    ["incorrect", "wrong", "❌", "bad:", "bad -", "avoid", "anti-pattern", "do not use"];

/// Whether the nearest comment line above line `at` of a block marks what follows as the
/// wrong way: sentry-cli's workflow guide shows `uses: actions/checkout@v4` under
/// `# Incorrect - Using version tag`, to say what not to write, not which version to use.
/// The comment on the line right above line `at` of a block (blank lines skipped), when
/// that line is one that labels it: `# …`, `// …` or `<!-- … -->` of at most five words
/// (mermaid's tiny README sets `<!-- Pinning specific version -->` over its
/// `@mermaid-js/tiny@11.6.0` script tag, after "Pinning major version" over `@11`). A
/// longer comment tells the reader what to do ("be sure to specify the exact version"
/// over shiki's CDN import, whose version is meant to be the current one).
fn comment_above<'b>(block_lines: &[&'b str], at: usize) -> Option<&'b str> {
    let line = block_lines[..at.min(block_lines.len())]
        .iter()
        .rev()
        .map(|l| l.trim())
        .find(|l| !l.is_empty())?;
    let comment = line.starts_with('#') || line.starts_with("//") || line.starts_with("<!--");
    let words = line.trim_matches(|c: char| "#/<!->".contains(c)).split_whitespace().count();
    (comment && words <= 5).then_some(line)
}

fn shown_as_wrong(block_lines: &[&str], at: usize) -> bool {
    block_lines[..at.min(block_lines.len())]
        .iter()
        .rev()
        .map(|l| l.trim())
        .find(|l| l.starts_with('#') || l.starts_with("//"))
        .is_some_and(|comment| {
            let lower = comment.to_lowercase();
            WRONG_WAY.iter().any(|w| lower.contains(w))
        })
}

/// Whether `text` names major version `major` as a label: `v5`, `5.x`, `version 5`.
fn names_major(text: &str, major: u64, dot_x: bool) -> bool {
    let lower = text.to_lowercase();
    let n = major.to_string();
    let bytes = lower.as_bytes();
    let boundary_after = |end: usize| {
        bytes.get(end).is_none_or(|b| !b.is_ascii_alphanumeric() && *b != b'.')
            || (dot_x && lower[end..].starts_with(".x"))
    };
    lower.match_indices(&n).any(|(i, _)| {
        let end = i + n.len();
        let before = &lower[..i];
        let labelled_before = before.ends_with('v')
            && before[..before.len() - 1].chars().next_back().is_none_or(|c| !c.is_alphanumeric())
            || before.ends_with("version ");
        (labelled_before && boundary_after(end))
            || (dot_x
                && lower[end..].starts_with(".x")
                && before.chars().next_back().is_none_or(|c| !c.is_alphanumeric() && c != '.'))
    })
}

/// The prose above the code block whose contents start at file line `first` (`lines`
/// are the doc's lines): up to twelve lines above its fence, not past a heading, code
/// of earlier blocks left out — "To install a specific version:", then "Unix:" and a
/// block, then "Windows:" and this one.
fn lead_in(lines: &[&str], first: u32) -> String {
    // `first` is 1-based; the fence is the line before it.
    let fence = (first as usize).saturating_sub(2);
    let mut out = Vec::new();
    let mut in_code = false;
    for i in (fence.saturating_sub(12)..fence).rev() {
        let line = lines.get(i).map_or("", |l| l.trim());
        if line.starts_with("```") || line.starts_with("~~~") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if line.starts_with('#') {
            break;
        }
        out.push(line);
    }
    out.reverse();
    out.join(" ")
}

/// The paragraph right above the code block whose contents start at file line `first`
/// (blank lines between them skipped), or nothing when code or a heading is there.
fn paragraph_above(lines: &[&str], first: u32) -> String {
    let fence = (first as usize).saturating_sub(2);
    let above = lines[..fence.min(lines.len())].iter().rev().map(|l| l.trim());
    let mut out: Vec<&str> =
        above.skip_while(|l| l.is_empty()).take_while(|l| !l.is_empty()).collect();
    if out.iter().any(|l| l.starts_with('#') || l.starts_with("```") || l.starts_with("~~~")) {
        out.clear();
    }
    out.reverse();
    out.join(" ")
}

/// A diff's new side, line for line: removed lines and hunk headers blank, the `+` or
/// ` ` that marks an added or kept line taken off.
fn new_side(diff: &str) -> String {
    let lines = diff.lines().map(|line| {
        if line.starts_with(['-', '@']) || line.starts_with("+++") {
            ""
        } else {
            line.strip_prefix(['+', ' ']).unwrap_or(line)
        }
    });
    lines.collect::<Vec<_>>().join("\n")
}

/// The versions one code block states.
fn block_mentions(block: &CodeBlock, known: &KnownVersions, out: &mut Vec<Mention>) {
    {
        toml_dependencies(block, known, out);
        commented_dependencies(block, known, out);
        json_dependencies(block, known, out);
        pre_commit(block, known, out);
        commands::config_mentions(&block.text, block.line, known, out);
        // A file name is the project's release only where the block downloads one.
        let downloads = block.text.lines().any(|l| downloads_own_release(l, known));
        // Setup inputs (`node-version:`) are read in workflow steps only, not in other
        // YAML (a notebook's frontmatter `marimo-version: 0.0.0`).
        let steps = block.text.contains("uses:");
        // A container run names its image on any of its lines (after `-v`, `-w`, `-e`).
        let runs = block.text.contains("docker run") || block.text.contains("podman run");
        for (i, line) in block.text.lines().enumerate() {
            let number = block.line + i as u32;
            commands::mentions(line, number, known, out);
            release_urls(line, number, known, out);
            own_images(line, number, known, out);
            // …and not on a line fetching from somewhere else.
            if downloads && (!line.contains("://") || downloads_own_release(line, known)) {
                file_names(line, number, known, out);
            }
            workflow_steps(line, number, known, out);
            base_images(line, number, known, out);
            if runs {
                run_images(line, number, known, out);
            }
            cdn_packages(line, number, known, out);
            if steps {
                setup_versions(line, number, known, out);
            }
        }
    }
}

/// Whether `line` holds a release download URL of the project's own repository.
fn downloads_own_release(line: &str, known: &KnownVersions) -> bool {
    line.contains("/releases/download/")
        && RELEASE_URL.captures_iter(line).any(|c| own_repo(&c[1], known))
}

fn own_repo(slug: &str, known: &KnownVersions) -> bool {
    known.repos.contains(&slug.to_lowercase().trim_end_matches(".git").to_string())
}

/// `[dependencies]` (and dev-, build-, workspace, target) entries of a TOML snippet
/// that name one of the project's packages.
fn toml_dependencies(block: &CodeBlock, known: &KnownVersions, out: &mut Vec<Mention>) {
    let lang = block.info.split_whitespace().next().unwrap_or_default();
    let untagged = lang.is_empty() || lang == "text";
    if lang != "toml" && !untagged && !block.text.contains("dependencies") {
        return;
    }
    let Ok(table) = block.text.parse::<toml::Table>() else { return };
    let mut holders: Vec<&toml::Table> = vec![&table];
    holders.extend(table.get("workspace").and_then(|w| w.as_table()));
    let targets = table.get("target").and_then(|t| t.as_table());
    holders.extend(targets.into_iter().flat_map(|t| t.values()).filter_map(|t| t.as_table()));
    let kinds = ["dependencies", "dev-dependencies", "build-dependencies"];
    let mut tables: Vec<&toml::Table> = holders
        .iter()
        .flat_map(|h| kinds.iter().filter_map(|k| h.get(*k).and_then(|d| d.as_table())))
        .collect();
    // The lines to paste under `[dependencies]`, without the header (pingora's quick
    // start: `pingora = { version = "0.3", features = ["lb"] }`): every entry a
    // dependency, one of them the project's own.
    let bare = tables.is_empty() && all_dependencies(&table);
    if bare && table.keys().any(|k| known.knows(&k.to_lowercase(), true)) {
        tables.push(&table);
    }
    companions(block, &tables, known, out);
    let folder_tables = if bare && tables.is_empty() { vec![&table] } else { tables.clone() };
    folder_dependencies(block, &folder_tables, known, out);
    for deps in tables {
        for (key, value) in deps {
            let line = |spec: &str| {
                dependency_line(&block.text, key, spec).map_or(block.line, |i| block.line + i)
            };
            cargo_dependency(key, value, line, known, out);
        }
    }
}

/// The mention of dependency entry `key = value` when it names one of the project's
/// crates with a version requirement, on the line `line` gives for the written spec.
fn cargo_dependency(
    key: &str,
    value: &toml::Value,
    line: impl Fn(&str) -> u32,
    known: &KnownVersions,
    out: &mut Vec<Mention>,
) {
    let name = value.get("package").and_then(|p| p.as_str()).unwrap_or(key);
    if !known.knows(&name.to_lowercase(), true) {
        return;
    }
    let Some(spec) = value.as_str().or_else(|| value.get("version")?.as_str()) else {
        return;
    };
    let Some(req) = requirement(spec) else { return };
    let written = spec.trim().trim_start_matches(['^', '~', '=', ' ']);
    out.extend(Mention::of_name(
        line(spec),
        name,
        Some(Registry::Cargo),
        Claim::Requirement(req),
        written,
    ));
}

/// Dependency lines a Rust snippet gives in its comments, for the reader's `Cargo.toml`
/// (delta-rs' GCS page: "// Enable the gcs feature in Cargo.toml:\n// deltalake = {
/// version = \"0.29\", features = [\"gcs\"] }"; napi-rs' README: "/// [dependencies]\n///
/// napi = {version=\"2\", features=[\"async\"]}"): a comment line that is one TOML entry
/// naming one of the project's crates, in a block whose comments name `Cargo.toml` or
/// `[dependencies]`.
fn commented_dependencies(block: &CodeBlock, known: &KnownVersions, out: &mut Vec<Mention>) {
    let lang = block.info.split_whitespace().next().unwrap_or_default();
    if !matches!(lang, "rust" | "rs") {
        return;
    }
    // Read line by line: a prefix test per line is cheaper than searching every Rust
    // block of a book for the manifest's name.
    let comments = || {
        block.text.lines().enumerate().filter_map(|(i, l)| {
            let rest = l.trim_start().strip_prefix("//")?;
            Some((i, rest.trim_start_matches(['/', '!']).trim()))
        })
    };
    if !comments().any(|(_, c)| c.contains("Cargo.toml") || c.contains("[dependencies]")) {
        return;
    }
    for (i, comment) in comments().filter(|(_, c)| c.contains('=')) {
        let Ok(entry) = comment.parse::<toml::Table>() else { continue };
        if let Some((key, value)) = entry.iter().next().filter(|_| entry.len() == 1) {
            cargo_dependency(key, value, |_| block.line + i as u32, known, out);
        }
    }
}

/// The dependencies a snippet's `tables` add beside one of the repository's crates that
/// the crate itself depends on (`KnownVersions::crate_deps`): rust-numpy's README adds
/// `numpy` and `pyo3`, and numpy's own `pyo3` requirement decides which pyo3 resolves.
fn companions(
    block: &CodeBlock,
    tables: &[&toml::Table],
    known: &KnownVersions,
    out: &mut Vec<Mention>,
) {
    let entries = || {
        tables.iter().flat_map(|t| t.iter()).map(|(key, value)| {
            let name = value.get("package").and_then(|p| p.as_str()).unwrap_or(key);
            (key, name.to_lowercase(), value)
        })
    };
    for (_, own, value) in entries() {
        let Some(deps) = known.crate_deps.get(&own) else { continue };
        // The crate asked for by release: one taken from a git revision or a path needs
        // what that revision's manifest says, not today's (leptos's tutorial takes
        // `leptos_axum` at `rev = "v0.8.2"` beside its own `tower-http`).
        let by_release = value.is_str()
            || (value.get("version").is_some()
                && value.get("git").is_none()
                && value.get("path").is_none());
        if !known.knows(&own, true) || !by_release {
            continue;
        }
        for (key, name, value) in entries() {
            // One of the repository's own crates is checked as one.
            let Some((version, source)) = deps.get(&name).filter(|_| !known.knows(&name, true))
            else {
                continue;
            };
            let Some((req, written, v, line)) = snippet_requirement(block, key, value) else {
                continue;
            };
            out.push(Mention {
                line,
                subject: Subject::Companion {
                    name: name.clone(),
                    of: own.clone(),
                    version: version.clone(),
                    source: source.clone(),
                },
                claim: Claim::Requirement(req),
                target: written.clone(),
                written,
                version: v,
                asserts_current: true,
                about_project: false,
            });
        }
    }
}

/// A snippet's dependency entry `key = value` asked for by release: its requirement,
/// the version as written (no `^`, `~`, `=`), that version's numbers, and its line.
fn snippet_requirement(
    block: &CodeBlock,
    key: &str,
    value: &toml::Value,
) -> Option<(semver::VersionReq, String, Vec<u64>, u32)> {
    let spec = value.as_str().or_else(|| value.get("version")?.as_str())?;
    let req = requirement(spec)?;
    let written = spec.trim().trim_start_matches(['^', '~', '=', ' ']);
    let version = strict_version(written)?;
    let line = dependency_line(&block.text, key, spec).map_or(block.line, |i| block.line + i);
    Some((req, written.to_string(), version, line))
}

/// Whether every entry of `table` is a dependency — a version string, or an inline table
/// with a `version`, `path` or `git`.
fn all_dependencies(table: &toml::Table) -> bool {
    let dependency = |value: &toml::Value| match value {
        toml::Value::String(spec) => requirement(spec).is_some(),
        toml::Value::Table(t) => ["version", "path", "git"].iter().any(|k| t.contains_key(*k)),
        _ => false,
    };
    !table.is_empty() && table.values().all(dependency)
}

/// The dependencies a snippet's `tables` ask for by release that are none of the
/// repository's crates but that one of its crate folders depends on: judged against
/// the folder the doc lies in (`Subject::FolderDep`), once the doc's path is known.
/// diesel's embedded example README asks for `libsqlite3-sys = { version = "0.35.0" }`
/// where the example's own manifest is on 0.38.0.
fn folder_dependencies(
    block: &CodeBlock,
    tables: &[&toml::Table],
    known: &KnownVersions,
    out: &mut Vec<Mention>,
) {
    if known.folder_deps.is_empty() {
        return;
    }
    for (key, value) in tables.iter().flat_map(|t| t.iter()) {
        let name = value.get("package").and_then(|p| p.as_str()).unwrap_or(key).to_lowercase();
        if known.knows(&name, true) || !known.folder_deps.values().any(|d| d.contains_key(&name)) {
            continue;
        }
        if value.get("git").is_some() || value.get("path").is_some() {
            continue;
        }
        let Some((req, written, version, line)) = snippet_requirement(block, key, value) else {
            continue;
        };
        out.push(Mention {
            line,
            subject: Subject::FolderDep { name },
            claim: Claim::Requirement(req),
            target: written.clone(),
            written,
            version,
            asserts_current: true,
            about_project: false,
        });
    }
}

/// The dependency maps of a `package.json` snippet (`dependencies`, `devDependencies`,
/// `peerDependencies`, `optionalDependencies`) that name one of the project's packages.
/// A range is read as Cargo reads one (`"0.1.2"` admits 0.1.x): a pin a patch behind
/// still installs.
fn json_dependencies(block: &CodeBlock, known: &KnownVersions, out: &mut Vec<Mention>) {
    if !block.text.contains("ependencies\"") {
        return;
    }
    let Ok(serde_json::Value::Object(package)) = serde_json::from_str(&block.text) else {
        return;
    };
    let kinds = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];
    for deps in kinds.iter().filter_map(|k| package.get(*k)?.as_object()) {
        for (name, spec) in deps {
            let Some(spec) = spec.as_str() else { continue };
            if !known.knows(&name.to_lowercase(), true) {
                continue;
            }
            let Some(req) = requirement(spec) else { continue };
            let written = spec.trim().trim_start_matches(['^', '~', '=', ' ']);
            let quoted = format!("\"{name}\"");
            let at = block.text.lines().position(|l| l.contains(&quoted) && l.contains(spec));
            let line = block.line + at.unwrap_or(0) as u32;
            out.extend(Mention::of_name(
                line,
                name,
                Some(Registry::Npm),
                Claim::Requirement(req),
                written,
            ));
        }
    }
}

/// The 0-based line of dependency `key`'s version `spec` in a TOML snippet.
fn dependency_line(text: &str, key: &str, spec: &str) -> Option<u32> {
    let lines: Vec<&str> = text.lines().collect();
    let quoted = format!("\"{spec}\"");
    let starts_key = |l: &str| {
        let l = l.trim_start().trim_start_matches('"');
        l.strip_prefix(key)
            .is_some_and(|rest| rest.trim_start_matches('"').trim_start().starts_with('='))
    };
    if let Some(i) = lines.iter().position(|l| starts_key(l) && l.contains(&quoted)) {
        return Some(i as u32);
    }
    let header = lines.iter().position(|l| {
        let l = l.trim();
        l.starts_with('[') && l.trim_end_matches(']').ends_with(&format!(".{key}"))
    })?;
    let offset = lines[header..]
        .iter()
        .position(|l| l.trim_start().starts_with("version") && l.contains(&quoted))?;
    Some((header + offset) as u32)
}

/// `https://github.com/<own repository>/releases/download/<tag>/`. A picture or a video
/// kept on a release (anything-llm's README shows `…/download/v1.11.2/AnythingLLM720p.gif`)
/// is media hosted there, not a release to download.
fn release_urls(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    const MEDIA: [&str; 9] =
        [".gif", ".png", ".jpg", ".jpeg", ".webp", ".svg", ".mp4", ".webm", ".mov"];
    if !line.contains("/releases/download/") {
        return;
    }
    for caps in RELEASE_URL.captures_iter(line) {
        let (repo, tag) = (&caps[1], &caps[2]);
        if !own_repo(repo, known) {
            continue;
        }
        let rest = &line[caps.get(0).map_or(0, |m| m.end())..];
        let asset = rest.split(|c: char| c.is_whitespace() || "\"'<>()".contains(c)).next();
        let asset = asset.unwrap_or_default().to_ascii_lowercase();
        if MEDIA.iter().any(|ext| asset.ends_with(ext)) {
            continue;
        }
        let Some((prefix, version)) = split_tag(tag) else { continue };
        out.push(Mention::of_release(number, tag, prefix, version, ReleaseUse::Download));
    }
}

/// The repository's own image at a release (`ghcr.io/astral-sh/ruff:0.3.0`); `latest`,
/// a branch or a digest name none.
fn own_images(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    if !line.contains("ghcr.io/") {
        return;
    }
    for caps in GHCR_IMAGE.captures_iter(line) {
        let (repo, tag) = (&caps[1], caps[2].trim_end_matches('.'));
        // `:0.5.27@sha256:…` pins a digest: an example of exact pinning, kept as written.
        if !own_repo(repo, known) || line[caps.get(0).map_or(0, |m| m.end())..].starts_with('@') {
            continue;
        }
        let Some((prefix, version)) = split_tag(tag) else { continue };
        if !prefix.is_empty() && prefix != "v" {
            continue; // `:0.3.0-alpine` splits nothing; `:debian-12`… is no release
        }
        out.push(Mention::of_release(number, tag, prefix, version, ReleaseUse::Image));
    }
}

/// `<project>_<version>…` or `<project>-<version>…` in a file name or URL.
fn file_names(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    let Some(project) = known.project() else { return };
    let name = &project.names[0];
    let lower = line.to_lowercase();
    let mut from = 0;
    while let Some(found) = lower[from..].find(name.as_str()) {
        let start = from + found;
        from = start + name.len();
        let before = lower[..start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            continue;
        }
        let rest = &line[from..];
        let Some(rest) = rest.strip_prefix(['-', '_']) else { continue };
        let rest = rest.strip_prefix(['v', 'V']).unwrap_or(rest);
        let end = rest.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(rest.len());
        let version = rest[..end].trim_end_matches('.');
        // A file name goes on after its version (`-1_amd64.deb`, `.tar.gz`); a word
        // that ends there is a tag or a folder, not a download.
        let mut after = rest[version.len()..].chars();
        let continues = matches!(after.next(), Some('-' | '_' | '.'))
            && after.next().is_some_and(|c| c.is_ascii_alphanumeric());
        if version.matches('.').count() < 1 || !continues {
            continue;
        }
        out.extend(Mention::of_name(number, name, None, Claim::Version, version));
    }
}

/// What a workflow snippet sets up (`actions/setup-node` with `node-version: 18`,
/// `setup-just` with `just-version: 1.5.0`): the reader builds with that Node or runs that
/// tool, so it answers to the repository's floor or release. Only names the repository
/// declares count; a matrix or an expression names no one version.
fn setup_versions(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    install_tools(line, number, known, out);
    if !line.contains("-version:") {
        return;
    }
    let Some(caps) = SETUP_VERSION.captures(line) else { return };
    let name = caps[1].to_lowercase();
    let placeholder = caps[2].split('.').all(|n| n.bytes().all(|b| b == b'0'));
    if known.knows(&name, true) && !placeholder {
        out.extend(Mention::of_name(number, &name, None, Claim::Version, &caps[2]));
    }
}

/// The tools an install step's `tool:` input pins (taiki-e/install-action's `tool:
/// zola@0.19.1, cargo-nextest@0.9.0`): the reader installs that release, so one of the
/// repository's own answers to its version, as `cargo install zola@0.19.1` does (zola's
/// GitHub Actions examples on 0.19.1 and 0.17.2 beside 0.22.1). A tool without a version,
/// or with a range or a tag (`zola@latest`), pins none.
fn install_tools(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    let Some(tools) = line.trim_start().strip_prefix("tool:") else { return };
    for tool in tools.split('#').next().unwrap_or_default().split(',') {
        let tool = tool.trim().trim_matches(['"', '\'']);
        let Some((name, version)) = tool.split_once('@') else { continue };
        let version = version.strip_prefix('v').unwrap_or(version);
        let numeric =
            version.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        if numeric && version.contains('.') && known.knows(&name.to_lowercase(), true) {
            out.extend(Mention::of_name(
                number,
                &name.to_lowercase(),
                None,
                Claim::Version,
                version,
            ));
        }
    }
}

/// A Dockerfile snippet's toolchain image (`FROM golang:1.25-alpine`): the reader builds
/// with that Go, Python, Node or Rust, so it answers to the floor the repository declares
/// (the official Go images set `GOTOOLCHAIN=local`, so a `go.mod` asking for more fails
/// the build). Only toolchains the repository declares count.
/// The toolchain images of a block that runs a container (`RUN_IMAGE`): delve's
/// `CLAUDE.md` runs its eBPF tests in `golang:1.24-bookworm` while `go.mod` asks for
/// Go 1.25. Like a base image, a use: it fires only below the declared floor.
fn run_images(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    for word in line.split_whitespace() {
        let word = word.trim_matches(['"', '\'', '`', '\\']);
        if let Some(caps) = RUN_IMAGE.captures(word) {
            toolchain_image(&caps, number, known, out);
        }
    }
}

fn base_images(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    if let Some(caps) = BASE_IMAGE.captures(line) {
        toolchain_image(&caps, number, known, out);
    }
}

/// The use of a toolchain image matched as (image, version tag): `golang` is Go.
fn toolchain_image(
    caps: &regex::Captures<'_>,
    number: u32,
    known: &KnownVersions,
    out: &mut Vec<Mention>,
) {
    let name = if &caps[1] == "golang" { "go" } else { &caps[1] };
    if known.knows(name, true) {
        out.extend(Mention::of_name(number, name, None, Claim::Uses, &caps[2]));
    }
}

/// The repository's own npm packages served by a CDN at a version (`<script
/// src="https://cdn.jsdelivr.net/npm/date-fns@3.6.0/cdn.min.js">`): the reader loads
/// that release, so it answers to the package's version as an install line does. A
/// version-less URL or a tag (`@latest`, `@next`) names none.
fn cdn_packages(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    if !line.contains('@') {
        return;
    }
    for caps in CDN_PACKAGE.captures_iter(line) {
        let (name, version) = (&caps[1], caps[2].trim_end_matches('.'));
        if !known.knows(&name.to_lowercase(), true) {
            continue;
        }
        out.extend(commands::npm_pin(number, name, version));
    }
}

/// `uses: owner/action@ref` with the version in the ref or in a comment after a SHA.
fn workflow_steps(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    if (known.actions.is_empty() && !known.own_action) || !line.contains("uses:") {
        return;
    }
    let Some(caps) = USES.captures(line) else { return };
    let action = caps[1].to_lowercase();
    if known.own_action && own_repo(&action, known) {
        own_action_step(&caps[2], number, out);
        return;
    }
    if !known.actions.contains_key(&action) {
        return;
    }
    let reference = caps.get(2).expect("the pattern has two groups");
    let (sha, written, target) = if is_sha(reference.as_str()) {
        let Some(written) = comment_version(line) else { return };
        let end = line.rfind(written.as_str()).map(|i| i + written.len()).unwrap_or(line.len());
        (Some(reference.as_str().to_string()), written, line[reference.start()..end].to_string())
    } else {
        (None, reference.as_str().to_string(), reference.as_str().to_string())
    };
    let Some(version) = strict_version(&written) else { return };
    let subject = Subject::Action { action, sha };
    let claim = Claim::Version;
    out.push(Mention {
        line: number,
        subject,
        claim,
        target,
        written,
        version,
        asserts_current: true,
        about_project: false,
    });
}

/// A step using the repository's own action at a release tag (`@v3.4.1`, `@v3`): the
/// release a reader copies. A branch or a commit names no release.
fn own_action_step(reference: &str, number: u32, out: &mut Vec<Mention>) {
    if is_sha(reference) {
        return;
    }
    let Some((prefix, version)) = split_tag(reference) else { return };
    if !prefix.is_empty() && prefix != "v" {
        return;
    }
    out.push(Mention::of_release(number, reference, prefix, version, ReleaseUse::Action));
}

/// `rev:` of a pre-commit example whose hooks are the repository's own.
fn pre_commit(block: &CodeBlock, known: &KnownVersions, out: &mut Vec<Mention>) {
    if known.hook_ids.is_empty() || !block.text.contains("rev:") {
        return;
    }
    let Some(tree) = yaml_tree::parse(&block.text) else { return };
    tree.visit(&mut |node| {
        let (Some(repo), Some(rev)) =
            (node.get("repo").and_then(YamlNode::as_str), node.get("rev"))
        else {
            return;
        };
        let hooks = node.get("hooks").map(YamlNode::items).unwrap_or_default();
        let own_hook = hooks.iter().any(|h| {
            h.get("id")
                .and_then(YamlNode::as_str)
                .is_some_and(|id| known.hook_ids.iter().any(|k| k == id))
        });
        if !own_hook || !(known.repos.is_empty() || known.is_own_repo_url(repo)) {
            return;
        }
        let (Some(written), Some(line)) = (rev.as_str(), rev.line()) else { return };
        let Some((prefix, version)) = split_tag(written) else { return };
        let at = block.line + line - 1;
        out.push(Mention::of_release(at, written, prefix, version, ReleaseUse::PreCommit));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;
    use crate::scan::signals::manifests::{Bound, KnownVersion};

    fn known() -> KnownVersions {
        let mut known = KnownVersions::default();
        for name in ["tool", "grep", "@acme/core", "create-tool", "tool-py"] {
            known.versions.push(KnownVersion {
                names: vec![name.into()],
                version: vec![2, 3, 1],
                max: None,
                source: "x".into(),
                bound: Bound::Current,
                major_only_ok: false,
                in_prose: false,
                package: true,
                scope: String::new(),
            });
        }
        known.project = Some(0);
        known.repos.push("acme/tool".into());
        known.hook_ids.push("tool".into());
        known.actions.insert(
            "acme/setup".into(),
            crate::scan::signals::manifests::ActionPin {
                version: vec![7, 0, 1],
                version_text: "v7.0.1".into(),
                sha: None,
                source: ".github/workflows/ci.yml".into(),
                majors: [7].into_iter().collect(),
            },
        );
        known.index_names();
        known
    }

    /// `known()` with toolchains `names` declared too.
    fn known_with(names: &[&str]) -> KnownVersions {
        let mut known = known();
        for name in names {
            let mut k = known.versions[0].clone();
            k.names = vec![(*name).into()];
            known.versions.push(k);
        }
        known.index_names();
        known
    }

    fn found(markdown: &str) -> Vec<(u32, String)> {
        let mut out = Vec::new();
        code::mentions(&parse(markdown.to_string()), &known(), &|_| false, &mut out);
        out.into_iter().map(|m| (m.line, m.target)).collect()
    }

    use super::super::code;

    fn at(line: u32, target: &str) -> (u32, String) {
        (line, target.to_string())
    }

    #[test]
    fn a_pin_under_a_comment_or_lead_in_that_makes_it_an_example_is_not_a_claim() {
        // mermaid's tiny README: each pin under the comment that says what it shows.
        let md = "```html\n<!-- Pinning major version -->\n<script src=\"https://cdn.jsdelivr.net/npm/tool@2/x.js\"></script>\n\n<!-- Pinning specific version -->\n<script src=\"https://cdn.jsdelivr.net/npm/tool@1.6.0/x.js\"></script>\n\n<!-- Current -->\n<script src=\"https://cdn.jsdelivr.net/npm/tool@1.5.0/x.js\"></script>\n```\n";
        assert_eq!(found(md), [at(3, "2"), at(9, "1.5.0")]);
        // mermaid's mindmap page: the way from before a release, kept on purpose.
        let md = "You can still use the pre 9.4.0 method:\n\n```html\n<script src=\"https://cdn.jsdelivr.net/npm/tool@1.3.0/x.js\"></script>\n```\n";
        assert!(found(md).is_empty());
        let md = "Load it so:\n\n```html\n<script src=\"https://cdn.jsdelivr.net/npm/tool@1.3.0/x.js\"></script>\n```\n";
        assert_eq!(found(md), [at(4, "1.3.0")]);
        // An instruction, not a label: the version shown is meant to be the current one.
        let md = "```js\n// be sure to specify the exact version\nimport { x } from 'https://esm.sh/tool@1.3.0'\n```\n";
        assert_eq!(found(md), [at(3, "1.3.0")]);
    }

    #[test]
    fn dependency_lines_in_the_comments_of_rust_snippets() {
        let md = "```rust\n// Enable the gcs feature in Cargo.toml:\n// grep = { version = \"0.2\", features = [\"gcs\"] }\nuse grep::Searcher;\n```\n\n```rust\n/// [dependencies]\n/// grep = {version=\"0.2\"}\nfn f() {}\n```\n";
        assert_eq!(found(md), [at(3, "0.2"), at(9, "0.2")]);
        // Without a word on Cargo.toml the comment may be anything; outside a Rust
        // block it is not a comment.
        assert!(found("```rust\n// grep = \"0.2\"\nfn f() {}\n```\n").is_empty());
        assert!(found("```js\n// grep = \"0.2\" in Cargo.toml\n```\n").is_empty());
    }

    #[test]
    fn dependency_lines_of_toml_snippets() {
        let md = "```toml\n[dependencies]\ngrep = \"0.2\"\nserde = \"1\"\ntool = { version = \"^2.0\", features = [\"x\"] }\n\n[dev-dependencies.grep]\nversion = \"=0.4.1\"\n```\n";
        assert_eq!(found(md), [at(3, "0.2"), at(5, "2.0"), at(8, "0.4.1")]);
        assert!(found("```toml\nnot = [toml\ngrep = \"0.2\"\n```\n").is_empty(), "invalid TOML");
        // The lines to paste under `[dependencies]`, header left out, in an untagged fence.
        let bare = found(
            "```\nasync-trait = \"0.1\"\ngrep = { version = \"0.2\", features = [\"lb\"] }\n```\n",
        );
        assert_eq!(bare.len(), 1, "{bare:?}");
        // A config snippet whose keys are not all dependencies says nothing of versions.
        assert!(found("```\ngrep = \"0.2\"\nthreads = 4\n```\n").is_empty());
        assert!(found("```diff\n[dependencies]\n-grep = \"0.2\"\n```\n").is_empty());
        // A diff's added lines are what the reader writes.
        assert_eq!(
            found("```diff\n [dependencies]\n-grep = \"0.1\"\n+grep = \"0.2\"\n```\n"),
            [at(4, "0.2")]
        );
    }

    #[test]
    fn pins_labelled_with_their_major_are_for_that_versions_users() {
        let md = "```bash\n# Tool v1\nnpm install plugin@tool-v1 tool@^1.0.0\n\n# Tool 1.x\nnpm install tool@1.4.0\nnpm install tool@1.5.0\nnpm install tool@1.6.0 # v1.6.0 is what we test\n```\n\nThis plugin targets Tool v1:\n\n```json\n{\"peerDependencies\": {\"tool\": \"^1.0.0\"}}\n```\n\nWorks with Python 1.x:\n\n```\nnpm install tool@1.0.0\n```\n";
        // Line 7's comment line above is code, not a label; line 8 names a version, not a
        // major; a lead-in's `1.x` is a range it works with.
        assert_eq!(found(md), [at(7, "1.5.0"), at(8, "1.6.0"), at(20, "1.0.0")]);
        assert!(names_major("ai-sdk-v5", 5, true) && !names_major("v5.0.0", 5, true));
        assert!(names_major("for version 5 users", 5, false) && !names_major("uv5", 5, true));
    }

    #[test]
    fn the_repositorys_own_container_images() {
        let md = "```\ndocker run -v .:/io --rm ghcr.io/acme/tool:0.3.0 check\ndocker run ghcr.io/acme/tool:latest\nFROM ghcr.io/acme/tool:v1.2 AS tool\nCOPY --from=ghcr.io/other/tool:0.1.0 /tool /bin/\nFROM ghcr.io/acme/tool:0.3.0-alpine\nFROM ghcr.io/acme/tool:0.3.0@sha256:5adf09a5\n```\n";
        let got: Vec<_> = {
            let mut out = Vec::new();
            code::mentions(&parse(md.to_string()), &known(), &|_| false, &mut out);
            out.into_iter().map(|m| (m.line, m.target, m.subject)).collect()
        };
        let image = |p: &str| Subject::Release { prefix: p.into(), by: ReleaseUse::Image };
        assert_eq!(got, [(2, "0.3.0".to_string(), image("")), (4, "v1.2".to_string(), image("v"))]);
    }

    #[test]
    fn toolchains_a_workflow_snippet_sets_up() {
        let md = "```yaml\n- uses: actions/setup-node@v6\n  with:\n    node-version: 18\n    cache: npm\n- uses: actions/setup-python@v6\n  with:\n    python-version: \"3.8\"\n- with:\n    node-version: ${{ matrix.node }}\n    python-version: [\"3.9\", \"3.10\"]\n    node-version: 20.x\n    tool-version: 1.5.0  # otherwise latest\n    other-version: 2.0.0\n    tool-version: 0.0.0\n```\n\n```yaml\ntitle: Notebook\ntool-version: 1.0.0\n```\n";
        let known = known_with(&["node", "python"]);
        let mut out = Vec::new();
        code::mentions(&parse(md.to_string()), &known, &|_| false, &mut out);
        let got: Vec<_> = out.into_iter().map(|m| (m.line, m.target)).collect();
        // `other` is nothing the repository declares.
        assert_eq!(got, [at(4, "18"), at(8, "3.8"), at(12, "20"), at(13, "1.5.0")]);
    }

    #[test]
    fn tools_an_install_step_pins() {
        let md = "```yaml\n- uses: taiki-e/install-action@v2\n  with:\n    tool: node@18.1.0, other@1.0.0\n- uses: taiki-e/install-action@v2\n  with:\n    tool: node@latest\n    tool: \"node@v20.2\"  # pinned\n```\n\n```yaml\ntool: node@16.0.0\n```\n";
        let known = known_with(&["node"]);
        let mut out = Vec::new();
        code::mentions(&parse(md.to_string()), &known, &|_| false, &mut out);
        let got: Vec<_> = out.into_iter().map(|m| (m.line, m.target)).collect();
        // `other` is nothing the repository declares, `latest` no release, and a block
        // with no workflow step no install.
        assert_eq!(got, [at(4, "18.1.0"), at(8, "20.2")]);
    }

    #[test]
    fn toolchain_base_images_of_dockerfile_snippets() {
        let md = "```dockerfile\nFROM golang:1.25-alpine AS build\nFROM --platform=$BUILDPLATFORM python:3.11-slim\nFROM docker.io/library/node:18\nFROM rust:latest\nFROM ruby:3.1\nFROM golang:1.25@sha256:5adf09a5\nRUN echo FROM node:16\n```\n";
        let known = known_with(&["go", "python", "node", "rust"]);
        let mut out = Vec::new();
        code::mentions(&parse(md.to_string()), &known, &|_| false, &mut out);
        let got: Vec<_> = out.into_iter().map(|m| (m.line, m.target, m.subject)).collect();
        let name = |n: &str| Subject::Name { name: n.into(), in_code: true, registry: None };
        // `latest` names no version; Ruby is nothing the repository declares; a `RUN`
        // line is no base image.
        assert_eq!(
            got,
            [
                (2, "1.25".to_string(), name("go")),
                (3, "3.11".to_string(), name("python")),
                (4, "18".to_string(), name("node")),
                (7, "1.25".to_string(), name("go")),
            ]
        );
    }

    #[test]
    fn toolchain_images_a_container_run_names() {
        let md = "```bash\ndocker run --privileged -v \"$(pwd)\":/src -w /src \\\n  -e GOFLAGS=x golang:1.24-bookworm \\\n  go test ./...\npodman run --rm python:3.8 pytest\n```\n\n```bash\ndocker pull golang:1.20\n```\n";
        let known = known_with(&["go", "python", "node", "rust"]);
        let mut out = Vec::new();
        code::mentions(&parse(md.to_string()), &known, &|_| false, &mut out);
        let got: Vec<_> = out.into_iter().map(|m| (m.line, m.target)).collect();
        // A block that runs no container names images for other ends.
        assert_eq!(got, [(3, "1.24".to_string()), (5, "3.8".to_string())]);
    }

    #[test]
    fn own_packages_on_npm_cdns() {
        let md = "```html\n<script src=\"https://cdn.jsdelivr.net/npm/tool@1.4.0/cdn.min.js\"></script>\n<script src=\"https://unpkg.com/@acme/core@^1.2.0\"></script>\n<script src=\"https://esm.sh/tool@latest\"></script>\n<script src=\"https://cdn.jsdelivr.net/npm/left-pad@1.0.0\"></script>\n```\n\nSee [the build](https://cdn.jsdelivr.net/npm/grep@2.0.1/dist/).\n";
        // `@latest` names no release; left-pad is nothing the repository publishes.
        assert_eq!(found(md), [at(2, "1.4.0"), at(3, "1.2.0"), at(8, "2.0.1")]);
    }

    #[test]
    fn dependency_maps_of_package_json_snippets() {
        let md = "```json\n{\n  \"dependencies\": {\n    \"@acme/core\": \"^1.4.0\",\n    \"left-pad\": \"1.0.0\"\n  },\n  \"peerDependencies\": { \"tool\": \">=2.0.0\" },\n  \"devDependencies\": { \"grep\": \"2.1.0\", \"tool\": \"workspace:*\" }\n}\n```\n";
        // Known packages at a version (`judge` then finds ^1.4.0 behind 2.3.1 and
        // 2.1.0, read as ^2.1.0, current); an unknown package, an open range and a
        // workspace protocol are no mention.
        assert_eq!(found(md), [at(4, "1.4.0"), at(8, "2.1.0")]);
        // Docusaurus marks added lines in a diff of the whole file.
        let diff = "```diff title=\"package.json\"\n{\n  \"name\": \"x\",\n+  \"dependencies\": {\n+    \"@acme/core\": \"0.1.2\"\n+  }\n}\n```\n";
        assert_eq!(found(diff), [at(5, "0.1.2")]);
        assert!(
            found("```json\n{ \"dependencies\": { \"@acme/core\": \"1.0.0\", }\n```\n").is_empty(),
            "not JSON"
        );
    }

    #[test]
    fn releases_file_names_actions_and_hooks() {
        let md = "```\ncurl -LO https://github.com/acme/tool/releases/download/v1.0.0/tool-1.0.0-x86_64.tar.gz\ncurl -LO https://github.com/other/tool/releases/download/v0.1.0/tool-0.1.0.tar.gz\n```\n\n```yaml\n- repo: https://github.com/acme/tool\n  rev: tool-v1.0.0\n  hooks:\n    - id: tool\n- repo: https://github.com/other/hooks\n  rev: v0.1.0\n  hooks:\n    - id: tool\n```\n";
        assert_eq!(found(md), [at(2, "v1.0.0"), at(2, "1.0.0"), at(8, "tool-v1.0.0")]);
        assert!(
            found("```\nsudo dpkg -i tool_1.0.0_amd64.deb\n```\n").is_empty(),
            "no download here"
        );
        assert!(
            found("```\ncurl -LO https://github.com/acme/tool/releases/download/v1.0.0/Demo720p.GIF\n```\n")
                .is_empty(),
            "media kept on a release is no release to download"
        );
        assert!(
            found("```yaml\nuses: actions/checkout@v4\n```\n").is_empty(),
            "no workflow pins it"
        );
        // The repository's own action, when it is one: its release tags, not a branch
        // or a commit.
        let steps = "```yaml\n- uses: acme/tool@v1.4.1\n- uses: acme/tool@main\n- uses: acme/tool@0123456789abcdef0123456789abcdef01234567\n```\n";
        assert!(found(steps).is_empty(), "not an action repository");
        let mut known = known();
        known.own_action = true;
        let mut out = Vec::new();
        code::mentions(&parse(steps.to_string()), &known, &|_| false, &mut out);
        let got: Vec<_> = out.iter().map(|m| (m.line, m.target.as_str(), &m.subject)).collect();
        let release = Subject::Release { prefix: "v".into(), by: ReleaseUse::Action };
        assert_eq!(got, [(2, "v1.4.1", &release)]);
    }

    #[test]
    fn pinning_shown_by_example_is_not_a_claim() {
        let pinned = "To install a specific version (in this case 1.0.0):\n\n```\ncargo install tool --version 1.0.0\n```\n";
        assert!(found(pinned).is_empty());
        let commented =
            "```\nnpx tool@1.0.0 x.js # pin to a specific tool version\nnpm i tool@1.0.0\n```\n";
        assert_eq!(found(commented), [at(3, "1.0.0")]);
        let plain = "Install it:\n\n```\ncargo install tool --version 1.0.0\n```\n";
        assert_eq!(found(plain), [at(4, "1.0.0")]);
        let per_system = "To install a specific version (1.0.0):\n\nUnix:\n\n```\ncargo install tool --version 1.0.0\n```\n\nWindows:\n\n```\ncargo install tool --version 1.0.0\n```\n";
        assert!(found(per_system).is_empty());
        let workflow = "Pin to a specific tool version:\n\n```yaml\nsteps:\n  - uses: acme/setup@v3\n  - run: npm i tool@1.0.0\n```\n";
        assert_eq!(found(workflow), [at(5, "v3")], "the action pin still states current use");
        let new_section = "To install a specific version:\n\n## Upgrade\n\n```\ncargo install tool --version 1.0.0\n```\n";
        assert_eq!(found(new_section), [at(6, "1.0.0")]);
    }

    #[test]
    fn lines_under_a_comment_marking_the_wrong_way_state_nothing() {
        let guide = "```yaml\n# Correct - pinned by hash\n- uses: acme/setup@0123456789abcdef0123456789abcdef01234567 # v3.0.0\n\n# Incorrect - using a tag\n- uses: acme/setup@v3\n- run: npm i tool@1.0.0\n```\n";
        assert_eq!(
            found(guide),
            [at(3, "0123456789abcdef0123456789abcdef01234567 # v3.0.0")],
            "the right way still states its pin"
        );
        let avoid =
            "```\n// Avoid: an old major\nnpm i tool@1.0.0\n// Instead\nnpm i tool@1.0.0\n```\n";
        assert_eq!(found(avoid), [at(5, "1.0.0")]);
    }
}
