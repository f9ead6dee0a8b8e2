//! `--format sarif`: a SARIF 2.1.0 log built with serde_json — one rule per signal name
//! (all eight, always, in SPEC order), one result per signal, root-relative URIs under
//! `%SRCROOT%`, the other file (or every changed file of a churn claim) as related
//! locations, `target`/`suggestion`/`commit_range`/`changed_files` as result properties.

use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};
use serde_json::{json, Value};

use crate::scan::{ScanArtifact, SignalName};

/// Characters escaped in a SARIF URI reference (a relative path).
const URI: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b']')
    .add(b'\\')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// The SARIF log, pretty-printed.
pub fn sarif(artifact: &ScanArtifact) -> String {
    let rules: Vec<Value> = SignalName::ALL
        .iter()
        .map(|name| {
            json!({
                "id": name.as_str(),
                "shortDescription": {"text": description(*name)},
                "defaultConfiguration": {"level": "warning"},
            })
        })
        .collect();
    let mut results = Vec::new();
    for (path, signals) in &artifact.signals {
        for s in signals {
            let rule_index = SignalName::ALL.iter().position(|n| *n == s.name).unwrap_or(0);
            let mut region = json!({"startLine": s.line});
            if let Some(end) = s.end_line {
                region["endLine"] = json!(end);
            }
            let mut result = json!({
                "ruleId": s.name.as_str(),
                "ruleIndex": rule_index,
                "level": "warning",
                "message": {"text": s.detail},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": uri(path), "uriBaseId": "%SRCROOT%"},
                    "region": region,
                }}],
            });
            let related: Vec<&String> = if s.changed_files.is_empty() {
                s.related_path.iter().collect()
            } else {
                s.changed_files.iter().collect()
            };
            if !related.is_empty() {
                let locations: Vec<Value> = related
                    .iter()
                    .enumerate()
                    .map(|(i, path)| {
                        json!({"id": i + 1, "physicalLocation": {
                            "artifactLocation": {"uri": uri(path), "uriBaseId": "%SRCROOT%"}
                        }})
                    })
                    .collect();
                result["relatedLocations"] = Value::Array(locations);
            }
            let mut props = serde_json::Map::new();
            if let Some(t) = &s.target {
                props.insert("target".into(), json!(t));
            }
            if let Some(t) = &s.suggestion {
                props.insert("suggestion".into(), json!(t));
            }
            if let Some(range) = &s.commit_range {
                props.insert("commit_range".into(), json!(range));
            }
            if !s.changed_files.is_empty() {
                props.insert("changed_files".into(), json!(s.changed_files));
            }
            if !props.is_empty() {
                result["properties"] = Value::Object(props);
            }
            results.push(result);
        }
    }
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "dochygiene",
                "version": crate::TOOL_VERSION,
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let mut text = serde_json::to_string_pretty(&log).expect("a SARIF log serializes");
    text.push('\n');
    text
}

fn uri(path: &str) -> String {
    utf8_percent_encode(path, URI).to_string()
}

/// One sentence per rule.
pub fn description(name: SignalName) -> &'static str {
    match name {
        SignalName::BrokenReference => "A relative link, image, reference definition, fragment or backticked repo path points at nothing.",
        SignalName::StaleNameLocation => "A missing link target that git history shows renamed or deleted, or a line link whose lines moved.",
        SignalName::VersionSkew => "The doc names a project or toolchain version older than the manifest or pin.",
        SignalName::EditRecencyVsChurn => "The doc has not changed in months while the files it names churned.",
        SignalName::ArchiveToLiveRatio => "Much of the doc is history, changelog or struck-through text, or its folder is mostly archived docs.",
        SignalName::FrontmatterMarker => "The doc marks itself done, superseded, deprecated or archived.",
        SignalName::DuplicateContent => "A block of the doc also appears in another file.",
        SignalName::TokenBudget => "The doc is over its token budget (always-loaded files have a smaller one).",
    }
}
