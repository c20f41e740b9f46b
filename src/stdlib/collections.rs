//! Collection functions: `length`, `concat`, `keys`, `values`, `coalesce`,
//! `reverse`, `element`, `chunklist`, `coalescelist`, `compact`,
//! `contains`, `distinct`, `flatten`, `lookup`, `merge`, `slice`, `sort`
//! and `zipmap`.

use crate::diagnostic::quoted;
use std::collections::BTreeMap;
use std::sync::Arc;

use super::{int_arg, list_result};
use crate::convert::{convert_metered, unify_metered};
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::Meter;
use crate::number::Number;
use crate::value::{length_bounds, unknown_with, Refinement, Type, Value, ValueRef};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("chunklist", chunklist),
    ("coalesce", coalesce),
    ("coalescelist", coalescelist),
    ("compact", compact),
    ("concat", concat),
    ("contains", contains),
    ("distinct", distinct),
    ("element", element),
    ("flatten", flatten),
    ("keys", keys),
    ("length", length),
    ("lookup", lookup),
    ("merge", merge),
    ("reverse", reverse),
    ("slice", slice),
    ("sort", sort),
    ("values", values),
    ("zipmap", zipmap),
];

/// `length(collection)`: the number of elements of a list, set, map or
/// tuple (not of an object or a string). A tuple's length is known even
/// when the tuple is not; a set with unknown elements has an unknown length
/// unless it holds a single element, since unknown elements may turn out
/// equal to others. An unknown length is known not to be null and lies
/// within what is known of the collection's length (go-cty's `LengthFunc`,
/// whose parameter takes unknown values, and `Value.Length`).
pub(super) fn length() -> Function {
    Function::builder()
        .param(
            Parameter::new("collection", Type::Dynamic)
                .allow_dynamic()
                .allow_unknown(),
        )
        .returns_with(|args| match &args[0].ty() {
            Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Dynamic => Ok(Type::Number),
            _ => Err(FunctionError::new("collection must be a list, a map or a tuple")),
        })
        .result_not_null()
        .implementation(|args, _| Ok(collection_length(&args[0])))
}

/// The length of a collection or tuple as go-cty's `Value.Length` gives it:
/// a tuple's from its type; an unknown collection's (or the dynamic
/// value's) an unknown number, not null, between the bounds of its length;
/// a set holding unknown elements, more than one, an unknown number from 1
/// to the elements it holds (they may turn out equal to each other);
/// otherwise the number of elements.
pub(crate) fn collection_length(v: &Value) -> Value {
    if let Type::Tuple(elements) = &v.ty() {
        return Value::from(Number::from(elements.len()));
    }
    let bounded = |min: u64, max: u64| {
        unknown_with(
            Type::Number,
            Refinement::number(true, (Number::from(min), true), (Number::from(max), true)),
        )
    };
    if !v.is_known() {
        let (min, max) = length_bounds(v);
        return bounded(min, max);
    }
    match v.kind() {
        ValueRef::Set(items) if items.len() != 1 && !v.is_wholly_known() => bounded(1, items.len() as u64),
        _ => Value::from(Number::from(v.length().unwrap_or(0))),
    }
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
            if types.iter().all(|t| matches!(t, Type::List(_)))
                && let Some(common) = unify_metered(&types, m)?
            {
                return Ok(common);
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
        .result_not_null()
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
                    // Where the unified element type holds the dynamic
                    // pseudo-type (`tolist([])` beside a list of objects),
                    // the list takes its items' own type, as go-cty's
                    // `ListVal` does; items of different types cannot make
                    // one list (go-cty panics there).
                    match items.first() {
                        Some(first) if element.has_dynamic() => Value::list(first.ty(), items).map_err(|e| {
                            FunctionError::new(format!(
                                "inconsistent list element types ({} then {})",
                                e.expected, e.found
                            ))
                        }),
                        _ => list_result((**element).clone(), items),
                    }
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
        .result_not_null()
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
        .result_not_null()
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
    coalesce_signature()
        .result_not_null()
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

/// `coalesce`'s parameters and result type (the type the arguments unify
/// to), shared by the standard function and Terraform's.
pub(crate) fn coalesce_signature() -> crate::function::FunctionBuilder {
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
        .result_not_null()
        .implementation(|args, result_type| {
            let items: Vec<Value> = args[0].elements().unwrap_or_default().iter().rev().cloned().collect();
            match result_type {
                Type::List(e) => list_result((**e).clone(), items),
                _ => Ok(Value::tuple(items)),
            }
        })
}

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
                    if index.as_number().is_none() {
                        return Ok(Type::Dynamic);
                    }
                    let i = int_arg(index, "invalid index").map_err(FunctionError::new)?;
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
            let i = int_arg(&args[1], "invalid index").map_err(FunctionError::new)?;
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

/// The length of a collection as the reference knows it: unknown for an
/// unknown value, and for a set holding unknown parts and more than one
/// element (its unknown elements may turn out equal to others).
pub(super) fn known_length(v: &Value) -> Option<usize> {
    match v.kind() {
        ValueRef::Set(items) if items.len() != 1 && !v.is_wholly_known() => None,
        _ => v.length(),
    }
}

/// Whether values of `ty` may hold capsules of a type without an order,
/// which the total order cannot tell apart (they are compared one by one).
pub(super) fn has_unordered_capsule(ty: &Type) -> bool {
    ty.any_part(|t| matches!(t, Type::Capsule(c) if !c.has_order()))
}

/// The reference's equality of two values (go-cty's `Value.Equals`), on
/// the call's meter: `None` when unknown. Beyond this crate's equality,
/// a known value and an unknown one of a different type (without the
/// dynamic pseudo-type) are unequal, and nulls of any types are equal.
fn reference_equals(a: &Value, b: &Value, m: &Meter) -> Result<Option<bool>, FunctionError> {
    match (a.is_known(), b.is_known()) {
        (false, false) => return Ok(None),
        (true, false) | (false, true) => {
            let (k, u) = if a.is_known() { (a, b) } else { (b, a) };
            if k.is_null() || u.ty().has_dynamic() || k.ty() == u.ty() {
                return Ok(None);
            }
            return Ok(Some(false));
        }
        _ => {}
    }
    match (a.is_null(), b.is_null()) {
        (true, true) => return Ok(Some(true)),
        (true, false) | (false, true) => return Ok(Some(false)),
        _ => {}
    }
    Ok(a.equals_metered(b, false, m)?.as_bool())
}

/// `coalescelist(vals...)`: the first of the given lists or tuples that is
/// not null and not empty. Its type is the arguments' type when they all
/// have the same one, otherwise dynamic (and dynamic as soon as an argument
/// is unknown). Unknown while an unknown argument comes before the first
/// non-empty one; an error when none is non-empty.
pub(super) fn coalescelist() -> Function {
    Function::builder()
        .variadic(
            Parameter::new("vals", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic()
                .allow_null(),
        )
        .returns_with(|args| {
            if args.is_empty() {
                return Err(FunctionError::new("at least one argument is required"));
            }
            let mut types = Vec::with_capacity(args.len());
            for arg in args {
                if !arg.is_known() {
                    return Ok(Type::Dynamic);
                }
                let t = arg.ty();
                if !matches!(t, Type::List(_) | Type::Tuple(_)) {
                    return Err(FunctionError::new("coalescelist arguments must be lists or tuples"));
                }
                types.push(t);
            }
            if types.iter().all(|t| *t == types[0]) {
                Ok(types[0].clone())
            } else {
                Ok(Type::Dynamic)
            }
        })
        .result_not_null()
        .implementation(|args, result_type| {
            for arg in args {
                if !arg.is_known() {
                    return Ok(Value::unknown(result_type.clone()));
                }
                if arg.is_null() {
                    continue;
                }
                if arg.length().unwrap_or(0) > 0 {
                    return Ok(arg.clone());
                }
            }
            Err(FunctionError::new("no non-null arguments"))
        })
}

/// `compact(list)`: the list of strings without its empty and null
/// elements. Unknown while any element is unknown.
pub(super) fn compact() -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::list(Type::String)).allow_dynamic())
        .returns(Type::list(Type::String))
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let list = &args[0];
            if !list.is_wholly_known() {
                return Ok(Value::unknown(result_type.clone()));
            }
            m.spend(list.length().unwrap_or(0) as u64)?;
            let items = list
                .elements()
                .unwrap_or_default()
                .iter()
                .filter(|v| v.as_str().is_some_and(|s| !s.is_empty()))
                .cloned()
                .collect();
            list_result(Type::String, items)
        })
}

/// `contains(list, value)`: whether the value is an element of the list,
/// tuple or set. An empty collection contains nothing; otherwise, without
/// an element certainly equal to the value, the answer is unknown when an
/// element's equality to it is (an element of another type than a known
/// value is certainly not equal to it, even when unknown).
pub(super) fn contains() -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("value", Type::Dynamic))
        .returns(Type::Bool)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let (list, value) = (&args[0], &args[1]);
            if !matches!(list.ty(), Type::List(_) | Type::Tuple(_) | Type::Set(_)) {
                return Err(FunctionError::new("argument must be list, tuple, or set"));
            }
            let items = list.elements().unwrap_or_default();
            if items.is_empty() {
                return Ok(Value::from(false));
            }
            let mut unknown = false;
            for item in items {
                m.spend(1)?;
                match reference_equals(value, item, m)? {
                    Some(true) => return Ok(Value::from(true)),
                    Some(false) => {}
                    None => unknown = true,
                }
            }
            Ok(if unknown {
                Value::unknown(Type::Bool)
            } else {
                Value::from(false)
            })
        })
}

/// `distinct(list)`: the list without the elements equal to an earlier
/// one, in their order. Unknown while any element is unknown.
pub(super) fn distinct() -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::list(Type::Dynamic)).allow_dynamic())
        .returns_with(|args| Ok(list_type_of(&args[0])))
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let list = &args[0];
            if !list.is_wholly_known() {
                return Ok(Value::unknown(result_type.clone()));
            }
            let element = result_type.element_type().cloned().unwrap_or(Type::Dynamic);
            let items = list.elements().unwrap_or_default();
            let kept = first_of_each(items, &element, m)?;
            list_result(element, kept)
        })
}

/// The type of a list argument, whose dynamic value stands for an unknown
/// list of the dynamic pseudo-type (as HCL converts it to the parameter's
/// type).
fn list_type_of(v: &Value) -> Type {
    if v.is_dynamic_value() {
        Type::list(Type::Dynamic)
    } else {
        v.ty()
    }
}

/// The first of each run of equal wholly known values of type `element`,
/// in their given order: sorted by the total order (n log n comparisons on
/// the meter), or compared one by one where values may hold capsules
/// without an order (each comparison a step).
fn first_of_each(items: &[Value], element: &Type, m: &Meter) -> Result<Vec<Value>, FunctionError> {
    m.spend(items.len() as u64)?;
    if has_unordered_capsule(element) {
        let mut kept: Vec<Value> = Vec::new();
        for v in items {
            m.spend(kept.len() as u64)?;
            let mut seen = false;
            for k in &kept {
                if k.equals_metered(v, false, m)?.as_bool() == Some(true) {
                    seen = true;
                    break;
                }
            }
            if !seen {
                kept.push(v.clone());
            }
        }
        return Ok(kept);
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    let mut out_of_steps = false;
    // stable: equal values keep their given order, the first one first
    order.sort_by(|&a, &b| {
        items[a].cmp_metered(&items[b], m).unwrap_or_else(|_| {
            out_of_steps = true;
            std::cmp::Ordering::Equal
        })
    });
    if out_of_steps {
        return Err(crate::meter::StepLimitReached.into());
    }
    let mut firsts: Vec<usize> = Vec::with_capacity(order.len());
    let mut head: Option<usize> = None;
    for i in order {
        let same = match head {
            Some(h) => items[h].cmp_metered(&items[i], m)? == std::cmp::Ordering::Equal,
            None => false,
        };
        if !same {
            head = Some(i);
            firsts.push(i);
        }
    }
    firsts.sort_unstable();
    Ok(firsts.into_iter().map(|i| items[i].clone()).collect())
}

/// `chunklist(list, size)`: the list cut into lists of `size` elements,
/// the last one possibly shorter; a size of zero gives one list holding the
/// whole list. A negative or fractional size is an error.
pub(super) fn chunklist() -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::list(Type::Dynamic)).allow_dynamic())
        .param(Parameter::new("size", Type::Number).allow_dynamic())
        .returns_with(|args| Ok(Type::list(list_type_of(&args[0]))))
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let (list, size) = (&args[0], &args[1]);
            let size = int_arg(size, "invalid size").map_err(FunctionError::new)?;
            if size < 0 {
                return Err(FunctionError::new("the size argument must be positive"));
            }
            let list_type = result_type.element_type().cloned().unwrap_or(Type::Dynamic);
            let items = list.elements().unwrap_or_default();
            if items.is_empty() {
                return list_result(list_type, Vec::new());
            }
            if size == 0 {
                return list_result(list_type, vec![list.clone()]);
            }
            let element = list_type.element_type().cloned().unwrap_or(Type::Dynamic);
            let size = usize::try_from(size).unwrap_or(usize::MAX);
            let chunks = items.len().div_ceil(size);
            // the chunks hold copies of every element: counted before they
            // are built
            m.spend((items.len() + chunks) as u64)?;
            let mut out = Vec::with_capacity(chunks);
            for chunk in items.chunks(size) {
                out.push(list_result(element.clone(), chunk.to_vec())?);
            }
            list_result(list_type, out)
        })
}

/// `flatten(list)`: the elements of a list, set or tuple, with every
/// element that is itself a list, set or tuple replaced by its own
/// flattened elements, as a tuple. The result type is dynamic while any
/// part of the argument is unknown; the result is unknown when a nested
/// sequence is unknown (or of unknown length) or an element is the dynamic
/// value. (Like the reference, a map or object with unknown parts is not
/// refused: its values are flattened.)
pub(super) fn flatten() -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::Dynamic))
        .metered_returns_with(|args, m| {
            let list = &args[0];
            if !list.is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            if !is_sequence(&list.ty()) {
                return Err(FunctionError::new("can only flatten lists, sets and tuples"));
            }
            Ok(match flattened(list, m)? {
                Some(items) => Type::tuple(items.iter().map(Value::ty).collect()),
                None => Type::Dynamic,
            })
        })
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let list = &args[0];
            if list.length() == Some(0) {
                return Ok(Value::empty_tuple());
            }
            // (a map or object with unknown parts passed the result-type
            // rule, and is flattened by its values, as the reference does)
            if list.elements().is_none() && list.entries().is_none() {
                return Err(FunctionError::new("can only flatten lists, sets and tuples"));
            }
            Ok(match flattened(list, m)? {
                Some(items) => Value::tuple(items),
                None => Value::unknown(result_type.clone()),
            })
        })
}

fn is_sequence(t: &Type) -> bool {
    matches!(t, Type::List(_) | Type::Set(_) | Type::Tuple(_))
}

/// The reference's `flattener`: the leaves of a sequence (or of a map's or
/// object's values), or `None` when they cannot be known yet. Walked with a stack of its own (no recursion,
/// whatever the depth), each element visited a step before it is kept.
fn flattened(list: &Value, m: &Meter) -> Result<Option<Vec<Value>>, FunctionError> {
    if known_length(list).is_none() {
        return Ok(None);
    }
    let top: Vec<Value> = match list.entries() {
        Some(entries) => {
            m.spend(entries.len() as u64)?;
            entries.iter().map(|(_, v)| v.clone()).collect()
        }
        None => list.elements().unwrap_or_default().to_vec(),
    };
    let mut out = Vec::new();
    let mut known = true;
    let mut stack = vec![top.iter()];
    while let Some(top) = stack.last_mut() {
        let Some(v) = top.next() else {
            stack.pop();
            continue;
        };
        m.spend(1)?;
        if v.is_dynamic_value() {
            known = false;
        }
        if !v.is_null() && is_sequence(&v.ty()) {
            if !v.is_known() || known_length(v).is_none() {
                known = false;
                continue;
            }
            stack.push(v.elements().unwrap_or_default().iter());
        } else {
            out.push(v.clone());
        }
    }
    Ok(known.then_some(out))
}

/// `lookup(inputMap, key, default)`: the map's element (or the object's
/// attribute) named `key`, or `default` when there is none. With a map,
/// the default must convert to the element type; with an object, the
/// result has the attribute's type, or the default's when the object has
/// no such attribute (and a dynamic type while the key is unknown). Unknown
/// while any part of the map or object is unknown.
pub(super) fn lookup() -> Function {
    Function::builder()
        .param(Parameter::new("inputMap", Type::Dynamic))
        .param(Parameter::new("key", Type::String).allow_dynamic())
        // a null default is accepted, as go-cty does since 1.13 (the oracle's
        // 1.12.1 refuses it: D-lookup-null-default)
        .param(Parameter::new("default", Type::Dynamic).allow_null())
        .metered_returns_with(|args, m| {
            let (map, key, default) = (&args[0], &args[1], &args[2]);
            match &map.ty() {
                Type::Object(o) => {
                    let Some(key) = key.as_str() else {
                        return Ok(Type::Dynamic);
                    };
                    match o.attribute(key) {
                        Some(t) => Ok(t.clone()),
                        None => Ok(default.ty()),
                    }
                }
                Type::Map(e) => match convert_metered(default, e, m)? {
                    Ok(_) => Ok((**e).clone()),
                    Err(_) => Err(FunctionError::argument(
                        2,
                        "the default value must have the same type as the map elements",
                    )),
                },
                _ => Err(FunctionError::argument(
                    0,
                    "lookup() requires a map as the first argument",
                )),
            }
        })
        .metered_implementation(|args, result_type, m| {
            let (map, key, default) = (&args[0], &args[1], &args[2]);
            if !map.is_wholly_known() {
                return Ok(Value::unknown(result_type.clone()));
            }
            let key = super::str_arg(key)?;
            if let Some(v) = map.get(key) {
                return Ok(v.clone());
            }
            convert_metered(default, result_type, m)?.map_err(|e| FunctionError::new(e.to_string()))
        })
}

/// `merge(maps...)`: the elements of all the given maps and the attributes
/// of all the given objects, a later argument's winning where they share a
/// key; null arguments are skipped. When every argument has the same type
/// the result has it too (a map stays a map); otherwise it is an object
/// with every key, or dynamic while an unknown map hides its keys (or an
/// argument is of the dynamic pseudo-type, like an untyped `null`).
pub(super) fn merge() -> Function {
    Function::builder()
        .variadic(Parameter::new("maps", Type::Dynamic).allow_dynamic().allow_null())
        .metered_returns_with(|args, m| {
            let Some(first) = args.first() else {
                return Ok(Type::empty_object());
            };
            // an attribute type for every key: counted before it is built
            m.spend(args.iter().filter_map(Value::length).sum::<usize>() as u64)?;
            let first = first.ty();
            let mut attrs: BTreeMap<Arc<str>, Type> = BTreeMap::new();
            let mut matching = true;
            let mut attrs_known = true;
            for arg in args {
                let ty = arg.ty();
                match &ty {
                    Type::Dynamic => return Ok(Type::Dynamic),
                    Type::Object(o) => {
                        if !arg.is_null() {
                            for (name, t) in o.attributes() {
                                attrs.insert(name.clone(), t.clone());
                            }
                        }
                    }
                    Type::Map(e) => {
                        if arg.is_null() {
                        } else if let Some(entries) = arg.entries() {
                            for (k, _) in entries {
                                attrs.insert(k.clone(), (**e).clone());
                            }
                        } else {
                            attrs_known = false;
                        }
                    }
                    t => return Err(not_a_map_or_object(t)),
                }
                matching &= ty == first;
            }
            if matching {
                Ok(first)
            } else if !attrs_known {
                Ok(Type::Dynamic)
            } else {
                Ok(Type::object(attrs))
            }
        })
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let total: usize = args.iter().filter_map(Value::length).sum();
            m.spend(total as u64)?;
            let mut out: BTreeMap<Arc<str>, Value> = BTreeMap::new();
            // Beside an argument of the dynamic pseudo-type (a bare `null`)
            // the type rule cannot look at the others, and the reference
            // then iterates each argument: an empty list, set or tuple
            // adds nothing; any other value that is not a map or object
            // fails (a panic it reports as an error; a set of strings
            // would even give an object of its elements, against merge's
            // own description).
            for arg in args.iter().filter(|a| !a.is_null() && a.length() != Some(0)) {
                let entries = arg.entries().ok_or_else(|| not_a_map_or_object(&arg.ty()))?;
                for (k, v) in entries {
                    out.insert(k.clone(), v.clone());
                }
            }
            match result_type {
                Type::Map(e) => Value::map((**e).clone(), out).map_err(super::internal),
                Type::Object(o) => {
                    // the reference fails (a panic it reports as an error)
                    // when null objects leave out attributes of their type
                    let missing = o.attributes().iter().find(|(name, _)| !out.contains_key(name));
                    if let Some((name, _)) = missing {
                        return Err(FunctionError::new(format!(
                            "the merged object has no attribute {}, which its type requires",
                            quoted(name)
                        )));
                    }
                    Ok(Value::object(out))
                }
                _ => Ok(Value::object(out)),
            }
        })
}

/// `merge`'s error for an argument that is neither a map nor an object.
fn not_a_map_or_object(t: &Type) -> FunctionError {
    // the type's name quoted, as the reference's `%#v` writes it
    FunctionError::new(format!(
        "arguments must be maps or objects, got {}",
        quoted(&t.friendly_name())
    ))
}

/// `slice(list, start_index, end_index)`: the elements of a list or tuple
/// from `start_index` up to, not including, `end_index`. Indices must be
/// whole, not negative, not past the length, and the start not after the
/// end. A tuple with an unknown index gives a dynamic result; a set is an
/// error.
pub(super) fn slice() -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("start_index", Type::Number).allow_dynamic())
        .param(Parameter::new("end_index", Type::Number).allow_dynamic())
        .returns_with(|args| {
            let ty = args[0].ty();
            match &ty {
                Type::Set(_) => {
                    return Err(FunctionError::argument(
                        0,
                        "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important",
                    ))
                }
                Type::List(_) | Type::Tuple(_) => {}
                _ => return Err(FunctionError::argument(0, "must be a list or tuple value")),
            }
            let range = slice_indexes(args)?;
            match (&ty, range) {
                (Type::Tuple(ts), Some((start, end))) => Ok(Type::tuple(ts[start..end].to_vec())),
                (Type::Tuple(_), None) => Ok(Type::Dynamic),
                _ => Ok(ty),
            }
        })
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let Some((start, end)) = slice_indexes(args)? else {
                return Ok(Value::unknown(result_type.clone()));
            };
            m.spend(end.saturating_sub(start) as u64)?;
            let items = args[0].elements().unwrap_or_default();
            let part = items
                .get(start..end)
                .ok_or_else(|| FunctionError::new("internal error: slice out of range"))?
                .to_vec();
            match result_type {
                Type::List(e) => list_result((**e).clone(), part),
                Type::Tuple(_) => Ok(Value::tuple(part)),
                _ => Ok(Value::unknown(result_type.clone())),
            }
        })
}

/// The reference's `sliceIndexes`: the checked range, `None` while an index
/// is unknown.
fn slice_indexes(args: &[Value]) -> Result<Option<(usize, usize)>, FunctionError> {
    let list = &args[0];
    let length = match &list.ty() {
        Type::Tuple(ts) => Some(ts.len()),
        _ => known_length(list),
    };
    let index = |i: usize, what: &str, name: &str| -> Result<Option<usize>, FunctionError> {
        let v = &args[i];
        if !v.is_known() {
            return Ok(None);
        }
        let n = int_arg(v, &format!("invalid {what} index")).map_err(|e| FunctionError::argument(i, e))?;
        if n < 0 {
            return Err(FunctionError::argument(i, format!("{name} must not be less than zero")));
        }
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        if length.is_some_and(|l| n > l) {
            return Err(FunctionError::argument(
                i,
                format!("{name} must not be greater than the length of the list"),
            ));
        }
        Ok(Some(n))
    };
    let start = index(1, "start", "start index")?;
    let end = index(2, "end", "end index")?;
    match (start, end) {
        (Some(s), Some(e)) if s > e => Err(FunctionError::argument(
            1,
            "start index must not be greater than end index",
        )),
        (Some(s), Some(e)) => Ok(Some((s, e))),
        _ => Ok(None),
    }
}

/// `sort(list)`: the strings of the list in lexicographic order (by
/// Unicode code point). Unknown while any element is unknown, but of the
/// list's length (as far as it is known; go-cty's `SortFunc`, whose
/// parameter takes unknown values); a null element is an error.
pub(super) fn sort() -> Function {
    Function::builder()
        .param(
            Parameter::new("list", Type::list(Type::String))
                .allow_dynamic()
                .allow_unknown(),
        )
        .returns(Type::list(Type::String))
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let list = &args[0];
            if !list.is_wholly_known() {
                let unknown = Value::unknown(result_type.clone());
                if !matches!(list.ty(), Type::List(_)) {
                    return Ok(unknown);
                }
                let (min, max) = list.range().length_bounds();
                return Ok(unknown
                    .refine()
                    .collection_length_lower_bound(min)
                    .collection_length_upper_bound(max)
                    .value_or_self());
            }
            let items = list.elements().unwrap_or_default();
            let mut strings: Vec<(&str, &Value)> = Vec::with_capacity(items.len());
            for (i, v) in items.iter().enumerate() {
                let Some(s) = v.as_str() else {
                    return Err(FunctionError::new(format!(
                        "given list element {i} is null; a null string cannot be sorted"
                    )));
                };
                strings.push((s, v));
            }
            // n log n comparisons, each as long as the strings compared
            let bytes: usize = strings.iter().map(|(s, _)| s.len()).sum();
            let log = (usize::BITS - items.len().leading_zeros()) as usize;
            m.spend(items.len() as u64)?;
            m.spend_bytes(bytes.saturating_mul(log))?;
            strings.sort_by(|a, b| a.0.cmp(b.0));
            list_result(Type::String, strings.into_iter().map(|(_, v)| v.clone()).collect())
        })
}

/// `zipmap(keys, values)`: the map (from a list of values) or object (from
/// a tuple) whose element or attribute named by each key is the value at
/// the same position; a later repeated key wins. The lengths must match
/// and no key may be null. With a tuple the result type needs every key
/// known (it is dynamic otherwise).
pub(super) fn zipmap() -> Function {
    Function::builder()
        .param(Parameter::new("keys", Type::list(Type::String)).allow_dynamic())
        .param(Parameter::new("values", Type::Dynamic))
        .metered_returns_with(|args, m| {
            let (keys, values) = (&args[0], &args[1]);
            match &values.ty() {
                Type::List(e) => Ok(Type::map((**e).clone())),
                Type::Tuple(ts) => {
                    if !keys.is_wholly_known() {
                        return Ok(Type::Dynamic);
                    }
                    let keys = keys.elements().unwrap_or_default();
                    m.spend(keys.len() as u64)?;
                    if keys.len() != ts.len() {
                        return Err(count_mismatch(keys.len(), ts.len()));
                    }
                    let mut attrs: BTreeMap<&str, Type> = BTreeMap::new();
                    for (i, (k, t)) in keys.iter().zip(ts.iter()).enumerate() {
                        let k = k
                            .as_str()
                            .ok_or_else(|| FunctionError::new(format!("keys list has null value at index {i}")))?;
                        attrs.insert(k, t.clone());
                    }
                    Ok(Type::object(attrs))
                }
                _ => Err(FunctionError::new("values argument must be a list or tuple value")),
            }
        })
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let (keys, values) = (&args[0], &args[1]);
            if !keys.is_wholly_known() {
                return Ok(Value::unknown(result_type.clone()));
            }
            let keys = keys.elements().unwrap_or_default();
            let values = values.elements().unwrap_or_default();
            if keys.len() != values.len() {
                return Err(count_mismatch(keys.len(), values.len()));
            }
            m.spend(keys.len() as u64)?;
            let mut out: BTreeMap<&str, Value> = BTreeMap::new();
            for (i, (k, v)) in keys.iter().zip(values).enumerate() {
                let k = k
                    .as_str()
                    .ok_or_else(|| FunctionError::new(format!("keys list has null value at index {i}")))?;
                out.insert(k, v.clone());
            }
            match result_type {
                Type::Map(e) => Value::map((**e).clone(), out).map_err(super::internal),
                _ => Ok(Value::object(out)),
            }
        })
}

fn count_mismatch(keys: usize, values: usize) -> FunctionError {
    FunctionError::new(format!(
        "number of keys ({keys}) does not match number of values ({values})"
    ))
}

/// `hasindex(collection, key)` of go-cty (`stdlib.HasIndexFunc`): whether
/// `collection[key]` would succeed, for a list, a tuple (a whole number
/// key in range) or a map (a string key it has); unknown while the
/// collection or the key is. Not in the standard table (the reference's
/// `--all-funcs` lacks it); the hcldec spec format's definition functions
/// include it.
pub(super) fn hasindex() -> Function {
    Function::builder()
        .param(Parameter::new("collection", Type::Dynamic).allow_unknown())
        .param(Parameter::new("key", Type::Dynamic).allow_unknown())
        .returns_with(|args| match args[0].ty() {
            Type::List(_) | Type::Tuple(_) | Type::Map(_) | Type::Dynamic => Ok(Type::Bool),
            _ => Err(FunctionError::new("collection must be a list, a map or a tuple")),
        })
        .result_not_null()
        .implementation(|args, _| {
            let (coll, key) = (&args[0], &args[1]);
            let ty = coll.ty();
            if ty == Type::Dynamic || key.ty() == Type::Dynamic {
                return Ok(Value::unknown(Type::Bool));
            }
            let wanted = if matches!(ty, Type::Map(_)) {
                Type::String
            } else {
                Type::Number
            };
            if key.ty() != wanted {
                return Ok(Value::from(false));
            }
            let tuple_len = ty.tuple_elements().map(<[Type]>::len);
            if !key.is_known() || (tuple_len.is_none() && !coll.is_known()) {
                return Ok(Value::unknown(Type::Bool));
            }
            Ok(Value::from(match (key.as_number(), key.as_str()) {
                (Some(n), _) => {
                    let len = tuple_len.or_else(|| coll.length()).unwrap_or(0);
                    n.is_integer() && n.to_i64().is_some_and(|i| i >= 0 && (i as u128) < len as u128)
                }
                (_, Some(k)) => coll.get(k).is_some(),
                _ => false,
            }))
        })
}
