//! `dochygiene pending OP_ID [--template]`: prints the open batch, or a responses file
//! with every request id and a `null` response to fill in (null = not answered yet).

use std::path::Path;

use serde_json::json;

use super::open_batch::open_batch;
use crate::cli::PendingArgs;
use crate::error::Result;
use crate::exit::Exit;

pub fn run(root: Option<&Path>, args: &PendingArgs) -> Result<Exit> {
    let (_state, _op, path, pending) = open_batch(root, &args.op_id)?;
    if !args.template {
        print!(
            "{}",
            String::from_utf8_lossy(&std::fs::read(&path).unwrap_or_else(|_| pending.to_bytes()))
        );
        return Ok(Exit::Done);
    }
    let responses: Vec<_> = pending
        .requests
        .iter()
        .map(|r| json!({"request_id": r.request_id, "response": null}))
        .collect();
    let template = json!({"batch_id": pending.batch_id, "responses": responses});
    println!("{}", serde_json::to_string_pretty(&template).expect("a template serializes"));
    eprintln!(
        "dochygiene: fill in each `response` (schema: response_schemas in {}; null = leave unanswered), then run `dochygiene answer {} FILE`",
        crate::quote::quote_path(&path),
        args.op_id
    );
    Ok(Exit::Done)
}
