//! The evaluator: a tree walk over the syntax tree that produces values of
//! the information model, with diagnostics that point at the
//! sub-expression at fault.
//!
//! spec: model#expressions
//!
//! Every construct has its own file: literals and collections
//! (`collection.rs`), variables and function calls (`call.rs`), operators
//! (`operators.rs`), the conditional (`conditional.rs`), index, attribute
//! access and splats (`postfix.rs`), `for` expressions (`for_expr.rs`) and
//! templates (`template.rs`). An error gives a diagnostic and, in place of
//! the value, an unknown value (of the type the construct would have had
//! when that is certain, else the dynamic value), so evaluation goes on
//! and finds every independent error in one pass.
//!
//! ```
//! use hcl_native::eval::{evaluate, EvalContext};
//! use hcl_native::value::Value;
//! use hcl_native::{parse_expression, Arena};
//!
//! let arena = Arena::new();
//! let expr = parse_expression(&arena, b"[for i, v in [\"a\", \"b\"]: \"${i}:${upper(v)}\"]").ast;
//! let result = evaluate(&expr, &EvalContext::with_standard_functions());
//! assert!(result.diagnostics.is_empty());
//! assert_eq!(result.value, Value::tuple(vec!["0:A".into(), "1:B".into()]));
//! ```

mod budget;
mod call;
mod collection;
mod conditional;
mod context;
mod for_expr;
mod json;
mod lazy;
mod operators;
mod postfix;
mod template;

pub use budget::StepBudget;
pub use context::{EvalContext, EvalLimits, Mode, ModeError, DEFAULT_STEP_LIMIT};
pub use lazy::LazyArgument;

use std::collections::HashMap;

use crate::ast::{ExprTerm, Expression, Identifier, NumericLit, Operation, Template, TemplatePart};
use crate::diagnostic::{CapLimit, Collector};
use crate::meter::{Meter, StepLimitReached};
use crate::value::Value;
use crate::{Diagnostic, Diagnostics, Number, NumberError, Span};

/// The result of an evaluation: a value (unknown where an error was found)
/// and every diagnostic found, in source order of discovery.
#[derive(Clone, Debug)]
pub struct Evaluated {
    /// The value.
    pub value: Value,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

/// Evaluates an expression in a context.
///
/// ```
/// use hcl_native::eval::{evaluate, EvalContext};
/// use hcl_native::value::Value;
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// let expr = parse_expression(&arena, b"0.1 + 0.2 == 0.3").ast;
/// assert_eq!(evaluate(&expr, &EvalContext::new()).value, Value::from(true));
/// ```
pub fn evaluate(expr: &Expression<'_>, ctx: &EvalContext<'_>) -> Evaluated {
    crate::stack::entry(|| {
        let mut ev = Evaluator::new(ctx);
        let value = ev.expr(expr, None);
        ev.finish(value)
    })
}

/// Evaluates a standalone template (as [`crate::parse_template`] gives),
/// with the unwrapping rule: a template that is one interpolation alone
/// gives that interpolation's value as it is.
///
/// ```
/// use hcl_native::eval::{evaluate_template, EvalContext};
/// use hcl_native::value::Value;
/// use hcl_native::{parse_template, Arena};
///
/// let arena = Arena::new();
/// let ctx = EvalContext::new();
/// let t = parse_template(&arena, b"${true}").ast;
/// assert_eq!(evaluate_template(&t, &ctx).value, Value::from(true));
/// let t = parse_template(&arena, b"hello ${true}").ast;
/// assert_eq!(evaluate_template(&t, &ctx).value, Value::from("hello true"));
/// ```
pub fn evaluate_template(template: &Template<'_>, ctx: &EvalContext<'_>) -> Evaluated {
    crate::stack::entry(|| {
        let mut ev = Evaluator::new(ctx);
        let value = ev.template_unwrapped(template, None);
        ev.finish(value)
    })
}

/// The names the enclosing `for` scopes define, innermost first (the
/// context's scope lies beyond them): what a reference may name, for
/// messages. Their values are in the evaluator's [`Bindings`].
#[derive(Clone, Copy)]
pub(crate) struct Locals<'s> {
    key: Option<&'s str>,
    value: &'s str,
    parent: Option<&'s Locals<'s>>,
}

impl<'s> Locals<'s> {
    /// The scope of a `for` binding `key_var` (when given) and `value_var`.
    pub(super) fn new(
        key_var: Option<Identifier<'s>>,
        value_var: Identifier<'s>,
        parent: Option<&'s Locals<'s>>,
    ) -> Self {
        Locals {
            key: key_var.map(|k| k.name),
            value: value_var.name,
            parent,
        }
    }

    fn names(&self) -> Vec<&str> {
        let mut names = Vec::new();
        let mut scope = Some(self);
        while let Some(s) = scope {
            names.push(s.value);
            names.extend(s.key);
            scope = s.parent;
        }
        names
    }
}

/// The values of the variables the enclosing `for` scopes bind: per name
/// a stack, the innermost binding on top. A reference finds its value in
/// one map lookup however deep the scopes nest (a walk of the scope chain
/// per reference made deep nesting quadratic). Scopes nest as the walk
/// does, so a `for` pushes its variables before its elements, sets them
/// for each element, and pops them after.
#[derive(Default)]
struct Bindings {
    /// Each name's stack, by name: only names some `for` has bound (a
    /// lookup per reference, keyed with foldhash as the context's names).
    slot_of: HashMap<Box<str>, usize, foldhash::quality::RandomState>,
    stacks: Vec<Vec<Value>>,
}

/// The slots of one `for`'s key and value variables.
#[derive(Clone, Copy)]
pub(super) struct Slots {
    key: Option<usize>,
    value: usize,
}

impl Bindings {
    fn slot(&mut self, name: &str) -> usize {
        if let Some(&i) = self.slot_of.get(name) {
            return i;
        }
        self.stacks.push(Vec::new());
        self.slot_of.insert(name.into(), self.stacks.len() - 1);
        self.stacks.len() - 1
    }

    fn get(&self, name: &str) -> Option<&Value> {
        if self.stacks.is_empty() {
            return None;
        }
        self.slot_of.get(name).and_then(|&i| self.stacks[i].last())
    }
}

/// What making an error diagnostic costs, in steps: formatting and
/// allocating its message takes about a microsecond, some twenty steps'
/// worth. (The most errors an evaluation keeps, 10,000 by default, cost
/// 200,000 of the 10,000,000 steps allowed.)
const ERROR_WORK: u64 = 20;

/// An evaluation error at `subject`, within `context` when that is wider.
fn error_diagnostic(summary: &str, detail: impl Into<String>, subject: Span, context: Option<Span>) -> Diagnostic {
    let d = Diagnostic::error(summary, detail, subject);
    match context.filter(|c| *c != subject) {
        Some(c) => d.with_context(c),
        None => d,
    }
}

/// The cap on an evaluation's diagnostics, for the message past it.
const EVAL_DIAGNOSTICS: CapLimit = CapLimit {
    field: "EvalLimits::max_diagnostics",
    how: " with EvalContext::set_limits",
};

pub(crate) struct Evaluator<'c> {
    ctx: &'c EvalContext<'c>,
    /// The errors kept (at most `limits.max_diagnostics`), and how many
    /// were found: control flow compares counts of them.
    diags: Collector,
    /// Where the step limit was passed, once it has been: reported at the
    /// end, so that no branch left untaken can swallow the report.
    limit_passed: Option<Span>,
    /// How deep the walk is: every few levels it checks the stack.
    depth: usize,
    /// Steps taken, and the most allowed: `limits.max_steps` is the
    /// context's limit, lowered to what the shared budget has left.
    steps: u64,
    limits: EvalLimits,
    /// The budget shared with other evaluations, with what it had left
    /// when this one started.
    budget: Option<(StepBudget, u64)>,
    /// Number literals too big to be packed in the tree, read once per
    /// evaluation (by their offset): a loop over `1e9000` does not build
    /// 10^9000 at every iteration.
    big_literals: HashMap<u32, Result<Number, NumberError>>,
    /// The values the enclosing `for` scopes bind.
    bindings: Bindings,
    /// Whether unknown values keep their refinements (the context's
    /// `evaluate_without_refinements` says not).
    refines: bool,
}

/// Levels of nesting between stack checks: fewer than the stack the check
/// guarantees can hold.
const STACK_CHECK_EVERY: usize = 16;

impl<'c> Evaluator<'c> {
    fn new(ctx: &'c EvalContext<'c>) -> Self {
        let mut limits = ctx.limits();
        let budget = ctx.step_budget().map(|b| (b.clone(), b.remaining()));
        if let Some((_, left)) = &budget {
            limits.max_steps = limits.max_steps.min(*left);
        }
        Evaluator {
            ctx,
            diags: Collector::new(limits.max_diagnostics),
            limit_passed: None,
            depth: 0,
            steps: 0,
            limits,
            budget,
            big_literals: HashMap::new(),
            bindings: Bindings::default(),
            refines: ctx.refines_unknowns(),
        }
    }

    fn finish(mut self, value: Value) -> Evaluated {
        let mut diagnostics = std::mem::take(&mut self.diags).finish(&EVAL_DIAGNOSTICS);
        let mut value = value;
        if let Some(at) = self.limit_passed {
            diagnostics.push(Diagnostic::error(
                "Evaluation step limit reached",
                self.limit_detail(),
                at,
            ));
            // What was left unevaluated is unknown somewhere inside (an
            // element of a `for`'s known tuple, say): the value as a whole
            // is not known.
            value = Value::unknown(value.ty());
        }
        if let Some((budget, _)) = &self.budget {
            budget.charge(self.steps);
        }
        Evaluated { value, diagnostics }
    }

    /// Which limit the evaluation passed, and how to raise it.
    fn limit_detail(&self) -> String {
        const STEPS: &str = "expressions evaluated, elements visited and built, strings built, work on big numbers, fractions printed and errors reported";
        const RAISE: &str = "Raise it by sharing a larger StepBudget (the hcl tool: --max-steps).";
        let own = self.ctx.limits().max_steps;
        match &self.budget {
            Some((budget, 0)) => format!(
                "Not evaluated: the evaluations before this one spent the whole step budget they share ({} steps: {STEPS}). {RAISE}",
                budget.max_steps()
            ),
            Some((budget, left)) if *left < own => format!(
                "Evaluating this expression takes more than the {left} steps left of the step budget it shares with other evaluations \
                 ({} steps in all: {STEPS}). {RAISE}",
                budget.max_steps()
            ),
            _ => format!(
                "Evaluating this expression takes more than {own} steps ({STEPS}): the limit EvalLimits::max_steps. \
                 Raise it with EvalContext::set_step_limit or set_limits (the hcl tool: --max-steps).",
            ),
        }
    }

    fn error(&mut self, summary: &str, detail: impl Into<String>, subject: Span, context: Option<Span>) {
        // Writing the message is work, whether or not the error is kept:
        // a splat evaluates its steps for each element, and again for the
        // type when one failed, so nested splats over an error repeat it
        // exponentially often (finding 18 of docs/adversarial-findings.md).
        self.step(ERROR_WORK, subject);
        self.absorb(std::iter::once(error_diagnostic(summary, detail, subject, context)));
    }

    /// Takes errors found elsewhere (a branch evaluated apart) as this
    /// evaluation's own, keeping at most `limits.max_diagnostics`.
    pub(crate) fn absorb(&mut self, ds: impl IntoIterator<Item = Diagnostic>) {
        for d in ds {
            self.diags.push(d);
        }
    }

    /// Runs `f`, which walks values or types without evaluating anything
    /// (comparing, unifying, converting), on a [`Meter`] of the steps left,
    /// and charges what it counted. `None` when that passes the step limit
    /// (then `f` answered [`StepLimitReached`]): the limit is reported at
    /// `at`.
    pub(crate) fn walking<R>(&mut self, at: Span, f: impl FnOnce(&Meter) -> Result<R, StepLimitReached>) -> Option<R> {
        let meter = Meter::new(self.limits.max_steps.saturating_sub(self.steps));
        let r = f(&meter);
        // a meter that ran out passes the limit here
        self.step(meter.spent(), at).then_some(()).and(r.ok())
    }

    /// Counts `n` steps; `false` once the limit is passed, when evaluation
    /// stops (the error is added at the end).
    #[inline]
    pub(crate) fn step(&mut self, n: u64, at: Span) -> bool {
        self.step_at(n, || at)
    }

    /// [`Evaluator::step`] with the range worked out only when the limit is
    /// passed (for the hot paths, where working it out for every step cost
    /// more than the step).
    #[inline]
    pub(crate) fn step_at(&mut self, n: u64, at: impl FnOnce() -> Span) -> bool {
        self.steps = self.steps.saturating_add(n);
        if self.steps <= self.limits.max_steps {
            return true;
        }
        if self.limit_passed.is_none() {
            self.limit_passed = Some(at());
        }
        false
    }

    /// A number literal's value; a big one is read once and its reading
    /// charged as steps by its size.
    #[inline]
    pub(crate) fn numeric_literal(&mut self, n: &NumericLit<'_>) -> Result<Number, NumberError> {
        if n.is_small() {
            return n.number();
        }
        if let Some(v) = self.big_literals.get(&n.span.start) {
            return v.clone();
        }
        let v = n.number();
        if let Ok(v) = &v {
            self.step(v.work(), n.span);
        }
        self.big_literals.insert(n.span.start, v.clone());
        v
    }

    /// `n`, or an unknown number and "Number out of range" when it is
    /// past `EvalLimits::max_number_bits`.
    pub(crate) fn bounded(&mut self, n: Number, at: Span) -> Value {
        self.bounded_at(n, || at)
    }

    /// [`Evaluator::bounded`] with the range worked out only for the error.
    #[inline]
    pub(crate) fn bounded_at(&mut self, n: Number, at: impl FnOnce() -> Span) -> Value {
        let bits = self.limits.max_number_bits;
        if bits < EvalLimits::NUMBER_BITS_CAP && n.reaches_bits(bits) {
            self.out_of_range(bits, at());
            return Value::unknown(crate::value::Type::Number);
        }
        Value::number(n)
    }

    #[cold]
    fn out_of_range(&mut self, bits: u32, at: Span) {
        self.error(
            "Number out of range",
            format!(
                "This number's magnitude is 2^{bits} or more, past the limit EvalLimits::max_number_bits ({bits}). \
                 Raise it with EvalContext::set_limits (up to {}).",
                EvalLimits::NUMBER_BITS_CAP
            ),
            at,
            None,
        );
    }

    /// How many errors so far (kept or not), to tell whether a part of
    /// the evaluation found any.
    fn error_count(&self) -> usize {
        self.diags.found()
    }

    /// Evaluates an expression. Recursion follows the tree, whose nesting
    /// the parser bounds; each level runs on a fresh stack segment when
    /// the stack runs low.
    #[inline]
    pub(crate) fn expr(&mut self, mut e: &Expression<'_>, locals: Option<&Locals<'_>>) -> Value {
        // Parentheses only group, and a template that is one lone
        // interpolation has that interpolation's value (see
        // `template_unwrapped`): in both, the expression inside is the
        // value, so a run of them is stepped through, not recursed into.
        // spec: hclsyntax#template-interpolation-unwrapping
        loop {
            if !self.step_at(1, || e.span()) {
                return Value::dynamic();
            }
            match e {
                Expression::ExprTerm(ExprTerm::Parens(p)) => e = &p.expr,
                Expression::ExprTerm(ExprTerm::TemplateExpr(t)) => match t.template().parts {
                    [TemplatePart::Interpolation(i)] => e = &i.expr,
                    _ => break,
                },
                _ => break,
            }
        }
        let v = self.deeper(|ev| ev.expr_here(e, locals));
        if !self.refines {
            return unrefined(v);
        }
        v
    }

    /// Opens the scope of a `for` binding `key_var` (when given) and
    /// `value_var`, both the dynamic value until [`Evaluator::set_scope`].
    /// Every `enter_scope` is followed by its [`Evaluator::leave_scope`]
    /// before the caller returns.
    pub(super) fn enter_scope(&mut self, key_var: Option<Identifier<'_>>, value_var: Identifier<'_>) -> Slots {
        // The key first: when both have one name, the value is the one seen.
        let key = key_var.map(|k| self.bindings.slot(k.name));
        let value = self.bindings.slot(value_var.name);
        let slots = Slots { key, value };
        for i in slots.key.into_iter().chain([slots.value]) {
            self.bindings.stacks[i].push(Value::dynamic());
        }
        slots
    }

    /// Binds the scope's variables to one element.
    pub(super) fn set_scope(&mut self, slots: Slots, key: impl FnOnce() -> Value, value: &Value) {
        if let Some(i) = slots.key {
            *self.bindings.stacks[i].last_mut().expect("entered") = key();
        }
        *self.bindings.stacks[slots.value].last_mut().expect("entered") = value.clone();
    }

    /// Closes the scope [`Evaluator::enter_scope`] opened.
    pub(super) fn leave_scope(&mut self, slots: Slots) {
        for i in slots.key.into_iter().chain([slots.value]) {
            self.bindings.stacks[i].pop();
        }
    }

    /// Runs one level of a recursion over the tree (an expression, or a
    /// template directive's body, which recurses without passing through
    /// [`Evaluator::expr`]); every [`STACK_CHECK_EVERY`] levels it runs on a
    /// fresh stack segment when the stack runs low.
    #[inline]
    pub(super) fn deeper<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        self.depth += 1;
        let r = if self.depth.is_multiple_of(STACK_CHECK_EVERY) {
            crate::stack::with_stack(|| f(self))
        } else {
            f(self)
        };
        self.depth -= 1;
        r
    }

    fn expr_here(&mut self, e: &Expression<'_>, locals: Option<&Locals<'_>>) -> Value {
        match e {
            // The commonest leaf, without the detour through `term`.
            Expression::ExprTerm(ExprTerm::LiteralValue(l)) => self.literal(l),
            Expression::ExprTerm(t) => self.term(t, locals),
            Expression::Operation(Operation::UnaryOp(u)) => self.unary(u, locals),
            Expression::Operation(Operation::BinaryOp(b)) => self.binary(b, locals),
            Expression::Conditional(c) => self.conditional(c, locals),
            // The parser has reported it.
            Expression::Invalid(_) => Value::dynamic(),
        }
    }

    fn term(&mut self, t: &ExprTerm<'_>, locals: Option<&Locals<'_>>) -> Value {
        match t {
            ExprTerm::LiteralValue(l) => self.literal(l),
            ExprTerm::CollectionValue(c) => self.collection(c, locals),
            ExprTerm::TemplateExpr(t) => self.template_unwrapped(t.template(), locals),
            ExprTerm::VariableExpr(v) => self.variable(&v.name, locals),
            ExprTerm::FunctionCall(f) => self.call(f, locals),
            ExprTerm::ForExpr(f) => self.for_expr(f, locals),
            ExprTerm::Postfix(p) => self.postfix(p, locals),
            ExprTerm::Parens(p) => self.expr(&p.expr, locals),
        }
    }
}

/// Every value an expression gives when the context evaluates without
/// refinements: no refinement reaches an operation, so none decides one
/// (out of line: the evaluator's hottest function only tests the flag).
#[cold]
#[inline(never)]
fn unrefined(v: Value) -> Value {
    v.without_refinements()
}
