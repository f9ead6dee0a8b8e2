//! What one Makefile defines, for `make <target>` in a doc: its rules' targets, its
//! pattern rules' patterns and the files it includes, parsed by `makefile-lossless`.
//! Anything that can make a rule the text does not spell out makes the whole file
//! unknown (`None`): a target named by a variable (`$(BIN):`), rules made by
//! `$(eval …)`, a rule for any name (`%:`, `.DEFAULT:`), a syntax error, an include
//! named by a variable. `Tree::make_targets` reads the included files.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use regex::Regex;

/// A plain variable reference: `$(NAME)`, `${NAME}`.
static REFERENCE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\$[({]([A-Za-z0-9_.-]+)[)}]").unwrap());

/// `text` with each plain reference to a variable the file sets replaced by its value,
/// a few levels deep; references to functions (`$(shell …)`) and unset variables stay.
fn expand(text: &str, values: &HashMap<String, String>) -> String {
    let mut text = text.to_string();
    for _ in 0..5 {
        let next = REFERENCE
            .replace_all(&text, |c: &regex::Captures<'_>| {
                values.get(&c[1]).cloned().unwrap_or_else(|| c[0].to_string())
            })
            .into_owned();
        if next == text {
            break;
        }
        text = next;
    }
    text
}

/// The rules of one Makefile's text.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    pub targets: HashSet<String>,
    /// `%.o`, `docs-%`: `make x.o` and `make docs-html` have a rule.
    pub patterns: Vec<String>,
    /// Included files as written, each with whether a missing one is allowed
    /// (`-include`, `sinclude`).
    pub includes: Vec<(String, bool)>,
}

/// The rules `text` defines, or `None` when which names have a rule is unknown.
pub fn parse(text: &str) -> Option<Parsed> {
    if text.contains("$(eval") || text.contains("${eval") {
        return None;
    }
    let (makefile, errors) = makefile_lossless::Makefile::from_str_relaxed(text);
    if !errors.is_empty() {
        return None;
    }
    // The variables' values, read only when a target is named by one.
    let mut values: Option<HashMap<String, String>> = None;
    let mut parsed = Parsed::default();
    for rule in makefile.rules() {
        for written in rule.targets() {
            // `$(LOCALBIN)/buf-$(BUF_VER)`: a file path once expanded, which no bare
            // name is; a variable that stays unknown could be any name.
            let expanded = if written.contains('$') {
                let values = values.get_or_insert_with(|| {
                    let defs = makefile.variable_definitions();
                    defs.filter_map(|d| Some((d.name()?, d.raw_value()?.trim().to_string())))
                        .collect()
                });
                expand(&written, values)
            } else {
                written
            };
            if expanded.contains('$') && !expanded.contains('/') {
                return None;
            }
            // Still holding a function call, it is kept whole: `$(shell pwd)/.bin/x`.
            let names: Vec<String> = if expanded.contains('$') {
                vec![expanded]
            } else {
                expanded.split_whitespace().map(str::to_string).collect()
            };
            for target in names {
                if target == ".DEFAULT" {
                    return None;
                }
                if target.contains('%') {
                    if target == "%" {
                        return None;
                    }
                    parsed.patterns.push(target);
                } else {
                    parsed.targets.insert(target);
                }
            }
        }
    }
    for include in makefile.includes() {
        let optional = include.include_kind().is_some_and(|k| k.is_optional());
        for path in include.paths() {
            if path.contains('$') || path.contains(['*', '?', '[']) {
                return None;
            }
            parsed.includes.push((path, optional));
        }
    }
    Some(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(text: &str) -> Option<Vec<String>> {
        parse(text).map(|p| {
            let mut t: Vec<String> = p.targets.into_iter().collect();
            t.sort();
            t
        })
    }

    #[test]
    fn reads_the_targets_of_rules() {
        let text = "PY = python3\n.PHONY: install test\ninstall:\n\t$(PY) -m pip install -e .\n\ntest: install\n\t$(PY) -m pytest\nlint format:\n\truff check .\n";
        assert_eq!(
            targets(text).unwrap(),
            [".PHONY", "format", "install", "lint", "test"].map(String::from)
        );
        // A recipe line with a colon is no rule.
        let recipe = "build:\n\techo \"step: one\"\n";
        assert_eq!(targets(recipe).unwrap(), ["build"].map(String::from));
        // Rules inside a conditional count.
        let cond = "ifeq ($(OS),Windows_NT)\nwin:\n\techo\nelse\nunix:\n\techo\nendif\n";
        assert_eq!(targets(cond).unwrap(), ["unix", "win"].map(String::from));
    }

    #[test]
    fn patterns_and_includes_are_kept() {
        let p =
            parse("docs-%:\n\tmake -C docs $*\n-include .env\ninclude tools/rules.mk\n").unwrap();
        assert_eq!(p.patterns, ["docs-%"]);
        assert_eq!(p.includes, [(".env".to_string(), true), ("tools/rules.mk".to_string(), false)]);
    }

    #[test]
    fn targets_named_by_variables_are_expanded() {
        let text = "NAME = app\nBIN := $(NAME)-cli\nLOCALBIN := $(shell pwd)/.bin\nLINT := $(LOCALBIN)/golangci-lint\n$(BIN): main.go\n\tgo build -o $@\n$(LINT):\n\tcurl\n";
        assert_eq!(
            targets(text).unwrap(),
            ["$(shell pwd)/.bin/golangci-lint", "app-cli"].map(String::from)
        );
    }

    #[test]
    fn deep_nesting_neither_overflows_nor_is_read() {
        // A cloned repository's Makefile is untrusted: 50k nested references and 20k
        // nested conditionals are parsed on a test thread's stack (2 MiB), and the
        // parser's errors on them leave the file unknown.
        let n = 50_000;
        let refs = format!("X := {}a{}\ntest:\n\techo\n", "$(".repeat(n), ")".repeat(n));
        assert_eq!(parse(&refs), None, "a syntax error to the parser: unknown");
        let conds = format!("{}y:\n{}", "ifeq (a,a)\n".repeat(20_000), "endif\n".repeat(20_000));
        assert_eq!(parse(&conds), None);
    }

    #[test]
    fn rules_the_text_does_not_spell_out_make_it_unknown() {
        assert_eq!(parse("$(BIN): main.go\n\tgo build -o $@\n"), None);
        assert_eq!(parse("BIN := $(shell basename $(CURDIR))\n$(BIN):\n\tgo build\n"), None);
        assert_eq!(parse("%:\n\t@echo $@\n"), None);
        assert_eq!(parse(".DEFAULT:\n\t@echo $@\n"), None);
        assert_eq!(parse("$(foreach t,$(TARGETS),$(eval $(call rule,$(t))))\n"), None);
        assert_eq!(parse("include $(wildcard *.mk)\n"), None);
        assert_eq!(parse("include mk/*.mk\n"), None);
    }
}
