//! `dochygiene answer OP_ID FILE`: checks a hand-written responses file against the op's
//! open batch exactly as `resume` will, and stores it as the batch's responses file.

use std::path::Path;

use super::open_batch::open_batch;
use crate::cli::AnswerArgs;
use crate::error::Result;
use crate::exit::Exit;
use crate::fsio::write_atomic;
use crate::protocol::read_responses;

pub fn run(root: Option<&Path>, args: &AnswerArgs) -> Result<Exit> {
    let (state, op, _path, pending) = open_batch(root, &args.op_id)?;
    let _lock = state.lock()?;
    let answered = read_responses(&args.file, &pending)?;
    let bytes =
        fs_err::read(&args.file).map_err(|e| crate::error::Error::io("read", &args.file, e))?;
    let target = op.responses(&pending.batch_id);
    write_atomic(&target, &bytes)?;
    eprintln!(
        "dochygiene: stored {} answer(s) of {} request(s) as {}\nhint: run `dochygiene resume {}`",
        answered.len(),
        pending.requests.len(),
        crate::quote::quote_path(&target),
        args.op_id
    );
    Ok(Exit::Done)
}
