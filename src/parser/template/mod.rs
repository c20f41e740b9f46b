//! The template sub-language: template expressions (quoted and heredoc),
//! and templates themselves: literal text, interpolations and directives.
//! Templates come in three flavours (quoted, heredoc, standalone) that
//! differ only in how literal text is read and where the template ends.
//!
//! | module | what |
//! | --- | --- |
//! | this one | `TemplateExpr`, `Template`, interpolations, directives and their tags |
//! | `quoted` | quoted templates and string literals |
//! | `heredoc` | heredoc templates |
//! | `literal_scan` | the scanner of literal text and escape sequences (prose in the spec) |
//! | `heredoc_scan` | heredoc lines: the flush rule (prose in the spec); the closing line is `crate::lexical`'s |
//!
//! spec: hclsyntax#templates, hclsyntax#template-literals

mod heredoc;
mod heredoc_scan;
mod literal_scan;
mod quoted;

pub(crate) use quoted::{quoted_template, string_lit};

use super::combinators::{bare, dispatch, keyword, nested, spanned, trivia, unclosed_at_end, Punct};
use super::context::{bytes, pos, skip, span_at, Ctx, Newlines};
use super::error::{found_error, Expected, PError};
use super::expression::expression;
use super::for_expr::for_variables;
use super::lexical::{found, identifier_len, trivia_and_newlines};
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use heredoc::heredoc_template;
use literal_scan::template_literal;
use nom::branch::alt;
use nom::combinator::{cut, flat_map, map, opt, peek, success};
use nom::multi::fold_many0;
use nom::sequence::preceded;
use nom::{Err, Parser};

/// Where a template's text comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Flavor<'m> {
    /// Between double quotes: escapes are decoded; newlines are errors.
    Quoted,
    /// Between a heredoc's header and its closing marker line.
    Heredoc {
        /// The marker that closes the heredoc.
        marker: &'m [u8],
    },
    /// A whole input read as a template: runs to the end of the input.
    Standalone,
}

/// `${`, which opens an interpolation.
const INTERPOLATION: Punct = Punct::new("${", Expected::TEMPLATE);
/// `%{`, which opens a directive's tag.
const TAG: Punct = Punct::new("%{", Expected::TEMPLATE);
/// `%{~`: a tag that strips the whitespace before it.
const TAG_STRIP: Punct = Punct::new("%{~", Expected::TEMPLATE);
/// The strip marker after `${` or `%{`, or before `}`.
const TILDE: Punct = Punct::new("~", Expected::TEMPLATE);

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
    dispatch!(i;
        [b'"', ..] => map(|i| quoted_template(cx, i), TemplateExpr::Quoted),
        _ => map(|i| heredoc_template(cx, i), |h| TemplateExpr::Heredoc(cx.alloc(h))),
    )
}

/// A sequence of template parts, up to the end of the template (its
/// delimiter, which the flavour decides) or the next `else`, `endif` or
/// `endfor` tag, neither consumed. `strip_first` says whether the tag
/// before this template ends with `~}`; whether the one after it starts
/// with `%{~` is seen at its end. Strip markers are applied as the parts
/// go into the arena.
///
/// ```ebnf
/// Template = (TemplateLiteral | TemplateInterpolation | TemplateDirective)*
/// ```
/// spec: Template, hclsyntax#templates
#[inline]
pub(crate) fn template<'c, 'a: 'c>(
    cx: &'c Ctx<'a>,
    flavor: Flavor<'c>,
    strip_first: bool,
) -> impl Parser<Input<'a>, Output = Template<'a>, Error = PError> + 'c {
    map(
        (
            spanned(fold_many0(
                move |i| template_part(cx, flavor, i),
                || cx.parts.open(),
                |parts, part| {
                    parts.push(part);
                    parts
                },
            )),
            // the `else`, `endif` or `endfor` tag that ends it strips the
            // text before it when it starts with `%{~`
            map(peek(opt(bare(TAG_STRIP))), |tag| tag.is_some()),
        ),
        move |((span, parts), strip_last)| Template {
            parts: parts.finish_with(cx.arena, |parts| apply_strip(parts, strip_first, strip_last)),
            span,
        },
    )
}

/// One part of a template: an interpolation, a directive or literal text.
/// Fails without consuming at the end of the template: at its delimiter,
/// or at an `else`, `endif` or `endfor` tag.
fn template_part<'a>(cx: &Ctx<'a>, flavor: Flavor<'_>, i: Input<'a>) -> PResult<'a, TemplatePart<'a>> {
    dispatch!(i;
        [b'$', b'{', ..] => map(|i| template_interpolation(cx, i), |x| TemplatePart::Interpolation(cx.arena.alloc(x))),
        [b'%', b'{', ..] => map(|i| template_directive(cx, flavor, i), TemplatePart::Directive),
        _ => map(|i| literal(cx, flavor, i), TemplatePart::Literal),
    )
}

/// Literal text, read by the scanner (see `literal_scan`); fails without
/// consuming where there is none.
fn literal<'a>(cx: &Ctx<'a>, flavor: Flavor<'_>, i: Input<'a>) -> PResult<'a, TemplateLiteral<'a>> {
    match template_literal(cx, i, flavor) {
        (rest, Some(text)) => Ok((rest, text)),
        (_, None) => Err(Err::Error(PError::expected(pos(&i), Expected::TEMPLATE))),
    }
}

/// Applies strip markers to the literals of `parts`: a literal loses its
/// leading whitespace when the sequence before it ends with `~}`, and its
/// trailing whitespace when the sequence after it starts with `${~` or
/// `%{~`. Whitespace is Unicode's; values of interpolations are untouched.
///
/// spec: hclsyntax#template-literals
fn apply_strip(parts: &mut [TemplatePart<'_>], strip_first: bool, strip_last: bool) {
    let n = parts.len();
    for k in 0..n {
        let after_prev = if k == 0 {
            strip_first
        } else {
            strips_after(&parts[k - 1])
        };
        let before_next = if k + 1 == n {
            strip_last
        } else {
            strips_before(&parts[k + 1])
        };
        if let TemplatePart::Literal(l) = &mut parts[k] {
            if after_prev {
                l.value = l.value.trim_start();
            }
            if before_next {
                l.value = l.value.trim_end();
            }
        }
    }
}

fn strips_before(p: &TemplatePart<'_>) -> bool {
    match p {
        TemplatePart::Literal(_) => false,
        TemplatePart::Interpolation(x) => x.strip.before,
        TemplatePart::Directive(TemplateDirective::If(d)) => d.strip[0].before,
        TemplatePart::Directive(TemplateDirective::For(d)) => d.strip[0].before,
    }
}

fn strips_after(p: &TemplatePart<'_>) -> bool {
    match p {
        TemplatePart::Literal(_) => false,
        TemplatePart::Interpolation(x) => x.strip.after,
        TemplatePart::Directive(TemplateDirective::If(d)) => d.strip[2].after,
        TemplatePart::Directive(TemplateDirective::For(d)) => d.strip[1].after,
    }
}

/// `${ expression }`, with optional strip markers. Newlines inside are
/// whitespace.
///
/// ```ebnf
/// TemplateInterpolation = ("${" | "${~") Expression ("}" | "~}");
/// ```
/// spec: TemplateInterpolation, hclsyntax#template-interpolations
#[inline(never)]
pub(crate) fn template_interpolation<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, TemplateInterpolation<'a>> {
    nested(cx, Newlines::Ignored, bare(INTERPOLATION), |open, i| {
        let read = map(
            (
                opt(bare(TILDE)),
                preceded(trivia(cx), cut(|i| expression(cx, i))),
                sequence_end(cx, open, "interpolation"),
            ),
            |(before, expr, (after, close))| TemplateInterpolation {
                expr,
                strip: Strip {
                    before: before.is_some(),
                    after,
                },
                span: open.to(close),
            },
        )
        .parse(i);
        unclosed_at_end(cx, read, |eof| unclosed_sequence(cx, open, "interpolation", eof))
    })
    .parse(i)
}

/// The `}` or `~}` that ends a template sequence opened at `open`, with
/// whether it strips and its span (no trivia after it: literal text
/// follows). At the end of the input the sequence is kept and the missing
/// brace reported.
fn sequence_end<'c, 'a>(
    cx: &'c Ctx<'a>,
    open: Span,
    what: &'static str,
) -> impl FnMut(Input<'a>) -> PResult<'a, (bool, Span)> + 'c {
    move |i: Input<'a>| match bytes(&i) {
        [b'}', ..] => Ok((skip(i, 1), (false, span_at(&i, 1)))),
        [b'~', b'}', ..] => Ok((skip(i, 2), (true, span_at(&i, 2)))),
        _ => no_sequence_end(cx, open, what, i),
    }
}

/// [`sequence_end`]'s errors: the input ends (reported, the sequence
/// kept), or something else stands where the closing brace should.
#[cold]
fn no_sequence_end<'a>(cx: &Ctx<'a>, open: Span, what: &'static str, i: Input<'a>) -> PResult<'a, (bool, Span)> {
    if bytes(&i).is_empty() {
        // nothing follows: keep the sequence, report the missing brace
        cx.report(unclosed_sequence(cx, open, what, pos(&i)));
        return Ok((i, (false, Span::empty(pos(&i)))));
    }
    let (subject, what_found) = found(cx.src, pos(&i));
    // the reference's summaries: an interpolation's expression, a
    // directive's marker
    let summary = match what {
        "interpolation" => "Extra characters after interpolation expression".to_string(),
        _ => format!("Extra characters in {what} marker"),
    };
    cx.fail(
        Diagnostic::error(
            summary,
            format!(
                "Expected `}}` to close the {what} sequence opened at {}, but found {what_found}.",
                cx.position(open.start)
            ),
            subject,
        )
        .with_context(open.to(subject)),
    )
}

/// The error of a template sequence opened at `open` that the input ends
/// in, at `eof`.
#[cold]
fn unclosed_sequence(cx: &Ctx<'_>, open: Span, what: &str, eof: u32) -> Diagnostic {
    Diagnostic::error(
        format!("Unclosed template {what} sequence"),
        format!(
            "There is no closing brace for the {what} sequence opened at {} before the end of the file.",
            cx.position(open.start)
        ),
        open,
    )
    .with_context(open.to(Span::empty(eof)))
}

/// The keyword of the directive tag at `i` (which starts with `%{`).
fn tag_keyword<'a>(cx: &Ctx<'a>, i: &Input<'a>) -> Option<&'a str> {
    let j = skip(*i, 2);
    let j = if bytes(&j).first() == Some(&b'~') {
        skip(j, 1)
    } else {
        j
    };
    let j = trivia_and_newlines(cx, j);
    let n = identifier_len(bytes(&j));
    (n > 0).then(|| cx.str(pos(&j) as usize, pos(&j) as usize + n))
}

/// The `%{` of a tag whose keyword is `kw`, not consumed: what a
/// directive's nesting level opens with.
fn tag_opener<'c, 'a>(cx: &'c Ctx<'a>, kw: &'static str) -> impl FnMut(Input<'a>) -> PResult<'a, Span> + 'c {
    move |i: Input<'a>| {
        if TAG.at(bytes(&i)) && tag_keyword(cx, &i) == Some(kw) {
            Ok((i, span_at(&i, 2)))
        } else {
            Err(Err::Error(PError::expected(pos(&i), Expected::TEMPLATE)))
        }
    }
}

/// A directive's tag, `%{` or `%{~`, the keyword `kw`, what `inside`
/// reads, then `}` or `~}`; newlines are whitespace in it. Gives its strip
/// markers, what `inside` read and its span. Fails without consuming when
/// the keyword is another.
fn tag<'c, 'a: 'c, O>(
    cx: &'c Ctx<'a>,
    kw: &'static str,
    mut inside: impl FnMut(Span, Input<'a>) -> PResult<'a, O> + 'c,
) -> impl FnMut(Input<'a>) -> PResult<'a, (Strip, O, Span)> + 'c {
    move |i: Input<'a>| {
        let open = span_at(&i, 2);
        let _mode = cx.mode(Newlines::Ignored);
        let inside = &mut inside;
        let read = map(
            (
                bare(TAG),
                opt(bare(TILDE)),
                trivia(cx),
                keyword(cx, kw),
                move |i| inside(open, i),
                sequence_end(cx, open, kw),
            ),
            move |(_, before, (), _, out, (after, close))| {
                (
                    Strip {
                        before: before.is_some(),
                        after,
                    },
                    out,
                    open.to(close),
                )
            },
        )
        .parse(i);
        unclosed_at_end(cx, read, |eof| unclosed_sequence(cx, open, kw, eof))
    }
}

/// A tag with nothing after its keyword (`else`, `endif`, `endfor`).
fn end_tag<'c, 'a: 'c>(
    cx: &'c Ctx<'a>,
    kw: &'static str,
) -> impl FnMut(Input<'a>) -> PResult<'a, (Strip, (), Span)> + 'c {
    tag(cx, kw, |_, i| success(()).parse(i))
}

/// A tag and the template it opens (whose first literal loses its leading
/// whitespace when the tag ends with `~}`).
fn opening<'c, 'a: 'c, O: Copy + 'c>(
    cx: &'c Ctx<'a>,
    flavor: Flavor<'c>,
    tag: impl Parser<Input<'a>, Output = (Strip, O, Span), Error = PError> + 'c,
) -> impl Parser<Input<'a>, Output = ((Strip, O, Span), Template<'a>), Error = PError> + 'c {
    flat_map(tag, move |tag| {
        map(template(cx, flavor, tag.0.after), move |t| (tag, t))
    })
}

/// An `if` or `for` directive, with its nested templates. Fails without
/// consuming at any other tag.
///
/// ```ebnf
/// TemplateDirective = TemplateIf | TemplateFor;
/// ```
/// spec: TemplateDirective, hclsyntax#templates
#[inline(never)]
pub(crate) fn template_directive<'a>(
    cx: &Ctx<'a>,
    flavor: Flavor<'_>,
    i: Input<'a>,
) -> PResult<'a, TemplateDirective<'a>> {
    alt((
        map(|i| template_if(cx, flavor, i), |d| TemplateDirective::If(cx.alloc(d))),
        map(|i| template_for(cx, flavor, i), |d| TemplateDirective::For(cx.alloc(d))),
        |i| not_a_directive(cx, i),
    ))
    .parse(i)
}

/// At a tag that is not a directive: an `else`, `endif` or `endfor` tag
/// ends the template (an error, not consumed), any other keyword is a
/// failure.
fn not_a_directive<'a, O>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, O> {
    match tag_keyword(cx, &i) {
        Some("else" | "endif" | "endfor") => Err(Err::Error(PError::expected(pos(&i), Expected::TEMPLATE))),
        _ => cx.fail(invalid_keyword(cx, i)),
    }
}

#[inline(never)]
#[cold]
fn invalid_keyword<'a>(cx: &Ctx<'a>, i: Input<'a>) -> Diagnostic {
    let open = span_at(&i, 2);
    let j = skip(i, 2);
    let j = if bytes(&j).first() == Some(&b'~') {
        skip(j, 1)
    } else {
        j
    };
    let at = trivia_and_newlines(cx, j);
    // the reference's summaries: a name that is no keyword, or no name
    // (`identifier_len`, the same answer as `at_identifier`: a call of that
    // one here took the parser from 464 to 500 million instructions in
    // Cargo's default profile, by how the crate is split into units; see
    // docs/measurements/issue-37.md)
    let summary = if identifier_len(bytes(&at)) > 0 {
        "Invalid template control keyword"
    } else {
        "Invalid template directive"
    };
    found_error(cx, summary, pos(&at), Some(open), |what| {
        format!("A template directive starts with `if`, `for`, `else`, `endif` or `endfor`, but found {what}.")
    })
}

/// `%{ if cond }...%{ else }...%{ endif }`; the `else` part is optional.
///
/// ```ebnf
/// TemplateIf = (
///     ("%{" | "%{~") "if" Expression ("}" | "~}")
///     Template
///     (("%{" | "%{~") "else" ("}" | "~}") Template)?
///     ("%{" | "%{~") "endif" ("}" | "~}")
/// );
/// ```
/// spec: TemplateIf, hclsyntax#template-if-directive
pub(crate) fn template_if<'a>(cx: &Ctx<'a>, flavor: Flavor<'_>, i: Input<'a>) -> PResult<'a, TemplateIf<'a>> {
    nested(cx, cx.newlines(), tag_opener(cx, "if"), |open, i| {
        let read = map(
            (
                opening(cx, flavor, tag(cx, "if", |_, i| cut(|i| expression(cx, i)).parse(i))),
                opt(opening(cx, flavor, end_tag(cx, "else"))),
                closing(cx, open, "if", "endif"),
            ),
            |(((if_strip, condition, if_tag), then_template), else_part, (endif_strip, (), endif))| {
                let (else_strip, else_template) = match else_part {
                    Some(((strip, (), _), t)) => (strip, Some(t)),
                    None => (Strip::default(), None),
                };
                let _ = if_tag;
                TemplateIf {
                    condition,
                    then_template,
                    else_template,
                    strip: [if_strip, else_strip, endif_strip],
                    span: open.to(endif),
                }
            },
        )
        .parse(i);
        unclosed_at_end(cx, read, |eof| unterminated_directive(cx, open, "if", "endif", eof))
    })
    .parse(i)
}

/// `%{ for k, v in coll }...%{ endfor }`. The key variable is optional,
/// as for `for` expressions.
///
/// ```ebnf
/// TemplateFor = (
///     ("%{" | "%{~") "for" Identifier ("," Identifier) "in" Expression ("}" | "~}")
///     Template
///     ("%{" | "%{~") "endfor" ("}" | "~}")
/// );
/// ```
/// spec: TemplateFor, hclsyntax#template-for-directive
pub(crate) fn template_for<'a>(cx: &Ctx<'a>, flavor: Flavor<'_>, i: Input<'a>) -> PResult<'a, TemplateFor<'a>> {
    nested(cx, cx.newlines(), tag_opener(cx, "for"), |open, i| {
        let intro = |_, i| {
            (
                for_variables(cx, move |at, need| directive_error(cx, at, open, need)),
                cut(|i| expression(cx, i)),
            )
                .parse(i)
        };
        let read = map(
            (
                opening(cx, flavor, tag(cx, "for", intro)),
                closing(cx, open, "for", "endfor"),
            ),
            |(((for_strip, ((key_var, value_var), collection), _), body), (endfor_strip, (), endfor))| TemplateFor {
                key_var,
                value_var,
                collection,
                body,
                strip: [for_strip, endfor_strip],
                span: open.to(endfor),
            },
        )
        .parse(i);
        unclosed_at_end(cx, read, |eof| unterminated_directive(cx, open, "for", "endfor", eof))
    })
    .parse(i)
}

#[cold]
fn directive_error(cx: &Ctx<'_>, at: u32, open: Span, need: &str) -> Diagnostic {
    found_error(cx, "Invalid 'for' directive", at, Some(open), |what| {
        format!(
            "The directive at {} needs {need}, but found {what}.",
            cx.position(open.start)
        )
    })
}

/// The tag `kw` that closes the `directive` opened at `open`, committed:
/// where the template ended at another `else`, `endif` or `endfor` tag,
/// that tag is read and reported as unbalanced; where it ended at its end,
/// the directive is unterminated.
fn closing<'c, 'a: 'c>(
    cx: &'c Ctx<'a>,
    open: Span,
    directive: &'static str,
    kw: &'static str,
) -> impl FnMut(Input<'a>) -> PResult<'a, (Strip, (), Span)> + 'c {
    let mut wanted = end_tag(cx, kw);
    move |i: Input<'a>| match wanted.parse(i) {
        Err(Err::Error(_)) => {
            let found_tag = match TAG.at(bytes(&i)).then(|| tag_keyword(cx, &i)).flatten() {
                Some(other @ ("else" | "endif" | "endfor")) => {
                    let (_, (_, (), span)) = any_end_tag(cx, other).parse(i)?;
                    Some((other, span))
                }
                _ => None,
            };
            cx.fail(unbalanced(cx, &i, open, directive, kw, found_tag))
        }
        other => other,
    }
}

/// The `else`, `endif` or `endfor` tag `kw`.
fn any_end_tag<'c, 'a: 'c>(
    cx: &'c Ctx<'a>,
    kw: &str,
) -> impl FnMut(Input<'a>) -> PResult<'a, (Strip, (), Span)> + 'c + use<'a, 'c> {
    let kw = match kw {
        "else" => "else",
        "endif" => "endif",
        _ => "endfor",
    };
    end_tag(cx, kw)
}

/// The error for a directive that ended wrongly: at the end of the
/// template, or at the tag `found` of another directive.
fn unbalanced(
    cx: &Ctx<'_>,
    i: &Input<'_>,
    opener: Span,
    directive: &str,
    closer: &str,
    found: Option<(&str, Span)>,
) -> Diagnostic {
    match found {
        Some((kw, span)) => Diagnostic::error(
            format!("Unexpected {kw} directive"),
            format!(
                "Expected `%{{ {closer} }}` to close the `{directive}` directive at {}, but found `{kw}`; \
                 the directives of this template are unbalanced.",
                cx.position(opener.start)
            ),
            span,
        )
        .with_context(opener.to(span)),
        None => unterminated_directive(cx, opener, directive, closer, pos(i)),
    }
}

/// The error of a directive opened at `opener` that the template ends in,
/// at `end` (the reference's summary; the detail names the closer).
#[cold]
fn unterminated_directive(cx: &Ctx<'_>, opener: Span, directive: &str, closer: &str, end: u32) -> Diagnostic {
    let end = Span::empty(end);
    Diagnostic::error(
        "Unexpected end of template",
        format!(
            "There is no `%{{ {closer} }}` to close the `{directive}` directive at {} before the end of the template.",
            cx.position(opener.start)
        ),
        end,
    )
    .with_context(opener.to(end))
}

/// An `else`, `endif` or `endfor` tag where no directive is open: read (so
/// that its own problems are reported), then a failure, or with `report`
/// reported and skipped (a standalone template reads on after it).
pub(crate) fn stray_tag<'c, 'a: 'c>(cx: &'c Ctx<'a>, report: bool) -> impl FnMut(Input<'a>) -> PResult<'a, ()> + 'c {
    move |i: Input<'a>| {
        let kw = match TAG.at(bytes(&i)).then(|| tag_keyword(cx, &i)).flatten() {
            Some(kw @ ("else" | "endif" | "endfor")) => kw,
            _ => return Err(Err::Error(PError::expected(pos(&i), Expected::TEMPLATE))),
        };
        let (rest, (_, (), span)) = any_end_tag(cx, kw).parse(i)?;
        let d = Diagnostic::error(
            format!("Unexpected {kw} directive"),
            format!(
                "There is no open directive for this `{kw}` to close; the directives of this template are unbalanced."
            ),
            span,
        );
        if report {
            cx.report(d);
            Ok((rest, ()))
        } else {
            cx.fail(d)
        }
    }
}
