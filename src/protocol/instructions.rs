//! The per-kind instructions written once into each pending file: everything an agent
//! needs to answer, so it reads nothing else. The kind-field list is rendered from
//! KIND_TABLE, so the instructions cannot drift from the rules the engine enforces.

use super::kind::RequestKind;
use crate::doc_edit::inserted_text;
use crate::report::kind_table::{derive_safety_tier, flags_for, OpType, KIND_TABLE};
use crate::report::{EditKind, ExactEdit};

const CLASSIFY_HEAD: &str = "\
You classify one Markdown file of a repository for documentation hygiene. Read the file \
at inputs.path (relative to the project root) and weigh the scanner's deterministic \
signals in inputs.signals. Answer with JSON matching response_schemas.classify_file.

Answer {\"verdict\":\"clear\",\"why\":\"...\"} when the file is fine as it is (a signal can be \
a false alarm); why, one short sentence, is kept in the report so nobody judges the file \
again. Otherwise answer {\"verdict\":\"entries\",\"entries\":[...]} with one proposal per \
distinct problem, and for each signal no proposal cites a dismissed item \
{\"signal\":\"<name>\",\"line\":<its line, optional>,\"why\":\"...\"} in \"dismissed\".

FINDINGS WITHOUT A SIGNAL: when you see a real problem no signal covers (a pinned \
version or rev the repository has left, a claim the code contradicts), propose it citing \
the reserved signal agent_observation, with \"evidence\": {\"quote\": the doc's words, \
verbatim, \"contradicted_by\": where the contradiction is (a file and line, or the fact)}. \
The quote must appear in the file. The report marks such entries as agent-found.

TAXONOMY (category.class / category.subtype):
- stale/orphaned: about something that no longer exists.
- stale/superseded: replaced by a newer doc.
- stale/completed-in-place: a plan or design whose work is done, still in a live location.
- stale/duplicated: content that also lives elsewhere.
- stale/contradicted: says the opposite of the code or a newer doc.
- stale/version-skewed: names a version the project has left.
- bloat/distill: prose that can say the same in far fewer tokens.
- bloat/split: one doc doing several jobs.
- bloat/archive-heavy: history, changelogs and done items kept in a live doc.
- bloat/over-budget: an always-loaded file over its token budget.

DECISION RULES (subtype -> op):
- Deleting unique content that is wrong -> exact_edit kind delete-range.
- Relocating a whole doc that is no longer live -> move-to-archive with dest_path.
- Freezing a completed doc in place -> insert-frontmatter (e.g. key status, value archived).
- An exact duplicate preserved elsewhere -> dedupe with canonical_ref: the other file \
(root-relative), or a section of it as file.md#heading-id (the heading must exist). \
Clean replaces the anchored lines with exactly one line, See [<canonical_ref>](<link>). \
where <link> is canonical_ref relative to the doc's folder; for example, in {DEDUPE_DOC} \
with canonical_ref {DEDUPE_REF} the lines become: {DEDUPE_LINE}
- A known replacement for a link or name (a signal's suggestion) -> replace-text with \
match = the signal's target and replacement = its suggestion, anchored on that line (a signal with lines names every line its target is written on: cover each of them).
- Condensing or splitting prose -> op_type generative with reducible_range (no exact_edit).

PROPOSAL FIELDS:
- signals: names copied verbatim from inputs.signals (at least one), or agent_observation \
with evidence.
- op: one sentence saying what the fix does.
- op_type: deterministic iff you give exact_edit.
- anchor / reducible_range: {start_line, end_line}, 1-based, inclusive, inside the file.
- confidence: 0..1; below the escalation threshold the file is asked once more of a \
stronger model.
- why: your reasoning in a sentence or two.
Never supply hashes, safety tiers, destructive/reversible flags or token counts: the \
engine computes them, and the answer schema refuses them.

When inputs.violations is present (a re-ask: inputs.attempt is 1 or 2, the prompt says \
the same), your previous answer (inputs.previous_answer) broke those rules: answer \
again, fixing them. When inputs.kept is present too, that many of your proposals were \
valid and are kept: answer only for the proposals in inputs.previous_answer (or \
{\"verdict\":\"clear\"} to withdraw them); a proposal still invalid after the second \
re-ask is dropped alone. When inputs.escalation is present, a first \
answer (inputs.escalation.first_answer) had low confidence: decide afresh.

EXACT_EDIT KINDS (fields each needs; the tier the engine will derive):
";

const REWRITE: &str = "\
You rewrite a span of lines of one Markdown file for documentation hygiene. inputs.path \
is the file (relative to the project root), inputs.start_line..inputs.end_line the \
lines (1-based, inclusive), inputs.text their current text, inputs.op what the rewrite \
must achieve and inputs.why the reason it was proposed. Answer with JSON matching \
response_schemas.rewrite_span: {\"replacement\": \"...\", \"summary\": \"...\"}.

- replacement replaces exactly those lines: whole lines, Markdown, ending with a newline \
when the original text does.
- Keep every fact, rule, command, path and link of the original that is still true; \
drop repetition, filler and what inputs.op says to drop. Do not invent content.
- summary: one sentence saying what changed.
The engine applies the replacement only if the lines are still exactly inputs.text.
When inputs.violations is present (a re-ask: inputs.attempt is 1 or 2, the prompt says \
the same), your previous answer (inputs.previous_answer) broke those rules: answer \
again, fixing them; a third failure skips the entry.
";

/// The dedupe example of the instructions: a doc and its `canonical_ref`.
const DEDUPE_EXAMPLE: (&str, &str) = ("docs/howto/setup.md", "docs/config.md#options");

/// The line clean writes for [`DEDUPE_EXAMPLE`], made by the very function clean uses.
fn dedupe_example_line() -> String {
    let (doc, reference) = DEDUPE_EXAMPLE;
    let edit = ExactEdit {
        kind: EditKind::Dedupe,
        anchor: None,
        dest_path: None,
        key: None,
        value: None,
        canonical_ref: Some(reference.to_string()),
        match_text: None,
        replacement: None,
        expected_sha256: None,
        file_sha256: String::new(),
    };
    inserted_text(doc, &edit).expect("a dedupe writes a line")
}

/// The instructions for `kind`.
pub(crate) fn instructions_for(kind: RequestKind) -> String {
    match kind {
        RequestKind::RewriteSpan => REWRITE.to_string(),
        RequestKind::ClassifyFile => {
            let mut text = CLASSIFY_HEAD
                .replace("{DEDUPE_DOC}", DEDUPE_EXAMPLE.0)
                .replace("{DEDUPE_REF}", DEDUPE_EXAMPLE.1)
                .replace("{DEDUPE_LINE}", &dedupe_example_line());
            for row in KIND_TABLE {
                let fields: Vec<&str> = row.fields.iter().map(|f| f.as_str()).collect();
                let (d, r) = flags_for(Some(row.kind));
                let tier = derive_safety_tier(OpType::Deterministic, d, r, false);
                text.push_str(&format!(
                    "- {}: {} -> tier {}\n",
                    row.kind,
                    fields.join(", "),
                    tier.as_str()
                ));
            }
            text.push_str("- generative (no exact_edit): reducible_range -> tier confirm\n");
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classify_instructions_list_every_kind_with_its_fields() {
        let text = instructions_for(RequestKind::ClassifyFile);
        assert!(text.contains("- replace-text: anchor, match, replacement -> tier auto"));
        assert!(text.contains("- delete-range: anchor -> tier confirm"));
        assert!(text.contains("bloat/over-budget"));
    }

    #[test]
    fn the_dedupe_rule_shows_the_exact_line_clean_writes() {
        let text = instructions_for(RequestKind::ClassifyFile);
        assert!(
            text.contains("the lines become: See [docs/config.md#options](../config.md#options)."),
            "{text}"
        );
        assert!(text.contains("agent_observation"));
        assert!(!text.contains("{DEDUPE"));
    }
}
