//! Conversions between types: whether one exists, how safe it is, and the
//! type its results have.
//!
//! spec: model#type-conversions-and-unification

use std::sync::Arc;

use super::unify::unify_in;
use super::Safety;
use crate::memo::{memoized, PairMemo};
use crate::meter::{Meter, StepLimitReached};
use crate::value::{fans_out, type_node_id, ObjectType, Type};

fn min(a: Safety, b: Safety) -> Safety {
    if a == Safety::Safe && b == Safety::Safe {
        Safety::Safe
    } else {
        Safety::Unsafe
    }
}

/// The safety of converting each first type of `pairs` to its second:
/// safe when every one is, none when one has no conversion.
pub(super) fn all<'a>(pairs: impl Iterator<Item = (&'a Type, &'a Type)>, m: &Meter) -> Option<Safety> {
    pairs
        .map(|(f, t)| safety_in(f, t, m))
        .try_fold(Safety::Safe, |acc, s| Some(min(acc, s?)))
}

/// Whether values of type `from` can be converted to type `to`, and if so
/// whether the conversion is safe (every distinct value has a distinct
/// result and none fails) or unsafe (some values fail, or results merge).
/// `to` may hold the dynamic pseudo-type, as a type specification.
///
/// ```
/// use hcl_native::convert::{conversion_safety, Safety};
/// use hcl_native::value::Type;
///
/// assert_eq!(conversion_safety(&Type::Number, &Type::String), Some(Safety::Safe));
/// assert_eq!(conversion_safety(&Type::String, &Type::Number), Some(Safety::Unsafe));
/// assert_eq!(conversion_safety(&Type::Number, &Type::Bool), None);
/// assert_eq!(conversion_safety(&Type::list(Type::String), &Type::set(Type::String)), Some(Safety::Unsafe));
/// ```
pub fn conversion_safety(from: &Type, to: &Type) -> Option<Safety> {
    // an unlimited meter never runs out: the answer is always worked out
    safety_in(from, to, &Meter::unlimited())
}

/// [`conversion_safety`], counting the parts visited on `meter`: an error
/// once it runs out.
pub(crate) fn conversion_safety_metered(
    from: &Type,
    to: &Type,
    meter: &Meter,
) -> Result<Option<Safety>, StepLimitReached> {
    let r = safety_in(from, to, meter);
    meter.answer(r)
}

pub(super) fn safety_in(from: &Type, to: &Type, m: &Meter) -> Option<Safety> {
    crate::stack::with_stack(|| {
        memoized(
            &SAFETY,
            pair_key(from, to),
            || safety_here(from, to, m),
            |r| (from.clone(), to.clone(), *r),
            |e| e.2,
        )
    })
}

/// The memo key of a walk over two types (see `memo`): only where one of
/// them fans out, since only there can occurrences multiply.
fn pair_key(a: &Type, b: &Type) -> Option<(usize, usize)> {
    if fans_out(a) || fans_out(b) {
        type_node_id(a).zip(type_node_id(b))
    } else {
        None
    }
}

thread_local! {
    static SAFETY: PairMemo<Type, Type, Option<Safety>> = const { PairMemo::new() };
    static CONVERTED_TYPE: PairMemo<Type, Type, Option<Type>> = const { PairMemo::new() };
}

fn safety_here(from: &Type, to: &Type, m: &Meter) -> Option<Safety> {
    use Type::*;
    // Identical types convert safely. The shortcut looks only so deep;
    // beyond it the arms below find the same answer part by part.
    if from.surely_identical(to) {
        // spec: model#type-conversions-and-unification
        return Some(Safety::Safe);
    }
    // each occurrence of a shared part is visited: it costs steps in an
    // evaluation
    if !m.walk(1) {
        return None;
    }
    match (from, to) {
        // spec: model#conversion-to-and-from-the-dynamic-pseudo-type
        (_, Dynamic) | (Dynamic, _) => Some(Safety::Safe),
        // spec: model#primitive-type-conversions
        (Bool, String) | (Number, String) => Some(Safety::Safe),
        (String, Bool) | (String, Number) => Some(Safety::Unsafe),
        // spec: model#collection-and-structural-type-conversions
        (List(a), List(b)) | (Set(a), Set(b)) | (Map(a), Map(b)) | (Set(a), List(b)) => safety_in(a, b, m),
        (List(a), Set(b)) => safety_in(a, b, m).map(|_| Safety::Unsafe),
        // With a dynamic element type the parts convert to the type they
        // unify to, so that conversion decides the safety.
        (Tuple(ts), List(b)) => {
            let element = single_element_type(ts.iter(), b, m)?;
            all(ts.iter().map(|t| (t, &element)), m)
        }
        (Tuple(ts), Set(b)) => {
            let element = single_element_type(ts.iter(), b, m)?;
            all(ts.iter().map(|t| (t, &element)), m).map(|_| Safety::Unsafe)
        }
        (Object(o), Map(b)) => {
            let element = single_element_type(o.attributes().iter().map(|(_, t)| t), b, m)?;
            all(o.attributes().iter().map(|(_, t)| (t, &element)), m)
        }
        (List(a) | Set(a), Tuple(ts)) => all(ts.iter().map(|t| (&**a, t)), m).map(|_| Safety::Unsafe),
        (Map(a), Object(o)) => all(o.attributes().iter().map(|(_, t)| (&**a, t)), m).map(|_| Safety::Unsafe),
        (Object(a), Object(b)) => {
            let mut safety = Safety::Safe;
            for (name, from_t) in a.attributes() {
                match b.attribute(name) {
                    Some(to_t) => safety = min(safety, safety_in(from_t, to_t, m)?),
                    // Dropping an attribute merges values that differ in it.
                    None => safety = Safety::Unsafe,
                }
            }
            Some(safety)
        }
        (Tuple(a), Tuple(b)) if a.len() == b.len() => all(a.iter().zip(b.iter()), m),
        _ => None,
    }
}

/// For a conversion of differently typed parts into one collection whose
/// element type specification holds the dynamic pseudo-type: the single
/// element type they unify to (`None` when there is none). Without a
/// dynamic part the specification itself, unchecked.
pub(crate) fn single_element_type<'a>(parts: impl Iterator<Item = &'a Type>, spec: &Type, m: &Meter) -> Option<Type> {
    if !spec.has_dynamic() {
        // The parts are not checked here: every caller converts them to
        // the result, which checks them (checking twice would cost twice at
        // every level, exponential in the depth).
        return Some(spec.clone());
    }
    let converted: Vec<Type> = parts.map(|t| converted_type_in(t, spec, m)).collect::<Option<_>>()?;
    if converted.is_empty() {
        return Some(spec.clone());
    }
    // Every converted type matches `spec`, so they agree with it in kind
    // wherever it is not dynamic, and so does the type they unify to.
    unify_in(&converted, m)
}

/// The type of the result of converting a value of type `from` to `to`:
/// `to` itself unless it holds the dynamic pseudo-type, in which case the
/// dynamic parts take the types the converted parts have. `None` when there
/// is no conversion.
pub fn converted_type(from: &Type, to: &Type) -> Option<Type> {
    // an unlimited meter never runs out: the answer is always worked out
    converted_type_in(from, to, &Meter::unlimited())
}

pub(super) fn converted_type_in(from: &Type, to: &Type, m: &Meter) -> Option<Type> {
    crate::stack::with_stack(|| {
        memoized(
            &CONVERTED_TYPE,
            pair_key(from, to),
            || converted_type_here(from, to, m),
            |r| (from.clone(), to.clone(), r.clone()),
            |e| e.2.clone(),
        )
    })
}

fn converted_type_here(from: &Type, to: &Type, m: &Meter) -> Option<Type> {
    use Type::*;
    if !m.walk(1) {
        return None;
    }
    if !to.has_dynamic() {
        return safety_in(from, to, m).map(|_| to.without_optional_attributes());
    }
    match (from, to) {
        (_, Dynamic) => Some(from.clone()),
        (Dynamic, _) => Some(to.without_optional_attributes()),
        (List(a), List(b)) | (Set(a), List(b)) => Some(Type::list(converted_type_in(a, b, m)?)),
        (Set(a), Set(b)) | (List(a), Set(b)) => Some(Type::set(converted_type_in(a, b, m)?)),
        (Map(a), Map(b)) => Some(Type::map(converted_type_in(a, b, m)?)),
        (Tuple(ts), List(b)) => Some(Type::list(collected(ts.iter(), b, m)?)),
        (Tuple(ts), Set(b)) => Some(Type::set(collected(ts.iter(), b, m)?)),
        (Object(o), Map(b)) => Some(Type::map(collected(o.attributes().iter().map(|(_, t)| t), b, m)?)),
        (List(a) | Set(a), Tuple(ts)) => Some(Type::tuple(
            ts.iter().map(|t| converted_type_in(a, t, m)).collect::<Option<_>>()?,
        )),
        (Map(a), Object(o)) => Some(object_of(o, |_, t| converted_type_in(a, t, m))?),
        // Attributes of `from` that `to` lacks are dropped; the common ones
        // must convert.
        (Object(a), Object(b)) => object_of(b, |name, t| match a.attribute(name) {
            Some(from_t) => converted_type_in(from_t, t, m),
            None => Some(t.without_optional_attributes()),
        }),
        (Tuple(a), Tuple(b)) if a.len() == b.len() => Some(Type::tuple(
            a.iter()
                .zip(b.iter())
                .map(|(f, t)| converted_type_in(f, t, m))
                .collect::<Option<_>>()?,
        )),
        _ => None,
    }
}

/// The element type of the collection that parts are converted into, with
/// the parts checked.
fn collected<'a>(parts: impl Iterator<Item = &'a Type> + Clone, spec: &Type, m: &Meter) -> Option<Type> {
    if !spec.has_dynamic() {
        return all(parts.map(|t| (t, spec)), m).map(|_| spec.without_optional_attributes());
    }
    single_element_type(parts, spec, m)
}

fn object_of(o: &ObjectType, mut f: impl FnMut(&str, &Type) -> Option<Type>) -> Option<Type> {
    let attrs: Vec<(Arc<str>, Type)> = o
        .attributes()
        .iter()
        .map(|(n, t)| Some((n.clone(), f(n, t)?)))
        .collect::<Option<_>>()?;
    Some(Type::Object(Arc::new(ObjectType::from_sorted(attrs))))
}
