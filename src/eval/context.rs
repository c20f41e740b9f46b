//! Evaluation contexts: the mode, the variable scope and the function
//! table.
//!
//! spec: model#expression-evaluation

use std::collections::HashMap;
use std::fmt;

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
    variables: HashMap<String, Value>,
    functions: HashMap<String, Function>,
    undefined_unknown: bool,
    step_limit: Option<u64>,
    parent: Option<&'p EvalContext<'p>>,
}

/// The default most evaluation steps (expressions evaluated and elements
/// visited) one evaluation may take: ample for any configuration, and a
/// bound of well under a second on nested `for` expressions built to
/// multiply work.
pub const DEFAULT_STEP_LIMIT: u64 = 10_000_000;

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
            variables: HashMap::new(),
            functions: HashMap::new(),
            undefined_unknown: false,
            step_limit: None,
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

    /// A full-mode context with the standard functions
    /// ([`crate::stdlib`]).
    pub fn with_standard_functions() -> EvalContext<'p> {
        let mut ctx = EvalContext::new();
        ctx.functions = crate::stdlib::standard_functions().into_iter().collect();
        ctx
    }

    /// A child context of this one, in the same mode.
    pub fn child(&'p self) -> EvalContext<'p> {
        EvalContext {
            mode: self.mode,
            variables: HashMap::new(),
            functions: HashMap::new(),
            undefined_unknown: false,
            step_limit: None,
            parent: Some(self),
        }
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Defines (or redefines) a variable in this scope.
    pub fn set_variable(&mut self, name: impl Into<String>, value: Value) -> Result<(), ModeError> {
        let name = name.into();
        self.allows_definitions(|| format!("variable {name:?}"))?;
        self.variables.insert(name, value);
        Ok(())
    }

    /// Defines (or redefines) a function in this context's table.
    pub fn set_function(&mut self, name: impl Into<String>, function: Function) -> Result<(), ModeError> {
        let name = name.into();
        self.allows_definitions(|| format!("function {name:?}"))?;
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
    /// assert_eq!(r.diagnostics.as_slice()[0].summary, "Evaluation step limit reached");
    /// ```
    pub fn set_step_limit(&mut self, steps: u64) {
        self.step_limit = Some(steps);
    }

    /// This context and its ancestors, nearest first.
    fn chain(&self) -> impl Iterator<Item = &EvalContext<'p>> {
        std::iter::successors(Some(self), |c| c.parent)
    }

    /// The step limit of the nearest context that sets one.
    pub(crate) fn step_limit(&self) -> u64 {
        self.chain().find_map(|c| c.step_limit).unwrap_or(DEFAULT_STEP_LIMIT)
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
