//! `YamlError`: why a YAML text was not loaded, with its 1-based line and column in
//! that text when there is one. The caller names the file and shifts the line (a
//! frontmatter body starts below its `---`).

/// Why `load_bounded` refused a text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum YamlError {
    /// Longer than `Limits::max_bytes`; nothing was parsed.
    #[error("{bytes} bytes of YAML, over the {limit}-byte limit")]
    TooLarge { bytes: usize, limit: usize },

    /// Collections nested deeper than `Limits::max_depth`.
    #[error("YAML nested deeper than {limit} levels")]
    TooDeep { line: usize, column: usize, limit: usize },

    /// Building the next node would pass the node budget; `alias` when an alias would.
    #[error("{}", budget_message(*alias, "nodes", *limit))]
    TooManyNodes { line: usize, column: usize, limit: usize, alias: bool },

    /// Building the next scalar would pass the scalar-byte budget.
    #[error("{}", budget_message(*alias, "bytes of scalars", *limit))]
    TooManyScalarBytes { line: usize, column: usize, limit: usize, alias: bool },

    /// More than one document (`---` inside the text).
    #[error("more than one YAML document")]
    MultipleDocuments { line: usize, column: usize },

    /// Not YAML, as yaml-rust2's parser reports it.
    #[error("invalid YAML: {message}")]
    Syntax { line: usize, column: usize, message: String },
}

fn budget_message(alias: bool, what: &str, limit: usize) -> String {
    if alias {
        format!("YAML aliases expand past {limit} {what} (an alias bomb?)")
    } else {
        format!("YAML text builds more than {limit} {what}")
    }
}

impl YamlError {
    /// The 1-based line and column in the text, when the error has a place.
    pub(crate) fn position(&self) -> Option<(usize, usize)> {
        match *self {
            YamlError::TooLarge { .. } => None,
            YamlError::TooDeep { line, column, .. }
            | YamlError::TooManyNodes { line, column, .. }
            | YamlError::TooManyScalarBytes { line, column, .. }
            | YamlError::MultipleDocuments { line, column }
            | YamlError::Syntax { line, column, .. } => Some((line, column)),
        }
    }
}
