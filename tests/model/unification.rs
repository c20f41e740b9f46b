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

/// The reference's preferences (go-cty's `Unify`): list before set, map
/// before object, list before tuple; tuples among lists and objects among
/// maps unify as the collection when they can (the model's text prefers
/// the structures; no configuration can rely on that).
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
    // A set and a tuple: the tuple is tried first, and a set never
    // converts to a tuple; the tuple converts to the set (its string
    // unsafely to number), as the reference's `true ? toset([1]) : [1, "a"]`
    // has it.
    assert_eq!(
        unify(&[Type::set(Type::Number), Type::tuple(vec![Type::Number, Type::String])]),
        Some(Type::set(Type::Number))
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

/// Object types with the same attributes unify attribute by attribute;
/// with different attributes, to the map of the type all their attributes
/// unify to (the reference's rule, where the model's text makes the union
/// of the attributes: `true ? {a = 1} : {b = 2}` is a `map(number)`).
#[test]
fn objects_unify_attribute_by_attribute_or_to_a_map() {
    let a = obj_t(&[("name", Type::String), ("port", Type::Number)]);
    let b = obj_t(&[("port", Type::String), ("tls", Type::Bool)]);
    assert_eq!(unify(&[a, b]), Some(Type::map(Type::String)));
    let same = obj_t(&[("name", Type::Number), ("port", Type::Number)]);
    let other = obj_t(&[("name", Type::String), ("port", Type::Number)]);
    assert_eq!(
        unify(&[same, other]),
        Some(obj_t(&[("name", Type::String), ("port", Type::Number)]))
    );
    let c = obj_t(&[("x", Type::Number)]);
    let d = obj_t(&[("x", Type::Bool)]);
    assert_eq!(unify(&[c, d]), None);
    let e = obj_t(&[("x", Type::Number)]);
    let f = obj_t(&[("y", Type::Bool)]);
    assert_eq!(unify(&[e, f]), None);
}

/// Objects among maps unify as maps only to a map every input converts
/// to: here the object's attributes unify to `set(string)` and the maps'
/// elements with that to `list(bool)`, which `tuple([number])` does not
/// convert to (the reference reaches it in two steps, through the set of
/// strings, and go-cty 1.12 then panics), so nothing unifies them.
#[test]
fn structures_among_collections_unify_only_to_a_type_each_converts_to() {
    let map = Type::map(Type::list(Type::Bool));
    let object = obj_t(&[("a", Type::tuple(vec![Type::Number])), ("b", Type::set(Type::String))]);
    assert_eq!(unify(&[map.clone(), object]), None);
    // where the object does convert, the map it unifies to
    let object = obj_t(&[("a", Type::list(Type::Bool)), ("b", Type::tuple(vec![Type::Bool]))]);
    assert_eq!(unify(&[map.clone(), object]), Some(map));
    // with a part of the dynamic pseudo-type, the reference's answer,
    // unchecked as there: its parts convert by their values' types
    let numbers = Type::map(Type::Number);
    let object = obj_t(&[("a", Type::Dynamic), ("b", Type::Number), ("c", Type::Bool)]);
    assert_eq!(unify(&[numbers.clone(), object]), Some(numbers));
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
    assert_eq!(t, Type::map(Type::String));
    assert_eq!(vals[0], map(Type::String, vec![("a", s("1"))]));
    assert!(unify_values(&[num("1"), Value::from(true)]).is_err());
}
