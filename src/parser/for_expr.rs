//! `for` expressions.
//!
//! Once `for` has been seen after the opening bracket the parser is
//! committed: any later mismatch is an error about the `for` expression,
//! never a retry as a collection.
//!
//! spec: hclsyntax#for-expressions

use super::combinators::{
    bare, commit, dispatch, enclosed, ident, keyword, tok, ARROW, COLON, COMMA, ELLIPSIS, OPEN_BRACE, OPEN_BRACKET,
};
use super::context::Ctx;
use super::delimited::Closer;
use super::error::{found_error, PError};
use super::expression::expression;
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use nom::branch::alt;
use nom::combinator::{cut, flat_map, map, not, opt};
use nom::sequence::{pair, preceded};
use nom::Parser;

/// A `for` expression, built in the arena (so that the frames of every
/// nesting level hold a reference to it, not the node). Fails without
/// consuming when the bracket is not followed by the keyword `for`.
///
/// ```ebnf
/// ForExpr = forTupleExpr | forObjectExpr;
/// ```
/// spec: ForExpr, hclsyntax#for-expressions
#[inline]
pub(crate) fn for_expr<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, &'a ForExpr<'a>> {
    dispatch!(i;
        [b'[', ..] => |i| for_tuple_expr(cx, i),
        _ => |i| for_object_expr(cx, i),
    )
}

/// The closer of a `for` expression, with what else could come before it
/// at this point (nothing once the `if` clause is there).
const fn for_closer(byte: u8, alternative: Option<&'static str>) -> Closer {
    Closer {
        byte,
        what: "the 'for' expression",
        eof_summary: "Invalid 'for' expression",
        other_summary: "Invalid 'for' expression",
        alternative,
        eof_at_opener: false,
    }
}

const TUPLE_CLOSE: Closer = for_closer(b']', None);
const TUPLE_CLOSE_OR_IF: Closer = for_closer(b']', Some("an 'if' clause"));
const OBJECT_CLOSE: Closer = for_closer(b'}', None);
const OBJECT_CLOSE_OR_IF: Closer = for_closer(b'}', Some("an 'if' clause"));
const OBJECT_CLOSE_OR_MORE: Closer = for_closer(b'}', Some("the grouping `...` or an 'if' clause"));

/// `[for v in coll: expr if cond]`, built in the arena as a
/// [`ForExpr::Tuple`].
///
/// ```ebnf
/// forTupleExpr = "[" forIntro Expression forCond? "]";
/// ```
/// spec: forTupleExpr, hclsyntax#for-expressions
#[inline(never)]
pub(crate) fn for_tuple_expr<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, &'a ForExpr<'a>> {
    map(
        enclosed(
            cx,
            OPEN_BRACKET,
            |open| open,
            |open, i| {
                (
                    |i| for_intro(cx, open, i),
                    flat_map(cut(|i| expression(cx, i)), |value| {
                        // `=>` and `...` belong to object `for`s only
                        map(
                            pair(not_object_parts(cx, open, value), opt(|i| for_cond(cx, i))),
                            move |(_, cond)| (value, cond),
                        )
                    }),
                )
                    .parse(i)
            },
            |out| match out {
                Some((_, (_, Some(_)))) => &TUPLE_CLOSE,
                _ => &TUPLE_CLOSE_OR_IF,
            },
        ),
        |(open, (intro, (value, cond)), close)| {
            cx.alloc(ForExpr::Tuple(ForTupleExpr {
                intro,
                value,
                cond,
                span: open.to(close),
            }))
        },
    )
    .parse(i)
}

/// Fails with the error of a key (`=>`) or a grouping `...` at the input,
/// after the element expression `value` of a tuple `for`.
fn not_object_parts<'c, 'a>(
    cx: &'c Ctx<'a>,
    open: Span,
    value: Expression<'a>,
) -> impl FnMut(Input<'a>) -> PResult<'a, ()> + 'c {
    commit(not(alt((bare(ARROW), bare(ELLIPSIS)))), move |e| {
        object_only(cx, e, open, value.span())
    })
}

/// The error of a key (`=>`) or a grouping `...` at `e.at`, after the
/// element expression `value` of a tuple `for`.
#[cold]
#[inline(never)]
fn object_only(cx: &Ctx<'_>, e: &PError, open: Span, value: Span) -> Diagnostic {
    let at = &cx.src[e.at as usize..];
    let (detail, subject, len) = if at.starts_with(b"=>") {
        (
            "A key expression (before `=>`) is only valid in a 'for' expression that builds an object, \
             in braces; this one builds a tuple.",
            value,
            2,
        )
    } else {
        (
            "The grouping ellipsis (`...`) is only valid in a 'for' expression that builds an object; \
             this one builds a tuple.",
            Span::new(e.at, e.at + 3),
            3,
        )
    };
    Diagnostic::error("Invalid 'for' expression", detail, subject).with_context(open.to(Span::new(e.at, e.at + len)))
}

/// `{for k, v in coll: key => value... if cond}`, built in the arena as a
/// [`ForExpr::Object`].
///
/// ```ebnf
/// forObjectExpr = "{" forIntro Expression "=>" Expression "..."? forCond? "}";
/// ```
/// spec: forObjectExpr, hclsyntax#for-expressions
#[inline(never)]
pub(crate) fn for_object_expr<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, &'a ForExpr<'a>> {
    map(
        enclosed(
            cx,
            OPEN_BRACE,
            |open| open,
            |open, i| {
                (
                    |i| for_intro(cx, open, i),
                    cut(|i| expression(cx, i)),
                    commit(tok(cx, ARROW), move |e| {
                        for_error(
                            cx,
                            e.at,
                            open,
                            "The key expression of an object 'for' expression must be followed by `=>` and the value expression",
                        )
                    }),
                    cut(|i| expression(cx, i)),
                    opt(tok(cx, ELLIPSIS)),
                    opt(|i| for_cond(cx, i)),
                )
                    .parse(i)
            },
            |out| match out {
                Some((.., Some(_))) => &OBJECT_CLOSE,
                Some((.., Some(_), None)) => &OBJECT_CLOSE_OR_IF,
                _ => &OBJECT_CLOSE_OR_MORE,
            },
        ),
        |(open, (intro, key, _, value, group, cond), close)| {
            cx.alloc(ForExpr::Object(ForObjectExpr {
                intro,
                key,
                value,
                group: group.is_some(),
                cond,
                span: open.to(close),
            }))
        },
    )
    .parse(i)
}

/// `for k, v in coll:`: one or two variable names, the collection, a
/// colon. Fails without consuming when the keyword `for` is not there;
/// after it, it is committed. `open` is the bracket the `for` expression
/// opens with, for messages.
///
/// ```ebnf
/// forIntro = "for" Identifier ("," Identifier)? "in" Expression ":";
/// ```
/// spec: forIntro, hclsyntax#for-expressions
pub(crate) fn for_intro<'a>(cx: &Ctx<'a>, open: Span, i: Input<'a>) -> PResult<'a, ForIntro<'a>> {
    map(
        (
            keyword(cx, "for"),
            for_variables(cx, move |at, need| {
                for_error(cx, at, open, &format!("A 'for' expression needs {need}"))
            }),
            cut(|i| expression(cx, i)),
            commit(tok(cx, COLON), move |e| {
                for_error(
                    cx,
                    e.at,
                    open,
                    "A 'for' expression needs a colon after the collection expression",
                )
            }),
        ),
        |(for_kw, (key_var, value_var), collection, colon)| ForIntro {
            key_var,
            value_var,
            collection,
            span: for_kw.to(colon),
        },
    )
    .parse(i)
}

/// The variables of a `for` expression or directive, after `for`: one
/// name (the value) or two (key and value) separated by a comma, then the
/// keyword `in`. `error` words the diagnostic for what is missing at an
/// offset.
///
/// spec: hclsyntax#for-expressions, hclsyntax#template-for-directive (`forIntro`, `TemplateFor`)
pub(crate) fn for_variables<'c, 'a>(
    cx: &'c Ctx<'a>,
    error: impl Fn(u32, &str) -> Diagnostic + Copy + 'c,
) -> impl Parser<Input<'a>, Output = (Option<Identifier<'a>>, Identifier<'a>), Error = PError> + 'c {
    map(
        (
            commit(ident(cx), move |e| error(e.at, "a variable name after 'for'")),
            opt(preceded(
                tok(cx, COMMA),
                commit(ident(cx), move |e| {
                    error(e.at, "a second variable name after the comma")
                }),
            )),
            commit(keyword(cx, "in"), move |e| {
                error(e.at, "the keyword 'in' after the variable names")
            }),
        ),
        |(first, second, _)| match second {
            Some(second) => (Some(first), second),
            None => (None, first),
        },
    )
}

/// `if cond`
///
/// ```ebnf
/// forCond = "if" Expression;
/// ```
/// spec: forCond, hclsyntax#for-expressions
pub(crate) fn for_cond<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ForCond<'a>> {
    map((keyword(cx, "if"), cut(|i| expression(cx, i))), |(if_kw, condition)| {
        ForCond {
            condition,
            span: if_kw.to(condition.span()),
        }
    })
    .parse(i)
}

/// "Invalid 'for' expression", at the token found at `at`.
#[cold]
fn for_error(cx: &Ctx<'_>, at: u32, open: Span, need: &str) -> Diagnostic {
    found_error(cx, "Invalid 'for' expression", at, Some(open), |what| {
        format!(
            "{need}, but found {what}. The 'for' expression begins at {}.",
            cx.position(open.start)
        )
    })
}
