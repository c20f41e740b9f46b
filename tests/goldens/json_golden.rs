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

const HEADER: &str = "# regenerate: UPDATE_GOLDEN=1 cargo test --test goldens";

/// The cases of this kind.
pub fn trials() -> Vec<libtest_mimic::Trial> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar-tests");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0");
    crate::common::grammar_test_files(&["json"])
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with(".hcl.json"))
        .map(|path| {
            let name = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
            libtest_mimic::Trial::test(name, move || run_case(&path, update))
        })
        .collect()
}

fn run_case(path: &Path, update: bool) -> Result<(), Failed> {
    let input = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !crate::common::json_case_ids(path, &input).starts_with("# spec:") {
        return Err(
            "the input's first string must name the spec ids (`\"//\": \"spec: ...\"`), \
                    or `<case>.ids` when it has no string"
                .into(),
        );
    }
    let stem = path.to_string_lossy().trim_end_matches(".hcl.json").to_string();
    let expected = PathBuf::from(format!("{}.expected", path.display()));
    crate::common::eval_golden(path, Path::new(&format!("{stem}.vars.json")), &expected, HEADER, update)
}
