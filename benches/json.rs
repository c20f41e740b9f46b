//! The JSON syntax: parsing a large generated configuration with
//! hcl-native's JSON-syntax parser and, in the same run and on the same
//! bytes, serde_json into a `serde_json::Value`.
//!
//! `cargo bench --bench json` (needs `../shared/corpus`). The input is
//! every accepted corpus file written in the JSON syntax
//! (`json_syntax::from_native`), as the elements of one root array, over
//! and over until it passes 20 MB: real Terraform-shaped JSON. hcl-native
//! keeps what serde_json's `Value` drops (property order and repeats, a
//! range on every node, numbers exactly); serde_json here is built with
//! `arbitrary_precision` (the feature this crate's `json` feature turns on
//! in the dependency graph), so its numbers keep their digits too.
//!
//! After the criterion groups the two parsers are timed in alternation
//! (one pass each per round; the fastest pass of each and the median of
//! the rounds' ratios are printed). Peak memory on the same input is in
//! `benches/memory.rs`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

#[path = "common/mod.rs"]
mod common;

fn native(src: &[u8]) -> usize {
    let parsed = hcl_native::json_syntax::parse(src);
    match &parsed.ast.root {
        hcl_native::json_syntax::Node::Array(a) => a.elements.len(),
        _ => 0,
    }
}

fn serde(src: &[u8]) -> usize {
    match serde_json::from_slice::<serde_json::Value>(src) {
        Ok(serde_json::Value::Array(a)) => a.len(),
        _ => 0,
    }
}

fn bench(c: &mut Criterion) {
    let Some(src) = common::json_syntax_corpus() else {
        eprintln!("benches/json: ../shared/corpus is missing; nothing to measure");
        return;
    };
    assert!(hcl_native::json_syntax::parse(&src).diagnostics.is_empty());
    assert_eq!(native(&src), serde(&src));
    let mut group = c.benchmark_group("json-syntax");
    group.throughput(Throughput::Bytes(src.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function(BenchmarkId::new("parse", "hcl-native"), |b| b.iter(|| native(&src)));
    group.bench_function(BenchmarkId::new("parse", "serde_json-Value"), |b| {
        b.iter(|| serde(&src))
    });
    group.finish();
    common::alternating(
        ("hcl-native json_syntax::parse", &|| native(&src)),
        ("serde_json::Value", &|| serde(&src)),
        src.len(),
        ROUNDS,
    );
}

/// Rounds of the alternating comparison.
const ROUNDS: usize = 15;

criterion_group!(benches, bench);
criterion_main!(benches);
