//! What deep input costs the parser, measured the way
//! `docs/measurements/issue-21.md` quotes it.
//!
//! `cargo run --release --example nesting_cost -- stack N OPEN INNER CLOSE`
//! parses `OPEN` N times, then `INNER`, then `CLOSE` N times (the depth
//! limit raised to 4N, as a level can count more than once: a template
//! and its interpolation) on a thread with a 4 GiB stack, so that no stack
//! segment is ever needed, and prints the growth of the process's resident
//! memory per level: the stack one level of that nesting takes.
//!
//! `cargo run --release --example nesting_cost -- string MB...` parses
//! `a = "…"` with a string of each size in MiB, best of ten, to show where
//! the time per byte changes (the last-level cache) and that it is linear
//! past it.
use hcl_native::{parse_config, parse_expression_with, Arena, ParseOptions};

/// Resident memory of this process, in bytes (Linux).
fn rss() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm (Linux only)");
    let pages: usize = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

fn stack(n: usize, open: &str, inner: &str, close: &str) {
    let src = open.repeat(n) + inner + &close.repeat(n);
    let before = rss();
    let worker = std::thread::Builder::new().stack_size(4 << 30).spawn(move || {
        let arena = Arena::new();
        let options = ParseOptions {
            max_depth: u32::try_from(4 * n + 10).unwrap_or(u32::MAX),
            ..ParseOptions::default()
        };
        let parsed = parse_expression_with(&arena, src.as_bytes(), &options);
        (parsed.diagnostics.len(), rss())
    });
    let (diagnostics, after) = worker
        .expect("a thread with a 4 GiB stack")
        .join()
        .expect("the parse ends");
    println!(
        "{n} levels of {open}…{close}: {diagnostics} diagnostics, {} bytes of RSS per level",
        after.saturating_sub(before) / n
    );
}

fn string(mib: usize) {
    let src = format!("a = \"{}\"\n", "abcdefghij".repeat((mib << 20) / 10));
    let mut best = f64::MAX;
    for _ in 0..10 {
        let start = std::time::Instant::now();
        let arena = Arena::new();
        std::hint::black_box(parse_config(&arena, src.as_bytes()).ast.body.items.len());
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{mib} MiB string: best {:.2} ms, {:.0} MiB/s",
        best * 1e3,
        src.len() as f64 / best / 1048576.0
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("stack") if args.len() == 5 => match args[1].parse() {
            Ok(n) => stack(n, &args[2], &args[3], &args[4]),
            Err(_) => eprintln!("N must be a number"),
        },
        Some("string") => args[1..].iter().filter_map(|m| m.parse().ok()).for_each(string),
        _ => eprintln!("usage: nesting_cost stack N OPEN INNER CLOSE | nesting_cost string MB..."),
    }
}
