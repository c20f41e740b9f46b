//! spec: model#structural-types

use super::support::*;
use hcl_native::value::{Type, Value};

/// Object types are named attributes, each with a type; tuple types a
/// sequence of element types. Each distinct combination is a distinct type.
#[test]
fn each_combination_is_a_distinct_type() {
    let a = Type::object([("a", Type::String)]);
    assert_ne!(a, Type::object([("a", Type::Number)]));
    assert_ne!(a, Type::object([("b", Type::String)]));
    assert_ne!(a, Type::object([("a", Type::String), ("b", Type::String)]));
    let t = Type::tuple(vec![Type::String, Type::Number]);
    assert_ne!(t, Type::tuple(vec![Type::Number, Type::String]));
    assert_ne!(t, Type::tuple(vec![Type::String]));
    assert!(a.is_structural() && t.is_structural());
}

/// Two structural types are identical if of the same kind with attributes
/// or elements of identical types.
#[test]
fn identity_of_structural_types() {
    let a = Type::object([("x", Type::list(Type::Bool)), ("y", Type::Number)]);
    let b = Type::object([("y", Type::Number), ("x", Type::list(Type::Bool))]);
    assert_eq!(a, b);
    assert_eq!(Type::tuple(vec![Type::String]), Type::tuple(vec![Type::String]));
    // Same shape, different kinds.
    assert_ne!(Type::empty_object(), Type::empty_tuple());
}

/// Attribute names are strings (NFC like every string).
#[test]
fn attribute_names_are_strings() {
    let t = Type::object([("e\u{301}", Type::Bool)]);
    assert_eq!(t, Type::object([("\u{e9}", Type::Bool)]));
    assert_eq!(t.object_type().unwrap().attribute("\u{e9}"), Some(&Type::Bool));
}

/// Structural values are equal iff all corresponding attributes or elements
/// are equal.
#[test]
fn structural_equality_is_part_by_part() {
    let a = obj(vec![("a", num("1")), ("b", s("x"))]);
    assert_eq!(eq(&a, &obj(vec![("b", s("x")), ("a", num("1.0"))])), Some(true));
    assert_eq!(eq(&a, &obj(vec![("a", num("1")), ("b", s("y"))])), Some(false));
    assert_eq!(
        eq(&tup(vec![num("1"), s("a")]), &tup(vec![num("1"), s("a")])),
        Some(true)
    );
    assert_eq!(
        eq(&tup(vec![num("1"), s("a")]), &tup(vec![num("2"), s("a")])),
        Some(false)
    );
    assert_eq!(eq(&Value::empty_object(), &Value::empty_object()), Some(true));
}
