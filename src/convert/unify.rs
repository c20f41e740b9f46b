//! Type unification: one type that all the given types convert to.
//!
//! spec: model#type-unification
//!
//! The model's rules, applied to the whole list at once (which is what
//! their transitivity amounts to):
//!
//! - the dynamic pseudo-type gives way to any other type, and is the result
//!   only when every input is dynamic;
//! - number and bool unify with string as string (number with bool alone
//!   has no rule, and no result, as in the reference);
//! - collections of one kind unify by their element types; list and set
//!   give list; list, set and tuple give tuple; map and object give object;
//! - object types unify to the union of their attributes, common attributes
//!   unified; tuple types of one length unify element by element. Tuples of
//!   different lengths have no tuple in common; they unify, with any lists
//!   and sets, to the list of all their element types, the least type of
//!   the lattice above them (D-unify-tuple-lengths).
//!
//! Finally every input must convert to the result, or there is none; and
//! since the model prefers safe conversions, where not every input converts
//! safely to that result but every one does to the result that prefers
//! lists, sets and maps wherever tuples or objects meet them, that one is
//! the answer (see `unify_in`). Where
//! this differs from the reference (which prefers map over object and list
//! over tuple, and makes objects with different attributes a map), see
//! docs/deviations.md, D-unification.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::types::all;
use super::{ConversionError, Safety};
use crate::memo::{memoized, Memo};
use crate::meter::{Meter, StepLimitReached};
use crate::value::{fans_out, type_node_id, ObjectType, Type, Value};

/// The type all of `types` unify to, or `None` when there is none. An
/// empty list unifies to the dynamic pseudo-type.
///
/// ```
/// use hcl_native::convert::unify;
/// use hcl_native::value::Type;
///
/// assert_eq!(unify(&[Type::Number, Type::String]), Some(Type::String));
/// assert_eq!(unify(&[Type::Number, Type::Bool]), None);
/// let a = Type::object([("a", Type::Number)]);
/// let b = Type::object([("b", Type::String)]);
/// assert_eq!(
///     unify(&[a, b]),
///     Some(Type::object([("a", Type::Number), ("b", Type::String)]))
/// );
/// // a list converts to a tuple only unsafely: the list of all the
/// // elements is the safe answer
/// assert_eq!(
///     unify(&[Type::list(Type::Number), Type::tuple(vec![Type::String])]),
///     Some(Type::list(Type::String))
/// );
/// // tuples alone keep the tuple
/// assert_eq!(
///     unify(&[Type::tuple(vec![Type::Number]), Type::tuple(vec![Type::String])]),
///     Some(Type::tuple(vec![Type::String]))
/// );
/// ```
pub fn unify(types: &[Type]) -> Option<Type> {
    // an unlimited meter never runs out: the answer is always worked out
    unify_in(types, &Meter::unlimited())
}

/// [`unify`], counting the types visited on `meter`: an error once it
/// runs out.
pub(crate) fn unify_metered(types: &[Type], meter: &Meter) -> Result<Option<Type>, StepLimitReached> {
    let r = unify_in(types, meter);
    meter.answer(r)
}

pub(super) fn unify_in(types: &[Type], m: &Meter) -> Option<Type> {
    // Identical types (the common case: both results of a conditional)
    // unify to themselves.
    if let Some(first) = types.first() {
        if types.iter().all(|t| t == first) {
            return Some(first.clone());
        }
    }
    // spec: model#type-unification
    // The rules prefer a tuple among lists and sets, an object among maps;
    // but a list converts to a tuple, and a map to an object, only unsafely
    // (their lengths and keys must match). The model gives preference to
    // safe conversions: when not every input converts safely to the
    // preferred answer, the answer that prefers the collections everywhere
    // is taken where every input converts safely to it
    // (`var.x == null ? [] : var.x` is the list `var.x` is). Failing both,
    // an answer every input converts to at all, the collection first.
    // The checks are made once, here: each recurses through every part,
    // so it also covers the parts unified below (checking them again at
    // every level would cost the square of the depth).
    let preferred = unify_parts(types, Prefer::Structures, m);
    let converts = |to: &Type| all(types.iter().map(|t| (t, to)), m);
    let preferred_safety = preferred.as_ref().and_then(&converts);
    if preferred_safety == Some(Safety::Safe) {
        return preferred;
    }
    // Otherwise the collection answer whenever every input converts to it:
    // safely, or, neither answer being safe for every input, because it is
    // the more general type (a tuple goes into a set, merging equal
    // elements, where a set of another length cannot become the tuple), as
    // the reference also has it (`cond ? toset(xs) : []` is a set).
    let collections = unify_parts(types, Prefer::Collections, m).filter(|c| Some(c) != preferred.as_ref());
    if collections.as_ref().and_then(&converts).is_some() {
        collections
    } else {
        preferred_safety.and(preferred)
    }
}

/// Which kind the rules prefer where tuples meet lists or sets and objects
/// meet maps: the model's (tuple, object), or the collections'.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Prefer {
    Structures,
    Collections,
}

/// The unification by the rules alone, before the final check.
fn unify_parts(types: &[Type], prefer: Prefer, m: &Meter) -> Option<Type> {
    // memoised where one of the types fans out (see `memo`)
    let key = types
        .iter()
        .any(fans_out)
        .then(|| {
            let mut key = types.iter().map(type_node_id).collect::<Option<Vec<usize>>>()?;
            key.push(prefer as usize);
            Some(key)
        })
        .flatten();
    crate::stack::with_stack(|| {
        memoized(
            &UNIFIED,
            key,
            || unify_kinds(types, prefer, m),
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

fn unify_kinds(types: &[Type], prefer: Prefer, m: &Meter) -> Option<Type> {
    // Types share parts as values do, and unifying visits every
    // occurrence: in an evaluation it costs steps.
    if !m.walk(types.len() as u64) {
        return None;
    }
    let concrete: Vec<&Type> = types.iter().filter(|t| **t != Type::Dynamic).collect();
    let Some(first) = concrete.first() else {
        return Some(Type::Dynamic);
    };
    if concrete.iter().all(|t| t.surely_identical(first)) {
        return Some((*first).clone());
    }
    let kinds = |f: fn(&Type) -> bool| concrete.iter().all(|t| f(t));
    if kinds(Type::is_primitive) {
        return concrete.iter().any(|t| **t == Type::String).then_some(Type::String);
    }
    if kinds(|t| matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_))) {
        return unify_sequences(&concrete, prefer, m);
    }
    if kinds(|t| matches!(t, Type::Map(_) | Type::Object(_))) {
        return unify_mappings(&concrete, prefer, m);
    }
    None
}

fn unify_sequences(types: &[&Type], prefer: Prefer, m: &Meter) -> Option<Type> {
    let tuples: Vec<&[Type]> = types.iter().filter_map(|t| t.tuple_elements()).collect();
    let collection_elements: Vec<Type> = types.iter().filter_map(|t| t.element_type()).cloned().collect();
    if prefer == Prefer::Collections && !collection_elements.is_empty() {
        // the list (or, all collections being sets, the set) of all the
        // elements, tuples' included
        let mut elements = collection_elements;
        for t in &tuples {
            elements.extend(t.iter().cloned());
        }
        let element = unify_parts(&elements, prefer, m)?;
        let all_sets = types.iter().all(|t| matches!(t, Type::Set(_) | Type::Tuple(_)));
        return Some(if all_sets {
            Type::set(element)
        } else {
            Type::list(element)
        });
    }
    let same_length = tuples.windows(2).all(|w| w[0].len() == w[1].len());
    if let (Some(first), true) = (tuples.first(), same_length) {
        let elements = (0..first.len())
            .map(|i| {
                let mut at_i: Vec<Type> = tuples.iter().map(|t| t[i].clone()).collect();
                at_i.extend(collection_elements.iter().cloned());
                unify_parts(&at_i, prefer, m)
            })
            .collect::<Option<Vec<_>>>()?;
        return Some(Type::tuple(elements));
    }
    let mut all_elements = collection_elements;
    for t in &tuples {
        all_elements.extend(t.iter().cloned());
    }
    let element = unify_parts(&all_elements, prefer, m)?;
    if tuples.is_empty() && types.iter().all(|t| matches!(t, Type::Set(_))) {
        Some(Type::set(element))
    } else {
        Some(Type::list(element))
    }
}

fn unify_mappings(types: &[&Type], prefer: Prefer, m: &Meter) -> Option<Type> {
    let map_elements: Vec<Type> = types.iter().filter_map(|t| t.element_type()).cloned().collect();
    let objects: Vec<&ObjectType> = types.iter().filter_map(|t| t.object_type()).collect();
    if objects.is_empty() {
        return Some(Type::map(unify_parts(&map_elements, prefer, m)?));
    }
    if prefer == Prefer::Collections && !map_elements.is_empty() {
        // the map of all the elements' and attributes' types
        let mut elements = map_elements;
        for o in &objects {
            elements.extend(o.attributes().iter().map(|(_, t)| t.clone()));
        }
        return Some(Type::map(unify_parts(&elements, prefer, m)?));
    }
    // The union of the attributes; each attribute's candidates are its
    // types in the objects that have it plus every map's element type.
    let mut attrs: BTreeMap<Arc<str>, Vec<Type>> = BTreeMap::new();
    for o in &objects {
        for (name, t) in o.attributes() {
            attrs
                .entry(name.clone())
                .or_insert_with(|| map_elements.clone())
                .push(t.clone());
        }
    }
    let attrs = attrs
        .into_iter()
        .map(|(name, ts)| Some((name, unify_parts(&ts, prefer, m)?)))
        .collect::<Option<Vec<_>>>()?;
    Some(Type::Object(Arc::new(ObjectType::from_sorted(attrs))))
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
