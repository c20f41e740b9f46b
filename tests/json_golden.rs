//! Golden tests of the JSON syntax: one test per
//! `grammar-tests/json-<section>/eval/<case>.hcl.json`.
//!
//! A case is a configuration in the JSON syntax whose root properties are
//! each evaluated on their own with the standard functions, exactly as
//! `hcl eval --format json` does (the test runs the built `hcl` binary).
//! Its first property is a `"//"` comment naming the spec ids it exercises
//! (`"//": "spec: json#..."`; an input whose root is a string names them in
//! that string, one without any string in `<case>.ids`); a second comment `"//": "oracle: D-..."`
//! says the expected answer differs from the reference's on purpose (see
//! docs/deviations.md). Variables come from `<case>.vars.json` beside it
//! when there is one. The expected document is in
//! `<case>.hcl.json.expected`, after a first line naming how to regenerate
//! it; every expected answer is checked against the reference with
//! `scripts/differential.py` (which runs `hcl-oracle eval CASE.hcl.json`)
//! before it is committed.

use libtest_mimic::Failed;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

const HEADER: &str = "# regenerate: UPDATE_GOLDEN=1 cargo test --test json_golden";

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar-tests");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0");
    let trials = common::grammar_test_files(&["json"])
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with(".hcl.json"))
        .map(|path| {
            let name = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
            libtest_mimic::Trial::test(name, move || run_case(&path, update))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit()
}

fn run_case(path: &Path, update: bool) -> Result<(), Failed> {
    let input = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // the ids: the input's first string (its first `"//"` comment, or the
    // root string itself), or `<case>.ids` for an input without strings
    let stem = path.to_string_lossy().trim_end_matches(".hcl.json").to_string();
    let ids = match input.find('"') {
        Some(at) => input[at + 1..].starts_with("//\"") || input[at + 1..].starts_with("spec: "),
        None => std::fs::read_to_string(format!("{stem}.ids")).is_ok_and(|t| t.starts_with("spec: ")),
    };
    let first_string_is_spec = |s: &str| {
        let rest = s
            .trim_start_matches("//\"")
            .trim_start()
            .trim_start_matches(':')
            .trim_start();
        rest.starts_with("\"spec: ") || s.starts_with("spec: ")
    };
    if !ids
        || input
            .find('"')
            .is_some_and(|at| !first_string_is_spec(&input[at + 1..]))
    {
        return Err(
            "the input's first string must name the spec ids (`\"//\": \"spec: ...\"`), \
                    or `<case>.ids` when it has no string"
                .into(),
        );
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hcl"));
    cmd.arg("eval").arg(path).args(["--format", "json"]);
    let vars = PathBuf::from(format!("{stem}.vars.json"));
    if vars.exists() {
        cmd.arg("--vars").arg(&vars);
    }
    let out = cmd.output().map_err(|e| format!("cannot run hcl: {e}"))?;
    if !out.status.success() {
        return Err(format!("hcl failed: {}", String::from_utf8_lossy(&out.stderr)).into());
    }
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("hcl printed invalid JSON: {e}"))?;
    let actual = format!("{HEADER}\n{}\n", serde_json::to_string_pretty(&doc).unwrap_or_default());
    let expected_path = PathBuf::from(format!("{}.expected", path.display()));
    common::compare_golden(&expected_path, &actual, update)
}
