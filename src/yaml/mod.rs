//! Bounded YAML: the one loader for every YAML text read from a project (a doc's
//! frontmatter, `mkdocs.yml`). Size, nesting depth and alias expansion are capped, so a
//! hostile file costs at most a few MB and never overflows the stack.

mod error;
mod limits;
mod load;

pub(crate) use error::YamlError;
pub(crate) use limits::Limits;
pub(crate) use load::load_bounded;
