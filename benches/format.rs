//! The formatter: `hcl_native::format::format` over the corpus in
//! process, then whole-process `hcl fmt --check` over every accepted corpus
//! file in one invocation beside the reference's `hclfmt -check` over the
//! same files in one invocation (`../shared/tools/hcl-oracle/bin/hclfmt`,
//! built by `../shared/tools/hcl-oracle/build.sh`), timed in alternation
//! (`common::alternating`), and each one's peak RSS by `/usr/bin/time -f %M`
//! when that exists.
//!
//! `cargo bench --bench format`. Both programs read, parse (hclfmt's
//! `-check` parses for diagnostics, as `hcl fmt` always does) and format
//! every file; `hclfmt` also writes every formatted file to stdout, `hcl fmt
//! --check` only the names of files that would change.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

#[path = "common/mod.rs"]
mod common;

fn run(program: &Path, args: &[String], dir: &Path) -> usize {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stderr(Stdio::null())
        .output()
        .expect("the program runs");
    // exit 1 means "a file would change" (ours) or "a file has errors"
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{} failed",
        program.display()
    );
    out.stdout.len()
}

fn main() {
    let Some(paths) = common::accepted_paths() else {
        eprintln!("benches/format: ../shared/corpus is missing; nothing to measure");
        return;
    };
    let root = common::corpus_root();
    let files: Vec<Vec<u8>> = paths.iter().filter_map(|p| std::fs::read(root.join(p)).ok()).collect();
    let bytes: usize = files.iter().map(Vec::len).sum();

    let mut best = f64::MAX;
    for _ in 0..10 {
        let start = Instant::now();
        let out: usize = files.iter().map(|f| hcl_native::format::format(f).len()).sum();
        std::hint::black_box(out);
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "format::format over {} corpus files ({:.1} MB), fastest of 10 passes: {:.1} ms, {:.0} MiB/s",
        files.len(),
        bytes as f64 / 1e6,
        best * 1e3,
        bytes as f64 / best / (1 << 20) as f64
    );

    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let hclfmt = manifest.join("../shared/tools/hcl-oracle/bin/hclfmt");
    if !hclfmt.exists() {
        eprintln!(
            "benches/format: {} is missing (run ../shared/tools/hcl-oracle/build.sh); no whole-process comparison",
            hclfmt.display()
        );
        return;
    }
    let hcl = common::build_hcl();
    let ours: Vec<String> = ["fmt", "--check"]
        .iter()
        .map(|s| s.to_string())
        .chain(paths.iter().cloned())
        .collect();
    let theirs: Vec<String> = std::iter::once("-check".to_string())
        .chain(paths.iter().cloned())
        .collect();
    common::alternating(
        ("hcl fmt --check", &|| run(&hcl, &ours, &root)),
        ("hclfmt -check (reference)", &|| run(&hclfmt, &theirs, &root)),
        bytes,
        5,
    );
    if let (Some(a), Some(b)) = (
        common::peak_rss(&hcl, &ours, &root),
        common::peak_rss(&hclfmt, &theirs, &root),
    ) {
        let per = |kb: u64| (kb * 1024) as f64 / bytes as f64;
        println!(
            "peak RSS: hcl fmt --check {:.1} MB ({:.2} bytes per input byte), hclfmt -check {:.1} MB ({:.2})",
            a as f64 / 1024.0,
            per(a),
            b as f64 / 1024.0,
            per(b)
        );
    }
}
