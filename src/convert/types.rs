//! Conversions between types: whether one exists, how safe it is, and the
//! type an unknown or null value takes when it is converted.
//!
//! spec: model#type-conversions-and-unification
//!
//! The rules are the reference's (go-cty's `convert` package, which every
//! HCL implementation's values agree with), not the model's own reading
//! where the two differ (docs/deviations.md, "Values and types"): a
//! conversion exists
//!
//! - from any type to the dynamic pseudo-type, and from the dynamic
//!   pseudo-type to any type (an *unsafe* one: the value may not convert);
//! - from number and bool to string (safe), and from string to number and
//!   bool (unsafe);
//! - between lists and sets of convertible element types (list to set is
//!   unsafe, it merges equal elements), between maps of convertible element
//!   types, and between tuples of one length element by element;
//! - from a tuple to a list or set, and from an object to a map, when every
//!   part converts to the element type (a dynamic element type being the
//!   type the parts unify to);
//! - from a map to an object (unsafe), when the map's element type converts
//!   to every attribute's type (an optional attribute's need not);
//! - from an object to an object that has no attribute the first lacks
//!   (unless the attribute is optional), every common attribute converting;
//!   the first object's other attributes are dropped.
//!
//! There is no conversion from a list or set to a tuple, nor between
//! number and bool; and a null converts only where its type does.

use std::sync::Arc;

use super::unify::unify_in;
use super::Safety;
use crate::memo::{memoized, Memo};
use crate::meter::{Meter, StepLimitReached};
use crate::value::{fans_out, type_node_id, ObjectType, Type};

/// Whether values of type `from` can be converted to type `to`, and if so
/// whether the conversion is safe (it cannot fail) or unsafe (some values
/// fail to convert, or equal results stand for distinct values). `to` may
/// hold the dynamic pseudo-type, as a type specification.
///
/// ```
/// use hcl_native::convert::{conversion_safety, Safety};
/// use hcl_native::value::Type;
///
/// assert_eq!(conversion_safety(&Type::Number, &Type::String), Some(Safety::Safe));
/// assert_eq!(conversion_safety(&Type::String, &Type::Number), Some(Safety::Unsafe));
/// assert_eq!(conversion_safety(&Type::Number, &Type::Bool), None);
/// assert_eq!(conversion_safety(&Type::list(Type::String), &Type::set(Type::String)), Some(Safety::Unsafe));
/// // a list never converts to a tuple, as in the reference
/// assert_eq!(conversion_safety(&Type::list(Type::String), &Type::tuple(vec![Type::String])), None);
/// ```
///
/// `None` means that [`convert`](super::convert) refuses every value of
/// `from`. That is decided as the reference's `convert.Convert` decides it
/// (its `GetConversionUnsafe`), which can refuse where its safe search
/// (`GetConversion`) finds a conversion: where an object's attributes go
/// to a map of the dynamic pseudo-type, the unsafe search unifies them
/// more eagerly (`dynamic` and `number` to `number`, which a `map(bool)`
/// beside them then cannot join).
///
/// ```
/// use hcl_native::convert::conversion_safety;
/// use hcl_native::value::Type;
///
/// let from = Type::object([
///     ("a", Type::map(Type::Bool)),
///     ("c", Type::object([("a", Type::Dynamic), ("b", Type::Number)])),
/// ]);
/// assert_eq!(conversion_safety(&from, &Type::map(Type::Dynamic)), None);
/// ```
pub fn conversion_safety(from: &Type, to: &Type) -> Option<Safety> {
    // an unlimited meter never runs out: the answer is always worked out
    let m = Meter::unlimited();
    if !exists(from, to, true, &m) {
        None
    } else if exists(from, to, false, &m) {
        Some(Safety::Safe)
    } else {
        Some(Safety::Unsafe)
    }
}

/// Whether [`convert`](super::convert) accepts values of type `from` for
/// `to` at all (the reference's `GetConversionUnsafe` finding a
/// conversion), counting the parts visited on `meter`: an error once it
/// runs out.
pub(crate) fn conversion_exists_metered(from: &Type, to: &Type, meter: &Meter) -> Result<bool, StepLimitReached> {
    let r = exists(from, to, true, meter);
    meter.answer(r)
}

/// The memo key of a walk over two types (see `memo`): only where one of
/// them fans out, since only there can occurrences multiply.
fn pair_key(a: &Type, b: &Type, unsafe_: bool) -> Option<(usize, usize, bool)> {
    if fans_out(a) || fans_out(b) {
        type_node_id(a).zip(type_node_id(b)).map(|(a, b)| (a, b, unsafe_))
    } else {
        None
    }
}

/// Conversions found to exist or not, by the nodes of the two types.
type ExistsMemo = Memo<(usize, usize, bool), (Type, Type, bool)>;

thread_local! {
    static EXISTS: ExistsMemo = const { Memo::new() };
}

/// Whether a conversion from `from` to `to` exists: any conversion when
/// `unsafe_`, a safe one otherwise (go-cty's `getConversion`).
pub(super) fn exists(from: &Type, to: &Type, unsafe_: bool, m: &Meter) -> bool {
    // Identical types need no conversion (every caller of the reference
    // checks this first). The shortcut looks only so deep; beyond it the
    // arms below find the same answer part by part.
    if from.surely_identical(to) {
        return true;
    }
    crate::stack::with_stack(|| {
        memoized(
            &EXISTS,
            pair_key(from, to, unsafe_),
            || exists_here(from, to, unsafe_, m),
            |r| (from.clone(), to.clone(), *r),
            |e| e.2,
        )
    })
}

fn exists_here(from: &Type, to: &Type, unsafe_: bool, m: &Meter) -> bool {
    use Type::*;
    // each occurrence of a shared part is visited: it costs steps in an
    // evaluation
    if !m.walk(1) {
        return false;
    }
    match (from, to) {
        (String, String) | (Number, Number) | (Bool, Bool) => true,
        (Capsule(a), Capsule(b)) => a == b,
        // spec: model#conversion-to-and-from-the-dynamic-pseudo-type
        (_, Dynamic) => true,
        (Dynamic, _) => unsafe_,
        // spec: model#primitive-type-conversions
        (Number | Bool, String) => true,
        (String, Number | Bool) => unsafe_,
        // spec: model#collection-and-structural-type-conversions
        (Object(a), Object(b)) => b
            .attributes()
            .iter()
            .enumerate()
            .all(|(i, (name, t))| match a.attribute(name) {
                Some(from_t) => exists(from_t, t, unsafe_, m),
                None => b.is_optional_at(i),
            }),
        (Tuple(a), Tuple(b)) => a.len() == b.len() && a.iter().zip(b.iter()).all(|(f, t)| exists(f, t, unsafe_, m)),
        (List(a) | Set(a), List(b)) | (Set(a), Set(b)) | (Map(a), Map(b)) => exists(a, b, unsafe_, m),
        // a list to a set merges equal elements
        (List(a), Set(b)) => unsafe_ && exists(a, b, unsafe_, m),
        (Tuple(ts), List(e) | Set(e)) => {
            if ts.is_empty() {
                return true;
            }
            let Some(element) = tuple_element_type(ts, e, unsafe_, m) else {
                return false;
            };
            ts.iter().all(|t| exists(t, &element, unsafe_, m))
        }
        (Object(o), Map(e)) => {
            let attrs = o.attributes();
            if attrs.is_empty() {
                return true;
            }
            let element = if **e == Dynamic {
                let types: Vec<Type> = attrs.iter().map(|(_, t)| t.clone()).collect();
                match unify_in(&types, unsafe_, m) {
                    Some(t) => t,
                    None => return false,
                }
            } else {
                (**e).clone()
            };
            attrs.iter().all(|(_, t)| exists(t, &element, unsafe_, m))
        }
        // a map may lack keys, or have others
        (Map(e), Object(o)) => {
            unsafe_
                && o.attributes()
                    .iter()
                    .enumerate()
                    .all(|(i, (_, t))| o.is_optional_at(i) || exists(e, t, unsafe_, m))
        }
        _ => false,
    }
}

/// The element type a tuple of element types `ts` converts to in a list or
/// set of element type `spec`: `spec` itself, or where it is the dynamic
/// pseudo-type the type the elements unify to. `None` when they do not
/// unify, or unify to the dynamic pseudo-type without all being of it.
pub(super) fn tuple_element_type(ts: &[Type], spec: &Type, unsafe_: bool, m: &Meter) -> Option<Type> {
    if *spec != Type::Dynamic {
        return Some(spec.clone());
    }
    let element = unify_in(ts, unsafe_, m)?;
    if element == Type::Dynamic && ts.iter().any(|t| *t != Type::Dynamic) {
        return None;
    }
    Some(element)
}

/// The type of the result of converting a value of type `from` to `to`,
/// where the value is unknown or null (a known value's parts decide the
/// dynamic parts of its result): `to` without optional attributes, its
/// dynamic parts replaced by the corresponding parts of `from`. `None`
/// when there is no conversion.
///
/// ```
/// use hcl_native::convert::converted_type;
/// use hcl_native::value::Type;
///
/// let from = Type::object([("a", Type::String), ("b", Type::Number)]);
/// let to = Type::object([("a", Type::Dynamic)]);
/// assert_eq!(converted_type(&from, &to), Some(Type::object([("a", Type::String)])));
/// assert_eq!(converted_type(&Type::Number, &Type::Bool), None);
/// ```
pub fn converted_type(from: &Type, to: &Type) -> Option<Type> {
    // an unlimited meter never runs out: the answer is always worked out
    let m = Meter::unlimited();
    exists(from, to, true, &m).then(|| dynamic_replace(from, &to.without_optional_attributes(), &m))
}

/// `to` with its dynamic parts replaced by the corresponding parts of
/// `from` (go-cty's `dynamicReplace`): the type an unknown or null value
/// of type `from` takes when converted to `to`.
pub(super) fn dynamic_replace(from: &Type, to: &Type, m: &Meter) -> Type {
    use Type::*;
    if *from == Dynamic || !to.has_dynamic() {
        return to.clone();
    }
    // each occurrence of a shared part is visited: it costs steps in an
    // evaluation (and the result is no better for more)
    if !m.walk(1) {
        return to.clone();
    }
    crate::stack::with_stack(|| {
        memoized(
            &REPLACED,
            pair_key(from, to, true),
            || dynamic_replace_here(from, to, m),
            |r| (from.clone(), to.clone(), r.clone()),
            |e| e.2.clone(),
        )
    })
}

/// Types worked out by `dynamic_replace`, by the nodes of the two types.
type ReplacedMemo = Memo<(usize, usize, bool), (Type, Type, Type)>;

thread_local! {
    static REPLACED: ReplacedMemo = const { Memo::new() };
}

fn dynamic_replace_here(from: &Type, to: &Type, m: &Meter) -> Type {
    use Type::*;
    match to {
        Dynamic => from.clone(),
        Map(e) => {
            let element = match from {
                Map(f) => dynamic_replace(f, e, m),
                Object(o) => {
                    let types: Vec<Type> = o.attributes().iter().map(|(_, t)| t.clone()).collect();
                    match unify_in(&types, true, m) {
                        Some(u) => dynamic_replace(&u, e, m),
                        None => (**e).clone(),
                    }
                }
                _ => (**e).clone(),
            };
            Type::map(element)
        }
        Object(o) => {
            let attrs = o
                .attributes()
                .iter()
                .map(|(name, t)| {
                    let replaced = match from {
                        Map(f) => dynamic_replace(f, t, m),
                        Object(fo) => match fo.attribute(name) {
                            Some(ft) => dynamic_replace(ft, t, m),
                            None => t.clone(),
                        },
                        _ => t.clone(),
                    };
                    (name.clone(), replaced)
                })
                .collect();
            Type::Object(Arc::new(ObjectType::from_sorted(attrs)))
        }
        List(e) | Set(e) => {
            let element = match from {
                List(f) | Set(f) => dynamic_replace(f, e, m),
                Tuple(ts) => match unify_in(ts, true, m) {
                    Some(u) => dynamic_replace(&u, e, m),
                    None => (**e).clone(),
                },
                _ => (**e).clone(),
            };
            if matches!(to, List(_)) {
                Type::list(element)
            } else {
                Type::set(element)
            }
        }
        Tuple(ts) => Type::tuple(
            ts.iter()
                .enumerate()
                .map(|(i, t)| match from.tuple_elements().and_then(|f| f.get(i)) {
                    Some(f) => dynamic_replace(f, t, m),
                    None => t.clone(),
                })
                .collect(),
        ),
        _ => to.clone(),
    }
}
