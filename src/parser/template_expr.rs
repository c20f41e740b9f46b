//! Template expressions: quoted templates, heredocs and string literals.
//!
//! spec: hclsyntax#template-expressions

use super::context::{bytes, peek, pos, skip, span_at, Ctx};
use super::lexical::{found, identifier_token, token, trivia};
use super::template::{
    closing_marker_len, flush, stray_tag, template, template_literal, Ending, Flavor, QUOTED_SPECIAL,
};
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// A quoted or heredoc template; `i` is at `"` or `<<`.
///
/// ```ebnf
/// TemplateExpr = quotedTemplate | heredocTemplate;
/// ```
/// spec: TemplateExpr, hclsyntax#template-expressions
// one frame with its caller, `expression::template`: both are on the
// recursive path of templates nested in templates
#[inline(always)]
pub(crate) fn template_expr<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, TemplateExpr<'a>> {
    if peek(&i) == Some(b'"') {
        let (i, q) = quoted_template(cx, i)?;
        Ok((i, TemplateExpr::Quoted(q)))
    } else {
        let (i, h) = heredoc_template(cx, i)?;
        Ok((i, TemplateExpr::Heredoc(cx.alloc(h))))
    }
}

/// `"..."`: a template on one line, with escape sequences.
///
/// ```ebnf
/// quotedTemplate = (as defined in prose above);
/// ```
/// spec: quotedTemplate, hclsyntax#template-expressions
pub(crate) fn quoted_template<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, QuotedTemplate<'a>> {
    let open = span_at(&i, 1);
    {
        // a plain string contains nothing nested, but counts as a level
        let _nest = cx.nest(open, cx.newlines())?;
        if let Some(simple) = plain_string(cx, &i) {
            return Ok(simple);
        }
    }
    let (i, quote, template) = cx.nested(open, cx.newlines(), || {
        let (i, (template, ending)) = template(cx, skip(i, 1), Flavor::Quoted, false)?;
        if let Ending::Tag { kind, span, .. } = ending {
            return cx.fail(stray_tag(kind, span));
        }
        Ok((i, closing_quote(cx, &i, open)?, template))
    })?;
    let span = Span::new(open.start, pos(&i) + quote as u32);
    Ok((token(cx, i, quote), QuotedTemplate { template, span }))
}

/// The common case of a quoted template, read in one step: plain text up
/// to the closing quote, with no escape, sequence or `$${`/`%%{` in it.
/// `None` when the string is anything else (the general path reads it).
#[inline(never)]
pub(crate) fn plain_string<'a>(cx: &Ctx<'a>, i: &Input<'a>) -> Option<(Input<'a>, QuotedTemplate<'a>)> {
    let b = bytes(i);
    let len = 1 + b[1..].iter().position(|c| QUOTED_SPECIAL[*c as usize])?;
    if b[len] != b'"' {
        return None;
    }
    let start = pos(i);
    let content = Span::new(start + 1, start + len as u32);
    let parts: &'a [TemplatePart<'a>] = if len > 1 {
        cx.arena.alloc_slice(&[TemplatePart::Literal(TemplateLiteral {
            value: cx.text(content.start as usize, content.end as usize),
            span: content,
        })])
    } else {
        &[]
    };
    let quoted = QuotedTemplate {
        template: Template { parts, span: content },
        span: Span::new(start, content.end + 1),
    };
    Some((token(cx, *i, len + 1), quoted))
}

/// The length of the closing `"` of a string opened at `open` (0 when
/// the input ends first, which is reported), or a failure.
#[inline(never)]
pub(crate) fn closing_quote(cx: &Ctx<'_>, i: &Input<'_>, open: Span) -> Result<usize, nom::Err<super::error::PError>> {
    match bytes(i) {
        [b'"', ..] => Ok(1),
        [] => {
            // nothing follows: keep the string, report the missing quote
            let at = Span::empty(pos(i));
            cx.report(
                Diagnostic::error(
                    "Unterminated template string",
                    format!(
                        "There is no closing quote for the string opened at {} before the end of the file.",
                        cx.position(open.start)
                    ),
                    at,
                )
                .with_context(open.to(at)),
            );
            Ok(0)
        }
        _ => {
            // the template stops only at a quote, a newline or the end
            let (subject, _) = found(cx.src, pos(i));
            Err(nom::Err::Failure(super::error::PError::diag(
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
            )))
        }
    }
}

/// `<<EOT` or `<<-EOT`, a newline, the content lines, and a line holding
/// only the marker (whitespace may surround it). With `<<-` the content is
/// flushed: the fewest leading spaces of any line are removed from all.
/// The end of the file right after the closing marker also ends its line.
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
    let start = pos(&i);
    let flush_mode = i.fragment().get(2) == Some(&b'-');
    let j = skip(i, if flush_mode { 3 } else { 2 });
    let marker = match identifier_token(cx, j) {
        Ok((after, marker)) if matches!(bytes(&after), [b'\n', ..] | [b'\r', b'\n', ..]) => marker,
        Ok((after, marker)) => {
            let (subject, what) = found(cx.src, pos(&after));
            return cx.fail(
                Diagnostic::error(
                    "Invalid heredoc",
                    format!(
                        "The heredoc marker `{}` must end its line: the content starts on the next line. \
                         Found {what} after it.",
                        marker.name
                    ),
                    subject,
                )
                .with_context(Span::new(start, subject.end)),
            );
        }
        Err(_) => {
            let (subject, what) = found(cx.src, pos(&j));
            return cx.fail(
                Diagnostic::error(
                    "Invalid heredoc",
                    format!(
                        "A heredoc starts with `<<` or `<<-` and an identifier naming its closing marker, but found {what}."
                    ),
                    subject,
                )
                .with_context(Span::new(start, subject.end)),
            );
        }
    };
    let opener = Span::new(start, marker.span.end);
    let after_marker = skip(j, marker.name.len());
    let content = skip(after_marker, if peek(&after_marker) == Some(b'\n') { 1 } else { 2 });
    let (i, mut template) = cx.nested(opener, cx.newlines(), || {
        let flavor = Flavor::Heredoc {
            marker: marker.name.as_bytes(),
        };
        let (i, (template, ending)) = template(cx, content, flavor, false)?;
        if let Ending::Tag { kind, span, .. } = ending {
            return cx.fail(stray_tag(kind, span));
        }
        Ok((i, template))
    })?;
    if flush_mode {
        template = flush(cx, template);
    }
    let (i, end) = match closing_marker_len(i.fragment(), marker.name.as_bytes()) {
        // the span runs to the end of the marker line's trailing whitespace
        Some(len) => (skip(i, len), pos(&i) + len as u32),
        None => {
            // the content ran to the end of the input: keep it, report
            let at = Span::empty(pos(&i));
            cx.report(
                Diagnostic::error(
                    "Unterminated template string",
                    format!(
                        "There is no line holding only `{}` to close the heredoc opened at {} before the end of the file.",
                        marker.name,
                        cx.position(start)
                    ),
                    at,
                )
                .with_context(opener.to(at)),
            );
            (i, at.end)
        }
    };
    Ok((
        trivia(cx, i),
        HeredocTemplate {
            flush: flush_mode,
            marker,
            template,
            span: Span::new(start, end),
        },
    ))
}

/// A quoted string without interpolations or directives (block labels).
///
/// ```ebnf
/// StringLit = '"' (quoted literals as defined in prose above) '"';
/// ```
/// spec: StringLit, hclsyntax#template-expressions, hclsyntax#blocks
pub(crate) fn string_lit<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, StringLit<'a>> {
    let open = span_at(&i, 1);
    let (j, literal) = template_literal(cx, skip(i, 1), Flavor::Quoted);
    if j.fragment().starts_with(b"${") || j.fragment().starts_with(b"%{") {
        return sequence_in_string_lit(cx, i);
    }
    let quote = closing_quote(cx, &j, open)?;
    let span = Span::new(open.start, pos(&j) + quote as u32);
    let value = literal.map(|l| l.value).unwrap_or_default();
    Ok((token(cx, j, quote), StringLit { value, span }))
}

/// A string literal holding template sequences: an error for each
/// sequence's opening (and each further tag of a directive), but the string
/// is read on as a template so that what follows it (a block's other labels
/// and body) is kept. Its value stands in `${ ... }` or `%{ ... }` for each
/// of those, as the reference implementation does, so the text cannot be
/// mistaken for a valid label.
fn sequence_in_string_lit<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, StringLit<'a>> {
    let open = span_at(&i, 1);
    let (j, quoted) = quoted_template(cx, i)?;
    enum Work<'t> {
        Parts(&'t [TemplatePart<'t>]),
        Tag(u32, char),
    }
    let mut value = String::new();
    // a stack, not recursion: directives may nest as deep as the parser allows
    let mut work = vec![Work::Parts(quoted.template.parts)];
    while let Some(w) = work.pop() {
        let (part, rest) = match w {
            Work::Tag(at, sigil) => {
                let seq = Span::new(at, at + 2);
                cx.report(
                    Diagnostic::error(
                        "Invalid string literal",
                        "Template sequences are not allowed in this string. To include a literal \"$\" or \"%\" \
                         before \"{\", double it (as \"$${\" or \"%%{\").",
                        seq,
                    )
                    .with_context(open.to(seq)),
                );
                value.push(sigil);
                value.push_str("{ ... }");
                continue;
            }
            Work::Parts([]) => continue,
            Work::Parts([part, rest @ ..]) => (part, rest),
        };
        work.push(Work::Parts(rest));
        match part {
            TemplatePart::Literal(l) => value.push_str(l.value),
            TemplatePart::Interpolation(x) => work.push(Work::Tag(x.span.start, '$')),
            // a template's span ends where the tag after it starts
            TemplatePart::Directive(TemplateDirective::If(d)) => {
                work.push(Work::Tag(d.else_template.unwrap_or(d.then_template).span.end, '%'));
                if let Some(e) = &d.else_template {
                    work.push(Work::Parts(e.parts));
                    work.push(Work::Tag(d.then_template.span.end, '%'));
                }
                work.push(Work::Parts(d.then_template.parts));
                work.push(Work::Tag(d.span.start, '%'));
            }
            TemplatePart::Directive(TemplateDirective::For(d)) => {
                work.push(Work::Tag(d.body.span.end, '%'));
                work.push(Work::Parts(d.body.parts));
                work.push(Work::Tag(d.span.start, '%'));
            }
        }
    }
    let value = cx.arena.alloc_str(&value);
    Ok((
        j,
        StringLit {
            value,
            span: quoted.span,
        },
    ))
}
