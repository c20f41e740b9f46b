//! Peak memory for parsing one large file (about 20 MB, built from the
//! corpus: every accepted file wrapped in a block of its own, twice over),
//! for hcl-native and, in the same run, hcl-edit.
//!
//! The same for the JSON syntax: hcl-native's parser and serde_json's
//! `Value` on the corpus written in the JSON syntax (as `benches/json.rs`).
//!
//! `cargo bench --bench memory`. A counting global allocator records the
//! peak of live heap bytes during each parse (the input itself excluded)
//! and prints it per input byte; the process's peak RSS is printed too.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

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
fn peak_during<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let out = f();
    (PEAK.load(Relaxed) - base, out)
}

/// The corpus files both parsers accept (the reference's verdict, minus
/// the spec deviations, minus what hcl-edit rejects), each in a block of
/// its own, repeated up to 20 MB.
fn big_file() -> Option<String> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = common::corpus_root();
    let accepted = common::accepted_paths()?;
    let deviations = std::fs::read_to_string(here.join("tests/corpus_deviations.tsv")).unwrap_or_default();
    let files: Vec<String> = accepted
        .iter()
        .filter(|p| !deviations.contains(&format!("{p}\t")))
        .filter_map(|p| std::fs::read_to_string(root.join(p)).ok())
        .filter(|text| hcl_edit::parser::parse_body(text).is_ok())
        .collect();
    let mut out = String::new();
    while out.len() < 20_000_000 {
        for (k, text) in files.iter().enumerate() {
            out.push_str(&format!("file_{k} {{\n{text}\n}}\n"));
        }
    }
    Some(out)
}

fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// In a child process: parses with one parser only and prints the
/// process's peak RSS (input included), so each parser's RSS stands alone.
fn child(which: &str, src: &str) {
    let base = peak_rss_kib().unwrap_or(0);
    let items = match which {
        "native" => {
            let arena = hcl_native::Arena::new();
            hcl_native::parse_config(&arena, src.as_bytes()).ast.body.items.len()
        }
        _ => hcl_edit::parser::parse_body(src).map(|b| b.len()).unwrap_or(0),
    };
    let kib = peak_rss_kib().unwrap_or(0);
    println!("{} {} {}", base, kib, items);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") {
        return; // `cargo bench -- --list` asks which benchmarks exist
    }
    let Some(src) = big_file() else {
        eprintln!("benches/memory: ../shared/corpus is missing; nothing to measure");
        return;
    };
    if let Some(k) = args.iter().position(|a| a == "--child") {
        child(&args[k + 1], &src);
        return;
    }
    let n = src.len() as f64;
    println!("input: {:.1} MB", n / 1e6);
    for which in ["native", "edit"] {
        let out = std::process::Command::new(std::env::current_exe().expect("own path"))
            .args(["--child", which])
            .output();
        if let Ok(out) = out {
            let text = String::from_utf8_lossy(&out.stdout);
            let v: Vec<u64> = text.split_whitespace().filter_map(|x| x.parse().ok()).collect();
            if let [before, after, _] = v[..] {
                println!(
                    "hcl-{which}: peak RSS {:.1} MB with the input loaded, {:.1} MB more while parsing = {:.2} bytes per input byte",
                    after as f64 * 1024.0 / 1e6,
                    (after - before) as f64 * 1024.0 / 1e6,
                    (after - before) as f64 * 1024.0 / n
                );
            }
        }
    }

    let (native, items) = peak_during(|| {
        let arena = hcl_native::Arena::new();
        let parsed = hcl_native::parse_config(&arena, src.as_bytes());
        parsed.ast.body.items.len()
    });
    println!(
        "hcl-native: peak heap {:.1} MB = {:.2} bytes per input byte ({items} blocks)",
        native as f64 / 1e6,
        native as f64 / n
    );

    let (edit, items) = peak_during(|| hcl_edit::parser::parse_body(&src).map(|b| b.len()).unwrap_or(0));
    println!(
        "hcl-edit:   peak heap {:.1} MB = {:.2} bytes per input byte ({items} blocks)",
        edit as f64 / 1e6,
        edit as f64 / n
    );

    // the JSON syntax, on the corpus written in it (benches/json.rs)
    if let Some(json) = common::json_syntax_corpus() {
        let n = json.len() as f64;
        let (ours, _) = peak_during(|| hcl_native::json_syntax::parse(&json));
        let (theirs, _) = peak_during(|| serde_json::from_slice::<serde_json::Value>(&json).is_ok());
        println!(
            "JSON syntax, {:.1} MB: hcl-native json_syntax::parse peak heap {:.2} bytes per input byte, serde_json::Value {:.2}",
            n / 1e6,
            ours as f64 / n,
            theirs as f64 / n
        );
    }
}
