//! The conditional operator.
//!
//! spec: hclsyntax#conditional-operator

use super::{Evaluator, Locals};
use crate::ast::{Conditional, Expression};
use crate::convert::{convert, convert_metered, unify_metered};
use crate::diagnostic::Collector;
use crate::value::{Type, Value, ValueRef};
use crate::{Diagnostic, Span};

impl Evaluator<'_> {
    /// `Conditional = Expression "?" Expression ":" Expression`. Both
    /// results are evaluated (their types make the result type); the
    /// errors of a result pass through only when it is selected.
    ///
    /// The result type is the reference's: the other result's type where
    /// one result is the `null` keyword's value, the dynamic pseudo-type
    /// where a result is of it (`x == null ? [] : x` with `x` unknown is
    /// the dynamic value, since `x` may be anything), otherwise the type
    /// the two unify to.
    ///
    /// spec: hclsyntax#conditional-operator
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn conditional(&mut self, c: &Conditional<'_>, locals: Option<&Locals<'_>>) -> Value {
        let (true_value, true_diags) = self.isolated(|ev| ev.expr(&c.true_expr, locals));
        let (false_value, false_diags) = self.isolated(|ev| ev.expr(&c.false_expr, locals));
        let (true_ty, false_ty) = (true_value.ty(), false_value.ty());
        let null_keyword = |v: &Value, t: &Type| v.is_null() && *t == Type::Dynamic;
        let result_ty = if null_keyword(&true_value, &true_ty) {
            false_ty
        } else if null_keyword(&false_value, &false_ty) {
            true_ty
        } else if true_ty == Type::Dynamic || false_ty == Type::Dynamic {
            Type::Dynamic
        } else {
            // Unifying and converting walk the types and values, which may
            // share big parts many times: the walks cost steps.
            let Some(unified) = self.walking(c.span, |m| unify_metered(&[true_ty.clone(), false_ty.clone()], m)) else {
                return Value::dynamic();
            };
            match unified {
                Some(t) => t,
                None => {
                    self.error(
                        "Inconsistent conditional result types",
                        format!(
                            "The true and false result expressions must have consistent types. {}.",
                            describe_mismatch(&true_ty, &false_ty)
                        ),
                        c.true_expr.span().to(c.false_expr.span()),
                        Some(c.span),
                    );
                    return Value::dynamic();
                }
            }
        };
        // An unknown predicate selects neither result: the result is what
        // both have in common (hcl 2.19 and later; refined where it has
        // errors of its own too, as there).
        let which = match self.predicate(&c.predicate, c.span, locals) {
            Predicate::Is(which) => which,
            Predicate::Unknown if self.refines => {
                return self.paid_for(either(&true_value, &false_value, result_ty), c.span);
            }
            Predicate::Unknown | Predicate::Invalid => return Value::unknown(result_ty),
        };
        let (value, diags, expr, name) = if which {
            (true_value, true_diags, &c.true_expr, "true")
        } else {
            (false_value, false_diags, &c.false_expr, "false")
        };
        self.absorb(diags);
        let Some(converted) = self.walking(c.span, |m| convert_metered(&value, &result_ty, m)) else {
            return Value::unknown(result_ty);
        };
        match converted {
            Ok(v) => v,
            Err(e) => {
                self.error(
                    "Inconsistent conditional result types",
                    format!("The {name} result value has the wrong type: {e}."),
                    expr.span(),
                    Some(c.span),
                );
                Value::unknown(result_ty)
            }
        }
    }

    /// The predicate of a conditional or a template `if`: its bool, unknown,
    /// or invalid (null, or not a bool: reported, with `context`).
    pub(super) fn predicate(&mut self, e: &Expression<'_>, context: Span, locals: Option<&Locals<'_>>) -> Predicate {
        let errors = self.error_count();
        let cond = self.expr(e, locals);
        if cond.is_null() {
            self.error(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                e.span(),
                Some(context),
            );
            return Predicate::Invalid;
        }
        // A predicate left unknown by its own errors says no more: its type
        // is that of the failed operation, not one to check (the reference
        // checks no unknown predicate at all, D-unknown-predicate-type).
        if !cond.is_known() && self.error_count() > errors {
            return Predicate::Unknown;
        }
        match convert(&cond, &Type::Bool) {
            Ok(v) => v.as_bool().map_or(Predicate::Unknown, Predicate::Is),
            Err(_) => {
                self.error(
                    "Incorrect condition type",
                    "The condition expression must be of type bool.",
                    e.span(),
                    Some(context),
                );
                Predicate::Invalid
            }
        }
    }

    /// An unknown result refined where the refinement may have fixed a
    /// list's length, and so made it a list of that many unknown elements:
    /// what was built costs its steps (the dynamic value past the limit).
    pub(super) fn paid_for(&mut self, v: Value, span: Span) -> Value {
        let built = v.elements().map_or(0, <[Value]>::len) as u64;
        if built > 0 && !self.step(built, span) {
            return Value::dynamic();
        }
        v
    }

    /// Runs `f` and takes the diagnostics it adds out of the evaluator.
    pub(super) fn isolated(&mut self, f: impl FnOnce(&mut Self) -> Value) -> (Value, Vec<Diagnostic>) {
        let inner = Collector::new(self.limits.max_diagnostics);
        let outer = std::mem::replace(&mut self.diags, inner);
        let value = f(self);
        let inner = std::mem::replace(&mut self.diags, outer);
        (value, inner.into_parts().0)
    }
}

/// What a predicate decides.
pub(super) enum Predicate {
    Is(bool),
    /// unknown: neither result is selected
    Unknown,
    /// null, or not a bool (reported)
    Invalid,
}

/// The unknown result of a conditional whose predicate is unknown, refined
/// by what its two results have in common: not null where neither is null;
/// for two numbers, bounds that hold both; for two collections of one
/// type, length bounds that hold both (hclsyntax's `ConditionalExpr`).
fn either(t: &Value, f: &Value, result_ty: Type) -> Value {
    use crate::value::{equality::definitely_not_null, length_bounds, number_bounds, unknown_with, Refinement};
    let not_null = definitely_not_null(t) && definitely_not_null(f);
    // (kinds matched, not types compared: `==` on types walks them)
    let number = |v: &Value| v.as_number().is_some() || matches!(v.kind(), ValueRef::Unknown(Type::Number));
    if number(t) && number(f) {
        let ((t_lo, t_hi), (f_lo, f_hi)) = (number_bounds(t), number_bounds(f));
        let (lower, upper) = (outer(t_lo, f_lo, true), outer(t_hi, f_hi, false));
        return unknown_with(Type::Number, Refinement::number(not_null, lower, upper));
    }
    let (tt, ft) = (t.ty(), f.ty());
    if matches!(tt, Type::List(_) | Type::Set(_) | Type::Map(_)) && tt == ft {
        let ((t_min, t_max), (f_min, f_max)) = (length_bounds(t), length_bounds(f));
        return unknown_with(
            result_ty,
            Refinement::length(not_null, t_min.min(f_min), t_max.max(f_max)),
        );
    }
    let unknown = Value::unknown(result_ty);
    if not_null {
        unknown.refine_not_null()
    } else {
        unknown
    }
}

/// Of two bounds (each with whether it is inclusive), the one that holds
/// both: the lesser of two lower bounds, the greater of two upper ones,
/// inclusive where either equal one is.
fn outer(a: (crate::Number, bool), b: (crate::Number, bool), lower: bool) -> (crate::Number, bool) {
    if a.0 == b.0 {
        return (b.0, a.1 || b.1);
    }
    if a.0.less_than(&b.0) == lower {
        a
    } else {
        b
    }
}

/// What makes two result types inconsistent, as the reference says it: the
/// first attribute or element where they part, else their kinds.
fn describe_mismatch(t: &Type, f: &Type) -> String {
    crate::stack::with_stack(|| {
        match (t, f) {
            (Type::Object(a), Type::Object(b)) => {
                for (name, at) in a.attributes() {
                    let Some(bt) = b.attribute(name) else {
                        return format!(
                            "The 'true' value includes object attribute {}, which is absent in the 'false' value",
                            crate::diagnostic::quoted(name)
                        );
                    };
                    if at != bt {
                        return format!(
                            "Type mismatch for object attribute {}: {}",
                            crate::diagnostic::quoted(name),
                            describe_mismatch(at, bt)
                        );
                    }
                }
                if let Some((name, _)) = b.attributes().iter().find(|(name, _)| a.attribute(name).is_none()) {
                    return format!(
                        "The 'false' value includes object attribute {}, which is absent in the 'true' value",
                        crate::diagnostic::quoted(name)
                    );
                }
            }
            (Type::Tuple(a), Type::Tuple(b)) => {
                if a.len() != b.len() {
                    return format!(
                        "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                        a.len(),
                        b.len()
                    );
                }
                if let Some((i, (x, y))) = a.iter().zip(b.iter()).enumerate().find(|(_, (x, y))| x != y) {
                    return format!("Type mismatch for tuple element {i}: {}", describe_mismatch(x, y));
                }
            }
            (Type::List(a), Type::List(b)) | (Type::Set(a), Type::Set(b)) | (Type::Map(a), Type::Map(b))
                if matches!(
                    (&**a, &**b),
                    (Type::Object(_), Type::Object(_)) | (Type::Tuple(_), Type::Tuple(_))
                ) =>
            {
                let noun = match t {
                    Type::List(_) => "list",
                    Type::Set(_) => "set",
                    _ => "map",
                };
                return format!("Mismatched {noun} element types: {}", describe_mismatch(a, b));
            }
            _ => {}
        }
        let (tn, fname) = (t.friendly_name(), f.friendly_name());
        if tn == fname {
            "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into()
        } else {
            format!("The 'true' value is {tn}, but the 'false' value is {fname}")
        }
    })
}
