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
    let first = context::evaluate_twice(&ctx, "", |ctx| evaluate_template(&parsed.ast, ctx));
    context::check_ranges(data.len(), &first.diagnostics);
});
