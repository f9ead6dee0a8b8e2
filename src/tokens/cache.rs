//! A content-addressed cache of token counts, shared by every run on this machine.
//!
//! A count is a pure function of the text, the encoding and the tokenizer's code, so
//! each cache file is named for the encoding and the tiktoken-rs version and keyed by
//! the text's blake3 (128 bits). A warm run never loads the BPE tables, which cost far
//! more than the scan that needs them (o200k_base: ~0.12 s and ~48 MiB).
//!
//! Where: `$DOCHYGIENE_CACHE_DIR` (`off` or empty disables the cache), else the
//! platform's cache folder (the `dirs` crate) + `dochygiene`: `$XDG_CACHE_HOME` or
//! `~/.cache` on Linux, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows. The file is
//! `tokens-<encoding>-<tokenizer>.bin`: an 8-byte magic, 20-byte records (key, count as
//! u32 LE), then the blake3 (128 bits) of everything before it. A file that fails that
//! check is ignored and replaced. It is rewritten (temp file + rename, so a reader never
//! sees half a file) only when a run counted something new; the entries this run used
//! come first, and past `MAX_ENTRIES` the least recently used fall off.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock, PoisonError};

use super::encoding::Encoding;

/// The tokenizer whose counts the cache holds; a new version starts a new file (a test
/// keeps this in step with Cargo.lock).
pub const TOKENIZER: &str = "tiktoken-rs-0.12.1";

const MAGIC: &[u8; 8] = b"DHTOKC1\n";
const RECORD: usize = 20;
const CHECKSUM: usize = 16;
/// About 5 MB on disk.
pub const MAX_ENTRIES: usize = 250_000;

pub type Key = [u8; 16];

/// The cache key of `text`.
pub fn key(text: &str) -> Key {
    let mut k = [0u8; 16];
    k.copy_from_slice(&blake3::hash(text.as_bytes()).as_bytes()[..16]);
    k
}

/// One encoding's counts: those read from disk and those counted in this run.
#[derive(Debug, Default)]
pub struct CountCache {
    file: Option<PathBuf>,
    counts: HashMap<Key, Slot>,
    /// Keys as the file listed them (most recently used first).
    file_order: Vec<Key>,
    /// Keys used in this run, in first-use order.
    used: Vec<Key>,
    /// Something was counted that the file did not hold.
    dirty: bool,
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    count: u32,
    used: bool,
}

impl CountCache {
    /// The cache stored at `file` (empty when it is missing, unreadable or damaged).
    pub fn load(file: PathBuf) -> CountCache {
        let mut cache = CountCache::default();
        if let Ok(bytes) = std::fs::read(&file) {
            cache.read_records(&bytes);
        }
        cache.file = Some(file);
        cache
    }

    fn read_records(&mut self, bytes: &[u8]) {
        let Some(body_len) = bytes.len().checked_sub(CHECKSUM) else { return };
        let (body, sum) = bytes.split_at(body_len);
        let records = match body.strip_prefix(MAGIC.as_slice()) {
            Some(r) if r.len() % RECORD == 0 => r,
            _ => return,
        };
        if &blake3::hash(body).as_bytes()[..CHECKSUM] != sum {
            return;
        }
        self.counts.reserve(records.len() / RECORD);
        self.file_order.reserve(records.len() / RECORD);
        for record in records.chunks_exact(RECORD) {
            let key: Key = record[..16].try_into().expect("16 bytes");
            let count = u32::from_le_bytes(record[16..].try_into().expect("4 bytes"));
            if self.counts.insert(key, Slot { count, used: false }).is_none() {
                self.file_order.push(key);
            }
        }
    }

    /// Whether the cache holds any count (then warming the tables is likely wasted).
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    pub fn get(&mut self, key: &Key) -> Option<u64> {
        let slot = self.counts.get_mut(key)?;
        if !slot.used {
            slot.used = true;
            self.used.push(*key);
        }
        Some(u64::from(slot.count))
    }

    pub fn insert(&mut self, key: Key, count: u64) {
        let Ok(count) = u32::try_from(count) else { return };
        if self.counts.insert(key, Slot { count, used: true }).is_none() {
            self.used.push(key);
            self.dirty = true;
        }
    }

    /// Writes the file when this run counted something new.
    pub fn save(&mut self) -> std::io::Result<()> {
        self.save_at_most(MAX_ENTRIES)
    }

    /// `save`, keeping at most `cap` counts: this run's first, then the file's in order.
    fn save_at_most(&mut self, cap: usize) -> std::io::Result<()> {
        let Some(file) = self.file.clone() else { return Ok(()) };
        if !self.dirty {
            return Ok(());
        }
        let mut body = Vec::with_capacity(MAGIC.len() + RECORD * self.counts.len() + CHECKSUM);
        body.extend_from_slice(MAGIC);
        let unused = self.file_order.iter().filter(|k| !self.counts[*k].used);
        for key in self.used.iter().chain(unused).take(cap) {
            body.extend_from_slice(key);
            body.extend_from_slice(&self.counts[key].count.to_le_bytes());
        }
        let sum = blake3::hash(&body);
        body.extend_from_slice(&sum.as_bytes()[..CHECKSUM]);
        write_replacing(&file, &body)?;
        self.dirty = false;
        Ok(())
    }
}

/// Temp file beside `file`, then rename: readers see the old file or the new one. Not
/// synced: a cache lost in a crash costs one cold run, and a torn file fails its
/// checksum.
fn write_replacing(file: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = file.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.persist(file).map_err(|e| e.error)?;
    Ok(())
}

/// The folder of the cache files, `None` when the cache is off.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("DOCHYGIENE_CACHE_DIR") {
        if dir.is_empty() || dir == "off" {
            return None;
        }
        return Some(PathBuf::from(dir));
    }
    if cfg!(test) {
        return None; // unit tests never read or write the user's cache
    }
    dirs::cache_dir().map(|base| base.join("dochygiene"))
}

/// The cache file of `encoding` under `dir`.
pub fn cache_file(dir: &Path, encoding: Encoding) -> PathBuf {
    dir.join(format!("tokens-{}-{TOKENIZER}.bin", encoding.as_str()))
}

static O200K: OnceLock<Mutex<CountCache>> = OnceLock::new();
static CL100K: OnceLock<Mutex<CountCache>> = OnceLock::new();

/// Runs `f` on the process's cache for `encoding` (loaded on first use); `None` when the
/// cache is off.
pub fn with_cache<T>(encoding: Encoding, f: impl FnOnce(&mut CountCache) -> T) -> Option<T> {
    let cell = match encoding {
        Encoding::O200kBase => &O200K,
        Encoding::Cl100kBase => &CL100K,
    };
    let cache = cell.get_or_init(|| {
        Mutex::new(match cache_dir() {
            Some(dir) => CountCache::load(cache_file(&dir, encoding)),
            None => CountCache::default(),
        })
    });
    let mut guard = cache.lock().unwrap_or_else(PoisonError::into_inner);
    guard.file.is_some().then(|| f(&mut guard))
}

/// Saves every cache this process used. A failure is returned with the file it concerns;
/// the counts themselves were right either way.
pub fn save_all() -> Result<(), (PathBuf, std::io::Error)> {
    for cell in [&O200K, &CL100K] {
        if let Some(cache) = cell.get() {
            let mut guard = cache.lock().unwrap_or_else(PoisonError::into_inner);
            let file = guard.file.clone().unwrap_or_default();
            guard.save().map_err(|e| (file, e))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_survive_a_round_trip_and_damage_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let file = cache_file(dir.path(), Encoding::O200kBase);
        let mut c = CountCache::load(file.clone());
        assert!(c.is_empty());
        c.insert(key("alpha"), 3);
        c.insert(key("beta"), 7);
        c.save().unwrap();
        assert_eq!(std::fs::metadata(&file).unwrap().len() as usize, 8 + 2 * RECORD + CHECKSUM);

        let mut again = CountCache::load(file.clone());
        assert_eq!(again.get(&key("alpha")), Some(3));
        assert_eq!(again.get(&key("beta")), Some(7));
        assert_eq!(again.get(&key("gamma")), None);
        again.save().unwrap(); // nothing new: the file is left alone
        assert!(!again.dirty);

        let mut bytes = std::fs::read(&file).unwrap();
        bytes[10] ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        assert!(CountCache::load(file.clone()).is_empty(), "a damaged file is ignored");
        std::fs::write(&file, b"short").unwrap();
        assert!(CountCache::load(file).is_empty());
    }

    #[test]
    fn past_the_cap_the_least_recently_used_fall_off() {
        let dir = tempfile::tempdir().unwrap();
        let file = cache_file(dir.path(), Encoding::O200kBase);
        let mut c = CountCache::load(file.clone());
        for i in 0..4u64 {
            c.insert(key(&i.to_string()), i);
        }
        c.save().unwrap();
        let mut c = CountCache::load(file.clone());
        assert_eq!(c.get(&key("2")), Some(2));
        c.insert(key("new"), 9);
        c.save_at_most(3).unwrap();
        let mut c = CountCache::load(file);
        assert_eq!(c.file_order, [key("2"), key("new"), key("0")], "used first, then file order");
        assert_eq!(c.get(&key("3")), None, "the least recently used fell off");
    }

    #[test]
    fn tokenizer_tag_follows_the_locked_tiktoken_version() {
        let lock =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.lock")).unwrap();
        let at = lock.find("name = \"tiktoken-rs\"\nversion = \"").unwrap();
        let version = lock[at..].split('"').nth(3).unwrap();
        assert_eq!(TOKENIZER, format!("tiktoken-rs-{version}"));
    }
}
