//! Postfix operators: index, legacy index, attribute access and splats.
//!
//! spec: hclsyntax#index-operator, hclsyntax#attribute-access-operator, hclsyntax#splat-operators

use super::combinators::{commit, dispatch, enclosed, tok, tok_ident, trivia, DOT, OPEN_BRACKET, STAR};
use super::context::{bytes, pos, skip, span_at, Ctx};
use super::delimited::Closer;
use super::error::{found_error, Expected, PError};
use super::expression::expression;
use super::lexical::{decimal, numeric_lit_token, trivia_and_newlines, trivia_len};
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use nom::combinator::{cut, map};
use nom::multi::many0;
use nom::{Err, Parser};

/// One postfix operator after a term. The bytes after it decide which:
/// `[*` a full splat, `[` an index, `.*` an attribute splat, `.` and a
/// digit a legacy index, `.` otherwise an attribute access. Fails without
/// consuming where there is none (and at `...`, which ends the term).
#[inline(always)]
pub(crate) fn postfix_operator<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, PostfixOp<'a>> {
    dispatch!(i;
        [b'[', ..] if at_full_splat(cx, &i) => map(|i| splat(cx, i), PostfixOp::Splat),
        [b'[', ..] => map(|i| index(cx, i), PostfixOp::Index),
        [b'.', b'.', b'.', ..] => none,
        // the common case first: a name right after the dot
        [b'.', c, ..] if c.is_ascii_alphabetic() => map(|i| get_attr(cx, i), PostfixOp::GetAttr),
        [b'.', ..] => |i| {
            dispatch!(i, on after_dot(cx, &i);
                [b'*', ..] => map(|i| splat(cx, i), PostfixOp::Splat),
                [c, ..] if decimal(*c) => map(|i| legacy_index(cx, i), PostfixOp::LegacyIndex),
                _ => map(|i| get_attr(cx, i), PostfixOp::GetAttr),
            )
        },
        _ => none,
    )
}

/// No postfix operator here.
fn none<'a, O>(i: Input<'a>) -> PResult<'a, O> {
    Err(Err::Error(PError::expected(
        pos(&i),
        Expected::DOT.or(Expected::OPEN_BRACKET),
    )))
}

/// The bytes after the dot at `i` and the trivia after it.
fn after_dot<'a>(cx: &Ctx<'_>, i: &Input<'a>) -> &'a [u8] {
    let b = bytes(i);
    &b[1 + trivia_len(cx, &b[1..], pos(i) + 1)..]
}

/// Whether `[` at `i` opens `[*]` rather than an index: the next token
/// inside the bracket (past the trivia there, where newlines are
/// whitespace) is `*`.
fn at_full_splat<'a>(cx: &Ctx<'a>, i: &Input<'a>) -> bool {
    bytes(&trivia_and_newlines(cx, skip(*i, 1))).first() == Some(&b'*')
}

const INDEX: Closer = Closer {
    byte: b']',
    what: "the index",
    eof_summary: "Missing close bracket on index",
    other_summary: "Missing close bracket on index",
    alternative: None,
    eof_at_opener: false,
};

/// `[key]`. Newlines inside the brackets are whitespace.
///
/// ```ebnf
/// Index = "[" Expression "]";
/// ```
/// spec: Index, hclsyntax#index-operator
#[inline]
pub(crate) fn index<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Index<'a>> {
    map(
        enclosed(
            cx,
            OPEN_BRACKET,
            |open| open,
            |_, i| cut(|i| expression(cx, i)).parse(i),
            |_| &INDEX,
        ),
        |(open, key, close)| Index {
            key,
            span: open.to(close),
        },
    )
    .parse(i)
}

/// `.0`: an index written after a dot. The digits are read as a number
/// literal, which takes priority; so in `foo.0.0` the literal is `0.0`,
/// which is not a run of digits, and the index is invalid. `foo.1e3` is
/// invalid for the same reason.
///
/// ```ebnf
/// LegacyIndex = '.' digit+
/// ```
/// spec: LegacyIndex, hclsyntax#index-operator
#[inline]
pub(crate) fn legacy_index<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, LegacyIndex<'a>> {
    map(
        (tok(cx, DOT), |i| index_digits(cx, i), trivia(cx)),
        |(dot, digits, ())| LegacyIndex {
            digits: digits.text,
            span: dot.to(digits.span),
        },
    )
    .parse(i)
}

/// The `digit+` of a legacy index: a number literal that is only digits.
fn index_digits<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, NumericLit<'a>> {
    let (j, lit) = numeric_lit_token(cx, i)?;
    if lit.text.bytes().all(decimal) {
        return Ok((j, lit));
    }
    let detail = if lit.text.contains(['e', 'E']) {
        format!(
            "After a dot, `{0}` reads as one number literal with an exponent; a legacy index must be whole \
             decimal digits. Write the index in brackets instead, like [{0}].",
            lit.text
        )
    } else {
        format!(
            "After a dot, `{}` reads as one number literal, not as a chain of indexes: legacy indexes \
             cannot be chained. Use brackets instead, like [{}].",
            lit.text,
            lit.text.split('.').collect::<Vec<_>>().join("][")
        )
    };
    cx.fail(Diagnostic::error("Invalid legacy index syntax", detail, lit.span))
}

/// `.name`
///
/// ```ebnf
/// GetAttr = "." Identifier;
/// ```
/// spec: GetAttr, hclsyntax#attribute-access-operator
#[inline(always)]
pub(crate) fn get_attr<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, GetAttr<'a>> {
    let dot = span_at(&i, 1);
    map(
        commit(tok_ident(cx, DOT), move |e| invalid_attribute_name(cx, dot, e)),
        |(dot, name)| GetAttr {
            name,
            span: dot.to(name.span),
        },
    )
    .parse(i)
}

#[cold]
fn invalid_attribute_name(cx: &Ctx<'_>, dot: Span, e: &PError) -> Diagnostic {
    found_error(cx, "Invalid attribute name", e.at, Some(dot), |what| {
        format!("An attribute name is required after a dot, but found {what}.")
    })
}

/// A splat: `.*` or `[*]` and the operators it applies to each element.
///
/// ```ebnf
/// Splat = attrSplat | fullSplat;
/// ```
/// spec: Splat, hclsyntax#splat-operators
#[inline]
pub(crate) fn splat<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Splat<'a>> {
    dispatch!(i;
        [b'[', ..] => map(|i| full_splat(cx, i), Splat::FullSplat),
        _ => map(|i| attr_splat(cx, i), Splat::AttrSplat),
    )
}

/// `.*.a.b`: only attribute accesses belong to the splat. An index after
/// them (`.*.a[0]`), a legacy index (`.*.0`) or another splat applies to
/// the splat's result.
///
/// ```ebnf
/// attrSplat = "." "*" GetAttr*;
/// ```
/// spec: attrSplat, hclsyntax#splat-operators
pub(crate) fn attr_splat<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, AttrSplat<'a>> {
    map(
        (
            tok(cx, DOT),
            tok(cx, STAR),
            // a dot that is not followed by a name is left to what follows
            many0(map(tok_ident(cx, DOT), |(dot, name)| GetAttr {
                name,
                span: dot.to(name.span),
            })),
        ),
        |(dot, star, attrs)| {
            let marker = dot.to(star);
            AttrSplat {
                marker,
                span: marker.to(attrs.last().map_or(marker, |g| g.span)),
                attrs: cx.arena.alloc_slice(&attrs),
            }
        },
    )
    .parse(i)
}

const SPLAT_MARKER: Closer = Closer {
    byte: b']',
    what: "the splat marker `[*`",
    eof_summary: "Missing close bracket on splat index",
    other_summary: "Missing close bracket on splat index",
    alternative: None,
    eof_at_opener: false,
};

/// `[*].a[0].b`: attribute accesses and indexes (legacy ones too) belong to
/// the splat, up to the next splat or the end of the postfix chain.
///
/// ```ebnf
/// fullSplat = "[" "*" "]" (GetAttr | Index)*;
/// ```
/// spec: fullSplat, hclsyntax#splat-operators
pub(crate) fn full_splat<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, FullSplat<'a>> {
    map(
        (
            enclosed(
                cx,
                OPEN_BRACKET,
                |open| open,
                |_, i| tok(cx, STAR).parse(i),
                |_| &SPLAT_MARKER,
            ),
            many0(|i| splat_operator(cx, i)),
        ),
        |((open, _, close), ops)| {
            let marker = open.to(close);
            FullSplat {
                marker,
                span: marker.to(ops.last().map_or(marker, SplatOp::span)),
                ops: cx.arena.alloc_slice(&ops),
            }
        },
    )
    .parse(i)
}

/// One operator a full splat applies to each element: an index, a legacy
/// index or an attribute access; fails without consuming at anything else
/// (another splat ends it).
fn splat_operator<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, SplatOp<'a>> {
    dispatch!(i;
        [b'[', ..] if at_full_splat(cx, &i) => none,
        [b'[', ..] => map(|i| index(cx, i), SplatOp::Index),
        [b'.', b'.', b'.', ..] => none,
        [b'.', ..] => |i| {
            dispatch!(i, on after_dot(cx, &i);
                [b'*', ..] => none,
                [c, ..] if decimal(*c) => map(|i| legacy_index(cx, i), SplatOp::LegacyIndex),
                _ => map(|i| get_attr(cx, i), SplatOp::GetAttr),
            )
        },
        _ => none,
    )
}
