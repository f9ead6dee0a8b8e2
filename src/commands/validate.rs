//! `dochygiene validate FILE [--json]`: exit 0 valid, 1 with every violation listed.

use crate::cli::ValidateArgs;
use crate::error::Result;
use crate::exit::Exit;
use crate::json::strict;
use crate::report::validate_text;
use crate::{errln, outln};

pub(super) fn run(args: &ValidateArgs) -> Result<Exit> {
    let text = strict::read_limited(&args.file)?;
    let violations = validate_text(&text);
    if args.json {
        let out = serde_json::json!({
            "file": args.file.display().to_string(),
            "valid": violations.is_empty(),
            "violations": violations,
        });
        outln!("{}", serde_json::to_string_pretty(&out).expect("violations serialize"));
    } else if violations.is_empty() {
        // A valid report names one of the accepted versions; say which.
        let version = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .and_then(|v| v["schema_version"].as_str().map(str::to_string))
            .unwrap_or_default();
        outln!("{}: valid report (schema {version})", crate::quote::quote_path(&args.file));
    } else {
        for v in &violations {
            outln!("{v}");
        }
        errln!("{}: {} violation(s)", crate::quote::quote_path(&args.file), violations.len());
    }
    Ok(if violations.is_empty() { Exit::Done } else { Exit::Findings })
}
