//! Counts tokens with tiktoken-rs. The BPE tables are loaded once per process, and only
//! when a count is first needed (loading o200k_base costs far more than counting a doc);
//! counts already known to the machine's cache (`cache.rs`) need no tables at all.
//!
//! This is the only source of `raw_tokens`; no model ever supplies a token count.

use std::sync::OnceLock;

use tiktoken_rs::CoreBPE;

use super::cache;
use super::encoding::Encoding;

static O200K: OnceLock<CoreBPE> = OnceLock::new();
static CL100K: OnceLock<CoreBPE> = OnceLock::new();

/// A token counter for one encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimator {
    encoding: Encoding,
    cached: bool,
}

impl Estimator {
    /// A counter for `encoding`; nothing is loaded until the first count.
    pub fn new(encoding: Encoding) -> Self {
        Estimator { encoding, cached: true }
    }

    /// The same counter without the count cache: every count runs the tokenizer.
    pub fn uncached(self) -> Self {
        Estimator { cached: false, ..self }
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Starts loading the tables on another thread, so a later count does not wait for
    /// the whole load. Counting still works (and waits) if the load is not done. Skipped
    /// when the count cache holds counts: then the tables are most likely not needed.
    pub fn warm_in_background(&self) {
        if self.cached && cache::with_cache(self.encoding, |c| !c.is_empty()) == Some(true) {
            return;
        }
        let this = *self;
        std::thread::spawn(move || {
            this.bpe();
        });
    }

    /// The number of tokens in `text`, special-token text counted as plain text.
    pub fn count(&self, text: &str) -> u64 {
        if text.is_empty() {
            return 0;
        }
        if !self.cached {
            return self.tokenize(text);
        }
        let key = cache::key(text);
        if let Some(Some(n)) = cache::with_cache(self.encoding, |c| c.get(&key)) {
            return n;
        }
        let n = self.tokenize(text);
        cache::with_cache(self.encoding, |c| c.insert(key, n));
        n
    }

    fn tokenize(&self, text: &str) -> u64 {
        self.bpe().encode_ordinary(text).len() as u64
    }

    fn bpe(&self) -> &'static CoreBPE {
        match self.encoding {
            Encoding::O200kBase => O200K.get_or_init(|| {
                tiktoken_rs::o200k_base().expect("o200k_base tables ship inside tiktoken-rs")
            }),
            Encoding::Cl100kBase => CL100K.get_or_init(|| {
                tiktoken_rs::cl100k_base().expect("cl100k_base tables ship inside tiktoken-rs")
            }),
        }
    }
}

impl Default for Estimator {
    fn default() -> Self {
        Estimator::new(Encoding::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_raw_encoder() {
        let text = "# Title\n\nSome *Markdown* with `code` and a [link](a.md).\n";
        let raw = tiktoken_rs::o200k_base().unwrap().encode_ordinary(text).len() as u64;
        assert_eq!(Estimator::default().count(text), raw);
        assert!(raw > 10);
        let cl = Estimator::new(Encoding::Cl100kBase).count(text);
        assert!(cl > 10);
        assert_eq!(Estimator::default().count(""), 0);
    }

    #[test]
    fn special_token_text_is_plain_text() {
        assert!(Estimator::default().count("<|endoftext|>") > 1);
    }
}
