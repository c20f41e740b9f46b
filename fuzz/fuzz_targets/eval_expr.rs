//! Arbitrary bytes as an expression, evaluated with known and unknown
//! variables and the standard functions: no panic, and evaluating twice
//! gives the same value and diagnostics. The same expression read as a type
//! constraint with defaults: no panic, ranges inside the input, and the
//! defaults applied to the evaluated value then converted without a panic.
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
    let first = context::evaluate_twice(&ctx, "", |ctx| evaluate(&parsed.ast, ctx));
    context::check_ranges(data.len(), &first.diagnostics);
    let t = hcl_native::typeexpr::type_constraint_with_defaults(&parsed.ast);
    context::check_ranges(data.len(), &t.diagnostics);
    let _ = t.convert(&first.value);
    let _ = hcl_native::typeexpr::type_string(&t.ty);
});
