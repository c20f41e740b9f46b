//! spec: model#conversion-to-and-from-the-dynamic-pseudo-type

use super::support::*;
use hcl_native::convert::{conversion_safety, convert, Safety};
use hcl_native::value::{Type, Value};

/// From the dynamic pseudo-type to any type: always succeeds for the
/// dynamic value, giving an unknown of the target type; the conversion is
/// unsafe (as in the reference), since a value of the type still to be
/// known may not convert.
#[test]
fn from_dynamic_gives_an_unknown_of_the_target() {
    for t in [
        Type::String,
        Type::list(Type::Bool),
        Type::object([("a", Type::Number)]),
    ] {
        assert_eq!(convert(&Value::dynamic(), &t).unwrap(), Value::unknown(t.clone()));
        assert_eq!(conversion_safety(&Type::Dynamic, &t), Some(Safety::Unsafe));
    }
}

/// To the dynamic pseudo-type: a no-op, the value verbatim, the only case
/// where the result does not have the target type.
#[test]
fn to_dynamic_is_the_identity() {
    let vals = [
        s("x"),
        num("1"),
        tup(vec![s("a")]),
        Value::unknown(Type::Number),
        Value::null(Type::Bool),
    ];
    for v in vals {
        assert_eq!(convert(&v, &Type::Dynamic).unwrap(), v);
    }
    // Inside a type specification too.
    let l = list(Type::String, vec![s("a")]);
    assert_eq!(convert(&l, &Type::list(Type::Dynamic)).unwrap(), l);
}
