//! The evaluation context the fuzz targets share: a few known variables of
//! every kind, one unknown, the standard functions, and a step limit small
//! enough that every input finishes quickly.

use hcl_native::eval::{EvalContext, Evaluated};
use hcl_native::value::{Type, Value};
use hcl_native::{Diagnostics, Number};

pub fn fuzz_context() -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    let half = Number::from(1).div(&Number::from(2)).unwrap();
    let vars = [
        ("a", Value::from(1)),
        ("b", Value::number(half)),
        ("c", Value::from("text")),
        ("d", Value::tuple(vec![1.into(), "x".into(), true.into()])),
        ("e", Value::object([("x", Value::from(1)), ("y", Value::tuple(vec![]))])),
        ("f", Value::list(Type::String, vec!["p".into(), "q".into()]).unwrap()),
        ("u", Value::unknown(Type::Dynamic)),
        ("n", Value::null(Type::String)),
    ];
    for (name, v) in vars {
        ctx.set_variable(name, v).unwrap();
    }
    ctx.set_step_limit(200_000);
    ctx
}

/// Runs `eval` twice in `ctx`: evaluation is deterministic, so both give
/// the same value and diagnostics (`what` names the input in a failure).
/// Gives the first.
pub fn evaluate_twice(ctx: &EvalContext, what: &str, eval: impl Fn(&EvalContext) -> Evaluated) -> Evaluated {
    let first = eval(ctx);
    let second = eval(ctx);
    assert_eq!(first.value, second.value, "{what}");
    assert_eq!(first.diagnostics, second.diagnostics, "{what}");
    first
}

#[allow(dead_code)]
pub fn check_ranges(len: usize, diags: &Diagnostics) {
    for d in diags.iter() {
        assert!(d.subject().start <= d.subject().end, "{d:?}");
        assert!(d.subject().end as usize <= len, "{d:?}");
    }
}
