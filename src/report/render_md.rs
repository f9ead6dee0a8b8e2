//! `report.md`: the human report, built entirely by code from a report value. Only each
//! entry's `why`, an agent-found entry's evidence and the reasons of dismissals are
//! model prose. Ordered by what a reader acts on first: inside Stale and Bloat, auto-tier
//! entries before confirm, larger weighted saving first; the notes; Cleared last. The same report always renders the same bytes. Names
//! are quoted (`quote::quote_name`) inside code spans long enough to hold any backtick,
//! and prose is folded onto one line, so nothing in a report can add a line or a heading.

use std::fmt::Write;

use super::inbound::Inbound;
use super::kind_table::SafetyTier;
use super::outbound::Outbound;
use super::saving::SavingBasis;
use super::taxonomy::Class;
use super::types::{Entry, Report};
use crate::quote::{escape_controls, quote_name};

/// Renders the human report.
pub(crate) fn render_markdown(r: &Report) -> String {
    let mut md = String::new();
    let t = &r.totals;
    let _ = writeln!(md, "# Documentation hygiene report\n");
    let _ = writeln!(md, "- Generated: {}", r.generated_at);
    let _ = writeln!(md, "- Op: `{}` (dochygiene {})", r.op_id, r.tool_version);
    let _ = writeln!(md, "- Scope: {}", list_or(&r.scan.scope_globs, "all Markdown"));
    let _ = writeln!(md, "- Category filter: {}", list_or(&r.scan.category_filter, "none"));
    let _ = writeln!(md, "- Files scanned: {}", r.scan.files_scanned);
    let _ = writeln!(md, "- Candidates: {} (cleared: {})", t.candidates, t.cleared);
    let _ = writeln!(
        md,
        "- Entries: {} (~{} tokens, ~{} weighted per session)",
        t.entries,
        t.raw_tokens,
        fmt_tokens(t.weighted_tokens)
    );
    for (tier, roll) in &t.by_tier {
        let _ = writeln!(md, "  - {tier}: {} entries, ~{} tokens", roll.entries, roll.raw_tokens);
    }
    if !r.reused.is_empty() {
        let _ = writeln!(
            md,
            "- Reused verdicts: {} (unchanged files; their entries finalized anew)",
            r.reused.len()
        );
    }
    for part in &r.parts {
        let _ = writeln!(
            md,
            "- Part from op `{}` ({}): scope {}; {} entries, {} cleared",
            part.op_id,
            part.generated_at,
            list_or(&part.scopes, "all Markdown"),
            part.entries.len(),
            part.cleared.len()
        );
    }
    if let Some(saving) = &t.saving {
        let (m, e) = (&saving.measured, &saving.estimated);
        let _ = writeln!(
            md,
            "- Saving: {} tokens measured ({} weighted per session) over {} entries; ~{} tokens estimated (~{} weighted) over {} generative entries not yet applied",
            m.tokens,
            fmt_tokens(m.weighted_tokens),
            m.entries,
            e.tokens,
            fmt_tokens(e.weighted_tokens),
            e.entries
        );
    }
    for class in Class::ALL {
        let mut entries: Vec<&Entry> =
            r.entries.iter().filter(|e| e.category.class == class).collect();
        entries.sort_by(|a, b| {
            let tier = |e: &Entry| e.safety_tier != SafetyTier::Auto;
            tier(a)
                .cmp(&tier(b))
                .then(weighted_saving(b).total_cmp(&weighted_saving(a)))
                .then_with(|| (&a.path, &a.id).cmp(&(&b.path, &b.id)))
        });
        let title = match class {
            Class::Stale => "Stale",
            Class::Bloat => "Bloat",
        };
        let _ = writeln!(md, "\n## {title} ({})\n", entries.len());
        if entries.is_empty() {
            let _ = writeln!(md, "None.");
        }

        for e in entries {
            render_entry(&mut md, e);
        }
        md.truncate(md.trim_end_matches('\n').len());
        md.push('\n');
    }
    if !r.notes.is_empty() {
        let _ = writeln!(md, "\n## Notes\n");
        for note in &r.notes {
            let mut line = format!("- {}", one_line(&note.message));
            if let Some(path) = &note.path {
                line.push_str(&format!(" ({})", code(path)));
            }
            if let Some(id) = &note.request_id {
                line.push_str(&format!(" [request {id}]"));
            }
            let _ = writeln!(md, "{line}");
        }
    }
    let _ = writeln!(md, "\n## Cleared ({})\n", r.cleared.len());
    if r.cleared.is_empty() {
        let _ = writeln!(md, "None.");
    }
    for path in &r.cleared {
        let mut line = format!("- {}", code(path));
        if let Some(why) = r.cleared_reasons.get(path) {
            line.push_str(&format!(": {}", one_line(why)));
        }
        if let Some(u) = r.reused.iter().find(|u| &u.path == path) {
            line.push_str(&format!(" (verdict reused from op `{}`)", u.op_id));
        }
        let _ = writeln!(md, "{line}");
    }
    if !r.dismissed.is_empty() {
        let _ = writeln!(md, "\n### Dismissed signals ({})\n", r.dismissed.len());
        for d in &r.dismissed {
            let why = d.why.as_deref().map_or("no reason given".into(), one_line);
            let _ = writeln!(md, "- {} line {}: {} — {why}", code(&d.path), d.line, d.signal);
        }
    }
    md
}

fn render_entry(md: &mut String, e: &Entry) {
    let edit = match &e.exact_edit {
        Some(x) => match x.anchor {
            Some(a) => format!("{} lines {}-{}", x.kind, a.start_line, a.end_line),
            None => x.kind.to_string(),
        },
        None => "generative".to_string(),
    };
    let signals: Vec<&str> = e.signals.iter().map(|s| s.as_str()).collect();
    let _ = writeln!(
        md,
        "### {} — {}/{} [{}]\n",
        code(&e.path),
        e.category.class,
        e.category.subtype,
        e.id
    );
    let _ = writeln!(md, "- Op: {} ({edit})", one_line(&e.op));
    let _ = writeln!(
        md,
        "- Tier: {} · ~{} tokens (~{} weighted) · confidence {:.2}",
        e.safety_tier.as_str(),
        e.token_estimate.raw_tokens,
        fmt_tokens(e.token_estimate.weighted_tokens),
        e.confidence
    );
    if let Some(saving) = &e.token_saving {
        let basis = match saving.basis {
            SavingBasis::Measured => "measured on the edit",
            SavingBasis::Estimated => "estimated; clean measures the rewrite",
        };
        let _ = writeln!(
            md,
            "- Saving: {} tokens ({} weighted per session; {basis})",
            saving.tokens,
            fmt_tokens(saving.weighted_tokens)
        );
    }
    let _ = writeln!(md, "- Signals: {}", signals.join(", "));
    if let Some(evidence) = &e.evidence {
        let _ = writeln!(
            md,
            "- Agent-found (no scanner signal): \"{}\", contradicted by {}",
            one_line(&evidence.quote),
            one_line(&evidence.contradicted_by)
        );
    }
    if let Some(inbound) = &e.inbound {
        render_inbound(md, inbound);
    }
    if let Some(outbound) = &e.outbound {
        render_outbound(md, &e.path, outbound);
    }
    if let Some(op) = &e.reused_from {
        let _ = writeln!(md, "- Verdict reused from op `{op}`");
    }
    if let Some(why) = &e.why {
        let _ = writeln!(md, "- Why: {}", one_line(why));
    }
    md.push('\n');
}

/// A move's references: what it rewrites, and what it leaves to a person (why it is
/// confirm tier).
fn render_inbound(md: &mut String, inbound: &Inbound) {
    if !inbound.rewrites.is_empty() {
        let links: usize = inbound.rewrites.iter().map(|f| f.links.len()).sum();
        let files: Vec<String> = inbound.rewrites.iter().map(|f| format!("`{}`", f.path)).collect();
        let links = crate::plural::count(links as u64, "link", "links");
        let _ = writeln!(md, "- Rewrites {links} to it in {}", files.join(", "));
    }
    for r in &inbound.unrewritable {
        let line = r.line.map_or(String::new(), |l| format!(" line {l}"));
        let _ = writeln!(md, "- Not rewritten: `{}`{line}: {}", r.path, one_line(&r.reason));
    }
}

/// A moved doc's own links: how many follow it, and which it leaves to a person.
fn render_outbound(md: &mut String, path: &str, outbound: &Outbound) {
    if !outbound.rewrites.is_empty() {
        let _ = writeln!(
            md,
            "- Rewrites {} of its own so they still resolve from the new folder",
            crate::plural::count(outbound.rewrites.len() as u64, "link", "links")
        );
    }
    for r in &outbound.unrewritable {
        let _ = writeln!(
            md,
            "- Not rewritten: {} line {}: {}",
            code(path),
            r.line,
            one_line(&r.reason)
        );
    }
}

/// The weighted saving an entry is ordered by: its `token_saving`, or (a 1.0 report) the
/// tokens of its span.
fn weighted_saving(e: &Entry) -> f64 {
    e.token_saving.as_ref().map_or(e.token_estimate.weighted_tokens, |s| s.weighted_tokens)
}

fn list_or(items: &[String], empty: &str) -> String {
    if items.is_empty() {
        empty.to_string()
    } else {
        items.iter().map(|s| code(s)).collect::<Vec<_>>().join(", ")
    }
}

fn fmt_tokens(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Model prose is folded onto one line so it cannot inject Markdown structure.
fn one_line(text: &str) -> String {
    escape_controls(&text.split_whitespace().collect::<Vec<_>>().join(" ")).into_owned()
}

/// `name`, quoted, as a Markdown code span: fenced by one backtick more than its longest
/// run of backticks, padded when it starts or ends with one (CommonMark).
fn code(name: &str) -> String {
    let name = quote_name(name);
    let longest = name.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if name.starts_with('`') || name.ends_with('`') { " " } else { "" };
    format!("{fence}{pad}{name}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::code;

    #[test]
    fn names_are_code_spans_that_hold_any_backtick_and_no_line_break() {
        assert_eq!(code("docs/a.md"), "`docs/a.md`");
        assert_eq!(code("a`b.md"), "``a`b.md``");
        assert_eq!(code("`a.md"), "`` `a.md ``");
        assert_eq!(code("a\n# b.md"), "`\"a\\n# b.md\"`");
    }
}
