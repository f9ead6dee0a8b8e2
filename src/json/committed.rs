//! Test support: a generated file committed under the repository (the JSON Schemas in
//! `guide/schema/`) must be exactly what the code generates; `UPDATE_SCHEMAS=1` rewrites
//! it first.

/// Asserts that the committed file at `rel` (from the crate root) equals `generated`.
pub(crate) fn assert_committed(rel: &str, generated: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    if std::env::var_os("UPDATE_SCHEMAS").is_some() {
        std::fs::write(&path, generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is out of date; regenerate it with `UPDATE_SCHEMAS=1 cargo test schema`",
        path.display()
    );
}
