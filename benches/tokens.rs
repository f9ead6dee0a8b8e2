//! Token estimator throughput on a real Markdown corpus, against the raw tiktoken-rs
//! encoder in the same process.
//!
//! Run: `cargo bench --bench tokens [-- CORPUS_DIR]` (default `../shared/corpora/rust-book`).
//! Prints the corpus size, the one-time table load, and for each side the median over
//! rounds of tokens/s, plus the ratio estimator/raw.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use dochygiene::tokens::{Encoding, Estimator};

const ROUNDS: usize = 9;

fn main() {
    let corpus =
        std::env::args().skip(1).find(|a| !a.starts_with("--")).map(PathBuf::from).unwrap_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/rust-book"),
        );
    let mut texts = Vec::new();
    for entry in ignore::WalkBuilder::new(&corpus).build().flatten() {
        if entry.path().extension().is_some_and(|e| e == "md") {
            texts.push(std::fs::read_to_string(entry.path()).unwrap_or_default());
        }
    }
    let bytes: usize = texts.iter().map(String::len).sum();
    println!(
        "corpus: {} ({} Markdown files, {:.1} MiB)",
        corpus.display(),
        texts.len(),
        bytes as f64 / 1048576.0
    );
    assert!(!texts.is_empty(), "no Markdown under {}", corpus.display());

    let t = Instant::now();
    let estimator = Estimator::new(Encoding::O200kBase).uncached();
    let warm = estimator.count("warm up");
    println!("estimator first count (loads o200k_base): {:?} ({warm} tokens)", t.elapsed());
    let t = Instant::now();
    let raw = tiktoken_rs::o200k_base().expect("o200k_base ships in tiktoken-rs");
    println!("raw o200k_base() load: {:?}", t.elapsed());

    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let mut total = 0u64;
    for _ in 0..ROUNDS {
        let t = Instant::now();
        let n: u64 = texts.iter().map(|x| estimator.count(x)).sum();
        ours.push(t.elapsed());
        let t = Instant::now();
        let m: u64 = texts.iter().map(|x| raw.encode_ordinary(x).len() as u64).sum();
        theirs.push(t.elapsed());
        assert_eq!(n, m, "the estimator and the raw encoder disagree");
        total = n;
    }
    let (a, b) = (median(&mut ours), median(&mut theirs));
    let rate = |d: Duration| total as f64 / d.as_secs_f64();
    println!("tokens in corpus: {total}");
    println!("estimator:   median {a:?} over {ROUNDS} rounds = {:.0} tokens/s", rate(a));
    println!("raw encoder: median {b:?} over {ROUNDS} rounds = {:.0} tokens/s", rate(b));

    // The count cache, warm: what a second run over the same docs pays per count.
    let dir = tempfile::tempdir().expect("a temp dir");
    std::env::set_var("DOCHYGIENE_CACHE_DIR", dir.path());
    let cached = Estimator::new(Encoding::O200kBase);
    let n: u64 = texts.iter().map(|x| cached.count(x)).sum();
    assert_eq!(n, total, "cached counts disagree");
    let mut hits = Vec::new();
    for _ in 0..ROUNDS {
        let t = Instant::now();
        let m: u64 = texts.iter().map(|x| cached.count(x)).sum();
        hits.push(t.elapsed());
        assert_eq!(m, total, "cached counts disagree");
    }
    let c = median(&mut hits);
    println!(
        "cache hits:  median {c:?} over {ROUNDS} rounds = {:.0} tokens/s ({:.0}x the raw encoder)",
        rate(c),
        b.as_secs_f64() / c.as_secs_f64()
    );
    println!("ratio estimator/raw time: {:.3}", a.as_secs_f64() / b.as_secs_f64());
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}
