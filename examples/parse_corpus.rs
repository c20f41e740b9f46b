//! Parses every accepted file of `../shared/corpus` N times (default 5):
//! a fixed workload for profilers. `cargo run --release --example parse_corpus -- 20`
//! (`-- 20 format` formats the files instead, with `hcl_native::format`: the
//! same workload for the formatter and its token scanner; `-- 20 hcl-edit`
//! parses them with hcl-edit, the peer `benches/parse.rs` compares with,
//! each file's UTF-8 checked in the pass as hcl-native checks it in its
//! parse).
use std::path::Path;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    // one pass over one file, and what its count counts
    let (pass, counted): (fn(&[u8]) -> usize, &str) = match std::env::args().nth(2).as_deref() {
        None => (parse, "items"),
        Some("format") => (|f| hcl_native::format::format(f).len(), "bytes formatted"),
        Some("hcl-edit") => (edit, "items"),
        Some(mode) => {
            eprintln!("parse_corpus: unknown mode {mode:?}: give none (parse), `format` or `hcl-edit`");
            std::process::exit(2);
        }
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(expected) = std::fs::read_to_string(root.join("EXPECTED.tsv")) else {
        eprintln!(
            "parse_corpus: {} is missing. This example times parsing of the workplace's \
             real-world corpus, which lives beside the repository in ../shared/corpus \
             (EXPECTED.tsv lists its files); without it there is nothing to parse.",
            root.join("EXPECTED.tsv").display()
        );
        std::process::exit(1);
    };
    let files: Vec<Vec<u8>> = expected
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains("\taccept"))
        .filter_map(|l| std::fs::read(root.join(l.split('\t').next()?)).ok())
        .collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let start = std::time::Instant::now();
    let mut items = 0;
    for _ in 0..n {
        for f in &files {
            items += pass(f);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} files, {:.1} MB ({bytes} bytes), {n} rounds: {:.1} MB/s ({items} {counted})",
        files.len(),
        bytes as f64 / 1e6,
        (bytes * n) as f64 / 1e6 / secs,
    );
}

/// hcl-native's parse of one file: the items of its body.
fn parse(f: &[u8]) -> usize {
    let arena = hcl_native::Arena::new();
    hcl_native::parse_config(&arena, f).ast.body.items.len()
}

/// hcl-edit's parse of one file, its UTF-8 checked first (hcl-native's
/// parse checks it too): the items of its body.
fn edit(f: &[u8]) -> usize {
    std::str::from_utf8(f)
        .ok()
        .and_then(|text| hcl_edit::parser::parse_body(text).ok())
        .map_or(0, |body| body.len())
}
