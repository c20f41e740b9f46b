//! The formatter over every accepted file of `../shared/corpus`: it changes
//! only whitespace, keeps the syntax tree (apart from ranges) and is
//! idempotent (`fuzz/src/format_check.rs`, which the `format` fuzz target
//! checks on generated HCL too). Byte equality with the reference's
//! formatter on the same files is `scripts/differential_fmt.py`.
//!
//! spec: hclsyntax#lexical-elements

#[path = "../../fuzz/src/format_check.rs"]
mod format_check;

#[test]
fn formatting_the_corpus_changes_only_whitespace_and_is_idempotent() {
    let Some(files) = crate::common::roundtrip::accepted_corpus_files() else {
        panic!("format corpus test NOT RUN: ../shared/corpus/EXPECTED.tsv is missing (the corpus lives in ../shared beside this repository)");
    };
    assert!(files.len() > 5000, "only {} accepted corpus files", files.len());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|(path, src)| format_check::check_format(src).err().map(|e| format!("{path}: {e}")))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} files:\n{}",
        failures.len(),
        files.len(),
        failures.iter().take(3).cloned().collect::<Vec<_>>().join("\n\n")
    );
}
