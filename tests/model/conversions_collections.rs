//! spec: model#collection-and-structural-type-conversions

use super::support::*;
use hcl_native::convert::{conversion_safety, convert, convert_safe, PathStep, Safety};
use hcl_native::value::{Type, Value};

/// Set to list: safe when the elements are, each element becomes a list
/// element, in a consistent order.
#[test]
fn set_to_list() {
    assert_eq!(
        conversion_safety(&Type::set(Type::Number), &Type::list(Type::Number)),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion_safety(&Type::set(Type::Number), &Type::list(Type::String)),
        Some(Safety::Safe)
    );
    assert_eq!(
        conversion_safety(&Type::set(Type::String), &Type::list(Type::Number)),
        Some(Safety::Unsafe)
    );
    let st = set(Type::Number, vec![num("3"), num("1"), num("2")]);
    let l = convert_safe(&st, &Type::list(Type::Number)).unwrap();
    assert_eq!(l, list(Type::Number, vec![num("1"), num("2"), num("3")]));
}

/// List to set: unsafe; equal items merge.
#[test]
fn list_to_set() {
    assert_eq!(
        conversion_safety(&Type::list(Type::Number), &Type::set(Type::Number)),
        Some(Safety::Unsafe)
    );
    let l = list(Type::String, vec![s("b"), s("a"), s("b")]);
    assert_eq!(
        convert(&l, &Type::set(Type::String)).unwrap(),
        set(Type::String, vec![s("a"), s("b")])
    );
    // Items that become equal after converting merge too.
    let l = list(Type::String, vec![s("1"), s("01"), s("1.0")]);
    assert_eq!(convert(&l, &Type::set(Type::Number)).unwrap().length(), Some(1));
}

/// Tuple to list: when every element converts to the list's element type;
/// as safe as the element conversions; same length.
#[test]
fn tuple_to_list() {
    let t = tup(vec![num("1"), Value::from(true), s("x")]);
    let l = convert(&t, &Type::list(Type::String)).unwrap();
    assert_eq!(l, list(Type::String, vec![s("1"), s("true"), s("x")]));
    assert_eq!(
        conversion_safety(&t.ty(), &Type::list(Type::String)),
        Some(Safety::Safe)
    );
    let tn = Type::tuple(vec![Type::String, Type::Number]);
    assert_eq!(conversion_safety(&tn, &Type::list(Type::Number)), Some(Safety::Unsafe));
    assert_eq!(
        conversion_safety(&Type::tuple(vec![Type::Bool, Type::Number]), &Type::list(Type::Number)),
        None
    );
    let err = convert(&tup(vec![num("1"), s("x")]), &Type::list(Type::Number)).unwrap_err();
    assert_eq!(err.path, [PathStep::Index(1)]);
}

/// Tuple to set: as if to a list first, then to the set; a safe
/// conversion in the reference (unlike list to set), though equal elements
/// merge.
#[test]
fn tuple_to_set() {
    let t = tup(vec![s("b"), s("a"), s("b")]);
    assert_eq!(
        convert(&t, &Type::set(Type::String)).unwrap(),
        set(Type::String, vec![s("a"), s("b")])
    );
    assert_eq!(conversion_safety(&t.ty(), &Type::set(Type::String)), Some(Safety::Safe));
    assert_eq!(
        conversion_safety(&Type::list(Type::String), &Type::set(Type::String)),
        Some(Safety::Unsafe)
    );
}

/// Object to map: each attribute converted to the element type, keyed by
/// its name; as safe as the attribute conversions.
#[test]
fn object_to_map() {
    let o = obj(vec![("a", num("1")), ("b", Value::from(false))]);
    let m = convert(&o, &Type::map(Type::String)).unwrap();
    assert_eq!(m, map(Type::String, vec![("a", s("1")), ("b", s("false"))]));
    assert_eq!(conversion_safety(&o.ty(), &Type::map(Type::String)), Some(Safety::Safe));
    let err = convert(&obj(vec![("port", s("http"))]), &Type::map(Type::Number)).unwrap_err();
    assert_eq!(err.path, [PathStep::Attribute("port".into())]);
}

/// List and set to tuple: no conversion, as in the reference (the model's
/// text would allow one, unsafely; no configuration can rely on it).
#[test]
fn list_and_set_to_tuple() {
    let target = Type::tuple(vec![Type::Number, Type::String]);
    assert_eq!(conversion_safety(&Type::list(Type::String), &target), None);
    assert_eq!(conversion_safety(&Type::set(Type::Number), &target), None);
    let l = list(Type::String, vec![s("1"), s("a")]);
    assert_eq!(convert(&l, &target).unwrap_err().message, "a tuple is required");
    let st = set(Type::Number, vec![num("2"), num("1")]);
    assert!(convert(&st, &target).is_err());
}

/// Map to object: each attribute must be a key (unless optional); keys
/// that are not attributes are left out, as in the reference.
#[test]
fn map_to_object() {
    let target = Type::object([("a", Type::Number), ("b", Type::Bool)]);
    assert_eq!(
        conversion_safety(&Type::map(Type::String), &target),
        Some(Safety::Unsafe)
    );
    let m = map(Type::String, vec![("a", s("1")), ("b", s("true"))]);
    assert_eq!(
        convert(&m, &target).unwrap(),
        obj(vec![("a", num("1")), ("b", Value::from(true))])
    );
    let missing = map(Type::String, vec![("a", s("1"))]);
    assert_eq!(
        convert(&missing, &target).unwrap_err().message,
        "map has no element for required attribute \"b\""
    );
    let extra = map(Type::String, vec![("a", s("1")), ("b", s("0")), ("c", s("x"))]);
    assert_eq!(
        convert(&extra, &target).unwrap(),
        obj(vec![("a", num("1")), ("b", Value::from(false))])
    );
}

/// Object to object: common attributes convert, extra ones are dropped,
/// and an attribute the source lacks is an error unless it is optional
/// (then it becomes null), as in the reference and Terraform.
#[test]
fn object_to_object() {
    let target = Type::object([("name", Type::String), ("port", Type::Number), ("tls", Type::Bool)]);
    let o = obj(vec![("name", s("web")), ("port", s("80")), ("extra", num("1"))]);
    assert_eq!(
        convert(&o, &target).unwrap_err().message,
        "attribute \"tls\" is required"
    );
    let with_tls = obj(vec![
        ("name", s("web")),
        ("port", s("80")),
        ("tls", Value::from(true)),
        ("extra", num("1")),
    ]);
    let r = convert(&with_tls, &target).unwrap();
    assert_eq!(
        r,
        obj(vec![
            ("name", s("web")),
            ("port", num("80")),
            ("tls", Value::from(true))
        ])
    );
    assert_eq!(r.ty(), target);
    // an optional attribute the source lacks becomes null
    let optional_tls = Type::object_with_optional(
        [("name", Type::String), ("port", Type::Number), ("tls", Type::Bool)],
        ["tls"],
    );
    assert_eq!(
        convert(&o, &optional_tls).unwrap(),
        obj(vec![
            ("name", s("web")),
            ("port", num("80")),
            ("tls", Value::null(Type::Bool))
        ])
    );
    // Dropping "extra" is safe in the reference; lacking "tls" and "port"
    // leaves no conversion.
    assert_eq!(conversion_safety(&with_tls.ty(), &target), Some(Safety::Unsafe)); // "80" to number
    let small = Type::object([("name", Type::String)]);
    assert_eq!(conversion_safety(&small, &target), None);
    assert_eq!(conversion_safety(&target, &small), Some(Safety::Safe));
    let err = convert(
        &obj(vec![
            ("name", s("x")),
            ("port", s("eighty")),
            ("tls", Value::from(false)),
        ]),
        &target,
    )
    .unwrap_err();
    assert_eq!(err.path, [PathStep::Attribute("port".into())]);
}

/// Tuple to tuple: same length, element by element.
#[test]
fn tuple_to_tuple() {
    let target = Type::tuple(vec![Type::String, Type::Number]);
    assert_eq!(
        convert(&tup(vec![num("1"), s("2")]), &target).unwrap(),
        tup(vec![s("1"), num("2")])
    );
    assert!(convert(&tup(vec![num("1")]), &target).is_err());
    assert_eq!(conversion_safety(&Type::tuple(vec![Type::Number]), &target), None);
}

/// Errors say where: attribute and element steps, outermost first.
#[test]
fn errors_carry_the_path() {
    let v = obj(vec![("ports", tup(vec![num("80"), num("443"), Value::from(true)]))]);
    let want = Type::object([("ports", Type::list(Type::Number))]);
    let err = convert(&v, &want).unwrap_err();
    // no conversion from bool to number: found from the types, and said
    // as the reference says it
    assert_eq!(err.to_string(), "attribute \"ports\": element 2: a number is required");
    let v = obj(vec![("ports", tup(vec![num("80"), num("443"), s("http")]))]);
    let err = convert(&v, &want).unwrap_err();
    assert_eq!(
        err.to_string(),
        "attribute \"ports\", element 2: cannot convert \"http\" to number: a number is required"
    );
    let m = map(Type::list(Type::String), vec![("k", list(Type::String, vec![s("x")]))]);
    let err = convert(&m, &Type::map(Type::list(Type::Number))).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("element \"k\", element 0: cannot convert \"x\" to number"),
        "{err}"
    );
}

/// With a dynamic element type, the safety of collecting parts is that of
/// converting each part to the type they unify to.
#[test]
fn collecting_parts_is_as_safe_as_converting_them_to_their_unified_type() {
    // The parts unify to list(number), which both convert to safely.
    let t = Type::tuple(vec![Type::list(Type::Number), Type::tuple(vec![Type::Number])]);
    assert_eq!(conversion_safety(&t, &Type::list(Type::Dynamic)), Some(Safety::Safe));
    // A set and a tuple of two unify to the set (the reference's
    // preference), which both convert to safely.
    let t = Type::tuple(vec![
        Type::set(Type::Number),
        Type::tuple(vec![Type::Number, Type::Number]),
    ]);
    assert_eq!(conversion_safety(&t, &Type::list(Type::Dynamic)), Some(Safety::Safe));
    // A list and a string unify to nothing.
    let t = Type::tuple(vec![Type::list(Type::String), Type::String]);
    assert_eq!(conversion_safety(&t, &Type::list(Type::Dynamic)), None);
    // Strings and numbers unify to string, which the number converts to
    // safely; and numbers to string, which the string converts to unsafely.
    let o = Type::object([("x", Type::String), ("y", Type::Number)]);
    assert_eq!(conversion_safety(&o, &Type::map(Type::Dynamic)), Some(Safety::Safe));
    assert_eq!(conversion_safety(&o, &Type::map(Type::Number)), Some(Safety::Unsafe));
    let v = obj(vec![("x", s("1")), ("y", num("2"))]);
    let err = convert_safe(&v, &Type::map(Type::Number)).unwrap_err();
    assert!(err.message.contains("unsafe"), "{err}");
    let same = Type::tuple(vec![Type::Number, Type::Number]);
    assert_eq!(conversion_safety(&same, &Type::list(Type::Dynamic)), Some(Safety::Safe));
}
