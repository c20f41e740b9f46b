//! Converting values, by the reference's rules (see `types`).
//!
//! spec: model#type-conversions-and-unification

use std::sync::Arc;

use super::error::{mismatch_message, ConversionError, PathStep};
use super::types::{dynamic_replace, exists, tuple_element_type};
use super::unify::unify_in;
use crate::memo::{memoized, Memo};
use crate::meter::Meter;
use crate::number::Number;
use crate::value::equality::{definitely_not_null, node_id, parts};
use crate::value::{length_bounds, type_node_id, unknown_with, Refinement, Type, Value, ValueRef, MAX_LENGTH};

/// Converts `v` to `to` (a type specification: its dynamic parts accept
/// anything), allowing unsafe conversions when `unsafe_`: the reference's
/// `convert.Convert`. Whether a conversion exists is decided by the types
/// alone, before any part is converted; a null or unknown value converts
/// only where its type does.
pub(super) fn convert_value(v: &Value, to: &Type, unsafe_: bool, m: &Meter) -> Result<Value, ConversionError> {
    let from = v.ty();
    // A value whose type already matches the specification converts to
    // itself: no walk over its parts (checked once here, not at every
    // level below). The one exception, an empty collection whose wanted
    // element type is not just the dynamic pseudo-type (it takes that
    // type, as in the reference), is looked for at the top only.
    if from.matches(to) && !empty_retyped(v, to) {
        return Ok(v.clone());
    }
    if !exists(&from, to, unsafe_, m) {
        return Err(ConversionError::new(mismatch_message(&from, to, m)));
    }
    apply(v, to, unsafe_, m)
}

/// Whether `v` is an empty list, set or map that a conversion to `to`
/// gives `to`'s element type rather than its own.
fn empty_retyped(v: &Value, to: &Type) -> bool {
    v.length() == Some(0)
        && matches!(v.kind(), ValueRef::List(_) | ValueRef::Set(_) | ValueRef::Map(_))
        && to.element_type().is_some_and(|e| *e != Type::Dynamic && v.ty() != *to)
}

/// Converts `v` to `to`, a conversion of their types being known to exist.
///
/// Each pair of a shared part of the value and a part of the type is
/// converted once (see `memo`).
fn apply(v: &Value, to: &Type, unsafe_: bool, m: &Meter) -> Result<Value, ConversionError> {
    if parts(v).is_none() {
        // nothing below to meet twice
        return crate::stack::with_stack(|| apply_here(v, to, unsafe_, m));
    }
    crate::stack::with_stack(|| {
        memoized(
            &CONVERTED,
            node_id(v).zip(type_node_id(to)).map(|(v, t)| (v, t, unsafe_)),
            || apply_here(v, to, unsafe_, m),
            |r| (v.clone(), to.clone(), r.clone()),
            |e| e.2.clone(),
        )
    })
}

/// Conversions of shared parts, by the nodes of the value and the type.
type ConvertedMemo = Memo<(usize, usize, bool), (Value, Type, Result<Value, ConversionError>)>;

thread_local! {
    static CONVERTED: ConvertedMemo = const { Memo::new() };
}

/// An unknown value converted to `to`: unknown, with what the source's
/// range says of the result (go-cty's `prepareUnknownResult`): not null
/// where the source is certainly not null, and the length that a
/// conversion keeps (an object's attribute count for a map, a tuple's
/// length for a list; for a set, at most so many and at least one where
/// there was one; a collection's length bounds for another collection).
///
/// spec: model#unknown-values-and-the-dynamic-pseudo-type
fn unknown_result(v: &Value, from: &Type, to: Type) -> Value {
    let set = matches!(to, Type::Set(_));
    let (min, max) = match (from, &to) {
        (Type::Object(o), Type::Map(_)) => (o.attributes().len() as u64, o.attributes().len() as u64),
        (Type::Tuple(t), Type::List(_)) => (t.len() as u64, t.len() as u64),
        (Type::Tuple(t), Type::Set(_)) => match t.len() as u64 {
            l @ (0 | 1) => (l, l),
            l => (1, l),
        },
        (Type::List(_) | Type::Set(_) | Type::Map(_), Type::List(_) | Type::Set(_) | Type::Map(_)) => {
            let (min, max) = length_bounds(v);
            (if set { min.min(1) } else { min }, max)
        }
        // no length: not null alone, or nothing
        _ => (0, MAX_LENGTH),
    };
    unknown_with(to, Refinement::length(definitely_not_null(v), min, max))
}

fn required(to: &Type) -> ConversionError {
    ConversionError::new(format!("{} is required", to.friendly_name_with_article()))
}

fn apply_here(v: &Value, to: &Type, unsafe_: bool, m: &Meter) -> Result<Value, ConversionError> {
    // spec: model#conversion-to-and-from-the-dynamic-pseudo-type
    if *to == Type::Dynamic {
        return Ok(v.clone());
    }
    let from = v.ty();
    // spec: model#type-conversions-and-unification
    if from.surely_identical(to) {
        return Ok(v.clone());
    }
    // A value may hold one big part many times, and converting visits
    // every occurrence: in an evaluation it costs steps.
    if !m.walk(1 + parts(v).unwrap_or(0)) {
        return Err(required(to));
    }
    match v.kind() {
        // spec: model#conversion-of-null-values
        ValueRef::Null(_) => Ok(Value::null(dynamic_replace(
            &from,
            &to.without_optional_attributes(),
            m,
        ))),
        // spec: model#unknown-values-and-the-dynamic-pseudo-type
        ValueRef::Unknown(_) => {
            let u = unknown_result(v, &from, dynamic_replace(&from, &to.without_optional_attributes(), m));
            // a length the refinement fixes makes a list of unknown
            // elements: built, so paid for
            m.walk(parts(&u).unwrap_or(0));
            Ok(u)
        }
        ValueRef::Bool(b) => match to {
            // spec: model#primitive-type-conversions
            Type::String => Ok(Value::string(if b { "true" } else { "false" })),
            _ => Err(required(to)),
        },
        ValueRef::Number(n) => match to {
            Type::String => {
                // printing a fraction or a big number is work: charged to
                // the meter of the call or walk running
                m.walk(n.print_work());
                Ok(Value::from(n.to_string()))
            }
            _ => Err(required(to)),
        },
        ValueRef::String(s) => match to {
            Type::Number => Number::from_number_text(s).map(Value::number).map_err(|_| {
                ConversionError::new(format!(
                    "cannot convert {} to number: a number is required",
                    crate::diagnostic::quoted(s)
                ))
            }),
            Type::Bool => match s {
                "true" | "1" => Ok(Value::bool(true)),
                "false" | "0" => Ok(Value::bool(false)),
                _ => Err(ConversionError::new(format!(
                    "cannot convert {} to bool: only \"true\", \"false\", \"1\" and \"0\" are allowed",
                    crate::diagnostic::quoted(s)
                ))),
            },
            _ => Err(required(to)),
        },
        ValueRef::List(items) | ValueRef::Set(items) => sequence(v, &from, items, to, unsafe_, m),
        ValueRef::Tuple(items) => tuple(&from, items, to, unsafe_, m),
        ValueRef::Map(entries) => map(&from, entries, to, unsafe_, m),
        ValueRef::Object(entries) => object(&from, entries, to, unsafe_, m),
        ValueRef::Capsule(_) => Err(required(to)),
    }
}

/// Converts the parts `items` to `element` each (with their positions in
/// errors).
fn elements<'a>(
    items: impl Iterator<Item = &'a Value>,
    element: &Type,
    unsafe_: bool,
    m: &Meter,
) -> Result<Vec<Value>, ConversionError> {
    items
        .enumerate()
        .map(|(i, item)| apply(item, element, unsafe_, m).map_err(|e| e.within(PathStep::Index(i))))
        .collect()
}

/// The converted parts as the parts of one collection: where the element
/// type they were converted to holds the dynamic pseudo-type, their types
/// must agree, except that a null or unknown value of the dynamic
/// pseudo-type takes the type of the others (as the reference's collection
/// constructors have it). `None` when they do not agree.
fn one_type<K>(element: &Type, mut parts: Vec<(K, Value)>) -> Option<Vec<(K, Value)>> {
    if element.surely_without_dynamic() {
        return Some(parts);
    }
    let mut ty: Option<Type> = None;
    for (_, v) in &parts {
        let t = v.ty();
        if t == Type::Dynamic {
            continue;
        }
        match &ty {
            None => ty = Some(t),
            Some(first) if *first == t => {}
            Some(_) => return None,
        }
    }
    if let Some(ty) = ty {
        for (_, v) in parts.iter_mut() {
            if v.ty() == Type::Dynamic {
                *v = if v.is_null() {
                    Value::null(ty.clone())
                } else {
                    Value::unknown(ty.clone())
                };
            }
        }
    }
    Some(parts)
}

/// [`one_type`] for the parts of a list or set.
fn one_element_type(element: &Type, items: Vec<Value>, to: &Type) -> Result<Vec<Value>, ConversionError> {
    let keyed: Vec<((), Value)> = items.into_iter().map(|v| ((), v)).collect();
    match one_type(element, keyed) {
        Some(parts) => Ok(parts.into_iter().map(|(_, v)| v).collect()),
        None => Err(ConversionError::new(format!(
            "element types must all match for conversion to {}",
            if matches!(to, Type::List(_)) { "list" } else { "set" }
        ))),
    }
}

/// A list or set of `converted` parts (already of one type), with
/// `element` the element type of an empty one.
fn sequence_of(to: &Type, element: Type, converted: Vec<Value>, m: &Meter) -> Value {
    let element = match converted.iter().find(|v| v.ty() != Type::Dynamic) {
        Some(first) if !element.surely_without_dynamic() => first.ty(),
        _ => element,
    };
    match to {
        Type::List(_) => Value::list_unchecked(collection_type(to, element, Type::list), converted),
        _ => {
            let ty = collection_type(to, element.clone(), Type::set);
            Value::set_unchecked(&element, ty, converted, m)
        }
    }
}

/// From a list or set: to a list or set.
fn sequence(
    v: &Value,
    from: &Type,
    items: &[Value],
    to: &Type,
    unsafe_: bool,
    m: &Meter,
) -> Result<Value, ConversionError> {
    // spec: model#collection-and-structural-type-conversions
    let (Type::List(e) | Type::Set(e)) = to else {
        return Err(required(to));
    };
    let from_element = from.element_type().expect("a list or set type");
    // A set holding unknown values has no known length (they may equal
    // other elements): as a list it is unknown.
    // (The reference gives it the set's own element type; where the
    // wanted element type is more precise, it is kept, so that the result
    // has the wanted type.)
    if matches!(to, Type::List(_)) && matches!(v.kind(), ValueRef::Set(_)) && items.len() > 1 && !v.is_wholly_known() {
        return Ok(Value::unknown(Type::list(dynamic_replace(from_element, e, m))));
    }
    let converted = if from_element.surely_identical(e) {
        items.to_vec()
    } else {
        elements(items.iter(), e, unsafe_, m)?
    };
    let converted = one_element_type(e, converted, to)?;
    // an empty one keeps the element type it had where the wanted one is
    // dynamic
    let element = if **e == Type::Dynamic {
        from_element.clone()
    } else {
        e.without_optional_attributes()
    };
    Ok(sequence_of(to, element, converted, m))
}

/// From a tuple: to a tuple, list or set.
fn tuple(from: &Type, items: &[Value], to: &Type, unsafe_: bool, m: &Meter) -> Result<Value, ConversionError> {
    let from_types = from.tuple_elements().expect("a tuple type");
    match to {
        Type::Tuple(ts) if ts.len() == items.len() => Ok(Value::tuple(
            items
                .iter()
                .zip(ts.iter())
                .enumerate()
                .map(|(i, (item, t))| apply(item, t, unsafe_, m).map_err(|e| e.within(PathStep::Index(i))))
                .collect::<Result<Vec<_>, _>>()?,
        )),
        Type::List(e) | Type::Set(e) => {
            if items.is_empty() {
                return Ok(sequence_of(to, e.without_optional_attributes(), Vec::new(), m));
            }
            // With a dynamic element type the elements go to the type they
            // unify to.
            let element = tuple_element_type(from_types, e, unsafe_, m).ok_or_else(|| required(to))?;
            let mut converted = elements(items.iter(), &element, unsafe_, m)?;
            if matches!(to, Type::List(_)) && !element.surely_without_dynamic() {
                // the converted elements unified once more, by the types
                // they took
                converted = unified_parts(converted, unsafe_, m)?;
            }
            let converted = one_element_type(&element, converted, to)?;
            Ok(sequence_of(to, element.without_optional_attributes(), converted, m))
        }
        _ => Err(required(to)),
    }
}

/// Parts converted to the type their types unify to.
fn unified_parts(parts: Vec<Value>, unsafe_: bool, m: &Meter) -> Result<Vec<Value>, ConversionError> {
    let types: Vec<Type> = parts.iter().map(Value::ty).collect();
    let Some(ty) = unify_in(&types, unsafe_, m) else {
        return Err(ConversionError::new("cannot find a common base type for all elements"));
    };
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| convert_value(p, &ty, unsafe_, m).map_err(|e| e.within(PathStep::Index(i))))
        .collect()
}

/// Map entries converted to the type their values unify to.
fn unified_entries(
    entries: Vec<(Arc<str>, Value)>,
    unsafe_: bool,
    m: &Meter,
) -> Result<Vec<(Arc<str>, Value)>, ConversionError> {
    let types: Vec<Type> = entries.iter().map(|(_, v)| v.ty()).collect();
    let Some(ty) = unify_in(&types, unsafe_, m) else {
        return Err(ConversionError::new("cannot find a common base type for all elements"));
    };
    entries
        .into_iter()
        .map(|(k, v)| {
            let v = convert_value(&v, &ty, unsafe_, m).map_err(|e| e.within(PathStep::Key(k.clone())))?;
            Ok((k, v))
        })
        .collect()
}

/// A map of `converted` entries, with `element` the element type of an
/// empty one; an error unless the entries have one type.
fn map_of(to: &Type, element: Type, converted: Vec<(Arc<str>, Value)>, what: &str) -> Result<Value, ConversionError> {
    let Some(converted) = one_type(&element, converted) else {
        return Err(ConversionError::new(format!(
            "{what} types must all match for conversion to map"
        )));
    };
    let element = match converted.iter().find(|(_, v)| v.ty() != Type::Dynamic) {
        Some((_, first)) if !element.surely_without_dynamic() => first.ty(),
        _ => element,
    };
    Ok(Value::map_unchecked(collection_type(to, element, Type::map), converted))
}

/// From a map: to a map or object.
fn map(
    from: &Type,
    entries: &[(Arc<str>, Value)],
    to: &Type,
    unsafe_: bool,
    m: &Meter,
) -> Result<Value, ConversionError> {
    match to {
        Type::Map(e) => {
            let from_element = from.element_type().expect("a map type");
            let mut converted = entries
                .iter()
                .map(|(k, v)| {
                    Ok((
                        k.clone(),
                        apply(v, e, unsafe_, m).map_err(|err| err.within(PathStep::Key(k.clone())))?,
                    ))
                })
                .collect::<Result<Vec<_>, ConversionError>>()?;
            if entries.is_empty() {
                let element = if **e == Type::Dynamic {
                    from_element.clone()
                } else {
                    e.without_optional_attributes()
                };
                return Ok(Value::map_unchecked(
                    collection_type(to, element, Type::map),
                    Vec::new(),
                ));
            }
            if e.is_collection() || matches!(**e, Type::Object(_)) {
                // (the reference unifies these with safe conversions only)
                converted = unified_entries(converted, false, m)?;
            }
            map_of(to, e.without_optional_attributes(), converted, "element")
        }
        Type::Object(o) => {
            let element = from.element_type().expect("a map type");
            let mut out = Vec::with_capacity(o.attributes().len());
            for (at, (name, t)) in o.attributes().iter().enumerate() {
                let v = match entries.binary_search_by(|(k, _)| k.cmp(name)) {
                    Ok(i) if exists(element, t, unsafe_, m) => {
                        apply(&entries[i].1, t, unsafe_, m).map_err(|e| e.within(PathStep::Attribute(name.clone())))?
                    }
                    Ok(_) => {
                        return Err(ConversionError::new(format!(
                            "map element type is incompatible with attribute {}: {}",
                            crate::diagnostic::quoted(name),
                            mismatch_message(element, t, m)
                        )))
                    }
                    // an optional attribute the map lacks becomes null
                    Err(_) if o.is_optional_at(at) => Value::null(t.without_optional_attributes()),
                    Err(_) => {
                        return Err(ConversionError::new(format!(
                            "map has no element for required attribute {}",
                            crate::diagnostic::quoted(name)
                        )))
                    }
                };
                out.push((name.clone(), v));
            }
            // keys that are not attributes are left out
            Ok(object_result(to, out))
        }
        _ => Err(required(to)),
    }
}

/// From an object: to an object or map.
fn object(
    from: &Type,
    entries: &[(Arc<str>, Value)],
    to: &Type,
    unsafe_: bool,
    m: &Meter,
) -> Result<Value, ConversionError> {
    match to {
        Type::Map(e) => {
            if entries.is_empty() {
                return Ok(Value::map_unchecked(
                    collection_type(to, e.without_optional_attributes(), Type::map),
                    Vec::new(),
                ));
            }
            let element = if **e == Type::Dynamic {
                let attr_types: Vec<Type> = from
                    .object_type()
                    .expect("an object type")
                    .attributes()
                    .iter()
                    .map(|(_, t)| t.clone())
                    .collect();
                unify_in(&attr_types, unsafe_, m).ok_or_else(|| required(to))?
            } else {
                (**e).clone()
            };
            let mut converted = entries
                .iter()
                .map(|(k, v)| {
                    Ok((
                        k.clone(),
                        apply(v, &element, unsafe_, m).map_err(|err| err.within(PathStep::Attribute(k.clone())))?,
                    ))
                })
                .collect::<Result<Vec<_>, ConversionError>>()?;
            if element.is_collection() || matches!(element, Type::Object(_)) {
                converted = unified_entries(converted, unsafe_, m)?;
            }
            map_of(to, element.without_optional_attributes(), converted, "attribute")
        }
        Type::Object(o) => {
            // The result may have many more attributes than the object (a
            // null for each optional one it lacks): building them costs
            // steps, like visiting the parts.
            if !m.walk(o.attributes().len() as u64) {
                return Err(required(to));
            }
            let mut out = Vec::with_capacity(o.attributes().len());
            for (name, t) in o.attributes() {
                let v = match entries.binary_search_by(|(k, _)| k.cmp(name)) {
                    Ok(i) => {
                        apply(&entries[i].1, t, unsafe_, m).map_err(|e| e.within(PathStep::Attribute(name.clone())))?
                    }
                    // an optional attribute the object lacks becomes null
                    // (the conversion exists, so any other is there)
                    Err(_) => Value::null(t.without_optional_attributes()),
                };
                out.push((name.clone(), v));
            }
            // attributes the wanted type lacks are left out
            Ok(object_result(to, out))
        }
        _ => Err(required(to)),
    }
}

/// The type of a collection of `element` values converted to `to` (a
/// collection type of the kind `make` builds): `to` itself, shared rather
/// than built again for every value, when its element type is `element`.
fn collection_type(to: &Type, element: Type, make: fn(Type) -> Type) -> Type {
    match to {
        Type::List(e) | Type::Set(e) | Type::Map(e) if **e == element => to.clone(),
        _ => make(element),
    }
}

/// The converted object: of type `to` itself when it has no dynamic parts
/// (shared, not rebuilt), otherwise of the types its attributes took.
fn object_result(to: &Type, entries: Vec<(Arc<str>, Value)>) -> Value {
    if !to.surely_without_dynamic() {
        Value::object_sorted(entries)
    } else {
        Value::object_typed(to.without_optional_attributes(), entries)
    }
}
