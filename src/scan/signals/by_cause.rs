//! One signal per cause: the same link target written on several lines of one doc (one
//! missing anchor linked 18 times) is one `broken_reference` or `stale_name_location`,
//! on its first line, with every line in `lines` and the count in the detail — one
//! question for the agent and one fix, not N.
//!
//! Pure: it regroups signals already found.

use std::collections::BTreeMap;

use crate::scan::signal::Signal;

/// `signals` (path, signal) grouped by path, signal name and target.
pub fn group_by_cause(signals: Vec<(String, Signal)>) -> Vec<(String, Signal)> {
    let mut groups: BTreeMap<(String, crate::scan::SignalName, Option<String>), Vec<Signal>> =
        BTreeMap::new();
    for (path, sig) in signals {
        groups.entry((path, sig.name, sig.target.clone())).or_default().push(sig);
    }
    let mut out = Vec::with_capacity(groups.len());
    for ((path, _, _), mut sigs) in groups {
        sigs.sort_by_key(|s| s.line);
        let lines: Vec<u32> = sigs.iter().map(|s| s.line).collect();
        let mut first = sigs.swap_remove(0);
        first = first.with_lines(lines);
        if !first.lines.is_empty() {
            let listed: Vec<String> = first.lines.iter().map(u32::to_string).collect();
            first.detail =
                format!("{} ({} times: lines {})", first.detail, listed.len(), listed.join(", "));
        }
        out.push((path, first));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::SignalName;

    fn sig(line: u32, target: &str) -> Signal {
        Signal::new(SignalName::BrokenReference, line, format!("`{target}` is missing"))
            .with_target(target)
    }

    #[test]
    fn the_same_target_in_one_doc_is_one_signal() {
        let got = group_by_cause(vec![
            ("a.md".into(), sig(9, "x.md")),
            ("a.md".into(), sig(3, "x.md")),
            ("a.md".into(), sig(4, "y.md")),
            ("b.md".into(), sig(5, "x.md")),
            ("a.md".into(), sig(3, "x.md")),
        ]);
        let view: Vec<(&str, u32, Vec<u32>, &str)> = got
            .iter()
            .map(|(p, s)| (p.as_str(), s.line, s.lines.clone(), s.detail.as_str()))
            .collect();
        assert_eq!(
            view,
            [
                ("a.md", 3, vec![3, 9], "`x.md` is missing (2 times: lines 3, 9)"),
                ("a.md", 4, vec![], "`y.md` is missing"),
                ("b.md", 5, vec![], "`x.md` is missing"),
            ]
        );
    }
}
