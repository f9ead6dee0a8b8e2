//! The paths of a project-structure tree in a code block (`├── client/`, `│   └──
//! useWebSocket.ts`, as `tree` draws it): each entry's path is rebuilt from its column
//! and the entries above it, and one that is missing counts, like a command's path, only
//! when git history shows it moved or went (`Missing::only_if_moved`): graphrag's
//! `DEVELOPING.md` still lists `cache/factory.py`, deleted with the factories.
//!
//! A tree is anchored where most of its entries exist: at the folder its first line
//! names (`simple-chatapp/`, from the root or from the doc's folder), else at the root or
//! the doc's folder. A tree where fewer than half the entries exist there is the reader's
//! project or a plan, and none of its paths is read. Nor is a tree a command printed
//! (the block holds its prompt: `❯ fd --extension rs | tree --fromfile`).

use super::broken_reference::{Form, Missing, Problem};
use crate::scan::context::{Doc, ScanContext};
use crate::scan::resolve::join;
use crate::scan::signal::Signal;

/// `Missing::what` of a tree's entry.
pub const TREE_PATH: &str = "tree path";

/// At most this many entries of one tree are read.
const MAX_ENTRIES: usize = 400;

/// Adds a problem for each entry of each tree in `doc` that is missing where the tree is
/// anchored (kept only if git explains it).
pub fn check(ctx: &ScanContext<'_>, doc: &Doc, out: &mut Vec<Problem>) {
    for block in &doc.parsed.code_blocks {
        if !block.text.contains('├') && !block.text.contains('└') {
            continue;
        }
        // A command's output (`❯ fd --extension rs | tree --fromfile`, fd's README) shows
        // what a run printed, not the repository's layout.
        if block.text.lines().any(|l| is_prompt(l) && !l.contains(['├', '└'])) {
            continue;
        }
        let (label, entries) = entries(&block.text);
        if entries.is_empty() {
            continue;
        }
        let Some(base) = anchor(ctx, doc, label.as_deref(), &entries) else { continue };
        for entry in entries {
            let resolved = join(&base, &entry.path);
            let parent = resolved.rsplit_once('/').map_or("", |(p, _)| p);
            if ctx.tree.exists(&resolved)
                || !ctx.tree.exists(parent)
                || ctx.ignored.contains(&resolved)
            {
                continue;
            }
            out.push(Problem::MissingTarget(Missing {
                doc: doc.path.clone(),
                line: block.line + entry.line,
                written: entry.name,
                resolved,
                form: Form::RepoPath,
                what: TREE_PATH,
                only_if_moved: true,
            }));
        }
    }
}

/// `signal` for the entry `m` of a tree, its detail naming the whole path and its
/// `suggestion` written as the tree writes the entry: the new name when the entry was renamed in its folder, none when it moved
/// elsewhere (the tree must be redrawn, which no one-word edit does). Any other missing
/// path's signal is returned as it is.
pub fn as_written(m: &Missing, mut signal: Signal) -> Signal {
    if m.what != TREE_PATH {
        return signal;
    }
    // A tree writes a name; the detail says which path it stands for.
    let named = format!("`{}`", m.written);
    signal.detail = signal.detail.replacen(&named, &format!("{named} (`{}`)", m.resolved), 1);
    let folder = |p: &str| {
        p.trim_end_matches('/').rsplit_once('/').map_or(String::new(), |(f, _)| f.to_string())
    };
    signal.suggestion = signal.suggestion.take().and_then(|new| {
        let new = new.trim_end_matches('/');
        (folder(new) == folder(&m.resolved))
            .then(|| new.rsplit('/').next().unwrap_or(new).to_string())
    });
    signal
}

/// Whether `line` is a shell prompt followed by a command.
fn is_prompt(line: &str) -> bool {
    ["$ ", "❯ ", "> ", "% ", "PS> "].iter().any(|p| line.trim_start().starts_with(p))
}

/// One entry of a tree: its path below the tree's top, its name as written, and its
/// line within the block (0-based).
#[derive(Debug, PartialEq, Eq)]
struct Entry {
    path: String,
    name: String,
    line: u32,
}

/// The top label of a tree (its first line when it has no connector: `simple-chatapp/`,
/// `.`) and its entries.
fn entries(text: &str) -> (Option<String>, Vec<Entry>) {
    let mut label = None;
    let mut stack: Vec<(usize, String)> = Vec::new();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let Some(at) = chars.iter().position(|c| matches!(c, '├' | '└')) else {
            if out.is_empty() && stack.is_empty() && label.is_none() {
                let first = line.split_whitespace().next().unwrap_or("");
                if !first.is_empty() && !line.trim_start().starts_with(['#', '│', '|']) {
                    label = Some(first.trim_end_matches('/').to_string());
                }
            }
            continue;
        };
        let rest: String = chars[at + 1..].iter().collect();
        let rest = rest.trim_start_matches(['─', '-', '━', ' ', '\u{a0}']);
        let name = rest.split("  ").next().unwrap_or("").split(" #").next().unwrap_or("");
        let name = name.trim().trim_end_matches('/');
        while stack.last().is_some_and(|(col, _)| *col >= at) {
            stack.pop();
        }
        if !plain_name(name) {
            // An entry the scan cannot name (`...`, `<your-app>`) still holds its column.
            stack.push((at, String::new()));
            continue;
        }
        if stack.iter().any(|(_, n)| n.is_empty()) {
            stack.push((at, name.to_string()));
            continue;
        }
        let mut path: Vec<&str> = stack.iter().map(|(_, n)| n.as_str()).collect();
        path.push(name);
        out.push(Entry { path: path.join("/"), name: name.to_string(), line: i as u32 });
        stack.push((at, name.to_string()));
        if out.len() >= MAX_ENTRIES {
            break;
        }
    }
    (label, out)
}

/// Whether `name` is a plain file or folder name (or a short path: `run/run.py`), not a
/// placeholder, a pattern or a sentence.
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains("..")
        && !name.starts_with('/')
        && name.chars().all(|c| c.is_alphanumeric() || "-_./@+".contains(c))
}

/// The root-relative folder the tree's entries are listed from: of the candidates (the
/// label's folder from the root and from the doc's folder, the doc's folder when the
/// label names it, else the root and the doc's folder), the one where the most entries
/// exist, when at least half of them do.
fn anchor(
    ctx: &ScanContext<'_>,
    doc: &Doc,
    label: Option<&str>,
    entries: &[Entry],
) -> Option<String> {
    let dir = doc.dir();
    let mut bases: Vec<String> = Vec::new();
    match label.filter(|l| plain_name(l)) {
        Some(label) => {
            bases.push(join("", label));
            bases.push(join(dir, label));
            if dir.rsplit('/').next() == Some(label) {
                bases.push(dir.to_string());
            }
            // The repository's own name as the label (`graphrag/` over its package, or
            // `my-repo/` over the root): the root and the doc's folder.
            bases.push(String::new());
            bases.push(dir.to_string());
        }
        None => {
            bases.push(String::new());
            bases.push(dir.to_string());
        }
    }
    bases.dedup();
    let found =
        |base: &String| entries.iter().filter(|e| ctx.tree.exists(&join(base, &e.path))).count();
    let (best, count) = bases
        .iter()
        .filter(|b| b.is_empty() || ctx.tree.exists(b))
        .map(|b| (b, found(b)))
        .max_by_key(|(_, n)| *n)?;
    (count * 2 >= entries.len() && count > 0).then(|| best.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(text: &str) -> (Option<String>, Vec<String>) {
        let (label, e) = entries(text);
        (label, e.into_iter().map(|e| e.path).collect())
    }

    #[test]
    fn rebuilds_each_entrys_path_from_its_column() {
        let tree = "simple-chatapp/\n├── client/                    # React frontend\n│   ├── App.tsx\n│   └── hooks/\n│       └── useWebSocket.ts   # WebSocket hook\n└── server/\n    └── server.ts\n";
        let (label, p) = paths(tree);
        assert_eq!(label.as_deref(), Some("simple-chatapp"));
        assert_eq!(
            p,
            [
                "client",
                "client/App.tsx",
                "client/hooks",
                "client/hooks/useWebSocket.ts",
                "server",
                "server/server.ts"
            ]
        );
        // graphrag's tree: five-column indents, a short path as one entry.
        let graphrag = "graphrag/\n├── cache           # cache module\n│    └─ factory.py  #  └─ main entrypoint\n├── index\n|    └─ run/run.py  #  main entrypoint\n";
        assert_eq!(paths(graphrag).1, ["cache", "cache/factory.py", "index", "index/run/run.py"]);
        // A placeholder holds its column; what is below it is not read.
        let placeholder = ".\n├── <your-app>/\n│   └── main.rs\n└── Cargo.toml\n";
        assert_eq!(paths(placeholder), (Some(".".to_string()), vec!["Cargo.toml".to_string()]));
    }
}
