//! Property tests for the laws of the information model:
//!
//! - a conversion's result has the target type (only its dynamic parts may
//!   differ, and then the result matches the target as a specification);
//! - a unified type is one every input converts to;
//! - equality is commutative, `(a == b) == !(a != b)`, and reflexive for
//!   known values;
//! - safe (exhaustive) and unsafe (partial) conversion agree wherever the
//!   safe one is defined, and a safe conversion never fails and never
//!   merges distinct values;
//! - known inputs never give unknown results;
//! - a set is the same value whatever order its elements come in;
//! - exact arithmetic: the field laws hold and the canonical string reads
//!   back to the same number;
//! - `jsonencode`'s iterative walk writes what a plain recursive encoding
//!   writes, for values of every shape;
//! - equal types hash alike, however they were built;
//! - a value's expanded size is what counting every part at every place
//!   it occurs gives.

use hcl_native::convert::{conversion_safety, convert, convert_safe, unify, Safety};
use hcl_native::value::{Type, Value, ValueRef};
use hcl_native::Number;
use proptest::prelude::*;
use proptest::sample::select;

fn arb_type() -> impl Strategy<Value = Type> {
    let leaf = prop_oneof![
        Just(Type::String),
        Just(Type::Number),
        Just(Type::Bool),
        Just(Type::Dynamic)
    ];
    leaf.prop_recursive(3, 24, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            proptest::collection::vec(inner.clone(), 0..3).prop_map(Type::tuple),
            proptest::collection::vec((select(vec!["a", "b", "c"]), inner), 0..3).prop_map(Type::object),
        ]
    })
}

const STRINGS: &[&str] = &[
    "", "a", "b", "1", "0", "-1.5", "true", "false", "e\u{301}", "\u{e9}", "x y", "12",
];
const NUMBERS: &[&str] = &["0", "1", "2", "12", "1.5", "0.1", "1e20", "3.25", "1e-30"];

fn arb_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        8 => (select(NUMBERS), any::<bool>()).prop_map(|(s, neg)| {
            let n = Number::from_literal(s).unwrap();
            if neg { n.neg() } else { n }
        }),
        1 => Just(Number::POSITIVE_INFINITY),
        1 => (1i64..50, 1i64..50).prop_map(|(a, b)| Number::from(a).div(&Number::from(b)).unwrap()),
    ]
}

/// A value of type `ty`, sometimes null or unknown, at any depth.
fn arb_value(ty: Type) -> BoxedStrategy<Value> {
    let special = prop_oneof![Just(Value::null(ty.clone())), Just(Value::unknown(ty.clone()))];
    let known: BoxedStrategy<Value> = match &ty {
        Type::String => select(STRINGS).prop_map(Value::from).boxed(),
        Type::Number => arb_number().prop_map(Value::number).boxed(),
        Type::Bool => any::<bool>().prop_map(Value::from).boxed(),
        Type::Dynamic => return special.boxed(),
        Type::List(e) => {
            let e = (**e).clone();
            proptest::collection::vec(arb_value(e.clone()), 0..4)
                .prop_map(move |items| Value::list(e.clone(), items).unwrap())
                .boxed()
        }
        Type::Set(e) => {
            let e = (**e).clone();
            proptest::collection::vec(arb_value(e.clone()), 0..4)
                .prop_map(move |items| Value::set(e.clone(), items).unwrap())
                .boxed()
        }
        Type::Map(e) => {
            let e = (**e).clone();
            proptest::collection::vec((select(vec!["a", "b", "c"]), arb_value(e.clone())), 0..3)
                .prop_map(move |entries| Value::map(e.clone(), entries).unwrap())
                .boxed()
        }
        Type::Object(o) => {
            let names: Vec<String> = o.attributes().iter().map(|(n, _)| n.to_string()).collect();
            let parts: Vec<BoxedStrategy<Value>> = o.attributes().iter().map(|(_, t)| arb_value(t.clone())).collect();
            parts
                .prop_map(move |vals| Value::object(names.iter().map(String::as_str).zip(vals)))
                .boxed()
        }
        Type::Tuple(ts) => {
            let parts: Vec<BoxedStrategy<Value>> = ts.iter().map(|t| arb_value(t.clone())).collect();
            parts.prop_map(Value::tuple).boxed()
        }
        Type::Capsule(_) => unreachable!("no capsule types are generated"),
    };
    prop_oneof![1 => special, 8 => known].boxed()
}

fn arb_any_value() -> impl Strategy<Value = Value> {
    arb_type().prop_flat_map(arb_value)
}

/// Two values of one type (so that equal pairs come up often).
fn arb_pair() -> impl Strategy<Value = (Value, Value)> {
    arb_type().prop_flat_map(|t| (arb_value(t.clone()), arb_value(t)))
}

/// The JSON text of a wholly known value, written by plain recursion (the
/// strings and keys generated here need no escapes); `None` for a value
/// holding an infinity, which JSON cannot hold.
fn json_by_recursion(v: &Value) -> Option<String> {
    let items = |items: &[Value]| -> Option<String> {
        let parts: Option<Vec<String>> = items.iter().map(json_by_recursion).collect();
        Some(format!("[{}]", parts?.join(",")))
    };
    let entries = |entries: &[(std::sync::Arc<str>, Value)]| -> Option<String> {
        let parts: Option<Vec<String>> = entries
            .iter()
            .map(|(k, v)| Some(format!("\"{k}\":{}", json_by_recursion(v)?)))
            .collect();
        Some(format!("{{{}}}", parts?.join(",")))
    };
    match v.kind() {
        ValueRef::Null(_) => Some("null".into()),
        ValueRef::Bool(b) => Some(b.to_string()),
        ValueRef::Number(n) if n.is_infinite() => None,
        ValueRef::Number(n) => Some(n.to_string()),
        ValueRef::String(s) => Some(format!("\"{s}\"")),
        ValueRef::List(xs) | ValueRef::Set(xs) | ValueRef::Tuple(xs) => items(xs),
        ValueRef::Map(es) | ValueRef::Object(es) => entries(es),
        ValueRef::Unknown(_) | ValueRef::Capsule(_) => unreachable!("only wholly known values are encoded"),
    }
}

/// `t` built again from its parts: equal to it, sharing nothing with it.
fn rebuilt(t: &Type) -> Type {
    match t {
        Type::List(e) => Type::list(rebuilt(e)),
        Type::Set(e) => Type::set(rebuilt(e)),
        Type::Map(e) => Type::map(rebuilt(e)),
        Type::Tuple(ts) => Type::tuple(ts.iter().map(rebuilt).collect()),
        Type::Object(o) => Type::object(o.attributes().iter().map(|(n, t)| (n.to_string(), rebuilt(t)))),
        other => other.clone(),
    }
}

fn hash_of(t: &Type) -> u64 {
    use std::hash::{BuildHasher, RandomState};
    thread_local!(static STATE: RandomState = RandomState::new());
    STATE.with(|s| s.hash_one(t))
}

/// A type holding its innermost part 2^60 times hashes as quickly as a
/// small one, and alike when built again.
#[test]
fn hashing_a_type_that_shares_its_parts_looks_at_a_few_of_them() {
    let doubled = |leaf: Type| (0..60).fold(leaf, |t, _| Type::list(Type::tuple(vec![t.clone(), t])));
    let (a, b, c) = (doubled(Type::Number), doubled(Type::Number), doubled(Type::String));
    assert_eq!(hash_of(&a), hash_of(&b));
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// Every part of `v` counted at each place, by plain recursion, as
/// `Value::expanded_size` documents it (one per 16 bytes of string, and
/// an unknown part's type).
fn size_by_recursion(v: &Value) -> u64 {
    let bytes = |s: &str| s.len().div_ceil(16) as u64;
    fn type_size(t: &Type) -> u64 {
        match t {
            Type::List(e) | Type::Set(e) | Type::Map(e) => 1 + type_size(e),
            Type::Tuple(ts) => 1 + ts.iter().map(type_size).sum::<u64>(),
            Type::Object(o) => {
                1 + o
                    .attributes()
                    .iter()
                    .map(|(n, t)| n.len().div_ceil(16) as u64 + type_size(t))
                    .sum::<u64>()
            }
            _ => 1,
        }
    }
    match v.kind() {
        ValueRef::List(xs) | ValueRef::Set(xs) | ValueRef::Tuple(xs) => {
            1 + xs.iter().map(size_by_recursion).sum::<u64>()
        }
        ValueRef::Map(es) | ValueRef::Object(es) => {
            1 + es.iter().map(|(k, v)| bytes(k) + size_by_recursion(v)).sum::<u64>()
        }
        ValueRef::String(s) => 1 + bytes(s),
        ValueRef::Unknown(t) => 1 + type_size(t),
        // a number alone, as the library counts it (its digits and the
        // work of finding them: `numbers_count_their_digits_and_work`)
        ValueRef::Number(_) => v.expanded_size(),
        _ => 1,
    }
}

/// Messages that name types too big to write out show the start of each:
/// two tuples holding their innermost part 2^60 times, of numbers and of
/// bools, have no common type, and the error says so in a few hundred
/// characters.
#[test]
fn messages_cut_types_too_big_to_write_out() {
    let doubled = |leaf: Value| (0..60).fold(leaf, |v, _| Value::tuple(vec![Value::tuple(vec![v.clone(), v])]));
    let err = hcl_native::convert::unify_values(&[doubled(Value::from(1)), doubled(Value::from(true))]).unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("the types tuple([tuple([tuple(["), "{text}");
    assert!(text.contains("…, tuple([tuple(["), "{text}");
    assert!(text.len() < 600, "{} characters: {text}", text.len());
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 2000,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// spec: model#functions-and-function-calls
    #[test]
    fn jsonencode_writes_what_recursion_writes(v in arb_any_value()) {
        prop_assume!(v.is_wholly_known());
        let got = hcl_native::stdlib::lookup("jsonencode").unwrap().call(std::slice::from_ref(&v));
        match json_by_recursion(&v) {
            Some(want) => prop_assert_eq!(got.ok().and_then(|s| s.as_str().map(str::to_owned)), Some(want)),
            None => prop_assert!(got.is_err(), "{:?} holds an infinity but was encoded", v),
        }
    }

    /// A number counts at least one part per 16 bytes of what it prints.
    #[test]
    fn numbers_count_at_least_their_digits(
        digits in "[1-9][0-9]{0,40}",
        decimals in "[0-9]{0,12}",
        exponent in -400i32..400,
        neg in any::<bool>(),
        divisor in 1i64..60,
    ) {
        let n = Number::from_literal(&format!("{digits}.{decimals}5e{exponent}")).unwrap();
        for n in [n.clone(), n.div(&Number::from(divisor)).unwrap(), Number::from(exponent).div(&Number::from(divisor)).unwrap()] {
            let n = if neg { n.neg() } else { n };
            let text = n.to_string();
            let size = Value::number(n).expanded_size();
            prop_assert!(size >= text.len().div_ceil(16) as u64, "{text}: {size} parts");
        }
    }

    /// spec: model#values-and-value-types
    #[test]
    fn expanded_size_counts_every_occurrence(v in arb_any_value()) {
        // shared parts, as a `for` makes them: the value twice, and in two places
        let shared = Value::tuple(vec![v.clone(), Value::tuple(vec![v.clone(), v.clone()])]);
        prop_assert_eq!(v.expanded_size(), size_by_recursion(&v));
        prop_assert_eq!(shared.expanded_size(), size_by_recursion(&shared));
    }

    /// spec: model#values-and-value-types
    #[test]
    fn equal_types_hash_alike(t in arb_type()) {
        let again = rebuilt(&t);
        prop_assert_eq!(&again, &t);
        prop_assert_eq!(hash_of(&again), hash_of(&t));
    }

    /// spec: model#conversion-to-and-from-the-dynamic-pseudo-type
    #[test]
    fn conversion_results_have_the_target_type(v in arb_any_value(), to in arb_type()) {
        if let Ok(r) = convert(&v, &to) {
            if to.has_dynamic() {
                prop_assert!(r.ty().matches(&to), "{:?} as {} gave type {}", v, to, r.ty());
            } else {
                prop_assert_eq!(r.ty(), to);
            }
        }
    }

    /// spec: model#type-unification
    ///
    /// Except where the dynamic pseudo-type meets collections and
    /// structures of another kind: there the reference's unification (which
    /// hcl-native's follows) unifies objects among maps, and tuples among
    /// lists, through a collection of the dynamic pseudo-type, and may give
    /// a type an input does not convert to (`object({a = list(string), b =
    /// dynamic})` with `map(string)` unify to `map(string)`).
    #[test]
    fn unified_types_are_reachable_from_every_input(types in proptest::collection::vec(arb_type(), 1..4)) {
        if types.iter().any(|t| t.has_dynamic()) {
            return Ok(());
        }
        if let Some(u) = unify(&types) {
            for t in &types {
                prop_assert!(conversion_safety(t, &u).is_some(), "{} does not convert to the unified {}", t, u);
            }
        }
    }

    /// Values of the unified type's inputs convert to it whenever their
    /// conversion is safe.
    ///
    /// Except, as above, where the dynamic pseudo-type is involved: the
    /// reference's collections then need their elements' types to agree
    /// exactly, which nulls of different types with dynamic parts may not.
    #[test]
    fn unified_values_convert((a, b) in (arb_any_value(), arb_any_value())) {
        if a.ty().has_dynamic() || b.ty().has_dynamic() {
            return Ok(());
        }
        if let Some(u) = unify(&[a.ty(), b.ty()]) {
            for v in [&a, &b] {
                if conversion_safety(&v.ty(), &u) == Some(Safety::Safe) {
                    prop_assert!(convert(v, &u).is_ok(), "{:?} to {}", v, u);
                }
            }
        }
    }

    /// spec: model#values-and-value-types
    #[test]
    fn equality_is_commutative_and_negatable((a, b) in arb_pair()) {
        let ab = a.equals(&b);
        prop_assert_eq!(&ab, &b.equals(&a));
        let ne = a.not_equals(&b);
        match ab.as_bool() {
            Some(x) => prop_assert_eq!(ne.as_bool(), Some(!x)),
            None => prop_assert!(!ne.is_known()),
        }
        if a.is_wholly_known() && b.is_wholly_known() {
            prop_assert!(ab.is_known());
        }
    }

    #[test]
    fn known_values_equal_themselves(v in arb_any_value()) {
        if v.is_wholly_known() {
            prop_assert_eq!(v.equals(&v).as_bool(), Some(true));
        }
    }

    /// spec: model#type-conversions-and-unification
    #[test]
    fn safe_and_unsafe_conversion_agree(v in arb_any_value(), to in arb_type()) {
        if let Ok(r) = convert_safe(&v, &to) {
            prop_assert_eq!(convert(&v, &to), Ok(r));
        }
        // (Parts converted to a type with dynamic parts keep types of their
        // own, which may not agree within one collection (an empty list of
        // strings and a list of bools, both to list(dynamic)); the
        // reference's collections need their elements' types to agree
        // exactly, so such a conversion may fail though its types convert,
        // as there. Likewise nulls and unknowns of types with dynamic parts.)
        let exempt = to.has_dynamic() || v.ty().has_dynamic() && holds_null_or_unknown(&v);
        if conversion_safety(&v.ty(), &to) == Some(Safety::Safe) && !exempt {
            prop_assert!(convert_safe(&v, &to).is_ok(), "safe conversion of {:?} to {} failed", v, to);
        }
    }

    /// Type-level and value-level answers agree: a conversion exists for
    /// the type exactly when the type's unknown value converts.
    #[test]
    fn type_and_value_level_agree(from in arb_type(), to in arb_type()) {
        let exists = conversion_safety(&from, &to).is_some();
        prop_assert_eq!(exists, convert(&Value::unknown(from.clone()), &to).is_ok(), "{} to {}", from, to);
    }

    /// A safe conversion keeps distinct values distinct, but for sets and
    /// objects: the reference's "safe" is "cannot fail", and it counts a
    /// tuple's conversion to a set safe though equal elements merge (and
    /// sets holding unknown values compare unknown), and an object's
    /// conversion to one of fewer attributes safe though values differing
    /// only in those merge (go-cty's `GetConversion` gives both).
    #[test]
    fn safe_conversions_do_not_merge((a, b) in arb_pair(), to in arb_type()) {
        // (and for null and unknown parts, which convert by their types;
        // a set holding an unknown value converts to an unknown list)
        if holds_a_set_or_object(&to) || holds_null_or_unknown(&a) || holds_null_or_unknown(&b) {
            return Ok(());
        }
        if conversion_safety(&a.ty(), &to) == Some(Safety::Safe) && a.equals(&b).as_bool() == Some(false) {
            // (A target with dynamic parts may still fail, as the
            // reference's does: its conversion of a tuple to a list unifies
            // the elements' converted types once more, and parts that took
            // types which do not unify fail with "cannot find a common base
            // type for all elements" (go-cty's conversionUnifyListElements;
            // `[set([]), list([])]` of `tuple([set(bool), list(number)])` to
            // `list(list(dynamic))`), as `safe_and_unsafe_conversion_agree` allows.)
            let (ra, rb) = match (convert(&a, &to), convert(&b, &to)) {
                (Ok(ra), Ok(rb)) => (ra, rb),
                (Err(e), _) | (_, Err(e)) => {
                    prop_assert!(
                        to.has_dynamic() && e.to_string().contains("cannot find a common base type for all elements"),
                        "safe conversion to {} failed: {}", to, e
                    );
                    return Ok(());
                }
            };
            prop_assert_eq!(ra.equals(&rb).as_bool(), Some(false), "{:?} and {:?} merge in {}", a, b, to);
        }
    }

    /// spec: model#unknown-values-and-the-dynamic-pseudo-type
    #[test]
    fn known_in_known_out(v in arb_any_value(), to in arb_type()) {
        if v.is_wholly_known()
            && let Ok(r) = convert(&v, &to)
        {
            prop_assert!(r.is_wholly_known(), "{:?} to {} gave {:?}", v, to, r);
        }
    }

    /// spec: model#collection-types
    #[test]
    fn sets_do_not_depend_on_element_order(
        items in proptest::collection::vec(arb_value(Type::list(Type::Number)), 0..6),
        seed in any::<u64>(),
    ) {
        let mut shuffled = items.clone();
        // A deterministic permutation from the seed.
        let n = shuffled.len();
        for i in (1..n).rev() {
            let j = (seed.wrapping_mul(6364136223846793005).wrapping_add(i as u64) >> 33) as usize % (i + 1);
            shuffled.swap(i, j);
        }
        let t = Type::list(Type::Number);
        let a = Value::set(t.clone(), items).unwrap();
        let b = Value::set(t, shuffled).unwrap();
        // Unknown members keep their given order among themselves, so
        // compare the known ones.
        let known = |s: &Value| s.elements().unwrap().iter().filter(|v| v.is_wholly_known()).cloned().collect::<Vec<_>>();
        prop_assert_eq!(known(&a), known(&b));
        prop_assert_eq!(a.length(), b.length());
    }
}

fn arb_exact() -> impl Strategy<Value = Number> {
    (-10_000i64..10_000, 0u32..12, any::<bool>()).prop_map(|(m, scale, third)| {
        let n = Number::from(m).div(&Number::from(10i64.pow(scale))).unwrap();
        if third {
            n.div(&Number::from(3)).unwrap()
        } else {
            n
        }
    })
}

proptest! {
    #![proptest_config(config())]

    /// spec: model#primitive-types
    #[test]
    fn exact_arithmetic_laws(a in arb_exact(), b in arb_exact(), c in arb_exact()) {
        prop_assert_eq!(a.add(&b).unwrap(), b.add(&a).unwrap());
        prop_assert_eq!(a.mul(&b).unwrap(), b.mul(&a).unwrap());
        prop_assert_eq!(a.add(&b).unwrap().add(&c).unwrap(), a.add(&b.add(&c).unwrap()).unwrap());
        prop_assert_eq!(a.mul(&b.add(&c).unwrap()).unwrap(), a.mul(&b).unwrap().add(&a.mul(&c).unwrap()).unwrap());
        prop_assert_eq!(a.add(&b).unwrap().sub(&b).unwrap(), a.clone());
        if !b.is_zero() {
            prop_assert_eq!(a.div(&b).unwrap().mul(&b).unwrap(), a.clone());
            // The remainder has the dividend's sign and is smaller than the divisor.
            let r = a.rem(&b).unwrap();
            prop_assert!(r.abs() < b.abs());
            prop_assert!(r.is_zero() || r.signum() == a.signum());
        }
        prop_assert_eq!(a < b, a.sub(&b).unwrap().signum() < 0);
    }

    /// spec: model#primitive-type-conversions
    #[test]
    fn canonical_strings_read_back(a in arb_exact()) {
        let text = a.to_string();
        let back: Number = text.parse().unwrap();
        prop_assert_eq!(back.to_string(), text.clone());
        // Terminating decimals are printed exactly.
        let mut den = a.to_rational().unwrap().denom().clone();
        for p in [2u32, 5] {
            while (&den % p) == 0u32.into() {
                den /= p;
            }
        }
        if den == 1u32.into() {
            prop_assert_eq!(back, a);
        }
    }
}

/// What a number counts towards `Value::expanded_size`: a part per 16 bytes
/// of its text; about a hundred more for a fraction like 1/3, whose
/// shortest digits take that many steps' work to find; and for a big number
/// the work arithmetic on it counts.
#[test]
fn numbers_count_their_digits_and_the_work_of_finding_them() {
    let size = |n: Number| Value::number(n).expanded_size();
    let literal = |s: &str| Number::from_literal(s).unwrap();
    assert_eq!(size(Number::from(12345)), 1);
    assert_eq!(size(Number::from(i64::MIN)), 2); // 20 bytes
    assert_eq!(size(literal("1.5")), 1);
    assert_eq!(size(literal("0.125").neg()), 1);
    let third = Number::from(1).div(&Number::from(3)).unwrap();
    assert!((100..120).contains(&size(third.clone())), "{}", size(third));
    // a big integer: 19 parts of digits (302 bytes with a sign), and the
    // work arithmetic on it counts: 998 bits, 15 words, 15 + 15²/32
    assert_eq!(size(literal("1e300")), 19 + 15 + 7);
    assert_eq!(size(literal("1e300").neg()), 19 + 22);
    // 9,801 digits, and the work on its 508 words
    assert_eq!(size(literal("1e9800")), 613 + 508 + 508 * 508 / 32);
}

/// Whether an infinite number is anywhere in `v`.
fn holds_infinity(v: &Value) -> bool {
    match v.kind() {
        ValueRef::Number(n) => n.is_infinite(),
        ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => items.iter().any(holds_infinity),
        ValueRef::Map(entries) | ValueRef::Object(entries) => entries.iter().any(|(_, v)| holds_infinity(v)),
        _ => false,
    }
}

/// `v`'s HCL text (`write::expression`), parsed and evaluated, converted to
/// `v`'s type.
fn read_back(text: &str, ty: &Type) -> Value {
    let arena = hcl_native::Arena::new();
    let parsed = hcl_native::parse_expression(&arena, text.as_bytes());
    assert!(parsed.diagnostics.is_empty(), "{text}: {:?}", parsed.diagnostics);
    let out = hcl_native::eval::evaluate(&parsed.ast, &hcl_native::eval::EvalContext::new());
    assert!(out.diagnostics.is_empty(), "{text}: {:?}", out.diagnostics);
    convert(&out.value, ty).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// Strings that need every escape the HCL text of a string has.
const AWKWARD: &[&str] = &[
    "${x}",
    "%{ if a }",
    "$${",
    "a\"b\\c",
    "line\nbreak\r\ttab",
    "\u{1}\u{7f}\u{200b}\u{feff}",
    "😀 é e\u{301}",
    "$",
    "%",
    "}",
    "${",
    "\\u0041",
    "",
];

#[test]
fn awkward_strings_read_back_from_their_hcl_text() {
    for s in AWKWARD {
        let v = Value::from(*s);
        let text = hcl_native::write::expression(&v).unwrap();
        assert_eq!(read_back(&text, &Type::String), v, "{text}");
        let keyed = Value::object([(*s, Value::from(1)), ("for", Value::from(2)), ("null", Value::from(3))]);
        let text = hcl_native::write::expression(&keyed).unwrap();
        assert_eq!(read_back(&text, &keyed.ty()), keyed, "{text}");
    }
}

proptest! {
    /// A value's HCL text evaluates back to the value (once converted to its
    /// type: lists read back as tuples); only values holding an unknown or
    /// an infinity have none.
    ///
    /// spec: model#values-and-value-types
    #[test]
    fn written_values_read_back(v in arb_any_value()) {
        match hcl_native::write::expression(&v) {
            Ok(text) => prop_assert_eq!(read_back(&text, &v.ty()), v),
            Err(e) => prop_assert!(!v.is_wholly_known() || holds_infinity(&v), "{:?}: {}", v, e),
        }
    }
}

/// Whether a set or object type occurs anywhere in `t`.
fn holds_a_set_or_object(t: &Type) -> bool {
    match t {
        Type::Set(_) | Type::Object(_) => true,
        Type::List(e) | Type::Map(e) => holds_a_set_or_object(e),
        Type::Tuple(ts) => ts.iter().any(holds_a_set_or_object),
        _ => false,
    }
}

/// Whether `v` is or holds a null or unknown value.
fn holds_null_or_unknown(v: &Value) -> bool {
    match v.kind() {
        ValueRef::Null(_) | ValueRef::Unknown(_) => true,
        ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
            items.iter().any(holds_null_or_unknown)
        }
        ValueRef::Map(entries) | ValueRef::Object(entries) => entries.iter().any(|(_, v)| holds_null_or_unknown(v)),
        _ => false,
    }
}
