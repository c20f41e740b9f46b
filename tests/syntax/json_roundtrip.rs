//! The round trip native syntax → JSON syntax → body, over every file of
//! `../shared/corpus` the reference accepts: `json_syntax::from_native`
//! writes it, the JSON parser reads it back without a diagnostic, and
//! through a schema taken from the native file (its attribute names and
//! block types, with their label counts, at every level) both bodies give
//! the same attributes, whose expressions evaluate to the same values with
//! the same diagnostics (summaries), and the same blocks with the same
//! labels in the same order.
//!
//! Evaluation uses the standard functions and treats every variable as
//! unknown, as `hcl check --unknown-variables` does.

use hcl_native::body::AnyFile;
use hcl_native::{parse_config, Arena};

use crate::common::roundtrip::compare;

#[test]
fn native_to_json_and_back_keeps_every_body() {
    let Some(files) = crate::common::roundtrip::accepted_corpus_files() else {
        panic!("json round trip NOT RUN: ../shared/corpus/EXPECTED.tsv is missing (the corpus lives in ../shared beside this repository)");
    };
    let ctx = crate::common::roundtrip::roundtrip_context();
    let (mut checked, mut failures) = (0, Vec::new());
    for (path, src) in &files {
        let arena = Arena::new();
        let native = parse_config(&arena, src);
        let json = hcl_native::json_syntax::from_native(&native.ast, src);
        let parsed = hcl_native::json_syntax::parse(json.as_bytes());
        if let Some(d) = parsed.diagnostics.iter().next() {
            failures.push(format!("{path}: the JSON does not parse: {d:?}"));
            continue;
        }
        let native_file = AnyFile::Native(native.ast, src);
        let AnyFile::Native(native_ast, _) = &native_file else {
            unreachable!()
        };
        let json_file = AnyFile::Json(parsed.ast);
        if let Err(e) = compare(&native_ast.body, &native_file.body(), &json_file.body(), &ctx) {
            failures.push(format!("{path}: {e}"));
        }
        checked += 1;
    }
    assert!(checked > 4000, "only {checked} files checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} files differ:\n{}",
        failures.len(),
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}
