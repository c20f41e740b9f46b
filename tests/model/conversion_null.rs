//! spec: model#conversion-of-null-values

use hcl_native::convert::{convert, convert_safe};
use hcl_native::value::{Type, Value};

/// Every null value converts, safely, to the null value of any other type,
/// regardless of the other rules.
#[test]
fn null_converts_to_any_type() {
    let targets = [
        Type::String,
        Type::Bool,
        Type::list(Type::Number),
        Type::object([("a", Type::Bool)]),
        Type::tuple(vec![Type::String]),
    ];
    for t in targets {
        // Number to list has no conversion, yet the null converts.
        assert_eq!(convert(&Value::null(Type::Number), &t).unwrap(), Value::null(t.clone()));
        assert_eq!(
            convert_safe(&Value::null(Type::Number), &t).unwrap(),
            Value::null(t.clone())
        );
    }
    // Nulls inside values convert too.
    let v = Value::tuple(vec![Value::null(Type::Bool)]);
    let r = convert(&v, &Type::list(Type::Number)).unwrap();
    assert_eq!(r.elements().unwrap()[0], Value::null(Type::Number));
}
