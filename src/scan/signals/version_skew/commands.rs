//! Install commands in code blocks that pin a package: `cargo install x --version v`,
//! `cargo install x@v`, `cargo add x@v`, `pip install x==v` (and `uv pip`, `uv add`,
//! `uv tool install`, `uvx`, `pipx`, `poetry add`), `npm i x@v` (and pnpm, yarn, bun,
//! `npx`), `npm create x@v` (the package `create-x`), and the Node a version manager
//! installs (`nvm install 18.13.0`, `fnm use 22`, `volta install node@20`, `pnpm env use
//! --global 20`), and the Python an environment is set up with (`tox -e py37`, `conda
//! create … python=3.8`: `python_interpreters`). Lines are split into words as a
//! shell would (`shlex`); a shell prompt (`$ `) and `sudo` are dropped. A server entry
//! of an MCP client's config (`"command": "npx", "args": ["-y", "pkg@1.0.6"]`, in JSON
//! or TOML) is the same command, written as data. Which packages count is the judge's
//! business (the repository's own).

use super::judge::requirement;
use super::mention::{Claim, Mention};
use super::words::strict_version;
use crate::scan::signals::manifests::{KnownVersions, Registry};

/// Flags of `cargo install`/`cargo add` that take a value.
const CARGO_VALUE_FLAGS: [&str; 16] = [
    "--git",
    "--path",
    "--branch",
    "--tag",
    "--rev",
    "--root",
    "--features",
    "-F",
    "--target",
    "--profile",
    "-j",
    "--jobs",
    "--registry",
    "--index",
    "--bin",
    "--rename",
];

/// Install commands pinning one of the project's packages.
pub fn mentions(line: &str, number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    const TOOLS: [&str; 8] = ["cargo", "pip", "python", "py", "uv", "poetry", "np", "yarn"];
    const MORE: [&str; 8] = ["bun", "pnp", "nvm", "fnm", "volta", "conda", "mamba", "tox"];
    if !TOOLS.iter().chain(&MORE).any(|t| line.contains(t)) {
        return;
    }
    for words in shell_commands(line) {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        command(&words, number, known, out);
    }
}

/// The commands of one shell line, each as its words (split as a shell would, `shlex`):
/// a prompt (`$ `) and a leading `sudo` dropped, `&&`, `;` and `|` separating commands.
pub fn shell_commands(line: &str) -> Vec<Vec<String>> {
    let line = line.trim_start();
    let line =
        ["$ ", "> ", "% ", "PS> ", "# "].iter().find_map(|p| line.strip_prefix(p)).unwrap_or(line);
    line.replace("&&", ";")
        .split([';', '|'])
        .map(|part| {
            let words = shlex::split(part)
                .unwrap_or_else(|| part.split_whitespace().map(str::to_string).collect());
            words.into_iter().skip_while(|w| w == "sudo").collect()
        })
        .collect()
}

/// What one install command line (a code block's line or an inline code span) installs:
/// the package names of `pip install x`, `uv add x`, `uvx x`, `pipx install x`, `npm i
/// x`, `npx x`, `npm create x` (`create-x`) and their kin, lowercase, versions and extras
/// dropped. A local install (`.`, a path, `-e`, `-r requirements.txt`, a URL) is
/// `LOCAL`: the project itself, as far as the doc says.
pub fn installed(line: &str) -> Vec<String> {
    let mut names = Vec::new();
    for words in shell_commands(line) {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        // `create`: the package is `create-x`; `first`: only the first name is a
        // package, the rest are its own arguments (`npx kanban --port 3000`).
        let (args, create, first): (&[&str], bool, bool) = match words.as_slice() {
            ["pip" | "pip3" | "pipx", "install", args @ ..]
            | ["python" | "python3" | "py", "-m", "pip", "install", args @ ..]
            | ["uv", "pip", "install", args @ ..]
            | ["uv", "add", args @ ..]
            | ["uv", "tool", "install", args @ ..]
            | ["npm" | "pnpm" | "yarn" | "bun", "i" | "install" | "add", args @ ..]
            | ["yarn", "global", "add", args @ ..] => (args, false, false),
            ["uv", "tool", "run", args @ ..]
            | ["pipx", "run", args @ ..]
            | ["uvx" | "npx" | "pnpx" | "bunx", args @ ..] => (args, false, true),
            ["npm" | "pnpm" | "yarn" | "bun", "create" | "init", args @ ..] => (args, true, true),
            _ => continue,
        };
        let mut i = 0;
        while let Some(arg) = args.get(i) {
            i += 1;
            if matches!(*arg, "-r" | "-c" | "-e" | "--requirement" | "--editable") {
                names.push(LOCAL.to_string());
                i += 1;
                continue;
            }
            if matches!(
                *arg,
                "-i" | "--index-url"
                    | "--extra-index-url"
                    | "--from"
                    | "-p"
                    | "--python"
                    | "--with"
            ) {
                i += 1;
                continue;
            }
            if arg.starts_with('-') {
                continue;
            }
            if arg.starts_with('.')
                || arg.contains("://")
                || arg.starts_with("git+")
                || (arg.contains('/') && !arg.starts_with('@'))
            {
                names.push(LOCAL.to_string());
                continue;
            }
            // `name==1.0`, `name>=1`, `name[extra]`, `name@1.0`, `@scope/name@1.0`.
            let cut = arg.find(|c: char| "=<>~![; ".contains(c)).unwrap_or(arg.len());
            let mut name = &arg[..cut];
            if let Some(at) = name.rfind('@').filter(|i| *i > 0) {
                name = &name[..at];
            }
            if name.is_empty() {
                continue;
            }
            let name = name.to_lowercase();
            names.push(match (create, name.split_once('/')) {
                (false, _) => name,
                (true, Some((scope, rest))) => format!("{scope}/create-{rest}"),
                (true, None) if name.starts_with('@') => format!("{name}/create"),
                (true, None) => format!("create-{name}"),
            });
            if first {
                break;
            }
        }
    }
    names
}

/// What `installed` names for a local install: the project itself.
pub const LOCAL: &str = ".";

/// The versions one command (its words, as a shell splits them) pins.
fn command(words: &[&str], number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    match words {
        ["cargo", "install" | "add", args @ ..] => cargo_args(args, number, out),
        ["pip" | "pip3" | "pipx", "install", args @ ..]
        | ["python" | "python3" | "py", "-m", "pip", "install", args @ ..]
        | ["uv", "pip", "install", args @ ..]
        | ["uv", "add", args @ ..]
        | ["uv", "tool", "install" | "run", args @ ..]
        | ["uvx" | "poetry", args @ ..] => python_args(args, number, known, out),
        ["npm" | "pnpm" | "yarn" | "bun", "i" | "install" | "add", args @ ..]
        | ["npx" | "pnpx" | "bunx", args @ ..] => npm_args(args, number, false, out),
        ["npm" | "pnpm" | "yarn" | "bun", "create" | "init", args @ ..] => {
            npm_args(&args[..args.len().min(1)], number, true, out)
        }
        // The Node a reader is told to install: drizzle-orm's CONTRIBUTING `nvm install
        // 18.13.0` beside an `.nvmrc` on 22. `--lts`, `node` and `lts/*` name no release.
        ["nvm" | "fnm", "install" | "use", version, ..] => {
            out.extend(Mention::of_name(number, "node", None, Claim::Version, version));
        }
        // pnpm's own Node manager (`pnpm env use --global 20`), judged as `nvm install`.
        // mermaid's guide runs it beside a `.node-version` on 22.14.0, a pin the scan does
        // not read (tried in session 31: 3 true, 6 false rows), so it stays unflagged.
        ["pnpm", "env", "use" | "add", args @ ..] => {
            if let Some(version) = args.iter().find(|a| !a.starts_with('-')) {
                out.extend(Mention::of_name(number, "node", None, Claim::Version, version));
            }
        }
        ["volta", "install" | "pin", tool, ..] => {
            if let Some(version) = tool.strip_prefix("node@") {
                out.extend(Mention::of_name(number, "node", None, Claim::Version, version));
            }
        }
        _ => {
            // The Python a reader sets an environment up with: pre-commit's CONTRIBUTING
            // `tox -e py37` under `python_requires = >=3.10`. Wrong only below the floor.
            for (target, version) in python_interpreters(words) {
                let m = Mention::of_name(number, "python", None, Claim::Uses, &version);
                let written = target.to_string();
                out.extend(m.map(|m| Mention { target: written.clone(), written, ..m }));
            }
        }
    }
}

/// The Python versions one command sets an environment up with: `pyenv install 3.8.10`
/// (and `local`, `global`, `shell`), `uv venv --python 3.9` (`-p`, `--python=`, any uv
/// subcommand), `uv python install 3.9 3.10` (and `pin`), `conda create -n x python=3.8`
/// (`mamba`, `micromamba`, `conda install`), `python3.8 -m venv`, `virtualenv -p
/// python3.8`, `py -3.8` and `tox -e py37,py38-django`. A name that is no CPython
/// release (`pypy3.9`, `python3`, `system`) names none.
fn python_interpreters<'a>(words: &[&'a str]) -> Vec<(&'a str, String)> {
    let minor = |v: &'a str| {
        Some((v, v.to_string())).filter(|_| v.starts_with("3.") && strict_version(v).is_some())
    };
    let executable = |w: &'a str| {
        let version = w.rsplit('/').next()?.strip_prefix("python")?;
        minor(version)
    };
    let flag_value = |args: &[&'a str]| {
        let mut found = Vec::new();
        for (i, arg) in args.iter().enumerate() {
            let value = match arg.split_once('=') {
                Some(("--python" | "-p", value)) => Some(value),
                _ if matches!(*arg, "--python" | "-p") => args.get(i + 1).copied(),
                _ => None,
            };
            found.extend(value.and_then(|v| minor(v).or_else(|| executable(v))));
        }
        found
    };
    match words {
        ["pyenv", "install" | "local" | "global" | "shell", versions @ ..]
        | ["uv", "python", "install" | "pin", versions @ ..] => {
            versions.iter().take_while(|v| !v.starts_with('-')).filter_map(|v| minor(v)).collect()
        }
        ["uv" | "virtualenv", args @ ..] => flag_value(args),
        ["conda" | "mamba" | "micromamba", "create" | "install", args @ ..] => args
            .iter()
            .filter_map(|a| a.strip_prefix("python="))
            .filter_map(|v| minor(v.trim_start_matches('=')))
            .collect(),
        ["py", version, ..] => version.strip_prefix('-').and_then(minor).into_iter().collect(),
        [python, "-m", "venv" | "virtualenv", ..] => executable(python).into_iter().collect(),
        ["tox", args @ ..] => {
            let envs = args.iter().position(|a| *a == "-e").and_then(|i| args.get(i + 1));
            let envs = envs.into_iter().flat_map(|e| e.split(','));
            envs.filter_map(|env| {
                let name = env.split('-').next()?;
                let digits = name.strip_prefix("py3")?;
                let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
                all_digits.then(|| (name, format!("3.{digits}")))
            })
            .collect()
        }
        _ => Vec::new(),
    }
}

/// The commands that a config snippet's server entries run: every table or object with
/// a string `command` and an `args` list of strings (`mcpServers`, `mcp_servers`). The
/// mention's line is the first of `text` (whose first line is `first`) holding the
/// versioned argument.
pub fn config_mentions(text: &str, first: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    if !text.contains("command") || !text.contains("args") {
        return;
    }
    let mut commands: Vec<Vec<String>> = Vec::new();
    // TOML (Codex's `[mcp_servers.x]`) is read as the same data as JSON.
    let value = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .or_else(|| text.parse::<toml::Table>().ok().and_then(|t| serde_json::to_value(t).ok()));
    if let Some(value) = value {
        json_commands(&value, &mut commands);
    }
    for words in commands {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let mut found = Vec::new();
        command(&words, first, known, &mut found);
        for mut m in found {
            let at = text.lines().position(|l| l.contains(&m.target) && l.contains('"'));
            m.line = first + at.unwrap_or(0) as u32;
            out.push(m);
        }
    }
}

fn json_commands(value: &serde_json::Value, out: &mut Vec<Vec<String>>) {
    match value {
        serde_json::Value::Object(map) => {
            let command = map.get("command").and_then(|c| c.as_str());
            let args = map.get("args").and_then(|a| a.as_array());
            if let (Some(command), Some(args)) = (command, args) {
                let mut words = vec![command.to_string()];
                words.extend(args.iter().filter_map(|a| a.as_str().map(str::to_string)));
                out.push(words);
            }
            map.values().for_each(|v| json_commands(v, out));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| json_commands(v, out)),
        _ => {}
    }
}

fn cargo_args(args: &[&str], number: u32, out: &mut Vec<Mention>) {
    let mut crates = Vec::new();
    let mut version = None;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        if let Some(v) = arg.strip_prefix("--version=").or_else(|| arg.strip_prefix("--vers=")) {
            version = Some(v);
        } else if *arg == "--version" || *arg == "--vers" {
            version = args.get(i + 1).copied();
            i += 1;
        } else if CARGO_VALUE_FLAGS.contains(arg) {
            i += 1;
        } else if !arg.starts_with('-') {
            crates.push(*arg);
        }
        i += 1;
    }
    for krate in &crates {
        match krate.split_once('@') {
            Some((name, v)) => {
                out.extend(Mention::of_name(number, name, Some(Registry::Cargo), Claim::Version, v))
            }
            None if crates.len() == 1 => {
                if let Some(v) = version {
                    let v = v.trim_start_matches('=');
                    out.extend(Mention::of_name(
                        number,
                        krate,
                        Some(Registry::Cargo),
                        Claim::Version,
                        v,
                    ));
                }
            }
            None => {}
        }
    }
}

fn python_args(args: &[&str], number: u32, known: &KnownVersions, out: &mut Vec<Mention>) {
    for arg in args.iter().filter(|a| !a.starts_with('-') && !a.contains('/')) {
        let (name, version) = match arg.split_once("==") {
            Some((name, v)) => (name, v.trim_start_matches('=')),
            None => match arg.split_once('@') {
                Some((name, v)) if !name.is_empty() => (name, v),
                _ => continue,
            },
        };
        let name = name.split('[').next().unwrap_or(name).to_lowercase();
        let normalized = name.replace(['_', '.'], "-");
        let name = if known.knows(&name, true) { name } else { normalized };
        out.extend(Mention::of_name(
            number,
            &name,
            Some(Registry::Python),
            Claim::Version,
            version.trim(),
        ));
    }
}

fn npm_args(args: &[&str], number: u32, create: bool, out: &mut Vec<Mention>) {
    for arg in args.iter().filter(|a| !a.starts_with('-')) {
        let Some(at) = arg.rfind('@').filter(|i| *i > 0) else { continue };
        let (name, version) = (&arg[..at], &arg[at + 1..]);
        let name = match (create, name.split_once('/')) {
            (false, _) => name.to_string(),
            (true, Some((scope, rest))) => format!("{scope}/create-{rest}"),
            (true, None) if name.starts_with('@') => format!("{name}/create"),
            (true, None) => format!("create-{name}"),
        };
        out.extend(npm_pin(number, &name, version));
    }
}

/// An npm package `name` at `version` as an install or a URL writes it: an exact version
/// (`1.4.0`), or a `^`/`~` range read as npm reads it; a tag (`latest`) names none.
pub(super) fn npm_pin(number: u32, name: &str, version: &str) -> Option<Mention> {
    if strict_version(version).is_some() {
        Mention::of_name(number, name, Some(Registry::Npm), Claim::Version, version)
    } else if let (Some(req), Some(core)) = (requirement(version), version.strip_prefix(['^', '~']))
    {
        Mention::of_name(number, name, Some(Registry::Npm), Claim::Requirement(req), core)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_entries_of_client_configs() {
        let mut known = KnownVersions::default();
        known.index_names();
        let mut out = Vec::new();
        let json = "{\n  \"mcpServers\": {\n    \"docs\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@acme/docs-mcp@1.0.6\"]\n    }\n  }\n}\n";
        config_mentions(json, 10, &known, &mut out);
        let got: Vec<_> = out.iter().map(|m| (m.line, m.target.as_str())).collect();
        assert_eq!(got, [(14, "1.0.6")]);
        let mut out = Vec::new();
        let toml = "[mcp_servers.docs]\ncommand = \"uvx\"\nargs = [\"docs-mcp==0.3.1\"]\n";
        config_mentions(toml, 1, &known, &mut out);
        let got: Vec<_> = out.iter().map(|m| (m.line, m.target.as_str())).collect();
        assert_eq!(got, [(3, "0.3.1")]);
        // Entries without a pinned version, and other JSON, state nothing.
        let mut out = Vec::new();
        config_mentions("{\"command\": \"npx\", \"args\": [\"-y\", \"pkg\"]}", 1, &known, &mut out);
        config_mentions("{\"args\": [\"pkg@1.0.0\"]}", 1, &known, &mut out);
        assert!(out.is_empty());
    }

    fn found(line: &str) -> Vec<String> {
        let mut known = KnownVersions::default();
        known.index_names();
        let mut out = Vec::new();
        mentions(line, 1, &known, &mut out);
        out.into_iter()
            .map(|m| match m.subject {
                super::super::mention::Subject::Name { name, .. } => format!("{name} {}", m.target),
                _ => panic!("a name"),
            })
            .collect()
    }

    #[test]
    fn install_commands() {
        assert_eq!(found("$ cargo install tool --version 2.2.0 --locked"), ["tool 2.2.0"]);
        assert_eq!(found("cargo install tool@2.1.0 other"), ["tool 2.1.0"]);
        assert_eq!(
            found("pip install 'tool_py[cli]==1.2.0' requests==1"),
            ["tool-py 1.2.0", "requests 1"]
        );
        assert!(found("uv tool install git+https://github.com/acme/tool@v0.1.0").is_empty());
        assert_eq!(
            found("npm i -D @acme/core@^2.0.0 left-pad@1.0.0 && npm create tool@1.0.0"),
            ["@acme/core 2.0.0", "left-pad 1.0.0", "create-tool 1.0.0"]
        );
        assert!(found("echo cargo install tool --version 1.0.0").is_empty());
        assert!(found("npm create vite@latest").is_empty());
    }

    #[test]
    fn version_managers_install_node() {
        assert_eq!(found("nvm install 18.13.0"), ["node 18.13.0"]);
        assert_eq!(found("$ nvm install 22 && nvm use 22"), ["node 22", "node 22"]);
        assert_eq!(found("fnm use v20"), ["node v20"]);
        assert_eq!(found("volta install node@20.11.1"), ["node 20.11.1"]);
        assert_eq!(found("pnpm env use --global 20"), ["node 20"]);
        assert!(found("pnpm env use --global lts").is_empty());
        assert!(found("nvm install --lts").is_empty());
        assert!(found("nvm use node").is_empty());
        assert!(found("volta install typescript@5").is_empty());
    }

    #[test]
    fn environment_setups_name_their_python() {
        let uses = |line: &str| {
            let (known, mut out) = (KnownVersions::default(), Vec::new());
            mentions(line, 1, &known, &mut out);
            let all_uses = out.iter().all(|m| m.claim == Claim::Uses);
            assert!(all_uses, "{line}: a setup is wrong only below the floor");
            let dotted = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(".");
            out.into_iter()
                .map(|m| format!("{} {}", m.target, dotted(&m.version)))
                .collect::<Vec<_>>()
        };
        assert_eq!(uses("$ pyenv install 3.8.10 && pyenv local 3.9"), ["3.8.10 3.8.10", "3.9 3.9"]);
        assert_eq!(uses("uv venv .venv --python 3.9"), ["3.9 3.9"]);
        assert_eq!(
            uses("uv sync -p 3.11 && uv run --python=3.12 x.py"),
            ["3.11 3.11", "3.12 3.12"]
        );
        assert_eq!(uses("uv python install 3.9 3.10 --default"), ["3.9 3.9", "3.10 3.10"]);
        assert_eq!(uses("conda create -n env python=3.8 numpy"), ["3.8 3.8"]);
        assert_eq!(uses("mamba install python==3.11"), ["3.11 3.11"]);
        assert_eq!(uses("python3.8 -m venv .venv"), ["3.8 3.8"]);
        assert_eq!(uses("virtualenv -p /usr/bin/python3.7 env"), ["3.7 3.7"]);
        assert_eq!(uses("py -3.9 -m pip install -e ."), ["3.9 3.9"]);
        assert_eq!(uses("tox -e py37,py310-django42,lint"), ["py37 3.7", "py310 3.10"]);
        for none in [
            "uv venv --python pypy3.9",
            "python3 -m venv .venv",
            "pyenv install --list",
            "conda create -n env python",
            "tox -e py",
            "uv pip install x --python .venv/bin/python",
        ] {
            assert!(uses(none).is_empty(), "{none}");
        }
    }

    #[test]
    fn what_install_commands_install() {
        assert_eq!(
            installed("$ pip install 'neat_logs[all]>=0.8' requests"),
            ["neat_logs", "requests"]
        );
        assert_eq!(installed("pip install -e . && pip install -r requirements.txt"), [".", "."]);
        assert_eq!(installed("npx -y @acme/cli@1.2 serve 3000"), ["@acme/cli"]);
        assert_eq!(installed("npm create astro@latest -- --template x"), ["create-astro"]);
        assert_eq!(installed("uvx --from git+https://x/y tool"), ["tool"]);
        assert_eq!(installed("yarn global add mintlify"), ["mintlify"]);
        assert!(installed("cargo build && npm run dev").is_empty());
    }
}
