//! spec: model#conversion-of-null-values

use hcl_native::convert::{convert, convert_safe};
use hcl_native::value::{Type, Value};

/// A null value converts to the null value of another type where its type
/// converts to that type (as in the reference: whether a conversion exists
/// is a question of types); the `null` keyword's value, of the dynamic
/// pseudo-type, converts to the null of any type.
#[test]
fn null_converts_where_its_type_does() {
    let targets = [
        Type::String,
        Type::Bool,
        Type::list(Type::Number),
        Type::object([("a", Type::Bool)]),
        Type::tuple(vec![Type::String]),
    ];
    for t in targets {
        assert_eq!(
            convert(&Value::null(Type::Dynamic), &t).unwrap(),
            Value::null(t.clone())
        );
    }
    // number to string converts (safely), so its null does
    assert_eq!(
        convert(&Value::null(Type::Number), &Type::String).unwrap(),
        Value::null(Type::String)
    );
    assert_eq!(
        convert_safe(&Value::null(Type::Number), &Type::String).unwrap(),
        Value::null(Type::String)
    );
    // number to bool or to a list does not, nor does its null
    assert!(convert(&Value::null(Type::Number), &Type::Bool).is_err());
    assert!(convert(&Value::null(Type::Number), &Type::list(Type::Number)).is_err());
    // Nulls inside values convert too, where their type does.
    let v = Value::tuple(vec![Value::null(Type::String)]);
    let r = convert(&v, &Type::list(Type::Number)).unwrap();
    assert_eq!(r.elements().unwrap()[0], Value::null(Type::Number));
    let v = Value::tuple(vec![Value::null(Type::Bool)]);
    assert_eq!(
        convert(&v, &Type::list(Type::Number)).unwrap_err().to_string(),
        "element 0: a number is required"
    );
}
