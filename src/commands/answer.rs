//! `dochygiene answer OP_ID FILE`: checks a hand-written responses file against the op's
//! open batch exactly as `resume` will, and stores it as the batch's responses file.
//! The lock is taken before the open batch is read; the file is read once (through
//! `json::strict`'s checked reader): the bytes checked are the bytes stored.

use super::open_batch::open_batch;
use crate::cli::AnswerArgs;
use crate::error::Result;
use crate::exit::Exit;
use crate::fsio::write_atomic;
use crate::json::strict;
use crate::project::Project;
use crate::protocol::parse_responses;

pub(super) fn run(project: &Project, args: &AnswerArgs) -> Result<Exit> {
    let _lock = project.lock()?;
    let (op, _path, pending) = open_batch(project, &args.op_id)?;
    let text = strict::read_limited(&args.file)?;
    let answered = parse_responses(&text, &args.file, &pending)?;
    let target = op.responses(&pending.batch_id);
    write_atomic(&target, text.as_bytes())?;
    crate::errln!(
        "dochygiene: stored {} of {} as {}\nhint: run `dochygiene{} resume {}`",
        crate::plural::count(answered.len() as u64, "answer", "answers"),
        crate::plural::count(pending.requests.len() as u64, "request", "requests"),
        crate::quote::quote_path(&target),
        project.root_arg(),
        args.op_id
    );
    Ok(Exit::Done)
}
