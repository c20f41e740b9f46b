//! Refined unknown values (go-cty 1.13's refinements, which the reference,
//! hcl v2.20, produces and uses; docs/deviations.md, O-refinements): what
//! the model keeps of them and the answers they decide. The expected
//! answers are go-cty's, from its `value_ops.go`, `value_range.go`,
//! `unknown_refinement.go` and `convert/conversion.go`.
//!
//! spec: model#unknown-values-and-the-dynamic-pseudo-type

use super::support::*;
use hcl_native::convert::convert;
use hcl_native::value::{RefineError, Type, Value, MAX_LENGTH};
use hcl_native::Number;

fn n(i: i64) -> Number {
    Number::from(i)
}

fn not_null(ty: Type) -> Value {
    Value::unknown(ty).refine().not_null().new_value().unwrap()
}

/// go-cty's `Equals`: a null and a value certainly not null differ; a known
/// value outside an unknown one's range differs; otherwise unknown.
#[test]
fn equality_decided_by_refinements() {
    let id = Value::unknown(Type::String)
        .refine()
        .not_null()
        .string_prefix_full("i-")
        .new_value()
        .unwrap();
    assert_eq!(id.equals(&Value::null(Type::String)).as_bool(), Some(false));
    assert_eq!(Value::null(Type::Dynamic).equals(&id).as_bool(), Some(false));
    assert_eq!(id.not_equals(&Value::null(Type::String)).as_bool(), Some(true));
    assert_eq!(id.equals(&s("vpc-1")).as_bool(), Some(false));
    assert!(!id.equals(&s("i-1")).is_known());
    // a prefix alone says nothing of null
    let maybe_null = Value::unknown(Type::String)
        .refine()
        .string_prefix_full("i-")
        .new_value()
        .unwrap();
    assert!(!maybe_null.equals(&Value::null(Type::String)).is_known());
    assert_eq!(maybe_null.equals(&s("x")).as_bool(), Some(false));

    let count = Value::unknown(Type::Number)
        .refine()
        .number_range_inclusive(n(1), n(3))
        .new_value()
        .unwrap();
    assert_eq!(count.equals(&Value::from(0)).as_bool(), Some(false));
    assert_eq!(count.equals(&Value::from(4)).as_bool(), Some(false));
    assert!(!count.equals(&Value::from(2)).is_known());
    let exclusive = Value::unknown(Type::Number)
        .refine()
        .number_lower_bound(n(1), false)
        .new_value()
        .unwrap();
    assert_eq!(exclusive.equals(&Value::from(1)).as_bool(), Some(false));

    let names = Value::unknown(Type::list(Type::String))
        .refine()
        .collection_length_lower_bound(2)
        .new_value()
        .unwrap();
    assert_eq!(names.equals(&list(Type::String, vec![s("a")])).as_bool(), Some(false));
    assert!(!names.equals(&list(Type::String, vec![s("a"), s("b")])).is_known());
    // an unknown result is itself never null
    assert!(count.equals(&Value::from(2)).range().definitely_not_null());
}

/// What a range says of known values, as go-cty's `Value.Range`.
#[test]
fn ranges_of_known_values() {
    assert_eq!(s("abc").range().string_prefix(), "abc");
    assert!(s("abc").range().definitely_not_null());
    assert!(Value::null(Type::String).range().could_be_null());
    assert_eq!(Value::from(5).range().number_lower_bound(), (n(5), true));
    assert_eq!(Value::from(5).range().number_upper_bound(), (n(5), true));
    assert_eq!(
        list(Type::Bool, vec![Value::from(true)]).range().length_bounds(),
        (1, 1)
    );
    // a set whose unknown elements may turn out equal: its length is not known
    let u = set(
        Type::Number,
        vec![Value::unknown(Type::Number), Value::unknown(Type::Number)],
    );
    assert_eq!(u.range().length_bounds(), (0, MAX_LENGTH));
    let plain = Value::unknown(Type::Number).range();
    assert_eq!(plain.number_lower_bound(), (Number::NEGATIVE_INFINITY, false));
    assert!(plain.could_be_null() && !plain.definitely_not_null());
}

/// go-cty's `NewValue`: refinements that leave one value give it, and
/// contradictions are errors (go-cty panics).
#[test]
fn refinements_collapse_and_contradict() {
    let one = Value::unknown(Type::set(Type::String))
        .refine()
        .not_null()
        .collection_length(1)
        .new_value()
        .unwrap();
    assert_eq!(one, set(Type::String, vec![Value::unknown(Type::String)]));
    // without not-null, a length is not a value
    let maybe = Value::unknown(Type::list(Type::String))
        .refine()
        .collection_length(0)
        .new_value()
        .unwrap();
    assert!(!maybe.is_known());
    // a prefix is kept in NFC, and grows
    let p = Value::unknown(Type::String)
        .refine()
        .string_prefix_full("e\u{301}")
        .string_prefix_full("\u{e9}-x")
        .new_value()
        .unwrap();
    assert_eq!(p.range().string_prefix(), "\u{e9}-x");
    assert!(matches!(
        Value::unknown(Type::String)
            .refine()
            .string_prefix_full("a")
            .string_prefix_full("b")
            .new_value(),
        Err(RefineError::Inconsistent(_))
    ));
    assert!(matches!(
        Value::dynamic().refine().not_null().new_value(),
        Err(RefineError::NotRefinable { .. })
    ));
    assert!(Value::from(2)
        .refine()
        .number_lower_bound(n(3), true)
        .new_value()
        .is_err());
    assert_eq!(
        Value::from(2)
            .refine()
            .number_lower_bound(n(2), true)
            .new_value()
            .unwrap(),
        Value::from(2)
    );
    // a value's refinements are part of its identity
    assert_ne!(not_null(Type::String), Value::unknown(Type::String));
    assert_eq!(not_null(Type::String), not_null(Type::String));
    assert_eq!(format!("{:?}", p), "unknown(string, prefix \"\u{e9}-x\")");
}

/// go-cty's `prepareUnknownResult`: converting an unknown keeps not-null and
/// the length a conversion keeps.
#[test]
fn conversions_keep_what_they_can() {
    let pair = Type::tuple(vec![Type::String, Type::String]);
    // a tuple not null becomes a list of two unknown strings
    assert_eq!(
        convert(&not_null(pair.clone()), &Type::list(Type::String)).unwrap(),
        list(Type::String, vec![Value::unknown(Type::String); 2])
    );
    // one that may be null, an unknown list of length 2
    let l = convert(&Value::unknown(pair.clone()), &Type::list(Type::String)).unwrap();
    assert!(!l.is_known() && l.range().length_bounds() == (2, 2) && l.range().could_be_null());
    // to a set: at least one, at most two
    let st = convert(&Value::unknown(pair), &Type::set(Type::String)).unwrap();
    assert_eq!(st.range().length_bounds(), (1, 2));
    // an object's attribute count for a map
    let o = Type::object(vec![("a", Type::String), ("b", Type::String)]);
    let m = convert(&Value::unknown(o), &Type::map(Type::String)).unwrap();
    assert_eq!(m.range().length_bounds(), (2, 2));
    // a list's bounds for a set: at least one where there was one
    let bounded = Value::unknown(Type::list(Type::String))
        .refine()
        .collection_length_lower_bound(3)
        .collection_length_upper_bound(5)
        .new_value()
        .unwrap();
    let st = convert(&bounded, &Type::set(Type::String)).unwrap();
    assert_eq!(st.range().length_bounds(), (1, 5));
    // a number not null to a string: not null, no prefix
    let text = convert(&not_null(Type::Number), &Type::String).unwrap();
    assert!(text.range().definitely_not_null() && text.range().string_prefix().is_empty());
    // to the dynamic pseudo-type, unchanged
    assert_eq!(
        convert(&not_null(Type::Number), &Type::Dynamic).unwrap(),
        not_null(Type::Number)
    );
}

/// `Value::without_refinements` drops every refinement, at every depth.
#[test]
fn without_refinements_at_every_depth() {
    let v = obj(vec![
        ("a", tup(vec![not_null(Type::String), Value::from(1)])),
        ("b", not_null(Type::Bool)),
    ]);
    let plain = obj(vec![
        ("a", tup(vec![Value::unknown(Type::String), Value::from(1)])),
        ("b", Value::unknown(Type::Bool)),
    ]);
    assert_eq!(v.without_refinements(), plain);
    assert_ne!(v, plain);
}

/// An evaluation without refinements answers as hcl 2.16 did: nothing that
/// refinements decide is known, in a run of operators, a conditional whose
/// results fix a value, or a function's result.
#[test]
fn evaluation_without_refinements() {
    use hcl_native::eval::{evaluate, EvalContext};
    use hcl_native::{parse_expression, Arena};
    let arena = Arena::new();
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_variable("u", Value::unknown(Type::String)).unwrap();
    ctx.set_variable("b", Value::unknown(Type::Bool)).unwrap();
    let cases = [
        ("\"a-${u}\" != null", Value::from(true)),
        ("u == \"a\" == null", Value::from(false)),
        ("b ? 1 : 1", Value::from(1)),
        ("length(b ? tolist([1, 2]) : tolist([3, 4]))", Value::from(2)),
        ("length(sort([\"a\", u]))", Value::from(2)),
    ];
    for (src, refined) in &cases {
        let expr = parse_expression(&arena, src.as_bytes()).ast;
        assert_eq!(&evaluate(&expr, &ctx).value, refined, "{src}");
    }
    ctx.evaluate_without_refinements();
    for (src, _) in &cases {
        let expr = parse_expression(&arena, src.as_bytes()).ast;
        let v = evaluate(&expr, &ctx).value;
        assert!(!v.is_known() && v.refinement().is_none(), "{src}: {v:?}");
    }
}
