//! Helpers shared by the integration tests (each test crate uses some of
//! them, hence the `dead_code` allowances).

use std::path::{Path, PathBuf};

/// Every grammar test input under `grammar-tests/`, sorted.
#[allow(dead_code)]
pub fn golden_inputs() -> Vec<PathBuf> {
    grammar_test_files(&["hcl", "hclexpr", "hcltmpl"])
}

/// Every file under `grammar-tests/` with one of `extensions`, sorted.
#[allow(dead_code)]
pub fn grammar_test_files(extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar-tests"),
        extensions,
        &mut out,
    );
    out.sort();
    out
}

fn collect(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, extensions, out);
        } else if p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.contains(&e))
        {
            out.push(p);
        }
    }
}

/// Runs `f` on a thread with a 256 KiB stack and waits for it (a panic in
/// `f` fails the caller).
#[allow(dead_code)]
pub fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}
