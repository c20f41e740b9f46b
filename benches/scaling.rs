//! Scaling: whole-process `hcl eval`, `hcl check`, `hcl json` and `hcl fmt`
//! over generated files of 10⁴, 10⁵ and 10⁶ attributes and of 1, 10 and
//! 100 MB, each step's time as a multiple of the step before. Ten times
//! the input should cost at most eleven times the time (issue 37); a step
//! past that is marked. The steps are taken by the time each run spent on
//! a CPU where the system tells it (Linux's `/proc`), beside the wall
//! clock, which also counts the time a run waited for a CPU that another
//! process held (see `cpu_time_at_exit`).
//!
//! `cargo bench --features cli --bench scaling` (the `hcl` tool as released: `--profile
//! dist`, see `common::build_hcl`). The inputs are written once to
//! `target/scaling/`. Each figure is the fastest of [`ROUNDS`] runs, one
//! per round, each round running the command on every input in turn, so
//! that a busy moment of a shared machine neither passes for a slope nor
//! falls on one size only. Every run has `--max-steps 1000000000`: the default
//! budget of evaluation steps (10 million per command) ends near two
//! million attributes. `SCALING_ONLY=eval,json` runs only the commands
//! named.
//!
//! `SCALING_INSTRUCTIONS=1` counts instructions instead of timing: one run
//! of each command on each input under `valgrind --tool=callgrind`, the
//! steps taken by the counts (about 15 minutes in all). The count is the
//! work the program does, the same in every run whatever the machine's
//! load; the time adds what the memory hierarchy and the machine's other
//! tenants make of it. A step that is over 11 in time but near 10 in
//! instructions is the machine, not the program.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

#[path = "common/mod.rs"]
mod common;

/// The `i`-th attribute: a string, an arithmetic expression, a tuple, an
/// object or a template with a function call, in turn, so that every
/// command has work of several kinds.
fn attribute(out: &mut String, i: usize) {
    let _ = match i % 5 {
        0 => writeln!(out, "attr_{i} = \"value-{i}\""),
        1 => writeln!(out, "attr_{i} = {i} * 2 + 1"),
        2 => writeln!(out, "attr_{i} = [\"a\", {i}, true]"),
        3 => writeln!(out, "attr_{i} = {{ name = \"n-{i}\", size = {i} }}"),
        _ => writeln!(out, "attr_{i} = \"${{upper(\"v\")}}-{i}\""),
    };
}

/// A generated input file.
struct Input {
    path: PathBuf,
    attributes: usize,
    bytes: usize,
}

/// A file of attributes, `count` of them or as many as fill `bytes`.
fn input(dir: &Path, name: &str, count: Option<usize>, bytes: usize) -> Input {
    let path = dir.join(name);
    let mut text = String::new();
    let mut n = 0;
    while count.map_or(text.len() < bytes, |c| n < c) {
        attribute(&mut text, n);
        n += 1;
    }
    if std::fs::read(&path).ok().as_deref() != Some(text.as_bytes()) {
        std::fs::write(&path, &text).expect("the input is written");
    }
    Input {
        path,
        attributes: n,
        bytes: text.len(),
    }
}

/// The arguments of every run of `hcl <command>` on `file` (the step
/// budget raised, see the module comment).
fn arguments(command: &str, file: &Path) -> [String; 4] {
    [
        command.to_string(),
        "--max-steps".to_string(),
        "1000000000".to_string(),
        file.to_string_lossy().into_owned(),
    ]
}

/// One run of `hcl <command> <file>`: its wall-clock time and, where
/// `/proc` tells (Linux), the time it spent on a CPU, in seconds.
fn run_once(hcl: &Path, command: &str, file: &Path) -> (f64, Option<f64>) {
    let start = Instant::now();
    let mut child = Command::new(hcl)
        .args(arguments(command, file))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("hcl runs");
    let cpu = cpu_time_at_exit(child.id());
    let status = child.wait().expect("hcl is waited for");
    let wall = start.elapsed().as_secs_f64();
    assert!(status.code() == Some(0), "hcl {command} {} failed", file.display());
    (wall, cpu)
}

/// The time process `pid` spent on a CPU, read from `/proc/PID/schedstat`
/// once it has exited and before it is reaped (a zombie keeps its
/// figures); `None` where there is no `/proc`. The commands timed here run
/// on one thread (`hcl check` of one file has no workers), whose figure
/// this is. The wall clock also counts the time a run waits for a CPU
/// that another process holds, which on a shared 2-core machine moved a
/// step by more than the 10% the goal allows; the CPU time does not.
fn cpu_time_at_exit(pid: u32) -> Option<f64> {
    let stat = format!("/proc/{pid}/stat");
    loop {
        let text = std::fs::read_to_string(&stat).ok()?;
        // the state follows the command name, which is in parentheses
        let state = text.rsplit_once(')')?.1.split_whitespace().next()?;
        if state == "Z" {
            break;
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    let schedstat = std::fs::read_to_string(format!("/proc/{pid}/schedstat")).ok()?;
    let ns: u64 = schedstat.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// Rounds of runs of one command: each round runs it once on every input,
/// smallest first, so that a busy spell of a shared machine falls on all
/// sizes alike rather than on the one being timed then.
const ROUNDS: usize = 5;

/// The instructions one run of `hcl <command> <file>` executes, counted by
/// `valgrind --tool=callgrind` (its whole process, start-up included); `None`
/// where valgrind cannot be run. The count does not depend on the
/// machine's load or caches: the same run gives the same figure.
fn instructions(hcl: &Path, command: &str, file: &Path, out: &Path) -> Option<u64> {
    let status = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(hcl)
        .args(arguments(command, file))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    assert!(
        status.code() == Some(0),
        "hcl {command} {} failed under valgrind",
        file.display()
    );
    let text = std::fs::read_to_string(out).ok()?;
    let _ = std::fs::remove_file(out);
    text.lines()
        .find_map(|l| l.strip_prefix("summary:").or_else(|| l.strip_prefix("totals:")))
        .and_then(|n| n.trim().parse().ok())
}

/// One command's figure for every input of every series, in the order of
/// `series`: the fastest run's wall clock and CPU time, or an instruction
/// count.
type Figures = Vec<Vec<(f64, Option<f64>)>>;

/// Prints one command's table (of instruction counts when `instructions`
/// is set, else of times) and returns its largest step.
fn table(command: &str, series: &[(&str, Vec<Input>)], figures: &Figures, instructions: bool) -> f64 {
    let mut worst: f64 = 0.0;
    println!("\n`hcl {command}`\n");
    if instructions {
        println!("| series | attributes | MB | instructions | × the step before | instructions per attribute |");
        println!("| --- | --- | --- | --- | --- | --- |");
    } else {
        println!(
            "| series | attributes | MB | fastest run | fastest CPU time | × the step before | µs per attribute |"
        );
        println!("| --- | --- | --- | --- | --- | --- | --- |");
    }
    for ((name, files), row) in series.iter().zip(figures) {
        let mut before: Option<f64> = None;
        for (Input { attributes, bytes, .. }, &(first, cpu)) in files.iter().zip(row) {
            // the steps by CPU time where there is one for every run
            let measure = cpu.unwrap_or(first);
            let step = before.map(|b| measure / b);
            worst = worst.max(step.unwrap_or(0.0));
            let step_text = match step {
                Some(s) if s > 11.0 => format!("**{s:.1}** (over 11)"),
                Some(s) => format!("{s:.2}"),
                None => "".to_string(),
            };
            let mb = *bytes as f64 / 1e6;
            if instructions {
                println!(
                    "| {name} | {attributes} | {mb:.1} | {first:.0} | {step_text} | {:.0} |",
                    first / *attributes as f64
                );
            } else {
                let cpu_text = cpu.map_or("".to_string(), |c| format!("{c:.3} s"));
                println!(
                    "| {name} | {attributes} | {mb:.1} | {first:.3} s | {cpu_text} | {step_text} | {:.2} |",
                    measure * 1e6 / *attributes as f64
                );
            }
            before = Some(measure);
        }
    }
    worst
}

fn main() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = manifest.join("target/scaling");
    std::fs::create_dir_all(&dir).expect("target/scaling is created");
    let hcl = common::build_hcl();

    let series: [(&str, Vec<Input>); 2] = [
        (
            "attributes",
            [10_000, 100_000, 1_000_000]
                .iter()
                .map(|&n| input(&dir, &format!("attributes-{n}.hcl"), Some(n), 0))
                .collect(),
        ),
        (
            "bytes",
            [1, 10, 100]
                .iter()
                .map(|&mb| input(&dir, &format!("bytes-{mb}mb.hcl"), None, mb * 1_000_000))
                .collect(),
        ),
    ];

    let only = std::env::var("SCALING_ONLY").ok();
    let count = std::env::var_os("SCALING_INSTRUCTIONS").is_some();
    let commands = ["eval", "check", "json", "fmt"]
        .into_iter()
        .filter(|c| only.as_deref().is_none_or(|o| o.split(',').any(|n| n.trim() == *c)));
    let mut worst: f64 = 0.0;
    let mut measure = if count { "instruction count" } else { "CPU time" };
    for command in commands {
        let figures: Figures = if count {
            let out = dir.join("callgrind.out");
            series
                .iter()
                .map(|(_, files)| {
                    files
                        .iter()
                        .map(|file| {
                            let n = instructions(&hcl, command, &file.path, &out)
                                .expect("SCALING_INSTRUCTIONS needs valgrind (callgrind) on the PATH");
                            (n as f64, None)
                        })
                        .collect()
                })
                .collect()
        } else {
            // the fastest run of each input over the rounds: wall clock and CPU
            let mut fastest: Figures = series
                .iter()
                .map(|(_, files)| vec![(f64::MAX, None); files.len()])
                .collect();
            for _ in 0..ROUNDS {
                for ((_, files), best) in series.iter().zip(&mut fastest) {
                    for (file, best) in files.iter().zip(best.iter_mut()) {
                        let (wall, cpu) = run_once(&hcl, command, &file.path);
                        best.0 = best.0.min(wall);
                        best.1 = match (best.1, cpu) {
                            (Some(b), Some(c)) => Some(b.min(c)),
                            (b, c) => c.or(b),
                        };
                    }
                }
            }
            if fastest.iter().flatten().any(|(_, cpu)| cpu.is_none()) {
                measure = "wall-clock time (no CPU time here)";
            }
            fastest
        };
        worst = worst.max(table(command, &series, &figures, count));
    }
    println!(
        "\nthe largest step, by {measure}: {worst:.2}x for 10x the input ({})",
        if worst <= 11.0 { "linear" } else { "NOT linear" }
    );
}
