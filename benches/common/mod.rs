//! What the benchmarks share: the real-world corpus (`../shared/corpus`)
//! and the reference's verdicts on it (`EXPECTED.tsv`).

use std::path::{Path, PathBuf};

/// The corpus folder, `../shared/corpus`.
pub fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
}

/// The paths, relative to [`corpus_root`], of every file that
/// `EXPECTED.tsv` says the reference accepts; `None` when the corpus is
/// missing.
pub fn accepted_paths() -> Option<Vec<String>> {
    let expected = std::fs::read_to_string(corpus_root().join("EXPECTED.tsv")).ok()?;
    Some(
        expected
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut cols = l.split('\t');
                let path = cols.next()?;
                (cols.next()? == "accept").then(|| path.to_string())
            })
            .collect(),
    )
}

/// Every file the reference accepts, as `read` reads it (files it cannot
/// read are left out); `None` when the corpus is missing.
#[allow(dead_code)] // not every benchmark reads the files this way
pub fn accepted_files<T>(read: impl Fn(PathBuf) -> std::io::Result<T>) -> Option<Vec<T>> {
    let root = corpus_root();
    Some(
        accepted_paths()?
            .iter()
            .filter_map(|p| read(root.join(p)).ok())
            .collect(),
    )
}
