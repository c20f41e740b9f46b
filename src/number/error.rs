//! Why an arithmetic operation or a number's text has no number.

use std::fmt;

/// An arithmetic operation with no defined result, or text that is not a
/// number.
///
/// Like every error type of the library that may grow, it is
/// `#[non_exhaustive]`: a match needs a wildcard arm.
///
/// ```compile_fail
/// use hcl_native::NumberError;
///
/// fn code(e: NumberError) -> u8 {
///     match e {
///         NumberError::Overflow => 0,
///         NumberError::OpposingInfinities => 1,
///         NumberError::ZeroTimesInfinity => 2,
///         NumberError::Indeterminate => 3,
///         NumberError::InfiniteRemainder => 4,
///         NumberError::Syntax => 5,
///     }
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumberError {
    /// The magnitude is 2^32768 or more (the representation's limit).
    ///
    /// spec: model#primitive-types
    Overflow,
    /// Positive plus negative infinity, or an infinity minus itself.
    OpposingInfinities,
    /// Zero times an infinity.
    ZeroTimesInfinity,
    /// Zero divided by zero, or an infinity by an infinity.
    Indeterminate,
    /// A remainder with an infinite operand.
    InfiniteRemainder,
    /// The text is not in the accepted syntax.
    Syntax,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberError::Overflow => "the number is too large to represent: its magnitude must be below 2^32768",
            NumberError::OpposingInfinities => "can't add or subtract opposing infinities",
            NumberError::ZeroTimesInfinity => "can't multiply zero by infinity",
            NumberError::Indeterminate => "can't divide zero by zero or infinity by infinity",
            NumberError::InfiniteRemainder => "can't compute a remainder with an infinite operand",
            NumberError::Syntax => "not a decimal number",
        })
    }
}

impl std::error::Error for NumberError {}
