//! Heredoc templates.
//!
//! spec: hclsyntax#template-expressions

use super::super::combinators::{nested, unclosed_at_end};
use super::super::context::{bytes, pos, skip, Ctx};
use super::super::error::{Expected, PError};
use super::super::lexical::{found, trivia};
use super::super::{Input, PResult};
use super::heredoc_scan::flush;
use super::{stray_tag, template, Flavor};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::lexical::{closing_marker_len, newline_len, HeredocOpener};
use crate::span::Span;
use nom::combinator::{map, opt};
use nom::{Err, Parser};

/// `<<EOT` or `<<-EOT`, a newline, the content lines, and a line holding
/// only the marker (whitespace may surround it). With `<<-` the content is
/// flushed: the fewest leading spaces of any line are removed from all.
/// The end of the file right after the closing marker also ends its line.
/// The nesting level it opens is counted at `<<EOT`.
///
/// ```ebnf
/// heredocTemplate = (
///     ("<<" | "<<-") Identifier Newline
///     (content as defined in prose above)
///     Identifier Newline
/// );
/// ```
/// spec: heredocTemplate, hclsyntax#template-expressions
#[inline(never)]
pub(crate) fn heredoc_template<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, HeredocTemplate<'a>> {
    nested(
        cx,
        cx.newlines(),
        |i| heredoc_opener(cx, i),
        |opener, i| {
            let flush_mode = cx.src[opener.start as usize + 2] == b'-';
            let marker_start = opener.start + 2 + u32::from(flush_mode);
            let marker = cx.ident(marker_start, (opener.end - marker_start) as usize);
            let read = map(
                (
                    heredoc_newline,
                    template(
                        cx,
                        Flavor::Heredoc {
                            marker: marker.name.as_bytes(),
                        },
                        false,
                    ),
                    opt(stray_tag(cx, false)),
                    closing_marker(cx, marker, opener),
                ),
                move |(_, template, _, end)| HeredocTemplate {
                    flush: flush_mode,
                    marker,
                    template: if flush_mode { flush(cx, template) } else { template },
                    span: Span::new(opener.start, end),
                },
            )
            .parse(i);
            unclosed_at_end(cx, read, |eof| unterminated_heredoc(cx, marker, opener, eof))
        },
    )
    .parse(i)
}

/// `<<` or `<<-` and the marker, which must end its line: its span.
fn heredoc_opener<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Span> {
    let start = pos(&i);
    let opener = HeredocOpener::at(bytes(&i));
    let after = skip(i, opener.marker.end);
    if opener.is_complete() {
        return Ok((after, Span::new(start, pos(&after))));
    }
    let (subject, what) = found(cx.src, pos(&after));
    let detail = if !opener.marker.is_empty() {
        let marker = start as usize + opener.marker.start..start as usize + opener.marker.end;
        format!(
            "The heredoc marker `{}` must end its line: the content starts on the next line. Found {what} after it.",
            cx.str(marker.start, marker.end)
        )
    } else {
        format!("A heredoc starts with `<<` or `<<-` and an identifier naming its closing marker, but found {what}.")
    };
    cx.fail(Diagnostic::error("Invalid heredoc", detail, subject).with_context(Span::new(start, subject.end)))
}

/// The newline after the marker (the opener has checked it is there).
fn heredoc_newline(i: Input<'_>) -> PResult<'_, ()> {
    match newline_len(bytes(&i)) {
        0 => Err(Err::Error(PError::expected(pos(&i), Expected::NEWLINE))),
        n => Ok((skip(i, n), ())),
    }
}

/// The line that closes the heredoc opened at `opener` (the marker alone,
/// whitespace around it), and the trivia after it; the offset where its
/// span ends (after the line's trailing whitespace). Where the content ran
/// to the end of the input, it is kept and the missing line reported.
fn closing_marker<'c, 'a>(
    cx: &'c Ctx<'a>,
    marker: Identifier<'a>,
    opener: Span,
) -> impl FnMut(Input<'a>) -> PResult<'a, u32> + 'c {
    move |i: Input<'a>| match closing_marker_len(bytes(&i), marker.name.as_bytes()) {
        Some(len) => Ok((trivia(cx, skip(i, len)), pos(&i) + len as u32)),
        None => {
            cx.report(unterminated_heredoc(cx, marker, opener, pos(&i)));
            Ok((trivia(cx, i), pos(&i)))
        }
    }
}

/// The error of a heredoc opened at `opener` that the input ends in, at
/// `eof`.
#[cold]
fn unterminated_heredoc(cx: &Ctx<'_>, marker: Identifier<'_>, opener: Span, eof: u32) -> Diagnostic {
    let at = Span::empty(eof);
    Diagnostic::error(
        "Unterminated template string",
        format!(
            "There is no line holding only `{}` to close the heredoc opened at {} before the end of the file.",
            marker.name,
            cx.position(opener.start)
        ),
        at,
    )
    .with_context(opener.to(at))
}
