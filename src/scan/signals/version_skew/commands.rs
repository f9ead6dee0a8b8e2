//! Install commands in code blocks that pin a package: `cargo install x --version v`,
//! `cargo install x@v`, `cargo add x@v`, `pip install x==v` (and `uv pip`, `uv add`,
//! `uv tool install`, `uvx`, `pipx`, `poetry add`), `npm i x@v` (and pnpm, yarn, bun,
//! `npx`), `npm create x@v` (the package `create-x`). Lines are split into words as a
//! shell would (`shlex`); a shell prompt (`$ `) and `sudo` are dropped. Which packages
//! count is the judge's business (the repository's own).

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
    const MORE: [&str; 2] = ["bun", "pnp"];
    if !TOOLS.iter().chain(&MORE).any(|t| line.contains(t)) {
        return;
    }
    let line = line.trim_start();
    let line =
        ["$ ", "> ", "% ", "PS> ", "# "].iter().find_map(|p| line.strip_prefix(p)).unwrap_or(line);
    for part in line.replace("&&", ";").split([';', '|']) {
        let words = shlex::split(part)
            .unwrap_or_else(|| part.split_whitespace().map(str::to_string).collect());
        let words: Vec<&str> =
            words.iter().map(String::as_str).skip_while(|w| *w == "sudo").collect();
        match words.as_slice() {
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
            _ => {}
        }
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
        if strict_version(version).is_some() {
            out.extend(Mention::of_name(
                number,
                &name,
                Some(Registry::Npm),
                Claim::Version,
                version,
            ));
        } else if let (Some(req), Some(core)) =
            (requirement(version), version.strip_prefix(['^', '~']))
        {
            out.extend(Mention::of_name(
                number,
                &name,
                Some(Registry::Npm),
                Claim::Requirement(req),
                core,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
