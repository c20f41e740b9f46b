//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

/// Every grammar test input under `grammar-tests/`, sorted.
pub fn golden_inputs() -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(&Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar-tests"), &mut out);
    out.sort();
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("hcl" | "hclexpr" | "hcltmpl")
        ) {
            out.push(p);
        }
    }
}
