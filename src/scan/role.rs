//! `DocRole`: what a scanned file is for, decided once per file from its path, its name,
//! its siblings and the repository's config files (`.gitattributes`, site generators'
//! configs), so that every signal can decide by role (SPEC section 13, "§10 doc roles").
//!
//! Test fixtures, translations and generated or vendored files are out of the default
//! scope: the walk lists them as skipped, with the reason, unless the user named them in
//! an `include` glob or a `--scope` value. Agent-context locations are in scope even when
//! hidden. This module only classifies; it never reads a file's contents.

use std::collections::BTreeSet;

pub use crate::doc_role::DocRole;

use super::signal::SignalName;
use super::site::Sites;

/// Hidden folders the walk enters by default: agent context lives there. Besides
/// `.github`, each is an agent tool's own folder (rules, skills, commands, memory), as
/// the repositories of the real-world benchmark commit them: OpenHands' repository
/// microagent in `.openhands/`, documenso's commands in `.opencode/`, qwik's rules in
/// `.ruler/`, a skill mirrored for a dozen tools in planning-with-files.
pub const AGENT_HIDDEN_DIRS: [&str; 31] = [
    ".github",
    ".claude",
    ".agents",
    ".cursor",
    ".gemini",
    ".codex",
    ".agent",
    ".ai",
    ".amazonq",
    ".amp",
    ".augment",
    ".cline",
    ".clinerules",
    ".codebuddy",
    ".continue",
    ".copilot",
    ".crush",
    ".factory",
    ".hermes",
    ".junie",
    ".kilocode",
    ".kiro",
    ".mastracode",
    ".opencode",
    ".openhands",
    ".pi",
    ".qwen",
    ".roo",
    ".ruler",
    ".specify",
    ".windsurf",
];

/// Files in agent tools' folders that their tool loads into every session.
const ALWAYS_LOADED_TOOL_FILES: [&str; 2] =
    [".openhands/microagents/repo.md", ".junie/guidelines.md"];

/// Folders of agent tools' rules, each loaded when its globs or triggers match (like
/// `.github/instructions/`).
const TOOL_RULE_DIRS: [&str; 7] = [
    ".clinerules/",
    ".kiro/steering/",
    ".windsurf/rules/",
    ".roo/rules/",
    ".amazonq/rules/",
    ".continue/rules/",
    ".agent/rules/",
];

/// Agent file names that are context wherever they sit.
const AGENT_FILE_NAMES: [&str; 5] =
    ["CLAUDE.md", "AGENTS.md", "GEMINI.md", "AGENT.md", "CLAUDE.local.md"];

/// Folder names (lowercase) that say their docs are written for agents (pydantic-ai's
/// `agent_docs/`, the `ai_docs/` of Claude Code setups).
const AGENT_DOC_DIRS: [&str; 6] =
    ["agent_docs", "agent-docs", "agents_docs", "ai_docs", "ai-docs", "llm_docs"];

/// Folder names whose files are test inputs.
const FIXTURE_DIRS: [&str; 12] = [
    "fixtures",
    "fixture",
    "__fixtures__",
    "testdata",
    "test-data",
    "test_data",
    "testfiles",
    "test-files",
    "test_files",
    "__snapshots__",
    "snapshots",
    "test-fixtures",
];

/// Folder names whose files are tests (every Markdown file under them is a test input,
/// except a `README.md` directly inside, which describes the tests).
const TEST_DIRS: [&str; 3] = ["tests", "test", "__tests__"];

/// Folder names whose files are data a program reads — a RAG agent's `documents/`, an
/// evaluation's corpus (context-engineering-intro's sample news articles, zep's
/// `data/documents/`): inputs like a test's, except a `README.md` directly inside,
/// which describes the data (gitoxide's `etc/corpus/README.md`), and the sample files
/// an example loads (langchainjs' `document_loaders/example_data/notion.md`).
const DATA_DIRS: [&str; 9] = [
    "documents",
    "corpus",
    "corpora",
    "dataset",
    "datasets",
    "example_data",
    "example-data",
    "sample_data",
    "sample-data",
];

/// Words that, beside `test`/`tests` in a folder's name, make it a folder of test inputs:
/// data, or a project a test builds or scaffolds (kedro's `features/test_starter/`, a
/// cookiecutter starter its behave tests create projects from: 1 false row on the labels).
const TEST_DATA_WORDS: [&str; 22] = [
    "starter",
    "starters",
    "project",
    "projects",
    "app",
    "apps",
    "template",
    "templates",
    "examples",
    "example",
    "cases",
    "inputs",
    "input",
    "data",
    "samples",
    "sample",
    "files",
    "outputs",
    "output",
    "expected",
    "golden",
    "resources",
];

/// Whether a folder name (lowercase) joins `test` and a data word with `_` or `-`:
/// plandex's `reply_test_examples/` (recorded replies a parser test reads, 3 false
/// rows), `test_cases`, `golden-test-outputs`, kedro's `test_starter`. `test-suite`,
/// `run-tests` name no data.
fn is_test_data_dir(name: &str) -> bool {
    let words: Vec<&str> = name.split(['_', '-']).collect();
    words.len() > 1
        && words.iter().any(|w| matches!(*w, "test" | "tests"))
        && words.iter().any(|w| TEST_DATA_WORDS.contains(w))
}

/// Folder names of generated or vendored files.
const GENERATED_DIRS: [&str; 8] = [
    "third_party",
    "third-party",
    "thirdparty",
    "vendored",
    "dist",
    "_build",
    "generated",
    "_generated",
];

/// Whether folder `name` (lowercase) holds other projects' code kept in this one:
/// `external/` (mypy's `mypyc/external/googletest/`), `external-crates/` (meilisearch's
/// copy of async-openai, whose README links its upstream's own examples), `external_libs/`.
/// Their docs are the upstream's, vendored: 6 false rows on the labels, no true one.
fn is_external_dir(name: &str) -> bool {
    name == "external" || name.starts_with("external-") || name.starts_with("external_")
}

/// Whether `name` is a site's docs dumped whole for language models, as the llms.txt
/// convention names the expanded files (`llms-full.txt`, `llms-ctx.txt`,
/// `llms-ctx-full.txt`; kept as `.md` too, and `llms-txt.md`): a build's output, its
/// anchors the site's (a skill shipping the Unsloth docs so: 64 false fragment rows).
/// A page named `llms.md` is a page about language models.
fn is_llms_dump(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name).to_ascii_lowercase();
    matches!(stem.as_str(), "llms-full" | "llms-ctx" | "llms-ctx-full" | "llms-txt" | "llms_full")
}

/// Folder names that hold translations, keyed by language below them.
const I18N_DIRS: [&str; 5] = ["i18n", "l10n", "locales", "locale", "translations"];

/// ISO 639 codes of the languages docs are commonly translated into (English, the usual
/// source, is left out on purpose; so are codes that are English words or common folder
/// names: `ml`, `my`, `is`, `am`, `be`, `ne`), and the country codes used for a language
/// (`cn`, `jp`, `kr`: gradio's `guides/cn/`, SuperClaude's `user-guide-jp/`).
const LANGUAGES: [&str; 59] = [
    "ar", "az", "bg", "bn", "ca", "cs", "da", "de", "el", "es", "et", "fa", "fi", "fil", "fr",
    "gu", "he", "hi", "hr", "hu", "hy", "id", "it", "ja", "ka", "kk", "km", "kn", "ko", "lt", "lv",
    "mr", "ms", "nb", "nl", "no", "pa", "pl", "pt", "ro", "ru", "sk", "sl", "sr", "sv", "sw", "ta",
    "te", "th", "tl", "tr", "uk", "ur", "uz", "vi", "zh", "cn", "jp", "kr",
];

/// What classification needs beyond the path: the other walked files (a translation is
/// recognised by its original beside it), the docs sites, and the files `.gitattributes`
/// marks as generated or vendored.
pub struct RoleInputs<'a> {
    /// Every Markdown file the walk saw, in scope or not, sorted.
    pub all: &'a [String],
    pub sites: &'a Sites,
    pub generated: &'a dyn Fn(&str) -> bool,
}

/// Whether `path` is an agent file beside a `SKILL.md` (`exists` answers for a
/// root-relative path): the skill's own book, not context for work in its folder.
/// Vercel's skills ship their rules compiled into such an `AGENTS.md`, the full guide
/// the `SKILL.md` opens on demand ("For the complete guide … AGENTS.md").
pub fn is_skill_book(path: &str, exists: impl Fn(&str) -> bool) -> bool {
    let Some((dir, name)) = path.rsplit_once('/') else { return false };
    AGENT_FILE_NAMES.contains(&name) && exists(&format!("{dir}/SKILL.md"))
}

/// The role of root-relative `path` (before the always-loaded set is known: the engine
/// raises a file to `AgentContext` once it is).
pub fn classify(path: &str, inputs: &RoleInputs<'_>) -> DocRole {
    let (dirs, name) = match path.rsplit_once('/') {
        Some((d, n)) => (d.split('/').collect::<Vec<_>>(), n),
        None => (Vec::new(), path),
    };
    let lower_dirs: Vec<String> = dirs.iter().map(|d| d.to_ascii_lowercase()).collect();
    let has_dir = |set: &[&str]| lower_dirs.iter().any(|d| set.contains(&d.as_str()));
    if (inputs.generated)(path)
        || has_dir(&GENERATED_DIRS)
        || lower_dirs.iter().any(|d| is_external_dir(d))
        || is_llms_dump(name)
    {
        return DocRole::Generated;
    }
    if has_dir(&FIXTURE_DIRS) || lower_dirs.iter().any(|d| is_test_data_dir(d)) {
        return DocRole::TestFixture;
    }
    let input_dir = |d: &String| TEST_DIRS.contains(&d.as_str()) || DATA_DIRS.contains(&d.as_str());
    if let Some(i) = lower_dirs.iter().position(input_dir) {
        let readme_of_tests = i + 1 == lower_dirs.len() && name.eq_ignore_ascii_case("README.md");
        // An agent file in a tests folder, or one folder down (`test/e2e/CLAUDE.md`),
        // guides agents writing tests there; deeper, it sits in one test's case, the input
        // that test reads (home-manager's `tests/modules/programs/opencode/AGENTS.md`, which
        // `legacy-rules.nix` passes as `rules = ./AGENTS.md`: 6 false rows).
        let case_input = lower_dirs.len() >= i + 3;
        if !readme_of_tests && (!AGENT_FILE_NAMES.contains(&name) || case_input) {
            return DocRole::TestFixture;
        }
    }
    if is_template(&lower_dirs, name) || is_runtime_prompt(&lower_dirs, name) {
        return DocRole::Template;
    }
    if is_translation(path, &dirs, name, inputs.all) {
        return DocRole::Translation;
    }
    // A site's static folder serves its files as they are: an agent file there is a
    // published page for the readers' agents (marimo's `docs/_static/CLAUDE.md`), not
    // context loaded for work in that folder.
    let served = has_dir(&["_static", "static", "public"]);
    if is_skill_book(path, |p| inputs.all.binary_search_by(|a| a.as_str().cmp(p)).is_ok()) {
        return DocRole::AgentDoc;
    }
    if AGENT_FILE_NAMES.contains(&name) && !served {
        return if dirs.is_empty() { DocRole::AgentContext } else { DocRole::NestedAgentContext };
    }
    if path == ".github/copilot-instructions.md" || ALWAYS_LOADED_TOOL_FILES.contains(&path) {
        return DocRole::AgentContext;
    }
    if path.starts_with(".github/instructions/")
        || TOOL_RULE_DIRS.iter().any(|d| path.starts_with(d))
    {
        return DocRole::NestedAgentContext;
    }
    // A skill's or an agent folder's own change log is its history, which no agent loads
    // (my-claude-code-setup's `.claude/skills/session-metrics/CHANGELOG.md`, 45k tokens).
    if crate::scan::signals::sections::is_changelog_file(name) {
        return DocRole::Changelog;
    }
    let first = dirs.first().copied().unwrap_or_default();
    if (first != ".github" && AGENT_HIDDEN_DIRS.contains(&first))
        || has_dir(&AGENT_DOC_DIRS)
        || path.starts_with(".github/prompts/")
        || path.starts_with(".github/chatmodes/")
        || path.starts_with(".github/agents/")
        || name == "SKILL.md"
    {
        return DocRole::AgentDoc;
    }
    if is_changelog(&lower_dirs, name) {
        return DocRole::Changelog;
    }
    if inputs.sites.page_of(path).is_some() {
        return DocRole::SitePage;
    }
    DocRole::UserDoc
}

fn stem(name: &str) -> &str {
    name.rsplit_once('.').map_or(name, |(s, _)| s)
}

fn is_changelog(lower_dirs: &[String], name: &str) -> bool {
    crate::scan::signals::sections::is_changelog_file(name)
        || release_note(lower_dirs, name)
        || lower_dirs.iter().any(|d| {
            // Spelled with or without separators: k9s's `change_logs/`, `release-notes/`.
            let joined: String = d.chars().filter(|c| !matches!(c, '-' | '_' | ' ')).collect();
            // Towncrier's `newsfragments/` and `changelog.d/`, changesets: entries of a
            // changelog to come, history as soon as they are written.
            matches!(
                joined.as_str(),
                "changelog"
                    | "changelogs"
                    | "releasenotes"
                    | "newsfragments"
                    | "changelog.d"
                    | "changes"
                    | ".changeset"
                    | ".changes"
            )
        })
}

/// Whether `name` is one release's notes: named by its version (`4.1.4.md`,
/// `v8.0.0-rc.1.md`) in a folder of release notes (wagtail's `docs/releases/`,
/// strawberry's `docs/breaking-changes/`). A version-named page elsewhere is more often a
/// migration guide (`migrate/v2.md`), which readers still follow.
fn release_note(lower_dirs: &[String], name: &str) -> bool {
    const FOLDERS: [&str; 5] =
        ["releases", "release", "breaking-changes", "breaking_changes", "news"];
    lower_dirs.last().is_some_and(|d| FOLDERS.contains(&d.as_str()))
        && crate::scan::signals::sections::is_release_heading(stem(name))
}

fn is_template(lower_dirs: &[String], name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let stem = stem(&lower);
    lower_dirs.iter().any(|d| {
        matches!(
            d.as_str(),
            "issue_template" | "pull_request_template" | "discussion_template" | "templates"
                | "template"
        )
        // Project scaffolds: create-vite's `template-react-ts/`, cookiecutter's
        // `{{cookiecutter.project_slug}}/`.
        || d.starts_with("template-")
        || d.starts_with("template_")
        || d.contains("{{")
    }) || matches!(stem, "pull_request_template" | "issue_template" | "template")
        || stem.ends_with(".template")
        || stem.ends_with("-template")
        || stem.ends_with("_template")
        // The source a generator renders into a doc elsewhere (go-sdk's weave:
        // `internal/docs/client.src.md` becomes `docs/client.md`; Ruler's `.ruler/`,
        // which it writes into each agent's file, qwik's `AGENTS.md` and `CLAUDE.md`);
        // its links are written for the output's place.
        || stem.ends_with(".src")
        || lower_dirs.first().is_some_and(|d| d == ".ruler")
}

/// A prompt template a program reads at run time (`src/…/prompts/extraction.md`,
/// `scripts/general-llm-prompt.md`): an input, not a doc of the repository. Agent
/// prompt files (`.github/prompts/`, `*.prompt.md`) are agent docs, not this.
fn is_runtime_prompt(lower_dirs: &[String], name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let stem = stem(&lower);
    let agent_place = lower_dirs.first().is_some_and(|d| AGENT_HIDDEN_DIRS.contains(&d.as_str()))
        || stem.ends_with(".prompt");
    !agent_place
        && (lower_dirs.iter().any(|d| d == "prompts")
            || stem.ends_with("_prompt")
            || stem.ends_with("-prompt"))
}

/// `README.zh.md`, `README-ja.md`, `README_pt-BR.md`, `README.中文.md` (a README
/// always; another name with its original beside it or in a folder above); or any file under a language folder that has a sibling language folder
/// or an `i18n`-style parent (`docs/ja/`, `i18n/fr/…`).
fn is_translation(path: &str, dirs: &[&str], name: &str, all: &[String]) -> bool {
    let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
    if let Some((base, ext)) = name.rsplit_once('.') {
        for sep in ['.', '-', '_'] {
            let Some((original, suffix)) = base.rsplit_once(sep) else { continue };
            if original.is_empty() || !is_language_suffix(suffix) {
                continue;
            }
            // A README with a language suffix is a translation even when its original is
            // a symlink the walk leaves out (zod's `packages/docs-v3/README_KO.md`).
            if original.eq_ignore_ascii_case("readme") && suffix.len() >= 2 {
                return true;
            }
            // The original sits beside it or in a folder above (`doc/README-ko.md`
            // translates the root `README.md`).
            let mut folder = Some(dir);
            while let Some(d) = folder {
                let original_path = if d.is_empty() {
                    format!("{original}.{ext}")
                } else {
                    format!("{d}/{original}.{ext}")
                };
                if all.binary_search(&original_path).is_ok() {
                    return true;
                }
                folder = (!d.is_empty()).then(|| d.rsplit_once('/').map_or("", |(up, _)| up));
            }
        }
    }
    for (i, d) in dirs.iter().enumerate() {
        let parent = &dirs[..i];
        // A folder named for its original and a language, beside the original: tldr's
        // `pages.it/common/tar.md` translates `pages/common/tar.md` (28,566 pages), and
        // SuperClaude's `docs/user-guide-jp/` its `docs/user-guide/`.
        if let Some((original, suffix)) = d.rsplit_once(['.', '-', '_']) {
            if !original.is_empty() && is_language_code(suffix) {
                let mut prefix = parent.join("/");
                if !prefix.is_empty() {
                    prefix.push('/');
                }
                prefix.push_str(original);
                prefix.push('/');
                let from = all.partition_point(|p| p.as_str() < prefix.as_str());
                if all.get(from).is_some_and(|p| p.starts_with(&prefix)) {
                    return true;
                }
            }
        }
        if !is_language_code(d) {
            continue;
        }
        if parent.last().is_some_and(|p| I18N_DIRS.contains(&p.to_ascii_lowercase().as_str())) {
            return true;
        }
        // A sibling folder that is another language, or the English original.
        let prefix =
            if parent.is_empty() { String::new() } else { format!("{}/", parent.join("/")) };
        let siblings: BTreeSet<&str> = all
            .iter()
            .filter_map(|p| p.strip_prefix(prefix.as_str()))
            .filter_map(|rest| rest.split_once('/').map(|(first, _)| first))
            .collect();
        if siblings
            .iter()
            .any(|s| *s != *d && (is_language_code(s) || s.eq_ignore_ascii_case("en")))
        {
            return true;
        }
    }
    false
}

/// Whether a folder of root-relative `path` is named by a language code other than
/// English (`guides/cn/…`, `docs/pt-BR/…`).
pub fn in_language_folder(path: &str) -> bool {
    let mut folders = path.split('/');
    folders.next_back();
    folders.any(is_language_code)
}

/// A language code as a file-name suffix: `zh`, `pt-BR`, `zh_CN`, `zh-hans`, or a
/// language's own name in a non-Latin script (`中文`, `日本語`, `한국어`, `русский`).
fn is_language_suffix(s: &str) -> bool {
    is_language_code(s) || (!s.is_empty() && s.chars().all(|c| c.is_alphabetic() && !c.is_ascii()))
}

/// `ja`, `pt-br`, `zh_CN`, `zh-Hans` (case-insensitive), English excluded; and any
/// locale written language-REGION with the region in capitals (`ckb-IR`, `fil-PH`:
/// Crowdin's folder names), whatever the language.
fn is_language_code(s: &str) -> bool {
    if let Some((lang, region)) = s.split_once(['-', '_']) {
        let locale = (2..=3).contains(&lang.len())
            && lang.chars().all(|c| c.is_ascii_lowercase())
            && region.len() == 2
            && region.chars().all(|c| c.is_ascii_uppercase());
        if locale && lang != "en" {
            return true;
        }
    }
    let lower = s.to_ascii_lowercase();
    let (lang, region) = match lower.split_once(['-', '_']) {
        Some((l, r)) => (l, Some(r)),
        None => (lower.as_str(), None),
    };
    LANGUAGES.contains(&lang)
        && region.is_none_or(|r| {
            (2..=4).contains(&r.len()) && r.chars().all(|c| c.is_ascii_alphanumeric())
        })
}

/// The parts of `path` whose naming in an `include` glob or `--scope` value opts a file
/// of a skipped `role` back in: the folder or file name that gave it the role.
pub fn triggers(path: &str, role: DocRole) -> Vec<&str> {
    let parts: Vec<&str> = path.split('/').collect();
    let (name, dirs) = parts.split_last().map_or(("", &[][..]), |(n, d)| (*n, d));
    let lower = |d: &&str| d.to_ascii_lowercase();
    let mut out: Vec<&str> = match role {
        DocRole::TestFixture => dirs
            .iter()
            .filter(|d| {
                let d = lower(d);
                FIXTURE_DIRS.contains(&d.as_str())
                    || TEST_DIRS.contains(&d.as_str())
                    || DATA_DIRS.contains(&d.as_str())
            })
            .copied()
            .collect(),
        DocRole::Translation => dirs.iter().filter(|d| is_language_code(d)).copied().collect(),
        DocRole::Generated => dirs.to_vec(),
        _ => Vec::new(),
    };
    out.push(name);
    out
}

/// Whether signal `name` is computed for files of `role` — the one table of which
/// signal applies to which role (guide/scanner.md, "Doc roles"). Changelogs and
/// templates are history and forms: only their links are checked. Opted-in fixtures,
/// translations and generated files get the fact checks, never the judgement ones.
pub fn signal_applies(role: DocRole, name: SignalName) -> bool {
    use SignalName::*;
    match role {
        DocRole::AgentContext
        | DocRole::NestedAgentContext
        | DocRole::AgentDoc
        | DocRole::UserDoc
        | DocRole::SitePage => true,
        DocRole::Changelog | DocRole::Template => {
            matches!(name, BrokenReference | StaleNameLocation)
        }
        DocRole::TestFixture | DocRole::Translation | DocRole::Generated => {
            matches!(name, BrokenReference | StaleNameLocation | VersionSkew)
        }
    }
}

/// Whether `parsed` is the source a template engine renders into a doc elsewhere: its
/// text outside code blocks opens and closes a Handlebars block (`{{#options}}` …
/// `{{/options}}`). Cargo's `doc/man/cargo-add.md` is rendered by `mdman` into the book's
/// `src/commands/cargo-add.md`: its `../reference/features.html` links are written for
/// that place, and the rendered copy repeats it by design (49 false link rows and 36
/// false duplicate rows on the labels). Such a doc is treated as a template.
pub fn is_template_source(parsed: &crate::scan::markdown::ParsedDoc) -> bool {
    if !parsed.text.contains("{{/") {
        return false; // one fast pass settles almost every doc
    }
    let mut fence: Option<&str> = None;
    let (mut opens, mut closes) = (false, false);
    for line in parsed.text.lines() {
        let t = line.trim_start();
        if let Some(f) = fence {
            if t.starts_with(f) {
                fence = None;
            }
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
            continue;
        }
        opens |= line.contains("{{#");
        closes |= line.contains("{{/");
        if opens && closes {
            return true;
        }
    }
    false
}

/// The line spans (1-based, inclusive) of the Markdown templates a doc shows in a
/// ```` ```markdown ```` (or `md`) fence that holds fences of its own: the author nests
/// them at one fence length, and CommonMark closes the outer fence at the first bare
/// inner one, but the intent is one block — a README template a command has the agent
/// write for the user's project (wshobson-commands' `doc-generate`, whose template
/// links `./docs/api/README.md` of that project). Inner openers (a fence with an info
/// string) and closers are counted until the outer one closes.
pub fn nested_markdown_templates(text: &str) -> Vec<(u32, u32)> {
    /// The fence of a line (its character and length) and its info string.
    fn fence(line: &str) -> Option<(char, usize, &str)> {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if indent > 3 {
            return None;
        }
        let t = &line[indent..];
        let c = t.chars().next().filter(|c| *c == '`' || *c == '~')?;
        let n = t.chars().take_while(|x| *x == c).count();
        (n >= 3).then(|| (c, n, t[n..].trim()))
    }
    if !text.contains("```markdown") && !text.contains("```md") {
        return Vec::new(); // one fast pass settles almost every doc
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some((c, n, info)) = fence(lines[i]) else {
            i += 1;
            continue;
        };
        let lang = info.split_whitespace().next().unwrap_or_default().to_ascii_lowercase();
        let closes =
            |l: &str| fence(l).is_some_and(|(c2, n2, i2)| c2 == c && n2 >= n && i2.is_empty());
        let mut j = i + 1;
        if lang == "markdown" || lang == "md" {
            let (mut depth, mut nested) = (1, false);
            while j < lines.len() {
                match fence(lines[j]) {
                    Some((c2, n2, i2)) if c2 == c && n2 >= n && !i2.is_empty() => {
                        depth += 1;
                        nested = true;
                    }
                    Some(_) if closes(lines[j]) => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            if nested {
                out.push((i as u32 + 1, j as u32 + 1));
            }
        } else {
            while j < lines.len() && !closes(lines[j]) {
                j += 1;
            }
        }
        i = j + 1;
    }
    out
}

/// Names (stems, case-insensitive) of community and legal files that no code change
/// can make stale.
const POLICY_STEMS: [&str; 9] = [
    "code_of_conduct",
    "code-of-conduct",
    "license",
    "licence",
    "security",
    "support",
    "funding",
    "governance",
    "citation",
];

/// Whether `path` is a license or a community policy (its text is repeated verbatim by
/// design and no code change makes it stale).
pub fn is_policy_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = stem(name).to_ascii_lowercase();
    // A report of the licenses of what the project bundles is license text too: lancedb's
    // `JAVA_THIRD_PARTY_LICENSES.md`, which license-maven-plugin writes into each Maven
    // module, `ThirdPartyNotices.md`, `NOTICE.md`.
    let third_party = stem.contains("third")
        && ["license", "licence", "notice"].iter().any(|word| stem.contains(word));
    POLICY_STEMS.contains(&stem.as_str())
        || stem.starts_with("license")
        || stem.starts_with("licence")
        || stem == "notice"
        || third_party
}

/// Folders an agent tool (or a plugin) keeps its slash commands, subagents and prompt
/// files in, one self-contained prompt a file (`.claude/commands/`, `.claude/agents/`,
/// `.opencode/command/`, `.github/prompts/`, a plugin's `commands/`).
pub const PROMPT_DIRS: [&str; 5] = ["commands", "command", "agents", "prompts", "chatmodes"];

/// Whether `path` (of `role`) is written for the reader's own project: an on-demand
/// agent doc, or a skill, command, subagent or prompt a catalogue ships for others
/// (`cli-tool/components/agents/…`, `plugins/x/commands/…`, `*.agent.md`). A workflow
/// such a doc sets up runs in the reader's repository, not this one.
pub fn writes_for_readers(path: &str, role: DocRole) -> bool {
    let (dirs, name) = path.rsplit_once('/').unwrap_or(("", path));
    role == DocRole::AgentDoc
        || dirs.split('/').any(|d| d == "skills" || PROMPT_DIRS.contains(&d))
        || [".agent.md", ".prompt.md", ".chatmode.md"].iter().any(|e| name.ends_with(e))
}

/// Whether code changes can make `path` (of `role`) stale: a doc that describes the
/// current code, and not a license or a community policy.
pub fn can_go_stale_from_code(path: &str, role: DocRole) -> bool {
    role.describes_current_code() && !is_policy_file(path)
}

/// Why a file of `role` was left out of the default scope, for the artifact's `skipped`.
pub fn skip_reason(role: DocRole) -> &'static str {
    match role {
        DocRole::TestFixture => {
            "test fixture: input of a test or data a program reads, often broken on purpose"
        }
        DocRole::Translation => "translation: its original is checked instead",
        DocRole::Generated => "generated or vendored: edit its source instead",
        _ => "out of scope",
    }
}

/// A file the walk found but the default scope leaves out, and why.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Skipped {
    pub path: String,
    pub role: DocRole,
    pub reason: String,
}

/// The scanned files with their roles, and the files left out by role.
#[derive(Debug, Default)]
pub struct Assigned {
    /// In-scope paths, sorted.
    pub paths: Vec<String>,
    /// `roles[i]` is the role of `paths[i]`.
    pub roles: Vec<DocRole>,
    pub skipped: Vec<Skipped>,
}

/// Classifies every walked file and splits off those the default scope leaves out,
/// unless `include_roles` lists their role or the user named them (`named`).
pub fn assign(
    walked: &[String],
    sites: &Sites,
    generated: &dyn Fn(&str) -> bool,
    include_roles: &[DocRole],
    named: impl Fn(&str, &str) -> bool,
) -> Assigned {
    let inputs = RoleInputs { all: walked, sites, generated };
    let mut out = Assigned::default();
    for path in walked {
        let role = classify(path, &inputs);
        let opted_in = include_roles.contains(&role)
            || triggers(path, role).into_iter().any(|t| named(path, t));
        if role.skipped_by_default() && !opted_in {
            out.skipped.push(Skipped {
                path: path.clone(),
                role,
                reason: skip_reason(role).to_string(),
            });
        } else {
            out.paths.push(path.clone());
            out.roles.push(role);
        }
    }
    out
}

/// The manifests that make a folder a project of its own (an example app, a package
/// of the workspace), with a toolchain of its own.
const PROJECT_MANIFESTS: [&str; 4] = ["package.json", "pyproject.toml", "Cargo.toml", "go.mod"];

/// Folders whose projects are examples, samples, starters or end-to-end test apps.
const EXAMPLE_DIRS: [&str; 8] =
    ["examples", "example", "samples", "demos", "starters", "templates", "playground", "e2e"];

/// Whether the doc at `path` lies in an example project: a folder below one of
/// `EXAMPLE_DIRS` (directly, or a level further: `examples/solid/start-bare`) with a
/// manifest of its own. Such a project is copied out and run alone: its paths and its
/// toolchain are its own, not the workspace's.
pub fn in_example_project(ctx: &super::context::ScanContext<'_>, path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    let dirs = parts.len().saturating_sub(1);
    (0..dirs).any(|i| {
        if !EXAMPLE_DIRS.contains(&parts[i].to_ascii_lowercase().as_str()) {
            return false;
        }
        (i + 2..=dirs.min(i + 3)).any(|end| {
            let project = parts[..end].join("/");
            PROJECT_MANIFESTS
                .iter()
                .any(|m| ctx.tree.kind(&format!("{project}/{m}")) == super::tree::PathKind::File)
        })
    })
}

/// The manifests that make the folder holding them a plugin an agent tool installs:
/// Claude Code's, Codex's and Cursor's.
const PLUGIN_MANIFESTS: [&str; 3] =
    [".claude-plugin/plugin.json", ".codex-plugin/plugin.json", ".cursor-plugin/plugin.json"];

/// Whether the doc at `path` lies in a plugin a marketplace ships as it is: a folder
/// below the root holding a `PLUGIN_MANIFESTS` file and no package manifest
/// (claude-code-plugins-plus' `plugins/testing/api-fuzzer/`). Such a plugin is installed
/// into its reader's setup and run there: the prerequisites its pages state ("Node.js
/// 16+") are its reader's, not the marketplace's toolchain. A plugin with a
/// `package.json` of its own is a package of the workspace, built here with the
/// workspace's tools (its CONTRIBUTING's "pnpm 8+" answers to the root's
/// `packageManager`).
pub fn in_plugin(ctx: &super::context::ScanContext<'_>, path: &str) -> bool {
    let file = |p: String| ctx.tree.kind(&p) == super::tree::PathKind::File;
    let parts: Vec<&str> = path.split('/').collect();
    // From the doc's folder up: the nearest package or plugin decides.
    for end in (1..parts.len()).rev() {
        let dir = parts[..end].join("/");
        if PROJECT_MANIFESTS.iter().any(|m| file(format!("{dir}/{m}"))) {
            return false;
        }
        if PLUGIN_MANIFESTS.iter().any(|m| file(format!("{dir}/{m}"))) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn role_in(path: &str, all: &[&str]) -> DocRole {
        let mut all: Vec<String> = all.iter().map(|s| s.to_string()).collect();
        all.push(path.to_string());
        all.sort();
        let sites = Sites::default();
        let generated = |p: &str| p.starts_with("api/");
        classify(path, &RoleInputs { all: &all, sites: &sites, generated: &generated })
    }

    fn role(path: &str) -> DocRole {
        role_in(path, &[])
    }

    #[test]
    fn docs_written_for_the_readers_project() {
        let user = DocRole::UserDoc;
        assert!(writes_for_readers(".claude/skills/ci/SKILL.md", DocRole::AgentDoc));
        assert!(writes_for_readers("cli-tool/components/agents/dev/devops.md", user));
        assert!(writes_for_readers("plugins/x/commands/deps-audit.md", user));
        assert!(writes_for_readers("skills/e2e/references/ci.md", user));
        assert!(writes_for_readers("agents/se-gitops.agent.md", user));
        assert!(!writes_for_readers("docs/guide/ci.md", DocRole::SitePage));
        assert!(!writes_for_readers("README.md", user));
        assert!(!writes_for_readers("docs/skills.md", user), "a page about skills");
    }

    #[test]
    fn agent_locations() {
        assert_eq!(role("CLAUDE.md"), DocRole::AgentContext);
        assert_eq!(role(".github/copilot-instructions.md"), DocRole::AgentContext);
        assert_eq!(role("crates/x/AGENTS.md"), DocRole::NestedAgentContext);
        assert_eq!(role("docs/_static/CLAUDE.md"), DocRole::UserDoc, "served as a file");
        assert_eq!(role(".github/instructions/rust.instructions.md"), DocRole::NestedAgentContext);
        assert_eq!(role(".claude/commands/review.md"), DocRole::AgentDoc);
        assert_eq!(role(".cursor/rules/style.mdc"), DocRole::AgentDoc);
        assert_eq!(role("skills/hygiene-check/SKILL.md"), DocRole::AgentDoc);
        // Other agent tools' folders: what each loads every session, rules loaded by
        // trigger, and on-demand commands and skills.
        assert_eq!(role(".openhands/microagents/repo.md"), DocRole::AgentContext);
        assert_eq!(role(".junie/guidelines.md"), DocRole::AgentContext);
        assert_eq!(role(".kiro/steering/tech.md"), DocRole::NestedAgentContext);
        assert_eq!(role(".clinerules/style.md"), DocRole::NestedAgentContext);
        assert_eq!(role(".opencode/commands/create-plan.md"), DocRole::AgentDoc);
        assert_eq!(role(".roo/skills/evals/SKILL.md"), DocRole::AgentDoc);
        assert_eq!(role(".openhands/microagents/docker.md"), DocRole::AgentDoc);
        assert_eq!(role(".ai/AGENTS.md"), DocRole::NestedAgentContext);
        assert_eq!(role(".ruler/AGENTS.md"), DocRole::Template, "Ruler's source of AGENTS.md");
        assert_eq!(role(".github/ISSUE_TEMPLATE/bug.md"), DocRole::Template, "not an agent place");
        // A skill's compiled rule book beside its SKILL.md (langfuse's vendored Vercel
        // skills) is the skill's, not context for work in the skill's folder.
        let skill = "web/.agents/skills/react-best-practices/SKILL.md";
        assert_eq!(
            role_in("web/.agents/skills/react-best-practices/AGENTS.md", &[skill]),
            DocRole::AgentDoc
        );
        assert_eq!(role_in("web/AGENTS.md", &[skill]), DocRole::NestedAgentContext);
    }

    #[test]
    fn license_reports_are_policy_text() {
        assert!(is_policy_file("java/JAVA_THIRD_PARTY_LICENSES.md"));
        assert!(is_policy_file("packages/markitdown/ThirdPartyNotices.md"));
        assert!(is_policy_file("NOTICE.md"));
        assert!(is_policy_file("LICENSE-3rdparty.md"));
        assert!(!is_policy_file("docs/third-party-integrations.md"));
        assert!(!is_policy_file("docs/notices-and-alerts.md"));
    }

    #[test]
    fn fixtures_templates_changelogs_generated() {
        assert_eq!(role("fixtures/TEST.md"), DocRole::TestFixture);
        assert_eq!(role("lychee-bin/tests/data/x.md"), DocRole::TestFixture);
        assert_eq!(role("tests/README.md"), DocRole::UserDoc);
        assert_eq!(role("skills/unsloth/references/llms-full.md"), DocRole::Generated);
        assert_eq!(role("mypyc/external/googletest/README.md"), DocRole::Generated);
        assert_eq!(role("external-crates/async-openai/README.md"), DocRole::Generated);
        assert_ne!(role("docs/externals.md"), DocRole::Generated);
        assert_ne!(role("docs/external-apis.md"), DocRole::Generated, "a page, not a folder");
        assert_eq!(role("docs/concepts/llms.mdx"), DocRole::UserDoc, "a page about LLMs");
        // Data a program reads: a RAG agent's documents, a corpus (its README describes it).
        assert_eq!(role("agents/rag/documents/doc10_ai.md"), DocRole::TestFixture);
        assert_eq!(role("etc/corpus/README.md"), DocRole::UserDoc);
        assert_eq!(role("eval/data/documents/guide.md"), DocRole::TestFixture);
        assert_eq!(role("examples/loaders/example_data/notion.md"), DocRole::TestFixture);
        assert_eq!(role("examples/sample-data/README.md"), DocRole::UserDoc);
        assert_eq!(role("tests/AGENTS.md"), DocRole::NestedAgentContext);
        assert_eq!(role("test/e2e/CLAUDE.md"), DocRole::NestedAgentContext);
        assert_eq!(role("tests/modules/programs/opencode/AGENTS.md"), DocRole::TestFixture);
        assert_eq!(role("tests/modules/AGENTS.md"), DocRole::NestedAgentContext);
        assert_eq!(role("fixtures/AGENTS.md"), DocRole::TestFixture);
        assert_eq!(role("crates/a/testdata/in.md"), DocRole::TestFixture);
        assert_eq!(role("app/server/types/reply_test_examples/2.md"), DocRole::TestFixture);
        assert_eq!(role("golden-test-outputs/a.md"), DocRole::TestFixture);
        assert_eq!(
            role("features/test_starter/{{ cookiecutter.repo_name }}/conf/README.md"),
            DocRole::TestFixture
        );
        assert_eq!(role("packages/test-app/README.md"), DocRole::TestFixture);
        assert_eq!(role("docs/test-suite/README.md"), DocRole::UserDoc);
        assert_eq!(role(".claude/skills/run-tests/SKILL.md"), DocRole::AgentDoc);
        assert_eq!(role(".github/ISSUE_TEMPLATE/bug.md"), DocRole::Template);
        assert_eq!(role(".github/PULL_REQUEST_TEMPLATE.md"), DocRole::Template);
        assert_eq!(role("packages/create-vite/template-react-ts/README.md"), DocRole::Template);
        assert_eq!(role("{{cookiecutter.slug}}/docs/index.md"), DocRole::Template);
        assert_eq!(role("src/agents/memory/prompts/consolidation.md"), DocRole::Template);
        assert_eq!(role("internal/docs/client.src.md"), DocRole::Template);
        let parse = |t: &str| crate::scan::markdown::parse(t.to_string());
        let man = "# cargo-add(1)\n\n{{#options}}\n{{#option \"`--dev`\"}}\nAdd as a dev dependency.\n{{/option}}\n{{/options}}\n";
        assert!(is_template_source(&parse(man)));
        let shown = "# Templates\n\n```hbs\n{{#each items}}\n{{/each}}\n```\n\nWrite `{{name}}`.\n";
        assert!(!is_template_source(&parse(shown)), "a template shown in code is a doc");
        assert_eq!(role("newsfragments/6128.packaging.md"), DocRole::Changelog);
        assert_eq!(role("scripts/general-llm-prompt.md"), DocRole::Template);
        assert_eq!(role(".github/prompts/review.prompt.md"), DocRole::AgentDoc);
        assert_eq!(role("docs/review.prompt.md"), DocRole::UserDoc);
        assert_eq!(role("docs/templating.md"), DocRole::UserDoc);
        assert_eq!(role("agent_docs/documentation.md"), DocRole::AgentDoc);
        assert_eq!(role("ai_docs/claude-code-hooks.md"), DocRole::AgentDoc);
        assert_eq!(role("CHANGELOG.md"), DocRole::Changelog);
        assert_eq!(role("crates/x/CHANGES.md"), DocRole::Changelog);
        assert_eq!(role("docs/changelog/v2.md"), DocRole::Changelog);
        assert_eq!(role("change_logs/release_0.4.0.md"), DocRole::Changelog);
        assert_eq!(role(".claude/skills/metrics/CHANGELOG.md"), DocRole::Changelog);
        assert_eq!(role("skills/metrics/CHANGELOG.md"), DocRole::Changelog);
        assert_eq!(role("docs/Release-Notes/2024.md"), DocRole::Changelog);
        assert_eq!(
            role("release notes/v0.41.0.md"),
            DocRole::Changelog,
            "k6: a folder name with a space"
        );
        assert_eq!(role("third_party/lib/README.md"), DocRole::Generated);
        assert_eq!(role("api/ref.md"), DocRole::Generated);
        assert_eq!(role("docs/history-of-x.md"), DocRole::UserDoc);
        // One release's notes, named by its version in a folder of them.
        assert_eq!(role("docs/releases/4.1.4.md"), DocRole::Changelog);
        assert_eq!(role("docs/releases/v8.0.0-rc.1.md"), DocRole::Changelog);
        assert_eq!(role("docs/breaking-changes/0.279.0.md"), DocRole::Changelog);
        assert_eq!(role("docs/releases/README.md"), DocRole::UserDoc);
        assert_eq!(role("docs/migrate/v2.0.md"), DocRole::UserDoc, "a migration guide");
    }

    #[test]
    fn a_markdown_fence_holding_fences_is_one_template() {
        let doc = "# Cmd\n\n```markdown\n# Project\n\n```bash\nmake\n```\n\n- [API](./docs/api.md)\n```\n\nAfter [x](y.md).\n\n```md\nplain [a](b.md)\n```\n\n```python\n```markdown\n```\n";
        assert_eq!(nested_markdown_templates(doc), [(3, 11)]);
        assert!(nested_markdown_templates("# T\n\n```bash\n```md\n```\n").is_empty());
    }

    #[test]
    fn language_folders_are_named_by_a_language_code() {
        assert!(in_language_folder("guides/cn/01_intro.md"));
        assert!(in_language_folder("docs/pt-BR/index.md"));
        assert!(!in_language_folder("guides/en/intro.md"));
        assert!(!in_language_folder("docs/cn.md"), "a file, not a folder");
        assert!(!in_language_folder("guides/intro.md"));
    }

    #[test]
    fn translations_need_their_original_or_a_sibling_language() {
        assert_eq!(role_in("README.zh.md", &["README.md"]), DocRole::Translation);
        assert_eq!(role_in("README-ja.md", &["README.md"]), DocRole::Translation);
        assert_eq!(role_in("README_pt-BR.md", &["README.md"]), DocRole::Translation);
        assert_eq!(role_in("doc/README.中文.md", &["doc/README.md"]), DocRole::Translation);
        // A README with a language suffix is one even without its original in the walk.
        assert_eq!(role("README-ja.md"), DocRole::Translation);
        assert_eq!(role_in("packages/v3/README_KO.md", &["README.md"]), DocRole::Translation);
        assert_eq!(role("GUIDE-ja.md"), DocRole::UserDoc);
        assert_eq!(role_in("doc/README-ko.md", &["README.md"]), DocRole::Translation);
        assert_eq!(role_in("doc/guide-ko.md", &["docs/guide.md"]), DocRole::UserDoc);
        assert_eq!(role_in("setup-guide.md", &["setup.md"]), DocRole::UserDoc);
        assert_eq!(role_in("docs/ja/intro.md", &["docs/en/intro.md"]), DocRole::Translation);
        assert_eq!(role_in("docs/ja/intro.md", &["docs/fr/intro.md"]), DocRole::Translation);
        assert_eq!(role_in("i18n/fr/a.md", &[]), DocRole::Translation);
        assert_eq!(role_in("docs/en/intro.md", &["docs/ja/intro.md"]), DocRole::UserDoc);
        assert_eq!(role_in("src/id/README.md", &[]), DocRole::UserDoc);
        assert_eq!(role_in("docs/ckb-IR/guide.md", &["docs/de-DE/guide.md"]), DocRole::Translation);
        assert_eq!(role_in("docs/en-US/guide.md", &["docs/de-DE/guide.md"]), DocRole::UserDoc);
        // tldr: `pages.it/` beside `pages/`; a dotted folder without its original is not.
        let tldr = ["pages.it/common/tar.md", "pages/common/tar.md"];
        assert_eq!(role_in("pages.it/common/tar.md", &tldr), DocRole::Translation);
        assert_eq!(role_in("pages/common/tar.md", &tldr), DocRole::UserDoc);
        assert_eq!(role_in("docs.ja/x.md", &["docs.ja/x.md"]), DocRole::UserDoc);
        // SuperClaude: `user-guide-jp/` beside `user-guide/`, a country code for the
        // language; a folder with a code-like tail and no original beside it is not.
        let guide = ["docs/user-guide-jp/a.md", "docs/user-guide/a.md"];
        assert_eq!(role_in("docs/user-guide-jp/a.md", &guide), DocRole::Translation);
        assert_eq!(role_in("docs/api-de/a.md", &["docs/api-de/a.md"]), DocRole::UserDoc);
        // huggingface_hub's `docs/source/{en,cn,ta}/`, claude-mem's `README.ur.md`.
        let hub = ["docs/source/cn/a.md", "docs/source/en/a.md", "docs/source/ta/a.md"];
        assert_eq!(role_in("docs/source/cn/a.md", &hub), DocRole::Translation);
        assert_eq!(role_in("docs/source/ta/a.md", &hub), DocRole::Translation);
        assert_eq!(role_in("docs/i18n/README.ur.md", &["README.md"]), DocRole::Translation);
        // A machine-learning folder is no language.
        assert_eq!(role_in("docs/ml/a.md", &["docs/en/a.md"]), DocRole::UserDoc);
    }
}
