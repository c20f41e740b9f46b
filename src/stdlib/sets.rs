//! Set functions: `setintersection`, `setproduct`, `setsubtract`,
//! `setsymmetricdifference` and `setunion`.
//!
//! Results are sets in the reference's order (see `value::order`). Membership is
//! decided by the total order (binary search in the canonical sets), or one
//! element at a time where elements may hold capsules without an order;
//! every comparison counts on the call's meter.

use std::cmp::Ordering;

use super::collections::{has_unordered_capsule, known_length};
use super::list_result;
use crate::convert::{convert_metered, unify_metered};
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::{Meter, StepLimitReached};
use crate::value::{Type, Value};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("setintersection", setintersection),
    ("setproduct", setproduct),
    ("setsubtract", setsubtract),
    ("setsymmetricdifference", setsymmetricdifference),
    ("setunion", setunion),
];

/// `setunion(first_set, other_sets...)`: the elements of every given set,
/// converted to the element type they all unify to. Unknown elements are
/// kept, each on its own.
pub(super) fn setunion() -> Function {
    set_operation(Operation::Union, true)
}

/// `setintersection(first_set, other_sets...)`: the elements present in
/// every given set (after conversion to their common element type).
/// Unknown while any element is unknown.
pub(super) fn setintersection() -> Function {
    set_operation(Operation::Intersection, true)
}

/// `setsubtract(a, b)`: the elements of `a` not in `b` (after conversion
/// to their common element type). Unknown while any element is unknown.
pub(super) fn setsubtract() -> Function {
    set_operation(Operation::Subtract, false)
}

/// `setsymmetricdifference(first_set, other_sets...)`: the elements in an
/// odd number of the given sets (the symmetric difference taken pairwise,
/// left to right, after conversion to their common element type). Unknown
/// while any element is unknown.
pub(super) fn setsymmetricdifference() -> Function {
    set_operation(Operation::SymmetricDifference, true)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Operation {
    Union,
    Intersection,
    Subtract,
    SymmetricDifference,
}

fn set_operation(op: Operation, variadic: bool) -> Function {
    let set = |name: &str| Parameter::new(name, Type::set(Type::Dynamic)).allow_dynamic();
    let builder = if variadic {
        Function::builder().param(set("first_set")).variadic(set("other_sets"))
    } else {
        Function::builder().param(set("a")).param(set("b"))
    };
    builder
        .metered_returns_with(set_operation_type)
        .result_not_null()
        .metered_implementation(move |args, result_type, m| {
            let element = result_type.element_type().cloned().unwrap_or(Type::Dynamic);
            let unordered = has_unordered_capsule(&element);
            let mut acc: Vec<Value> = Vec::new();
            for (i, arg) in args.iter().enumerate() {
                let set =
                    convert_metered(arg, result_type, m)?.map_err(|e| FunctionError::argument(i, e.to_string()))?;
                if op != Operation::Union && !set.is_wholly_known() {
                    // once known, unknown elements may merge with others
                    return Ok(Value::unknown(result_type.clone()));
                }
                let items = set.elements().unwrap_or_default();
                m.spend(items.len() as u64)?;
                if i == 0 {
                    acc = items.to_vec();
                    continue;
                }
                acc = match op {
                    Operation::Union => {
                        acc.extend(items.iter().cloned());
                        acc
                    }
                    Operation::Intersection => keep(acc, items, true, unordered, m)?,
                    Operation::Subtract => keep(acc, items, false, unordered, m)?,
                    Operation::SymmetricDifference => {
                        let ours = keep(acc.clone(), items, false, unordered, m)?;
                        let theirs = keep(items.to_vec(), &acc, false, unordered, m)?;
                        ours.into_iter().chain(theirs).collect()
                    }
                };
                // (union) canonical again, so that membership tests can
                // search the accumulated elements
                acc = canonical(&element, result_type, acc, m)?;
            }
            let set = Value::set_unchecked(&element, result_type.clone(), acc, m);
            m.answer(set).map_err(FunctionError::from)
        })
}

/// The elements in canonical order, each equal run kept once.
fn canonical(element: &Type, ty: &Type, items: Vec<Value>, m: &Meter) -> Result<Vec<Value>, FunctionError> {
    let set = Value::set_unchecked(element, ty.clone(), items, m);
    m.answer(())?;
    Ok(set.elements().unwrap_or_default().to_vec())
}

/// The reference's `setOperationReturnType`: a set of the type every
/// argument's element type unifies to, leaving out known empty sets of the
/// dynamic pseudo-type (which convert to any set).
fn set_operation_type(args: &[Value], m: &Meter) -> Result<Type, FunctionError> {
    let mut types = Vec::with_capacity(args.len());
    for arg in args {
        let element = arg.ty().element_type().cloned().unwrap_or(Type::Dynamic);
        if arg.is_known() && arg.length() == Some(0) && element == Type::Dynamic {
            continue;
        }
        types.push(element);
    }
    if types.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    match unify_metered(&types, m)? {
        Some(t) => Ok(Type::set(t)),
        None => Err(FunctionError::new("given sets must all have compatible element types")),
    }
}

/// The items of `from` that are (`present`) or are not members of the
/// canonical set elements `of`.
fn keep(
    from: Vec<Value>,
    of: &[Value],
    present: bool,
    unordered: bool,
    m: &Meter,
) -> Result<Vec<Value>, FunctionError> {
    let mut out = Vec::with_capacity(from.len());
    for v in from {
        if member(of, &v, unordered, m)? == present {
            out.push(v);
        }
    }
    Ok(out)
}

/// Whether `v` is one of the wholly known canonical set elements `items`.
fn member(items: &[Value], v: &Value, unordered: bool, m: &Meter) -> Result<bool, StepLimitReached> {
    if unordered {
        m.spend(items.len() as u64)?;
        for item in items {
            if item.equals_metered(v, false, m)?.as_bool() == Some(true) {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    let mut out_of_steps = false;
    let found = items
        .binary_search_by(|item| {
            item.cmp_metered(v, m).unwrap_or_else(|_| {
                out_of_steps = true;
                Ordering::Equal
            })
        })
        .is_ok();
    if out_of_steps {
        return Err(StepLimitReached);
    }
    Ok(found)
}

/// The unknown product of `args`, some of which are unknown or of an
/// unknown length, with the bounds of its length that go-cty's
/// `SetProductFunc` gives it: none where an argument may have more than
/// 1024 elements or the product of their most elements passes 2048 (the
/// reference's thresholds), exactly 0 where that product is 0, otherwise
/// from 1 to the product.
fn unknown_product(args: &[Value], result_type: &Type) -> Value {
    let unknown = Value::unknown(result_type.clone());
    let mut most: u64 = 1;
    for arg in args {
        let range = arg.range();
        let arg_most = match range.type_constraint() {
            Type::List(_) | Type::Set(_) | Type::Map(_) => range.length_bounds().1,
            Type::Tuple(elements) => elements.len() as u64,
            _ => return unknown,
        };
        if arg_most > 1024 {
            return unknown;
        }
        most *= arg_most;
        if most > 2048 {
            return unknown;
        }
    }
    let refiner = unknown.refine();
    let refiner = if most == 0 {
        refiner.collection_length(0)
    } else {
        refiner
            .collection_length_lower_bound(1)
            .collection_length_upper_bound(most)
    };
    refiner.value_or_self()
}

/// `setproduct(sets...)`: the cartesian product of two or more sets, lists
/// or tuples, as tuples of one element from each. When every argument is a
/// list or tuple the result is a list in their order (the last argument
/// varying fastest); otherwise it is a set. A tuple's elements must unify
/// to one type (an empty tuple's is dynamic). Unknown while an argument is
/// or its length is (a set with unknown elements); that unknown result is
/// never null, and where every argument has at most 1024 elements and
/// their product is at most 2048, it has at most that product of elements
/// and at least one (none where the product is 0), as go-cty's
/// `SetProductFunc`, whose arguments may be unknown, refines it.
pub(super) fn setproduct() -> Function {
    Function::builder()
        .variadic(Parameter::new("sets", Type::Dynamic).allow_unknown())
        .metered_returns_with(|args, m| {
            if args.len() < 2 {
                return Err(FunctionError::new("at least two arguments are required"));
            }
            let mut lists = 0;
            let mut elements = Vec::with_capacity(args.len());
            for (i, arg) in args.iter().enumerate() {
                match &arg.ty() {
                    Type::Set(e) => elements.push((**e).clone()),
                    Type::List(e) => {
                        elements.push((**e).clone());
                        lists += 1;
                    }
                    Type::Tuple(ts) => {
                        lists += 1;
                        if ts.is_empty() {
                            elements.push(Type::Dynamic);
                            continue;
                        }
                        match unify_metered(ts, m)? {
                            Some(t) => elements.push(t),
                            None => return Err(FunctionError::argument(i, "all elements must be of the same type")),
                        }
                    }
                    _ => return Err(FunctionError::argument(i, "a set or a list is required")),
                }
            }
            let tuple = Type::tuple(elements);
            Ok(if lists == args.len() {
                Type::list(tuple)
            } else {
                Type::set(tuple)
            })
        })
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let tuple_type = result_type.element_type().cloned().unwrap_or(Type::Dynamic);
            let element_types = tuple_type.tuple_elements().unwrap_or_default().to_vec();
            let mut total: u64 = 1;
            let mut unknown_length = false;
            for arg in args {
                match known_length(arg) {
                    Some(n) => total = total.saturating_mul(n as u64),
                    None => unknown_length = true,
                }
            }
            if unknown_length {
                return Ok(unknown_product(args, result_type));
            }
            // every tuple of the product, and each of its elements, counted
            // before anything is built
            m.spend(total.saturating_mul(args.len() as u64 + 1))?;
            // each argument's elements converted once to their place's type
            let mut columns: Vec<Vec<Value>> = Vec::with_capacity(args.len());
            for (i, arg) in args.iter().enumerate() {
                let ty = element_types.get(i).cloned().unwrap_or(Type::Dynamic);
                let mut column = Vec::new();
                for v in arg.elements().unwrap_or_default() {
                    let v = convert_metered(v, &ty, m)?.map_err(|e| FunctionError::argument(i, e.to_string()))?;
                    column.push(v);
                }
                columns.push(column);
            }
            let mut product = Vec::new();
            if total > 0 {
                let mut at = vec![0usize; columns.len()];
                'outer: loop {
                    product.push(Value::tuple(
                        at.iter().zip(&columns).map(|(&j, c)| c[j].clone()).collect(),
                    ));
                    for k in (0..columns.len()).rev() {
                        at[k] += 1;
                        if at[k] < columns[k].len() {
                            continue 'outer;
                        }
                        at[k] = 0;
                    }
                    break;
                }
            }
            match result_type {
                Type::List(_) => list_result(tuple_type, product),
                _ => {
                    let set = Value::set_unchecked(&tuple_type, result_type.clone(), product, m);
                    m.answer(set).map_err(FunctionError::from)
                }
            }
        })
}
