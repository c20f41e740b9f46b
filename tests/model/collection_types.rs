//! spec: model#collection-types

use super::support::*;
use hcl_native::value::{Type, Value};

/// Lists, maps and sets of each element type are distinct types.
#[test]
fn kinds_and_element_types_make_distinct_types() {
    assert_ne!(Type::list(Type::String), Type::set(Type::String));
    assert_ne!(Type::list(Type::String), Type::map(Type::String));
    assert_ne!(Type::list(Type::Number), Type::list(Type::String));
    assert_eq!(Type::map(Type::list(Type::Bool)), Type::map(Type::list(Type::Bool)));
    assert!(Type::set(Type::Number).is_collection());
}

/// Every element has the collection's element type.
#[test]
fn elements_share_the_element_type() {
    assert!(Value::list(Type::Number, vec![num("1"), s("2")]).is_err());
    assert!(Value::list(
        Type::Number,
        vec![num("1"), Value::null(Type::Number), Value::unknown(Type::Number)]
    )
    .is_ok());
    assert!(Value::map(Type::String, vec![("a", num("1"))]).is_err());
    let err = Value::set(Type::Bool, vec![Value::from(true), Value::null(Type::String)]).unwrap_err();
    assert_eq!(err.index, 1);
}

/// Lists are ordered sequences.
#[test]
fn lists_keep_their_order() {
    let l = list(Type::String, vec![s("b"), s("a"), s("b")]);
    let items: Vec<&str> = l.elements().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(items, ["b", "a", "b"]);
}

/// Maps are accessed by string keys.
#[test]
fn maps_are_keyed_by_strings() {
    let m = map(Type::Number, vec![("z", num("1")), ("a", num("2"))]);
    assert_eq!(m.get("a"), Some(&num("2")));
    assert_eq!(m.get("missing"), None);
    // Keys iterate in lexicographic order.
    let keys: Vec<&str> = m.entries().unwrap().iter().map(|(k, _)| &**k).collect();
    assert_eq!(keys, ["a", "z"]);
}

/// Sets hold distinct values, in one consistent order.
#[test]
fn sets_hold_distinct_values_in_a_consistent_order() {
    let a = set(Type::Number, vec![num("3"), num("1"), num("2"), num("1.0")]);
    let b = set(Type::Number, vec![num("2"), num("1"), num("3")]);
    assert_eq!(a.length(), Some(3));
    assert_eq!(a, b);
    assert_eq!(a.elements().unwrap(), b.elements().unwrap());
    let strings = set(Type::String, vec![s("b"), s("B"), s("a"), s("\u{e9}"), s("10"), s("9")]);
    let order: Vec<&str> = strings
        .elements()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(order, ["10", "9", "B", "a", "b", "\u{e9}"]);
    // Unknown members may turn out equal to anything: never merged.
    let u = set(
        Type::Number,
        vec![Value::unknown(Type::Number), Value::unknown(Type::Number), num("1")],
    );
    assert_eq!(u.length(), Some(3));
    // Nulls are members too, after the known values.
    let n = set(
        Type::String,
        vec![Value::null(Type::String), s("a"), Value::null(Type::String)],
    );
    assert_eq!(n.elements().unwrap(), &[s("a"), Value::null(Type::String)]);
}

/// Collection values are equal iff they have the same number of elements
/// and corresponding elements are equal.
#[test]
fn collection_equality() {
    let a = list(Type::Number, vec![num("1"), num("2")]);
    assert_eq!(eq(&a, &list(Type::Number, vec![num("1"), num("2")])), Some(true));
    assert_eq!(eq(&a, &list(Type::Number, vec![num("2"), num("1")])), Some(false));
    assert_eq!(eq(&a, &list(Type::Number, vec![num("1")])), Some(false));
    let m1 = map(Type::Number, vec![("a", num("1"))]);
    assert_eq!(eq(&m1, &map(Type::Number, vec![("b", num("1"))])), Some(false));
    assert_eq!(
        eq(
            &set(Type::Number, vec![num("1"), num("2")]),
            &set(Type::Number, vec![num("2"), num("1")])
        ),
        Some(true)
    );
}
