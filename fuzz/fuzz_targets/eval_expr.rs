//! Arbitrary bytes as an expression, evaluated with known and unknown
//! variables and the standard functions: no panic, and evaluating twice
//! gives the same value and diagnostics.
#![no_main]

use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::{parse_expression, Arena};
use libfuzzer_sys::fuzz_target;

#[path = "../src/context.rs"]
mod context;

fuzz_target!(|data: &[u8]| {
    let arena = Arena::new();
    let parsed = parse_expression(&arena, data);
    let ctx: EvalContext = context::fuzz_context();
    let first = evaluate(&parsed.ast, &ctx);
    let second = evaluate(&parsed.ast, &ctx);
    assert_eq!(first.value, second.value);
    assert_eq!(first.diagnostics, second.diagnostics);
    context::check_ranges(data.len(), &first.diagnostics);
});
