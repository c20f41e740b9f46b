//! spec: model#null-values

use super::support::*;
use hcl_native::value::{Type, Value};

/// Each type has a null value, which keeps its type.
#[test]
fn every_type_has_a_typed_null() {
    for t in [
        Type::String,
        Type::list(Type::Number),
        Type::empty_object(),
        Type::Dynamic,
    ] {
        let n = Value::null(t.clone());
        assert!(n.is_null() && n.is_known());
        assert_eq!(n.ty(), t);
    }
}

/// A null value of a particular type is equal to itself.
#[test]
fn a_typed_null_equals_itself() {
    let n = Value::null(Type::map(Type::Bool));
    assert_eq!(eq(&n, &n.clone()), Some(true));
    assert_eq!(eq(&n, &map(Type::Bool, vec![])), Some(false));
    // Any two nulls are equal, whatever their types, as in the reference
    // (`var.a == var.b` with both null is true).
    assert_eq!(eq(&Value::null(Type::String), &Value::null(Type::Number)), Some(true));
    assert_eq!(eq(&Value::null(Type::String), &Value::null(Type::Dynamic)), Some(true));
    assert_eq!(eq(&s(""), &Value::null(Type::Dynamic)), Some(false));
}

/// Nulls can sit inside collections and structures.
#[test]
fn nulls_inside_values() {
    let o = obj(vec![("a", Value::null(Type::String))]);
    assert!(o.get("a").unwrap().is_null());
    assert!(o.is_wholly_known());
}
