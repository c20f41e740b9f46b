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

/// Times the two parsers in alternation and prints each one's fastest pass
/// and the median ratio of the rounds.
fn alternating(files: &[String], bytes: usize) {
    let time = |f: &dyn Fn(&[String]) -> usize| {
        let start = std::time::Instant::now();
        std::hint::black_box(f(files));
        start.elapsed().as_secs_f64()
    };
    let (mut ours, mut theirs, mut ratios) = (f64::MAX, f64::MAX, Vec::new());
    for _ in 0..ROUNDS {
        let (a, b) = (time(&native), time(&edit));
        ours = ours.min(a);
        theirs = theirs.min(b);
        ratios.push(b / a);
    }
    ratios.sort_by(f64::total_cmp);
    let mib = |secs: f64| bytes as f64 / secs / (1 << 20) as f64;
    println!("\nalternating, {ROUNDS} rounds over {:.1} MB:", bytes as f64 / 1e6);
    println!("| | fastest pass | throughput |\n| --- | --- | --- |");
    println!("| hcl-native | {:.1} ms | {:.0} MiB/s |", ours * 1e3, mib(ours));
    println!("| hcl-edit | {:.1} ms | {:.0} MiB/s |", theirs * 1e3, mib(theirs));
    println!(
        "hcl-native is {:.2}x as fast by the fastest passes; the rounds' ratios: median {:.2}, from {:.2} to {:.2}",
        theirs / ours,
        ratios[ROUNDS / 2],
        ratios[0],
        ratios[ROUNDS - 1]
    );
}

criterion_group!(benches, parse_corpus);
criterion_main!(benches);
