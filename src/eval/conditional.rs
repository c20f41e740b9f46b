//! The conditional operator.
//!
//! spec: hclsyntax#conditional-operator

use super::{Evaluator, Locals};
use crate::ast::{Conditional, Expression};
use crate::convert::{convert, convert_metered, unify_metered};
use crate::diagnostic::Collector;
use crate::value::{Type, Value};
use crate::{Diagnostic, Span};

impl Evaluator<'_> {
    /// `Conditional = Expression "?" Expression ":" Expression`. Both
    /// results are evaluated (their types make the result type); the
    /// errors of a result pass through only when it is selected.
    ///
    /// spec: hclsyntax#conditional-operator
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn conditional(&mut self, c: &Conditional<'_>, locals: Option<&Locals<'_>>) -> Value {
        let (true_value, true_diags) = self.isolated(|ev| ev.expr(&c.true_expr, locals));
        let (false_value, false_diags) = self.isolated(|ev| ev.expr(&c.false_expr, locals));
        // Unifying and converting walk the types and values, which may
        // share big parts many times: the walks cost steps.
        let Some(unified) = self.walking(c.span, |m| unify_metered(&[true_value.ty(), false_value.ty()], m)) else {
            return Value::dynamic();
        };
        let result_ty = match unified {
            Some(t) => t,
            None => {
                self.error(
                    "Inconsistent conditional result types",
                    format!(
                        "The true and false result expressions must have consistent types. The 'true' value is {}, but the 'false' value is {}.",
                        true_value.ty().friendly_name(),
                        false_value.ty().friendly_name()
                    ),
                    c.true_expr.span().to(c.false_expr.span()),
                    Some(c.span),
                );
                return Value::dynamic();
            }
        };
        // An unknown predicate selects neither result.
        let Some(which) = self.predicate(&c.predicate, c.span, locals) else {
            return Value::unknown(result_ty);
        };
        let (value, diags, expr, name) = if which {
            (true_value, true_diags, &c.true_expr, "true")
        } else {
            (false_value, false_diags, &c.false_expr, "false")
        };
        let failed = diags.iter().any(Diagnostic::is_error);
        self.absorb(diags);
        if failed {
            return value;
        }
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

    /// The predicate of a conditional or a template `if`: its bool, or
    /// `None` when it is unknown or in error (reported, with `context`).
    pub(super) fn predicate(&mut self, e: &Expression<'_>, context: Span, locals: Option<&Locals<'_>>) -> Option<bool> {
        let cond = self.expr(e, locals);
        if cond.is_null() {
            self.error(
                "Null condition",
                "The condition value is null. Conditions must either be true or false.",
                e.span(),
                Some(context),
            );
            return None;
        }
        match convert(&cond, &Type::Bool) {
            Ok(v) => v.as_bool(),
            Err(_) => {
                self.error(
                    "Incorrect condition type",
                    "The condition expression must be of type bool.",
                    e.span(),
                    Some(context),
                );
                None
            }
        }
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
