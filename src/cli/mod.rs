//! The command line's shapes (clap), nothing else: parsing, dispatch, printing and exit
//! codes live in `main.rs` and `commands/`.

mod args;
mod globals;

pub use args::{
    AnswerArgs, CheckArgs, CleanArgs, Cli, Command, OpsCommand, PendingArgs, RemindArgs,
    ResumeArgs, ScanArgs, ScanFormat, StatusArgs, TierArg, UndoArgs, ValidateArgs,
};
pub use globals::GlobalArgs;
