//! Lazy functions: functions that receive their arguments unevaluated (the
//! reference's expression closures, `ext/customdecode`), as `try`, `can`,
//! typeexpr's `convert` and Terraform's `templatestring` do. What an
//! unevaluated argument is belongs to evaluation, so the interface lives
//! here, above the information model's functions (which hold a lazy
//! function's implementation without knowing its type).

use std::sync::Arc;

use crate::ast::Expression;
use crate::diagnostic::Diagnostic;
use crate::function::{CallError, Function, FunctionBuilder, FunctionError, LazyBody};
use crate::meter::Meter;
use crate::value::Value;

/// An argument that a lazy function receives unevaluated: the function
/// decides whether and when to evaluate it, and what its errors mean.
pub trait LazyArgument {
    /// Evaluates the argument: its value, or the errors its evaluation
    /// found (then the evaluation's own diagnostics are not reported).
    fn value(&self) -> Result<Value, Vec<Diagnostic>>;

    /// Whether the argument depends on values not yet known, so that
    /// whether its evaluation succeeds cannot be known yet (for an
    /// expression: one of its traversals reaches a value not wholly known).
    fn depends_on_unknowns(&self) -> bool;

    /// The argument's expression as written, for a function that reads it
    /// statically instead of evaluating it (a type constraint, as the
    /// `convert` function of [`crate::typeexpr`] takes); `None` when the
    /// argument is a value that was passed in, not an expression.
    fn expression(&self) -> Option<&Expression<'_>> {
        None
    }
}

/// A value passed where a lazy argument is expected (a lazy function
/// called with [`Function::call`]): it evaluates to itself.
impl LazyArgument for Value {
    fn value(&self) -> Result<Value, Vec<Diagnostic>> {
        Ok(self.clone())
    }

    fn depends_on_unknowns(&self) -> bool {
        !self.is_wholly_known()
    }
}

/// A lazy function's implementation.
type LazyFn = dyn Fn(&[&dyn LazyArgument], &Meter) -> Result<Value, FunctionError> + Send + Sync;

impl FunctionBuilder {
    /// Finishes a function whose arguments are expressions it evaluates
    /// itself, as it decides: it receives each argument as a
    /// [`LazyArgument`]. The parameters are still checked for their number;
    /// their types are not applied. Called with [`Function::call`], each
    /// value is an argument that evaluates to itself.
    ///
    /// ```
    /// use hcl_native::function::{Function, FunctionError, Parameter};
    /// use hcl_native::value::{Type, Value};
    ///
    /// // the first argument that evaluates without errors
    /// let first_ok = Function::builder()
    ///     .variadic(Parameter::new("expressions", Type::Dynamic))
    ///     .lazy_implementation(|args, _| {
    ///         args.iter()
    ///             .find_map(|a| a.value().ok())
    ///             .ok_or_else(|| FunctionError::new("no expression succeeded"))
    ///     });
    /// assert_eq!(first_ok.call(&[Value::from(1)]).unwrap(), Value::from(1));
    /// assert!(first_ok.is_lazy());
    /// ```
    pub fn lazy_implementation(
        self,
        f: impl Fn(&[&dyn LazyArgument], &Meter) -> Result<Value, FunctionError> + Send + Sync + 'static,
    ) -> Function {
        let f: Arc<LazyFn> = Arc::new(f);
        let with_values = {
            let f = f.clone();
            move |args: &[Value], m: &Meter| {
                let lazy: Vec<&dyn LazyArgument> = args.iter().map(|a| a as &dyn LazyArgument).collect();
                f(&lazy, m)
            }
        };
        self.finish_lazy(LazyBody {
            opaque: Box::new(f),
            with_values: Box::new(with_values),
        })
    }
}

impl Function {
    /// Calls a function with unevaluated arguments (the evaluator does, for
    /// a call whose function [`Function::is_lazy`]); an eager function
    /// evaluates them all first (one that fails is the call's error, blamed
    /// on that argument). The number of arguments is checked as for
    /// [`Function::call`].
    ///
    /// ```
    /// use hcl_native::function::{Function, FunctionError, Parameter};
    /// use hcl_native::eval::LazyArgument;
    /// use hcl_native::meter::Meter;
    /// use hcl_native::value::{Type, Value};
    ///
    /// let upper = Function::builder()
    ///     .param(Parameter::new("str", Type::String))
    ///     .returns(Type::String)
    ///     .implementation(|args, _| Ok(Value::from(args[0].as_str().unwrap().to_uppercase())));
    /// let arg = Value::from("eu");
    /// let args: [&dyn LazyArgument; 1] = [&arg];
    /// assert_eq!(upper.call_lazy(&args, &Meter::unlimited()).unwrap(), Value::from("EU"));
    /// ```
    pub fn call_lazy(&self, args: &[&dyn LazyArgument], meter: &Meter) -> Result<Value, CallError> {
        self.check_arity(args.len())?;
        if let Some(body) = self.lazy_body() {
            let f = body
                .opaque
                .downcast_ref::<Arc<LazyFn>>()
                .expect("a lazy function's implementation is the evaluator's");
            return f(args, meter).map_err(CallError::Failed);
        }
        let mut values = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            match a.value() {
                Ok(v) => values.push(v),
                // an argument that does not evaluate is the call's error,
                // blamed on it
                Err(errors) => return Err(CallError::Failed(FunctionError::from_diagnostics(i, &errors))),
            }
        }
        self.call_metered(&values, meter)
    }
}
