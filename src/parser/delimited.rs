//! Closing delimiters, and the messages for the ones that are missing.

use super::context::{peek, span_at, Ctx};
use super::error::PError;
use super::lexical::found;
use super::Input;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// What a missing closing delimiter would have closed.
pub(crate) struct Closer {
    /// The byte that closes.
    pub byte: u8,
    /// What it closes, for messages: "the tuple".
    pub what: &'static str,
    /// Summary when the file ends first.
    pub eof_summary: &'static str,
    /// Summary when something else comes instead.
    pub other_summary: &'static str,
    /// What else would have been fine there, besides the closer:
    /// `Some("a comma before the next element")` gives "Expected a comma
    /// before the next element, or `]` to close ...".
    pub alternative: Option<&'static str>,
    /// Whether a missing closer at the end of the file is reported at the
    /// opener (else at the end of the file), as the reference does for
    /// each construct.
    pub eof_at_opener: bool,
}

/// The span of `closer.byte` at `i`, or a failure with a diagnostic naming
/// the opener at `open`. Nothing is consumed: the caller skips the span's
/// length with the trivia after it, once the construct's newline mode has
/// ended.
///
/// At the end of the input nothing can follow, so the construct is kept:
/// the problem is reported and an empty span returned.
#[inline]
pub(crate) fn close(cx: &Ctx<'_>, i: &Input<'_>, open: Span, closer: &Closer) -> Result<Span, nom::Err<PError>> {
    if peek(i) == Some(closer.byte) {
        return Ok(span_at(i, 1));
    }
    not_closed(cx, i, open, closer)
}

/// [`close`]'s error: reported at the end of the input (the construct
/// kept), a failure elsewhere.
#[cold]
fn not_closed(cx: &Ctx<'_>, i: &Input<'_>, open: Span, closer: &Closer) -> Result<Span, nom::Err<PError>> {
    let d = missing(cx, i.location_offset() as u32, open, closer);
    if i.fragment().is_empty() {
        cx.report(d);
        return Ok(Span::empty(i.location_offset() as u32));
    }
    Err(nom::Err::Failure(PError::diag(d)))
}

/// The diagnostic for a closer that is not at `at`.
#[cold]
pub(crate) fn missing(cx: &Ctx<'_>, at: u32, open: Span, closer: &Closer) -> Diagnostic {
    let (subject, what_found) = found(cx.src, at);
    let opened = cx.position(open.start);
    let closer_text = (closer.byte as char).to_string();
    if subject.start as usize >= cx.src.len() {
        Diagnostic::error(
            closer.eof_summary,
            format!(
                "There is no `{closer_text}` to close {} opened at {opened} before the end of the file. \
                 This may be caused by incorrect nesting elsewhere in the file.",
                closer.what
            ),
            if closer.eof_at_opener { open } else { subject },
        )
        .with_context(open.to(subject))
    } else {
        let alternative = closer.alternative.map(|a| format!("{a}, or ")).unwrap_or_default();
        Diagnostic::error(
            closer.other_summary,
            format!(
                "Expected {alternative}`{closer_text}` to close {} opened at {opened}, but found {what_found}.",
                closer.what
            ),
            subject,
        )
        .with_context(open.to(subject))
    }
}
