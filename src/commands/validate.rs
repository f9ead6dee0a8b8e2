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
        outln!("{}: valid report (schema 1.0)", crate::quote::quote_path(&args.file));
    } else {
        for v in &violations {
            outln!("{v}");
        }
        errln!("{}: {} violation(s)", crate::quote::quote_path(&args.file), violations.len());
    }
    Ok(if violations.is_empty() { Exit::Done } else { Exit::Findings })
}
