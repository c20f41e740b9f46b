//! Parse throughput on the real-world corpus: hcl-native and, in the same
//! run and on the same files, hcl-edit.
//!
//! `cargo bench --bench parse` (needs `../shared/corpus`). Criterion
//! reports the throughput of parsing every file the reference accepts once.
//!
//! On a shared machine the two criterion groups can meet different load:
//! the same code measured minutes apart varies by a third. So after them
//! the two parsers are also timed in alternation, one pass over the corpus
//! each per round, and a table gives each one's fastest pass (the figure
//! least disturbed by other work) and the median of the rounds' ratios
//! (each round's two passes meet nearly the same load).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

#[path = "common/mod.rs"]
mod common;

/// The contents of every file that `EXPECTED.tsv` says the reference
/// accepts.
fn corpus() -> Vec<String> {
    let Some(files) = common::accepted_files(std::fs::read_to_string) else {
        eprintln!("benches/parse: ../shared/corpus is missing; nothing to measure");
        return Vec::new();
    };
    files
}

fn parse_corpus(c: &mut Criterion) {
    let files = corpus();
    if files.is_empty() {
        return;
    }
    let bytes: usize = files.iter().map(String::len).sum();
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function(BenchmarkId::new("parse", "hcl-native"), |b| b.iter(|| native(&files)));
    group.bench_function(BenchmarkId::new("parse", "hcl-edit"), |b| b.iter(|| edit(&files)));
    group.finish();
    alternating(&files, bytes);
}

/// One pass of hcl-native over the corpus.
fn native(files: &[String]) -> usize {
    let mut items = 0;
    for f in files {
        // the tree and its arena are dropped after each file, as
        // hcl-edit's tree is below
        let arena = hcl_native::Arena::new();
        let parsed = hcl_native::parse_config(&arena, f.as_bytes());
        items += parsed.ast.body.items.len();
    }
    items
}

/// One pass of hcl-edit over the corpus.
fn edit(files: &[String]) -> usize {
    let mut items = 0;
    for f in files {
        if let Ok(body) = hcl_edit::parser::parse_body(f) {
            items += body.len();
        }
    }
    items
}

/// Rounds of the alternating comparison.
const ROUNDS: usize = 30;

/// Times the two parsers in alternation (see `common::alternating`).
fn alternating(files: &[String], bytes: usize) {
    common::alternating(
        ("hcl-native", &|| native(files)),
        ("hcl-edit", &|| edit(files)),
        bytes,
        ROUNDS,
    );
}

criterion_group!(benches, parse_corpus);
criterion_main!(benches);
