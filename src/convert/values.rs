//! Converting values.
//!
//! spec: model#type-conversions-and-unification

use std::sync::Arc;

use super::error::{ConversionError, PathStep};
use super::types::{converted_type_in, safety_in, single_element_type};
use crate::memo::{memoized, PairMemo};
use crate::meter::Meter;
use crate::number::Number;
use crate::value::equality::{node_id, parts};
use crate::value::{type_node_id, Type, Value, ValueRef};

fn mismatch(to: &Type) -> ConversionError {
    ConversionError::new(format!("{} is required", to.friendly_name_with_article()))
}

/// Converts `v` to `to` (a type specification: its dynamic parts accept
/// anything), allowing unsafe conversions.
///
/// Each pair of a shared part of the value and a part of the type is
/// converted once (see `memo`).
pub(super) fn convert_value(v: &Value, to: &Type, m: &Meter) -> Result<Value, ConversionError> {
    if parts(v).is_none() {
        // nothing below to meet twice
        return crate::stack::with_stack(|| convert_here(v, to, m));
    }
    crate::stack::with_stack(|| {
        memoized(
            &CONVERTED,
            node_id(v).zip(type_node_id(to)),
            || convert_here(v, to, m),
            |r| (v.clone(), to.clone(), r.clone()),
            |e| e.2.clone(),
        )
    })
}

thread_local! {
    static CONVERTED: PairMemo<Value, Type, Result<Value, ConversionError>> = const { PairMemo::new() };
}

fn convert_here(v: &Value, to: &Type, m: &Meter) -> Result<Value, ConversionError> {
    // spec: model#conversion-to-and-from-the-dynamic-pseudo-type
    if *to == Type::Dynamic {
        return Ok(v.clone());
    }
    // spec: model#type-conversions-and-unification
    if v.ty().surely_identical(to) {
        return Ok(v.clone());
    }
    // A value may hold one big part many times, and converting visits
    // every occurrence: in an evaluation it costs steps.
    if !m.walk(1 + parts(v).unwrap_or(0)) {
        return Err(mismatch(to));
    }
    let from = v.ty();
    match v.kind() {
        // spec: model#conversion-of-null-values
        ValueRef::Null(_) => Ok(Value::null(
            converted_type_in(&from, to, m).unwrap_or_else(|| to.without_optional_attributes()),
        )),
        // spec: model#unknown-values-and-the-dynamic-pseudo-type
        ValueRef::Unknown(_) => converted_type_in(&from, to, m).map(Value::unknown).ok_or_else(|| mismatch(to)),
        ValueRef::Bool(b) => match to {
            // spec: model#primitive-type-conversions
            Type::String => Ok(Value::string(if b { "true" } else { "false" })),
            _ => Err(mismatch(to)),
        },
        ValueRef::Number(n) => match to {
            Type::String => {
                // printing a fraction or a big number is work: charged to
                // the meter of the call or walk running
                m.walk(n.print_work());
                Ok(Value::from(n.to_string()))
            }
            _ => Err(mismatch(to)),
        },
        ValueRef::String(s) => match to {
            Type::Number => s.parse::<Number>().map(Value::number).map_err(|_| {
                ConversionError::new(format!(
                    "cannot convert {} to number: a decimal number is required (digits, optionally a leading \"-\" and a fraction)",
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
            _ => Err(mismatch(to)),
        },
        ValueRef::List(items) | ValueRef::Set(items) => sequence(v, &from, items, to, m),
        ValueRef::Tuple(items) => tuple(&from, items, to, m),
        ValueRef::Map(entries) => map(entries, &from, to, m),
        ValueRef::Object(entries) => object(entries, &from, to, m),
        ValueRef::Capsule(_) => Err(mismatch(to)),
    }
}

fn elements(items: &[Value], to: &Type, m: &Meter) -> Result<Vec<Value>, ConversionError> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| convert_value(item, to, m).map_err(|e| e.within(PathStep::Index(i))))
        .collect()
}

fn result_type(from: &Type, to: &Type, m: &Meter) -> Result<Type, ConversionError> {
    converted_type_in(from, to, m).ok_or_else(|| mismatch(to))
}

/// From a list or set.
fn sequence(v: &Value, from: &Type, items: &[Value], to: &Type, m: &Meter) -> Result<Value, ConversionError> {
    // spec: model#collection-and-structural-type-conversions
    let from_element = from.element_type().expect("a list or set type");
    match to {
        Type::List(e) | Type::Set(e) => {
            let converted = elements(items, e, m)?;
            // Elements of one type convert to one type; the type of the
            // first says it without working it out again.
            let ty = match converted.first() {
                None => result_type(from, to, m)?,
                Some(_) if e.surely_without_dynamic() => to.without_optional_attributes(),
                Some(first) if matches!(to, Type::List(_)) => Type::list(first.ty()),
                Some(first) => Type::set(first.ty()),
            };
            if matches!(to, Type::List(_)) {
                Ok(Value::list_unchecked(ty, converted))
            } else {
                let element = ty.element_type().expect("a set type").clone();
                Ok(Value::set_unchecked(&element, ty, converted, m))
            }
        }
        Type::Tuple(ts) => {
            if items.len() != ts.len() {
                let kind = if matches!(v.kind(), ValueRef::Set(_)) {
                    "set"
                } else {
                    "list"
                };
                return Err(ConversionError::new(format!(
                    "a tuple of {} element{} is required, but the {kind} has {}",
                    ts.len(),
                    if ts.len() == 1 { "" } else { "s" },
                    items.len()
                )));
            }
            if let Some(t) = ts.iter().find(|t| safety_in(from_element, t, m).is_none()) {
                return Err(ConversionError::new(format!(
                    "{} is required, and the {} has no conversion to {}",
                    to.friendly_name_with_article(),
                    from.message_text(),
                    t.message_text()
                )));
            }
            let converted = items
                .iter()
                .zip(ts.iter())
                .enumerate()
                .map(|(i, (item, t))| convert_value(item, t, m).map_err(|e| e.within(PathStep::Index(i))))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::tuple(converted))
        }
        _ => Err(mismatch(to)),
    }
}

/// The error for parts with no single type to collect into `to`.
fn no_common_type<'a>(to: &Type, what: &str, types: impl Iterator<Item = &'a Type>) -> ConversionError {
    let mut names: Vec<String> = types.map(Type::to_string).collect();
    names.sort();
    names.dedup();
    ConversionError::new(format!(
        "{} is required, but the {what} have types with no common type ({})",
        to.friendly_name_with_article(),
        names.join(", ")
    ))
}

/// From a tuple.
fn tuple(from: &Type, items: &[Value], to: &Type, m: &Meter) -> Result<Value, ConversionError> {
    let from_types = from.tuple_elements().expect("a tuple type");
    match to {
        Type::List(e) | Type::Set(e) => {
            // With a dynamic element type the elements must first agree on
            // one type (the unification of what they convert to).
            let element = single_element_type(from_types.iter(), e, m)
                .ok_or_else(|| no_common_type(to, "elements", from_types.iter()))?;
            let converted = elements(items, &element, m)?;
            let element = element.without_optional_attributes();
            if matches!(to, Type::List(_)) {
                Ok(Value::list_unchecked(
                    collection_type(to, element, Type::list),
                    converted,
                ))
            } else {
                let ty = collection_type(to, element.clone(), Type::set);
                Ok(Value::set_unchecked(&element, ty, converted, m))
            }
        }
        Type::Tuple(ts) if ts.len() == items.len() => Ok(Value::tuple(
            items
                .iter()
                .zip(ts.iter())
                .enumerate()
                .map(|(i, (item, t))| convert_value(item, t, m).map_err(|e| e.within(PathStep::Index(i))))
                .collect::<Result<Vec<_>, _>>()?,
        )),
        Type::Tuple(ts) => Err(ConversionError::new(format!(
            "a tuple of {} element{} is required, but this one has {}",
            ts.len(),
            if ts.len() == 1 { "" } else { "s" },
            items.len()
        ))),
        _ => Err(mismatch(to)),
    }
}

/// From a map.
fn map(entries: &[(Arc<str>, Value)], from: &Type, to: &Type, m: &Meter) -> Result<Value, ConversionError> {
    match to {
        Type::Map(e) => {
            let converted = entries
                .iter()
                .map(|(k, v)| {
                    Ok((
                        k.clone(),
                        convert_value(v, e, m).map_err(|err| err.within(PathStep::Key(k.clone())))?,
                    ))
                })
                .collect::<Result<Vec<_>, ConversionError>>()?;
            let ty = match converted.first() {
                None => result_type(from, to, m)?,
                Some(_) if e.surely_without_dynamic() => to.without_optional_attributes(),
                Some((_, first)) => Type::map(first.ty()),
            };
            Ok(Value::map_unchecked(ty, converted))
        }
        Type::Object(o) => {
            result_type(from, to, m)?;
            // The keys must be exactly the attributes.
            if let Some((k, _)) = entries.iter().find(|(k, _)| o.attribute(k).is_none()) {
                return Err(ConversionError::new(format!(
                    "{} is required, and it has no attribute {}",
                    to.friendly_name_with_article(),
                    crate::diagnostic::quoted(k)
                )));
            }
            let mut out = Vec::with_capacity(o.attributes().len());
            for (at, (name, t)) in o.attributes().iter().enumerate() {
                let v = match entries.binary_search_by(|(k, _)| k.cmp(name)) {
                    Ok(i) => {
                        convert_value(&entries[i].1, t, m).map_err(|e| e.within(PathStep::Attribute(name.clone())))?
                    }
                    // an optional attribute the map lacks becomes null
                    Err(_) if o.is_optional_at(at) => Value::null(t.without_optional_attributes()),
                    Err(_) => {
                        return Err(ConversionError::new(format!(
                            "attribute {} is required",
                            crate::diagnostic::quoted(name)
                        )))
                    }
                };
                out.push((name.clone(), v));
            }
            Ok(object_result(to, out))
        }
        _ => Err(mismatch(to)),
    }
}

/// From an object.
fn object(entries: &[(Arc<str>, Value)], from: &Type, to: &Type, m: &Meter) -> Result<Value, ConversionError> {
    match to {
        Type::Map(e) => {
            let attr_types = from.object_type().expect("an object type").attributes();
            let element = single_element_type(attr_types.iter().map(|(_, t)| t), e, m)
                .ok_or_else(|| no_common_type(to, "attributes", attr_types.iter().map(|(_, t)| t)))?;
            let converted = entries
                .iter()
                .map(|(k, v)| {
                    Ok((
                        k.clone(),
                        convert_value(v, &element, m).map_err(|err| err.within(PathStep::Attribute(k.clone())))?,
                    ))
                })
                .collect::<Result<Vec<_>, ConversionError>>()?;
            Ok(Value::map_unchecked(
                collection_type(to, element.without_optional_attributes(), Type::map),
                converted,
            ))
        }
        Type::Object(o) => {
            // The result may have many more attributes than the object (a
            // null for each one it lacks): n objects of one attribute each,
            // converted to the type they unify to, build n² attributes.
            // Building them costs steps, like visiting the parts.
            if !m.walk(o.attributes().len() as u64) {
                return Err(mismatch(to));
            }
            let mut out = Vec::with_capacity(o.attributes().len());
            for (name, t) in o.attributes() {
                let v = match entries.binary_search_by(|(k, _)| k.cmp(name)) {
                    Ok(i) => {
                        convert_value(&entries[i].1, t, m).map_err(|e| e.within(PathStep::Attribute(name.clone())))?
                    }
                    // A missing attribute becomes null.
                    Err(_) => Value::null(t.without_optional_attributes()),
                };
                out.push((name.clone(), v));
            }
            Ok(object_result(to, out))
        }
        _ => Err(mismatch(to)),
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
