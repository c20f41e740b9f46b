//! The parser's error type: the furthest failure and what was expected
//! there, or a finished diagnostic from a production that knew better;
//! and [`error_diagnostic`], the one place a failure becomes a diagnostic.

use super::context::Ctx;
use super::lexical::{character_summary, found, misused_character_hint};
use super::Input;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// Things a production can expect at a position, merged when alternatives
/// fail at the same offset.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Expected(u32);

impl Expected {
    pub const NONE: Expected = Expected(0);
    pub const EXPRESSION: Expected = Expected(1);
    pub const IDENTIFIER: Expected = Expected(1 << 1);
    pub const DIGITS: Expected = Expected(1 << 2);
    pub const STRING: Expected = Expected(1 << 3);
    pub const EQUALS: Expected = Expected(1 << 4);
    pub const COLON: Expected = Expected(1 << 5);
    pub const COMMA: Expected = Expected(1 << 6);
    pub const QUESTION: Expected = Expected(1 << 7);
    pub const ARROW: Expected = Expected(1 << 8);
    pub const ELLIPSIS: Expected = Expected(1 << 9);
    pub const DOT: Expected = Expected(1 << 10);
    pub const STAR: Expected = Expected(1 << 11);
    pub const OPEN_BRACE: Expected = Expected(1 << 12);
    pub const OPEN_PAREN: Expected = Expected(1 << 13);
    pub const OPEN_BRACKET: Expected = Expected(1 << 14);
    pub const OPERATOR: Expected = Expected(1 << 15);
    pub const KEYWORD: Expected = Expected(1 << 16);
    pub const TEMPLATE: Expected = Expected(1 << 17);
    pub const NEWLINE: Expected = Expected(1 << 18);
    pub const DOUBLE_COLON: Expected = Expected(1 << 19);
    /// Not an expectation: marks a failure as reported already (see
    /// [`PError::reported`]); kept in this word so that a `PError` stays
    /// two words and a pointer.
    const REPORTED: u32 = 1 << 31;

    const NAMES: [&'static str; 20] = [
        "an expression",
        "an identifier",
        "decimal digits",
        "a quoted string",
        "an equals sign (\"=\")",
        "a colon",
        "a comma",
        "a question mark",
        "`=>`",
        "`...`",
        "a dot",
        "`*`",
        "an opening brace (\"{\")",
        "an opening parenthesis",
        "an opening bracket",
        "an operator",
        "a keyword",
        "a template",
        "a newline",
        "`::`",
    ];

    /// The union of two sets.
    #[inline]
    pub fn or(self, other: Expected) -> Expected {
        Expected(self.0 | other.0)
    }

    /// Whether every member of `other` is in this set.
    pub fn has(self, other: Expected) -> bool {
        self.0 & other.0 == other.0
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
    #[inline]
    pub fn expected(at: u32, expected: Expected) -> Self {
        PError {
            at,
            expected,
            diag: None,
        }
    }

    /// Whether the failure has been reported already (by the innermost
    /// construct it left unclosed at the end of the input, see
    /// `combinators::unclosed_at_end`), so that nothing reports it again.
    pub fn reported(&self) -> bool {
        self.expected.0 & Expected::REPORTED != 0
    }

    /// A failure described by a finished diagnostic.
    #[inline]
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

/// Reports a failure (unless it has been reported already) and marks it
/// reported: the one place a parse failure becomes a reported diagnostic.
#[cold]
pub(crate) fn report_failure(cx: &Ctx<'_>, e: &mut PError) {
    if !e.reported() {
        e.expected.0 |= Expected::REPORTED;
        let taken = PError {
            diag: e.diag.take(),
            ..e.clone()
        };
        cx.report(error_diagnostic(cx, nom::Err::Failure(taken)));
    }
}

/// Reports a failed parse's error (unless it has been reported already).
#[cold]
pub(crate) fn report_error(cx: &Ctx<'_>, e: nom::Err<PError>) {
    match e {
        nom::Err::Error(mut e) | nom::Err::Failure(mut e) => report_failure(cx, &mut e),
        e @ nom::Err::Incomplete(_) => cx.report(error_diagnostic(cx, e)),
    }
}

/// The diagnostic for a failure: the one its production wrote, or one
/// that says what was expected where, and what was found there.
#[cold]
pub(crate) fn error_diagnostic(cx: &Ctx<'_>, e: nom::Err<PError>) -> Diagnostic {
    let e = match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => e,
        nom::Err::Incomplete(_) => PError::expected(cx.src.len() as u32, Default::default()),
    };
    match e.diag {
        Some(d) => *d,
        None if e.expected.has(Expected::EXPRESSION) => expected_expression(cx, e.at),
        None => {
            let (subject, what) = found(cx.src, e.at);
            Diagnostic::error(
                "Invalid syntax",
                format!("Expected {}, but found {what}.", e.expected.describe()),
                subject,
            )
        }
    }
}

/// An error about the token found at `at` where something else was
/// expected: `detail` words it, given how the token is described ("`x`",
/// "a newline", "the end of the file"); the subject is the token, and the
/// context runs from `context_from` (the construct it breaks) to it.
#[cold]
pub(crate) fn found_error(
    cx: &Ctx<'_>,
    summary: &str,
    at: u32,
    context_from: Option<Span>,
    detail: impl FnOnce(&str) -> String,
) -> Diagnostic {
    let (subject, what) = found(cx.src, at);
    let d = Diagnostic::error(summary, detail(&what), subject);
    match context_from {
        Some(from) => d.with_context(from.to(subject)),
        None => d,
    }
}

/// The diagnostic for a missing expression at `at`.
#[cold]
pub(crate) fn expected_expression(cx: &Ctx<'_>, at: u32) -> Diagnostic {
    let (subject, what) = found(cx.src, at);
    let rest = &cx.src[subject.start as usize..];
    let summary = if rest.is_empty() {
        "Missing expression"
    } else {
        // a character the language does not use is named as the reference
        // names it ("Invalid character" for `${x}` outside a template)
        character_summary(rest).unwrap_or("Invalid expression")
    };
    Diagnostic::error(
        summary,
        format!(
            "Expected the start of an expression, but found {what}.{}",
            misused_character_hint(&cx.src[subject.start as usize..])
        ),
        subject,
    )
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
        assert_eq!(
            Expected::EQUALS.or(Expected::COLON).describe(),
            "an equals sign (\"=\") or a colon"
        );
    }

    #[test]
    fn has_tests_membership() {
        let e = Expected::EQUALS.or(Expected::OPEN_BRACE);
        assert!(e.has(Expected::EQUALS) && e.has(Expected::OPEN_BRACE) && !e.has(Expected::STRING));
    }
}
