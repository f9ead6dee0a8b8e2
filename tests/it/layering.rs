//! The layering invariants of `guide/architecture.md`, checked over the import graph of
//! `src/`: every `crate::` path (in `use` lines, grouped `use crate::{…}` lists and inline
//! paths) and every `super::` path in a folder's `mod.rs` is an edge from the file's
//! top-level module to the module it names.
//!
//! - no circle between top-level modules (folders or files of `src/`);
//! - `check/` never reaches into `clean/`, nor `clean/` into `check/`;
//! - only `commands/`, `main.rs`, `error.rs` and `console.rs` (the printing door) print or
//!   name an exit code.
//!
//! `DOCHYGIENE_LAYERING_SRC=DIR cargo test --test it layering -- --ignored --nocapture`
//! prints the graph and its circles for another tree (how the before/after numbers in
//! the architecture issue were counted).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Macros exported at the crate root by `console.rs`.
const CONSOLE_MACROS: [&str; 3] = ["out", "outln", "errln"];

/// One source file: its path under `src/`, its top-level module and its code with the
/// comments removed.
struct Source {
    rel: String,
    top: String,
    code: String,
}

fn src_dir() -> PathBuf {
    match std::env::var_os("DOCHYGIENE_LAYERING_SRC") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
    }
}

fn sources(root: &Path) -> Vec<Source> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                let top = rel.split('/').next().unwrap().trim_end_matches(".rs").to_string();
                let text = std::fs::read_to_string(&path).unwrap();
                out.push(Source { rel, top, code: strip_tests(&strip_comments(&text)) });
            }
        }
    }
    out.sort_by(|a, b| a.rel.cmp(&b.rel));
    out
}

/// The text without `//` comments (line and doc comments); string literals are kept.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut cut = line.len();
        for (i, ch) in line.char_indices() {
            if ch == '"' && prev != '\\' {
                in_str = !in_str;
            }
            if !in_str && ch == '/' && prev == '/' {
                cut = i - 1;
                break;
            }
            prev = ch;
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    out
}

/// The code without its `#[cfg(test)]` items (a `mod tests { … }` block or a
/// `mod x;` line): tests may name anything.
fn strip_tests(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let semi = item.find(';').unwrap_or(item.len());
        let brace = item.find('{').unwrap_or(item.len());
        if semi < brace {
            rest = &item[semi + 1..];
            continue;
        }
        let mut depth = 0;
        let mut end = item.len();
        for (i, ch) in item.char_indices().skip(brace) {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

fn ident_at(text: &str) -> &str {
    let end = text.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// The top-level modules a piece of code names through `crate::` (or `dochygiene::` in
/// the binary).
fn targets(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices(prefix) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `use crate::{a, b::{c, d}, e}`: the names at depth 0 of the group.
            let mut depth = 0;
            let mut start = true;
            for (i, ch) in group.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && (c.is_alphanumeric() || c == '_') => {
                        out.insert(ident_at(&group[i..]).to_string());
                        start = false;
                    }
                    c if !c.is_whitespace() => start = false,
                    _ => {}
                }
            }
        } else {
            out.insert(ident_at(rest).to_string());
        }
    }
    out.into_iter()
        .map(
            |name| {
                if CONSOLE_MACROS.contains(&name.as_str()) {
                    "console".to_string()
                } else {
                    name
                }
            },
        )
        .collect()
}

/// Top-level module → the top-level modules it names.
fn graph(sources: &[Source]) -> BTreeMap<String, BTreeSet<String>> {
    let tops: BTreeSet<&str> = sources.iter().map(|s| s.top.as_str()).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for s in sources {
        let prefix = if s.rel == "main.rs" { "dochygiene::" } else { "crate::" };
        let entry = edges.entry(s.top.clone()).or_default();
        for t in targets(&s.code, prefix) {
            if t != s.top && tops.contains(t.as_str()) && t != "lib" {
                entry.insert(t);
            }
        }
    }
    edges
}

/// The strongly connected components with more than one module (Tarjan).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

/// Every pair of top-level modules that name each other.
fn two_way(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (a, to) in edges {
        for b in to {
            if a < b && edges.get(b).is_some_and(|back| back.contains(a)) {
                out.push((a.clone(), b.clone()));
            }
        }
    }
    out
}

/// Whether code prints or names an exit code, and how.
fn boundary_uses(code: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    let prints = [
        "outln!",
        "errln!",
        "out!(",
        "println!",
        "eprintln!",
        "print!(",
        "eprint!(",
        "io::stdout",
        "io::stderr",
        "console::",
    ];
    for p in prints {
        if code.match_indices(p).any(|(i, _)| {
            !code[..i].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_')
        }) {
            out.push(p);
        }
    }
    for e in ["Exit::", "exit::", "ExitCode", "process::exit"] {
        if code.contains(e) {
            out.push(e);
        }
    }
    out
}

fn may_print_or_exit(rel: &str) -> bool {
    rel.starts_with("commands/") || ["main.rs", "error.rs", "console.rs", "exit.rs"].contains(&rel)
}

#[test]
fn no_circle_between_top_level_modules() {
    let edges = graph(&sources(&src_dir()));
    assert_eq!(circles(&edges), Vec::<Vec<String>>::new(), "import circles in src/");
}

#[test]
fn check_and_clean_never_import_each_other() {
    let edges = graph(&sources(&src_dir()));
    assert!(edges.contains_key("check") && edges.contains_key("clean"));
    assert!(!edges["check"].contains("clean"), "check/ names clean/");
    assert!(!edges["clean"].contains("check"), "clean/ names check/");
}

#[test]
fn only_commands_main_and_error_print_or_pick_exit_codes() {
    let offenders: Vec<String> = sources(&src_dir())
        .iter()
        .filter(|s| !may_print_or_exit(&s.rel))
        .filter_map(|s| {
            let uses = boundary_uses(&s.code);
            (!uses.is_empty()).then(|| format!("{}: {}", s.rel, uses.join(", ")))
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "printing or exit codes outside the boundary:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_scanner_of_the_graph_sees_grouped_and_inline_paths() {
    let code = strip_comments(
        "use crate::{a, b::{c, d}, errln};\nfn f() { crate::e::g(); x_crate::h(); }\n// crate::z\n",
    );
    let names: Vec<String> = targets(&code, "crate::").into_iter().collect();
    assert_eq!(names, ["a", "b", "console", "e"]);
    let code = "use crate::a;\n#[cfg(test)]\nmod t;\nuse crate::b;\n#[cfg(test)]\nmod tests {\n    fn f() { crate::c::x(); { } }\n}\n";
    let names: Vec<String> = targets(&strip_tests(code), "crate::").into_iter().collect();
    assert_eq!(names, ["a", "b"]);
    let mut edges = BTreeMap::new();
    edges.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    edges.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    edges.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(circles(&edges), vec![vec!["a", "b", "c"]]);
}

/// Prints the graph, its circles and its two-way pairs (for the record; it checks only
/// that every module of the tree is a node).
#[test]
#[ignore]
fn print_the_import_graph() {
    let sources = sources(&src_dir());
    let edges = graph(&sources);
    let tops: BTreeSet<&str> = sources.iter().map(|s| s.top.as_str()).collect();
    assert!(tops.len() > 1, "no modules found under {}", src_dir().display());
    assert!(tops.iter().all(|t| edges.contains_key(*t)), "every module is a node of the graph");
    for (from, to) in &edges {
        println!("{from} -> {}", to.iter().cloned().collect::<Vec<_>>().join(", "));
    }
    let circles = circles(&edges);
    println!("circles (strongly connected groups of top-level modules): {}", circles.len());
    for c in &circles {
        println!("  {}", c.join(" <-> "));
    }
    let pairs = two_way(&edges);
    println!("pairs that name each other: {}", pairs.len());
    for (a, b) in &pairs {
        println!("  {a} <-> {b}");
    }
    let outside: Vec<&str> = sources
        .iter()
        .filter(|s| !may_print_or_exit(&s.rel) && !boundary_uses(&s.code).is_empty())
        .map(|s| s.rel.as_str())
        .collect();
    println!("files outside the boundary that print or name exit codes: {}", outside.len());
    for f in outside {
        println!("  {f}");
    }
}
