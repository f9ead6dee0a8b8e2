//! `Config`: what `dochygiene.toml` may say, with every default, parsed by the `toml`
//! crate with `deny_unknown_fields` so a misspelt key is refused by name (exit 2).
//!
//! This module owns the keys and their defaults (documented in `guide/config.md`). It
//! never walks the tree or interprets a glob: the scanner does that.

use std::path::Path;

use serde::Deserialize;

use crate::doc_role::DocRole;
use crate::error::{Error, Result};
use crate::tokens::Encoding;

/// The file name looked for at the project root.
pub const CONFIG_FILE_NAME: &str = "dochygiene.toml";

/// The largest config file read (1 MiB; a real one is a few hundred bytes). The `toml`
/// parser itself is iterative and caps nesting, so size is the one cap it needs.
pub const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// The whole configuration; `Config::default()` is what an absent file means.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Scope globs replacing the default `**/*.md`, `**/*.mdx`, `**/*.markdown`.
    pub include: Vec<String>,
    /// Globs of files or folders never scanned, on top of the default excludes.
    pub exclude: Vec<String>,
    /// Globs of files an agent loads every session, on top of the root agent files.
    pub always_loaded: Vec<String>,
    /// Roles left out of the default scope (test fixtures, translations, generated
    /// files) that are scanned all the same.
    pub include_roles: Vec<DocRole>,
    pub thresholds: Thresholds,
    pub tokens: TokensConfig,
    pub check: CheckConfig,
}

/// Signal thresholds (SPEC section 10).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Thresholds {
    /// `edit_recency_vs_churn`: days between the doc's last change and the newest commit.
    pub stale_days: u32,
    /// `edit_recency_vs_churn`: lines added + deleted since then in the files a doc names.
    pub churn_lines: u64,
    /// `archive_to_live_ratio`: share of a doc's tokens that is history.
    pub archive_ratio: f64,
    /// `duplicate_content`: minimum normalised characters of a duplicated block.
    pub duplicate_min_chars: usize,
    /// `token_budget`: tokens allowed in an always-loaded file.
    pub always_loaded_budget: u64,
    /// `token_budget`: tokens allowed in a doc an agent loads on demand (skills,
    /// commands, rules) or only for work in its folder (nested agent context).
    pub doc_budget: u64,
    /// `token_budget`: tokens allowed in a doc for people (README, guides, site pages);
    /// unset, such docs have no budget.
    pub user_doc_budget: Option<u64>,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            stale_days: 90,
            churn_lines: 100,
            archive_ratio: 0.4,
            duplicate_min_chars: 200,
            always_loaded_budget: 2000,
            doc_budget: 8000,
            user_doc_budget: None,
        }
    }
}

/// `[tokens]`: which tiktoken encoding counts tokens.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TokensConfig {
    pub encoding: Encoding,
}

/// `[check]`: settings of the `check` command.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CheckConfig {
    /// Proposals with a confidence below this are asked once more with a stronger hint.
    pub escalate_below: f64,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig { escalate_below: 0.6 }
    }
}

impl Config {
    /// Reads `<root>/dochygiene.toml`, or the defaults when it does not exist. A file over
    /// [`MAX_CONFIG_BYTES`] is refused by the read itself, before any parsing.
    pub fn load(root: &Path) -> Result<Config> {
        if let Some(file) = super::explicit::config_file() {
            return super::explicit::load_file(file);
        }
        let path = root.join(CONFIG_FILE_NAME);
        let bytes = match crate::fsio::read_confined(root, CONFIG_FILE_NAME, MAX_CONFIG_BYTES) {
            Ok(bytes) => bytes,
            Err(e) if e.is_not_found() => return Ok(Config::default()),
            Err(crate::fsio::ReadError::Io(e)) => return Err(Error::io("read", path, e)),
            Err(crate::fsio::ReadError::TooLarge { .. }) => {
                let message = format!(
                    "the file is over the {MAX_CONFIG_BYTES} byte limit for a config file; nothing was parsed"
                );
                return Err(Error::Config { path, message });
            }
            Err(refused) => {
                return Err(Error::Config {
                    path,
                    message: format!(
                        "it {refused}; dochygiene reads its configuration only from a regular file inside the project"
                    ),
                })
            }
        };
        let text = String::from_utf8(bytes).map_err(|e| Error::Config {
            path: path.clone(),
            message: format!("the file is not UTF-8 ({e})"),
        })?;
        Config::parse(&text, &path)
    }

    /// Parses the text of a config file; `path` only names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Config> {
        let config: Config = toml::from_str(text).map_err(|e| Error::Config {
            path: path.to_path_buf(),
            message: e.to_string().trim_end().replace('\n', "\n  "),
        })?;
        config.check_ranges(path)?;
        Ok(config)
    }

    fn check_ranges(&self, path: &Path) -> Result<()> {
        let bad = |message: String| Err(Error::Config { path: path.to_path_buf(), message });
        let ratio = self.thresholds.archive_ratio;
        if !(ratio > 0.0 && ratio <= 1.0) {
            return bad(format!("thresholds.archive_ratio = {ratio} must be in (0, 1]"));
        }
        let esc = self.check.escalate_below;
        if !(0.0..=1.0).contains(&esc) {
            return bad(format!("check.escalate_below = {esc} must be in [0, 1]"));
        }
        for (key, globs) in [
            ("include", &self.include),
            ("exclude", &self.exclude),
            ("always_loaded", &self.always_loaded),
        ] {
            for glob in globs {
                if let Err(e) = globset::Glob::new(glob) {
                    return bad(format!("{key} glob {glob:?} is invalid: {e}"));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config> {
        Config::parse(text, Path::new("dochygiene.toml"))
    }

    #[test]
    fn empty_file_means_defaults() {
        let c = parse("").unwrap();
        assert_eq!(c, Config::default());
        assert_eq!(c.thresholds.stale_days, 90);
        assert_eq!(c.thresholds.churn_lines, 100);
        assert_eq!(c.thresholds.archive_ratio, 0.4);
        assert_eq!(c.thresholds.duplicate_min_chars, 200);
        assert_eq!(c.thresholds.always_loaded_budget, 2000);
        assert_eq!(c.thresholds.doc_budget, 8000);
        assert_eq!(c.tokens.encoding, Encoding::O200kBase);
        assert_eq!(c.check.escalate_below, 0.6);
    }

    #[test]
    fn every_key_parses() {
        let c = parse(
            r#"
include = ["docs/**/*.md"]
exclude = ["docs/generated/**"]
always_loaded = ["docs/rules.md"]
[thresholds]
stale_days = 30
churn_lines = 10
archive_ratio = 0.5
duplicate_min_chars = 120
always_loaded_budget = 1500
doc_budget = 6000
[tokens]
encoding = "cl100k_base"
[check]
escalate_below = 0.7
"#,
        )
        .unwrap();
        assert_eq!(c.include, ["docs/**/*.md"]);
        assert_eq!(c.exclude, ["docs/generated/**"]);
        assert_eq!(c.always_loaded, ["docs/rules.md"]);
        assert_eq!(c.thresholds.stale_days, 30);
        assert_eq!(c.thresholds.doc_budget, 6000);
        assert_eq!(c.tokens.encoding, Encoding::Cl100kBase);
        assert_eq!(c.check.escalate_below, 0.7);
    }

    #[test]
    fn unknown_keys_are_refused_by_name() {
        let err = parse("[thresholds]\nstale_dayz = 3\n").unwrap_err();
        assert!(matches!(err, Error::Config { .. }));
        assert!(err.to_string().contains("stale_dayz"), "{err}");
        let err = parse("colour = true\n").unwrap_err();
        assert!(err.to_string().contains("colour"), "{err}");
        let err = parse("[tokens]\nencoding = \"p50k\"\n").unwrap_err();
        assert!(err.to_string().contains("p50k"), "{err}");
    }

    #[test]
    fn out_of_range_values_and_bad_globs_are_refused() {
        assert!(parse("[thresholds]\narchive_ratio = 1.5\n").is_err());
        assert!(parse("[check]\nescalate_below = -1\n").is_err());
        assert!(parse("exclude = [\"a/{b\"]\n").unwrap_err().to_string().contains("a/{b"));
    }
}
