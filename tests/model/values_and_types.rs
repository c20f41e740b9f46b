//! spec: model#values-and-value-types

use super::support::*;
use hcl_native::value::{Type, Value};

/// Each value has a type.
#[test]
fn every_value_has_a_type() {
    assert_eq!(s("a").ty(), Type::String);
    assert_eq!(num("1").ty(), Type::Number);
    assert_eq!(Value::from(true).ty(), Type::Bool);
    assert_eq!(Value::null(Type::list(Type::Bool)).ty(), Type::list(Type::Bool));
    assert_eq!(Value::unknown(Type::Number).ty(), Type::Number);
    assert_eq!(
        tup(vec![s("a"), num("1")]).ty(),
        Type::tuple(vec![Type::String, Type::Number])
    );
}

/// Two values are equal if and only if they have identical types and their
/// values are equal according to the rules of their shared type.
#[test]
fn equal_means_identical_types_and_equal_values() {
    assert_eq!(eq(&num("1"), &s("1")), Some(false));
    assert_eq!(eq(&s("true"), &Value::from(true)), Some(false));
    assert_eq!(eq(&num("1"), &num("1.0")), Some(true));
    // A tuple and a list with the same elements have different types.
    let t = tup(vec![num("1")]);
    let l = list(Type::Number, vec![num("1")]);
    assert_eq!(eq(&t, &l), Some(false));
    // Empty lists of different element types are different values.
    assert_eq!(
        eq(&list(Type::Number, vec![]), &list(Type::String, vec![])),
        Some(false)
    );
    assert_eq!(eq(&list(Type::Number, vec![]), &list(Type::Number, vec![])), Some(true));
}

/// Equality is commutative and `!=` is its negation.
#[test]
fn equality_is_commutative_and_not_equals_is_its_negation() {
    let vals = [
        num("1"),
        s("1"),
        Value::null(Type::String),
        Value::null(Type::Dynamic),
        Value::unknown(Type::Number),
    ];
    for a in &vals {
        for b in &vals {
            assert_eq!(a.equals(b), b.equals(a), "{a:?} == {b:?}");
            let ne = a.not_equals(b);
            match a.equals(b).as_bool() {
                Some(x) => assert_eq!(ne.as_bool(), Some(!x)),
                None => assert!(!ne.is_known()),
            }
        }
    }
}
