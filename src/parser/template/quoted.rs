//! Quoted templates and string literals.
//!
//! spec: hclsyntax#template-expressions

use super::super::combinators::{bare, dispatch, nested, unclosed_at_end, Punct};
use super::super::context::{bytes, pos, span_at, Ctx};
use super::super::error::{Expected, PError};
use super::super::lexical::{found, token};
use super::super::{Input, PResult};
use super::literal_scan::{holds_sequence, plain_quoted_len, string_lit_stand_in, template_literal};
use super::{stray_tag, template, Flavor};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use nom::branch::alt;
use nom::combinator::{flat_map, map, opt};
use nom::{Err, Parser};

/// The double quote that opens and closes a quoted template.
const QUOTE: Punct = Punct::new("\"", Expected::STRING);

/// `"..."`: a template on one line, with escape sequences. A plain string
/// (no escape, sequence or `$${`) is read in one step; it counts as a
/// level of nesting all the same.
///
/// ```ebnf
/// quotedTemplate = (as defined in prose above);
/// ```
/// spec: quotedTemplate, hclsyntax#template-expressions
#[inline]
pub(crate) fn quoted_template<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, QuotedTemplate<'a>> {
    alt((
        |i| plain_string(cx, i),
        nested(cx, cx.newlines(), bare(QUOTE), |open, i| {
            let read = map(
                (
                    template(cx, Flavor::Quoted, false),
                    opt(stray_tag(cx, false)),
                    closing_quote(cx, open),
                ),
                move |(template, _, end)| QuotedTemplate {
                    template,
                    span: Span::new(open.start, end),
                },
            )
            .parse(i);
            unclosed_at_end(cx, read, |eof| unterminated_string(cx, open, eof))
        }),
    ))
    .parse(i)
}

/// The common case of a quoted template, read in one step by the scanner:
/// plain text up to the closing quote, with no escape, sequence or
/// `$${`/`%%{` in it. It nests nothing, so it counts its level of nesting
/// without growing the stack. Fails without consuming when the string is
/// anything else (the general path reads it).
#[inline(never)]
fn plain_string<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, QuotedTemplate<'a>> {
    let Some(len) = plain_quoted_len(bytes(&i)) else {
        return Err(Err::Error(PError::expected(pos(&i), Expected::STRING)));
    };
    let open = span_at(&i, 1);
    let _level = cx.nest(open, cx.newlines())?;
    let content = Span::new(open.end, open.end + len as u32);
    let parts: &'a [TemplatePart<'a>] = if len > 0 {
        cx.arena.alloc_slice(&[TemplatePart::Literal(TemplateLiteral {
            value: cx.text(content.start as usize, content.end as usize),
            span: content,
        })])
    } else {
        &[]
    };
    let quoted = QuotedTemplate {
        template: Template { parts, span: content },
        span: Span::new(open.start, content.end + 1),
    };
    Ok((token(cx, i, len + 2), quoted))
}

/// The closing `"` of a string opened at `open`, and the trivia after it;
/// the offset just past it. Where the input ends first, the string is
/// kept and the missing quote reported; anything else (the template stops
/// only at a quote, a newline or the end) is a string running over lines.
fn closing_quote<'c, 'a>(cx: &'c Ctx<'a>, open: Span) -> impl FnMut(Input<'a>) -> PResult<'a, u32> + 'c {
    move |i: Input<'a>| match bytes(&i) {
        [b'"', ..] => Ok((token(cx, i, 1), pos(&i) + 1)),
        _ => no_closing_quote(cx, open, i),
    }
}

/// [`closing_quote`]'s errors: the input ends (reported, the string
/// kept), or the line does (a failure).
#[cold]
fn no_closing_quote<'a>(cx: &Ctx<'a>, open: Span, i: Input<'a>) -> PResult<'a, u32> {
    if bytes(&i).is_empty() {
        cx.report(unterminated_string(cx, open, pos(&i)));
        return Ok((i, pos(&i)));
    }
    let (subject, _) = found(cx.src, pos(&i));
    cx.fail(
        Diagnostic::error(
            "Invalid multi-line string",
            format!(
                "The string opened at {} reaches the end of its line without a closing quote. \
                 Quoted strings cannot span lines: write \\n for a newline, or use a heredoc.",
                cx.position(open.start)
            ),
            subject,
        )
        .with_context(open.to(subject)),
    )
}

/// The error of a string opened at `open` that the input ends in, at
/// `eof`.
#[cold]
fn unterminated_string(cx: &Ctx<'_>, open: Span, eof: u32) -> Diagnostic {
    let at = Span::empty(eof);
    Diagnostic::error(
        "Unterminated template string",
        format!(
            "There is no closing quote for the string opened at {} before the end of the file.",
            cx.position(open.start)
        ),
        at,
    )
    .with_context(open.to(at))
}

/// A quoted string without interpolations or directives (block labels).
/// One that holds template sequences is an error for each, read on as a
/// template so that what follows it is kept.
///
/// ```ebnf
/// StringLit = '"' (quoted literals as defined in prose above) '"';
/// ```
/// spec: StringLit, hclsyntax#template-expressions, hclsyntax#blocks
#[inline]
pub(crate) fn string_lit<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, StringLit<'a>> {
    alt((|i| plain_string_lit(cx, i), |i| escaped_string_lit(cx, i))).parse(i)
}

/// A [`string_lit`] with no escape, interpolation or directive in it (most
/// block labels), read in one scan, as [`plain_string`] reads a plain
/// quoted template; fails without consuming on any other.
#[inline]
fn plain_string_lit<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, StringLit<'a>> {
    let Some(len) = plain_quoted_len(bytes(&i)) else {
        return Err(Err::Error(PError::expected(pos(&i), Expected::STRING)));
    };
    let start = pos(&i) as usize;
    let lit = StringLit {
        value: cx.text(start + 1, start + 1 + len),
        span: span_at(&i, len + 2),
    };
    Ok((token(cx, i, len + 2), lit))
}

/// A [`string_lit`] with escapes to unescape, or (an error) template
/// sequences.
fn escaped_string_lit<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, StringLit<'a>> {
    dispatch!(i;
        [b'"', rest @ ..] if holds_sequence(rest) => |i| sequence_in_string_lit(cx, i),
        _ => flat_map(bare(QUOTE), |open| {
            map(
                (|i| Ok(template_literal(cx, i, Flavor::Quoted)), closing_quote(cx, open)),
                move |(literal, end)| StringLit {
                    value: literal.map(|l| l.value).unwrap_or_default(),
                    span: Span::new(open.start, end),
                },
            )
        }),
    )
}

/// A string literal holding template sequences: an error for each
/// sequence's opening (and each further tag of a directive), but the string
/// is read on as a template so that what follows it (a block's other labels
/// and body) is kept. Its value stands in `${ ... }` or `%{ ... }` for each
/// of those, as the reference implementation does, so the text cannot be
/// mistaken for a valid label.
fn sequence_in_string_lit<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, StringLit<'a>> {
    let open = span_at(&i, 1);
    map(
        |i| quoted_template(cx, i),
        move |quoted| StringLit {
            value: string_lit_stand_in(cx, open, &quoted.template),
            span: quoted.span,
        },
    )
    .parse(i)
}
