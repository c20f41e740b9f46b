//! Arbitrary bytes as a bare template, evaluated like `eval_expr`.
#![no_main]

use hcl_native::eval::{evaluate_template, EvalContext};
use hcl_native::{parse_template, Arena};
use libfuzzer_sys::fuzz_target;

#[path = "../src/context.rs"]
mod context;

fuzz_target!(|data: &[u8]| {
    let arena = Arena::new();
    let parsed = parse_template(&arena, data);
    let ctx: EvalContext = context::fuzz_context();
    let first = evaluate_template(&parsed.ast, &ctx);
    let second = evaluate_template(&parsed.ast, &ctx);
    assert_eq!(first.value, second.value);
    assert_eq!(first.diagnostics, second.diagnostics);
    context::check_ranges(data.len(), &first.diagnostics);
});
