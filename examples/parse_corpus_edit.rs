//! The same workload as `parse_corpus`, parsed by hcl-edit (for profiling).
use std::path::Path;
fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(expected) = std::fs::read_to_string(root.join("EXPECTED.tsv")) else {
        eprintln!("parse_corpus_edit: ../shared/corpus/EXPECTED.tsv is missing (the workplace's corpus, beside the repository)");
        std::process::exit(1);
    };
    let files: Vec<String> = expected
        .lines()
        .filter(|l| l.contains("\taccept"))
        .filter_map(|l| std::fs::read_to_string(root.join(l.split('\t').next()?)).ok())
        .collect();
    let bytes: usize = files.iter().map(String::len).sum();
    let start = std::time::Instant::now();
    let mut items = 0;
    for _ in 0..n {
        for f in &files {
            if let Ok(b) = hcl_edit::parser::parse_body(f) {
                items += b.len();
            }
        }
    }
    println!(
        "{:.1} MB/s ({items})",
        (bytes * n) as f64 / 1e6 / start.elapsed().as_secs_f64()
    );
}
