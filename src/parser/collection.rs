//! Tuple and object constructors.
//!
//! Between the brackets newlines are whitespace, and a newline may also
//! stand where the grammar allows it, between two elements, instead of a
//! comma. An element's expression therefore runs on across line breaks for
//! as long as it can continue (`1 +` at the end of a line continues on the
//! next), and the next element starts at the first token that cannot
//! continue it (see `combinators::arena_items`).
//!
//! spec: hclsyntax#collection-values

use super::combinators::{
    arena_items, bare, commit, dispatch, enclosed, ident, tok, COLON, EQUALS, OPEN_BRACE, OPEN_BRACKET,
};
use super::context::Ctx;
use super::delimited::Closer;
use super::error::{found_error, PError};
use super::expression::expression;
use super::lexical::next_on_line;
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use nom::branch::alt;
use nom::combinator::{cut, flat_map, map, peek};
use nom::sequence::terminated;
use nom::Parser;

/// A tuple or object constructor (the caller has ruled out `for`).
///
/// ```ebnf
/// CollectionValue = tuple | object;
/// ```
/// spec: CollectionValue, hclsyntax#collection-values
#[inline]
pub(crate) fn collection_value<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, CollectionValue<'a>> {
    dispatch!(i;
        [b'[', ..] => map(|i| tuple(cx, i), CollectionValue::Tuple),
        _ => map(|i| object(cx, i), CollectionValue::Object),
    )
}

const TUPLE: Closer = Closer {
    byte: b']',
    what: "the tuple",
    eof_summary: "Unterminated tuple constructor expression",
    other_summary: "Missing item separator",
    alternative: Some("a comma or newline before the next element"),
    eof_at_opener: true,
};

const OBJECT: Closer = Closer {
    byte: b'}',
    what: "the object",
    eof_summary: "Unterminated object constructor expression",
    other_summary: "Missing attribute separator",
    alternative: Some("a comma or newline before the next element"),
    eof_at_opener: true,
};

/// `[a, b, c]`
///
/// ```ebnf
/// tuple = "[" ((Expression (("," | Newline) Expression)* ","?)?) "]";
/// ```
/// spec: tuple, hclsyntax#collection-values
pub(crate) fn tuple<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Tuple<'a>> {
    map(
        enclosed(
            cx,
            OPEN_BRACKET,
            |open| open,
            |_, i| arena_items(cx, &cx.exprs, b']', |i| expression(cx, i), |e| e.span().end).parse(i),
            |_| &TUPLE,
        ),
        |(open, elements, close)| Tuple {
            elements,
            span: open.to(close),
        },
    )
    .parse(i)
}

/// `{key = value, key: value}`
///
/// ```ebnf
/// object = "{" ((objectelem (("," | Newline) objectelem)* ","?)?) "}";
/// ```
/// spec: object, hclsyntax#collection-values
pub(crate) fn object<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Object<'a>> {
    map(
        enclosed(
            cx,
            OPEN_BRACE,
            |open| open,
            |_, i| arena_items(cx, &cx.elems, b'}', |i| objectelem(cx, i), |e| e.value.span().end).parse(i),
            |_| &OBJECT,
        ),
        |(open, elements, close)| Object {
            elements,
            span: open.to(close),
        },
    )
    .parse(i)
}

/// One element of an object constructor. A key that is a lone identifier
/// is the literal key name (even `true`, `false` or `null`); any other key
/// is an expression, evaluated to find the name. A reference of more than
/// one step (`{a.b = 1}`) parses, as in the reference, but is an error to
/// evaluate (`analysis::is_multi_step_traversal`), while static analysis
/// may read it as a traversal (Terraform's `providers = { aws.west =
/// aws.west }`).
///
/// ```ebnf
/// objectelem = (Identifier | Expression) ("=" | ":") Expression;
/// ```
/// spec: objectelem, hclsyntax#collection-values
pub(crate) fn objectelem<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ObjectElem<'a>> {
    flat_map(
        alt((
            map(
                terminated(ident(cx), peek(alt((bare(EQUALS), bare(COLON))))),
                ObjectKey::Identifier,
            ),
            map(|i| expression(cx, i), ObjectKey::Expression),
        )),
        |key| {
            map(
                (
                    commit(alt((tok(cx, EQUALS), tok(cx, COLON))), move |e| {
                        missing_separator(cx, key, e)
                    }),
                    cut(|i| expression(cx, i)),
                ),
                move |(_separator, value)| ObjectElem { key, value },
            )
        },
    )
    .parse(i)
}

/// The separator is missing right after the key: point at the next token
/// on the key's line (a newline, when the line ends there).
#[cold]
fn missing_separator(cx: &Ctx<'_>, key: ObjectKey<'_>, e: &PError) -> Diagnostic {
    debug_assert!(e.at >= key.span().end);
    let at = next_on_line(cx, key.span().end);
    found_error(cx, "Missing key/value separator", at, Some(key.span()), |what| {
        format!("Expected an equals sign (\"=\") or a colon after the object key, but found {what}.")
    })
}
