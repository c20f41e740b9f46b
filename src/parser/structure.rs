//! The structural sub-language: bodies, attributes and blocks, with error
//! recovery so that one pass reports every independent error and keeps
//! every valid item.
//!
//! spec: hclsyntax#structural-elements

use super::combinators::{
    arena_many0, bare, commit, dispatch, ident, ident_tok, nested, recover, tok, trivia, unclosed_at_end, Punct,
    EQUALS, OPEN_BRACE,
};
use super::context::{bytes, pos, skip, span_at, Ctx, Newlines};
use super::error::{found_error, report_error, Expected, PError};
use super::expression::expression;
use super::lexical::{
    at_identifier, at_newline, character_summary, found, identifier_len, misused_character_hint, trivia_and_newlines,
    trivia_len, unused_character_len,
};
use super::names::Names;
use super::recovery_scan::{resync, without_line_end};
use super::template::{quoted_template, string_lit};
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use nom::branch::alt;
use nom::combinator::{cut, flat_map, map, peek};
use nom::multi::fold_many0;
use nom::sequence::{preceded, terminated};
use nom::{Err, Parser};

/// `}`, which closes a block.
const CLOSE_BRACE: Punct = Punct::new("}", Expected::NONE);

/// The `=` of a one-line block's attribute, which (as the reference reads
/// it) may also be the start of `=>`.
const ONE_LINE_EQUALS: Punct = Punct {
    not_before: b"=",
    ..EQUALS
};

/// A whole file: a body running to the end of the input. Never fails:
/// problems become diagnostics.
///
/// ```ebnf
/// ConfigFile = Body;
/// ```
/// spec: ConfigFile, hclsyntax#configuration-files
pub(crate) fn config_file<'a>(cx: &Ctx<'a>, i: Input<'a>) -> ConfigFile<'a> {
    let span = Span::new(pos(&i), cx.src.len() as u32);
    match body(cx, None, None).parse(i) {
        Ok((_, body)) => ConfigFile { body, span },
        // a body recovers from every error in it
        Err(e) => {
            report_error(cx, e);
            ConfigFile {
                body: Body::default(),
                span,
            }
        }
    }
}

/// Attributes and blocks, up to the end of input or (inside the block
/// whose brace is `open_brace`) the closing brace, which is not consumed.
/// Blank lines and comments between items mean nothing. A broken item is
/// reported and skipped up to the point where the next one can start
/// ([`recover`]). `first` is an item already read (by a one-line block
/// that turned out to continue over lines). Each attribute name may be set
/// once ([`Names`]).
///
/// ```ebnf
/// Body = (Attribute | Block | OneLineBlock)*;
/// ```
/// spec: Body, hclsyntax#bodies
#[inline]
pub(crate) fn body<'c, 'a: 'c>(
    cx: &'c Ctx<'a>,
    open_brace: Option<Span>,
    first: Option<BodyItem<'a>>,
) -> impl FnMut(Input<'a>) -> PResult<'a, Body<'a>> + 'c {
    move |i: Input<'a>| {
        let start = open_brace.map_or(pos(&i), |b| b.start);
        let mut names = Names::new(cx);
        if let Some(BodyItem::Attribute(a)) = &first {
            names.check(cx, a);
        }
        let (i, items) = preceded(
            blank_lines(cx),
            fold_many0(
                terminated(
                    |i| {
                        let (i, item) = body_element(cx, open_brace.is_some(), i)?;
                        if let Some(BodyItem::Attribute(a)) = &item {
                            names.check(cx, a);
                        }
                        Ok((i, item))
                    },
                    blank_lines(cx),
                ),
                || {
                    let items = cx.items.open();
                    items.extend(first);
                    items
                },
                |items, item| {
                    items.extend(item);
                    items
                },
            ),
        )
        .parse(i)?;
        let items = items.finish(cx.arena);
        names.finish(cx);
        let end = open_brace.map_or(pos(&i), |_| pos(&i) + u32::from(bytes(&i).first() == Some(&b'}')));
        Ok((
            i,
            Body {
                items,
                span: Span::new(start, end),
            },
        ))
    }
}

/// Blank lines and comments between the items of a body.
fn blank_lines<'c, 'a>(cx: &'c Ctx<'a>) -> impl FnMut(Input<'a>) -> PResult<'a, ()> + 'c {
    move |i| Ok((trivia_and_newlines(cx, i), ()))
}

/// The next element of a body: an item, or `None` for one skipped as
/// broken or a stray closing brace. Fails without consuming at the end of
/// the body.
fn body_element<'a>(cx: &Ctx<'a>, in_block: bool, i: Input<'a>) -> PResult<'a, Option<BodyItem<'a>>> {
    dispatch!(i;
        [] => |i: Input<'a>| Err(Err::Error(PError::expected(pos(&i), Expected::NONE))),
        [b'}', ..] if in_block => |i: Input<'a>| Err(Err::Error(PError::expected(pos(&i), Expected::NONE))),
        [b'}', ..] => |i| stray_brace(cx, i),
        _ => map(recover(cx, |i| body_item(cx, i), resync), Result::ok),
    )
}

/// A closing brace with no block to close: reported and skipped.
#[cold]
fn stray_brace<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Option<BodyItem<'a>>> {
    cx.report(Diagnostic::error(
        "Argument or block definition required",
        "This closing brace has no block to close: an argument or block definition is required here.",
        span_at(&i, 1),
    ));
    Ok((skip(i, 1), None))
}

/// One attribute or block. Both start with a name; what follows it
/// decides, and where neither fits, the message says what would have.
fn body_item<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, BodyItem<'a>> {
    dispatch!(i;
        [b'"', ..] => |i| cx.fail(quoted_name(cx, i)),
        _ if at_identifier(&i) => commit(
            alt((|i| attribute(cx, i), |i| block(cx, i))),
            |e| item_error(cx, &i, e),
        ),
        _ => |i: Input<'a>| {
            cx.fail(found_error(cx, "Argument or block definition required", pos(&i), None, |what| {
                format!("An argument or block definition is required here, but found {what}.")
            }))
        },
    )
}

/// The error of an item that is neither an attribute nor a block: the
/// name at `i` followed by something that starts neither (then `e` is
/// there, right after the name and its trivia), or a block definition
/// broken after its labels.
#[cold]
fn item_error(cx: &Ctx<'_>, i: &Input<'_>, e: &PError) -> Diagnostic {
    let start = pos(i);
    let name = cx.ident(start, identifier_len(bytes(i)));
    let after_name = name.span.end + trivia_len(cx, &cx.src[name.span.end as usize..], name.span.end) as u32;
    if e.at > after_name {
        return found_error(cx, "Invalid block definition", e.at, Some(name.span), |what| {
            format!(
                "Either a quoted string block label or an opening brace (\"{{\") is expected here, but found {what}."
            )
        });
    }
    match &cx.src[after_name as usize..] {
        // `==` and `=>` are tokens of their own, not an equals sign
        [b'=', ..] => definition_required(name),
        rest if unused_character_len(rest).is_some() || !misused_character_hint(rest).is_empty() => {
            character_after(cx, name, after_name, true)
        }
        _ => definition_required(name),
    }
}

/// A character right after a name that broke the item, reported at that
/// character rather than at the name as a missing equals sign: either one
/// that no token starts with (a NUL, another control character, a lone CR,
/// a non-breaking space, ...), named by code point, or a printable one the
/// language does not use (or uses only doubled), with advice. `blocks` says
/// whether a block could start here (not inside a one-line block).
///
/// spec: hclsyntax#lexical-elements, hclsyntax#operators-and-delimiters
#[cold]
fn character_after(cx: &Ctx<'_>, name: Identifier<'_>, at: u32, blocks: bool) -> Diagnostic {
    let rest = &cx.src[at as usize..];
    let (token, what) = found(cx.src, at);
    let summary = character_summary(rest).unwrap_or("Invalid character");
    let (subject, note) = match unused_character_len(rest) {
        Some(len) => (
            Span::new(at, at + len as u32),
            ", and this character is not used within the language.".to_string(),
        ),
        None => (token, format!(".{}", misused_character_hint(rest))),
    };
    let n = name.name;
    let block = if blocks {
        "; to define a block, follow the block type and labels with \"{\"."
    } else {
        "."
    };
    let detail = format!(
        "Found {what} after \"{n}\"{note} To set an argument, use the equals sign \"=\" after \"{n}\" to \
         introduce its value{block}"
    );
    Diagnostic::error(summary, detail, subject).with_context(name.span.to(subject))
}

#[cold]
fn definition_required(name: Identifier<'_>) -> Diagnostic {
    Diagnostic::error(
        "Argument or block definition required",
        format!(
            "An argument or block definition is required here. To set an argument, use the equals sign \"=\" \
             after \"{}\" to introduce its value; to define a block, follow the block type and labels with \"{{\".",
            name.name
        ),
        name.span,
    )
}

/// `"name" = ...`: names are identifiers, never quoted.
#[cold]
fn quoted_name<'a>(cx: &Ctx<'a>, i: Input<'a>) -> Diagnostic {
    let quote = span_at(&i, 1);
    if let Ok((j, _)) = quoted_template(cx, i)
        && bytes(&j).first() == Some(&b'=')
    {
        return Diagnostic::error(
            "Invalid argument name",
            "Argument names must not be quoted: write the name as a bare identifier.",
            quote,
        );
    }
    Diagnostic::error(
        "Argument or block definition required",
        "An argument or block definition is required here; it starts with a bare identifier, not a quoted string.",
        quote,
    )
}

/// `name = expression`, ended by a newline (or the end of the file). An
/// error in the expression is reported and the attribute kept, with an
/// [`Expression::Invalid`] value, parsing going on after the broken
/// expression's line.
///
/// ```ebnf
/// Attribute = Identifier "=" Expression Newline;
/// ```
/// spec: Attribute, hclsyntax#attribute-definitions, hclsyntax#bodies
#[inline]
pub(crate) fn attribute<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, BodyItem<'a>> {
    flat_map(ident_tok(cx, EQUALS), |(name, _equals)| {
        map(
            recover(
                cx,
                terminated(|i| expression(cx, i), newline(cx, name.span, "argument")),
                // from the start of the item: brackets opened before the
                // error count
                move |src, from| resync(src, name.span.start as usize).max(from),
            ),
            move |value| {
                let expr = value.unwrap_or_else(|skipped| Expression::Invalid(without_line_end(cx.src, skipped)));
                BodyItem::Attribute(cx.alloc(Attribute { name, expr }))
            },
        )
    })
    .parse(i)
}

/// The newline that ends an item (or the end of the file), not consumed
/// (it goes with the blank lines before the next item). Anything else is
/// reported (in the context of the item, which starts at `item`), and
/// skipped up to where the next item can start, keeping the item.
fn newline<'c, 'a>(cx: &'c Ctx<'a>, item: Span, what: &'static str) -> impl FnMut(Input<'a>) -> PResult<'a, ()> + 'c {
    move |i: Input<'a>| {
        if bytes(&i).is_empty() || at_newline(&i) {
            return Ok((i, ()));
        }
        if bytes(&i).first() == Some(&b'}') && cx.is_one_line_fallback() {
            // the closing brace of a one-line block already reported
            // (`more_than_one_line`), as the reference reports it once
            return Ok((i, ()));
        }
        Ok((no_newline(cx, item, what, i), ()))
    }
}

/// [`newline`]'s error: what is there instead is reported, and skipped
/// unless it is a closing brace; the input after it.
#[cold]
fn no_newline<'a>(cx: &Ctx<'a>, item: Span, what: &'static str, i: Input<'a>) -> Input<'a> {
    let (subject, found_what) = found(cx.src, pos(&i));
    let (summary, hint) = match (what, bytes(&i)) {
        // the reference's own case: arguments separated by commas
        ("argument", [b',', ..]) => (
            "Unexpected comma after argument",
            " Argument definitions are separated by newlines, not commas.",
        ),
        ("argument", b) => ("Missing newline after argument", misused_character_hint(b)),
        (_, b) => ("Missing newline after block definition", misused_character_hint(b)),
    };
    cx.report(
        Diagnostic::error(
            summary,
            format!(
                "{} {what} definition must end with a newline, but found {found_what}.{hint}",
                if what == "argument" { "An" } else { "A" },
            ),
            subject,
        )
        .with_context(item.to(subject)),
    );
    if bytes(&i).first() == Some(&b'}') {
        // it closes the enclosing block: leave it to the body
        return i;
    }
    let from = pos(&i) as usize;
    skip(i, resync(cx.src, from) - from)
}

/// A block: type, labels, and a body in braces. After `{` a newline makes
/// it a multi-line block; anything else, a one-line block. Without the
/// brace after the labels it fails without consuming.
///
/// ```ebnf
/// Block = Identifier (StringLit|Identifier)* "{" Newline Body "}" Newline;
/// ```
/// spec: Block, hclsyntax#blocks
#[inline]
pub(crate) fn block<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, BodyItem<'a>> {
    flat_map(
        (
            ident(cx),
            arena_many0(cx, &cx.labels, |i| {
                dispatch!(i;
                    [b'"', ..] => map(|i| string_lit(cx, i), BlockLabel::StringLit),
                    _ => map(ident(cx), BlockLabel::Identifier),
                )
            }),
        ),
        |(block_type, labels)| {
            map(
                (
                    nested(cx, Newlines::Significant, bare(OPEN_BRACE), move |open_brace, i| {
                        let read = (
                            preceded(trivia(cx), |i| {
                                // a newline (or the end) after `{` makes a
                                // multi-line block
                                dispatch!(i;
                                    b if b.is_empty() || at_newline(&i) => {
                                        map(body(cx, Some(open_brace), None), |b| (false, b))
                                    },
                                    _ => map(|i| one_line_block(cx, open_brace, i), |b| (true, b)),
                                )
                            }),
                            closing_brace(cx, block_type, open_brace),
                        )
                            .parse(i)
                            .map(|(i, ((one_line, body), close_brace))| (i, (open_brace, one_line, body, close_brace)));
                        unclosed_at_end(cx, read, |eof| unclosed_block(cx, block_type, open_brace, eof))
                    }),
                    preceded(trivia(cx), newline(cx, block_type.span, "block")),
                ),
                move |((open_brace, one_line, body, close_brace), ())| {
                    // the brace is where the body starts (`Block::open_brace`)
                    debug_assert_eq!(
                        (body.span.start, open_brace.end),
                        (open_brace.start, open_brace.start + 1)
                    );
                    let block = cx.alloc(Block {
                        block_type,
                        labels,
                        body,
                        close_brace,
                    });
                    if one_line {
                        BodyItem::OneLineBlock(block)
                    } else {
                        BodyItem::Block(block)
                    }
                },
            )
        },
    )
    .parse(i)
}

/// The `}` that closes the block opened at `open_brace` (no trivia after
/// it); where the file ends first, the block is kept and the missing brace
/// reported, with an empty span.
fn closing_brace<'c, 'a>(
    cx: &'c Ctx<'a>,
    block_type: Identifier<'a>,
    open_brace: Span,
) -> impl FnMut(Input<'a>) -> PResult<'a, Span> + 'c {
    move |i: Input<'a>| match bare(CLOSE_BRACE).parse(i) {
        Ok(ok) => Ok(ok),
        Err(_) => {
            cx.report(unclosed_block(cx, block_type, open_brace, pos(&i)));
            Ok((i, Span::empty(pos(&i))))
        }
    }
}

/// The error of a block opened at `open_brace` that the input ends in, at
/// `eof`.
#[cold]
fn unclosed_block(cx: &Ctx<'_>, block_type: Identifier<'_>, open_brace: Span, eof: u32) -> Diagnostic {
    Diagnostic::error(
        "Unclosed configuration block",
        format!(
            "There is no closing brace for the block opened at {} before the end of the file. \
             This may be caused by incorrect brace nesting elsewhere in this file.",
            cx.position(open_brace.start)
        ),
        open_brace,
    )
    .with_context(block_type.span.to(Span::empty(eof)))
}

/// The inside of a one-line block: nothing, or one attribute, before the
/// `}` on the same line; `i` is after `{` and its trivia, and the `}` is
/// not consumed. When the line ends before the `}` the problem is reported
/// and the rest is read as a multi-line body, keeping the attribute.
///
/// ```ebnf
/// OneLineBlock = Identifier (StringLit|Identifier)* "{" (Identifier "=" Expression)? "}" Newline;
/// ```
/// spec: OneLineBlock, hclsyntax#blocks
pub(crate) fn one_line_block<'a>(cx: &Ctx<'a>, open_brace: Span, i: Input<'a>) -> PResult<'a, Body<'a>> {
    dispatch!(i;
        [b'}', ..] => map(peek(bare(CLOSE_BRACE)), move |close| Body {
            items: &[],
            span: open_brace.to(close),
        }),
        _ =>
        flat_map(
            flat_map(commit(ident(cx), |e| argument_required(cx, e)), |name| {
                map(
                    (
                        commit(tok(cx, ONE_LINE_EQUALS), move |e| one_line_equals_missing(cx, name, e)),
                        cut(|i| expression(cx, i)),
                    ),
                    move |(_equals, expr)| BodyItem::Attribute(cx.alloc(Attribute { name, expr })),
                )
            }),
            move |attr| {
                alt((
                    map(peek(bare(CLOSE_BRACE)), move |close| Body {
                        items: cx.arena.alloc_slice(&[attr]),
                        span: open_brace.to(close),
                    }),
                    move |i| more_than_one_line(cx, open_brace, attr, i),
                ))
            },
        ),
    )
}

/// A one-line block whose attribute is not followed by `}`: reported, and
/// read on as a multi-line body that keeps the attribute.
fn more_than_one_line<'a>(cx: &Ctx<'a>, open_brace: Span, attr: BodyItem<'a>, i: Input<'a>) -> PResult<'a, Body<'a>> {
    let (subject, what) = found(cx.src, pos(&i));
    let detail = if at_newline(&i) {
        "An argument definition on the same line as its block's opening brace makes a single-line block, \
         which must be closed on the same line: put the closing brace right after the argument."
            .to_string()
    } else {
        format!("A single-line block can hold only one argument definition, but found {what} after it. Use a multi-line block for more.")
    };
    cx.report(
        Diagnostic::error("Invalid single-argument block definition", detail, subject)
            .with_context(attr.span().to(subject)),
    );
    let from = pos(&i) as usize;
    let resume = if at_newline(&i) { from } else { resync(cx.src, from) };
    cx.in_one_line_fallback(|| body(cx, Some(open_brace), Some(attr)).parse(skip(i, resume - from)))
}

#[cold]
fn argument_required(cx: &Ctx<'_>, e: &PError) -> Diagnostic {
    found_error(cx, "Argument definition required", e.at, None, |what| {
        format!("A single-line block definition can contain only a single argument, but found {what}.")
    })
}

/// The one-line block's name is not followed by `=`.
#[cold]
fn one_line_equals_missing(cx: &Ctx<'_>, name: Identifier<'_>, e: &PError) -> Diagnostic {
    if unused_character_len(&cx.src[e.at as usize..]).is_some() {
        return character_after(cx, name, e.at, false);
    }
    let subject = name.span.to(Span::new(e.at, (e.at + 1).min(cx.src.len() as u32)));
    Diagnostic::error(
        "Argument definition required",
        format!(
            "A single-line block definition can contain only a single argument. If you meant to define \
             argument \"{}\", use an equals sign to assign it a value. To define a nested block, place it \
             on a line of its own within its parent block.",
            name.name
        ),
        subject,
    )
}
