//! Collection functions: `length`, `concat`, `keys`, `values`, `coalesce`,
//! `reverse` and `element`.

use super::list_result;
use crate::convert::{convert_metered, unify_metered};
use crate::function::{Function, FunctionError, Parameter};
use crate::number::Number;
use crate::value::{Type, Value, ValueRef};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("coalesce", coalesce),
    ("concat", concat),
    ("element", element),
    ("keys", keys),
    ("length", length),
    ("reverse", reverse),
    ("values", values),
];

/// `length(collection)`: the number of elements of a list, set, map or
/// tuple (not of an object or a string). A tuple's length is known even
/// when the tuple is not; a set with unknown elements has an unknown length
/// unless it holds a single element, since unknown elements may turn out
/// equal to others.
pub(super) fn length() -> Function {
    Function::builder()
        .param(Parameter::new("collection", Type::Dynamic).allow_dynamic())
        .returns_with(|args| match &args[0].ty() {
            Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Dynamic => Ok(Type::Number),
            _ => Err(FunctionError::new("collection must be a list, a map or a tuple")),
        })
        .implementation(|args, _| {
            let v = &args[0];
            let known_length = match (v.kind(), &v.ty()) {
                (ValueRef::Set(items), _) if items.len() != 1 && !v.is_wholly_known() => None,
                (_, Type::Tuple(elements)) => Some(elements.len()),
                _ => v.length(),
            };
            Ok(known_length.map_or(Value::unknown(Type::Number), |n| Value::from(Number::from(n))))
        })
}

/// `concat(seqs...)`: the elements of all the given lists and tuples, in
/// order. When every argument is a list and their types unify, the result
/// is a list of the unified type; otherwise it is a tuple, whose type needs
/// every list argument to be known (or the result type is dynamic).
pub(super) fn concat() -> Function {
    Function::builder()
        .variadic(Parameter::new("seqs", Type::Dynamic))
        .metered_returns_with(|args, m| {
            if args.is_empty() {
                return Err(FunctionError::new("at least one argument is required"));
            }
            let types: Vec<Type> = args.iter().map(Value::ty).collect();
            if types.iter().all(|t| matches!(t, Type::List(_))) {
                if let Some(common) = unify_metered(&types, m)? {
                    return Ok(common);
                }
            }
            let mut elements = Vec::new();
            for (i, (v, t)) in args.iter().zip(&types).enumerate() {
                match t {
                    Type::Tuple(ts) => {
                        m.spend(ts.len() as u64)?;
                        elements.extend(ts.iter().cloned())
                    }
                    Type::List(e) => match v.length() {
                        Some(n) => {
                            // counted before it is built (see below)
                            m.spend(n as u64)?;
                            elements.extend(std::iter::repeat_n((**e).clone(), n))
                        }
                        None => return Ok(Type::Dynamic),
                    },
                    _ => {
                        return Err(FunctionError::argument(
                            i,
                            format!("all arguments must be lists or tuples; got {}", t.friendly_name()),
                        ))
                    }
                }
            }
            Ok(Type::tuple(elements))
        })
        .metered_implementation(|args, result_type, m| {
            // One list passed many times can make a result far larger than
            // the arguments: its length is counted against the step limit
            // before it is built.
            let total: usize = args.iter().filter_map(Value::length).sum();
            m.spend(total as u64)?;
            let mut items = Vec::new();
            match result_type {
                Type::List(element) => {
                    for (i, list) in args.iter().enumerate() {
                        let list = convert_metered(list, result_type, m)?
                            .map_err(|e| FunctionError::argument(i, e.to_string()))?;
                        items.extend(list.elements().unwrap_or_default().iter().cloned());
                    }
                    list_result((**element).clone(), items)
                }
                _ => {
                    for seq in args {
                        items.extend(seq.elements().unwrap_or_default().iter().cloned());
                    }
                    Ok(Value::tuple(items))
                }
            }
        })
}

/// `keys(inputMap)`: the keys of a map (a list of strings) or the attribute
/// names of an object (a tuple of strings), in lexicographic order. An
/// object's names are known from its type, even when the object is not.
pub(super) fn keys() -> Function {
    Function::builder()
        .param(Parameter::new("inputMap", Type::Dynamic).allow_unknown())
        .returns_with(|args| match &args[0].ty() {
            Type::Map(_) => Ok(Type::list(Type::String)),
            Type::Object(o) => Ok(Type::tuple(vec![Type::String; o.attributes().len()])),
            _ => Err(FunctionError::argument(0, "must have map or object type")),
        })
        .implementation(|args, result_type| {
            let v = &args[0];
            match &v.ty() {
                Type::Object(o) => Ok(Value::tuple(
                    o.attributes().iter().map(|(name, _)| Value::from(&**name)).collect(),
                )),
                _ => match v.entries() {
                    Some(entries) => {
                        list_result(Type::String, entries.iter().map(|(k, _)| Value::from(&**k)).collect())
                    }
                    None => Ok(Value::unknown(result_type.clone())),
                },
            }
        })
}

/// `values(mapping)`: the element values of a map (a list) or the
/// attribute values of an object (a tuple), in lexicographic order of
/// their keys.
pub(super) fn values() -> Function {
    Function::builder()
        .param(Parameter::new("mapping", Type::Dynamic))
        .returns_with(|args| match &args[0].ty() {
            Type::Map(e) => Ok(Type::list((**e).clone())),
            Type::Object(o) => Ok(Type::tuple(o.attributes().iter().map(|(_, t)| t.clone()).collect())),
            _ => Err(FunctionError::new("values() requires a map as the first argument")),
        })
        .implementation(|args, result_type| {
            let items: Vec<Value> = args[0]
                .entries()
                .unwrap_or_default()
                .iter()
                .map(|(_, v)| v.clone())
                .collect();
            match result_type {
                Type::List(e) => list_result((**e).clone(), items),
                _ => Ok(Value::tuple(items)),
            }
        })
}

/// `coalesce(vals...)`: the first argument that is not null, converted to
/// the type all the arguments unify to. Unknown while an unknown argument
/// comes before the first non-null known one; an error when every argument
/// is null or their types do not unify.
pub(super) fn coalesce() -> Function {
    Function::builder()
        .variadic(
            Parameter::new("vals", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic()
                .allow_null(),
        )
        .metered_returns_with(|args, m| {
            let types: Vec<Type> = args.iter().map(Value::ty).collect();
            match unify_metered(&types, m)? {
                Some(t) if !types.is_empty() => Ok(t),
                _ => Err(FunctionError::new("all arguments must have the same type")),
            }
        })
        .metered_implementation(|args, result_type, m| {
            for v in args {
                if !v.is_known() {
                    return Ok(Value::unknown(result_type.clone()));
                }
                if !v.is_null() {
                    return convert_metered(v, result_type, m)?.map_err(|e| FunctionError::new(e.to_string()));
                }
            }
            Err(FunctionError::new("no non-null arguments"))
        })
}

/// `reverse(list)`: the elements of a list, set or tuple in reverse order
/// (a set gives a list; a tuple a tuple of the reversed element types).
pub(super) fn reverse() -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::Dynamic))
        .returns_with(|args| match &args[0].ty() {
            Type::Tuple(ts) => Ok(Type::tuple(ts.iter().rev().cloned().collect())),
            Type::List(e) | Type::Set(e) => Ok(Type::list((**e).clone())),
            t => Err(FunctionError::argument(
                0,
                format!("can only reverse list or tuple values, not {}", t.friendly_name()),
            )),
        })
        .implementation(|args, result_type| {
            let items: Vec<Value> = args[0].elements().unwrap_or_default().iter().rev().cloned().collect();
            match result_type {
                Type::List(e) => list_result((**e).clone(), items),
                _ => Ok(Value::tuple(items)),
            }
        })
}

const INVALID_INDEX: &str =
    "invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// `element(list, index)`: the element of a list or tuple at `index`,
/// counted modulo the length (so the index wraps around). A negative
/// index, a fractional one and an empty list are errors. With a tuple and
/// an unknown index the result type is dynamic.
pub(super) fn element() -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("index", Type::Number).allow_dynamic())
        .returns_with(|args| {
            let (list, index) = (&args[0], &args[1]);
            if index.as_number().is_some_and(|n| n.signum() < 0) {
                return Err(FunctionError::new("cannot use element function with a negative index"));
            }
            match &list.ty() {
                Type::List(e) => Ok((**e).clone()),
                Type::Tuple(ts) => {
                    let Some(n) = index.as_number() else {
                        return Ok(Type::Dynamic);
                    };
                    let i = n.to_i64().ok_or_else(|| FunctionError::new(INVALID_INDEX))?;
                    if ts.is_empty() {
                        return Err(FunctionError::new("cannot use element function with an empty list"));
                    }
                    Ok(ts[wrap(i, ts.len())].clone())
                }
                t => Err(FunctionError::new(format!(
                    "cannot read elements from {}",
                    t.friendly_name()
                ))),
            }
        })
        .implementation(|args, result_type| {
            let i = args[1]
                .as_number()
                .and_then(Number::to_i64)
                .ok_or_else(|| FunctionError::new(INVALID_INDEX))?;
            if i < 0 {
                return Err(FunctionError::new("cannot use element function with a negative index"));
            }
            let Some(items) = args[0].elements() else {
                return Ok(Value::unknown(result_type.clone()));
            };
            if items.is_empty() {
                return Err(FunctionError::new("cannot use element function with an empty list"));
            }
            items
                .get(wrap(i, items.len()))
                .cloned()
                .ok_or_else(|| internal_index(i, items.len()))
        })
}

/// A non-negative index modulo a non-zero length.
fn wrap(i: i64, len: usize) -> usize {
    (i.unsigned_abs() % len as u64) as usize
}

fn internal_index(i: i64, len: usize) -> FunctionError {
    FunctionError::new(format!("internal error: index {i} out of range for length {len}"))
}
