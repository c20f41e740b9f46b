//! Literal values, tuple and object constructors.
//!
//! spec: hclsyntax#literal-values

use std::sync::Arc;

use super::{Evaluator, Locals};
use crate::analysis::is_multi_step_traversal;
use crate::ast::{CollectionValue, LiteralValue, ObjectKey};
use crate::convert::convert_metered;
use crate::number::NumberError;
use crate::value::{shared_short, Type, Value};

impl Evaluator<'_> {
    /// `LiteralValue = NumericLit | "true" | "false" | "null"`
    ///
    /// spec: hclsyntax#literal-values
    #[inline]
    pub(super) fn literal(&mut self, l: &LiteralValue<'_>) -> Value {
        match l {
            LiteralValue::NumericLit(n) => match self.numeric_literal(n) {
                Ok(v) => self.bounded(v, n.span),
                // spec: model#primitive-types
                Err(NumberError::Overflow) => {
                    self.error(
                        "Number out of range",
                        format!(
                            "The number {} is too large to represent: a number's magnitude must be below 2^32768.",
                            n.text
                        ),
                        n.span,
                        None,
                    );
                    Value::unknown(Type::Number)
                }
                Err(e) => {
                    self.error("Invalid number literal", format!("{e}."), n.span, None);
                    Value::unknown(Type::Number)
                }
            },
            LiteralValue::Bool(b, _) => Value::bool(*b),
            // The null value of the dynamic pseudo-type.
            LiteralValue::Null(_) => Value::null(Type::Dynamic),
        }
    }

    /// Tuple and object constructors.
    ///
    /// spec: hclsyntax#collection-values
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn collection(&mut self, c: &CollectionValue<'_>, locals: Option<&Locals<'_>>) -> Value {
        match c {
            CollectionValue::Tuple(t) => Value::tuple(t.elements.iter().map(|e| self.expr(e, locals)).collect()),
            CollectionValue::Object(o) => {
                let mut entries: Vec<(Arc<str>, Value)> = Vec::with_capacity(o.elements.len());
                let mut known = true;
                for elem in o.elements {
                    // Names enter as the model's strings do, in NFC: an
                    // identifier's (shared with the last evaluation's when
                    // short), a key's string value itself.
                    let key = match &elem.key {
                        // An identifier is the attribute name itself.
                        ObjectKey::Identifier(id) => Some(shared_short(id.name)),
                        // `{a.b = 1}`: not evaluated, as in the reference
                        ObjectKey::Expression(k) if is_multi_step_traversal(k) => {
                            self.error(
                                "Ambiguous attribute key",
                                "This key could be a reference or a name with dots in it. If it is a reference, \
                                 wrap it in parentheses; if the dots are part of the name, wrap it in quotes.",
                                k.span(),
                                None,
                            );
                            None
                        }
                        ObjectKey::Expression(k) => {
                            let v = self.expr(k, locals);
                            self.object_key(v, k.span(), o.span).and_then(|k| k.shared_str())
                        }
                    };
                    let value = self.expr(&elem.value, locals);
                    match key {
                        Some(k) => entries.push((k, value)),
                        None => known = false,
                    }
                }
                if !known {
                    return Value::dynamic();
                }
                // A repeated key: the last one wins.
                Value::object_nfc(entries)
            }
        }
    }

    /// A key expression's value as a string; `None` when it is unknown or
    /// in error (reported).
    fn object_key(&mut self, v: Value, span: crate::Span, context: crate::Span) -> Option<Value> {
        if v.is_null() {
            self.error(
                "Null value as key",
                "Can't use a null value as a key.",
                span,
                Some(context),
            );
            return None;
        }
        // (printing a number as a key costs steps: see `Number::print_work`)
        let converted = self.walking(span, |m| convert_metered(&v, &Type::String, m))?;
        match converted {
            Ok(k) if k.is_known() => Some(k),
            Ok(_) => None,
            Err(e) => {
                self.error(
                    "Incorrect key type",
                    format!("Can't use this value as a key: {e}."),
                    span,
                    Some(context),
                );
                None
            }
        }
    }
}
