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

/// Times two implementations of one job in alternation, `rounds` rounds of
/// one pass each (so each round's two passes meet nearly the same load on
/// a shared machine), and prints each one's fastest pass, its throughput
/// over `bytes`, and the median and range of the rounds' ratios.
#[allow(dead_code)] // not every benchmark compares this way
pub fn alternating(ours: (&str, &dyn Fn() -> usize), theirs: (&str, &dyn Fn() -> usize), bytes: usize, rounds: usize) {
    let time = |f: &dyn Fn() -> usize| {
        let start = std::time::Instant::now();
        std::hint::black_box(f());
        start.elapsed().as_secs_f64()
    };
    let (mut a_best, mut b_best, mut ratios) = (f64::MAX, f64::MAX, Vec::new());
    for _ in 0..rounds {
        let (a, b) = (time(ours.1), time(theirs.1));
        a_best = a_best.min(a);
        b_best = b_best.min(b);
        ratios.push(b / a);
    }
    ratios.sort_by(f64::total_cmp);
    let mib = |secs: f64| bytes as f64 / secs / (1 << 20) as f64;
    println!("\nalternating, {rounds} rounds over {:.1} MB:", bytes as f64 / 1e6);
    println!("| | fastest pass | throughput |\n| --- | --- | --- |");
    println!("| {} | {:.1} ms | {:.0} MiB/s |", ours.0, a_best * 1e3, mib(a_best));
    println!("| {} | {:.1} ms | {:.0} MiB/s |", theirs.0, b_best * 1e3, mib(b_best));
    println!(
        "{} is {:.2}x as fast by the fastest passes; the rounds' ratios: median {:.2}, from {:.2} to {:.2}",
        ours.0,
        b_best / a_best,
        ratios[rounds / 2],
        ratios[0],
        ratios[rounds - 1]
    );
}

/// The corpus in the JSON syntax, one root array, past 20 MB.
#[allow(dead_code)] // for the JSON-syntax benchmarks
pub fn json_syntax_corpus() -> Option<Vec<u8>> {
    let files = accepted_files(std::fs::read)?;
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

/// Builds the `hcl` tool as it is released (`cargo build --profile dist
/// --features cli --bin hcl`: one code generation unit, fat LTO) and gives
/// its path.
#[allow(dead_code)] // for the whole-process benchmarks
pub fn build_hcl() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let built = std::process::Command::new(env!("CARGO"))
        .args([
            "build",
            "--profile",
            "dist",
            "--quiet",
            "--features",
            "cli",
            "--bin",
            "hcl",
        ])
        .current_dir(&manifest)
        .status()
        .expect("cargo runs");
    assert!(
        built.success(),
        "cargo build --profile dist --features cli --bin hcl failed"
    );
    manifest.join("target/dist/hcl")
}

/// Peak RSS in KB of one run of `program` in `dir`, by `/usr/bin/time -f
/// %M`; none where that is missing.
#[allow(dead_code)] // for the whole-process benchmarks
pub fn peak_rss<S: AsRef<std::ffi::OsStr>>(program: &Path, args: &[S], dir: &Path) -> Option<u64> {
    let out = std::process::Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(program)
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stderr).lines().last()?.trim().parse().ok()
}
