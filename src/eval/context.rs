//! Evaluation contexts: the mode, the variable scope and the function
//! table.
//!
//! spec: model#expression-evaluation

use crate::diagnostic::quoted;
use foldhash::quality::RandomState;
use std::collections::HashMap;
use std::fmt;

use super::StepBudget;
use crate::function::Function;
use crate::value::Value;

/// How an expression is to be interpreted.
///
/// spec: model#expression-evaluation
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Variables and functions are available.
    Full,
    /// No variables and no functions: the expression is read as a literal.
    /// In the native syntax this is full mode with nothing defined, so
    /// variable references and calls are errors.
    LiteralOnly,
}

/// The error of defining a variable or function in literal-only mode.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ModeError {
    /// What was being defined (`variable "x"`, `function "f"`).
    pub what: String,
}

impl fmt::Display for ModeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot define {} in literal-only mode, which has no variables or functions",
            self.what
        )
    }
}

impl std::error::Error for ModeError {}

/// An evaluation context: a mode, a variable scope and a function table.
/// A child context ([`EvalContext::child`]) defines names of its own and
/// hides its parent's names that it redefines; variables and functions are
/// separate namespaces.
///
/// ```
/// use hcl_native::eval::{evaluate, EvalContext};
/// use hcl_native::value::Value;
/// use hcl_native::{parse_expression, Arena};
///
/// let mut root = EvalContext::new();
/// root.set_variable("name", Value::from("world")).unwrap();
/// root.set_variable("greeting", Value::from("hello")).unwrap();
/// let mut child = root.child();
/// child.set_variable("name", Value::from("there")).unwrap();
///
/// let arena = Arena::new();
/// let expr = parse_expression(&arena, br#""${greeting}, ${name}""#).ast;
/// assert_eq!(evaluate(&expr, &child).value, Value::from("hello, there"));
/// assert_eq!(evaluate(&expr, &root).value, Value::from("hello, world"));
/// ```
#[derive(Clone, Debug)]
pub struct EvalContext<'p> {
    mode: Mode,
    // keyed with foldhash (seeded at random, as the parser's names): a
    // lookup per variable reference or call, a fifth of SipHash's cost
    variables: HashMap<String, Value, RandomState>,
    functions: HashMap<String, Function, RandomState>,
    undefined_unknown: bool,
    no_refinements: bool,
    no_variables: bool,
    no_functions: bool,
    limits: Option<EvalLimits>,
    budget: Option<StepBudget>,
    parent: Option<&'p EvalContext<'p>>,
}

/// The default most evaluation steps one evaluation may take
/// ([`EvalLimits::max_steps`]).
pub const DEFAULT_STEP_LIMIT: u64 = 10_000_000;

/// The resource limits of one evaluation, each with a documented default.
/// Passing one is an error diagnostic that names the limit and how to
/// raise it; evaluation then stops (steps) or goes on (the others).
///
/// ```
/// use hcl_native::eval::{evaluate, EvalContext, EvalLimits};
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// let mut ctx = EvalContext::new();
/// ctx.set_limits(EvalLimits { max_number_bits: 64, ..EvalLimits::default() });
/// let r = evaluate(&parse_expression(&arena, b"2e30 * 1e30").ast, &ctx);
/// assert_eq!(r.diagnostics.as_slice()[0].summary(), "Number out of range");
/// assert!(r.diagnostics.as_slice()[0].detail().contains("EvalLimits::max_number_bits"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalLimits {
    /// The most steps: expressions evaluated, elements visited and built,
    /// strings built (by templates and functions: a step per 16 bytes, so
    /// that strings repeated by nested loops or wide `format` verbs cannot
    /// outgrow memory), work on big numbers (a number of `w` 64-bit words
    /// costs `w + w²/32` per operation), printing fractions like 1/3
    /// (100 steps each, for finding their shortest digits), and errors (20
    /// steps each, plus a step per name a "did you mean" hint looks
    /// through). Default
    /// [`DEFAULT_STEP_LIMIT`], 10,000,000: ample for any configuration,
    /// about a second of work and 160 MB of strings at most. The limit is
    /// per evaluation; evaluations that share a [`StepBudget`] also stop
    /// when it is spent.
    pub max_steps: u64,
    /// The most diagnostics kept; past it one last diagnostic counts the
    /// rest. Default 10,000.
    pub max_diagnostics: usize,
    /// The largest magnitude a number may reach, as a power of two: a
    /// literal or a result of `2^max_number_bits` or more is "Number out of
    /// range". Default and most 32,768, the bound of the number model
    /// (`docs/numbers.md`).
    pub max_number_bits: u32,
}

impl EvalLimits {
    /// The largest `max_number_bits` the number model allows.
    pub const NUMBER_BITS_CAP: u32 = 32_768;
}

impl Default for EvalLimits {
    fn default() -> Self {
        EvalLimits {
            max_steps: DEFAULT_STEP_LIMIT,
            max_diagnostics: 10_000,
            max_number_bits: EvalLimits::NUMBER_BITS_CAP,
        }
    }
}

impl Default for EvalContext<'_> {
    fn default() -> Self {
        EvalContext::new()
    }
}

impl<'p> EvalContext<'p> {
    /// A full-mode context with no variables and no functions.
    pub fn new() -> EvalContext<'p> {
        EvalContext {
            mode: Mode::Full,
            variables: HashMap::default(),
            functions: HashMap::default(),
            undefined_unknown: false,
            no_refinements: false,
            no_variables: false,
            no_functions: false,
            limits: None,
            budget: None,
            parent: None,
        }
    }

    /// A literal-only context: defining anything in it is an error.
    ///
    /// ```
    /// use hcl_native::eval::EvalContext;
    /// use hcl_native::value::Value;
    ///
    /// let mut ctx = EvalContext::literal_only();
    /// assert!(ctx.set_variable("x", Value::from(1)).is_err());
    /// ```
    pub fn literal_only() -> EvalContext<'p> {
        EvalContext {
            mode: Mode::LiteralOnly,
            ..EvalContext::new()
        }
    }

    /// A full-mode context with the functions of `table` (a function
    /// library builds its table: [`crate::stdlib::standard_functions`],
    /// `stdlib::terraform::all_functions`; the shorthand
    /// `EvalContext::with_standard_functions` comes with `stdlib`).
    ///
    /// ```
    /// use hcl_native::eval::EvalContext;
    /// use hcl_native::stdlib::standard_functions;
    ///
    /// let ctx = EvalContext::with_functions(standard_functions());
    /// assert!(ctx.function("upper").is_some());
    /// ```
    pub fn with_functions(table: impl IntoIterator<Item = (String, Function)>) -> EvalContext<'p> {
        let mut ctx = EvalContext::new();
        ctx.functions = table.into_iter().collect();
        ctx
    }

    /// A child context of this one, in the same mode.
    pub fn child(&'p self) -> EvalContext<'p> {
        EvalContext {
            mode: self.mode,
            variables: HashMap::default(),
            functions: HashMap::default(),
            undefined_unknown: false,
            no_refinements: false,
            no_variables: self.no_variables,
            no_functions: self.no_functions,
            limits: None,
            budget: None,
            parent: Some(self),
        }
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Defines (or redefines) a variable in this scope. Any name is
    /// accepted; the one failure is a context made with
    /// [`EvalContext::literal_only`], which has no variables by definition
    /// ([`ModeError`] says so).
    ///
    /// ```
    /// use hcl_native::eval::EvalContext;
    ///
    /// let mut ctx = EvalContext::new();
    /// assert!(ctx.set_variable("any name, even this one", 1.into()).is_ok());
    /// assert!(EvalContext::literal_only().set_variable("x", 1.into()).is_err());
    /// ```
    pub fn set_variable(&mut self, name: impl Into<String>, value: Value) -> Result<(), ModeError> {
        let name = name.into();
        self.allows_definitions(|| format!("variable {}", quoted(&name)))?;
        self.no_variables = false;
        self.variables.insert(name, value);
        Ok(())
    }

    /// Defines (or redefines) a function in this context's table.
    pub fn set_function(&mut self, name: impl Into<String>, function: Function) -> Result<(), ModeError> {
        let name = name.into();
        self.allows_definitions(|| format!("function {}", quoted(&name)))?;
        self.no_functions = false;
        self.functions.insert(name, function);
        Ok(())
    }

    /// Literal-only mode refuses every definition (`what` names it).
    fn allows_definitions(&self, what: impl FnOnce() -> String) -> Result<(), ModeError> {
        match self.mode {
            Mode::Full => Ok(()),
            Mode::LiteralOnly => Err(ModeError { what: what() }),
        }
    }

    /// From now on, a variable that no scope defines evaluates to the
    /// dynamic value (unknown of any type) instead of being an error: for
    /// checking configurations whose variables are not known yet.
    ///
    /// ```
    /// use hcl_native::eval::{evaluate, EvalContext};
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let expr = parse_expression(&arena, b"var.region").ast;
    /// let mut ctx = EvalContext::new();
    /// ctx.treat_undefined_variables_as_unknown();
    /// let r = evaluate(&expr, &ctx);
    /// assert!(r.diagnostics.is_empty() && !r.value.is_known());
    /// ```
    pub fn treat_undefined_variables_as_unknown(&mut self) {
        self.undefined_unknown = true;
    }

    /// From now on, evaluations leave unknown values unrefined, as hcl
    /// 2.16 and earlier (with go-cty 1.12, as in Terraform 1.5 and earlier)
    /// do: nothing is known of an unknown value beyond its type, so
    /// `"a-${u}" != null` is unknown, not `true` (see
    /// [`crate::value::Refinement`] and docs/deviations.md, O-refinements).
    ///
    /// ```
    /// use hcl_native::eval::{evaluate, EvalContext};
    /// use hcl_native::value::{Type, Value};
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let expr = parse_expression(&arena, b"\"a-${u}\" != null").ast;
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variable("u", Value::unknown(Type::String)).unwrap();
    /// assert_eq!(evaluate(&expr, &ctx).value, Value::from(true));
    /// ctx.evaluate_without_refinements();
    /// assert!(!evaluate(&expr, &ctx).value.is_known());
    /// ```
    pub fn evaluate_without_refinements(&mut self) {
        self.no_refinements = true;
    }

    /// Sets the most evaluation steps (expressions evaluated and elements
    /// visited) one evaluation in this context may take; past it the
    /// evaluation stops with an error. The default is
    /// [`DEFAULT_STEP_LIMIT`].
    ///
    /// ```
    /// use hcl_native::eval::{evaluate, EvalContext};
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let expr = parse_expression(&arena, b"[for a in range(100): [for b in range(100): a * b]]").ast;
    /// let mut ctx = EvalContext::with_standard_functions();
    /// ctx.set_step_limit(1_000);
    /// let r = evaluate(&expr, &ctx);
    /// assert_eq!(r.diagnostics.as_slice()[0].summary(), "Evaluation step limit reached");
    /// ```
    pub fn set_step_limit(&mut self, steps: u64) {
        self.limits = Some(EvalLimits {
            max_steps: steps,
            ..self.limits()
        });
    }

    /// Sets every limit of evaluations in this context (and its children
    /// that set none of their own).
    pub fn set_limits(&mut self, limits: EvalLimits) {
        self.limits = Some(limits);
    }

    /// From now on, evaluations in this context (and its children that
    /// share no budget of their own) draw their steps from `budget`, which
    /// other contexts may share too: see [`StepBudget`].
    ///
    /// ```
    /// use hcl_native::eval::{EvalContext, StepBudget};
    ///
    /// let mut ctx = EvalContext::new();
    /// ctx.share_step_budget(StepBudget::new(5_000));
    /// assert_eq!(ctx.child().step_budget().map(StepBudget::max_steps), Some(5_000));
    /// ```
    pub fn share_step_budget(&mut self, budget: StepBudget) {
        self.budget = Some(budget);
    }

    /// The budget of the nearest context that shares one.
    pub fn step_budget(&self) -> Option<&StepBudget> {
        self.chain().find_map(|c| c.budget.as_ref())
    }

    /// The limits of the nearest context that sets them, or the defaults.
    pub fn limits(&self) -> EvalLimits {
        self.chain().find_map(|c| c.limits).unwrap_or_default()
    }

    /// This context and its ancestors, nearest first.
    fn chain(&self) -> impl Iterator<Item = &EvalContext<'p>> {
        std::iter::successors(Some(self), |c| c.parent)
    }

    /// Gives this context no variable table (the reference's context whose
    /// `Variables` is nil): a variable reference is then the error
    /// "Variables not allowed" rather than "Unknown variable", unless this
    /// context (or a child) defines a variable. Its children start the
    /// same.
    ///
    /// ```
    /// use hcl_native::eval::{evaluate, EvalContext};
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let expr = parse_expression(&arena, b"upper(x)").ast;
    /// let mut ctx = EvalContext::with_standard_functions();
    /// ctx.forbid_variables();
    /// let e = evaluate(&expr, &ctx);
    /// assert_eq!(e.diagnostics.as_slice()[0].summary(), "Variables not allowed");
    /// ```
    pub fn forbid_variables(&mut self) {
        self.no_variables = self.variables.is_empty();
    }

    /// Gives this context no function table (the reference's context whose
    /// `Functions` is nil): a call is then "Function calls not allowed"
    /// unless this context (or a child) defines a function.
    pub fn forbid_function_calls(&mut self) {
        self.no_functions = self.functions.is_empty();
    }

    /// Whether variable references are allowed here (not in literal-only
    /// mode, nor where every scope forbids them).
    pub(crate) fn variables_allowed(&self) -> bool {
        self.mode != Mode::LiteralOnly && !self.chain().all(|c| c.no_variables)
    }

    /// Whether function calls are allowed here.
    pub(crate) fn function_calls_allowed(&self) -> bool {
        self.mode != Mode::LiteralOnly && !self.chain().all(|c| c.no_functions)
    }

    /// Whether evaluations refine unknown values (unless this scope or an
    /// ancestor said not to).
    pub(crate) fn refines_unknowns(&self) -> bool {
        !self.chain().any(|c| c.no_refinements)
    }

    /// Whether this scope or an ancestor treats undefined variables as
    /// unknown.
    pub(crate) fn undefined_variables_are_unknown(&self) -> bool {
        self.chain().any(|c| c.undefined_unknown)
    }

    /// The variable `name` of the nearest scope that defines it.
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.chain().find_map(|c| c.variables.get(name))
    }

    /// The function `name` of the nearest table that defines it.
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.chain().find_map(|c| c.functions.get(name))
    }

    /// Every variable name visible here (for suggestions).
    pub(crate) fn variable_names(&self) -> Vec<&str> {
        self.chain()
            .flat_map(|c| c.variables.keys().map(String::as_str))
            .collect()
    }

    /// Every function name visible here (for suggestions).
    pub(crate) fn function_names(&self) -> Vec<&str> {
        self.chain()
            .flat_map(|c| c.functions.keys().map(String::as_str))
            .collect()
    }
}
