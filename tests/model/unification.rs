//! spec: model#type-unification

use super::support::*;
use hcl_native::convert::{conversion_safety, unify, unify_values};
use hcl_native::value::{Type, Value};

fn obj_t(attrs: &[(&str, Type)]) -> Type {
    Type::object(attrs.iter().cloned())
}

/// The result is a type all inputs convert to; it may be one of the inputs
/// or a new type.
#[test]
fn the_result_is_convertible_from_every_input() {
    let inputs = [obj_t(&[("a", Type::Number)]), obj_t(&[("b", Type::String)])];
    let u = unify(&inputs).unwrap();
    assert!(!inputs.contains(&u));
    for t in &inputs {
        assert!(conversion_safety(t, &u).is_some());
    }
    assert_eq!(unify(&[Type::String, Type::String]), Some(Type::String));
}

/// Number and bool unify with string as string.
#[test]
fn primitives_prefer_string() {
    assert_eq!(unify(&[Type::Number, Type::String]), Some(Type::String));
    assert_eq!(unify(&[Type::String, Type::Bool]), Some(Type::String));
    assert_eq!(unify(&[Type::Number, Type::Bool, Type::String]), Some(Type::String));
    // No rule joins number and bool alone.
    assert_eq!(unify(&[Type::Number, Type::Bool]), None);
}

/// Collections of one kind unify by their element types.
#[test]
fn collections_of_one_kind() {
    assert_eq!(
        unify(&[Type::list(Type::Number), Type::list(Type::String)]),
        Some(Type::list(Type::String))
    );
    assert_eq!(
        unify(&[Type::map(Type::Bool), Type::map(Type::String)]),
        Some(Type::map(Type::String))
    );
    assert_eq!(
        unify(&[Type::set(Type::Number), Type::set(Type::Number)]),
        Some(Type::set(Type::Number))
    );
    assert_eq!(unify(&[Type::list(Type::Number), Type::list(Type::Bool)]), None);
}

/// List and set prefer list; map and object prefer object; list, set and
/// tuple prefer tuple. But the model gives preference to safe conversions:
/// a list or set converts to a tuple, and a map to an object, only unsafely,
/// so where every input converts safely to the collection of all their
/// parts, that is the answer.
#[test]
fn kind_preferences() {
    assert_eq!(
        unify(&[Type::set(Type::Number), Type::list(Type::Number)]),
        Some(Type::list(Type::Number))
    );
    assert_eq!(
        unify(&[Type::map(Type::Number), obj_t(&[("a", Type::String)])]),
        Some(Type::map(Type::String))
    );
    assert_eq!(
        unify(&[Type::list(Type::Number), Type::tuple(vec![Type::String, Type::Number])]),
        Some(Type::list(Type::String))
    );
    assert_eq!(
        unify(&[Type::set(Type::Bool), Type::tuple(vec![Type::Bool])]),
        Some(Type::set(Type::Bool))
    );
    assert_eq!(
        unify(&[Type::set(Type::String), Type::tuple(vec![])]),
        Some(Type::set(Type::String))
    );
    // Transitively: set to list, and the tuple's elements into the list.
    assert_eq!(
        unify(&[
            Type::set(Type::Number),
            Type::list(Type::Number),
            Type::tuple(vec![Type::Number])
        ]),
        Some(Type::list(Type::Number))
    );
    // Where no answer is safe for every input, the collection, the more
    // general type, wins: a tuple goes into a set (merging equal elements),
    // where a set of another length could not become the tuple.
    assert_eq!(
        unify(&[Type::set(Type::Number), Type::tuple(vec![Type::Number, Type::String])]),
        Some(Type::set(Type::String))
    );
    // Structures alone keep their kind.
    assert_eq!(
        unify(&[Type::tuple(vec![Type::Number]), Type::tuple(vec![Type::String])]),
        Some(Type::tuple(vec![Type::String]))
    );
    assert_eq!(unify(&[Type::list(Type::Number), Type::map(Type::Number)]), None);
}

/// The dynamic pseudo-type gives way to the other types; it is the result
/// only when every input is dynamic.
#[test]
fn dynamic_gives_way() {
    assert_eq!(unify(&[Type::Dynamic, Type::Number, Type::Dynamic]), Some(Type::Number));
    assert_eq!(unify(&[Type::Dynamic, Type::Dynamic]), Some(Type::Dynamic));
    assert_eq!(
        unify(&[Type::list(Type::Dynamic), Type::list(Type::Bool)]),
        Some(Type::list(Type::Bool))
    );
}

/// Two object types unify to the union of their attributes, common ones
/// unified.
#[test]
fn objects_unify_to_the_union() {
    let a = obj_t(&[("name", Type::String), ("port", Type::Number)]);
    let b = obj_t(&[("port", Type::String), ("tls", Type::Bool)]);
    assert_eq!(
        unify(&[a, b]),
        Some(obj_t(&[
            ("name", Type::String),
            ("port", Type::String),
            ("tls", Type::Bool)
        ]))
    );
    let c = obj_t(&[("x", Type::Number)]);
    let d = obj_t(&[("x", Type::Bool)]);
    assert_eq!(unify(&[c, d]), None);
}

/// Two tuple types of one length unify element by element.
#[test]
fn tuples_of_one_length() {
    let a = Type::tuple(vec![Type::Number, Type::String]);
    let b = Type::tuple(vec![Type::String, Type::String]);
    assert_eq!(unify(&[a, b]), Some(Type::tuple(vec![Type::String, Type::String])));
    // Different lengths: the list of their element types.
    let c = Type::tuple(vec![Type::Number]);
    let d = Type::tuple(vec![Type::Number, Type::Number]);
    assert_eq!(unify(&[c, d]), Some(Type::list(Type::Number)));
}

/// Unification fails when an input does not convert to the selected type.
#[test]
fn fails_without_a_conversion() {
    let cap = hcl_native::value::CapsuleType::new("c", |_, _| true);
    assert_eq!(unify(&[Type::Capsule(cap), Type::String]), None);
    assert_eq!(unify(&[Type::String, Type::list(Type::String)]), None);
}

/// Values unified and converted together.
#[test]
fn unifying_values() {
    let (t, vals) = unify_values(&[obj(vec![("a", num("1"))]), obj(vec![("b", s("x"))])]).unwrap();
    assert_eq!(t, obj_t(&[("a", Type::Number), ("b", Type::String)]));
    assert_eq!(vals[0].get("b").unwrap(), &Value::null(Type::String));
    assert!(unify_values(&[num("1"), Value::from(true)]).is_err());
}
