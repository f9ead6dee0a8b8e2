//! `broken_reference` on a package script: a doc that tells its reader to run
//! `npm run lint` or `pnpm run bench` where no `package.json` of the repository defines
//! that script. The command fails as written ("Missing script: lint"): the script was
//! removed or renamed (claude-code-mcp's release checklist still runs `npm run lint`
//! and `npm run typecheck`, gone since the build moved to esbuild) or never existed.
//!
//! Only docs about working on this repository are read — agent context (`CLAUDE.md`,
//! `AGENTS.md`, copilot instructions, nested ones) and contributor docs
//! (`CONTRIBUTING`, `DEVELOPMENT`, `HACKING`, `MAINTAINING`, release how-tos) — since a
//! README or a site page as often tells the reader what to run in a project of their own.
//! Only `npm run` / `npm run-script` / `pnpm run` count: they run scripts and nothing
//! else (`yarn run`, `bun run` and bare `pnpm x` also run binaries and files) — except a
//! name with a colon, which no binary or file has: `yarn build:tests`, `pnpm lint:fix`,
//! `yarn run`/`bun run test:e2e` run scripts too (napi-rs' `CLAUDE.md` on a
//! `build:tests` its `package.json` calls `build:test`). A script
//! counts as defined when any `package.json` at the root or in a package folder
//! (`Tree::package_scripts`) defines it, whichever folder the command runs in. Commands
//! are read in inline code and in shell code blocks; a block stops counting after a
//! `cd` to a folder the repository lacks or a `git clone` (the commands run elsewhere).

use std::collections::HashSet;

use crate::scan::context::{Doc, Findings, ScanContext};
use crate::scan::role::DocRole;
use crate::scan::signal::{Signal, SignalName};

/// Info strings of code blocks whose lines are shell commands (an empty one too).
pub const SHELL_LANGS: [&str; 14] = [
    "sh",
    "bash",
    "shell",
    "console",
    "zsh",
    "fish",
    "powershell",
    "pwsh",
    "ps1",
    "cmd",
    "terminal",
    "shellsession",
    "sh-session",
    "text",
];

/// File names (lowercase, before the extension) of docs about developing the repository.
const CONTRIBUTOR_NAMES: [&str; 10] = [
    "contributing",
    "development",
    "developing",
    "hacking",
    "maintaining",
    "releasing",
    "release",
    "release-process",
    "release_checklist",
    "release-checklist",
];

/// Folders whose docs are about developing the repository (eslint's
/// `docs/src/contribute/development-environment.md`).
const CONTRIBUTOR_DIRS: [&str; 3] = ["contributing", "contribute", "development"];

/// Adds a signal for each command of `doc` that runs a script no `package.json` defines.
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, role: DocRole, out: &mut Findings) {
    // Elsewhere (a README, a site page) only a command that names one of the
    // repository's own packages is read (`pnpm run --filter=tsconfig-reference
    // generate-json` in TypeScript-Website's README): no reader's project has it.
    let own_packages_only = !about_this_repository(&doc.path, role);
    if (own_packages_only && !matches!(role, DocRole::UserDoc | DocRole::SitePage))
        || !mentions_a_run(&doc.parsed.text)
        || commands_not_current(ctx, doc, role)
    {
        return;
    }
    let Some(scripts) = ctx.tree.package_scripts() else { return };
    let mut found: Vec<(u32, Command)> = Vec::new();
    for span in &doc.parsed.code_spans {
        found.extend(commands(&span.text).into_iter().map(|c| (span.line, c)));
    }
    // A heading that is a command and nothing else, in plain text (eslint's
    // "#### npm run webpack" over what the script does); one in code is a span above.
    for h in doc.parsed.headings.iter().filter(|h| !h.text.contains('`')) {
        if h.text.starts_with(['n', 'p', 'y', 'b']) && h.text.split_whitespace().count() <= 4 {
            found.extend(commands(&h.text).into_iter().map(|c| (h.line, c)));
        }
    }
    for block in shell_blocks(doc) {
        for (i, line) in block.text.lines().enumerate() {
            if leaves_the_repository(ctx, doc, line) {
                break;
            }
            found.extend(commands(line).into_iter().map(|c| (block.line + i as u32, c)));
        }
    }
    // One signal per missing script, listing every line that runs it.
    let mut by_script: Vec<(Command, Vec<u32>)> = Vec::new();
    for (line, command) in found {
        if own_packages_only
            && command.package.as_deref().is_none_or(|p| ctx.tree.scripts_of(p).is_none())
        {
            continue;
        }
        let defined = match &command.package {
            // A package no package.json is named after: a placeholder or another
            // repository's, unknown here.
            Some(name) => ctx.tree.scripts_of(name).is_none_or(|s| s.contains(&command.script)),
            None => scripts.contains(&command.script),
        };
        if defined {
            continue;
        }
        match by_script.iter_mut().find(|(c, _)| *c == command) {
            Some((_, lines)) => lines.push(line),
            None => by_script.push((command, vec![line])),
        }
    }
    for (command, lines) in by_script {
        let written = format!("{} {}", command.runner, command.script);
        let (whose, among) = match &command.package {
            Some(name) => (
                format!("the package.json of `{name}` does not define"),
                ctx.tree.scripts_of(name).unwrap_or(scripts),
            ),
            None => ("no package.json of the repository defines".to_string(), scripts),
        };
        let mut signal = Signal::new(
            SignalName::BrokenReference,
            lines.iter().copied().min().unwrap_or(1),
            format!("`{written}` runs the script `{}`, which {whose}", command.script),
        )
        .with_target(written)
        .with_lines(lines);
        if let Some(like) = closest_script(&command.script, among) {
            signal.detail.push_str(&format!(" (it has `{like}`)"));
            signal = signal.with_suggestion(format!("{} {like}", command.runner));
        }
        out.push(&doc.path, signal);
    }
}

/// Whether the commands `doc` (of `role`) gives are not ones to run in this repository
/// as it is now: a skill or a prompt (`skills/development/…`) is written for the reader's
/// project; a superseded docs version (`docs/v2/` beside `docs/v4/`) tells how its release
/// was built; a log of releases (kedro's `RELEASE.md`) tells what each release changed;
/// a plan, a record or a post names the commands of its day or of its intent.
pub(crate) fn commands_not_current(ctx: &ScanContext<'_>, doc: &Doc, role: DocRole) -> bool {
    use crate::scan::signals::sections;
    crate::scan::role::writes_for_readers(&doc.path, role)
        || crate::scan::signals::version_folders::superseded(&doc.path, &ctx.paths)
        || sections::release_log(&doc.parsed)
        || sections::is_plan(&doc.path)
        || sections::is_record(&doc.path)
        || sections::is_post(&doc.path)
}

/// Whether the doc at `path` tells how to work on this repository.
pub(crate) fn about_this_repository(path: &str, role: DocRole) -> bool {
    if matches!(role, DocRole::AgentContext | DocRole::NestedAgentContext) {
        return true;
    }
    if !matches!(role, DocRole::UserDoc | DocRole::SitePage) {
        return false;
    }
    let lower = path.to_lowercase();
    let (dirs, name) = lower.rsplit_once('/').unwrap_or(("", &lower));
    let stem = name.split('.').next().unwrap_or(name);
    CONTRIBUTOR_NAMES.contains(&stem) || dirs.split('/').any(|d| CONTRIBUTOR_DIRS.contains(&d))
}

/// The code blocks of `doc` whose lines are shell commands: an info string of
/// `SHELL_LANGS`, or none.
pub(crate) fn shell_blocks(doc: &Doc) -> impl Iterator<Item = &crate::scan::markdown::CodeBlock> {
    doc.parsed.code_blocks.iter().filter(|block| {
        let lang = block.info.split_whitespace().next().unwrap_or("").to_lowercase();
        lang.is_empty() || SHELL_LANGS.contains(&lang.as_str())
    })
}

/// A cheap test before the doc's code is read.
fn mentions_a_run(text: &str) -> bool {
    text.contains("npm run")
        || text.contains("pnpm ")
        || text.contains("yarn ")
        || text.contains("bun run")
}

/// A script a command runs.
#[derive(Debug, PartialEq, Eq)]
struct Command {
    /// `npm run`, `npm run-script`, `pnpm run`, `pnpm -F @scope/pkg`.
    runner: String,
    script: String,
    /// The package a filter names (`pnpm -F @sveltejs/kit`, `npm run x -w pkg`,
    /// `yarn workspace pkg`), whose own package.json must define the script.
    package: Option<String>,
}

/// The scripts `npm run` / `npm run-script` / `pnpm run` run on `line`, its commands
/// split as a shell would (`version_skew::shell_commands`: a prompt and `sudo` dropped)
/// and list markers and environment assignments before a command (`1.`, `CI=1`) skipped. A command with a flag
/// right after `run` (`npm run -w pkg build`) or a script name that is a placeholder
/// (`<script>`, `$NAME`, `{name}`) or a pattern (`pnpm run "/^build/"`) is not read.
fn commands(line: &str) -> Vec<Command> {
    let mut out = Vec::new();
    for words in crate::scan::signals::version_skew::shell_commands(line) {
        let mut words =
            words.iter().map(String::as_str).skip_while(|w| is_assignment(w) || is_marker(w));
        let Some(tool) = words.next() else { continue };
        let tool = tool.trim_start_matches(['`', '(']);
        let trim = |w: &str| w.trim_end_matches(['`', ')', ',', '.']).to_string();
        let rest: Vec<&str> = words.clone().collect();
        if let Some(command) = filtered(tool, &rest) {
            out.push(command);
            continue;
        }
        let Some(run) = words.next() else { continue };
        // `yarn build:tests`, `pnpm test:e2e`: a name with a colon is no binary nor file,
        // so a bare one or one after `yarn run` / `bun run` is a script.
        let bare = trim(run);
        // Not `release:patch/minor/major`, three scripts in one.
        let one = |w: &str| w.contains(':') && !w.contains('/') && is_script_name(w);
        if matches!(tool, "yarn" | "pnpm") && one(&bare) {
            out.push(Command { runner: tool.to_string(), script: bare, package: None });
            continue;
        }
        let Some(script) = words.next().map(trim) else { continue };
        let scripts_only = matches!((tool, run), ("npm", "run" | "run-script") | ("pnpm", "run"));
        let colon = matches!((tool, run), ("yarn" | "bun", "run")) && one(&script);
        if (scripts_only || colon) && is_script_name(&script) {
            out.push(Command { runner: format!("{tool} {run}"), script, package: None });
        }
    }
    out
}

/// A script run in one named workspace package: `pnpm -F pkg x:y` / `pnpm --filter pkg
/// run x` (a script pnpm runs by a bare name only with a colon, as unfiltered),
/// `npm run x -w pkg` / `npm -w pkg run x` (`--workspace`), `yarn workspace pkg x:y`.
/// A filter by path, pattern or dependency graph (`./packages/a`, `@scope/*`, `pkg...`),
/// or more than one, is not read.
fn filtered(tool: &str, words: &[&str]) -> Option<Command> {
    let trim = |w: &str| w.trim_end_matches(['`', ')', ',', '.']).to_string();
    let named = |p: &str| {
        !p.is_empty()
            && !p.starts_with(['.', '/', '!', '{', '['])
            && p.chars().all(|c| c.is_ascii_alphanumeric() || "@/-_.".contains(c))
            && !p.ends_with('.')
            // `@scope/name`, not a folder (`packages/a`).
            && (!p.contains('/') || (p.starts_with('@') && p.matches('/').count() == 1))
    };
    let mut package: Option<String> = None;
    let mut rest: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        // pnpm passes what follows the script's name to the script (`pnpm test:examples
        // --filter x` runs the root's script); npm reads its flags up to `--`.
        let script_named = rest.iter().any(|r| *r != "run" && *r != "run-script");
        if w == "--" || (tool == "pnpm" && script_named) {
            rest.extend(&words[i..]);
            break;
        }
        let flag = match tool {
            "pnpm" => ["-F", "--filter"].contains(&w),
            "npm" => ["-w", "--workspace"].contains(&w),
            _ => false,
        };
        let joined = match tool {
            "pnpm" => w.strip_prefix("--filter="),
            "npm" => w.strip_prefix("--workspace="),
            _ => None,
        };
        if flag || joined.is_some() {
            let value = match joined {
                Some(v) => v,
                None => {
                    i += 1;
                    words.get(i).copied()?
                }
            };
            if package.is_some() || !named(value) {
                return None;
            }
            package = Some(value.to_string());
        } else {
            rest.push(w);
        }
        i += 1;
    }
    if tool == "yarn" && rest.first() == Some(&"workspace") {
        let name = rest.get(1).filter(|p| named(p))?;
        let script = trim(rest.get(2)?);
        let one = script.contains(':') && is_script_name(&script);
        return one.then(|| Command {
            runner: format!("yarn workspace {name}"),
            script,
            package: Some(name.to_string()),
        });
    }
    let package = package?;
    let (runner, script) = match (tool, rest.as_slice()) {
        ("npm", ["run" | "run-script", script, ..]) => {
            (format!("npm run -w {package}"), trim(script))
        }
        ("pnpm", ["run", script, ..]) => (format!("pnpm -F {package} run"), trim(script)),
        ("pnpm", [script, ..]) if script.contains(':') => {
            (format!("pnpm -F {package}"), trim(script))
        }
        _ => return None,
    };
    (is_script_name(&script) && !script.starts_with('-')).then_some(Command {
        runner,
        script,
        package: Some(package),
    })
}

/// Whether `word` marks a list item or a step before a command (`-`, `*`, `1.`).
pub(crate) fn is_marker(word: &str) -> bool {
    matches!(word, "-" | "*")
        || (word.ends_with('.') && word[..word.len() - 1].chars().all(|c| c.is_ascii_digit()))
}

/// Whether `word` sets a variable for the command after it (`CI=1`, `NODE_ENV=test`).
pub(crate) fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

fn is_script_name(name: &str) -> bool {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphanumeric() || c == '@');
    // `npm run env` lists the environment: npm's own, not a script.
    first_ok
        && name != "env"
        && name.chars().all(|c| c.is_ascii_alphanumeric() || ":_.-/@+".contains(c))
        && !name.ends_with(['.', ':', '-'])
}

/// Whether `line` of a code block moves the commands after it out of this repository: a
/// `git clone`, or a `cd` into a folder that exists neither from the root nor from the
/// doc's folder.
pub(crate) fn leaves_the_repository(ctx: &ScanContext<'_>, doc: &Doc, line: &str) -> bool {
    if line.contains("git clone") {
        return true;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    words.windows(2).any(|w| {
        if w[0] != "cd" {
            return false;
        }
        let dir = w[1].trim_end_matches("&&").trim_end_matches(['/', ';']);
        if dir.starts_with('~') || dir.starts_with('/') {
            return true;
        }
        // A variable (`cd $REPO`) or the same folder: the commands may still run here.
        if dir.is_empty() || dir == "." || dir.starts_with('$') {
            return false;
        }
        let from_doc = crate::scan::resolve::join(doc.dir(), dir);
        !ctx.tree.exists(dir) && !ctx.tree.exists(&from_doc)
    })
}

/// The script `script` was clearly meant to be: the only one spelled the same once case
/// and the separators `-`, `_`, `:` are set aside (`generate-json` for `generate:json`),
/// or with an `s` more or less (`build:tests` for `build:test`).
pub(crate) fn closest_script(script: &str, scripts: &HashSet<String>) -> Option<String> {
    let key = |s: &str| -> String {
        s.chars().filter(|c| !"-_:".contains(*c)).flat_map(char::to_lowercase).collect()
    };
    let want = key(script);
    let like = |s: &String| {
        let k = key(s);
        k == want || k.strip_suffix('s') == Some(&want) || want.strip_suffix('s') == Some(&k)
    };
    let mut matches = scripts.iter().filter(|s| like(s));
    let first = matches.next()?;
    matches.next().is_none().then(|| first.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scripts(line: &str) -> Vec<String> {
        commands(line).into_iter().map(|c| c.script).collect()
    }

    #[test]
    fn reads_the_scripts_npm_and_pnpm_run() {
        assert_eq!(scripts("npm run lint"), ["lint"]);
        assert_eq!(
            scripts("$ npm run build:hooks && npm run test -- --watch"),
            ["build:hooks", "test"]
        );
        assert_eq!(scripts("cd docs && npm i && pnpm run serve"), ["serve"]);
        assert_eq!(scripts("CI=1 npm run-script e2e"), ["e2e"]);
        assert_eq!(scripts("`npm run typecheck`"), ["typecheck"]);
        assert!(scripts("npm run -w packages/a build").is_empty(), "a flag first");
        // A filter to one named package: its own scripts are asked.
        let one = |line: &str| {
            commands(line).into_iter().map(|c| (c.script, c.package)).collect::<Vec<_>>()
        };
        let kit = Some("@sveltejs/kit".to_string());
        assert_eq!(
            one("pnpm -F @sveltejs/kit test:unit:dev path/x.spec.js"),
            [("test:unit:dev".into(), kit.clone())]
        );
        assert_eq!(one("pnpm --filter=@sveltejs/kit run build"), [("build".into(), kit.clone())]);
        assert_eq!(one("npm run lint -w @sveltejs/kit"), [("lint".into(), kit.clone())]);
        assert_eq!(one("npm --workspace @sveltejs/kit run lint"), [("lint".into(), kit)]);
        assert_eq!(one("yarn workspace app build:x"), [("build:x".into(), Some("app".into()))]);
        assert!(one("pnpm --filter langchain lint").is_empty(), "a bare name runs a binary too");
        // The script's own argument: the root's script runs.
        assert_eq!(one("pnpm test:examples --filter app"), [("test:examples".into(), None)]);
        assert!(one("pnpm -F './packages/*' test:unit").is_empty(), "a pattern");
        assert!(one("pnpm -F <package> test:single").is_empty(), "a placeholder");
        assert!(one("pnpm -F a -F b test:unit").is_empty(), "two packages");
        assert!(scripts("npm run <script>").is_empty());
        assert!(scripts("npm run $TASK").is_empty());
        assert!(scripts("pnpm run \"/^build:.*/\"").is_empty());
        assert!(scripts("npm run env").is_empty());
        assert!(scripts("yarn run v1.22.19").is_empty(), "yarn runs binaries too");
        assert!(scripts("pnpm vitest run").is_empty());
        // A name with a colon is a script whichever way it is run.
        assert_eq!(scripts("yarn build:tests"), ["build:tests"]);
        assert_eq!(scripts("pnpm test:e2e --watch"), ["test:e2e"]);
        assert_eq!(scripts("yarn run lint:fix && bun run db:seed"), ["lint:fix", "db:seed"]);
        assert!(scripts("yarn build").is_empty(), "a binary or a built-in as well");
        assert!(scripts("bun run build").is_empty());
        assert!(scripts("pnpm release:patch/minor/major").is_empty(), "three scripts");
        assert!(scripts("npx npm run build").is_empty());
        assert!(scripts("npm run").is_empty());
        assert_eq!(scripts("1. npm run seed"), ["seed"]);
        assert!(scripts("echo npm run build").is_empty(), "an argument, not a command");
    }

    #[test]
    fn contributor_docs_and_agent_context_are_about_the_repository() {
        assert!(about_this_repository("CONTRIBUTING.md", DocRole::UserDoc));
        assert!(about_this_repository(".github/DEVELOPMENT.md", DocRole::UserDoc));
        assert!(about_this_repository("docs/RELEASE_CHECKLIST.md", DocRole::UserDoc));
        assert!(about_this_repository("docs/src/contribute/tests.md", DocRole::SitePage));
        assert!(about_this_repository("CLAUDE.md", DocRole::AgentContext));
        assert!(!about_this_repository("README.md", DocRole::UserDoc));
        assert!(!about_this_repository("docs/guide/getting-started.md", DocRole::SitePage));
        assert!(!about_this_repository("docs/release-notes.md", DocRole::UserDoc));
        assert!(!about_this_repository("docs/ja/CONTRIBUTING.md", DocRole::Translation));
        assert!(!about_this_repository(".claude/commands/lint.md", DocRole::AgentDoc));
    }

    #[test]
    fn the_script_clearly_meant() {
        let have: HashSet<String> = ["generate:json", "build:test", "lint", "lint:fix"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(closest_script("generate-json", &have).as_deref(), Some("generate:json"));
        assert_eq!(closest_script("build:tests", &have).as_deref(), Some("build:test"));
        assert_eq!(closest_script("typecheck", &have), None);
    }
}
