//! Type expressions: types written as HCL expressions (`list(string)`,
//! `object({name = string, port = optional(number, 8080)})`), the
//! reference's `ext/typeexpr` extension, described in
//! `../shared/spec/ext-typeexpr.md`.
//!
//! A type expression is read statically, from the shape of the expression
//! (keywords and calls, see [`crate::analysis`]), never evaluated, except the
//! default values of `optional(type, default)`, which are evaluated with no
//! variables and no functions. There are three readings, as in the
//! reference:
//!
//! - [`exact_type`]: a type; neither `any` nor `optional(...)` is allowed.
//! - [`type_constraint`]: also `any` (the dynamic pseudo-type, which accepts
//!   any type in a conversion) and `optional(type)` for object attributes.
//! - [`type_constraint_with_defaults`]: also `optional(type, default)`, with
//!   the defaults gathered into [`Defaults`], which [`Defaults::apply`] puts
//!   into a value before it is converted to the type.
//!
//! Each answers a [`TypeExpr`]: the type (the dynamic pseudo-type, or a
//! partial type, where the expression is wrong), the defaults and the
//! diagnostics, all with the reference's wording and ranges.
//! [`type_string`] prints a type in this syntax, as the reference's
//! `TypeString` does, and [`convert_function`] is the extension's `convert`
//! function, whose second argument is a type constraint written inline.
//!
//! ```
//! use hcl_native::typeexpr::{type_constraint_with_defaults, type_string};
//! use hcl_native::value::{Type, Value};
//! use hcl_native::{parse_expression, Arena};
//!
//! let arena = Arena::new();
//! let expr = parse_expression(&arena, b"list(object({name = string, port = optional(number, 8080)}))").ast;
//! let t = type_constraint_with_defaults(&expr);
//! assert!(t.diagnostics.is_empty());
//! assert_eq!(type_string(&t.ty), "list(object({name=string,port=number}))");
//!
//! // defaults first, then the conversion
//! let input = Value::tuple(vec![Value::object([("name", Value::from("web"))])]);
//! let v = t.convert(&input).unwrap();
//! let first = &v.elements().unwrap()[0];
//! assert_eq!(first.get("port").cloned(), Some(Value::from(8080)));
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::analysis::{keyword, static_call, static_list, static_map};
use crate::ast::{Expression, ObjectKey};
use crate::convert::{convert, ConversionError};
use crate::diagnostic::quoted;
use crate::eval::{evaluate, EvalContext};
use crate::value::{Type, Value, ValueRef};
use crate::{Diagnostic, Diagnostics, Span};

/// The summary of every diagnostic about the shape of a type expression.
const INVALID: &str = "Invalid type specification";

/// What a type expression reads as: the type, the defaults of its optional
/// attributes and the diagnostics.
#[derive(Clone, Debug)]
pub struct TypeExpr {
    /// The type. Where the expression is wrong, the dynamic pseudo-type in
    /// that place (check [`TypeExpr::diagnostics`]).
    pub ty: Type,
    /// The defaults of optional attributes, when there are any (only from
    /// [`type_constraint_with_defaults`]).
    pub defaults: Option<Defaults>,
    /// Errors, in source order: printable (`Display`, one per line) and
    /// an error type, as every `Diagnostics` is.
    pub diagnostics: Diagnostics,
}

impl TypeExpr {
    /// `self`, or its diagnostics when the expression was not a valid type
    /// (where [`TypeExpr::ty`] would stand the dynamic pseudo-type in for
    /// what is wrong: a misspelled `lst(string)` must not quietly accept
    /// any value).
    ///
    /// ```
    /// use hcl_native::typeexpr::type_constraint;
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let err = type_constraint(&parse_expression(&arena, b"lst(string)").ast).into_result().unwrap_err();
    /// assert!(err.to_string().contains("Invalid type specification"), "{err}");
    /// ```
    pub fn into_result(self) -> Result<TypeExpr, Diagnostics> {
        if self.diagnostics.has_errors() {
            Err(self.diagnostics)
        } else {
            Ok(self)
        }
    }

    /// Puts the defaults into `value` ([`Defaults::apply`]), then converts it
    /// to the type: how a value meets a type constraint with defaults.
    ///
    /// ```
    /// use hcl_native::typeexpr::type_constraint_with_defaults;
    /// use hcl_native::value::Value;
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let t = type_constraint_with_defaults(&parse_expression(&arena, b"object({a = optional(bool, true)})").ast);
    /// let v = t.convert(&Value::empty_object()).unwrap();
    /// assert_eq!(v.get("a").cloned(), Some(Value::from(true)));
    /// assert!(t.convert(&Value::from(1)).is_err());
    /// ```
    pub fn convert(&self, value: &Value) -> Result<Value, ConversionError> {
        match &self.defaults {
            Some(d) => convert(&d.apply(value), &self.ty),
            None => convert(value, &self.ty),
        }
    }
}

/// Reads the text `src` as a type constraint with defaults
/// ([`type_constraint_with_defaults`]): an error when it does not parse as
/// an expression or is not a valid type constraint, with the diagnostics
/// (printable: `Display` writes one per line).
///
/// ```
/// use hcl_native::typeexpr::{parse_type_constraint, type_string};
///
/// let t = parse_type_constraint("map(object({port = optional(number, 80)}))").unwrap();
/// assert_eq!(type_string(&t.ty), "map(object({port=number}))");
/// let err = parse_type_constraint("lst(string)").unwrap_err();
/// assert_eq!(err.as_slice()[0].summary(), "Invalid type specification");
/// assert!(parse_type_constraint("list(").is_err());
/// ```
pub fn parse_type_constraint(src: &str) -> Result<TypeExpr, Diagnostics> {
    let arena = crate::Arena::new();
    let parsed = crate::parse_expression(&arena, src.as_bytes());
    if parsed.diagnostics.has_errors() {
        return Err(parsed.diagnostics);
    }
    type_constraint_with_defaults(&parsed.ast).into_result()
}

/// Which reading of a type expression.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    Exact,
    Constraint,
    WithDefaults,
}

impl Reading {
    fn constraint(self) -> bool {
        self != Reading::Exact
    }
}

/// Reads `expr` as an exact type: `any` and `optional(...)` are errors
/// (the reference's `typeexpr.Type`).
///
/// ```
/// use hcl_native::typeexpr::exact_type;
/// use hcl_native::value::Type;
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// assert_eq!(exact_type(&parse_expression(&arena, b"map(number)").ast).ty, Type::map(Type::Number));
/// let any = exact_type(&parse_expression(&arena, b"any").ast);
/// assert_eq!(any.diagnostics.as_slice()[0].summary(), "Invalid type specification");
/// ```
pub fn exact_type(expr: &Expression<'_>) -> TypeExpr {
    read(expr, Reading::Exact)
}

/// Reads `expr` as a type constraint: `any` and `optional(type)` are
/// allowed, a default value is an error (the reference's
/// `typeexpr.TypeConstraint`).
///
/// ```
/// use hcl_native::typeexpr::type_constraint;
/// use hcl_native::value::Type;
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// let t = type_constraint(&parse_expression(&arena, b"object({a = optional(any)})").ast);
/// assert_eq!(t.ty, Type::object_with_optional([("a", Type::Dynamic)], ["a"]));
/// ```
pub fn type_constraint(expr: &Expression<'_>) -> TypeExpr {
    read(expr, Reading::Constraint)
}

/// Reads `expr` as a type constraint whose optional attributes may have
/// default values, `optional(type, default)` (the reference's
/// `typeexpr.TypeConstraintWithDefaults`). A default is evaluated with no
/// variables and no functions and converted to the attribute's type.
///
/// ```
/// use hcl_native::typeexpr::type_constraint_with_defaults;
/// use hcl_native::value::Value;
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// let t = type_constraint_with_defaults(&parse_expression(&arena, b"object({port = optional(number, \"80\")})").ast);
/// let defaults = t.defaults.unwrap();
/// assert_eq!(defaults.values()["port"], Value::from(80));
/// ```
pub fn type_constraint_with_defaults(expr: &Expression<'_>) -> TypeExpr {
    read(expr, Reading::WithDefaults)
}

fn read(expr: &Expression<'_>, reading: Reading) -> TypeExpr {
    let mut diagnostics = Vec::new();
    let (ty, defaults) = crate::stack::entry(|| type_of(expr, reading, &mut diagnostics));
    TypeExpr {
        ty,
        defaults,
        diagnostics: Diagnostics::from(diagnostics),
    }
}

fn invalid(detail: impl Into<String>, subject: Span) -> Diagnostic {
    Diagnostic::error(INVALID, detail, subject)
}

/// The reference's `getType`: the type, its defaults, diagnostics pushed.
fn type_of(expr: &Expression<'_>, reading: Reading, diags: &mut Vec<Diagnostic>) -> (Type, Option<Defaults>) {
    crate::stack::with_stack(|| type_here(expr, reading, diags))
}

fn type_here(expr: &Expression<'_>, reading: Reading, diags: &mut Vec<Diagnostic>) -> (Type, Option<Defaults>) {
    let at = expr.span();
    let mut fail = |d: Diagnostic| {
        diags.push(d);
        (Type::Dynamic, None)
    };
    if let Some(kw) = keyword(expr) {
        return match kw {
            "bool" => (Type::Bool, None),
            "string" => (Type::String, None),
            "number" => (Type::Number, None),
            "any" if reading.constraint() => (Type::Dynamic, None),
            "any" => fail(invalid(
                format!(
                    "The keyword {} cannot be used in this type specification: an exact type is required.",
                    quoted(kw)
                ),
                at,
            )),
            "list" | "map" | "set" => fail(invalid(element_type_needed(kw), at)),
            "object" => fail(invalid(OBJECT_NEEDS_MAP, at)),
            "tuple" => fail(invalid(TUPLE_NEEDS_LIST, at)),
            _ => fail(invalid(
                format!("The keyword {} is not a valid type specification.", quoted(kw)),
                at,
            )),
        };
    }
    let Ok(call) = static_call(expr) else {
        return fail(invalid(
            "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
            at,
        ));
    };
    let name = &*call.name;
    match name {
        "bool" | "string" | "number" => {
            return fail(invalid(
                format!("Primitive type keyword {} does not expect arguments.", quoted(name)),
                call.args_span,
            ))
        }
        "any" => {
            return fail(invalid(
                format!("Type constraint keyword {} does not expect arguments.", quoted(name)),
                call.args_span,
            ))
        }
        _ => {}
    }
    let args = call.args;
    if args.len() != 1 {
        let detail = match name {
            "list" | "set" | "map" => Some(element_type_needed(name)),
            "object" => Some(OBJECT_NEEDS_MAP.to_string()),
            "tuple" => Some(TUPLE_NEEDS_LIST.to_string()),
            _ => None,
        };
        if let Some(detail) = detail {
            // too many arguments: the extra ones are at fault
            let subject = match args {
                [_, second, .., last] => second.span().to(last.span()),
                [_, second] => second.span(),
                _ => call.args_span,
            };
            return fail(invalid(detail, subject).with_context(call.args_span));
        }
    }
    match name {
        "list" | "set" | "map" => {
            let (element, defaults) = type_of(&args[0], reading, diags);
            let ty = match name {
                "list" => Type::list(element),
                "set" => Type::set(element),
                _ => Type::map(element),
            };
            let defaults = defaults.map(|d| Defaults {
                ty: ty.clone(),
                values: BTreeMap::new(),
                children: BTreeMap::from([(String::new(), d)]),
            });
            (ty, defaults)
        }
        "object" => object(&args[0], at, reading, diags),
        "tuple" => {
            let Ok(elements) = static_list(&args[0]) else {
                return fail(
                    invalid(
                        "Tuple type constructor requires a list of element types.",
                        args[0].span(),
                    )
                    .with_context(at),
                );
            };
            let mut types = Vec::with_capacity(elements.len());
            let mut children = BTreeMap::new();
            for (i, e) in elements.iter().enumerate() {
                let (t, d) = type_of(e, reading, diags);
                types.push(t);
                if let Some(d) = d {
                    children.insert(i.to_string(), d);
                }
            }
            let ty = Type::tuple(types);
            let defaults = structured(&ty, BTreeMap::new(), children);
            (ty, defaults)
        }
        "optional" => fail(invalid(
            format!(
                "Keyword {} is valid only as a modifier for object type attributes.",
                quoted(name)
            ),
            call.name_span,
        )),
        _ => fail(invalid(
            format!("Keyword {} is not a valid type constructor.", quoted(name)),
            at,
        )),
    }
}

const OBJECT_NEEDS_MAP: &str =
    "The object type constructor requires one argument specifying the attribute types and values as a map.";
const TUPLE_NEEDS_LIST: &str =
    "The tuple type constructor requires one argument specifying the element types as a list.";

fn element_type_needed(kw: &str) -> String {
    format!("The {kw} type constructor requires one argument specifying the element type.")
}

/// `object({name = type, ...})`; `at` is the whole call.
fn object(arg: &Expression<'_>, at: Span, reading: Reading, diags: &mut Vec<Diagnostic>) -> (Type, Option<Defaults>) {
    let Ok(pairs) = static_map(arg) else {
        diags.push(
            invalid(
                "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
                arg.span(),
            )
            .with_context(at),
        );
        return (Type::Dynamic, None);
    };
    let mut attrs: Vec<(&str, Type)> = Vec::with_capacity(pairs.len());
    let mut optional: Vec<&str> = Vec::new();
    let mut values: BTreeMap<String, Value> = BTreeMap::new();
    let mut children: BTreeMap<String, Defaults> = BTreeMap::new();
    for pair in &pairs {
        let name = match pair.key {
            ObjectKey::Identifier(i) => Some(i.name),
            ObjectKey::Expression(e) => keyword(e),
        };
        let Some(name) = name else {
            diags.push(
                invalid("Object constructor map keys must be attribute names.", pair.key.span()).with_context(at),
            );
            continue;
        };
        let mut ty_expr = pair.value;
        let mut default: Option<(&Expression<'_>, Value)> = None;
        if let Ok(call) = static_call(pair.value)
            && call.name == "optional"
        {
            let context = pair.value.span();
            let args = call.args;
            if args.is_empty() {
                diags.push(
                    invalid(
                        "Optional attribute modifier requires the attribute type as its argument.",
                        call.args_span,
                    )
                    .with_context(context),
                );
                continue;
            }
            match (reading, args.len()) {
                    (Reading::Exact, _) => diags.push(
                        invalid(
                            "Optional attribute modifier is only for type constraints, not for exact types.",
                            call.name_span,
                        )
                        .with_context(context),
                    ),
                    (_, 1) => optional.push(name),
                    (Reading::WithDefaults, 2) => {
                        let e = evaluate(&args[1], &EvalContext::literal_only());
                        let failed = e.diagnostics.has_errors();
                        diags.extend(e.diagnostics.into_vec());
                        if !failed {
                            optional.push(name);
                            default = Some((&args[1], e.value));
                        }
                    }
                    (Reading::WithDefaults, _) => diags.push(
                        invalid(
                            "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
                            call.args_span,
                        )
                        .with_context(context),
                    ),
                    (Reading::Constraint, _) => diags.push(
                        invalid(
                            "Optional attribute modifier expects only one argument: the attribute type.",
                            call.args_span,
                        )
                        .with_context(context),
                    ),
                }
            ty_expr = &args[0];
        }
        let (ty, child) = type_of(ty_expr, reading, diags);
        // a later attribute of the same name replaces an earlier one's
        // default, as in the reference (a map keyed by name)
        if let Some((e, v)) = default {
            match convert(&v, &ty) {
                Ok(v) => {
                    values.insert(name.to_string(), v);
                }
                Err(err) => {
                    values.remove(name);
                    diags.push(Diagnostic::error(
                        "Invalid default value for optional attribute",
                        format!("This default value is not compatible with the attribute's type constraint: {err}."),
                        e.span(),
                    ));
                }
            }
        }
        match child {
            Some(d) => {
                children.insert(name.to_string(), d);
            }
            None => {
                children.remove(name);
            }
        }
        attrs.push((name, ty));
    }
    let ty = Type::object_with_optional(attrs, optional);
    let defaults = structured(&ty, values, children);
    (ty, defaults)
}

fn structured(ty: &Type, values: BTreeMap<String, Value>, children: BTreeMap<String, Defaults>) -> Option<Defaults> {
    if values.is_empty() && children.is_empty() {
        return None;
    }
    Some(Defaults {
        ty: ty.clone(),
        values,
        children,
    })
}

/// The default values of a type constraint's optional attributes, as a
/// tree that follows the type: the defaults of this level's object
/// attributes, and the defaults further down, under an attribute name (an
/// object), a decimal index (a tuple) or `""` (the element of a list, set
/// or map).
#[derive(Clone, Debug, PartialEq)]
pub struct Defaults {
    ty: Type,
    values: BTreeMap<String, Value>,
    children: BTreeMap<String, Defaults>,
}

impl Defaults {
    /// The type constraint at this level (with its optional attributes).
    pub fn ty(&self) -> &Type {
        &self.ty
    }

    /// The default of each optional attribute at this level that has one,
    /// already converted to the attribute's type.
    pub fn values(&self) -> &BTreeMap<String, Value> {
        &self.values
    }

    /// The defaults further down: by attribute name, tuple index (`"0"`) or
    /// `""` for the element of a collection.
    pub fn children(&self) -> &BTreeMap<String, Defaults> {
        &self.children
    }

    /// Puts the defaults into `value`, everywhere the type constraint has
    /// them: each object (or map) at a level with defaults gets the default
    /// of every optional attribute it lacks or holds as null, with the
    /// defaults below applied to it. Null and unknown values are left as
    /// they are (the reference from v2.15 on, see D-typeexpr-null-defaults
    /// in `docs/deviations.md`). The result is meant to be converted to the
    /// type next ([`TypeExpr::convert`]).
    ///
    /// ```
    /// use hcl_native::typeexpr::type_constraint_with_defaults;
    /// use hcl_native::value::Value;
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let t = type_constraint_with_defaults(&parse_expression(&arena, b"map(object({on = optional(bool, false)}))").ast);
    /// let v = Value::object([("a", Value::empty_object()), ("b", Value::object([("on", Value::from(true))]))]);
    /// let v = t.defaults.unwrap().apply(&v);
    /// assert_eq!(v.get("a").cloned().unwrap().get("on").cloned(), Some(Value::from(false)));
    /// assert_eq!(v.get("b").cloned().unwrap().get("on").cloned(), Some(Value::from(true)));
    /// ```
    pub fn apply(&self, value: &Value) -> Value {
        crate::stack::entry(|| self.apply_here(value))
    }

    fn apply_here(&self, value: &Value) -> Value {
        crate::stack::with_stack(|| {
            if value.is_null() || !value.is_known() {
                return value.clone();
            }
            match value.kind() {
                ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
                    let by_index = matches!(self.ty, Type::Tuple(_));
                    let items: Vec<Value> = items
                        .iter()
                        .enumerate()
                        .map(|(i, v)| match self.child(by_index.then(|| i.to_string()).as_deref()) {
                            Some(d) => d.apply_here(v),
                            None => v.clone(),
                        })
                        .collect();
                    // the elements may now differ in type: a tuple holds
                    // them all, and the conversion that follows makes the
                    // collection again
                    match value.kind() {
                        ValueRef::Tuple(_) => Value::tuple(items),
                        _ if self.children.is_empty() => value.clone(),
                        _ => Value::tuple(items),
                    }
                }
                ValueRef::Map(entries) | ValueRef::Object(entries) => {
                    let by_name = matches!(self.ty, Type::Object(_));
                    let mut out: Vec<(Arc<str>, Value)> = entries
                        .iter()
                        .map(|(k, v)| {
                            let v = match self.child(by_name.then_some(&**k)) {
                                Some(d) => d.apply_here(v),
                                None => v.clone(),
                            };
                            (k.clone(), v)
                        })
                        .collect();
                    for (name, default) in &self.values {
                        let here = out.iter().position(|(k, _)| &**k == name.as_str());
                        if here.is_some_and(|i| !out[i].1.is_null()) {
                            continue;
                        }
                        let default = match self.children.get(name) {
                            Some(d) => d.apply_here(default),
                            None => default.clone(),
                        };
                        match here {
                            Some(i) => out[i].1 = default,
                            None => out.push((Arc::from(name.as_str()), default)),
                        }
                    }
                    if self.values.is_empty() && self.children.is_empty() {
                        return value.clone();
                    }
                    // as an object: the defaults' types may differ from a
                    // map's element type until the conversion that follows
                    Value::object(out)
                }
                _ => value.clone(),
            }
        })
    }

    /// The defaults for a part: by `key` (an attribute name or tuple
    /// index), or `""` for a collection's element when `key` is `None`.
    fn child(&self, key: Option<&str>) -> Option<&Defaults> {
        self.children.get(key.unwrap_or(""))
    }
}

/// A type in type-expression syntax, exactly as the reference's
/// `typeexpr.TypeString` prints it: no spaces, the dynamic pseudo-type as
/// `any`, optional attributes not marked (the type's `Display` marks them).
/// A capsule type, which has no such syntax, prints as its name in
/// parentheses.
///
/// ```
/// use hcl_native::typeexpr::type_string;
/// use hcl_native::value::Type;
///
/// let t = Type::map(Type::object([("name", Type::String), ("tags", Type::list(Type::Dynamic))]));
/// assert_eq!(type_string(&t), "map(object({name=string,tags=list(any)}))");
/// ```
pub fn type_string(ty: &Type) -> String {
    let mut out = String::new();
    crate::stack::entry(|| write_type(ty, &mut out));
    out
}

fn write_type(ty: &Type, out: &mut String) {
    crate::stack::with_stack(|| match ty {
        Type::String => out.push_str("string"),
        Type::Number => out.push_str("number"),
        Type::Bool => out.push_str("bool"),
        Type::Dynamic => out.push_str("any"),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            out.push_str(match ty {
                Type::List(_) => "list(",
                Type::Set(_) => "set(",
                _ => "map(",
            });
            write_type(e, out);
            out.push(')');
        }
        Type::Object(o) => {
            out.push_str("object({");
            for (i, (name, t)) in o.attributes().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if crate::value::is_identifier(name) {
                    out.push_str(name);
                } else {
                    out.push_str(&crate::diagnostic::quoted(name));
                }
                out.push('=');
                write_type(t, out);
            }
            out.push_str("})");
        }
        Type::Tuple(ts) => {
            out.push_str("tuple([");
            for (i, t) in ts.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(t, out);
            }
            out.push_str("])");
        }
        Type::Capsule(c) => {
            out.push('(');
            out.push_str(c.name());
            out.push(')');
        }
    })
}

/// The extension's `convert(value, type)` function (the reference's
/// `typeexpr.ConvertFunc`): converts `value` to the type constraint written
/// as its second argument, which is read as a type expression, never
/// evaluated (so it must be written inline: `convert(x, list(string))`). An
/// application adds it to its context under the name it likes,
/// conventionally `convert`. Called with [`Function::call`](crate::function::Function::call)
/// (values, no expressions), the type argument is an error.
///
/// ```
/// use hcl_native::eval::{evaluate, EvalContext};
/// use hcl_native::typeexpr::convert_function;
/// use hcl_native::value::{Type, Value};
/// use hcl_native::{parse_expression, Arena};
///
/// let mut ctx = EvalContext::new();
/// ctx.set_function("convert", convert_function()).unwrap();
/// let arena = Arena::new();
/// let r = evaluate(&parse_expression(&arena, br#"convert(["1", 2], list(number))"#).ast, &ctx);
/// assert_eq!(r.value, Value::list(Type::Number, vec![1.into(), 2.into()]).unwrap());
/// let bad = evaluate(&parse_expression(&arena, br#"convert("x", lits(string))"#).ast, &ctx);
/// assert_eq!(bad.diagnostics.as_slice()[0].summary(), "Invalid function argument");
/// ```
pub fn convert_function() -> crate::function::Function {
    convert_reading(Reading::Constraint)
}

/// Terraform's `convert(value, type)` function (Terraform v1.15): the
/// extension's [`convert_function`], but its type constraint may give
/// optional attributes defaults, `optional(type, default)`
/// ([`type_constraint_with_defaults`]), which are put into the value
/// before it is converted, as a variable's type constraint puts them
/// ([`TypeExpr::convert`]). The reference's function reads the type with
/// `TypeConstraint`, where a default is an error; Terraform's reads it
/// with `TypeConstraintWithDefaults` (its documentation's example:
/// `developer.hashicorp.com/terraform/language/functions/convert`).
///
/// ```
/// use hcl_native::eval::{evaluate, EvalContext};
/// use hcl_native::typeexpr::{convert_function, convert_function_with_defaults};
/// use hcl_native::value::Value;
/// use hcl_native::{parse_expression, Arena};
///
/// let mut ctx = EvalContext::new();
/// ctx.set_function("convert", convert_function_with_defaults()).unwrap();
/// let arena = Arena::new();
/// let src = br#"convert({}, object({name = optional(string, "web")}))"#;
/// let r = evaluate(&parse_expression(&arena, src).ast, &ctx);
/// assert_eq!(r.value, Value::object([("name", Value::from("web"))]));
///
/// // the extension's own convert refuses the default
/// ctx.set_function("convert", convert_function()).unwrap();
/// assert!(evaluate(&parse_expression(&arena, src).ast, &ctx).diagnostics.has_errors());
/// ```
pub fn convert_function_with_defaults() -> crate::function::Function {
    convert_reading(Reading::WithDefaults)
}

/// `convert(value, type)` with its type argument read as `reading` says.
fn convert_reading(reading: Reading) -> crate::function::Function {
    use crate::function::{Function, FunctionError, Parameter};
    Function::builder()
        .param(Parameter::new("value", Type::Dynamic).allow_null().allow_dynamic())
        .param(Parameter::new("type", Type::Dynamic))
        .lazy_implementation(move |args, meter| {
            let Some(expr) = args[1].expression() else {
                return Err(FunctionError::argument(
                    1,
                    "a type constraint written inline is required, not a value",
                ));
            };
            let t = read(expr, reading);
            if !t.diagnostics.is_empty() {
                return Err(FunctionError::from_diagnostics(1, t.diagnostics.as_slice()));
            }
            let mut value = args[0]
                .value()
                .map_err(|errors| FunctionError::from_diagnostics(0, &errors))?;
            if let Some(defaults) = &t.defaults {
                value = defaults.apply(&value);
            }
            crate::convert::convert_metered(&value, &t.ty, meter)?
                .map_err(|e| FunctionError::argument(0, e.to_string()))
        })
}
