//! Terraform's collection functions: `alltrue`, `anytrue`, `index`,
//! `matchkeys`, `one`, `sum` and `transpose`, and its own `length`, `lookup` and `coalesce`, which take
//! the standard ones' places; `convert`, to a type constraint written
//! inline; and `list` and `map`, which Terraform keeps only to say that
//! they are gone.

use super::TerraformOptions;
use std::collections::BTreeMap;

use crate::convert::{convert_metered, unify_metered};
use crate::function::{Function, FunctionError, Parameter};
use crate::number::Number;
use crate::value::{Type, Value, ValueRef};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("alltrue", alltrue),
    ("anytrue", anytrue),
    ("coalesce", coalesce),
    ("convert", convert),
    ("index", index),
    ("length", length),
    ("list", list),
    ("lookup", lookup),
    ("map", map),
    ("matchkeys", matchkeys),
    ("one", one),
    ("sum", sum),
    ("transpose", transpose),
];

/// A function that Terraform removed in v0.12 and still offers so that a
/// call says so: any arguments (null, unknown and dynamic ones too), and
/// always this error, before any argument is looked at.
fn removed(message: &'static str) -> Function {
    Function::builder()
        .variadic(super::any_value())
        .returns_with(move |_| Err(FunctionError::new(message)))
        .implementation(move |_, _| Err(FunctionError::new(message)))
}

/// `convert(value, type)` (Terraform v1.15): `value` converted to the type
/// constraint written inline as the second argument, with the same syntax
/// as a variable's `type`, `optional(type, default)` included: the
/// defaults are put into the value first, as for a variable
/// (`convert({}, object({name = optional(string, "web")}))` is `{name =
/// "web"}`). The type argument is read, never evaluated, so it must be
/// written in the call; a null value converts to a null of the type, an
/// unknown one to an unknown of the type; a value that does not convert
/// is an error on the first argument, a type that does not read one on
/// the second. It is [`crate::typeexpr::convert_function_with_defaults`].
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/convert` (new in
/// v1.15, hashicorp/web-unified-docs pull request 2117), whose example
/// fills `optional(string, "default")`; Terraform reads the type with
/// hcl's `TypeConstraintWithDefaults`, not the `TypeConstraint` of hcl's
/// own `ConvertFunc` (opentofu/opentofu issue 2630 observes this).
fn convert(_: &TerraformOptions) -> Function {
    crate::typeexpr::convert_function_with_defaults()
}

/// `list(...)`: an error, whatever the arguments (Terraform's `ListFunc`).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/list`, and its
/// implementation (`ListFunc` in `internal/lang/funcs/collection.go`).
fn list(_: &TerraformOptions) -> Function {
    removed("the \"list\" function was deprecated in Terraform v0.12 and is no longer available; use tolist([ ... ]) syntax to write a literal list")
}

/// `map(...)`: an error, whatever the arguments (Terraform's `MapFunc`).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/map`, and its
/// implementation (`MapFunc` in `internal/lang/funcs/collection.go`).
fn map(_: &TerraformOptions) -> Function {
    removed("the \"map\" function was deprecated in Terraform v0.12 and is no longer available; use tomap({ ... }) syntax to write a literal map")
}

/// `alltrue(list)`: whether every element of a list of bools is true
/// (true for an empty list). Elements are read in order: a null or false
/// one gives false, an unknown one an unknown bool (as Terraform's
/// implementation does, even when a false element follows it).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/alltrue`, and its
/// implementation (`internal/lang/funcs/collection.go`).
fn alltrue(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::list(Type::Bool)).allow_dynamic())
        .returns(Type::Bool)
        .result_not_null()
        .implementation(|args, _| {
            for v in args[0].elements().unwrap_or_default() {
                match v.kind() {
                    ValueRef::Unknown(_) => return Ok(Value::unknown(Type::Bool)),
                    ValueRef::Bool(true) => {}
                    // false or null
                    _ => return Ok(Value::from(false)),
                }
            }
            Ok(Value::from(true))
        })
}

/// `anytrue(list)`: whether any element of a list of bools is true (false
/// for an empty list). Null elements count as false; an unknown element
/// makes the result unknown unless another element is true.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/anytrue`.
fn anytrue(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::list(Type::Bool)).allow_dynamic())
        .returns(Type::Bool)
        .result_not_null()
        .implementation(|args, _| {
            let mut unknown = false;
            for v in args[0].elements().unwrap_or_default() {
                match v.kind() {
                    ValueRef::Unknown(_) => unknown = true,
                    ValueRef::Bool(true) => return Ok(Value::from(true)),
                    _ => {}
                }
            }
            Ok(if unknown {
                Value::unknown(Type::Bool)
            } else {
                Value::from(false)
            })
        })
}

const ZERO_OR_ONE: &str = "must be a list, set, or tuple value with either zero or one elements";

/// `one(list)`: the only element of a list, set or tuple of zero or one
/// elements, or null (of the element type) when it has none; more than one
/// element is an error. The result type is the element type (a tuple of
/// one element: that element's type; an empty tuple: dynamic).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/one`.
fn one(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::Dynamic))
        .returns_with(|args| match &args[0].ty() {
            Type::List(e) | Type::Set(e) => Ok((**e).clone()),
            Type::Tuple(items) if items.len() <= 1 => Ok(items.first().cloned().unwrap_or(Type::Dynamic)),
            _ => Err(FunctionError::argument(0, ZERO_OR_ONE)),
        })
        .implementation(|args, ty| {
            let items = args[0].elements().unwrap_or_default();
            match items {
                [] => Ok(Value::null(ty.clone())),
                [only] => Ok(only.clone()),
                // a set with unknown elements may yet hold fewer
                _ if matches!(args[0].ty(), Type::Set(_)) && items.iter().any(|v| !v.is_known()) => {
                    Ok(Value::unknown(ty.clone()))
                }
                _ => Err(FunctionError::argument(0, ZERO_OR_ONE)),
            }
        })
}

const NUMBERS: &str = "argument must be list, set, or tuple of number values";

/// `sum(list)`: the sum of a list, set or tuple of numbers (each element
/// converted to a number); empty, a null element or one that is not a
/// number is an error, and so is a sum of opposite infinities. Any unknown
/// element gives an unknown number.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/sum`.
fn sum(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::Dynamic))
        .returns(Type::Number)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let list = &args[0];
            let ty = list.ty();
            let items = match (list.elements(), list.entries()) {
                (Some(items), _) => items,
                (None, Some(_)) => {
                    return Err(FunctionError::argument(
                        0,
                        format!("argument must be list, set, or tuple. Received {}", ty.friendly_name()),
                    ))
                }
                (None, None) => return Err(FunctionError::argument(0, "cannot sum noniterable")),
            };
            if items.is_empty() {
                return Err(FunctionError::argument(0, "cannot sum an empty list"));
            }
            if !list.is_wholly_known() {
                return Ok(Value::unknown(Type::Number));
            }
            let mut total: Option<Number> = None;
            for v in items {
                m.spend(1)?;
                let n = match crate::convert::convert(v, &Type::Number) {
                    Ok(n) if !n.is_null() => n,
                    _ => return Err(FunctionError::argument(0, NUMBERS)),
                };
                let n = super::super::number_arg(&n)?.clone();
                total = Some(match total {
                    None => n,
                    Some(t) => {
                        if t.is_infinite() && n.is_infinite() && t != n {
                            return Err(FunctionError::new("can't compute sum of opposing infinities"));
                        }
                        t.add(&n).map_err(|e| FunctionError::new(e.to_string()))?
                    }
                });
            }
            Ok(Value::from(total.unwrap_or(Number::ZERO)))
        })
}

/// `index(list, value)`: the position of the first element of a list or
/// tuple equal to the value (same type and value). An empty list, a value
/// not found, or a collection of another kind is an error; when an element
/// before the match compares unknown, or the list is unknown, the result
/// is unknown.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/index`.
fn index(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("list", Type::Dynamic))
        .param(Parameter::new("value", Type::Dynamic))
        .returns(Type::Number)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            if !matches!(args[0].ty(), Type::List(_) | Type::Tuple(_)) {
                return Err(FunctionError::new("argument must be a list or tuple"));
            }
            let items = args[0].elements().unwrap_or_default();
            if items.is_empty() {
                return Err(FunctionError::new("cannot search an empty list"));
            }
            for (i, v) in items.iter().enumerate() {
                m.spend(1)?;
                match v.equals_in(&args[1], m).to_value().as_bool() {
                    Some(true) => return Ok(Value::from(Number::from(i))),
                    Some(false) => {}
                    None => return Ok(Value::unknown(Type::Number)),
                }
            }
            Err(FunctionError::new("item not found"))
        })
}

/// `length(value)`: Terraform's, which takes more than the standard one:
/// the number of characters of a string (grapheme clusters, as `strlen`
/// counts them), of elements of a list, set or tuple, of entries of a map
/// or of attributes of an object. A tuple or object counts by its type, so
/// even an unknown one has a known length; an unknown list, set, map or
/// string, or the dynamic value, gives an unknown number, never null: for
/// a string at least the length of its known prefix (go-cty's `strlen`,
/// which Terraform calls), for a collection within the bounds of its
/// length (go-cty's `Value.Length`: a set holding unknown elements, more
/// than one, from 1 to the elements it holds). Other values (a number, a
/// bool) are an error.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/length`, and its
/// implementation (`LengthFunc` in `internal/lang/funcs/collection.go`).
fn length(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("value", Type::Dynamic).allow_dynamic().allow_unknown())
        .returns_with(|args| match args[0].ty() {
            Type::String
            | Type::Tuple(_)
            | Type::Object(_)
            | Type::List(_)
            | Type::Map(_)
            | Type::Set(_)
            | Type::Dynamic => Ok(Type::Number),
            _ => Err(FunctionError::new(
                "argument must be a string, a collection type, or a structural type",
            )),
        })
        .result_not_null()
        .implementation(|args, _| {
            let v = &args[0];
            match &v.ty() {
                // refined as not null only, by the call
                Type::Dynamic => Ok(Value::unknown(Type::Number)),
                Type::Tuple(items) => Ok(Value::from(Number::from(items.len()))),
                Type::Object(o) => Ok(Value::from(Number::from(o.attributes().len()))),
                Type::String => crate::stdlib::strings::string_length(v),
                _ => Ok(crate::stdlib::collections::collection_length(v)),
            }
        })
}

/// `coalesce(vals...)`: Terraform's, which differs from the standard one
/// in skipping empty strings as well as nulls: the first argument that is
/// neither null nor (when the arguments unify to strings) `""`, converted
/// to the type they all unify to. An unknown argument before one is found
/// gives an unknown result; arguments that do not unify, or none left, are
/// errors.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/coalesce`, and its
/// implementation (`CoalesceFunc` in `internal/lang/funcs/collection.go`).
fn coalesce(_: &TerraformOptions) -> Function {
    crate::stdlib::collections::coalesce_signature()
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            for v in args {
                let v = convert_metered(v, result_type, m)?.map_err(|e| FunctionError::new(e.to_string()))?;
                if !v.is_known() {
                    return Ok(Value::unknown(result_type.clone()));
                }
                if v.is_null() || (*result_type == Type::String && v.as_str() == Some("")) {
                    continue;
                }
                return Ok(v);
            }
            Err(FunctionError::new("no non-null, non-empty-string arguments"))
        })
}

/// `lookup(map, key, default?)`: Terraform's, whose default is optional:
/// the element of a map or the attribute of an object named `key`, or the
/// default (converted to the result type) when there is none; without a
/// default a missing key is an error. The result type is the map's
/// element type (the default must convert to it), or the attribute's type
/// (the default's when the object has no such attribute; dynamic while
/// the key is unknown).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/lookup`, and its
/// implementation (`LookupFunc` in `internal/lang/funcs/collection.go`).
fn lookup(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("inputMap", Type::Dynamic))
        .param(Parameter::new("key", Type::String).allow_dynamic())
        .variadic(
            Parameter::new("default", Type::Dynamic)
                .allow_unknown()
                .allow_dynamic()
                .allow_null(),
        )
        .returns_with(|args| {
            if args.len() > 3 {
                return Err(FunctionError::new(format!(
                    "lookup() takes two or three arguments, got {}",
                    args.len()
                )));
            }
            match &args[0].ty() {
                Type::Object(o) => {
                    let Some(key) = args[1].as_str() else {
                        return Ok(Type::Dynamic);
                    };
                    match (o.attribute(key), args.get(2)) {
                        (Some(t), _) => Ok(t.clone()),
                        (None, Some(default)) => Ok(default.ty()),
                        (None, None) => Err(FunctionError::argument(
                            0,
                            format!("the given object has no attribute {}", crate::diagnostic::quoted(key)),
                        )),
                    }
                }
                Type::Map(element) => {
                    if let Some(default) = args.get(2)
                        && crate::convert::convert(default, element).is_err()
                    {
                        return Err(FunctionError::argument(
                            2,
                            "the default value must have the same type as the map elements",
                        ));
                    }
                    Ok((**element).clone())
                }
                _ => Err(FunctionError::argument(
                    0,
                    "lookup() requires a map as the first argument",
                )),
            }
        })
        .metered_implementation(|args, result_type, m| {
            let key = crate::stdlib::str_arg(&args[1])?;
            if let Some(v) = args[0].get(key) {
                return Ok(v.clone());
            }
            match args.get(2) {
                Some(default) => {
                    convert_metered(default, result_type, m)?.map_err(|e| FunctionError::new(e.to_string()))
                }
                None => Err(FunctionError::new(format!(
                    "lookup failed to find key {}",
                    crate::diagnostic::quoted(key)
                ))),
            }
        })
}

/// `matchkeys(values, keys, searchset)`: the elements of `values` whose
/// counterparts in `keys` (same position) are in `searchset`, in order.
/// `keys` and `searchset` must unify to one type, `values` and `keys` must
/// be as long as each other. An empty `searchset` gives an empty list; an
/// unknown part of `values` or `keys` gives an unknown list, and a
/// comparison that is unknown an empty one (as Terraform's implementation
/// answers).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/matchkeys`, and
/// its implementation (`MatchkeysFunc` in `internal/lang/funcs/collection.go`).
fn matchkeys(_: &TerraformOptions) -> Function {
    let list_dynamic = || Type::list(Type::Dynamic);
    Function::builder()
        .param(Parameter::new("values", list_dynamic()))
        .param(Parameter::new("keys", list_dynamic()))
        .param(Parameter::new("searchset", list_dynamic()))
        .metered_returns_with(|args, m| {
            if unify_metered(&[args[1].ty(), args[2].ty()], m)?.is_none() {
                return Err(FunctionError::new("keys and searchset must be of the same type"));
            }
            Ok(args[0].ty())
        })
        .result_not_null()
        .metered_implementation(|args, result_type, m| {
            let element = match result_type {
                Type::List(e) => (**e).clone(),
                _ => Type::Dynamic,
            };
            let empty = || crate::stdlib::list_result(element.clone(), Vec::new());
            let (values, keys) = (&args[0], &args[1]);
            if values.length() != keys.length() {
                return Err(FunctionError::new("length of keys and values should be equal"));
            }
            let ty = unify_metered(&[keys.ty(), args[2].ty()], m)?.unwrap_or(Type::Dynamic);
            let conv = |v: &Value| convert_metered(v, &ty, m)?.map_err(|e| FunctionError::new(e.to_string()));
            let (keys, searchset) = (conv(keys)?, conv(&args[2])?);
            let search = searchset.elements().unwrap_or_default();
            if search.is_empty() {
                return empty();
            }
            if !values.is_wholly_known() || !keys.is_wholly_known() {
                return Ok(Value::unknown(result_type.clone()));
            }
            let values = values.elements().unwrap_or_default();
            let mut out = Vec::new();
            for (i, key) in keys.elements().unwrap_or_default().iter().enumerate() {
                for candidate in search {
                    m.spend(1)?;
                    match key.equals_in(candidate, m).to_value().as_bool() {
                        None => return empty(),
                        Some(true) => {
                            out.push(values[i].clone());
                            break;
                        }
                        Some(false) => {}
                    }
                }
            }
            crate::stdlib::list_result(element, out)
        })
}

/// `transpose(values)`: a map of lists of strings turned inside out: each
/// string of the lists becomes a key, whose list holds (sorted) the keys
/// whose lists held it. Any unknown part gives an unknown map; a null
/// string in a list is an error.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/transpose`, and
/// its implementation (`TransposeFunc` in `internal/lang/funcs/collection.go`).
fn transpose(_: &TerraformOptions) -> Function {
    let ty = || Type::map(Type::list(Type::String));
    Function::builder()
        .param(Parameter::new("values", ty()))
        .returns(ty())
        .result_not_null()
        .metered_implementation(move |args, _, m| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(ty()));
            }
            let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
            for (key, list) in args[0].entries().unwrap_or_default() {
                for v in list.elements().unwrap_or_default() {
                    m.spend(1)?;
                    let s = v
                        .as_str()
                        .ok_or_else(|| FunctionError::new("input must be a map of lists of strings"))?;
                    out.entry(s.to_string()).or_default().push(key.to_string());
                }
            }
            let entries = out.into_iter().map(|(k, mut keys)| {
                keys.sort();
                let list = Value::list(Type::String, keys.into_iter().map(Value::from).collect());
                (k, list)
            });
            let entries: Result<Vec<(String, Value)>, _> = entries.map(|(k, l)| l.map(|l| (k, l))).collect();
            let entries = entries.map_err(|e| FunctionError::new(e.to_string()))?;
            Value::map(Type::list(Type::String), entries).map_err(|e| FunctionError::new(e.to_string()))
        })
}
