//! The parser's error type: the furthest failure and what was expected
//! there, or a finished diagnostic from a production that knew better.

use super::Input;
use crate::diagnostic::Diagnostic;

/// Things a production can expect at a position, merged when alternatives
/// fail at the same offset.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Expected(u16);

impl Expected {
    pub const NONE: Expected = Expected(0);
    pub const EXPRESSION: Expected = Expected(1);
    pub const IDENTIFIER: Expected = Expected(1 << 1);
    pub const DIGITS: Expected = Expected(1 << 2);

    const NAMES: [&'static str; 3] = ["an expression", "an identifier", "decimal digits"];

    /// The union of two sets.
    pub fn or(self, other: Expected) -> Expected {
        Expected(self.0 | other.0)
    }

    /// "a, b or c".
    pub fn describe(self) -> String {
        let names: Vec<&str> = (0..Self::NAMES.len())
            .filter(|b| self.0 & (1 << b) != 0)
            .map(|b| Self::NAMES[b])
            .collect();
        match names.as_slice() {
            [] => "something else".to_string(),
            [one] => one.to_string(),
            [init @ .., last] => format!("{} or {}", init.join(", "), last),
        }
    }
}

/// A parse failure.
#[derive(Clone, Debug)]
pub(crate) struct PError {
    /// Where the input stopped matching.
    pub at: u32,
    /// What would have matched there.
    pub expected: Expected,
    /// A diagnostic written by the production that failed, when it could
    /// say more than "expected X".
    pub diag: Option<Box<Diagnostic>>,
}

impl PError {
    /// A failure at `at` expecting `expected`.
    pub fn expected(at: u32, expected: Expected) -> Self {
        PError {
            at,
            expected,
            diag: None,
        }
    }

    /// A failure described by a finished diagnostic.
    pub fn diag(d: Diagnostic) -> Self {
        PError {
            at: d.subject.start,
            expected: Expected::NONE,
            diag: Some(Box::new(d)),
        }
    }
}

impl<'a> nom::error::ParseError<Input<'a>> for PError {
    fn from_error_kind(input: Input<'a>, _kind: nom::error::ErrorKind) -> Self {
        PError::expected(input.location_offset() as u32, Expected::NONE)
    }

    fn append(_input: Input<'a>, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }

    /// Keeps the furthest failure; at the same offset, merges what was
    /// expected and keeps the more specific diagnostic.
    fn or(self, other: Self) -> Self {
        match self.at.cmp(&other.at) {
            std::cmp::Ordering::Greater => self,
            std::cmp::Ordering::Less => other,
            std::cmp::Ordering::Equal => PError {
                at: self.at,
                expected: self.expected.or(other.expected),
                diag: self.diag.or(other.diag),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nom::error::ParseError;

    #[test]
    fn or_keeps_the_furthest_and_merges_at_a_tie() {
        let a = PError::expected(3, Expected::EXPRESSION);
        let b = PError::expected(5, Expected::IDENTIFIER);
        assert_eq!(a.clone().or(b.clone()).at, 5);
        assert_eq!(b.clone().or(a.clone()).at, 5);
        let c = PError::expected(5, Expected::DIGITS);
        let m = b.or(c);
        assert_eq!(m.expected.describe(), "an identifier or decimal digits");
    }

    #[test]
    fn describe_lists_in_a_fixed_order() {
        let e = Expected::DIGITS.or(Expected::EXPRESSION).or(Expected::IDENTIFIER);
        assert_eq!(e.describe(), "an expression, an identifier or decimal digits");
        assert_eq!(Expected::NONE.describe(), "something else");
    }
}
