//! Values and types nested far deeper than any stack: every operation
//! recurses on fresh stack segments when the stack runs low, so none
//! overflows it, on a thread with a small stack too. (Shortcut checks look
//! 64 levels deep; past that, converting and checking conversions cost the
//! square of the depth, a fraction of a second at this depth in a debug
//! build.)

use hcl_native::convert::{conversion_safety, convert, unify};
#[cfg(feature = "json")]
use hcl_native::json::{value_from_json, value_to_json};
use hcl_native::value::{Type, Value};

use crate::common::on_small_stack;

const DEPTH: usize = 4_000;

fn deep_tuple(leaf: Value) -> Value {
    let mut v = leaf;
    for _ in 0..DEPTH {
        v = Value::tuple(vec![v]);
    }
    v
}

#[test]
fn deep_values() {
    on_small_stack(|| {
        let a = deep_tuple(Value::from(1));
        let b = deep_tuple(Value::from(1));
        assert_eq!(a.equals(&b).as_bool(), Some(true));
        assert_eq!(a, b);
        assert_eq!(a.total_cmp(&b), std::cmp::Ordering::Equal);
        assert!(a.is_wholly_known());
        #[cfg(feature = "json")]
        {
            let json = value_to_json(&a).unwrap();
            // serde_json's own recursion (drop, comparison) is not ours
            // to test: take the JSON apart level by level.
            let back = value_from_json(&json, &a.ty()).unwrap();
            assert_eq!(back, a);
            let mut j = json;
            while let serde_json::Value::Array(mut items) = j {
                j = items.pop().unwrap_or(serde_json::Value::Null);
            }
        }
        let as_list = convert(&a, &nested(Type::Dynamic, DEPTH, Type::list)).unwrap();
        assert!(as_list.ty().matches(&nested(Type::Dynamic, DEPTH, Type::list)));
        assert!(!format!("{a:?}").is_empty());
        drop((a, b, as_list));
    });
}

#[cfg(feature = "serde")]
#[test]
fn deep_values_and_types_serialize_straight_to_text() {
    // no `serde_json::Value` tree in between: serde_json's frames run on
    // the segments `Serialize` grows, so only the text is built
    on_small_stack(|| {
        let a = deep_tuple(Value::unknown(Type::String));
        let text = serde_json::to_string(&a).unwrap();
        let leaf = r#"{"__unknown__":"string"}"#;
        assert_eq!(text, format!("{}{leaf}{}", "[".repeat(DEPTH), "]".repeat(DEPTH)));
        let ty = serde_json::to_string(&a.ty()).unwrap();
        let nested_ty = format!("{}\"string\"{}", r#"["tuple",["#.repeat(DEPTH), "]]".repeat(DEPTH));
        assert_eq!(ty, nested_ty);
        let unknown = serde_json::to_string(&Value::unknown(a.ty())).unwrap();
        assert_eq!(unknown, format!(r#"{{"__unknown__":{nested_ty}}}"#));
        assert!(serde_json::to_string_pretty(&a).unwrap().len() > DEPTH * DEPTH);
    });
}

fn nested(leaf: Type, depth: usize, wrap: fn(Type) -> Type) -> Type {
    let mut t = leaf;
    for _ in 0..depth {
        t = wrap(t);
    }
    t
}

#[test]
fn deep_types() {
    on_small_stack(|| {
        let t = nested(Type::String, DEPTH, |t| Type::tuple(vec![t]));
        let l = nested(Type::Number, DEPTH, Type::list);
        // a list converts to a tuple only unsafely: the lists of strings
        // are the safe answer
        assert_eq!(
            unify(&[t.clone(), l.clone()]),
            Some(nested(Type::String, DEPTH, Type::list))
        );
        let t2 = nested(Type::Number, DEPTH, |t| Type::tuple(vec![t]));
        assert_eq!(
            unify(&[t.clone(), t2]),
            Some(nested(Type::String, DEPTH, |t| Type::tuple(vec![t])))
        );
        assert!(conversion_safety(&t, &nested(Type::Dynamic, DEPTH, Type::list)).is_some());
        assert!(l.matches(&nested(Type::Dynamic, DEPTH, Type::list)));
        assert_ne!(t, l);
        assert!(t.to_string().len() > DEPTH);
        assert!(!l.has_dynamic());
        drop((t, l));
    });
}

/// A type `levels` deep built from `leaf`, each level a tuple holding the
/// level below `width` times (one shared part), built anew on every call.
fn shared_type(leaf: Type, width: usize, levels: usize) -> Type {
    (0..levels).fold(leaf, |t, _| Type::tuple(vec![t; width]))
}

/// Types share their parts as values do: equal types built apart are
/// compared, matched and searched for `dynamic` one shared part at a time
/// (finding 10). Six levels of fifty have 50^6 (15 billion) leaves, which a
/// walk over every occurrence would not finish.
#[test]
fn types_sharing_parts_are_compared_each_part_once() {
    let (a, b) = (shared_type(Type::Number, 50, 6), shared_type(Type::Number, 50, 6));
    assert_eq!(a, b);
    assert!(a.matches(&b));
    assert!(!a.has_dynamic());
    let with_dynamic = shared_type(Type::Dynamic, 50, 6);
    assert!(with_dynamic.has_dynamic());
    assert!(a.matches(&with_dynamic));
    assert!(!with_dynamic.matches(&a));
    let other_leaf = shared_type(Type::String, 50, 6);
    assert_ne!(a, other_leaf);
    assert!(!a.matches(&other_leaf));
    // the deepest tuples end in a string: unequal to all-numbers, equal
    // to the same built apart
    let last_string = || {
        let deepest = Type::tuple(vec![Type::Number; 49].into_iter().chain([Type::String]).collect());
        shared_type(deepest, 50, 6)
    };
    assert_ne!(last_string(), shared_type(Type::Number, 50, 7));
    assert_eq!(last_string(), last_string());
    assert!(!shared_type(Type::Number, 50, 7).matches(&last_string()));
}
