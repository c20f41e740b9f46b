//! The standard function library: the functions an application offers to
//! configurations when it has no reason to choose others.
//!
//! The set, and each function's behaviour, is that of the reference
//! implementation's default library (go-cty's `function/stdlib`, as
//! `hcl-oracle` installs it): `upper`, `lower`, `length`, `strlen`,
//! `concat`, `jsonencode`, `tostring`, `tonumber`, `tobool`, `tolist`,
//! `toset`, `tomap`, `min`, `max`, `abs`, `format`, `join`, `split`, `keys`,
//! `values`, `coalesce`, `range`, `reverse` and `element`; the string
//! functions `chomp`, `indent`, `replace`, `strrev`, `substr`, `title`,
//! `trim`, `trimprefix`, `trimspace`, `trimsuffix` and `formatlist`; the
//! regular expression functions `regex`, `regexall` and `regex_replace`;
//! the collection and set functions `chunklist`, `coalescelist`,
//! `compact`, `contains`, `distinct`, `flatten`, `lookup`, `merge`,
//! `slice`, `sort`, `zipmap`, `setintersection`, `setproduct`,
//! `setsubtract`, `setsymmetricdifference` and `setunion`; the number,
//! encoding and date functions `ceil`, `floor`, `int`, `log`, `parseint`,
//! `pow`, `signum`, `jsondecode`, `csvdecode` and `formatdate`; and `try`
//! and `can` of the reference's tryfunc extension, which receive their
//! arguments unevaluated ([`crate::eval::LazyArgument`]). These are the
//! 66 functions of the oracle's `--all-funcs`.
//!
//! Every function is an ordinary [`Function`] built with
//! [`Function::builder`], so a call gets the model's rules for free
//! (argument count, conversion to the parameter type, null and unknown
//! arguments). Each parameter accepts null, unknown or dynamic arguments
//! exactly where the reference's parameter does, with one systematic
//! addition: a parameter of a concrete type (say `string`) also accepts the
//! dynamic value. HCL converts every argument to its parameter's type before
//! the call, and the dynamic value converts to the unknown value of that
//! type, so the reference's function sees a typed unknown there and answers
//! with an unknown of its own result type (`join(",", x)` with `x` the
//! dynamic value is an unknown string, not the dynamic value). Only two of
//! those parameters accept unknown values, `strlen`'s and `sort`'s, whose
//! implementations take the dynamic value for an unknown value of their
//! type; no other implementation sees the dynamic value.
//!
//! Unknown results carry the refinements the reference's functions give
//! them (go-cty 1.13's `RefineResult` and the refinements its
//! implementations make): most are known not to be null; `strlen` and
//! `length` bound the number, `format` and `jsonencode` give a prefix,
//! `sort` and `setproduct` bound the length. The functions whose reference
//! declares none (`element`, `lookup`, the `to...` conversions,
//! `jsondecode`, `try`, `can`) give plain unknowns.
//!
//! Numbers are this crate's exact numbers and strings are NFC, so results
//! differ from the reference's exactly where `docs/deviations.md` says
//! values do (`D-exact-numbers`, `D-negative-zero`, ...). Case mappings
//! and grapheme clusters follow the Unicode version of Rust's standard
//! library and of `unicode-segmentation`, newer than v2.20's Unicode 15.0
//! and the oracle's 13: letters added since Unicode 13 have case mappings
//! here (as in v2.20), and an Indic conjunct is one grapheme cluster
//! (Unicode 15.1; `D-unicode-version`).
//! `tests/model/stdlib.rs` checks every function against the reference's answers.
//!
//! ```
//! use hcl_native::stdlib;
//! use hcl_native::value::{Type, Value};
//!
//! let upper = stdlib::lookup("upper").unwrap();
//! assert_eq!(upper.call(&[Value::from("hcl")]).unwrap(), Value::from("HCL"));
//!
//! let format = stdlib::lookup("format").unwrap();
//! let s = format.call(&[Value::from("%s has %03d ports"), "web".into(), 8.into()]).unwrap();
//! assert_eq!(s, Value::from("web has 008 ports"));
//!
//! // Unknown arguments give unknown results of the right type, refined
//! // as the reference refines them: the length of an unknown list is an
//! // unknown number, never null, between 0 and the greatest length.
//! let length = stdlib::lookup("length").unwrap();
//! let r = length.call(&[Value::unknown(Type::list(Type::String))]).unwrap();
//! assert!(!r.is_known());
//! assert_eq!(r.ty(), Type::Number);
//! assert!(r.range().definitely_not_null());
//! assert_eq!(r.range().number_lower_bound(), (0.into(), true));
//!
//! assert!(stdlib::lookup("no_such_function").is_none());
//! ```

use std::collections::BTreeMap;

use crate::function::{Function, FunctionError};
use crate::number::Number;
use crate::value::{ElementTypeError, Type, Value};

mod collections;
mod conversion;
mod dates;
mod encoding;
mod format;
mod numbers;
#[cfg(test)]
mod refinements_tests;
mod regex;
mod sets;
mod strings;
#[cfg(feature = "terraform")]
pub mod terraform;
mod tryfunc;

/// Every function of the standard library, by the name configurations call
/// it by.
///
/// ```
/// use hcl_native::stdlib::standard_functions;
///
/// let functions = standard_functions();
/// assert!(functions.contains_key("jsonencode"));
/// assert_eq!(functions.keys().next().map(String::as_str), Some("abs"));
/// ```
pub fn standard_functions() -> BTreeMap<String, Function> {
    entries().map(|(name, make)| (name.to_string(), make())).collect()
}

// The function library plugs into evaluation from above: the context that
// offers it is built here, not by `eval`.
impl<'p> crate::eval::EvalContext<'p> {
    /// A full-mode context with the standard functions
    /// ([`standard_functions`]).
    ///
    /// ```
    /// use hcl_native::eval::{evaluate, EvalContext};
    /// use hcl_native::value::Value;
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let ctx = EvalContext::with_standard_functions();
    /// let arena = Arena::new();
    /// let expr = parse_expression(&arena, b"upper(\"eu\")").ast;
    /// assert_eq!(evaluate(&expr, &ctx).value, Value::from("EU"));
    /// ```
    pub fn with_standard_functions() -> Self {
        Self::with_functions(standard_functions())
    }
}

/// A standard function's name and constructor.
/// A function's name and how to build it.
type Entry = (&'static str, fn() -> Function);

/// Every family's functions: each family file lists its own in its
/// `FUNCTIONS`.
const FAMILIES: [&[Entry]; 10] = [
    collections::FUNCTIONS,
    conversion::FUNCTIONS,
    dates::FUNCTIONS,
    encoding::FUNCTIONS,
    format::FUNCTIONS,
    numbers::FUNCTIONS,
    regex::FUNCTIONS,
    sets::FUNCTIONS,
    strings::FUNCTIONS,
    tryfunc::FUNCTIONS,
];

fn entries() -> impl Iterator<Item = &'static Entry> {
    FAMILIES.iter().flat_map(|f| f.iter())
}

/// The names of the standard library's functions, in alphabetical order.
///
/// ```
/// let names = hcl_native::stdlib::names();
/// assert!(names.contains(&"upper"));
/// assert!(names.windows(2).all(|w| w[0] < w[1]));
/// ```
pub fn names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = entries().map(|(n, _)| *n).collect();
    names.sort_unstable();
    names
}

/// The standard library function called `name`, or `None` when there is
/// none by that name. Each call builds the function afresh; keep the
/// [`Function`] (cheap to clone) when calling it often.
///
/// ```
/// use hcl_native::stdlib::lookup;
/// use hcl_native::value::Value;
///
/// let max = lookup("max").unwrap();
/// assert_eq!(max.call(&[3.into(), 7.into(), (-1).into()]).unwrap(), Value::from(7));
/// ```
pub fn lookup(name: &str) -> Option<Function> {
    entries().find(|(n, _)| *n == name).map(|(_, make)| make())
}

/// go-cty's `hasindex(collection, key)`, which the standard table leaves
/// out (as the reference's `--all-funcs` does) and the hcldec spec
/// format's definition functions include.
///
/// ```
/// use hcl_native::stdlib;
/// use hcl_native::value::Value;
///
/// let f = stdlib::hasindex();
/// let list = Value::tuple(vec![Value::from(1), Value::from(2)]);
/// assert_eq!(f.call(&[list.clone(), Value::from(1)]).unwrap(), Value::from(true));
/// assert_eq!(f.call(&[list, Value::from(2)]).unwrap(), Value::from(false));
/// ```
pub fn hasindex() -> Function {
    collections::hasindex()
}

/// go-cty's string `reverse(str)` (grapheme clusters reversed); the
/// standard table's `reverse` is the list one.
///
/// ```
/// use hcl_native::stdlib;
/// use hcl_native::value::Value;
///
/// assert_eq!(stdlib::reverse_string().call(&[Value::from("abc")]).unwrap(), Value::from("cba"));
/// ```
pub fn reverse_string() -> Function {
    strings::reverse_string()
}

/// A list of `element` values, as a function result. The items always have
/// the element type the result-type rule promised; a mismatch is a bug,
/// reported as an error rather than a panic.
fn list_result(element: Type, items: Vec<Value>) -> Result<Value, FunctionError> {
    Value::list(element, items).map_err(internal)
}

/// The string of an argument the call has checked to be a known, non-null
/// string.
fn str_arg(v: &Value) -> Result<&str, FunctionError> {
    v.as_str()
        .ok_or_else(|| FunctionError::new(format!("internal error: expected a known string, found {v:?}")))
}

/// The number of an argument the call has checked to be a known, non-null
/// number.
fn number_arg(v: &Value) -> Result<&Number, FunctionError> {
    v.as_number()
        .ok_or_else(|| FunctionError::new(format!("internal error: expected a known number, found {v:?}")))
}

/// go-cty's words for a number that does not fit a Go `int`.
const NOT_AN_INT: &str = "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// A number argument as the reference reads it into a Go `int`: its value,
/// or, when it is not a whole number in the 64-bit range, the reference's
/// message after `context` (`"invalid index"`; none when empty).
fn int_arg(v: &Value, context: &str) -> Result<i64, String> {
    v.as_number().and_then(Number::to_i64).ok_or_else(|| {
        if context.is_empty() {
            NOT_AN_INT.to_string()
        } else {
            format!("{context}: {NOT_AN_INT}")
        }
    })
}

fn internal(e: ElementTypeError) -> FunctionError {
    FunctionError::new(format!("internal error building the result: {e}"))
}
