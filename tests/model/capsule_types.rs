//! spec: model#capsule-types

use std::sync::Arc;

use hcl_native::convert::{conversion_safety, convert, unify};
use hcl_native::value::{CapsuleType, Type, Value};

fn bytes_type() -> CapsuleType {
    CapsuleType::new("bytes", |a, b| {
        a.downcast_ref::<Vec<u8>>() == b.downcast_ref::<Vec<u8>>()
    })
}

/// A capsule type is identical only to itself.
#[test]
fn identical_only_to_itself() {
    let a = bytes_type();
    let b = bytes_type();
    assert_eq!(Type::Capsule(a.clone()), Type::Capsule(a.clone()));
    assert_ne!(Type::Capsule(a), Type::Capsule(b));
}

/// Equality of its values is the application's.
#[test]
fn equality_is_the_applications() {
    let t = bytes_type();
    let x = Value::capsule(&t, Arc::new(vec![1u8]));
    let y = Value::capsule(&t, Arc::new(vec![1u8]));
    let z = Value::capsule(&t, Arc::new(vec![2u8]));
    assert_eq!(x.equals(&y).as_bool(), Some(true));
    assert_eq!(x.equals(&z).as_bool(), Some(false));
    // Sets of capsules are distinct by that equality.
    let s = Value::set(Type::Capsule(t.clone()), vec![x.clone(), z, y]).unwrap();
    assert_eq!(s.length(), Some(2));
    // Values of two capsule types are never equal.
    let other = bytes_type();
    let w = Value::capsule(&other, Arc::new(vec![1u8]));
    assert_eq!(x.equals(&w).as_bool(), Some(false));
}

/// No other operations: no conversion to or from other types, no
/// unification with them.
#[test]
fn no_other_operations() {
    let t = Type::Capsule(bytes_type());
    let v = Value::capsule(t.capsule().unwrap(), Arc::new(vec![0u8]));
    assert!(convert(&v, &Type::String).is_err());
    assert!(convert(&Value::from("x"), &t).is_err());
    assert_eq!(conversion_safety(&t, &Type::String), None);
    assert_eq!(unify(&[t.clone(), Type::String]), None);
    assert_eq!(unify(&[t.clone(), t.clone()]), Some(t.clone()));
    // The identity conversion and the dynamic conversions remain; a null
    // converts only where its type does (as in the reference).
    assert!(convert(&v, &t).is_ok());
    assert!(convert(&Value::null(Type::String), &t).is_err());
    assert_eq!(convert(&Value::null(Type::Dynamic), &t).unwrap(), Value::null(t));
}

trait CapsuleOf {
    fn capsule(&self) -> Option<&CapsuleType>;
}

impl CapsuleOf for Type {
    fn capsule(&self) -> Option<&CapsuleType> {
        match self {
            Type::Capsule(c) => Some(c),
            _ => None,
        }
    }
}

/// Sets are unordered: capsule values without an order make the same set
/// whatever order they come in, nested or not.
#[test]
fn sets_of_unordered_capsules_are_still_sets() {
    let ct = CapsuleType::new("int", |a, b| a.downcast_ref::<i32>() == b.downcast_ref::<i32>());
    let c = |i: i32| Value::capsule(&ct, Arc::new(i));
    let t = Type::Capsule(ct.clone());
    let s1 = Value::set(t.clone(), vec![c(1), c(2)]).unwrap();
    let s2 = Value::set(t.clone(), vec![c(2), c(1)]).unwrap();
    assert_eq!(s1.equals(&s2).as_bool(), Some(true));
    assert_eq!(s1, s2);
    let l = |i| Value::list(t.clone(), vec![c(i)]).unwrap();
    let nested = Value::set(Type::list(t.clone()), vec![l(1), l(2), l(1)]).unwrap();
    assert_eq!(nested.length(), Some(2));
    let from_list = convert(
        &Value::list(Type::list(t.clone()), vec![l(1), l(2), l(1)]).unwrap(),
        &Type::set(Type::list(t)),
    );
    assert_eq!(from_list.unwrap().length(), Some(2));
}
