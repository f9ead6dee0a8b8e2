//! Counts tokens with tiktoken-rs. The BPE tables are loaded once per process, and only
//! when a count is first needed (loading o200k_base costs far more than counting a doc);
//! counts already known to the machine's cache (`cache.rs`) need no tables at all.
//!
//! This is the only source of `raw_tokens`; no model ever supplies a token count.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use tiktoken_rs::CoreBPE;

use super::cache;
use super::encoding::Encoding;

static O200K: OnceLock<CoreBPE> = OnceLock::new();
static CL100K: OnceLock<CoreBPE> = OnceLock::new();
static O200K_LOADING: AtomicBool = AtomicBool::new(false);
static CL100K_LOADING: AtomicBool = AtomicBool::new(false);

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
        self.start_loading();
    }

    /// Starts loading the tables on another thread, once per process.
    fn start_loading(&self) {
        if self.loading_flag().swap(true, Ordering::AcqRel) || self.tables().get().is_some() {
            return;
        }
        let this = *self;
        std::thread::spawn(move || {
            this.bpe();
        });
    }

    /// Whether the tables are being loaded right now (by `try_count` or a warm-up).
    pub fn is_loading(&self) -> bool {
        self.loading_flag().load(Ordering::Acquire) && self.tables().get().is_none()
    }

    /// The count of `text` if it is known without waiting for the tables (a cache hit,
    /// or the tables are loaded); else `None`, and the tables start loading in the
    /// background, so that a caller can do other work meanwhile.
    pub fn try_count(&self, text: &str) -> Option<u64> {
        if text.is_empty() {
            return Some(0);
        }
        if self.cached {
            if let Some(Some(n)) = cache::with_cache(self.encoding, |c| c.get(&cache::key(text))) {
                return Some(n);
            }
        }
        if self.tables().get().is_some() {
            return Some(self.count(text));
        }
        self.start_loading();
        None
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

    fn loading_flag(&self) -> &'static AtomicBool {
        match self.encoding {
            Encoding::O200kBase => &O200K_LOADING,
            Encoding::Cl100kBase => &CL100K_LOADING,
        }
    }

    fn tables(&self) -> &'static OnceLock<CoreBPE> {
        match self.encoding {
            Encoding::O200kBase => &O200K,
            Encoding::Cl100kBase => &CL100K,
        }
    }

    fn bpe(&self) -> &'static CoreBPE {
        self.tables().get_or_init(|| {
            let loaded = match self.encoding {
                Encoding::O200kBase => tiktoken_rs::o200k_base(),
                Encoding::Cl100kBase => tiktoken_rs::cl100k_base(),
            };
            loaded.expect("the encoding's tables ship inside tiktoken-rs")
        })
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
    fn try_count_answers_once_the_tables_are_in() {
        let e = Estimator::new(Encoding::Cl100kBase).uncached();
        assert_eq!(e.try_count(""), Some(0));
        let text = "Counting waits for nobody.";
        let n = e.count(text); // loads the tables
        assert_eq!(e.try_count(text), Some(n));
    }

    #[test]
    fn special_token_text_is_plain_text() {
        assert!(Estimator::default().count("<|endoftext|>") > 1);
    }
}
