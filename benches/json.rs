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
//! the rounds' ratios are printed), and a counting allocator gives each
//! one's peak live heap per input byte.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

#[path = "common/mod.rs"]
mod common;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every method forwards to the system allocator unchanged and only
// updates two counters.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let now = LIVE.fetch_add(l.size(), Relaxed) + l.size();
        PEAK.fetch_max(now, Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Relaxed);
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        if n > l.size() {
            let now = LIVE.fetch_add(n - l.size(), Relaxed) + (n - l.size());
            PEAK.fetch_max(now, Relaxed);
        } else {
            LIVE.fetch_sub(l.size() - n, Relaxed);
        }
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak live heap bytes while `f` runs, above what was live before.
fn peak_during<T>(f: impl FnOnce() -> T) -> usize {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let out = f();
    let peak = PEAK.load(Relaxed) - base;
    drop(out);
    peak
}

/// The corpus in the JSON syntax, one root array, past 20 MB.
fn input() -> Option<Vec<u8>> {
    let files = common::accepted_files(std::fs::read)?;
    let docs: Vec<String> = files
        .iter()
        .filter_map(|src| {
            let arena = hcl_native::Arena::new();
            let parsed = hcl_native::parse_config(&arena, src);
            parsed
                .diagnostics
                .is_empty()
                .then(|| hcl_native::json_syntax::from_native(&parsed.ast, src))
        })
        .collect();
    let mut out = b"[\n".to_vec();
    let mut first = true;
    while out.len() < 20_000_000 {
        for d in &docs {
            if !first {
                out.extend_from_slice(b",\n");
            }
            first = false;
            out.extend_from_slice(d.trim_end().as_bytes());
        }
    }
    out.extend_from_slice(b"\n]\n");
    Some(out)
}

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
    let Some(src) = input() else {
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
    alternating(&src);
    let ours = peak_during(|| hcl_native::json_syntax::parse(&src));
    let theirs = peak_during(|| serde_json::from_slice::<serde_json::Value>(&src));
    println!(
        "peak live heap per input byte: hcl-native {:.2}, serde_json Value {:.2} ({:.1} MB input)",
        ours as f64 / src.len() as f64,
        theirs as f64 / src.len() as f64,
        src.len() as f64 / 1e6
    );
}

/// Rounds of the alternating comparison.
const ROUNDS: usize = 15;

fn alternating(src: &[u8]) {
    let time = |f: &dyn Fn(&[u8]) -> usize| {
        let start = std::time::Instant::now();
        std::hint::black_box(f(src));
        start.elapsed().as_secs_f64()
    };
    let (mut ours, mut theirs, mut ratios) = (f64::MAX, f64::MAX, Vec::new());
    for _ in 0..ROUNDS {
        let (a, b) = (time(&native), time(&serde));
        ours = ours.min(a);
        theirs = theirs.min(b);
        ratios.push(b / a);
    }
    ratios.sort_by(f64::total_cmp);
    let mib = |secs: f64| src.len() as f64 / secs / (1 << 20) as f64;
    println!("\nalternating, {ROUNDS} rounds over {:.1} MB:", src.len() as f64 / 1e6);
    println!("| | fastest pass | throughput |\n| --- | --- | --- |");
    println!(
        "| hcl-native json_syntax::parse | {:.1} ms | {:.0} MiB/s |",
        ours * 1e3,
        mib(ours)
    );
    println!(
        "| serde_json::Value | {:.1} ms | {:.0} MiB/s |",
        theirs * 1e3,
        mib(theirs)
    );
    println!(
        "hcl-native is {:.2}x as fast by the fastest passes; the rounds' ratios: median {:.2}, from {:.2} to {:.2}",
        theirs / ours,
        ratios[ROUNDS / 2],
        ratios[0],
        ratios[ROUNDS - 1]
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
