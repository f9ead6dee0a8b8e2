//! `dochygiene pending OP_ID [--template]`: prints the open batch, or a responses file
//! with every request id and a `null` response to fill in (null = not answered yet).

use serde_json::json;

use super::open_batch::open_batch;
use crate::cli::PendingArgs;
use crate::error::Result;
use crate::exit::Exit;
use crate::project::Project;
use crate::{errln, out, outln};

pub(super) fn run(project: &Project, args: &PendingArgs) -> Result<Exit> {
    let (_op, path, pending) = open_batch(project, &args.op_id)?;
    if !args.template {
        let bytes = crate::fsio::read_state(&path, crate::fsio::STATE_MAX_BYTES)
            .unwrap_or_else(|_| pending.to_bytes());
        out!("{}", String::from_utf8_lossy(&bytes));
        return Ok(Exit::Done);
    }
    let responses: Vec<_> = pending
        .requests
        .iter()
        .map(|r| json!({"request_id": r.request_id, "response": null}))
        .collect();
    let template = json!({"batch_id": pending.batch_id, "responses": responses});
    outln!("{}", serde_json::to_string_pretty(&template).expect("a template serializes"));
    errln!(
        "dochygiene: fill in each `response` (schema: response_schemas in {}; null = leave unanswered), then run `dochygiene answer {} FILE`",
        crate::quote::quote_path(&path),
        args.op_id
    );
    Ok(Exit::Done)
}
