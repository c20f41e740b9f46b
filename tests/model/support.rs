//! Small constructors shared by the model tests.

use hcl_native::value::{Type, Value};
use hcl_native::Number;

pub fn num(s: &str) -> Value {
    Value::number(Number::from_literal(s).unwrap())
}

pub fn s(x: &str) -> Value {
    Value::from(x)
}

pub fn list(t: Type, items: Vec<Value>) -> Value {
    Value::list(t, items).unwrap()
}

pub fn set(t: Type, items: Vec<Value>) -> Value {
    Value::set(t, items).unwrap()
}

pub fn map(t: Type, items: Vec<(&str, Value)>) -> Value {
    Value::map(t, items).unwrap()
}

pub fn obj(items: Vec<(&str, Value)>) -> Value {
    Value::object(items)
}

pub fn tup(items: Vec<Value>) -> Value {
    Value::tuple(items)
}

/// `Some(b)` for a known bool result, `None` for an unknown bool.
pub fn eq(a: &Value, b: &Value) -> Option<bool> {
    let r = a.equals(b);
    assert_eq!(r.ty(), Type::Bool);
    r.as_bool()
}
