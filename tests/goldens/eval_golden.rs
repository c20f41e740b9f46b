//! Golden evaluation tests: one test per `grammar-tests/<section>/eval/<case>.hcleval`.
//!
//! A case is a configuration file whose top-level attributes are each
//! evaluated on their own with the standard functions, exactly as
//! `hcl eval --format json` does (the test runs the built `hcl` binary).
//! It starts with `# spec: ...` naming the ids it exercises; a line
//! `# oracle: D-...` says the expected answer differs from the
//! reference's on purpose (see docs/deviations.md). Variables come from
//! `<case>.vars.json` beside it when there is one. The expected document
//! is in `<case>.hcleval.json`, after a first line naming how to
//! regenerate it; every expected answer is checked against the reference
//! with `scripts/differential.py` before it is committed.

use libtest_mimic::Failed;
use std::path::{Path, PathBuf};

const HEADER: &str = "# regenerate: UPDATE_GOLDEN=1 cargo test --test goldens";

/// The cases of this kind.
pub fn trials() -> Vec<libtest_mimic::Trial> {
    crate::common::golden_trials(&["hcleval"], run_case)
}

fn run_case(path: &Path, update: bool) -> Result<(), Failed> {
    let input = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !input.starts_with(b"# spec:") {
        return Err("the input must start with a `# spec: ...` comment line".into());
    }
    let expected = PathBuf::from(format!("{}.json", path.display()));
    crate::common::eval_golden(path, &path.with_extension("vars.json"), &expected, HEADER, update)
}
