//! Type unification: one type that all the given types convert to.
//!
//! spec: model#type-unification
//!
//! The reference's unification (go-cty's `convert.UnifyUnsafe`, which the
//! conditional operator, the collection conversions and the functions of
//! every HCL implementation use), not the model's own preferences
//! (docs/deviations.md lists why): where all the types are of one kind,
//!
//! - maps unify by their element types, as do lists and sets; a dynamic
//!   type among them makes the result dynamic;
//! - objects with the same attribute names unify attribute by attribute;
//!   objects whose attributes differ unify to a map of the type all their
//!   attributes unify to (`true ? {a = 1} : {b = 2}` is `map(number)`);
//! - tuples of one length unify element by element, tuples of different
//!   lengths to a list of the type all their elements unify to;
//! - objects among maps unify as maps, tuples among lists as lists, when
//!   they can; a dynamic type among objects or tuples makes the result
//!   dynamic.
//!
//! Otherwise the types are tried in an order of preference (string before
//! number and bool, lists before tuples and sets, maps before objects, the
//! dynamic pseudo-type last), and the first that every other type converts
//! to is the answer: number and string unify to string, number and bool do
//! not unify.

use super::types::exists;
use crate::memo::{memoized, Memo};
use crate::meter::{Meter, StepLimitReached};
use crate::value::{fans_out, type_node_id, Type, Value};

use super::ConversionError;

/// The type all of `types` unify to, or `None` when there is none. An
/// empty list unifies to the dynamic pseudo-type.
///
/// ```
/// use hcl_native::convert::unify;
/// use hcl_native::value::Type;
///
/// assert_eq!(unify(&[Type::Number, Type::String]), Some(Type::String));
/// assert_eq!(unify(&[Type::Number, Type::Bool]), None);
/// // objects with different attributes unify to a map
/// let a = Type::object([("a", Type::Number)]);
/// let b = Type::object([("b", Type::String)]);
/// assert_eq!(unify(&[a, b]), Some(Type::map(Type::String)));
/// // a list is preferred to a tuple
/// assert_eq!(
///     unify(&[Type::list(Type::Number), Type::tuple(vec![Type::String])]),
///     Some(Type::list(Type::String))
/// );
/// // tuples of one length unify element by element
/// assert_eq!(
///     unify(&[Type::tuple(vec![Type::Number]), Type::tuple(vec![Type::String])]),
///     Some(Type::tuple(vec![Type::String]))
/// );
/// ```
pub fn unify(types: &[Type]) -> Option<Type> {
    if types.is_empty() {
        return Some(Type::Dynamic);
    }
    // an unlimited meter never runs out: the answer is always worked out
    unify_in(types, true, &Meter::unlimited())
}

/// [`unify`], counting the types visited on `meter`: an error once it
/// runs out.
pub(crate) fn unify_metered(types: &[Type], meter: &Meter) -> Result<Option<Type>, StepLimitReached> {
    let r = if types.is_empty() {
        Some(Type::Dynamic)
    } else {
        unify_in(types, true, meter)
    };
    meter.answer(r)
}

/// The reference's `unify`: `None` for no type (an empty list too).
/// `unsafe_` allows unsafe conversions to the result.
pub(super) fn unify_in(types: &[Type], unsafe_: bool, m: &Meter) -> Option<Type> {
    // Identical types (the common case: both results of a conditional)
    // unify to themselves.
    let first = types.first()?;
    if types.iter().all(|t| t.surely_identical(first)) {
        return Some(first.clone());
    }
    // memoised where one of the types fans out (see `memo`)
    let key = types
        .iter()
        .any(fans_out)
        .then(|| {
            let mut key = types.iter().map(type_node_id).collect::<Option<Vec<usize>>>()?;
            key.push(usize::from(unsafe_));
            Some(key)
        })
        .flatten();
    crate::stack::with_stack(|| {
        memoized(
            &UNIFIED,
            key,
            || unify_here(types, unsafe_, m),
            |r| (types.to_vec(), r.clone()),
            |e| e.1.clone(),
        )
    })
}

/// Unifications of lists of types, by the nodes of the types.
type UnifiedMemo = Memo<Vec<usize>, (Vec<Type>, Option<Type>)>;

thread_local! {
    static UNIFIED: UnifiedMemo = const { Memo::new() };
}

/// How many of the types are of each kind.
#[derive(Default)]
struct Kinds {
    map: usize,
    list: usize,
    set: usize,
    object: usize,
    tuple: usize,
    dynamic: usize,
}

fn unify_here(types: &[Type], unsafe_: bool, m: &Meter) -> Option<Type> {
    // Types share parts as values do, and unifying visits every
    // occurrence: in an evaluation it costs steps.
    if !m.walk(types.len() as u64) {
        return None;
    }
    let mut k = Kinds::default();
    for t in types {
        match t {
            Type::Map(_) => k.map += 1,
            Type::List(_) => k.list += 1,
            Type::Set(_) => k.set += 1,
            Type::Object(_) => k.object += 1,
            Type::Tuple(_) => k.tuple += 1,
            Type::Dynamic => k.dynamic += 1,
            _ => {}
        }
    }
    let n = types.len();
    let has_dynamic = k.dynamic > 0;
    // All of one kind (the dynamic pseudo-type aside): a type built from
    // theirs, which need not be one of them.
    if k.map > 0 && k.map + k.dynamic == n {
        return collections(Type::map, types, unsafe_, has_dynamic, m);
    } else if k.map > 0 && k.map + k.object + k.dynamic == n {
        // objects often hold map data: as maps first
        if let Some(t @ Type::Map(_)) = as_collection(types, true, unsafe_, m) {
            return Some(t);
        }
    } else if k.list > 0 && k.list + k.dynamic == n {
        return collections(Type::list, types, unsafe_, has_dynamic, m);
    } else if k.list > 0 && k.list + k.tuple + k.dynamic == n {
        // tuples are often lists in disguise: as lists first
        if let Some(t @ Type::List(_)) = as_collection(types, false, unsafe_, m) {
            return Some(t);
        }
    } else if k.set > 0 && k.set + k.dynamic == n {
        return collections(Type::set, types, unsafe_, has_dynamic, m);
    } else if k.object > 0 && k.object + k.dynamic == n {
        return if has_dynamic {
            // which way they go depends on the types still to be known
            Some(Type::Dynamic)
        } else {
            objects(types, unsafe_, m)
        };
    } else if k.tuple > 0 && k.tuple + k.dynamic == n {
        return if has_dynamic {
            Some(Type::Dynamic)
        } else {
            tuples(types, unsafe_, m)
        };
    } else if k.object > 0 && k.tuple > 0 {
        return None;
    }
    // The first type, in the order of preference, that every other type
    // converts to.
    sort_types(types)
        .into_iter()
        .map(|i| &types[i])
        .find(|want| types.iter().all(|t| exists(t, want, unsafe_, m)))
        .cloned()
}

// The reference checks after each construction below that every type
// converts to the type built; by construction they all do (their parts
// unify to its parts), except where a list's or map's element type is the
// dynamic pseudo-type: a tuple (an object) converts to that only when its
// own elements (attributes) unify, and where structures among
// collections are unified by way of a collection (`as_collection`). The
// checks are made there only: each would walk the types below, at every
// level of deep types.

/// `result`, when its element type is not the dynamic pseudo-type or every
/// one of `types` converts to it.
fn dynamic_checked(types: &[Type], result: Type, unsafe_: bool, m: &Meter) -> Option<Type> {
    if result.element_type() != Some(&Type::Dynamic) || types.iter().all(|t| exists(t, &result, unsafe_, m)) {
        Some(result)
    } else {
        None
    }
}

/// Collections of one kind (made by `make`): by their element types.
fn collections(make: fn(Type) -> Type, types: &[Type], unsafe_: bool, has_dynamic: bool, m: &Meter) -> Option<Type> {
    if has_dynamic {
        return Some(Type::Dynamic);
    }
    let elements: Vec<Type> = types.iter().filter_map(|t| t.element_type().cloned()).collect();
    Some(make(unify_in(&elements, unsafe_, m)?))
}

/// Objects among maps (`objects`), or tuples among lists: the
/// structures unified to a collection on their own, then that collection
/// in their place unified with the rest. `None` unless that gives a
/// collection.
fn as_collection(types: &[Type], objects: bool, unsafe_: bool, m: &Meter) -> Option<Type> {
    let is_structure = |t: &Type| {
        if objects {
            matches!(t, Type::Object(_))
        } else {
            matches!(t, Type::Tuple(_))
        }
    };
    let structures: Vec<Type> = types.iter().filter(|t| is_structure(t)).cloned().collect();
    let collection = if objects {
        objects_to_map(&structures, unsafe_, m)?
    } else {
        tuples_to_list(&structures, unsafe_, m)?
    };
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| if is_structure(t) { collection.clone() } else { t.clone() })
        .collect();
    let result = unify_in(&replaced, unsafe_, m)?;
    // The reference converts such a structure in two steps, to the
    // collection and then on to the result, which can reach a result that
    // no conversion of the structure itself reaches (a tuple of numbers by
    // way of a set of strings to a list of bools) and then fails (go-cty
    // 1.12 panics). A result every type converts to, or none here; except
    // where a type holds the dynamic pseudo-type, whose parts convert by
    // the types their values turn out to have: there the result is the
    // reference's, unchecked as there (an unknown predicate then gives an
    // unknown of it, without error, as in the reference).
    let reachable = || types.iter().any(Type::has_dynamic) || types.iter().all(|t| exists(t, &result, unsafe_, m));
    (std::mem::discriminant(&result) == std::mem::discriminant(&collection) && reachable()).then_some(result)
}

/// Object types alone: the object of their attributes when they all have
/// the same names, otherwise (or when that fails) a map.
fn objects(types: &[Type], unsafe_: bool, m: &Meter) -> Option<Type> {
    let first = types[0].object_type().expect("object types");
    let same_names = types[1..].iter().all(|t| {
        let o = t.object_type().expect("object types");
        o.attributes().len() == first.attributes().len()
            && o.attributes().iter().all(|(name, _)| first.attribute(name).is_some())
    });
    if !same_names {
        return objects_to_map(types, unsafe_, m);
    }
    let mut attrs = Vec::with_capacity(first.attributes().len());
    for (name, _) in first.attributes() {
        let across: Vec<Type> = types
            .iter()
            .map(|t| {
                t.object_type()
                    .and_then(|o| o.attribute(name))
                    .cloned()
                    .expect("the same names")
            })
            .collect();
        // an attribute that does not unify cannot unify in a map either
        attrs.push((name.clone(), unify_in(&across, unsafe_, m)?));
    }
    Some(Type::Object(std::sync::Arc::new(
        crate::value::ObjectType::from_sorted(attrs),
    )))
}

/// Object types as a map of the type all their attributes unify to.
fn objects_to_map(types: &[Type], unsafe_: bool, m: &Meter) -> Option<Type> {
    let attrs: Vec<Type> = types
        .iter()
        .filter_map(Type::object_type)
        .flat_map(|o| o.attributes().iter().map(|(_, t)| t.clone()))
        .collect();
    dynamic_checked(types, Type::map(unify_in(&attrs, unsafe_, m)?), unsafe_, m)
}

/// Tuple types alone: element by element when they have one length,
/// otherwise (or when that fails) a list.
fn tuples(types: &[Type], unsafe_: bool, m: &Meter) -> Option<Type> {
    let first = types[0].tuple_elements().expect("tuple types");
    if types[1..]
        .iter()
        .any(|t| t.tuple_elements().expect("tuple types").len() != first.len())
    {
        return tuples_to_list(types, unsafe_, m);
    }
    let mut elements = Vec::with_capacity(first.len());
    for i in 0..first.len() {
        let across: Vec<Type> = types
            .iter()
            .map(|t| t.tuple_elements().expect("tuple types")[i].clone())
            .collect();
        elements.push(unify_in(&across, unsafe_, m)?);
    }
    Some(Type::tuple(elements))
}

/// Tuple types as a list of the type all their elements unify to. Where a
/// tuple does not convert to that list (its own elements unify to the
/// dynamic pseudo-type without all being of it), the reference falls back
/// on its map unification for objects and panics (a bug); here there is no
/// type.
fn tuples_to_list(types: &[Type], unsafe_: bool, m: &Meter) -> Option<Type> {
    let elements: Vec<Type> = types
        .iter()
        .filter_map(Type::tuple_elements)
        .flat_map(|ts| ts.iter().cloned())
        .collect();
    dynamic_checked(types, Type::list(unify_in(&elements, unsafe_, m)?), unsafe_, m)
}

/// The indices of `types` in the order of preference as a unification
/// result (go-cty's `sortTypes`: a topological order of the preferences
/// between pairs, ties in index order).
fn sort_types(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n.saturating_sub(1) {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                std::cmp::Ordering::Less => edges[i].push(j),
                std::cmp::Ordering::Greater => edges[j].push(i),
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    // Kahn's algorithm, first in first out; a node on a cycle of
    // preferences is never reached, and (as in the reference) its slot of
    // the result is left as index 0.
    let mut result: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut next = 0;
    while next < result.len() {
        let i = result[next];
        next += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                result.push(j);
            }
        }
    }
    result.resize(n, 0);
    result
}

/// Which of two types is preferred as a unification result: `Less` for
/// `a` (go-cty's `compareTypes`).
fn compare_types(a: &Type, b: &Type) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    use Type::*;
    crate::stack::with_stack(|| {
        match (a, b) {
            (Dynamic, Dynamic) => return Equal,
            (Dynamic, _) => return Greater,
            (_, Dynamic) => return Less,
            _ => {}
        }
        if a.is_primitive() && b.is_primitive() && (*a == String || *b == String) {
            return match (a, b) {
                (String, String) => Equal,
                (String, _) => Less,
                _ => Greater,
            };
        }
        match (a, b) {
            (List(x), List(y)) | (Set(x), Set(y)) | (Map(x), Map(y)) => return compare_types(x, y),
            _ => {}
        }
        // tuple to list, object to map, set to tuple or list: the other way
        // round
        let (a, b, swap) = match (a, b) {
            (Tuple(_), List(_)) | (Object(_), Map(_)) | (Set(_), Tuple(_)) | (Set(_), List(_)) => (b, a, true),
            _ => (a, b, false),
        };
        let preferred = |o: std::cmp::Ordering| if swap { o.reverse() } else { o };
        match (a, b) {
            (Tuple(_) | List(_), Set(_)) | (List(_), Tuple(_)) | (Map(_), Object(_)) => preferred(Less),
            (Object(x), Object(y)) => {
                if x.attributes().len() != y.attributes().len() {
                    return Equal;
                }
                let mut a_super = false;
                let mut b_super = false;
                for (name, t) in x.attributes() {
                    let Some(u) = y.attribute(name) else {
                        return Equal;
                    };
                    match compare_types(t, u) {
                        Less => a_super = true,
                        Greater => b_super = true,
                        Equal => {}
                    }
                }
                supers(a_super, b_super, preferred)
            }
            (Tuple(x), Tuple(y)) => {
                if x.len() != y.len() {
                    return Equal;
                }
                let mut a_super = false;
                let mut b_super = false;
                for (t, u) in x.iter().zip(y.iter()) {
                    match compare_types(t, u) {
                        Less => a_super = true,
                        Greater => b_super = true,
                        Equal => {}
                    }
                }
                supers(a_super, b_super, preferred)
            }
            _ => Equal,
        }
    })
}

fn supers(
    a_super: bool,
    b_super: bool,
    preferred: impl Fn(std::cmp::Ordering) -> std::cmp::Ordering,
) -> std::cmp::Ordering {
    match (a_super, b_super) {
        (true, false) => preferred(std::cmp::Ordering::Less),
        (false, true) => preferred(std::cmp::Ordering::Greater),
        _ => std::cmp::Ordering::Equal,
    }
}

/// Unifies the values' types and converts every value to the result.
///
/// ```
/// use hcl_native::convert::unify_values;
/// use hcl_native::value::{Type, Value};
///
/// let (ty, vals) = unify_values(&[Value::from(1), Value::from("a")]).unwrap();
/// assert_eq!(ty, Type::String);
/// assert_eq!(vals[0].as_str(), Some("1"));
/// ```
pub fn unify_values(values: &[Value]) -> Result<(Type, Vec<Value>), ConversionError> {
    let types: Vec<Type> = values.iter().map(Value::ty).collect();
    let ty = unify(&types).ok_or_else(|| {
        let names: Vec<String> = types.iter().map(Type::message_text).collect();
        ConversionError::new(format!("the types {} have no common type", names.join(", ")))
    })?;
    let converted = values
        .iter()
        .map(|v| super::convert(v, &ty))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((ty, converted))
}
