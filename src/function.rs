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

use crate::diagnostic::quoted;
use std::fmt;
use std::sync::Arc;

use crate::convert::{convert_metered, ConversionError};
use crate::diagnostic::Diagnostic;
use crate::meter::{Meter, StepLimitReached};
use crate::value::{Refiner, Type, Value};

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
#[non_exhaustive]
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

    /// The error of argument `index` whose evaluation (see
    /// `eval::LazyArgument::value`) or reading failed with `errors`: the first
    /// error's summary and detail, without the detail's final full stop
    /// (the call's diagnostic ends the sentence).
    pub fn from_diagnostics(index: usize, errors: &[Diagnostic]) -> FunctionError {
        let why = errors
            .first()
            .map(|d| format!("{}: {}", d.summary, d.detail.trim_end_matches('.')));
        FunctionError::argument(
            index,
            why.unwrap_or_else(|| "the argument does not evaluate".to_string()),
        )
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
#[non_exhaustive]
pub enum ArgumentProblem {
    /// It does not convert to the parameter's type.
    Conversion(ConversionError),
    /// It is null and the parameter does not accept null.
    Null,
}

/// One argument that fails the call's semantic checks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
            ArgumentProblem::Conversion(e) => {
                write!(f, "invalid value for the {} parameter: {e}", quoted(&self.parameter))
            }
            ArgumentProblem::Null => write!(f, "the {} parameter does not accept null", quoted(&self.parameter)),
        }
    }
}

/// Why a call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
                "not enough arguments: the function takes {expected} argument{}, but {given} {} given; the {} argument is missing",
                if *expected == 1 { "" } else { "s" },
                if *given == 1 { "was" } else { "were" },
                quoted(missing)
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

type ResultTypeFn = dyn Fn(&[Value], &Meter) -> Result<Type, FunctionError> + Send + Sync;
type ImplFn = dyn Fn(&[Value], &Type, &Meter) -> Result<Value, FunctionError> + Send + Sync;
type RefineFn = dyn Fn(Refiner) -> Refiner + Send + Sync;

/// What a function's unknown results are refined with.
enum RefineResult {
    /// go-cty's `refineNonNull`, the commonest, refined without a refiner
    NotNull,
    Custom(Box<RefineFn>),
}

/// A function: parameters, a result-type rule and an implementation.
/// Cheap to clone (shared).
#[derive(Clone)]
pub struct Function(Arc<Def>);

struct Def {
    params: Vec<Parameter>,
    variadic: Option<Parameter>,
    result_type: Box<ResultTypeFn>,
    implementation: Body,
    refine: Option<RefineResult>,
}

/// What a function runs: on argument values, or on its arguments
/// unevaluated (a lazy function: `FunctionBuilder::lazy_implementation`,
/// which the evaluator defines, since what an unevaluated argument is
/// belongs to it: `eval::LazyArgument`).
enum Body {
    Eager(Box<ImplFn>),
    Lazy(LazyBody),
}

/// A lazy function's implementation as the model holds it: opaque to it
/// (the evaluator's own closure type), and the same called with values,
/// each an argument that evaluates to itself.
pub(crate) struct LazyBody {
    /// The evaluator's implementation.
    pub(crate) opaque: Box<dyn std::any::Any + Send + Sync>,
    /// The implementation called with values.
    pub(crate) with_values: Box<ValuesFn>,
}

type ValuesFn = dyn Fn(&[Value], &Meter) -> Result<Value, FunctionError> + Send + Sync;

/// Builds a [`Function`]; see [`Function::builder`].
pub struct FunctionBuilder {
    params: Vec<Parameter>,
    variadic: Option<Parameter>,
    result_type: Option<Box<ResultTypeFn>>,
    refine: Option<RefineResult>,
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

    /// Refinements that every unknown result of the function has (go-cty's
    /// `RefineResult`): applied to an unknown result of a type other than
    /// the dynamic pseudo-type, whether the call gave it for an unknown
    /// argument or the implementation did.
    ///
    /// ```
    /// use hcl_native::function::{Function, Parameter};
    /// use hcl_native::value::{Type, Value};
    ///
    /// let upper = Function::builder()
    ///     .param(Parameter::new("str", Type::String))
    ///     .returns(Type::String)
    ///     .refine_result(|r| r.not_null())
    ///     .implementation(|args, _| Ok(Value::from(args[0].as_str().unwrap().to_uppercase())));
    /// let r = upper.call(&[Value::unknown(Type::String)]).unwrap();
    /// assert!(!r.is_known());
    /// assert!(r.range().definitely_not_null());
    /// ```
    pub fn refine_result(mut self, f: impl Fn(Refiner) -> Refiner + Send + Sync + 'static) -> Self {
        self.refine = Some(RefineResult::Custom(Box::new(f)));
        self
    }

    /// [`FunctionBuilder::refine_result`] with the commonest refinement:
    /// the result is never null (go-cty's `refineNonNull`).
    pub fn result_not_null(mut self) -> Self {
        self.refine = Some(RefineResult::NotNull);
        self
    }

    /// The result type is always `ty`.
    pub fn returns(self, ty: Type) -> Self {
        self.returns_with(move |_| Ok(ty.clone()))
    }

    /// The result type depends on the (converted) arguments, which may be
    /// unknown.
    pub fn returns_with(self, rule: impl Fn(&[Value]) -> Result<Type, FunctionError> + Send + Sync + 'static) -> Self {
        self.metered_returns_with(move |args, _| rule(args))
    }

    /// [`FunctionBuilder::returns_with`] for a rule that builds a type as
    /// large as its arguments' contents (a tuple type of every element of
    /// a list, say): it spends those steps on the call's [`Meter`] first
    /// (see [`FunctionBuilder::metered_implementation`]).
    pub fn metered_returns_with(
        mut self,
        rule: impl Fn(&[Value], &Meter) -> Result<Type, FunctionError> + Send + Sync + 'static,
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
        self.metered_implementation(move |args, ty, _| f(args, ty))
    }

    /// Finishes the function with an implementation that also receives the
    /// call's [`Meter`]: one whose result can be far larger than its
    /// arguments (a string repeated, a list flattened) spends the steps of
    /// what it builds before building it, so that an evaluation's step limit
    /// bounds its time and memory. `?` on the meter's error gives the
    /// function's error.
    ///
    /// ```
    /// use hcl_native::function::{Function, Parameter};
    /// use hcl_native::meter::Meter;
    /// use hcl_native::value::{Type, Value};
    ///
    /// let repeat = Function::builder()
    ///     .param(Parameter::new("n", Type::Number))
    ///     .returns(Type::String)
    ///     .metered_implementation(|args, _, meter| {
    ///         let n = args[0].as_number().and_then(|n| n.to_i64()).unwrap_or(0).max(0) as usize;
    ///         meter.spend_bytes(n)?;
    ///         Ok(Value::from("x".repeat(n)))
    ///     });
    /// assert_eq!(repeat.call(&[Value::from(3)]).unwrap(), Value::from("xxx"));
    /// // with a budget of two steps (32 bytes of string), a million bytes fail
    /// assert!(repeat.call_metered(&[Value::from(1_000_000)], &Meter::new(2)).is_err());
    /// ```
    pub fn metered_implementation(
        self,
        f: impl Fn(&[Value], &Type, &Meter) -> Result<Value, FunctionError> + Send + Sync + 'static,
    ) -> Function {
        Function(Arc::new(Def {
            params: self.params,
            variadic: self.variadic,
            result_type: self.result_type.unwrap_or_else(|| Box::new(|_, _| Ok(Type::Dynamic))),
            implementation: Body::Eager(Box::new(f)),
            refine: self.refine,
        }))
    }

    /// Finishes a lazy function (see `FunctionBuilder::lazy_implementation`
    /// in `eval`): the parameters are checked for their number only.
    pub(crate) fn finish_lazy(self, body: LazyBody) -> Function {
        Function(Arc::new(Def {
            params: self.params,
            variadic: self.variadic,
            result_type: Box::new(|_, _| Ok(Type::Dynamic)),
            implementation: Body::Lazy(body),
            refine: self.refine,
        }))
    }
}

/// Arguments after the semantic checks.
struct Checked {
    args: Vec<Value>,
    /// The dynamic value where a parameter does not accept it: the result
    /// is the dynamic value.
    forced_dynamic: bool,
    /// A null of the dynamic pseudo-type (a bare `null`) where a parameter
    /// does not accept that type: the reference's result type is then the
    /// dynamic pseudo-type, so a call with unknown arguments gives the
    /// dynamic value (a known call still runs, as there).
    dynamic_type: bool,
}

impl Function {
    /// Starts building a function.
    pub fn builder() -> FunctionBuilder {
        FunctionBuilder {
            params: Vec::new(),
            variadic: None,
            result_type: None,
            refine: None,
        }
    }

    /// Whether the function takes its arguments unevaluated (a lazy
    /// function, see `FunctionBuilder::lazy_implementation`).
    pub fn is_lazy(&self) -> bool {
        matches!(self.0.implementation, Body::Lazy(_))
    }

    /// A lazy function's implementation, opaque here (the evaluator's).
    pub(crate) fn lazy_body(&self) -> Option<&LazyBody> {
        match &self.0.implementation {
            Body::Lazy(b) => Some(b),
            Body::Eager(_) => None,
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

    /// The model's rule for the number of arguments.
    pub(crate) fn check_arity(&self, given: usize) -> Result<(), CallError> {
        let params = &self.0.params;
        // spec: model#functions-and-function-calls
        if given < params.len() {
            return Err(CallError::NotEnoughArguments {
                expected: params.len(),
                given,
                missing: params[given].name.clone(),
            });
        }
        if self.0.variadic.is_none() && given > params.len() {
            return Err(CallError::TooManyArguments {
                expected: params.len(),
                given,
            });
        }
        Ok(())
    }

    /// Argument `index` converted to its parameter's type (a parameter of
    /// the dynamic pseudo-type takes any value as it is), or what is wrong
    /// with it: the one home of an argument's conversion, for the
    /// function's own check and for the evaluator, which converts each
    /// argument as it evaluates it.
    pub(crate) fn convert_argument(
        &self,
        index: usize,
        arg: &Value,
        m: &Meter,
    ) -> Result<Result<Value, ArgumentError>, StepLimitReached> {
        let param = self.param_for(index).expect("arity checked");
        if param.ty == Type::Dynamic {
            return Ok(Ok(arg.clone()));
        }
        Ok(convert_metered(arg, &param.ty, m)?.map_err(|e| ArgumentError {
            index,
            parameter: param.name.clone(),
            problem: ArgumentProblem::Conversion(e),
        }))
    }

    /// Maps arguments to parameters and checks each one. With
    /// `convert_dynamic` (a call from an expression, see
    /// [`Function::call_from_expression`]) the dynamic value is converted
    /// to a typed parameter's type like any other argument.
    fn check(&self, args: &[Value], m: &Meter, convert_dynamic: bool) -> Result<Checked, CallError> {
        self.check_arity(args.len())?;
        // First every argument is converted to its parameter's type, and
        // every one that does not convert is reported (in a call from an
        // expression the evaluator has done this already, argument by
        // argument, as hclsyntax does before calling).
        let mut errors = Vec::new();
        let mut converted = Vec::with_capacity(args.len());
        for (index, arg) in args.iter().enumerate() {
            let param = self.param_for(index).expect("arity checked");
            if arg.is_dynamic_value() && !(convert_dynamic && param.ty != Type::Dynamic) {
                // the dynamic value passes any type check
                converted.push(arg.clone());
                continue;
            }
            match self
                .convert_argument(index, arg, m)
                .map_err(|e| CallError::Failed(e.into()))?
            {
                Ok(v) => converted.push(v),
                Err(e) => {
                    errors.push(e);
                    converted.push(arg.clone());
                }
            }
        }
        if !errors.is_empty() {
            return Err(CallError::InvalidArguments(errors));
        }
        // Then the reference's own check (go-cty's `ReturnTypeForValues`),
        // argument by argument: the first null where null is not accepted
        // is the error, and a value of the dynamic pseudo-type where that
        // type is not accepted makes the result type dynamic, unchecked
        // beyond.
        let (mut forced_dynamic, mut dynamic_type) = (false, false);
        for (index, v) in converted.iter().enumerate() {
            let param = self.param_for(index).expect("arity checked");
            if v.is_null() && !param.allow_null {
                return Err(CallError::InvalidArguments(vec![ArgumentError {
                    index,
                    parameter: param.name.clone(),
                    problem: ArgumentProblem::Null,
                }]));
            }
            if !param.allow_dynamic && v.is_dynamic_value() {
                forced_dynamic = true;
                break;
            }
            if !param.allow_dynamic && v.is_null() && v.ty() == Type::Dynamic {
                dynamic_type = true;
                break;
            }
        }
        Ok(Checked {
            args: converted,
            forced_dynamic,
            dynamic_type,
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
        let meter = Meter::unlimited();
        let checked = self.check(args, &meter, false)?;
        if checked.dynamic_type {
            return Ok(Type::Dynamic);
        }
        self.checked_result_type(&checked, &meter)
    }

    fn checked_result_type(&self, checked: &Checked, m: &Meter) -> Result<Type, CallError> {
        if checked.forced_dynamic {
            return Ok(Type::Dynamic);
        }
        (self.0.result_type)(&checked.args, m).map_err(CallError::Failed)
    }

    /// Calls the function: the semantic checks, then the result, with no
    /// limit on the work it does.
    pub fn call(&self, args: &[Value]) -> Result<Value, CallError> {
        self.call_metered(args, &Meter::unlimited())
    }

    /// Calls the function with the work it may do bounded by `meter`
    /// (converting the arguments, and what the implementation spends): once
    /// the meter runs out the call fails with
    /// [`StepLimitReached`]'s message, and `meter.is_exhausted()` says so.
    /// See [`FunctionBuilder::metered_implementation`] for an example.
    pub fn call_metered(&self, args: &[Value], meter: &Meter) -> Result<Value, CallError> {
        self.call_checked(args, meter, false)
    }

    /// The call an expression makes (`name(args)` in the native syntax, as
    /// the reference's `hclsyntax` does it): [`Function::call_metered`],
    /// except that every argument is first converted to its parameter's
    /// type, so the dynamic value at a parameter of a known type arrives as
    /// an unknown value of that type instead of making the result dynamic.
    /// The evaluator calls every eager function this way and reports a
    /// failure through [`Function::problems`].
    ///
    /// ```
    /// use hcl_native::function::{Function, Parameter};
    /// use hcl_native::meter::Meter;
    /// use hcl_native::value::{Type, Value};
    ///
    /// let upper = Function::builder()
    ///     .param(Parameter::new("str", Type::String))
    ///     .returns(Type::String)
    ///     .implementation(|args, _| Ok(Value::from(args[0].as_str().unwrap().to_uppercase())));
    /// let m = Meter::unlimited();
    /// assert_eq!(upper.call_metered(&[Value::dynamic()], &m).unwrap(), Value::dynamic());
    /// assert_eq!(upper.call_from_expression(&[Value::dynamic()], &m).unwrap(), Value::unknown(Type::String));
    /// ```
    pub fn call_from_expression(&self, args: &[Value], meter: &Meter) -> Result<Value, CallError> {
        self.call_checked(args, meter, true)
    }

    /// [`Function::call_from_expression`] without the function's own
    /// refinement of its unknown result (an evaluation without
    /// refinements, `EvalContext::evaluate_without_refinements`).
    pub(crate) fn call_from_expression_unrefined(&self, args: &[Value], meter: &Meter) -> Result<Value, CallError> {
        self.call_unrefined(args, meter, true)
    }

    fn call_checked(&self, args: &[Value], meter: &Meter, convert_dynamic: bool) -> Result<Value, CallError> {
        let value = self.call_unrefined(args, meter, convert_dynamic)?;
        // go-cty refines every result but the dynamic value, on every path
        // (refining a known result only checks it)
        if value.is_known() {
            return Ok(value);
        }
        Ok(match &self.0.refine {
            None => value,
            Some(RefineResult::NotNull) => value.refine_not_null(),
            Some(RefineResult::Custom(_)) if value.ty() == Type::Dynamic => value,
            Some(RefineResult::Custom(refine)) => refine(value.refine()).value_or_self(),
        })
    }

    fn call_unrefined(&self, args: &[Value], meter: &Meter, convert_dynamic: bool) -> Result<Value, CallError> {
        let implementation = match &self.0.implementation {
            Body::Eager(implementation) => implementation,
            Body::Lazy(lazy) => {
                // each value is an argument that evaluates to itself
                self.check_arity(args.len())?;
                return (lazy.with_values)(args, meter).map_err(CallError::Failed);
            }
        };
        let checked = self.check(args, meter, convert_dynamic)?;
        let result_type = self.checked_result_type(&checked, meter)?;
        if checked.forced_dynamic {
            return Ok(Value::dynamic());
        }
        // spec: model#functions-and-function-calls
        for (index, arg) in checked.args.iter().enumerate() {
            let param = self.param_for(index).expect("arity checked");
            if !arg.is_known() && !param.allow_unknown {
                return Ok(Value::unknown(if checked.dynamic_type {
                    Type::Dynamic
                } else {
                    result_type
                }));
            }
        }
        let value = implementation(&checked.args, &result_type, meter).map_err(CallError::Failed)?;
        if value.ty().matches(&result_type) {
            return Ok(value);
        }
        let converted = convert_metered(&value, &result_type, meter).map_err(|e| CallError::Failed(e.into()))?;
        converted.map_err(|e| {
            CallError::Failed(FunctionError::new(format!(
                "the function returned a value of type {}, which does not convert to its result type {result_type}: {e}",
                value.ty()
            )))
        })
    }
}

/// The part of a call that a [`CallProblem`] blames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blame {
    /// Argument `index`, counted as the function receives them (after a
    /// final `...` argument is expanded).
    Argument(usize),
    /// Where the first missing argument would be: the closing parenthesis.
    MissingArgument,
    /// The call as a whole.
    Call,
}

/// One problem of a failed call, worded as the reference's diagnostics
/// word it: what it blames, a summary and a detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallProblem {
    /// The part of the call at fault.
    pub blame: Blame,
    /// The diagnostic's summary.
    pub summary: &'static str,
    /// The diagnostic's detail.
    pub detail: String,
}

impl Function {
    /// What `error`, from a call of this function under the name `name`,
    /// tells the user: one problem per invalid argument, or one for the
    /// call. The single home of the wording of call diagnostics: the
    /// evaluator only places each problem at the range it blames.
    ///
    /// ```
    /// use hcl_native::function::{Blame, Function, Parameter};
    /// use hcl_native::value::{Type, Value};
    ///
    /// let f = Function::builder()
    ///     .param(Parameter::new("n", Type::Number))
    ///     .implementation(|a, _| Ok(a[0].clone()));
    /// let err = f.call(&[]).unwrap_err();
    /// let p = &f.problems("twice", &err)[0];
    /// assert_eq!(p.blame, Blame::MissingArgument);
    /// assert_eq!(p.detail, "Function \"twice\" expects 1 argument(s). Missing value for \"n\".");
    /// let err = f.call(&[Value::from("x")]).unwrap_err();
    /// assert_eq!(f.problems("twice", &err)[0].blame, Blame::Argument(0));
    /// ```
    pub fn problems(&self, name: &str, error: &CallError) -> Vec<CallProblem> {
        let invalid = |index: usize, parameter: &str, why: &dyn fmt::Display| CallProblem {
            blame: Blame::Argument(index),
            summary: "Invalid function argument",
            detail: format!("Invalid value for {} parameter: {why}.", quoted(parameter)),
        };
        match error {
            CallError::NotEnoughArguments { expected, missing, .. } => vec![CallProblem {
                blame: Blame::MissingArgument,
                summary: "Not enough function arguments",
                detail: format!(
                    "Function {} expects{} {expected} argument(s). Missing value for {}.",
                    quoted(name),
                    if self.0.variadic.is_some() { " at least" } else { "" },
                    quoted(missing)
                ),
            }],
            CallError::TooManyArguments { expected, .. } => vec![CallProblem {
                blame: Blame::Argument(*expected),
                summary: "Too many function arguments",
                detail: format!("Function {} expects only {expected} argument(s).", quoted(name)),
            }],
            CallError::InvalidArguments(errors) => errors
                .iter()
                .map(|e| match &e.problem {
                    ArgumentProblem::Conversion(c) => invalid(e.index, &e.parameter, c),
                    ArgumentProblem::Null => invalid(e.index, &e.parameter, &"argument must not be null"),
                })
                .collect(),
            CallError::Failed(e) => match e.argument.and_then(|i| Some((i, self.param_for(i)?))) {
                Some((i, param)) => vec![invalid(i, &param.name, &e.message)],
                None => vec![CallProblem {
                    blame: Blame::Call,
                    summary: "Error in function call",
                    detail: format!("Call to function {} failed: {}.", quoted(name), e.message),
                }],
            },
        }
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

impl From<StepLimitReached> for FunctionError {
    fn from(e: StepLimitReached) -> FunctionError {
        FunctionError::new(e.to_string())
    }
}
