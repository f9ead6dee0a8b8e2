//! Untrusted input (SPEC section 13, `guide/architecture.md` "Trust boundaries"): a cloned
//! repository's files, symlinks and frontmatter, answers, fixtures and state a user may
//! have edited. Every test here failed before its fix.
//!
//! - `archive` — a moved doc's inbound links and nav entries rewritten in the same op (or
//!   the entry is `confirm`), answer-time `dest_path` rules, undo removing the folders
//!   clean created.
//! - `audit` — what an attack-and-accident pass over the merged work found: names holding
//!   `:` or `\`, an edit growing a doc past its limit, a `dedupe` naming a huge file or a
//!   name with spaces, a corrupt journal of a finished clean, a report over its reader's
//!   limit, a linked `trash/`, frontmatter values and TOML blocks an edit would break.
//! - `confinement` — nothing read or written outside the root or through `.dochygiene`
//!   symlinks; non-regular inputs; corrupt state; closed stdout; `remind` writes nothing.
//! - `edits` — every byte outside an edit's span kept (non-UTF-8, CRLF, BOM), file modes,
//!   inbound links of a moved doc, `dest_path` rules, bounded answer fields.
//! - `parsing` — bounded parsing under a memory cap (YAML bombs, deep nesting, huge docs)
//!   and property tests of the untrusted readers.

mod archive;
mod audit;
mod confinement;
mod edits;
mod parsing;
