//! Evaluation of hostile input: nesting at the parser's limit on a small
//! stack, values nested far deeper than any stack, and `for` expressions
//! built to multiply work, which the step limit stops.

use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::value::Value;
use hcl_native::{parse_expression, Arena};

mod common;

use common::on_small_stack;

#[test]
fn nesting_at_the_parser_limit_evaluates_on_a_small_stack() {
    on_small_stack(|| {
        // Each nesting construct as deep as the parser accepts it.
        for (open, close) in [
            ("[", "]"),
            ("(", ")"),
            ("{a = ", "}"),
            ("\"${", "}\""),
            ("[for x in [1]: ", "]"),
        ] {
            let arena = Arena::new();
            let nested = |n: usize| format!("{}1{}", open.repeat(n), close.repeat(n));
            let deepest = (1..=130)
                .rev()
                .find(|n| parse_expression(&arena, nested(*n).as_bytes()).diagnostics.is_empty())
                .unwrap();
            assert!(deepest >= 60, "{open}: only {deepest} levels parse");
            let src = nested(deepest);
            let parsed = parse_expression(&arena, src.as_bytes());
            let r = evaluate(&parsed.ast, &EvalContext::with_standard_functions());
            assert!(r.diagnostics.is_empty(), "{open}: {:?}", r.diagnostics);
            assert!(r.value.is_wholly_known());
        }
    });
}

#[test]
fn deep_values_flow_through_every_construct() {
    on_small_stack(|| {
        let deep = (0..3_000).fold(Value::from(1), |v, _| Value::tuple(vec![v]));
        let mut ctx = EvalContext::with_standard_functions();
        ctx.set_variable("deep", deep.clone()).unwrap();
        for src in [
            "deep == deep",
            "[for x in deep: x]",
            "true ? deep : deep",
            "deep[*]",
            "tolist(deep)",
            "length(deep)",
            "jsonencode(deep) != \"\"",
        ] {
            let arena = Arena::new();
            let r = evaluate(&parse_expression(&arena, src.as_bytes()).ast, &ctx);
            assert!(r.diagnostics.is_empty(), "{src}: {:?}", r.diagnostics);
            assert!(r.value.is_known(), "{src}");
        }
    });
}

#[test]
fn work_multiplying_for_expressions_stop_at_the_step_limit() {
    // 1024^3 elements: a billion steps, stopped after ten million.
    let src = "[for a in range(1024): [for b in range(1024): [for c in range(1024): a + b + c]]]";
    let arena = Arena::new();
    let r = evaluate(
        &parse_expression(&arena, src.as_bytes()).ast,
        &EvalContext::with_standard_functions(),
    );
    let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].summary, "Evaluation step limit reached");
    assert!(!r.value.is_known());
}

#[test]
fn a_lower_step_limit_applies_to_child_contexts() {
    let mut root = EvalContext::with_standard_functions();
    root.set_step_limit(100);
    let child = root.child();
    let arena = Arena::new();
    let expr = parse_expression(&arena, b"[for x in range(200): x]").ast;
    let r = evaluate(&expr, &child);
    assert_eq!(r.diagnostics.as_slice()[0].summary, "Evaluation step limit reached");
    let small = parse_expression(&arena, b"[for x in range(10): x]").ast;
    assert!(evaluate(&small, &child).diagnostics.is_empty());
}

#[test]
fn the_step_limit_is_reported_even_when_passed_in_a_branch_not_taken() {
    let src = "true ? 1 : length([for a in range(1000): [for b in range(1000): [for c in range(20): c]]])";
    let arena = Arena::new();
    let r = evaluate(
        &parse_expression(&arena, src.as_bytes()).ast,
        &EvalContext::with_standard_functions(),
    );
    assert_eq!(r.diagnostics.as_slice()[0].summary, "Evaluation step limit reached");
    assert!(!r.value.is_known());
}

#[test]
fn template_for_directives_count_their_iterations() {
    let src = "%{for a in range(100)}%{for b in range(100)}%{for c in range(100)}%{for d in range(100)}x%{endfor}%{endfor}%{endfor}%{endfor}";
    let arena = Arena::new();
    let t = hcl_native::parse_template(&arena, src.as_bytes()).ast;
    let r = hcl_native::eval::evaluate_template(&t, &EvalContext::with_standard_functions());
    assert_eq!(r.diagnostics.as_slice()[0].summary, "Evaluation step limit reached");
}

#[test]
fn errors_are_capped_with_a_count() {
    // A million errors from a short input: the first 10,000 are kept.
    let src = "[for x in range(1000): [for y in range(1000): x.foo]]";
    let arena = Arena::new();
    let r = evaluate(
        &parse_expression(&arena, src.as_bytes()).ast,
        &EvalContext::with_standard_functions(),
    );
    let ds = r.diagnostics.as_slice();
    assert_eq!(ds.len(), 10_001);
    assert_eq!(ds[0].summary, "Unsupported attribute");
    assert_eq!(ds[10_000].summary, "Too many errors");
    assert!(
        ds[10_000].detail.starts_with("Evaluation found 1000000 errors"),
        "{}",
        ds[10_000].detail
    );
}
