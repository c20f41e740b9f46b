//! Index, attribute access and the splat operators.
//!
//! spec: hclsyntax#index-operator

use super::{Evaluator, Locals};
use crate::ast::{GetAttr, Postfix, PostfixOp, Splat, SplatOp};
use crate::convert::convert_metered;
use crate::diagnostic::quoted;
use crate::number::Number;
use crate::value::equality::definitely_not_null;
use crate::value::{length_bounds, unknown_with, Refinement, Type, Value, MAX_LENGTH};
use crate::Span;

const INVALID_INDEX: &str = "Invalid index";
const NO_ELEMENT: &str = "The given key does not identify an element in this collection value";
const UNSUPPORTED: &str = "Unsupported attribute";

impl Evaluator<'_> {
    /// A term with its postfix operators, applied left to right.
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn postfix(&mut self, p: &Postfix<'_>, locals: Option<&Locals<'_>>) -> Value {
        let errors_before = self.error_count();
        let mut v = self.term(&p.term, locals);
        for op in p.ops {
            v = match op {
                PostfixOp::Index(ix) => {
                    let key = self.expr(&ix.key, locals);
                    self.index(&v, &key, ix.span)
                }
                PostfixOp::LegacyIndex(l) => self.legacy_index(&v, l.digits, l.span),
                PostfixOp::GetAttr(g) => self.get_attr(&v, g),
                // A splat over a source that failed (the chain before it)
                // is the dynamic value, its steps not taken, as in the
                // reference.
                PostfixOp::Splat(_) if self.error_count() > errors_before => Value::dynamic(),
                PostfixOp::Splat(s) => {
                    let source = Span::new(p.span.start, op.span().start);
                    self.splat(v, s, source, locals)
                }
            };
        }
        v
    }

    /// `LegacyIndex = '.' digit+`: an index by the number the digits spell.
    ///
    /// spec: hclsyntax#index-operator
    fn legacy_index(&mut self, v: &Value, digits: &str, span: Span) -> Value {
        match Number::from_literal(digits) {
            Ok(n) => self.index(v, &Value::number(n), span),
            Err(_) => {
                self.error(INVALID_INDEX, format!("{NO_ELEMENT}."), span, None);
                Value::dynamic()
            }
        }
    }

    /// `Index = "[" Expression "]"`: the element of a list or tuple at a
    /// whole-number key, of a map or object at a string key; the key is
    /// converted to the kind the collection needs.
    ///
    /// spec: hclsyntax#index-operator
    pub(super) fn index(&mut self, coll: &Value, key: &Value, span: Span) -> Value {
        if coll.is_null() {
            self.error(
                "Attempt to index null value",
                "This value is null, so it does not have any indices.",
                span,
                None,
            );
            return Value::dynamic();
        }
        if key.is_null() {
            self.error(INVALID_INDEX, "Can't use a null value as an indexing key.", span, None);
            return Value::dynamic();
        }
        let ty = coll.ty();
        if ty == Type::Dynamic {
            return Value::dynamic();
        }
        // A key of no known type gives the dynamic value, whatever the
        // element type, as in the reference (a value without indices is
        // still an error: D-index-dynamic-key).
        if key.ty() == Type::Dynamic && matches!(ty, Type::List(_) | Type::Tuple(_) | Type::Map(_) | Type::Object(_)) {
            return Value::dynamic();
        }
        match &ty {
            Type::List(_) | Type::Tuple(_) => {
                let Some(k) = self.index_key(key, &Type::Number, span) else {
                    return Value::dynamic();
                };
                // An unknown key: the type of the element is certain for a
                // list alone.
                let Some(n) = k.as_number() else {
                    return match &ty {
                        Type::List(e) => Value::unknown((**e).clone()),
                        _ => Value::dynamic(),
                    };
                };
                let len = match (&ty, coll.length()) {
                    (_, Some(len)) => Some(len),
                    (Type::Tuple(ts), None) => Some(ts.len()),
                    _ => None,
                };
                let at = n.to_i64().filter(|i| *i >= 0).map(|i| i as usize);
                match (at, len) {
                    (Some(i), Some(len)) if i < len => match (coll.elements(), &ty) {
                        (Some(items), _) => items[i].clone(),
                        (None, Type::Tuple(ts)) => Value::unknown(ts[i].clone()),
                        _ => unreachable!("a known list has elements"),
                    },
                    // An unknown list: whether the index is in range is not
                    // known, but the element type is.
                    (Some(_), None) => Value::unknown(ty.element_type().expect("a list").clone()),
                    _ => {
                        let why = if !n.is_integer() {
                            ": indexing a sequence requires a whole number, but the given index has a fractional part"
                        } else if n.signum() < 0 {
                            ": a negative number is not a valid index for a sequence"
                        } else if len == Some(0) {
                            ": the collection has no elements"
                        } else {
                            ": the given index is greater than or equal to the length of the collection"
                        };
                        self.error(INVALID_INDEX, format!("{NO_ELEMENT}{why}."), span, None);
                        // an unknown list: of its element type all the same,
                        // as the reference's unknown element (without its
                        // error: D-index-unknown), so that the types around
                        // it are the reference's
                        match (&ty, len) {
                            (Type::List(e), None) => Value::unknown((**e).clone()),
                            _ => Value::dynamic(),
                        }
                    }
                }
            }
            Type::Map(e) => {
                let Some(k) = self.index_key(key, &Type::String, span) else {
                    return Value::dynamic();
                };
                match (k.as_str(), coll.is_known()) {
                    (Some(name), true) => match coll.get(name) {
                        Some(v) => v.clone(),
                        None => {
                            self.error(INVALID_INDEX, format!("{NO_ELEMENT}."), span, None);
                            Value::dynamic()
                        }
                    },
                    _ => Value::unknown((**e).clone()),
                }
            }
            Type::Object(o) => {
                let was_number = key.ty() == Type::Number;
                let Some(k) = self.index_key(key, &Type::String, span) else {
                    return Value::dynamic();
                };
                let Some(name) = k.as_str() else {
                    return Value::dynamic();
                };
                match o.attribute(name) {
                    None => {
                        let hint = if was_number {
                            " An object only supports looking up attributes by name, not by numeric index."
                        } else {
                            ""
                        };
                        self.error(INVALID_INDEX, format!("{NO_ELEMENT}.{hint}"), span, None);
                        Value::dynamic()
                    }
                    // An unknown object's attribute by index is the dynamic
                    // value, as in the reference (by `.name` it has the
                    // attribute's type).
                    Some(_) => coll.get(name).cloned().unwrap_or_else(Value::dynamic),
                }
            }
            Type::Set(_) => {
                self.error(
                    INVALID_INDEX,
                    "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
                    span,
                    None,
                );
                Value::dynamic()
            }
            _ => {
                self.error(INVALID_INDEX, "This value does not have any indices.", span, None);
                Value::dynamic()
            }
        }
    }

    /// The key converted to the type the collection is indexed by; `None`
    /// when it does not convert (reported).
    fn index_key(&mut self, key: &Value, ty: &Type, span: Span) -> Option<Value> {
        match self.walking(span, |m| convert_metered(key, ty, m))? {
            Ok(k) => Some(k),
            Err(e) => {
                self.error(INVALID_INDEX, format!("{NO_ELEMENT}: {e}."), span, None);
                None
            }
        }
    }

    /// `GetAttr = "." Identifier`: an object's attribute (or a map's
    /// element, as the reference allows).
    ///
    /// spec: hclsyntax#attribute-access-operator
    pub(super) fn get_attr(&mut self, v: &Value, g: &GetAttr<'_>) -> Value {
        let name = g.name.name;
        let span = g.span;
        if v.is_null() {
            self.error(
                "Attempt to get attribute from null value",
                "This value is null, so it does not have any attributes.",
                span,
                None,
            );
            return Value::dynamic();
        }
        let ty = v.ty();
        let detail = match &ty {
            Type::Dynamic => return Value::dynamic(),
            Type::Object(o) => match o.attribute(name) {
                Some(t) => return v.get(name).cloned().unwrap_or_else(|| Value::unknown(t.clone())),
                None => format!("This object does not have an attribute named {}.", quoted(name)),
            },
            Type::Map(e) => {
                if !v.is_known() {
                    return Value::unknown((**e).clone());
                }
                if let Some(x) = v.get(name) {
                    return x.clone();
                }
                self.error(
                    "Missing map element",
                    format!("This map does not have an element with the key {}.", quoted(name)),
                    span,
                    None,
                );
                return Value::dynamic();
            }
            Type::List(e) if e.object_type().is_some() => {
                if e.object_type().and_then(|o| o.attribute(name)).is_some() {
                    format!("Can't access attributes on a list of objects. Did you mean to access attribute {} for a specific element of the list, or across all elements of the list?", quoted(name))
                } else {
                    "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".to_string()
                }
            }
            Type::Set(e) if e.object_type().is_some() => "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?".to_string(),
            t if t.is_primitive() => format!("Can't access attributes on a primitive-typed value ({}).", t.friendly_name()),
            _ => "This value does not have any attributes.".to_string(),
        };
        self.error(UNSUPPORTED, detail, span, None);
        Value::dynamic()
    }

    /// The steps a splat applies to each element.
    fn splat_steps(&mut self, v: Value, splat: &Splat<'_>, locals: Option<&Locals<'_>>) -> Value {
        match splat {
            Splat::AttrSplat(s) => s.attrs.iter().fold(v, |v, g| self.get_attr(&v, g)),
            Splat::FullSplat(s) => s.ops.iter().fold(v, |v, op| match op {
                SplatOp::GetAttr(g) => self.get_attr(&v, g),
                SplatOp::Index(ix) => {
                    let key = self.expr(&ix.key, locals);
                    self.index(&v, &key, ix.span)
                }
                SplatOp::LegacyIndex(l) => self.legacy_index(&v, l.digits, l.span),
            }),
        }
    }

    /// `Splat = attrSplat | fullSplat`: the splat's steps applied to each
    /// element of a list, set or tuple; any other value counts as a
    /// one-element tuple, and a null one as the empty tuple.
    ///
    /// spec: hclsyntax#splat-operators
    fn splat(&mut self, source: Value, splat: &Splat<'_>, source_span: Span, locals: Option<&Locals<'_>>) -> Value {
        let ty = source.ty();
        let sequence = matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_));
        if source.is_null() {
            if sequence {
                let marker_end = match splat {
                    Splat::AttrSplat(s) => s.marker.end,
                    Splat::FullSplat(s) => s.marker.end,
                };
                self.error(
                    "Splat of null value",
                    "Splat expressions (with the * symbol) cannot be applied to null sequences.",
                    source_span,
                    Some(Span::new(source_span.start, marker_end)),
                );
                return Value::dynamic();
            }
            return Value::empty_tuple();
        }
        // An unknown value may be a sequence or not, or null: nothing is
        // known of the result unless it is a sequence of a known type. The
        // steps are still applied to an unknown value of a known type, for
        // their errors (an attribute that a string cannot have), as the
        // reference applies them.
        // (An unknown value refined as not null is not null: a one-element
        // tuple, as hcl 2.17 and later make it.)
        if !sequence && !source.is_known() && !definitely_not_null(&source) {
            if ty != Type::Dynamic {
                self.splat_steps(source, splat, locals);
            }
            return Value::dynamic();
        }
        if !sequence {
            // a one-element tuple; unknown (of the type the steps give an
            // unknown element) when the steps failed, as for a sequence
            let errors = self.error_count();
            let one = self.splat_steps(source, splat, locals);
            if self.error_count() > errors {
                return Value::unknown(self.splat_type(&Type::tuple(vec![ty]), splat, locals, false));
            }
            return Value::tuple(vec![one]);
        }
        if !source.is_known() {
            // not null, and a list as long as the source collection (hcl
            // 2.17 and later)
            let result_ty = self.splat_type(&ty, splat, locals, true);
            let (min, max) = if matches!(result_ty, Type::List(_)) && matches!(ty, Type::List(_) | Type::Set(_)) {
                length_bounds(&source)
            } else {
                (0, MAX_LENGTH)
            };
            return self.paid_for(unknown_with(result_ty, Refinement::length(true, min, max)), source_span);
        }
        let items: Vec<Value> = source.elements().expect("a known sequence").to_vec();
        if !self.step(items.len() as u64, source_span) {
            return Value::dynamic();
        }
        let errors = self.error_count();
        let results: Vec<Value> = items
            .into_iter()
            .map(|item| self.splat_steps(item, splat, locals))
            .collect();
        if self.error_count() > errors {
            return Value::unknown(self.splat_type(&ty, splat, locals, false));
        }
        match ty {
            Type::Tuple(_) => Value::tuple(results),
            _ => match results.first() {
                None => Value::list(
                    self.splat_type(&ty, splat, locals, true)
                        .element_type()
                        .cloned()
                        .unwrap_or(Type::Dynamic),
                    vec![],
                )
                .expect("an empty list"),
                Some(first) => {
                    let element = first.ty();
                    match Value::list(element, results.clone()) {
                        Ok(l) => l,
                        Err(_) => match crate::convert::unify_values(&results) {
                            Ok((t, vs)) => Value::list(t, vs).unwrap_or_else(|_| Value::tuple(results)),
                            Err(_) => Value::tuple(results),
                        },
                    }
                }
            },
        }
    }

    /// The type a splat's result has, from the steps applied to unknown
    /// elements; their diagnostics are kept when `report`.
    fn splat_type(&mut self, ty: &Type, splat: &Splat<'_>, locals: Option<&Locals<'_>>, report: bool) -> Type {
        let (t, diags) = self.isolated_type(|ev| match ty {
            Type::Tuple(ts) => Type::tuple(
                ts.iter()
                    .map(|t| ev.splat_steps(Value::unknown(t.clone()), splat, locals).ty())
                    .collect(),
            ),
            _ => {
                let e = ty.element_type().cloned().unwrap_or(Type::Dynamic);
                Type::list(ev.splat_steps(Value::unknown(e), splat, locals).ty())
            }
        });
        if report {
            self.absorb(diags);
        }
        t
    }

    fn isolated_type(&mut self, f: impl FnOnce(&mut Self) -> Type) -> (Type, Vec<crate::Diagnostic>) {
        let mut t = Type::Dynamic;
        let (_, diags) = self.isolated(|ev| {
            t = f(ev);
            Value::dynamic()
        });
        (t, diags)
    }
}
