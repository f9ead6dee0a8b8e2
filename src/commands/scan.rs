//! `dochygiene scan [--scope …]… [--format text|json|github|sarif] [--no-git]
//! [--exit-zero]`: the deterministic scanner alone, for CI. Findings on stdout, a
//! one-line summary on stderr, after a line per file the scan could not read (its
//! warnings); exit 1 when any signal is found unless `--exit-zero`.

use std::io::Write;
use std::path::Path;

use crate::cli::{ScanArgs, ScanFormat};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::exit::Exit;
use crate::scan::{self, render, ScanOptions};

/// Resolves only the root (not the state folder: the scanner never touches it).
pub(super) fn run(root_flag: Option<&Path>, args: &ScanArgs) -> Result<Exit> {
    let root = crate::project::resolve_root(root_flag)?;
    let config = Config::load(&root)?;
    let opts = ScanOptions { scopes: args.scope.clone(), use_git: !args.no_git, config };
    let artifact = scan::scan(&root, &opts)?;
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let written = match args.format {
        ScanFormat::Text => stdout.write_all(render::text(&artifact).as_bytes()),
        ScanFormat::Json => serde_json::to_writer_pretty(&mut stdout, &artifact)
            .map_err(std::io::Error::from)
            .and_then(|()| stdout.write_all(b"\n")),
        ScanFormat::Github => stdout.write_all(render::github(&artifact).as_bytes()),
        ScanFormat::Sarif => stdout.write_all(render::sarif(&artifact).as_bytes()),
    };
    match written.and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            return Err(Error::io("write", "standard output", e));
        }
        _ => {}
    }
    drop(stdout);
    for warning in &artifact.warnings {
        crate::errln!("dochygiene scan: warning: {warning}");
    }
    let count: usize = artifact.signals.values().map(Vec::len).sum();
    let git = match (&artifact.git.used, &artifact.git.note) {
        (_, Some(note)) => format!("; {note}"),
        (true, None) => String::new(),
        (false, None) => "; git not used".into(),
    };
    let skipped = match artifact.skipped.len() {
        0 => String::new(),
        n => format!("; {n} skipped by role (fixtures, translations, generated: see `skipped` in --format json)"),
    };
    crate::errln!(
        "dochygiene scan: {count} signal{} in {} of {} files{skipped}{git}",
        if count == 1 { "" } else { "s" },
        artifact.signals.len(),
        artifact.files_scanned
    );
    Ok(if count > 0 && !args.exit_zero { Exit::Findings } else { Exit::Done })
}
