//! spec: model#unknown-values-and-the-dynamic-pseudo-type

use super::support::*;
use hcl_native::convert::{convert, unify};
use hcl_native::function::{Function, Parameter};
use hcl_native::value::{Type, Value};

/// Operations on unknown values return unknown values of the appropriate
/// type: comparing unknowns for equality gives an unknown bool, unless the
/// types alone decide (as in the reference: an unknown number is never
/// the string "x"). The unknown bool is never null (go-cty 1.13's
/// `Equals` refines it so, O-refinements).
#[test]
fn equality_with_unknowns_is_an_unknown_bool() {
    let unknown_bool = Value::unknown(Type::Bool).refine().not_null().new_value().unwrap();
    let u = Value::unknown(Type::Number);
    assert_eq!(u.equals(&u), unknown_bool);
    assert_eq!(u.equals(&num("1")), unknown_bool);
    assert_eq!(u.equals(&s("x")), Value::from(false));
    assert_eq!(u.equals(&Value::null(Type::String)), unknown_bool);
    assert_eq!(Value::dynamic().equals(&s("x")), unknown_bool);
    // A known part that differs decides, wherever the unknown part is
    // (D-unknown-equality).
    let a = tup(vec![Value::unknown(Type::Number), num("1")]);
    let b = tup(vec![Value::unknown(Type::Number), num("2")]);
    assert_eq!(eq(&a, &b), Some(false));
    let c = tup(vec![Value::unknown(Type::Number), num("1")]);
    assert_eq!(eq(&a, &c), None);
}

/// Each type has a distinct unknown value.
#[test]
fn unknowns_are_per_type() {
    assert_ne!(Value::unknown(Type::Number), Value::unknown(Type::String));
    assert_eq!(Value::unknown(Type::Number), Value::unknown(Type::Number));
    assert_eq!(Value::unknown(Type::Number).ty(), Type::Number);
    assert!(!Value::unknown(Type::Number).is_known());
}

/// The dynamic pseudo-type's only values are its null and its unknown (the
/// dynamic value); it is identical only to itself.
#[test]
fn the_dynamic_pseudo_type() {
    let d = Value::dynamic();
    assert!(d.is_dynamic_value() && !d.is_known());
    assert_eq!(d.ty(), Type::Dynamic);
    assert!(Value::null(Type::Dynamic).is_null());
    assert_eq!(Type::Dynamic, Type::Dynamic);
    assert_ne!(Type::Dynamic, Type::String);
    assert_ne!(Type::list(Type::Dynamic), Type::list(Type::String));
}

/// Operations on the dynamic value behave as if it were of the expected
/// type: converting it gives an unknown of the target type, a function
/// that does not accept it returns the dynamic value, unification skips
/// it.
#[test]
fn dynamic_values_behave_as_the_expected_type() {
    assert_eq!(
        convert(&Value::dynamic(), &Type::Number).unwrap(),
        Value::unknown(Type::Number)
    );
    assert_eq!(unify(&[Type::Dynamic, Type::Bool]), Some(Type::Bool));
    let f = Function::builder()
        .param(Parameter::new("n", Type::Number))
        .returns(Type::Number)
        .implementation(|_, _| panic!("not called with the dynamic value"));
    assert_eq!(f.call(&[Value::dynamic()]).unwrap(), Value::dynamic());
}

/// Unknown values are never returned unless an operand is unknown: known
/// inputs give known results.
#[test]
fn known_inputs_give_known_results() {
    let v = obj(vec![("a", tup(vec![num("1"), s("2")]))]);
    let r = convert(&v, &Type::map(Type::list(Type::String))).unwrap();
    assert!(r.is_wholly_known());
    assert!(v.equals(&v).is_known());
    // Unknown parts stay where they were, known parts stay known.
    let partly = tup(vec![num("1"), Value::unknown(Type::Number)]);
    let r = convert(&partly, &Type::list(Type::String)).unwrap();
    assert_eq!(r.elements().unwrap()[0], s("1"));
    assert_eq!(r.elements().unwrap()[1], Value::unknown(Type::String));
}

/// Comparing wholly known values never answers "unknown", even where a
/// dynamic null or a collection of dynamic element type is involved.
#[test]
fn known_values_compare_to_a_known_bool() {
    let dyn_null = obj(vec![("a", Value::null(Type::Dynamic))]);
    let str_null = obj(vec![("a", Value::null(Type::String))]);
    assert_eq!(eq(&dyn_null, &str_null), Some(true)); // the dynamic null takes the other's type
    assert_eq!(
        eq(
            &tup(vec![Value::null(Type::Dynamic)]),
            &tup(vec![Value::null(Type::Bool)])
        ),
        Some(true)
    );
    assert_eq!(
        eq(&list(Type::Dynamic, vec![]), &list(Type::String, vec![])),
        Some(false)
    );
    let no_entries: Vec<(&str, Value)> = vec![];
    assert_eq!(
        eq(&map(Type::Dynamic, no_entries.clone()), &map(Type::Number, no_entries)),
        Some(false)
    );
    // Unknown only where an unknown part could still decide it.
    let u = list(Type::Dynamic, vec![Value::dynamic()]);
    assert_eq!(eq(&u, &list(Type::String, vec![s("a")])), None);
}
