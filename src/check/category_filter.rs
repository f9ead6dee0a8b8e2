//! `--category CLASS|SUBTYPE`: which proposals become entries. Applied after
//! classification; the scanner and the classifier never see it.

use crate::error::{Error, Result};
use crate::report::{Category, Class, Subtype};

/// The parsed filter; empty keeps everything.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct CategoryFilter {
    values: Vec<String>,
}

impl CategoryFilter {
    /// Parses `--category` values, refusing unknown names.
    pub(crate) fn parse(values: &[String]) -> Result<CategoryFilter> {
        for v in values {
            let known = Class::ALL.iter().any(|c| c.as_str() == v)
                || Subtype::ALL.iter().any(|s| s.as_str() == v);
            if !known {
                let names: Vec<&str> = Class::ALL
                    .iter()
                    .map(|c| c.as_str())
                    .chain(Subtype::ALL.iter().map(|s| s.as_str()))
                    .collect();
                return Err(Error::usage(format!(
                    "--category {v:?} is not a class or subtype (known: {})",
                    names.join(", ")
                )));
            }
        }
        Ok(CategoryFilter { values: values.to_vec() })
    }

    /// Whether a proposal of `category` is kept.
    pub(crate) fn keeps(&self, category: &Category) -> bool {
        self.values.is_empty()
            || self
                .values
                .iter()
                .any(|v| v == category.class.as_str() || v == category.subtype.as_str())
    }

    pub(crate) fn values(&self) -> &[String] {
        &self.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_and_subtypes_filter() {
        let f = CategoryFilter::parse(&["bloat".into(), "orphaned".into()]).unwrap();
        assert!(f.keeps(&Category::of(Subtype::Distill)));
        assert!(f.keeps(&Category::of(Subtype::Orphaned)));
        assert!(!f.keeps(&Category::of(Subtype::Superseded)));
        assert!(CategoryFilter::parse(&["rotten".into()]).is_err());
        assert!(CategoryFilter::default().keeps(&Category::of(Subtype::Split)));
    }
}
