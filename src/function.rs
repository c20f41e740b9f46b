//! Functions and function calls, syntax-independent.
//!
//! spec: model#functions-and-function-calls
//!
//! A [`Function`] is its positional [`Parameter`]s, an optional variadic
//! parameter, a result-type rule and an implementation. [`Function::call`]
//! does everything the model asks of a call, so every function gets it for
//! free: it maps arguments to parameters (too few or too many is an
//! error), converts each argument to its parameter's type (a failed
//! conversion is an error naming the argument), rejects null arguments
//! where the parameter does not accept them, forces the result type to the
//! dynamic pseudo-type when the dynamic value reaches a parameter that does
//! not accept it, and returns an unknown result without running the
//! implementation when an unknown argument reaches a parameter that does
//! not accept unknowns.
//!
//! ```
//! use hcl_native::function::{Function, Parameter};
//! use hcl_native::value::{Type, Value};
//!
//! let upper = Function::builder()
//!     .param(Parameter::new("str", Type::String))
//!     .returns(Type::String)
//!     .implementation(|args, _| Ok(Value::from(args[0].as_str().unwrap().to_uppercase())));
//!
//! assert_eq!(upper.call(&[Value::from("hi")]).unwrap(), Value::from("HI"));
//! // Arguments are converted to the parameter type...
//! assert_eq!(upper.call(&[Value::from(12)]).unwrap(), Value::from("12"));
//! // ...and unknown arguments give an unknown result of the result type.
//! assert_eq!(upper.call(&[Value::unknown(Type::String)]).unwrap(), Value::unknown(Type::String));
//! assert!(upper.call(&[]).is_err());
//! ```

use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

use crate::convert::{convert, ConversionError};
use crate::value::{Type, Value};

/// A parameter: a name for documentation and messages, a type
/// specification, and which of null, unknown and dynamic values it
/// accepts (none, unless enabled).
#[derive(Clone, Debug)]
pub struct Parameter {
    /// The parameter's name.
    pub name: String,
    /// The type specification arguments are converted to.
    pub ty: Type,
    /// Whether a null argument is accepted (otherwise it is an error).
    pub allow_null: bool,
    /// Whether an unknown argument reaches the implementation (otherwise
    /// the result is unknown without calling it).
    pub allow_unknown: bool,
    /// Whether the dynamic value reaches the result-type rule and the
    /// implementation (otherwise the result is the dynamic value).
    pub allow_dynamic: bool,
}

impl Parameter {
    /// A parameter that accepts no null, unknown or dynamic values.
    pub fn new(name: impl Into<String>, ty: Type) -> Parameter {
        Parameter {
            name: name.into(),
            ty,
            allow_null: false,
            allow_unknown: false,
            allow_dynamic: false,
        }
    }

    /// Accept null arguments.
    pub fn allow_null(mut self) -> Parameter {
        self.allow_null = true;
        self
    }

    /// Accept unknown arguments.
    pub fn allow_unknown(mut self) -> Parameter {
        self.allow_unknown = true;
        self
    }

    /// Accept the dynamic value.
    pub fn allow_dynamic(mut self) -> Parameter {
        self.allow_dynamic = true;
        self
    }
}

/// An error raised by a function's own rules (its result-type rule or its
/// implementation), optionally blaming one argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionError {
    /// The argument at fault, by position in the call.
    pub argument: Option<usize>,
    /// What went wrong.
    pub message: String,
}

impl FunctionError {
    /// An error about the call as a whole.
    pub fn new(message: impl Into<String>) -> FunctionError {
        FunctionError {
            argument: None,
            message: message.into(),
        }
    }

    /// An error about argument `index`.
    pub fn argument(index: usize, message: impl Into<String>) -> FunctionError {
        FunctionError {
            argument: Some(index),
            message: message.into(),
        }
    }
}

impl fmt::Display for FunctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FunctionError {}

/// What is wrong with one argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgumentProblem {
    /// It does not convert to the parameter's type.
    Conversion(ConversionError),
    /// It is null and the parameter does not accept null.
    Null,
}

/// One argument that fails the call's semantic checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgumentError {
    /// The argument's position in the call.
    pub index: usize,
    /// The name of its parameter.
    pub parameter: String,
    /// What is wrong.
    pub problem: ArgumentProblem,
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            ArgumentProblem::Conversion(e) => write!(f, "invalid value for the {:?} parameter: {e}", self.parameter),
            ArgumentProblem::Null => write!(f, "the {:?} parameter does not accept null", self.parameter),
        }
    }
}

/// Why a call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallError {
    /// Fewer arguments than positional parameters.
    NotEnoughArguments {
        /// The number of positional parameters.
        expected: usize,
        /// The number of arguments given.
        given: usize,
        /// The first parameter without an argument.
        missing: String,
    },
    /// More arguments than parameters, and no variadic parameter.
    TooManyArguments {
        /// The number of parameters.
        expected: usize,
        /// The number of arguments given.
        given: usize,
    },
    /// Arguments that fail the semantic checks, each with its problem.
    InvalidArguments(Vec<ArgumentError>),
    /// The function's own rules rejected the call.
    Failed(FunctionError),
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::NotEnoughArguments { expected, given, missing } => write!(
                f,
                "not enough arguments: the function takes {expected} argument{}, but {given} {} given; the {missing:?} argument is missing",
                if *expected == 1 { "" } else { "s" },
                if *given == 1 { "was" } else { "were" }
            ),
            CallError::TooManyArguments { expected, given } => write!(
                f,
                "too many arguments: the function takes {expected} argument{}, but {given} were given",
                if *expected == 1 { "" } else { "s" }
            ),
            CallError::InvalidArguments(errors) => {
                for (i, e) in errors.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "argument {}: {e}", e.index + 1)?;
                }
                Ok(())
            }
            CallError::Failed(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CallError {}

type ResultTypeFn = dyn Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync;
type ImplFn = dyn Fn(&[Value], &Type) -> Result<Value, FunctionError> + Send + Sync;

/// A function: parameters, a result-type rule and an implementation.
/// Cheap to clone (shared).
#[derive(Clone)]
pub struct Function(Arc<Def>);

struct Def {
    params: Vec<Parameter>,
    variadic: Option<Parameter>,
    result_type: Box<ResultTypeFn>,
    implementation: Box<ImplFn>,
}

/// Builds a [`Function`]; see [`Function::builder`].
pub struct FunctionBuilder {
    params: Vec<Parameter>,
    variadic: Option<Parameter>,
    result_type: Option<Box<ResultTypeFn>>,
}

impl FunctionBuilder {
    /// Adds the next positional parameter.
    pub fn param(mut self, p: Parameter) -> Self {
        self.params.push(p);
        self
    }

    /// Sets the variadic parameter, which collects any further arguments.
    pub fn variadic(mut self, p: Parameter) -> Self {
        self.variadic = Some(p);
        self
    }

    /// The result type is always `ty`.
    pub fn returns(self, ty: Type) -> Self {
        self.returns_with(move |_| Ok(ty.clone()))
    }

    /// The result type depends on the (converted) arguments, which may be
    /// unknown.
    pub fn returns_with(
        mut self,
        rule: impl Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync + 'static,
    ) -> Self {
        self.result_type = Some(Box::new(rule));
        self
    }

    /// Finishes the function with its implementation, which receives the
    /// converted arguments (positional, then variadic) and the result type.
    /// Without a result-type rule, the result type is dynamic.
    pub fn implementation(
        self,
        f: impl Fn(&[Value], &Type) -> Result<Value, FunctionError> + Send + Sync + 'static,
    ) -> Function {
        Function(Arc::new(Def {
            params: self.params,
            variadic: self.variadic,
            result_type: self.result_type.unwrap_or_else(|| Box::new(|_| Ok(Type::Dynamic))),
            implementation: Box::new(f),
        }))
    }
}

/// Arguments after the semantic checks.
struct Checked {
    args: Vec<Value>,
    forced_dynamic: bool,
}

impl Function {
    /// Starts building a function.
    pub fn builder() -> FunctionBuilder {
        FunctionBuilder {
            params: Vec::new(),
            variadic: None,
            result_type: None,
        }
    }

    /// The positional parameters.
    pub fn params(&self) -> &[Parameter] {
        &self.0.params
    }

    /// The variadic parameter, if any.
    pub fn variadic_param(&self) -> Option<&Parameter> {
        self.0.variadic.as_ref()
    }

    /// The parameter argument `index` maps to.
    pub fn param_for(&self, index: usize) -> Option<&Parameter> {
        self.0.params.get(index).or(self.0.variadic.as_ref())
    }

    /// Maps arguments to parameters and checks each one.
    fn check(&self, args: &[Value]) -> Result<Checked, CallError> {
        let params = &self.0.params;
        // spec: model#functions-and-function-calls
        if args.len() < params.len() {
            return Err(CallError::NotEnoughArguments {
                expected: params.len(),
                given: args.len(),
                missing: params[args.len()].name.clone(),
            });
        }
        if self.0.variadic.is_none() && args.len() > params.len() {
            return Err(CallError::TooManyArguments {
                expected: params.len(),
                given: args.len(),
            });
        }
        let mut errors = Vec::new();
        let mut forced_dynamic = false;
        let mut converted = Vec::with_capacity(args.len());
        for (index, arg) in args.iter().enumerate() {
            let param = self.param_for(index).expect("arity checked");
            if arg.is_dynamic_value() {
                // The dynamic value passes any type check; where it is not
                // accepted, the result type becomes dynamic.
                forced_dynamic |= !param.allow_dynamic;
                converted.push(arg.clone());
                continue;
            }
            let v = match convert(arg, &param.ty) {
                Ok(v) => v,
                Err(e) => {
                    errors.push(ArgumentError {
                        index,
                        parameter: param.name.clone(),
                        problem: ArgumentProblem::Conversion(e),
                    });
                    converted.push(arg.clone());
                    continue;
                }
            };
            if v.is_null() && !param.allow_null {
                errors.push(ArgumentError {
                    index,
                    parameter: param.name.clone(),
                    problem: ArgumentProblem::Null,
                });
            }
            converted.push(v);
        }
        if !errors.is_empty() {
            return Err(CallError::InvalidArguments(errors));
        }
        Ok(Checked {
            args: converted,
            forced_dynamic,
        })
    }

    /// The call's result type, from the semantic checks alone (arguments
    /// may be unknown).
    ///
    /// ```
    /// use hcl_native::function::{Function, Parameter};
    /// use hcl_native::value::{Type, Value};
    ///
    /// let f = Function::builder()
    ///     .param(Parameter::new("n", Type::Number))
    ///     .returns(Type::Number)
    ///     .implementation(|a, _| Ok(a[0].clone()));
    /// assert_eq!(f.result_type(&[Value::unknown(Type::Number)]).unwrap(), Type::Number);
    /// assert_eq!(f.result_type(&[Value::dynamic()]).unwrap(), Type::Dynamic);
    /// ```
    pub fn result_type(&self, args: &[Value]) -> Result<Type, CallError> {
        let checked = self.check(args)?;
        self.checked_result_type(&checked)
    }

    fn checked_result_type(&self, checked: &Checked) -> Result<Type, CallError> {
        if checked.forced_dynamic {
            return Ok(Type::Dynamic);
        }
        (self.0.result_type)(&checked.args).map_err(CallError::Failed)
    }

    /// Calls the function: the semantic checks, then the result.
    pub fn call(&self, args: &[Value]) -> Result<Value, CallError> {
        let checked = self.check(args)?;
        let result_type = self.checked_result_type(&checked)?;
        if checked.forced_dynamic {
            return Ok(Value::dynamic());
        }
        // spec: model#functions-and-function-calls
        for (index, arg) in checked.args.iter().enumerate() {
            let param = self.param_for(index).expect("arity checked");
            if !arg.is_known() && !param.allow_unknown {
                return Ok(Value::unknown(result_type));
            }
        }
        let value = (self.0.implementation)(&checked.args, &result_type).map_err(CallError::Failed)?;
        if value.ty().matches(&result_type) {
            return Ok(value);
        }
        convert(&value, &result_type).map_err(|e| {
            CallError::Failed(FunctionError::new(format!(
                "the function returned a value of type {}, which does not convert to its result type {result_type}: {e}",
                value.ty()
            )))
        })
    }
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Function")
            .field("params", &self.0.params)
            .field("variadic", &self.0.variadic)
            .finish()
    }
}

/// How many bytes of string built cost one step of the evaluation's step
/// limit (`EvalLimits::max_steps`): at the default limit, some 160 MB of
/// strings may be built in one evaluation.
pub(crate) const STRING_BYTES_PER_STEP: usize = 16;

/// The steps that building a string of `bytes` bytes costs: at least one
/// for any non-empty string.
pub(crate) fn string_work(bytes: usize) -> u64 {
    bytes.div_ceil(STRING_BYTES_PER_STEP) as u64
}

thread_local! {
    /// The steps the function call running on this thread may spend, and
    /// those it has spent: unlimited outside an evaluation.
    static BUDGET: Cell<(u64, u64)> = const { Cell::new((u64::MAX, 0)) };
}

/// Counts `steps` of work (elements or string bytes built) against the
/// budget of the function call running on this thread, failing once the
/// budget is spent. Functions whose results can be far larger than their
/// arguments (`format`'s widths, `join` and `concat` over one list passed
/// many times, `jsonencode` of shared values) call it before they build,
/// so that the step limit bounds the memory as well as the time they take.
pub(crate) fn spend(steps: u64) -> Result<(), FunctionError> {
    if walk(steps) {
        Ok(())
    } else {
        Err(over_budget())
    }
}

/// The error of a function call whose result would pass the step limit.
pub(crate) fn over_budget() -> FunctionError {
    FunctionError::new("the result would pass the evaluation's step limit (EvalLimits::max_steps)")
}

/// The bytes of string that [`spend_bytes`] would still accept from the
/// call running on this thread, without spending them: a function that
/// cannot know its result's size before building it grows its buffer no
/// further than this.
pub(crate) fn bytes_left() -> usize {
    BUDGET.with(|b| {
        let (limit, spent) = b.get();
        usize::try_from(limit.saturating_sub(spent))
            .unwrap_or(usize::MAX)
            .saturating_mul(STRING_BYTES_PER_STEP)
    })
}

/// [`spend`] for `bytes` bytes of string.
pub(crate) fn spend_bytes(bytes: usize) -> Result<(), FunctionError> {
    spend(string_work(bytes))
}

/// Counts `steps` of walking values without building (comparing them
/// part by part) against the budget of the call or operation running on
/// this thread. False once the budget is spent: the walk should then stop
/// and answer anything, as the evaluation ends at its step limit and the
/// answer is never used. Outside an evaluation the budget is unlimited.
#[inline]
pub(crate) fn walk(steps: u64) -> bool {
    BUDGET.with(|b| {
        let (limit, spent) = b.get();
        let spent = spent.saturating_add(steps);
        b.set((limit, spent));
        spent <= limit
    })
}

/// Runs `f` (a function call) with a budget of `steps`; gives its result
/// and the steps it spent through [`spend`].
pub(crate) fn metered<R>(steps: u64, f: impl FnOnce() -> R) -> (R, u64) {
    let saved = BUDGET.with(|b| b.replace((steps, 0)));
    let r = f();
    let (_, spent) = BUDGET.with(|b| b.replace(saved));
    (r, spent)
}
