//! Unary and binary operators.
//!
//! spec: hclsyntax#operations
//!
//! Each operator takes operands of one type (number, bool, or any for the
//! equality operators): an operand is converted to it, and one that does
//! not convert is an "Invalid operand" error at that operand. Null
//! operands are errors of the operation; an unknown operand (or the
//! dynamic value) gives an unknown result of the operator's result type.
//! Both operands are always evaluated, so errors in either are reported,
//! except that `&&` and `||` drop the errors of an operand whose value
//! cannot matter (see [`Evaluator::logic`]).

use super::{Evaluator, Locals};
use crate::ast::{BinaryOp, BinaryOperator, ExprTerm, Expression, UnaryOp, UnaryOperator};
use crate::convert::convert;
use crate::number::{Number, NumberError};
use crate::value::{number_bounds, Tri, Type, Value};
use crate::Span;

/// The operand type and result type of a binary operator.
fn signature(op: BinaryOperator) -> (Type, Type) {
    use BinaryOperator::*;
    match op {
        // spec: hclsyntax#comparison-operators
        Equal | NotEqual => (Type::Dynamic, Type::Bool),
        Less | Greater | LessOrEqual | GreaterOrEqual => (Type::Number, Type::Bool),
        // spec: hclsyntax#arithmetic-operators
        Add | Subtract | Multiply | Divide | Modulo => (Type::Number, Type::Number),
        // spec: hclsyntax#logic-operators
        And | Or => (Type::Bool, Type::Bool),
    }
}

/// Operation `k` of a run of binary operators; its ranges are worked out
/// only when a diagnostic needs them.
#[derive(Clone, Copy)]
struct Run<'r, 'a> {
    b: &'r BinaryOp<'a>,
    k: usize,
}

impl Run<'_, '_> {
    /// The left operand: everything before operator `k`.
    fn lhs_span(&self) -> Span {
        match self.k {
            0 => self.b.first.span(),
            k => self.b.first.span().to(self.b.rest[k - 1].2.span()),
        }
    }

    /// The operation: everything up to operator `k`'s right operand.
    fn span(&self) -> Span {
        self.b.first.span().to(self.b.rest[self.k].2.span())
    }
}

/// A comparison of numbers of which one at least is unknown, as go-cty's
/// `LessThan` and `GreaterThan` make it (their functions take unknown
/// operands): known where the operands' ranges do not overlap (their
/// bounds taken as exclusive, as go-cty takes them), else an unknown bool
/// that is not null; `<=` and `>=` are the strict comparison or equality.
fn compare_ranges(op: BinaryOperator, l: &Value, r: &Value) -> Value {
    use BinaryOperator::*;
    let strict = |a: &Value, b: &Value| -> Tri {
        // a < b
        let ((a_min, _), (a_max, _)) = number_bounds(a);
        let ((b_min, _), (b_max, _)) = number_bounds(b);
        if a_max.less_than(&b_min) {
            Tri::True
        } else if b_max.less_than(&a_min) {
            Tri::False
        } else {
            Tri::Unknown
        }
    };
    let or_equal = |t: Tri| match t {
        Tri::True => Tri::True,
        other => match (other, l.equals(r).as_bool()) {
            (_, Some(true)) => Tri::True,
            (Tri::False, Some(false)) => Tri::False,
            _ => Tri::Unknown,
        },
    };
    match op {
        Less => strict(l, r),
        Greater => strict(r, l),
        LessOrEqual => or_equal(strict(l, r)),
        _ => or_equal(strict(r, l)),
    }
    .to_value()
}

/// The reference's words for an arithmetic operation without a result.
fn arithmetic_message(op: BinaryOperator, e: &NumberError) -> String {
    match (op, e) {
        (BinaryOperator::Subtract, NumberError::OpposingInfinities) => "can't subtract infinity from itself".into(),
        (_, NumberError::OpposingInfinities) => "can't compute sum of opposing infinities".into(),
        (BinaryOperator::Modulo, NumberError::InfiniteRemainder) => "can't use modulo with an infinite operand".into(),
        _ => e.to_string(),
    }
}

impl Evaluator<'_> {
    /// `unaryOp = ("-" | "!") ExprTerm`
    ///
    /// spec: hclsyntax#operations
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn unary(&mut self, u: &UnaryOp<'_>, locals: Option<&Locals<'_>>) -> Value {
        let ty = match u.op {
            UnaryOperator::Negate => Type::Number,
            UnaryOperator::Not => Type::Bool,
        };
        let errors = self.error_count();
        let given = self.expr(&u.operand, locals);
        let v = match convert(&given, &ty) {
            Ok(v) => v,
            Err(e) => {
                self.error(
                    "Invalid operand",
                    format!("Unsuitable value for unary operand: {e}."),
                    u.operand.span(),
                    Some(u.span),
                );
                return Value::unknown(ty);
            }
        };
        if self.error_count() > errors {
            return Value::unknown(ty);
        }
        if v.is_null() {
            self.null_operand(u.span);
            return Value::unknown(ty);
        }
        if !v.is_known() {
            // go-cty's `Negate` and `Not` (and their functions) refine
            // an unknown result as not null
            return Value::unknown(ty).refine_not_null();
        }
        match u.op {
            UnaryOperator::Negate => Value::number(v.as_number().expect("a known number").neg()),
            UnaryOperator::Not => Value::bool(!v.as_bool().expect("a known bool")),
        }
    }

    fn null_operand(&mut self, span: Span) {
        self.error(
            "Operation failed",
            "Error during operation: argument must not be null.",
            span,
            None,
        );
    }

    /// A run of binary operators of one precedence level, applied left to
    /// right: `ExprTerm (binaryOperator ExprTerm)*`.
    ///
    /// spec: hclsyntax#operations
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn binary(&mut self, b: &BinaryOp<'_>, locals: Option<&Locals<'_>>) -> Value {
        if matches!(b.rest.first(), Some((BinaryOperator::And | BinaryOperator::Or, _, _))) {
            return self.logic(b, locals);
        }
        let errors = self.error_count();
        let mut acc = self.operand(&b.first, locals);
        for (k, (op, _, rhs)) in b.rest.iter().enumerate() {
            let rhs_value = self.operand(rhs, locals);
            acc = self.apply(*op, acc, rhs_value, Run { b, k }, errors);
            if !self.refines {
                // each operation of a run is an expression of its own
                acc = acc.without_refinements();
            }
        }
        acc
    }

    /// An operand: a literal directly (the commonest operand), anything
    /// else through the general walk.
    #[inline]
    fn operand(&mut self, e: &Expression<'_>, locals: Option<&Locals<'_>>) -> Value {
        if let Expression::ExprTerm(ExprTerm::LiteralValue(l)) = e {
            if !self.step_at(1, || l.span()) {
                return Value::dynamic();
            }
            return self.literal(l);
        }
        self.expr(e, locals)
    }

    /// One binary operation on evaluated operands: operation `at.k` of its
    /// run. Errors found in the operands (more than `errors` in all) make
    /// the result unknown without a further error.
    fn apply(&mut self, op: BinaryOperator, lhs: Value, rhs: Value, at: Run<'_, '_>, errors: usize) -> Value {
        // Known numbers (or bools) with no error so far: the common case,
        // straight to the operation.
        if self.error_count() == errors {
            if let (Some(a), Some(b)) = (lhs.as_number(), rhs.as_number()) {
                if let Some(v) = self.numbers(op, a, b, at) {
                    return v;
                }
            } else if let (Some(a), Some(b), BinaryOperator::And | BinaryOperator::Or) =
                (lhs.as_bool(), rhs.as_bool(), op)
            {
                return Value::bool(if op == BinaryOperator::And { a && b } else { a || b });
            }
        }
        let (operand_ty, result_ty) = signature(op);
        let (lhs_span, span) = (at.lhs_span(), at.span());
        let (lhs, rhs) = (convert(&lhs, &operand_ty), convert(&rhs, &operand_ty));
        let l = lhs.map_err(|e| {
            self.error(
                "Invalid operand",
                format!("Unsuitable value for left operand: {e}."),
                lhs_span,
                Some(span),
            );
        });
        let r = rhs.map_err(|e| {
            self.error(
                "Invalid operand",
                format!("Unsuitable value for right operand: {e}."),
                at.b.rest[at.k].2.span(),
                Some(span),
            );
        });
        let (Ok(l), Ok(r)) = (l, r) else {
            return Value::unknown(result_ty);
        };
        if self.error_count() > errors {
            return Value::unknown(result_ty);
        }
        use BinaryOperator::*;
        if let Equal | NotEqual = op {
            // Comparing collections walks them, and a value may hold one
            // big part many times: the walk costs steps. Anything else
            // compares at once, unmetered.
            if crate::value::equality::parts(&l).is_none() {
                return if op == Equal { l.equals(&r) } else { l.not_equals(&r) };
            }
            return self
                .walking(span, |m| l.equals_metered(&r, op == NotEqual, m))
                .unwrap_or_else(|| Value::unknown(result_ty));
        }
        if l.is_null() || r.is_null() {
            self.null_operand(span);
            return Value::unknown(result_ty);
        }
        if !l.is_known() || !r.is_known() {
            return match op {
                Less | Greater | LessOrEqual | GreaterOrEqual => compare_ranges(op, &l, &r),
                // go-cty's arithmetic and logic functions refine an
                // unknown result as not null
                _ => Value::unknown(result_ty).refine_not_null(),
            };
        }
        if let (Some(a), Some(b)) = (l.as_bool(), r.as_bool()) {
            return Value::bool(if op == And { a && b } else { a || b });
        }
        let (a, b) = (
            l.as_number().expect("a known number"),
            r.as_number().expect("a known number"),
        );
        self.numbers(op, a, b, at)
            .expect("an arithmetic or comparison operator")
    }

    /// A run of `&&` or of `||` (one level holds one of them), left to
    /// right, short-circuiting as hashicorp/hcl#713 (Terraform 1.12 and
    /// later) does: both operands are evaluated, each with its errors kept
    /// apart, and where one known operand decides the result (`false` for
    /// `&&`, `true` for `||`) the result is that and the other operand's
    /// errors are dropped, so `v == null || contains(xs, v)` is `true` for
    /// a null `v`. Where both are unknown and the left one has no error,
    /// the result is an unknown bool with the left one's errors only; where
    /// one is unknown and the other is the value that does not decide, an
    /// unknown bool with the unknown one's errors. An operand that is not
    /// a bool is an error that no short circuit drops; otherwise the
    /// operation is the plain one, with the errors of both.
    ///
    /// spec: hclsyntax#logic-operators
    #[inline(never)]
    fn logic(&mut self, b: &BinaryOp<'_>, locals: Option<&Locals<'_>>) -> Value {
        let (mut acc, mut acc_diags) = self.isolated(|ev| ev.operand(&b.first, locals));
        for (k, (op, _, rhs)) in b.rest.iter().enumerate() {
            let (rhs_value, rhs_diags) = self.isolated(|ev| ev.operand(rhs, locals));
            let at = Run { b, k };
            (acc, acc_diags) = self.isolated(|ev| ev.short_circuit(*op, acc, acc_diags, rhs_value, rhs_diags, at));
        }
        self.absorb(acc_diags);
        acc
    }

    /// One `&&` or `||` of evaluated operands with their diagnostics (see
    /// [`Evaluator::logic`]); its own diagnostics go to the evaluator.
    fn short_circuit(
        &mut self,
        op: BinaryOperator,
        lhs: Value,
        lhs_diags: Vec<crate::Diagnostic>,
        rhs: Value,
        rhs_diags: Vec<crate::Diagnostic>,
        at: Run<'_, '_>,
    ) -> Value {
        let decides = op == BinaryOperator::Or;
        let (l, r) = (convert(&lhs, &Type::Bool), convert(&rhs, &Type::Bool));
        if let (Ok(l), Ok(r)) = (&l, &r) {
            let has_errors = |ds: &[crate::Diagnostic]| ds.iter().any(crate::Diagnostic::is_error);
            let forced = match (l.as_bool(), r.as_bool()) {
                (None, None) if !l.is_known() && !r.is_known() && !has_errors(&lhs_diags) => {
                    Some((Value::unknown(Type::Bool), lhs_diags.clone()))
                }
                (Some(a), _) if a == decides => Some((Value::bool(decides), lhs_diags.clone())),
                (_, Some(b)) if b == decides => Some((Value::bool(decides), rhs_diags.clone())),
                (None, Some(_)) if !l.is_known() => Some((Value::unknown(Type::Bool), lhs_diags.clone())),
                (Some(_), None) if !r.is_known() => Some((Value::unknown(Type::Bool), rhs_diags.clone())),
                _ => None,
            };
            if let Some((value, diags)) = forced {
                // an unknown result is never null (hashicorp/hcl#713's
                // short circuit refines it so, errors or not)
                self.absorb(diags);
                return value.refine_not_null();
            }
        }
        // No short circuit. An operand that is not a bool is reported
        // first, as the reference orders it, then both operands' errors;
        // otherwise the plain operation.
        let errors = self.error_count();
        if let Err(e) = &l {
            self.error(
                "Invalid operand",
                format!("Unsuitable value for left operand: {e}."),
                at.lhs_span(),
                Some(at.span()),
            );
        }
        if let Err(e) = &r {
            self.error(
                "Invalid operand",
                format!("Unsuitable value for right operand: {e}."),
                at.b.rest[at.k].2.span(),
                Some(at.span()),
            );
        }
        self.absorb(lhs_diags);
        self.absorb(rhs_diags);
        if self.error_count() > errors {
            return Value::unknown(Type::Bool);
        }
        self.apply(op, lhs, rhs, at, errors)
    }

    /// An arithmetic or comparison operator on two known numbers; `None`
    /// for the other operators.
    #[inline]
    fn numbers(&mut self, op: BinaryOperator, a: &Number, b: &Number, at: Run<'_, '_>) -> Option<Value> {
        use BinaryOperator::*;
        // Big operands cost in proportion to their size.
        let work = a.work() + b.work();
        if work > 0 && !self.step_at(work, || at.span()) {
            return Some(Value::unknown(Type::Number));
        }
        let result: Result<Number, NumberError> = match op {
            Add => a.add(b),
            Subtract => a.sub(b),
            Multiply => a.mul(b),
            Divide => a.div(b),
            Modulo => a.rem(b),
            Less => return Some(Value::bool(a.less_than(b))),
            Greater => return Some(Value::bool(b.less_than(a))),
            LessOrEqual => return Some(Value::bool(!b.less_than(a))),
            GreaterOrEqual => return Some(Value::bool(!a.less_than(b))),
            Equal => return Some(Value::bool(a == b)),
            NotEqual => return Some(Value::bool(a != b)),
            And | Or => return None,
        };
        Some(match result {
            Ok(n) => self.bounded_at(n, || at.span()),
            Err(e) => {
                self.error(
                    "Operation failed",
                    format!("Error during operation: {}.", arithmetic_message(op, &e)),
                    at.span(),
                    None,
                );
                Value::unknown(Type::Number)
            }
        })
    }
}
