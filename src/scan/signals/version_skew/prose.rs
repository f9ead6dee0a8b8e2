//! Versions stated in prose: a known name, up to three filler words (`version`, `is`
//! after `MSRV`, `at least`), then a version — `Rust 1.70`, `Rust >= 1.70`,
//! `axum-core's MSRV is 1.75`, `` `uv` (version 0.4.30 or later) ``, `widget@2.2.0`,
//! `Python 3.10 through 3.13` (a range: both ends are claims) — and, in scripts that put
//! the name after the version, a version then a name with only letters of that script
//! between (`高于1.74.0版本的 Rust`). Inline code may give the name (`` `uv` ``), never
//! the version: `` `widget 0.9.0` `` is code, read no more than code blocks are (those
//! have their own patterns, `code.rs`). Mentions in history (sections, sentences placed in time) are left
//! out (`history.rs`).

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::commands::{installed, LOCAL};
use super::history::{claims_current, history_sentence, placed_in_time, release_verb};
use super::mention::{Claim, Mention, Subject};
use super::words::{clean, sentence, starts_like_version, strict_version, tokens};
use crate::scan::markdown::{InlineKind, ParsedDoc};
use crate::scan::signals::manifests::KnownVersions;

/// Words allowed between a name and its version (`Node.js LTS (>= 18.x)`: unocss'
/// contributing guide under `engines.node` `>=22`).
const FILLERS: [&str; 8] = ["version", "versions", "v", "at", "least", "minimum", "min", "lts"];

/// Words after a number that make it a quantity, not a version.
const UNITS: [&str; 12] =
    ["times", "x", "percent", "ms", "s", "seconds", "sec", "mb", "gb", "kb", "lines", "files"];

/// Words right after a version that name the language as that release defined it
/// (`like Python 3.7 code with …`, `Python 2 syntax`): a fact about the release, not
/// what the project needs.
const LANGUAGE_OF: [&str; 7] =
    ["code", "syntax", "semantics", "grammar", "feature", "features", "idioms"];

/// Words right after a version that name things made for that release (`CPython
/// 3.10-3.11 wheels on manylinux_2_28`, `Intel / CPython 3.9-3.11 builds`): what a tool
/// builds for, not what it runs on.
const BUILT_FOR: [&str; 8] =
    ["wheel", "wheels", "build", "builds", "binary", "binaries", "target", "targets"];

/// Words after a version (after `or`/`and`) that make it a minimum: `1.70 or later`.
const LATER: [&str; 7] = ["later", "newer", "higher", "above", "greater", "up", "more"];

/// Words after a version (after `or`/`and`) that name it among the old releases
/// (trivy's Go page: "`go.sum` in Go 1.16 or less", "for `Go` 1.20 or early").
const EARLIER: [&str; 8] =
    ["earlier", "older", "below", "lower", "prior", "before", "less", "early"];

/// Text right after (or before) a version that makes it a minimum in other scripts.
const LATER_SCRIPTS: [&str; 4] = ["以上", "或更高", "及以上", "이상"];
const ABOVE_SCRIPTS: [&str; 2] = ["高于", "至少"];

/// Range separators between two versions written as words.
const RANGE_WORDS: [&str; 2] = ["through", "thru"];

/// Characters allowed between a name, fillers and a version.
const GAP: &str = "()[]:=>≥^~`*\"";

/// One stretch of prose (a paragraph, list item, heading or cell) with a map back to
/// source offsets.
struct Segment {
    text: String,
    /// `(start in text, source offset)` of each piece.
    pieces: Vec<(usize, usize)>,
    /// Where the inline code pieces lie in `text`.
    code: Vec<Range<usize>>,
}

impl Segment {
    fn source_offset(&self, at: usize) -> usize {
        let i = self.pieces.partition_point(|(start, _)| *start <= at).saturating_sub(1);
        let (start, offset) = self.pieces.get(i).copied().unwrap_or((0, 0));
        offset + (at - start)
    }
}

/// Adds every version claim of `doc`'s prose about a name in `known`.
pub fn mentions(
    doc: &ParsedDoc,
    known: &KnownVersions,
    history: &[Range<usize>],
    out: &mut Vec<Mention>,
) {
    let first = out.len();
    for seg in segments(doc) {
        if !seg.text.bytes().any(|b| b.is_ascii_digit()) {
            continue; // no version here: most paragraphs
        }
        let tokens = tokens(&seg.text);
        let rows = release_rows(&seg.text);
        // Lowercased once, byte for byte: the token ranges hold in both.
        let lower = seg.text.to_ascii_lowercase();
        let mut used = vec![false; tokens.len()];
        for i in 0..tokens.len() {
            let word = seg.text[tokens[i].clone()].trim_start_matches(['\'', '’', '.', '-']);
            let found = if starts_like_version(word) {
                if used[i] {
                    continue;
                }
                name_after(&lower, &tokens, i, known)
            } else {
                name_first(&lower, &tokens, i, known)
            };
            let Some((anchor, found)) = found else { continue };
            let at = seg.source_offset(tokens[anchor].start);
            if history.iter().any(|r| r.contains(&at)) {
                continue;
            }
            let (start, end) = sentence(&seg.text, tokens[anchor].start);
            // A question claims nothing ("Why is the header deleted on Node 18?").
            if seg.text[start..end].trim_end().ends_with('?')
                || history_sentence(&seg.text[start..end])
                || placed_in_time(&seg.text[start..tokens[anchor].start])
            {
                continue;
            }
            let current = claims_current(&seg.text[start..end]);
            let about_project = builds_project(&lower, &tokens, start..end, known);
            for (range, name, claim) in found {
                if let Some(j) = tokens.iter().position(|t| t.contains(&range.start)) {
                    used[j] = true;
                }
                if describes_older_releases(&rows, &range) {
                    continue;
                }
                // "`go 1.25` in `go.mod`": a sentence naming the manifest that declares
                // the toolchain says what that file holds, in code or not.
                let quoted = known.is_toolchain(&name)
                    && quotes_manifest(known, &name, &seg.text[start..end]);
                if seg.code.iter().any(|c| c.contains(&range.start))
                    && !quoted
                    && !(known.is_toolchain(&name)
                        && styled_floor(&seg, start..end, &range, &claim))
                {
                    continue;
                }
                if known.is_toolchain(&name)
                    && (feature_floor(&seg, start..end, &range)
                        || annotates_a_feature(&doc.text, &seg, start..end, &range, &name))
                {
                    continue;
                }
                // "Node 22.6 added --experimental-strip-types", "a Python 3.9 target",
                // "when using SSR on Node 18": a toolchain's release named for what it
                // does, not as what this project needs.
                let setting = claim == Claim::Version
                    && known.is_toolchain(&name)
                    && states_setting(&name, &seg.text[start..range.start]);
                if claim == Claim::Version
                    && known.is_toolchain(&name)
                    && !frames_requirement(&seg.text[start..end])
                    && !sets_up_manager(&name, &seg.text[start..end])
                    && !setting
                    && !built_with(&seg.text[start..range.start])
                    && !quoted
                    && !in_requirements_section(doc, seg.source_offset(range.start))
                {
                    continue;
                }
                let written = seg.text[range.clone()].trim_end_matches('+').to_string();
                let Some(version) = strict_version(&written) else { continue };
                let line = doc.lines.line(seg.source_offset(range.start));
                let subject = Subject::Name { name, in_code: false, registry: None };
                out.push(Mention {
                    line,
                    subject,
                    claim: if setting { Claim::Setting } else { claim },
                    target: written.clone(),
                    written,
                    version,
                    asserts_current: current,
                    about_project,
                });
            }
        }
    }
    drop_mapping_rows(&doc.text, out, first);
    drop_other_packages_floors(doc, known, out, first);
}

/// Packages a doc installs on the way to the project itself (package managers, build
/// and test runners): installing one says nothing about whose requirement a section
/// states.
const SETUP_TOOLS: [&str; 20] = [
    "uv",
    "pip",
    "pipx",
    "poetry",
    "hatch",
    "pdm",
    "setuptools",
    "wheel",
    "virtualenv",
    "tox",
    "nox",
    "pre-commit",
    "build",
    "twine",
    "npm",
    "pnpm",
    "yarn",
    "corepack",
    "bun",
    "tsx",
];

/// Drops, from `out[first..]`, a toolchain's version stated near an install of another
/// package: in a section (from a heading to the next) that installs only other packages,
/// when the install nearest the mention (within `NEAR` lines) is one of them. The floor is
/// that package's own (crewAI's "`pip install neatlogs` … Python 3.8+", cline's "Node.js
/// 18+ … `npx kanban`", a Mintlify starter's "Node.js 19 or higher … `npm i -g
/// mintlify`"). A section that also installs the project (a package it publishes, one
/// named for its repository — `aider-chat`, `@beads/bd` — or a local install: `.`, `-e`,
/// `-r`) keeps it.
fn drop_other_packages_floors(
    doc: &ParsedDoc,
    known: &KnownVersions,
    out: &mut Vec<Mention>,
    first: usize,
) {
    const NEAR: u32 = 12;
    let toolchain =
        |m: &Mention| matches!(&m.subject, Subject::Name { name, .. } if known.is_toolchain(name));
    if !out[first..].iter().any(toolchain) {
        return;
    }
    let heads: Vec<u32> = doc.headings.iter().map(|h| h.line).collect();
    let section_of = |line: u32| {
        let i = heads.partition_point(|h| *h <= line);
        let start = if i == 0 { 0 } else { heads[i - 1] };
        (start, heads.get(i).copied().unwrap_or(u32::MAX))
    };
    // Every install line of the doc: (line, package names).
    let mut installs: Vec<(u32, Vec<String>)> = Vec::new();
    for block in &doc.code_blocks {
        for (k, text) in block.text.lines().enumerate() {
            let names = installed(text);
            if !names.is_empty() {
                installs.push((block.line + k as u32, names));
            }
        }
    }
    for span in &doc.code_spans {
        let names = installed(&span.text);
        if !names.is_empty() {
            installs.push((span.line, names));
        }
    }
    if installs.is_empty() {
        return;
    }
    let repo_names: Vec<&str> = known.repos.iter().filter_map(|r| r.rsplit('/').next()).collect();
    let own = |name: &str| {
        name == LOCAL
            || (known.knows(name, true) && !known.is_toolchain(name))
            || repo_names.iter().any(|r| {
                name == *r
                    || name.strip_prefix(r).is_some_and(|rest| rest.starts_with('-'))
                    || name.strip_suffix(r).is_some_and(|rest| rest.ends_with('-'))
                    || name
                        .strip_prefix('@')
                        .and_then(|n| n.strip_prefix(r))
                        .is_some_and(|rest| rest.starts_with('/'))
            })
    };
    let other = |names: &[String]| {
        !names.iter().any(|n| own(n)) && names.iter().any(|n| !SETUP_TOOLS.contains(&n.as_str()))
    };
    let mut i = first;
    while i < out.len() {
        let line = out[i].line;
        if !toolchain(&out[i]) {
            i += 1;
            continue;
        }
        let (start, end) = section_of(line);
        let in_section: Vec<&(u32, Vec<String>)> =
            installs.iter().filter(|(l, _)| *l >= start && *l < end).collect();
        let nearest = in_section.iter().min_by_key(|(l, _)| l.abs_diff(line));
        let drop = nearest.is_some_and(|(l, names)| l.abs_diff(line) <= NEAR && other(names))
            && !in_section.iter().any(|(_, names)| names.iter().any(|n| own(n)));
        if drop {
            out.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Drops, from `out[first..]`, the ranges and minimums of a name that rows of one table
/// give differently: such a table maps releases to facts ("CPython 3.9-3.11 | 10.9",
/// "CPython 3.12-3.13 | 10.13", "CPython 3.14+ | 10.15": the lowest macOS target per
/// Python), it does not state what the project runs on. A row naming one release
/// (`| Python 3.8 | yes |`) is a support list and stays.
fn drop_mapping_rows(text: &str, out: &mut Vec<Mention>, first: usize) {
    let ranged = |m: &Mention| matches!(m.claim, Claim::RangeLow | Claim::AtLeast);
    if !out[first..].iter().any(ranged) {
        return;
    }
    let lines: Vec<&str> = text.lines().collect();
    let row = |line: u32| {
        let i = (line as usize).checked_sub(1)?;
        lines.get(i)?.trim_start().starts_with('|').then_some(i)
    };
    // The first line of the table that holds row `i`.
    let table_of = |mut i: usize| {
        while i > 0 && lines[i - 1].trim_start().starts_with('|') {
            i -= 1;
        }
        i
    };
    let name_of = |m: &Mention| match &m.subject {
        Subject::Name { name, .. } => Some(name.clone()),
        _ => None,
    };
    // (table, name) → the distinct lower ends its rows state.
    let mut lows: std::collections::HashMap<(usize, String), Vec<Vec<u64>>> = Default::default();
    for m in out[first..].iter().filter(|m| ranged(m)) {
        let (Some(i), Some(name)) = (row(m.line), name_of(m)) else { continue };
        let seen = lows.entry((table_of(i), name)).or_default();
        if !seen.contains(&m.version) {
            seen.push(m.version.clone());
        }
    }
    lows.retain(|_, v| v.len() > 1);
    if lows.is_empty() {
        return;
    }
    let mut i = first;
    while i < out.len() {
        let key = row(out[i].line).zip(name_of(&out[i])).map(|(r, n)| (table_of(r), n));
        if key.is_some_and(|k| lows.contains_key(&k)) {
            out.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Words of a sentence that make a toolchain's version a requirement (`you need Rust
/// 1.79`, `the minimum supported Python is 3.10`).
const REQUIREMENT_WORDS: [&str; 15] = [
    "support",
    "supports",
    "compatible",
    "require",
    "requires",
    "required",
    "requirement",
    "requirements",
    "need",
    "needs",
    "minimum",
    "msrv",
    "prerequisite",
    "prerequisites",
    "supported",
];

/// Whether `sentence` names a manifest file that declares toolchain `name` (`go.mod`
/// for `go`, `pyproject.toml` for `python`): air's `AGENTS.md` says "`go 1.25` in
/// `go.mod`", a claim about that file as it is now.
fn quotes_manifest(known: &KnownVersions, name: &str, sentence: &str) -> bool {
    known.versions.iter().filter(|k| !k.package && k.names.iter().any(|n| n == name)).any(|k| {
        let file = k.source.split_whitespace().next().unwrap_or_default();
        let file = file.rsplit('/').next().unwrap_or(file);
        file.contains('.') && sentence.contains(file)
    })
}

/// Whether a toolchain's version at `range`, set in a code span of its own, is the
/// floor the sentence states, only styled as code: "Install Rust `1.85.1` or later",
/// "The minimum supported Rust version for this crate is `1.83.0`". A span holding more
/// than the version (`node 18 server.js`, `python3.8 -m venv`) is a command, and a span
/// in a sentence that asks for nothing names a release for what it is.
fn styled_floor(seg: &Segment, span: Range<usize>, range: &Range<usize>, claim: &Claim) -> bool {
    let Some(code) = seg.code.iter().find(|c| c.contains(&range.start)) else { return false };
    let inner = seg.text[code.clone()].trim().trim_start_matches('v').trim_end_matches('+');
    strict_version(inner).is_some()
        && (*claim == Claim::AtLeast || frames_requirement(&seg.text[span]))
}

/// Whether the heading over `offset` names what the section lists as needed ("Install
/// Prerequisites", "Requirements"): each line under it states a requirement, worded or
/// not (CopilotKit's "- pnpm v9.x installed globally"). So does one naming the stack the
/// project is built on ("Key Technologies", "Tech Stack": chakra-ui's `CLAUDE.md` lists
/// "**TypeScript 5.8.3** for type safety"), not a stack of another kind ("The Stack and
/// the Heap").
fn in_requirements_section(doc: &ParsedDoc, offset: usize) -> bool {
    let i = doc.headings.partition_point(|h| h.offset <= offset);
    i > 0 && {
        let words = doc.headings[i - 1].text.to_lowercase();
        let words: Vec<&str> =
            words.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
        words.iter().enumerate().any(|(at, w)| match *w {
            "prerequisite" | "prerequisites" | "requirement" | "requirements" | "technologies" => {
                true
            }
            "stack" => at > 0 && matches!(words[at - 1], "tech" | "technology"),
            _ => false,
        })
    }
}

/// Whether `sentence` says the repository works with package manager `name` (pnpm, yarn
/// or npm, whose major the root's `packageManager` pins): "This repo uses Yarn 3 for
/// all package management", "Please use PNPM version 8.15 while working on this
/// project" — the project's own setup, not a release named for what it does. (Installing
/// one is not: "ensure that Yarn 1.x is installed globally, so that Yarn 3 will run"
/// names the global shim that runs the repository's own.)
fn sets_up_manager(name: &str, sentence: &str) -> bool {
    matches!(name, "pnpm" | "yarn" | "npm") && {
        let lower = sentence.to_lowercase();
        lower.split(|c: char| !c.is_alphanumeric()).any(|w| matches!(w, "use" | "uses" | "using"))
    }
}

/// Whether `before`, the sentence up to a toolchain's release, is the label of a
/// setting that names the toolchain: a spec sheet's line of the project's own setup
/// ("Go Version: 1.26.4", "Yarn version: 4.10.0 (managed by corepack)", "Package
/// Manager: pnpm 10.15.0", "npm: Version 10.8.0"), as an agent file lists it. The label
/// is at most four words, one of them the toolchain's name, `version`, `runtime` or
/// `toolchain` (or the pair `package manager`); after its colon come at most the name and
/// the word `version`. A label of `versions` opens a list of releases, a test matrix or a
/// compatibility list ("Node.js versions: 18.x, 20.x, 21.x", what a workflow runs), not
/// the one release the project is developed with.
fn states_setting(name: &str, before: &str) -> bool {
    let Some((label, value)) = before.split_once(':') else { return false };
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '.' || c == '-'))
            .filter(|w| !w.is_empty())
            .map(|w| w.trim_end_matches('.').to_lowercase())
            .collect()
    };
    let (label, value) = (words(label), words(value));
    let names = |w: &String| w == name || w.strip_suffix(".js") == Some(name);
    let keyed =
        label.iter().any(|w| names(w) || matches!(w.as_str(), "version" | "runtime" | "toolchain"))
            || label.windows(2).any(|p| p[0] == "package" && p[1] == "manager");
    (1..=4).contains(&label.len())
        && keyed
        && !label.iter().any(|w| w == "versions")
        && value.iter().all(|w| names(w) || matches!(w.as_str(), "version" | "v"))
}

/// Whether `before`, the sentence up to a toolchain's release, says the project is built
/// with it: "This website is built using [Docusaurus 2](…)", "is built with Go 1.23" —
/// the toolchain the project is made with now, at most one word between the phrase and
/// the name (its link or a `the`).
fn built_with(before: &str) -> bool {
    let lower = before.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '.'))
        .filter(|w| !w.is_empty())
        .collect();
    let n = words.len();
    (3..=4)
        .any(|k| n >= k && words[n - k] == "built" && matches!(words[n - k + 1], "using" | "with"))
}

/// Whether `sentence` states what the project needs.
fn frames_requirement(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    lower.split(|c: char| !c.is_alphanumeric()).any(|w| REQUIREMENT_WORDS.contains(&w))
}

/// Browsers named with a release (`Chrome 110+`, `Safari 16`): two in a sentence make
/// it a compatibility list of where a web feature runs.
static BROWSER_RELEASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:chrome|chromium|safari|firefox|edge|opera|samsung internet)\s+\d+")
        .unwrap()
});

/// Verbs that, after a toolchain's release, make that release the subject: what the
/// runtime itself does ("Node.js v12 and later supports both ECMAScript imports and
/// CommonJS `require`").
const RUNTIME_VERBS: [&str; 7] =
    ["supports", "support", "provides", "implements", "offers", "ships", "exposes"];

/// Words that make a sentence one about what a runtime has built in, wherever they sit:
/// "`tomllib` - Python 3.11+ built-in TOML parser", "Built-in Fetch (Node.js v18+)", "the
/// Go Modules support built into Go 1.11", "In Python 3.7, PEP 563 introduced…". On the
/// labels, version lines holding one were 0 true, 9 false and 2 debatable.
const BUILT_IN: [&str; 5] = ["built-in", "builtin", "built into", "bundled into", "introduced"];

/// Whether the toolchain release at `range` in sentence `span` of `seg` is the floor of
/// a feature rather than of this project: a compatibility list of browsers and runtimes
/// ("available in Chrome 110+, Safari 16+, Firefox 115+, Node.js 20+"), the release a
/// named option or syntax needs ("MSRV: 1.77 is required for `cargo::KEY=VALUE`
/// syntax"), a release that is the subject of what the runtime does, or one in a sentence
/// about what the runtime has built in.
fn feature_floor(seg: &Segment, span: Range<usize>, range: &Range<usize>) -> bool {
    let sentence = &seg.text[span.clone()];
    if BROWSER_RELEASE.find_iter(sentence).count() >= 2 {
        return true;
    }
    let lower = sentence.to_ascii_lowercase();
    if BUILT_IN.iter().any(|w| lower.contains(w)) {
        return true;
    }
    let code_follows = |at: usize| {
        let rest = &seg.text[at..span.end];
        let skipped = rest.len() - rest.trim_start_matches([' ', '(']).len();
        seg.code.iter().any(|c| c.start == at + skipped)
    };
    if lower.match_indices("required for").any(|(i, m)| code_follows(span.start + i + m.len())) {
        return true;
    }
    // A range may end past the sentence of its name ("Rust. 40+ crates").
    let after = seg.text.get(range.end..span.end).unwrap_or_default();
    let after = after.trim_start_matches('+').to_ascii_lowercase();
    let mut words = after.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty());
    let mut word = words.next();
    if matches!(word, Some("and" | "or")) && words.next().is_some_and(|w| LATER.contains(&w)) {
        word = words.next();
    }
    if word == Some("which") {
        word = words.next();
    }
    word.is_some_and(|w| RUNTIME_VERBS.contains(&w))
}

/// Whether the toolchain release at `range` (in sentence `span` of `seg`, whose source is
/// `source`) annotates the feature just before it: a parenthesis holding only the
/// toolchain and its release, right after a code span or bold text —
/// "`from __future__ import annotations` (Python 3.7+)", "**Structured concurrency with
/// asyncio.TaskGroup** (Python 3.11+)", "`node --test` (Node 20+)". It says since when
/// the runtime has what it follows, not what the project needs (on the labels, 3 false
/// rows, no true one; "Go module dependencies (Go 1.24.0+)", after plain words, stays a
/// claim). A sentence that frames a requirement before it keeps the claim
/// ("**Requirements** (Python 3.12+)"), so does a heading ("#### Using `venv` (Python 3.9
/// and later)", aider's setup section) and a parenthesis without the toolchain's name,
/// the release of the tool just named ("Install `uv` (version 0.4.30 or later)").
fn annotates_a_feature(
    source: &str,
    seg: &Segment,
    span: Range<usize>,
    range: &Range<usize>,
    name: &str,
) -> bool {
    let text = &seg.text;
    let Some(open) = text[span.start..range.start].rfind('(').map(|i| span.start + i) else {
        return false;
    };
    let inside = &text[open + 1..range.start];
    let only_the_name = inside
        .trim()
        .trim_end_matches(['v', 'V'])
        .trim_end()
        .chars()
        .all(|c| c.is_alphabetic() || c == '.')
        && !inside.trim().is_empty();
    let after = text[range.end..span.end].trim_start_matches('+');
    let after = after.trim_start();
    let after = ["or later", "or newer", "and later", "and newer", "or above"]
        .iter()
        .find_map(|w| after.strip_prefix(w))
        .unwrap_or(after);
    if !only_the_name
        || !inside.to_lowercase().contains(name)
        || !after.trim_start().starts_with(')')
    {
        return false;
    }
    let before = text[span.start..open].trim_end();
    let after_code = seg.code.iter().any(|c| c.end == span.start + before.len());
    let at = seg.source_offset(open);
    let line_start = source.get(..at).and_then(|s| s.rfind('\n')).map_or(0, |i| i + 1);
    let heading = source.get(line_start..).is_some_and(|l| l.trim_start().starts_with('#'));
    let bold = source.get(..at).is_some_and(|s| {
        let s = s.trim_end();
        s.ends_with("**") || s.ends_with("__")
    });
    (after_code || bold) && !heading && !frames_requirement(before)
}

/// Releases named as a range or a series (`1.39 to 1.47`, `1.48 to now`, `1.47.x`): a
/// line holding one is a row of a compatibility table ("1.39 to 1.47 - Rust 1.70",
/// "`1.47.x` - LTS release (MSRV 1.70)").
static RELEASE_ROW: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b\d+\.\d+(?:\.\d+)?(?:\s*(?:to|through|-|–)\s*(?:\d+\.\d+(?:\.\d+)?|now|present|current|latest)\b|\.x\b)",
    )
    .unwrap()
});

/// The bare release ranges of `text`: not preceded by a name ("Python 3.9-3.12" is a
/// mention of Python, "1.39 to 1.47" of the project's own releases).
fn release_rows(text: &str) -> Vec<Range<usize>> {
    RELEASE_ROW
        .find_iter(text)
        .filter(|m| {
            let before = text[..m.start()].trim_end_matches([' ', '`', 'v']);
            !before.chars().next_back().is_some_and(char::is_alphabetic)
        })
        .map(|m| m.range())
        .collect()
}

/// Whether a version at `range` sits in a compatibility-table row of other releases: it
/// says what those releases needed, not what is needed now. (A range that holds the
/// version itself, "Python 3.8 to 3.12", is the mention's own claim.)
fn describes_older_releases(rows: &[Range<usize>], range: &Range<usize>) -> bool {
    rows.iter().any(|r| r.end <= range.start || r.start >= range.end)
}

/// The text pieces and code spans of each prose stretch, joined.
fn segments(doc: &ParsedDoc) -> Vec<Segment> {
    let mut out = Vec::new();
    let empty = || Segment { text: String::new(), pieces: Vec::new(), code: Vec::new() };
    let mut seg = empty();
    for piece in &doc.inline {
        if piece.kind == InlineKind::Break {
            if !seg.text.is_empty() {
                out.push(std::mem::replace(&mut seg, empty()));
            }
            continue;
        }
        let start = seg.text.len();
        seg.pieces.push((start, piece.offset));
        seg.text.push_str(&piece.text);
        if piece.kind == InlineKind::Code {
            seg.code.push(start..seg.text.len());
        }
    }
    if !seg.text.is_empty() {
        out.push(seg);
    }
    out
}

type Found = (usize, Vec<(Range<usize>, String, Claim)>);

/// A name at token `i` followed by its version (and a range's second end). `text` is
/// lowercase.
fn name_first(
    text: &str,
    tokens: &[Range<usize>],
    i: usize,
    known: &KnownVersions,
) -> Option<Found> {
    let mut word = clean(&text[tokens[i].clone()]);
    let before = text[..tokens[i].start].chars().next_back();
    if before.is_some_and(|c| "/\\:=#.-".contains(c)) {
        return None;
    }
    // A name that ends its sentence names no version of the next one ("SQLite rewrite
    // in Rust. 40+ crate workspace.").
    if text[tokens[i].clone()].ends_with(['.', ';', '!', '?']) {
        return None;
    }
    // "The minimum supported version is 1.42. … on Rust versions earlier than the
    // minimum supported version": the paragraph names the toolchain once for both.
    if word == "supported"
        && text[..tokens[i].start].ends_with("minimum ")
        && text[tokens[i].end..].starts_with(" version")
        && known.knows("msrv", false)
        && tokens.iter().any(|t| clean(&text[t.clone()]) == "rust")
    {
        word = "msrv";
    }
    // `VS Code 1.100`, `Visual Studio Code 1.100`: the editor, by one name.
    if word == "code"
        && i > 0
        && matches!(clean(&text[tokens[i - 1].clone()]), "vs" | "studio")
        && known.knows("vscode", false)
    {
        word = "vscode";
    }
    if let Some((name, version)) = word.rsplit_once('@') {
        if name.is_empty() || !known.knows(name, false) || strict_version(version).is_none() {
            return None;
        }
        let at = tokens[i].start + text[tokens[i].clone()].rfind('@')? + 1;
        let range = at..at + version.len();
        return Some((i, vec![(range, name.to_string(), Claim::Version)]));
    }
    if !known.knows(word, false) {
        return None;
    }
    let word = word.to_string();
    let mut j = i + 1;
    let mut fillers = 0;
    // Whether the words so far name what the version is of (`MSRV of this project`),
    // after which `is` may come.
    let mut named = false;
    while let Some(t) = tokens.get(j) {
        if !text[tokens[j - 1].end..t.start].chars().all(|c| c.is_whitespace() || GAP.contains(c)) {
            return None;
        }
        let next = clean(&text[t.clone()]);
        let previous = clean(&text[tokens[j - 1].clone()]);
        // `MSRV of this project is 1.88.0` (reth), `MSRV for this crate is`: the words
        // name whose floor it is, not a filler each.
        if ["msrv", "version"].contains(&previous) && ["of", "for"].contains(&next) {
            if let Some(k) = whose_floor(text, tokens, j + 1, known) {
                named = true;
                j = k;
                continue;
            }
        }
        // `MSRV is 1.75`, `Rust version of 1.80.0` (quinn's README), `a Rust version of
        // at least 1.65` (a Tauri plugin's README: `version of` counts once).
        if FILLERS.contains(&next)
            || (next == "is" && (named || ["msrv", "version"].contains(&previous)))
            || (next == "of" && previous == "version")
        {
            if !(next == "version" && clean(&text[tokens[j + 1..].first()?.clone()]) == "of") {
                fillers += 1;
            }
            if fillers > 3 {
                return None;
            }
            j += 1;
            continue;
        }
        break;
    }
    let t = tokens.get(j)?;
    // The word after the version, when nothing but a space parts them: after a comma
    // ("With Go 1.16+, build and install …", ko's install page) it starts another
    // clause and says nothing of the release.
    let after = tokens
        .get(j + 1)
        .filter(|n| !text[t.end..n.start].contains([',', ';', ':']))
        .map(|n| clean(&text[n.clone()]));
    let describes = |w: &str| {
        UNITS.contains(&w) || LANGUAGE_OF.contains(&w) || BUILT_FOR.contains(&w) || release_verb(w)
    };
    if after.is_some_and(describes) {
        // `1.2 times`; `Rust 1.70 stabilized …`: an event, not a claim; `Python 3.7
        // code`: the language of a release; `3.9-3.11 wheels`: what is built for it.
        return None;
    }
    // `Node.js 18 and earlier`: the old releases, named as such.
    let word_at = |k: usize| tokens.get(k).map(|n| clean(&text[n.clone()]));
    if matches!(word_at(j + 1), Some("and" | "or"))
        && word_at(j + 2).is_some_and(|w| EARLIER.contains(&w))
    {
        return None;
    }
    let bare = text[t.clone()].trim_end_matches(['.', ',', ';', ':', '!', '?']);
    if bare.ends_with("'s") || bare.ends_with("’s") {
        return None; // `Vite 1.0's server`: a release named as a thing of the past
    }
    let minimum = word == "msrv"
        || fillers > 0
            && (i + 1..j)
                .any(|f| matches!(clean(&text[tokens[f].clone()]), "least" | "minimum" | "min"))
        || text[tokens[i].end..t.start].contains(['>', '≥'])
        || at_least_after(text, tokens, j);
    let raw = clean(&text[t.clone()]);
    // `pnpm v9.x`: any release of major 9, stated at the precision written.
    let raw = raw.strip_suffix(".x").or_else(|| raw.strip_suffix(".X")).unwrap_or(raw);
    let raw_start = t.start + text[t.clone()].find(raw)?;
    if let Some((low, high)) = raw.split_once('-') {
        strict_version(low)?;
        strict_version(high.trim_end_matches('+'))?;
        let high_start = raw_start + low.len() + 1;
        return Some((
            i,
            vec![
                (raw_start..raw_start + low.len(), word.clone(), Claim::RangeLow),
                (high_start..raw_start + raw.len(), word, Claim::RangeHigh),
            ],
        ));
    }
    strict_version(raw.trim_end_matches('+'))?;
    let range = raw_start..raw_start + raw.len();
    if let Some(k) = range_end(text, tokens, j) {
        let end = clean(&text[tokens[k].clone()]);
        let end_start = tokens[k].start + text[tokens[k].clone()].find(end)?;
        return Some((
            i,
            vec![
                (range, word.clone(), Claim::RangeLow),
                (end_start..end_start + end.len(), word, Claim::RangeHigh),
            ],
        ));
    }
    let claim = if minimum { Claim::AtLeast } else { Claim::Version };
    Some((i, vec![(range, word, claim)]))
}

/// Whether the sentence at `span` of `lower` (the lowercased segment) builds or
/// installs the project by one of its own names: "If you have Rust 1.56 or higher, you
/// can install `hexyl` from source". Such a toolchain floor is the build floor the
/// manifest declares, however far behind; "the minimum Rust version to _run_ nextest
/// with is 1.41" beside a 1.91 build floor names another floor.
fn builds_project(
    lower: &str,
    tokens: &[Range<usize>],
    span: Range<usize>,
    known: &KnownVersions,
) -> bool {
    const BUILD: [&str; 7] =
        ["build", "builds", "building", "compile", "compiles", "install", "installs"];
    let words: Vec<&str> = tokens
        .iter()
        .filter(|t| t.start >= span.start && t.end <= span.end)
        .map(|t| clean(&lower[t.clone()]))
        .collect();
    // The project as the subject of what it needs: "`tonic` works on rust `1.39` and
    // above", "foo requires Rust 1.70 or later". Not "This project requires Rust 1.30.0
    // or later": wasm-pack's README states the floor it checks on its user's toolchain,
    // not the one its edition sets (2 rows, judged false, session 31).
    const NEEDS: [&str; 6] = ["works", "runs", "requires", "needs", "supports", "targets"];
    let own = words.iter().position(|w| known.is_own_name(w));
    own.is_some_and(|o| {
        words.iter().any(|w| BUILD.contains(w))
            || words.get(o + 1).is_some_and(|w| NEEDS.contains(w))
    })
}

/// Words naming whose toolchain floor a sentence states, starting at token `k` after
/// `MSRV of`/`version for`: `this project`, `the crate`, or one of the project's own
/// names (`tonic`). The token after them, if they are there.
fn whose_floor(
    text: &str,
    tokens: &[Range<usize>],
    k: usize,
    known: &KnownVersions,
) -> Option<usize> {
    const THINGS: [&str; 6] = ["project", "crate", "library", "package", "workspace", "repository"];
    let word = |k: usize| tokens.get(k).map(|t| clean(&text[t.clone()]).to_ascii_lowercase());
    let first = word(k)?;
    if ["this", "the"].contains(&first.as_str()) {
        return word(k + 1).filter(|w| THINGS.contains(&w.as_str())).map(|_| k + 2);
    }
    known.is_own_name(&first).then_some(k + 1)
}

/// Whether the version at token `j` is followed by `+`, `or later` and the like.
fn at_least_after(text: &str, tokens: &[Range<usize>], j: usize) -> bool {
    let raw = text[tokens[j].clone()].trim_end_matches(['.', ',', ';', ':', '!', '?', ')']);
    if raw.ends_with('+') {
        return true;
    }
    let rest = text[tokens[j].end..].trim_start();
    if LATER_SCRIPTS.iter().any(|s| rest.starts_with(s)) {
        return true;
    }
    let word = |k: usize| tokens.get(k).map(|t| clean(&text[t.clone()]));
    let later_at = |k: usize| {
        matches!(word(k), Some("or" | "and")) && word(k + 1).is_some_and(|w| LATER.contains(&w))
    };
    if later_at(j + 1) {
        return true;
    }
    // An aside between the version and its `or higher` is skipped: crawlee's "Node.js
    // version 16.0 (Visit Node.js website to download …) or higher installed". Tokens
    // hold no parentheses: they are in the gaps between them.
    let gap = |k: usize| match (tokens.get(k - 1), tokens.get(k)) {
        (Some(a), Some(b)) => &text[a.end..b.start],
        _ => "",
    };
    if !gap(j + 1).trim_start().starts_with('(') {
        return false;
    }
    let mut depth = 0i32;
    let mut next = j + 1;
    while next < tokens.len() && next <= j + 24 {
        depth += gap(next).matches('(').count() as i32 - gap(next).matches(')').count() as i32;
        if depth <= 0 {
            break;
        }
        next += 1;
    }
    depth <= 0 && next > j + 1 && later_at(next)
}

/// The token ending a range that starts at version token `j` (`3.10 through 3.13`,
/// `3.10–3.13`).
fn range_end(text: &str, tokens: &[Range<usize>], j: usize) -> Option<usize> {
    let next = tokens.get(j + 1)?;
    let gap = text[tokens[j].end..next.start].trim();
    let word = clean(&text[next.clone()]);
    if ["–", "—", "-", "..", "~"].contains(&gap) {
        return strict_version(clean(&text[next.clone()]).trim_end_matches('+')).map(|_| j + 1);
    }
    if RANGE_WORDS.contains(&word) && gap.is_empty() {
        let after = tokens.get(j + 2)?;
        if text[next.end..after.start].trim().is_empty() {
            return strict_version(clean(&text[after.clone()])).map(|_| j + 2);
        }
    }
    list_end(text, tokens, j)
}

/// The last token of a list of three or more versions that starts at version token `j`
/// (`3.9, 3.10, 3.11, and 3.12`): the supported releases, listed.
fn list_end(text: &str, tokens: &[Range<usize>], j: usize) -> Option<usize> {
    let version_at =
        |k: usize| tokens.get(k).and_then(|t| strict_version(clean(&text[t.clone()]))).is_some();
    let (mut last, mut count, mut k) = (j, 1, j + 1);
    while let Some(next) = tokens.get(k) {
        let gap = text[tokens[last].end..next.start].trim();
        let word = clean(&text[next.clone()]);
        if matches!(word, "and" | "or") && matches!(gap, "" | ",") {
            let after = tokens.get(k + 1)?;
            let between = text[next.end..after.start].trim();
            if between.is_empty() && version_at(k + 1) {
                return (count >= 2).then_some(k + 1);
            }
            return None;
        }
        if gap != "," || !version_at(k) {
            break;
        }
        last = k;
        count += 1;
        k += 1;
    }
    (count >= 3).then_some(last)
}

/// A version at token `i` followed by a known name with only letters of another script
/// (and spaces) between: `1.74.0版本的 Rust`.
fn name_after(
    text: &str,
    tokens: &[Range<usize>],
    i: usize,
    known: &KnownVersions,
) -> Option<Found> {
    let next = tokens.get(i + 1)?;
    let gap = &text[tokens[i].end..next.start];
    if gap.is_ascii() {
        return None;
    }
    strict_version(clean(&text[tokens[i].clone()]))?;
    let letters = gap.chars().filter(|c| !c.is_whitespace()).count();
    if letters == 0
        || letters > 4
        || !gap.chars().all(|c| c.is_whitespace() || (!c.is_ascii() && c.is_alphabetic()))
    {
        return None;
    }
    let name = clean(&text[next.clone()]).to_string();
    let raw = clean(&text[tokens[i].clone()]);
    let start = tokens[i].start + text[tokens[i].clone()].find(raw)?;
    let above = ABOVE_SCRIPTS.iter().any(|s| text[..tokens[i].start].ends_with(s));
    let claim =
        if above || at_least_after(text, tokens, i) { Claim::AtLeast } else { Claim::Version };
    known.knows(&name, false).then(|| (i, vec![(start..start + raw.len(), name, claim)]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::markdown::parse;
    use crate::scan::signals::manifests::{Bound, KnownVersion};

    fn known(entries: &[(&[&str], bool)]) -> KnownVersions {
        let mut known = KnownVersions::default();
        for (names, package) in entries {
            known.versions.push(KnownVersion {
                names: names.iter().map(|n| n.to_string()).collect(),
                version: vec![9, 9, 9],
                max: None,
                source: "x".into(),
                bound: Bound::Current,
                major_only_ok: true,
                in_prose: true,
                package: *package,
                scope: String::new(),
            });
        }
        known.index_names();
        known
    }

    fn found(text: &str) -> Vec<(u32, String, Claim, String)> {
        let k = known(&[
            (&["rust", "msrv"], false),
            (&["python"], false),
            (&["uv"], false),
            (&["widget"], true),
        ]);
        let doc = parse(text.to_string());
        let mut out = Vec::new();
        mentions(&doc, &k, &[], &mut out);
        out.into_iter()
            .map(|m| {
                let Subject::Name { name, .. } = m.subject else { panic!("a name") };
                (m.line, name, m.claim, m.target)
            })
            .collect()
    }

    fn one(line: u32, name: &str, claim: Claim, target: &str) -> (u32, String, Claim, String) {
        (line, name.into(), claim, target.into())
    }

    #[test]
    fn a_word_after_a_comma_does_not_describe_the_version() {
        // ko's install page: the floor, then an instruction.
        assert_eq!(
            found("With Rust 1.16+, build and install the latest release:"),
            [one(1, "rust", Claim::AtLeast, "1.16")]
        );
        // What a tool builds for names no floor of this project.
        assert!(found("It ships Python 3.9-3.11 wheels.").is_empty());
        assert!(found("Use Rust 1.70 builds only.").is_empty());
    }

    #[test]
    fn a_floor_may_name_whose_it_is_before_its_version() {
        // reth's "MSRV of this project is 1.88.0"; a Tauri plugin's "a Rust version of
        // at least 1.65", where `version of` counts as one filler word.
        assert_eq!(
            found("The Minimum Supported Rust Version (MSRV) of this project is 1.88.0."),
            [one(1, "msrv", Claim::AtLeast, "1.88.0")]
        );
        assert_eq!(
            found("The MSRV for this crate is 1.80."),
            [one(1, "msrv", Claim::AtLeast, "1.80")]
        );
        assert_eq!(found("The MSRV of widget is 1.80."), [one(1, "msrv", Claim::AtLeast, "1.80")]);
        assert_eq!(
            found("_This plugin requires a Rust version of at least **1.65**_"),
            [one(1, "rust", Claim::AtLeast, "1.65")]
        );
        // Not a project's own name, nor a thing: no claim read past it.
        assert!(found("The MSRV of the tests is 1.80.").is_empty());
        assert!(found("The MSRV of tokio is 1.80.").is_empty());
    }

    #[test]
    fn building_the_project_by_name_marks_the_floor_as_its_own() {
        let k = known(&[(&["rust"], false), (&["widget"], true)]);
        let own = |text: &str| {
            let mut out = Vec::new();
            mentions(&parse(text.to_string()), &k, &[], &mut out);
            out.iter().map(|m| m.about_project).collect::<Vec<_>>()
        };
        assert_eq!(
            own("If you have Rust 1.56 or higher, you can install `widget` from source."),
            [true]
        );
        assert_eq!(own("The minimum Rust version to _run_ widget with is Rust 1.41."), [false]);
        assert_eq!(own("The tests need Rust 1.41 or higher to build."), [false]);
        assert_eq!(own("This project requires Rust 1.30.0 or later."), [false]);
    }

    #[test]
    fn current_claims_are_told_from_references() {
        let k = known(&[(&["widget"], true)]);
        let current = |text: &str| {
            let mut out = Vec::new();
            mentions(&parse(text.to_string()), &k, &[], &mut out);
            out.iter().map(|m| m.asserts_current).collect::<Vec<_>>()
        };
        assert_eq!(current("Install widget 2.1.0 today."), [true]);
        assert_eq!(current("widget 2.0 is a rewrite. Get widget 2.1.0."), [false, true]);
    }

    #[test]
    fn a_package_manager_the_repository_uses_is_its_setup() {
        let k =
            known(&[(&["yarn"], false), (&["pnpm"], false), (&["npm"], false), (&["node"], false)]);
        let found = |text: &str| {
            let mut out = Vec::new();
            mentions(&parse(text.to_string()), &k, &[], &mut out);
            out.iter().map(|m| m.target.clone()).collect::<Vec<_>>()
        };
        // redux's CONTRIBUTING: the repository's manager, then the global shim.
        let redux = "This repo uses Yarn 3 for all package management. Please ensure that Yarn 1.x is installed globally on your system, so that Yarn 3 will run properly inside this repo.";
        assert_eq!(found(redux), ["3"]);
        assert_eq!(
            found("> Please use PNPM version 8.15 while working on this project."),
            ["8.15"]
        );
        // lerna's CLAUDE.md.
        assert_eq!(
            found("This project uses **npm** (version 10.8.0) as the package manager."),
            ["10.8.0"]
        );
        // Another toolchain named so is what it does, as before.
        assert!(found("We use Node 22.6 to strip types.").is_empty());
    }

    #[test]
    fn a_setting_that_names_the_toolchain_is_the_projects_setup() {
        let k = known(&[(&["go"], false), (&["pnpm"], false), (&["node", "node.js"], false)]);
        let found = |text: &str| {
            let mut out = Vec::new();
            mentions(&parse(text.to_string()), &k, &[], &mut out);
            out.iter().map(|m| m.target.clone()).collect::<Vec<_>>()
        };
        // sqlc's and chakra-ui's CLAUDE.md, claude-mem's translated README.
        assert_eq!(
            found(
                "- **Go Version:** 1.26.4
"
            ),
            ["1.26.4"]
        );
        assert_eq!(
            found(
                "- **Package Manager:** pnpm 10.15.0
"
            ),
            ["10.15.0"]
        );
        assert_eq!(
            found(
                "- **Node.js**: 20.0.0 o mas mataas
"
            ),
            ["20.0.0"]
        );
        // A list of releases is a matrix, not the setup; a label that names nothing of
        // the toolchain, or prose before the release, claims nothing.
        assert!(found(
            "- Node.js versions: 18.x, 20.x, 21.x
"
        )
        .is_empty());
        assert!(found(
            "- Test image: node 18
"
        )
        .is_empty());
        assert!(found(
            "- Note: we strip types on Node 22.6
"
        )
        .is_empty());
    }

    #[test]
    fn a_feature_floor_is_not_the_project_floor() {
        // Vercel's rule on `toSorted`, cargo's reference, TypeScript's module guide.
        let compat = "`.toSorted()` is available in all modern browsers (Chrome 110+, Safari 16+, Firefox 115+, Python 3.12+).";
        assert!(found(compat).is_empty());
        assert!(found("> **MSRV:** 1.77 is required for `cargo::KEY=VALUE` syntax.").is_empty());
        assert!(found("Python 3.12 and later supports both forms of `import`.").is_empty());
        assert!(found("the module system of Python 3.12+, which supports both forms").is_empty());
        // A number in the sentence after the name's (turso's AGENTS.md) is no version.
        assert!(found("SQLite rewrite in Rust. 40+ crate workspace.").is_empty());
        // What the runtime has (assistant-ui, cua, hugo, pydantic).
        assert!(found("Python 3.12+ exposes `tomllib` globally.").is_empty());
        assert!(found("- `tomllib` - Python 3.11+ built-in TOML parser").is_empty());
        assert!(found("It uses the modules support built into Rust 1.70 to build.").is_empty());
        assert!(found("In Python 3.7, PEP 563 introduced postponed evaluation.").is_empty());
        // A release annotating the code or bold text before it (claude-agent-farm,
        // datamodel-code-generator, undici).
        assert!(found("- `from __future__ import annotations` (Python 3.7+) for it").is_empty());
        assert!(found("**Concurrency with asyncio.TaskGroup** (Python 3.11+):").is_empty());
        assert!(found("Use `uv run pytest` (Python 3.12 or later) to run one.").is_empty());
        assert_eq!(
            found("- **go.mod:** Python module dependencies (Python 3.12+)"),
            [one(1, "python", Claim::AtLeast, "3.12")]
        );
        assert_eq!(
            found("**Requirements** (Python 3.12+)"),
            [one(1, "python", Claim::AtLeast, "3.12")]
        );
        assert_eq!(
            found("Run `make` (Python 3.12+ with uv) first."),
            [one(1, "python", Claim::AtLeast, "3.12")]
        );
        assert_eq!(
            found("#### Using `venv` (Python 3.9 and later)"),
            [one(1, "python", Claim::AtLeast, "3.9")]
        );
        assert_eq!(
            found("Install `uv` (version 0.4.30 or later) first."),
            [one(1, "uv", Claim::AtLeast, "0.4.30")]
        );
        // What the project needs stays a claim.
        assert_eq!(
            found("Python 3.12+ is required for all packages."),
            [one(1, "python", Claim::AtLeast, "3.12")]
        );
        assert_eq!(
            found("MSRV 1.77 is required for building."),
            [one(1, "msrv", Claim::AtLeast, "1.77")]
        );
        assert_eq!(
            found("It supports Python 3.12+, and runs in Chrome 110."),
            [one(1, "python", Claim::AtLeast, "3.12")]
        );
    }

    #[test]
    fn names_fillers_and_claims() {
        assert_eq!(found("Requires Rust 1.70."), [one(1, "rust", Claim::Version, "1.70")]);
        assert_eq!(found("Rust >= v1.70.2 now"), [one(1, "rust", Claim::AtLeast, "v1.70.2")]);
        assert_eq!(found("Rust 1.70 or\nlater"), [one(1, "rust", Claim::AtLeast, "1.70")]);
        assert_eq!(found("axum-core's MSRV is 1.75."), [one(1, "msrv", Claim::AtLeast, "1.75")]);
        // The tokio crates' "Supported Rust Versions" paragraph.
        let msrv = "Tracing is built against the latest stable release. The minimum supported version is 1.42. The current version is not guaranteed to build on Rust versions earlier than the minimum supported version.";
        assert_eq!(found(msrv), [one(1, "msrv", Claim::AtLeast, "1.42")]);
        assert!(
            found("The minimum supported version is 1.42 of the server.").is_empty(),
            "no toolchain named"
        );
        assert_eq!(
            found("Install `uv` (version 0.4.30 or later)"),
            [one(1, "uv", Claim::AtLeast, "0.4.30")]
        );
        assert_eq!(found("Python 3.8 (or higher)"), [one(1, "python", Claim::AtLeast, "3.8")]);
        assert_eq!(
            found("Use the latest Python LTS (>= 3.8.x)."),
            [one(1, "python", Claim::AtLeast, "3.8")]
        );
        // An aside between the version and its `or higher` (crawlee's setup page).
        assert_eq!(
            found("Have **Python version 3.10** (see the [website](https://python.org) to download it) or higher installed."),
            [one(1, "python", Claim::AtLeast, "3.10")]
        );
        assert_eq!(
            found("You need Python 3.10 (the default) installed, or higher numbers."),
            [one(1, "python", Claim::Version, "3.10")],
            "`or higher` must follow the aside"
        );
        assert_eq!(found("get widget@2.2.0 first"), [one(1, "widget", Claim::Version, "2.2.0")]);
        assert_eq!(found("Widget 2.0.0+ has it"), [one(1, "widget", Claim::AtLeast, "2.0.0")]);
        // quinn's README.
        assert_eq!(
            found("- Minimum supported Rust version of 1.80.0"),
            [one(1, "rust", Claim::Version, "1.80.0")]
        );
        assert!(found("the Rust of 1.80.0").is_empty(), "`of` only after `version`");
    }

    #[test]
    fn a_requirements_section_frames_its_lines_and_a_major_series_is_its_major() {
        // CopilotKit's CONTRIBUTING: no requirement word in the line, the heading says it.
        let doc = "## Install Prerequisites\n\n- Python v3.x installed globally\n- Rust 1.70\n";
        assert_eq!(
            found(doc),
            [one(3, "python", Claim::Version, "v3"), one(4, "rust", Claim::Version, "1.70")]
        );
        assert!(
            found("## Usage\n\n- Python v3.x installed globally\n").is_empty(),
            "a toolchain's release outside such a section, unframed, is no claim"
        );
    }

    #[test]
    fn ranges_and_other_scripts() {
        assert_eq!(
            found("supporting Python 3.10 through 3.13\n"),
            [one(1, "python", Claim::RangeLow, "3.10"), one(1, "python", Claim::RangeHigh, "3.13")]
        );
        assert_eq!(
            found("Python 3.10–3.14 and Python 3.9-3.12"),
            [
                one(1, "python", Claim::RangeLow, "3.10"),
                one(1, "python", Claim::RangeHigh, "3.14"),
                one(1, "python", Claim::RangeLow, "3.9"),
                one(1, "python", Claim::RangeHigh, "3.12"),
            ]
        );
        assert_eq!(
            found("需要安装有高于1.74.0版本的 Rust。"),
            [one(1, "rust", Claim::AtLeast, "1.74.0")]
        );
        assert_eq!(found("Rust 1.79.0 以上の環境"), [one(1, "rust", Claim::AtLeast, "1.79.0")]);
    }

    #[test]
    fn tables_that_map_releases_to_facts() {
        // Rows giving a name's releases different ranges map them to values.
        let mapping = "| Python range | Minimum target |\n|---|---|\n| Python 3.9-3.11 | 10.9 |\n| Python 3.12-3.13 | 10.13 |\n| Python 3.14+ | 10.15 |\n\nYou need Python 3.10 or later.\n";
        assert_eq!(found(mapping), [one(7, "python", Claim::AtLeast, "3.10")]);
        // A support list names one release a row; the same range on two rows is one claim.
        let list = "| OS | Python |\n|---|---|\n| Linux | Python 3.9+ |\n| macOS | Python 3.9+ |\n";
        assert_eq!(found(list).len(), 2);
        // What is built for a release is not what the project runs on.
        assert!(found("It defaults to 10.9 for Intel / Python 3.9-3.11 builds.").is_empty());
        assert!(found("This builds Python 3.10 wheels on manylinux_2_28.").is_empty());
    }

    #[test]
    fn another_packages_floor_near_its_install_is_its_own() {
        // The section installs only another package, right by the floor.
        let neat = "# Neatlogs\n\n## Setup\n\n```bash\npip install neatlogs\n```\n\n(Latest version 0.8.0, Python 3.8+)\n";
        assert!(found(neat).is_empty());
        let kanban = "## Prerequisites\n\n- Python 3.9+\n- The launcher (`uvx kanban`)\n";
        assert!(found(kanban).is_empty());
        // The project's own install (its package, a local one) keeps the floor, and so
        // does a setup tool's install, or another package's install far below it.
        let own = "## Install\n\nPython 3.9+.\n\n```bash\npip install uv\npip install widget\npip install neatlogs\n```\n";
        assert_eq!(found(own), [one(3, "python", Claim::AtLeast, "3.9")]);
        let local =
            "## Install\n\nPython 3.9+, then `pip install -e .` and `pip install neatlogs`.\n";
        assert_eq!(found(local), [one(3, "python", Claim::AtLeast, "3.9")]);
        let setup = "## Install\n\nPython 3.9+, then `pip install uv`.\n";
        assert_eq!(found(setup), [one(3, "python", Claim::AtLeast, "3.9")]);
        let far =
            format!("## Install\n\nPython 3.9+.\n{}`pip install neatlogs`\n", "\n".repeat(20));
        assert_eq!(found(&far), [one(3, "python", Claim::AtLeast, "3.9")]);
        // Another section's install is not this one's.
        let other = "## Install\n\nPython 3.9+.\n\n## Extras\n\n`pip install neatlogs`\n";
        assert_eq!(found(other), [one(3, "python", Claim::AtLeast, "3.9")]);
    }

    #[test]
    fn near_misses_are_not_mentions() {
        for text in [
            "Rust is 1.2 times faster",
            "Inline code: `widget 0.9.0`.",
            "See crates/rust 1.2 or path/widget 2.0",
            "Since Rust 1.70, closures work.",
            "For example, widget 2.0.0 included a change.",
            "Its design shaped widget 1.0's core.",
            "Python 3.9 support was dropped.",
            "Python 3.8 to 3.12 upgrades",
            "Rust 1.70 stabilized let-else.",
            "Python 3.9 is not supported.",
            "references (like Python 3.9 code with `annotations`)",
            "If you support Python 3.9 through 3.13, you should write",
            "1.39 to 1.47 - Rust 1.70",
            "1.0 to 1.14 - Rust 1.2",
            "`1.47.x` - LTS release until September 2026. (MSRV 1.70)",
        ] {
            let got = found(text);
            assert!(
                got.iter().all(|m| m.1 != "widget"
                    && m.3 != "1.2"
                    && m.3 != "1.70"
                    && m.3 != "0.9.0"
                    && m.3 != "3.9"
                    && m.3 != "2018"
                    && m.3 != "1.0"),
                "{text}: {got:?}"
            );
        }
        // A toolchain's release named for what it does, not as what the project needs.
        assert!(found("Node added strip-types in Python 3.11.").is_empty());
        assert!(found("Why do I need to delete the header on Python 3.11?").is_empty());
        assert!(found("It needs Python 3.11; this error means Python 3.9 and earlier.")
            .iter()
            .all(|m| m.3 != "3.9"));
        assert!(found("widget version 3.0 requires that you set a flag.").is_empty());
        assert_eq!(
            found("It supports Python versions 3.9, 3.10, 3.11, and 3.12."),
            [one(1, "python", Claim::RangeLow, "3.9"), one(1, "python", Claim::RangeHigh, "3.12")]
        );
        assert_eq!(found("You need Python 3.11."), [one(1, "python", Claim::Version, "3.11")]);
        // One-number versions are mentions; the judge decides which names accept them.
        assert_eq!(
            found("the Rust 2018 edition is required and widget 3"),
            [one(1, "rust", Claim::Version, "2018"), one(1, "widget", Claim::Version, "3")]
        );
    }
}
