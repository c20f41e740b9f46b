//! `hcl dec` whole-process, beside the reference's own `hcldec`
//! (`../shared/tools/hcl-oracle/bin/hcldec`, built by
//! `../shared/tools/hcl-oracle/build.sh`), on the same large inputs.
//!
//! `cargo bench --bench dec`. The bench builds `target/dist/hcl`
//! (`cargo build --profile dist --features cli --bin hcl`) and writes, under `target/dec-bench/`,
//! a generated 20 MB configuration of `service "NAME" { ... }` blocks
//! (strings, numbers, bools, a list, a map, a template, two nested `port`
//! blocks each), the same configuration in the JSON syntax (`hcl json
//! --unevaluated`), and a spec that reads all of it (a `block_map` of
//! objects with typed attributes and a `block_list`). Both programs decode
//! each file with `--vars` (so the JSON syntax's strings are templates);
//! the outputs must be byte for byte the same. Each pair of runs is timed
//! in alternation (`common::alternating`), and each program's peak RSS is
//! read with `/usr/bin/time -f %M` when that exists.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[path = "common/mod.rs"]
mod common;

const SPEC: &str = r#"object {
  block_map "service" {
    labels = ["name"]
    object {
      attr "image" { type = string }
      attr "replicas" { type = number }
      attr "enabled" { type = bool }
      attr "tags" { type = list(string) }
      attr "env" { type = map(string) }
      block_list "port" {
        object {
          attr "number" { type = number }
          attr "protocol" { type = string }
        }
      }
    }
  }
}
"#;

/// The generated configuration: services until it passes 20 MB.
fn configuration() -> String {
    let mut out = String::new();
    let mut n = 0u64;
    while out.len() < 20_000_000 {
        out.push_str(&format!(
            "service \"svc-{n}\" {{\n  image    = \"registry.example.com/team/app-{n}:v1.{}\"\n  replicas = {}\n  \
             enabled  = {}\n  tags     = [\"web\", \"tier-{}\", \"zone-${{\"a\"}}\"]\n  env = {{\n    LOG_LEVEL = \"info\"\n    \
             PORT      = \"{}\"\n  }}\n  port {{\n    number   = {}\n    protocol = \"tcp\"\n  }}\n  port {{\n    \
             number   = {}\n    protocol = \"udp\"\n  }}\n}}\n\n",
            n % 97,
            n % 7 + 1,
            n % 2 == 1,
            n % 5,
            8000 + n % 1000,
            8000 + n % 1000,
            9000 + n % 1000
        ));
        n += 1;
    }
    out
}

fn run(program: &Path, args: &[&str], dir: &Path) -> Vec<u8> {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stderr(Stdio::null())
        .output()
        .expect("the program runs");
    assert!(out.status.success(), "{} {args:?} failed", program.display());
    out.stdout
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let hcldec = root.join("../shared/tools/hcl-oracle/bin/hcldec");
    if !hcldec.exists() {
        eprintln!(
            "benches/dec: {} is missing (run ../shared/tools/hcl-oracle/build.sh); nothing to compare",
            hcldec.display()
        );
        return;
    }
    let hcl = common::build_hcl();
    let dir = root.join("target/dec-bench");
    std::fs::create_dir_all(&dir).expect("target/dec-bench");
    std::fs::write(dir.join("spec.hcldec"), SPEC).expect("spec");
    std::fs::write(dir.join("vars.json"), "{\"unused\": 1}").expect("vars");
    std::fs::write(dir.join("big.hcl"), configuration()).expect("input");
    let json = run(&hcl, &["json", "--unevaluated", "big.hcl"], &dir);
    std::fs::write(dir.join("big.hcl.json"), json).expect("JSON input");

    for input in ["big.hcl", "big.hcl.json"] {
        let args = ["dec", "--spec=spec.hcldec", "--vars=vars.json", input];
        let bytes = std::fs::metadata(dir.join(input)).map_or(0, |m| m.len() as usize);
        assert_eq!(
            run(&hcl, &args, &dir),
            run(&hcldec, &args[1..], &dir),
            "{input}: the outputs differ"
        );
        println!("\n{input} ({:.1} MB):", bytes as f64 / 1e6);
        common::alternating(
            ("hcl dec", &|| run(&hcl, &args, &dir).len()),
            ("hcldec (reference)", &|| run(&hcldec, &args[1..], &dir).len()),
            bytes,
            ROUNDS,
        );
        if let (Some(ours), Some(theirs)) = (
            common::peak_rss(&hcl, &args, &dir),
            common::peak_rss(&hcldec, &args[1..], &dir),
        ) {
            let per = |kb: u64| (kb * 1024) as f64 / bytes as f64;
            println!(
                "peak RSS: hcl dec {:.0} MB ({:.1} bytes per input byte), hcldec {:.0} MB ({:.1})",
                ours as f64 / 1024.0,
                per(ours),
                theirs as f64 / 1024.0,
                per(theirs)
            );
        }
    }
}

/// Rounds of the alternating comparison (the reference takes 15 to 20 s a
/// pass).
const ROUNDS: usize = 3;
