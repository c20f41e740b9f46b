//! Variables and function calls.
//!
//! spec: hclsyntax#variables-and-variable-expressions

use super::LazyArgument;
use super::{Evaluator, Locals};
use crate::ast::{Expression, FunctionCall, Identifier};
use crate::diagnostic::quoted;
use crate::function::{Blame, CallError, Function};
use crate::meter::Meter;
use crate::suggest::{did_you_mean, suggestion};
use crate::value::{Type, Value, ValueRef};
use crate::Span;
use std::cell::{OnceCell, RefCell};

/// One argument of a call after expansion: its value and the range to
/// blame.
struct Arg {
    value: Value,
    span: Span,
}

impl Evaluator<'_> {
    /// `VariableExpr = Identifier`: the most local definition of the name.
    ///
    /// spec: hclsyntax#variables-and-variable-expressions
    pub(super) fn variable(&mut self, name: &Identifier<'_>, locals: Option<&Locals<'_>>) -> Value {
        match self.variable_value(name, locals) {
            Ok(v) | Err(v) => v,
        }
    }

    /// The variable's value, or, when there is none (reported), the value
    /// that stands for it.
    fn variable_value(&mut self, name: &Identifier<'_>, locals: Option<&Locals<'_>>) -> Result<Value, Value> {
        if let Some(v) = self.bindings.get(name.name) {
            return Ok(v.clone());
        }
        if !self.ctx.variables_allowed() {
            // spec: model#expression-evaluation
            self.error(
                "Variables not allowed",
                "Variables may not be used here.",
                name.span,
                None,
            );
            return Err(Value::dynamic());
        }
        if let Some(v) = self.ctx.variable(name.name) {
            return Ok(v.clone());
        }
        if self.ctx.undefined_variables_are_unknown() {
            return Ok(Value::dynamic());
        }
        // looking through every name costs steps (`suggest::suggestion`):
        // a context may have many, and nested splats repeat an error
        // exponentially often
        let ctx = self.ctx;
        let hint = self
            .walking(name.span, |m| {
                let mut names = ctx.variable_names();
                if let Some(l) = locals {
                    names.extend(l.names());
                }
                Ok(did_you_mean(name.name, names, m))
            })
            .unwrap_or_default();
        self.error(
            "Unknown variable",
            format!("There is no variable named {}.{hint}", quoted(name.name)),
            name.span,
            None,
        );
        Err(Value::dynamic())
    }

    /// What the error about a call of a function the context does not
    /// have says, as the reference (v2.20.0) words it: with a namespace,
    /// whether the namespace has no functions at all or which of its names
    /// is near; otherwise the nearest name. Looking through the names costs
    /// steps (`suggest::suggestion`).
    fn unknown_function(&mut self, call: &FunctionCall<'_>, full_name: &str) -> String {
        let ctx = self.ctx;
        let span = call.name_span();
        if let Some(last) = full_name.rfind("::") {
            let (namespace, name) = (&full_name[..last + 2], &full_name[last + 2..]);
            let hint = self
                .walking(span, |m| {
                    let names = ctx.function_names();
                    let own: Vec<&str> = names.iter().filter_map(|n| n.strip_prefix(namespace)).collect();
                    if own.is_empty() {
                        return Ok(None);
                    }
                    Ok(Some(suggestion(name, own, m).map(str::to_string)))
                })
                .flatten();
            return match hint {
                None => format!("There are no functions in namespace {}.", quoted(namespace)),
                Some(near) => format!(
                    "There is no function named {} in namespace {namespace}.{}",
                    quoted(name),
                    near.map(|n| format!(" Did you mean {namespace}{n}?"))
                        .unwrap_or_default()
                ),
            };
        }
        let hint = self
            .walking(span, |m| Ok(did_you_mean(full_name, ctx.function_names(), m)))
            .unwrap_or_default();
        format!("There is no function named {}.{hint}", quoted(full_name))
    }

    /// `FunctionCall = Identifier "(" Arguments ")"`, with the expansion of
    /// a final `...` argument.
    ///
    /// spec: hclsyntax#functions-and-function-calls
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn call(&mut self, call: &FunctionCall<'_>, locals: Option<&Locals<'_>>) -> Value {
        let full_name = call.full_name();
        let name: &str = &full_name;
        if !self.ctx.function_calls_allowed() {
            // spec: model#expression-evaluation
            self.error(
                "Function calls not allowed",
                "Functions may not be called here.",
                call.span,
                None,
            );
            return Value::dynamic();
        }
        let Some(f) = self.ctx.function(name).cloned() else {
            let detail = self.unknown_function(call, name);
            self.error("Call to unknown function", detail, call.name_span(), Some(call.span));
            return Value::dynamic();
        };
        if f.is_lazy() {
            return self.lazy_call(call, &f, name, locals);
        }
        let exprs: &[Expression<'_>] = call.arguments.args;
        // Evaluate the arguments; expand the last one when asked. As in the
        // reference, the expanded argument comes first, and when it fails
        // (or holds no known number of arguments) nothing else is
        // evaluated.
        let expanded = call.arguments.expand_final && !exprs.is_empty();
        let fixed = if expanded { &exprs[..exprs.len() - 1] } else { exprs };
        let errors_before = self.error_count();
        let mut expansion: Vec<Arg> = Vec::new();
        if expanded {
            let last = &exprs[exprs.len() - 1];
            let v = self.expr(last, locals);
            if self.error_count() > errors_before {
                return Value::dynamic();
            }
            if v.is_null() {
                self.error(
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must not be null.",
                    last.span(),
                    Some(call.span),
                );
                return Value::dynamic();
            }
            match v.kind() {
                // A set gives its elements in its order.
                ValueRef::List(items) | ValueRef::Tuple(items) | ValueRef::Set(items) => {
                    // Each expanded argument is blamed on the whole
                    // expanded expression.
                    expansion.extend(items.iter().map(|value| Arg {
                        value: value.clone(),
                        span: last.span(),
                    }));
                }
                // An unknown list, set or tuple: how many arguments it
                // holds is not known.
                ValueRef::Unknown(Type::Dynamic | Type::List(_) | Type::Tuple(_) | Type::Set(_)) => {
                    return Value::dynamic();
                }
                _ => {
                    self.error(
                        "Invalid expanding argument value",
                        "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                        last.span(),
                        Some(call.span),
                    );
                    return Value::dynamic();
                }
            }
        }
        // As in the reference, the number of arguments is checked before
        // any but the expanded one is evaluated: a call with too many or
        // too few reports that alone.
        let count = fixed.len() + expansion.len();
        if let Err(e) = f.check_arity(count) {
            let spans: Vec<Span> = fixed
                .iter()
                .map(Expression::start_span)
                .chain(expansion.iter().map(|a| a.span))
                .collect();
            return self.call_failed(call, &f, name, &spans, e);
        }
        // Each argument is evaluated, then converted to its parameter's
        // type, in order: an argument that does not convert is reported
        // even where another one's evaluation failed, its problem after
        // that argument's own errors, as the reference reports them.
        let mut values: Vec<Value> = Vec::with_capacity(count);
        let mut spans: Vec<Span> = Vec::with_capacity(count);
        let mut expansion = expansion.into_iter();
        for index in 0..count {
            let arg = match fixed.get(index) {
                Some(e) => Arg {
                    value: self.expr(e, locals),
                    span: e.start_span(),
                },
                None => expansion.next().expect("the arguments were counted"),
            };
            // A big number costs a function in proportion to its size,
            // whether passed as itself or in an expanded list.
            if let Some(n) = arg.value.as_number() {
                self.step(n.work(), arg.span);
            }
            spans.push(arg.span);
            let Some(converted) = self.walking(arg.span, |m| f.convert_argument(index, &arg.value, m)) else {
                return Value::dynamic();
            };
            match converted {
                Ok(v) => values.push(v),
                Err(problem) => {
                    self.call_failed(call, &f, name, &spans, CallError::InvalidArguments(vec![problem]));
                    values.push(arg.value);
                }
            }
        }
        // an argument with errors, or one that does not convert, makes the
        // call's value unknown, and the function is not called
        if self.error_count() > errors_before {
            return Value::dynamic();
        }
        // The function checks the call (the conversions again, which find
        // the arguments converted, and the nulls) and runs. What it builds
        // costs steps: what it spent on the way (see `Meter::spend`), or at
        // least the size of its result.
        let meter = Meter::new(self.limits.max_steps.saturating_sub(self.steps));
        let result = if self.refines {
            f.call_from_expression(&values, &meter)
        } else {
            f.call_from_expression_unrefined(&values, &meter)
        };
        let built = result.as_ref().map_or(0, built_work);
        if !self.step(meter.spent().max(built), call.span) {
            return Value::dynamic();
        }
        match result {
            Ok(v) => v,
            Err(e) => self.call_failed(call, &f, name, &spans, e),
        }
    }
}

impl<'c> Evaluator<'c> {
    /// The diagnostics of a call that failed, worded by the function
    /// ([`Function::problems`]) and placed here: an argument at fault at
    /// its start (`args`), a missing one at the closing parenthesis, the
    /// rest on the call's name and parenthesis. Gives the value of a failed
    /// call.
    fn call_failed(&mut self, call: &FunctionCall<'_>, f: &Function, name: &str, args: &[Span], e: CallError) -> Value {
        let call_start = Span::new(call.name_span().start, call.arguments.span.start + 1);
        for p in f.problems(name, &e) {
            let subject = match p.blame {
                Blame::Argument(i) => args.get(i).copied().unwrap_or(call_start),
                Blame::MissingArgument => Span::new(call.arguments.span.end.saturating_sub(1), call.arguments.span.end),
                Blame::Call => call_start,
            };
            self.error(p.summary, p.detail, subject, Some(call.span));
        }
        Value::dynamic()
    }

    /// A call of a function that takes its arguments unevaluated (`try`,
    /// `can`): each argument is handed over as a [`LazyArgument`] that
    /// evaluates the expression on its own (its errors go to the function,
    /// not to this evaluation) when the function asks, once.
    ///
    /// spec: hclsyntax#functions-and-function-calls
    #[inline(never)]
    fn lazy_call(&mut self, call: &FunctionCall<'_>, f: &Function, name: &str, locals: Option<&Locals<'_>>) -> Value {
        let exprs = call.arguments.args;
        let spans: Vec<Span> = exprs.iter().map(Expression::start_span).collect();
        let meter = Meter::new(self.limits.max_steps.saturating_sub(self.steps));
        let result = {
            let ev = RefCell::new(&mut *self);
            let thunks: Vec<Thunk<'_, '_, 'c>> = exprs
                .iter()
                .map(|expr| Thunk {
                    ev: &ev,
                    expr,
                    locals,
                    done: OnceCell::new(),
                })
                .collect();
            let lazy: Vec<&dyn LazyArgument> = thunks.iter().map(|t| t as &dyn LazyArgument).collect();
            f.call_lazy(&lazy, &meter)
        };
        if !self.step(meter.spent(), call.span) {
            return Value::dynamic();
        }
        match result {
            Ok(v) => v,
            Err(e) => self.call_failed(call, f, name, &spans, e),
        }
    }
}

/// An argument of a lazy call: its expression, evaluated at most once, on
/// its own (see [`Evaluator::lazy_call`]).
struct Thunk<'x, 'e, 'c> {
    ev: &'x RefCell<&'x mut Evaluator<'c>>,
    expr: &'x Expression<'e>,
    locals: Option<&'x Locals<'x>>,
    /// The value, the errors, and whether it depends on unknown values.
    done: OnceCell<(Value, Vec<crate::Diagnostic>, bool)>,
}

impl Thunk<'_, '_, '_> {
    fn evaluated(&self) -> &(Value, Vec<crate::Diagnostic>, bool) {
        self.done.get_or_init(|| {
            let mut ev = self.ev.borrow_mut();
            let unknowns = ev.depends_on_unknowns(self.expr, self.locals);
            let (value, diags) = ev.isolated(|ev| ev.expr(self.expr, self.locals));
            let errors = diags.into_iter().filter(crate::Diagnostic::is_error).collect();
            (value, errors, unknowns)
        })
    }
}

impl Evaluator<'_> {
    /// Whether the value at the end of one of the expression's static
    /// traversals ([`Expression::variables`]) is not wholly known: the
    /// reference's test of whether `try` and `can` must wait for their
    /// argument. A traversal that fails (an undefined variable, an
    /// attribute of null) counts for nothing, so `try(var.a.x, "d")` with
    /// `var.a` null is `"d"` whatever else `var` holds; one that reaches an
    /// unknown value counts even where evaluating would fail first
    /// (`try(nosuchfn(x), 2)` with `x` unknown is unknown).
    fn depends_on_unknowns(&mut self, expr: &Expression<'_>, locals: Option<&Locals<'_>>) -> bool {
        expr.variables()
            .iter()
            .any(|t| self.traverse_quietly(t, locals).is_some_and(|v| !v.is_wholly_known()))
    }

    /// The value a static traversal reaches in this scope, `None` where a
    /// step fails (nothing is reported).
    fn traverse_quietly(&mut self, t: &crate::analysis::Traversal, locals: Option<&Locals<'_>>) -> Option<Value> {
        let (value, diags) = self.isolated(|ev| {
            let root = Identifier {
                name: &t.root,
                span: t.root_span,
            };
            let mut v = ev.variable(&root, locals);
            for step in &t.steps {
                v = match step {
                    crate::analysis::TraversalStep::Attr { name, span } => ev.get_attr(
                        &v,
                        &crate::ast::GetAttr {
                            name: Identifier { name, span: *span },
                            span: *span,
                        },
                    ),
                    crate::analysis::TraversalStep::Index { key, span } => ev.index(&v, key, *span),
                };
            }
            v
        });
        (!diags.iter().any(crate::Diagnostic::is_error)).then_some(value)
    }
}

impl LazyArgument for Thunk<'_, '_, '_> {
    fn value(&self) -> Result<Value, Vec<crate::Diagnostic>> {
        let (value, errors, _) = self.evaluated();
        if errors.is_empty() {
            Ok(value.clone())
        } else {
            Err(errors.clone())
        }
    }

    fn depends_on_unknowns(&self) -> bool {
        self.evaluated().2
    }

    fn expression(&self) -> Option<&Expression<'_>> {
        Some(self.expr)
    }
}

/// The steps a function's result costs to build: one per element of a
/// collection, and the bytes of its strings (one level deep: deeper values
/// were built by the function's arguments or charged by the function).
fn built_work(v: &Value) -> u64 {
    let text = |v: &Value| v.as_str().map_or(0, |s| crate::meter::string_work(s.len()));
    match v.kind() {
        ValueRef::String(s) => crate::meter::string_work(s.len()),
        ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
            items.iter().map(|v| 1 + text(v)).sum()
        }
        ValueRef::Map(entries) | ValueRef::Object(entries) => entries.iter().map(|(_, v)| 1 + text(v)).sum(),
        _ => 0,
    }
}
