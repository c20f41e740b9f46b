//! spec: model#type-specifications

use hcl_native::value::Type;

/// Any type matches any type it is identical to, and the dynamic
/// pseudo-type; the relation is not commutative.
#[test]
fn matches() {
    let all = [
        Type::String,
        Type::Number,
        Type::Bool,
        Type::list(Type::String),
        Type::set(Type::Bool),
        Type::map(Type::Number),
        Type::object([("a", Type::String)]),
        Type::tuple(vec![Type::Number]),
        Type::Dynamic,
    ];
    for t in &all {
        assert!(t.matches(t), "{t} matches itself");
        assert!(t.matches(&Type::Dynamic), "{t} matches dynamic");
        if *t != Type::Dynamic {
            assert!(!Type::Dynamic.matches(t), "dynamic does not match {t}");
        }
    }
    assert!(!Type::String.matches(&Type::Number));
}

/// The model's example: list of dynamic is matched by list of string and
/// list of map, not by set of string.
#[test]
fn the_models_example() {
    let spec = Type::list(Type::Dynamic);
    assert!(Type::list(Type::String).matches(&spec));
    assert!(Type::list(Type::map(Type::Bool)).matches(&spec));
    assert!(!Type::set(Type::String).matches(&spec));
    let o = Type::object([("a", Type::Dynamic), ("b", Type::Number)]);
    assert!(Type::object([("a", Type::list(Type::Bool)), ("b", Type::Number)]).matches(&o));
    assert!(!Type::object([("a", Type::String)]).matches(&o));
}
