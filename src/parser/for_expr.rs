//! `for` expressions.
//!
//! Once `for` has been seen after the opening bracket the parser is
//! committed: any later mismatch is an error about the `for` expression,
//! never a retry as a collection.
//!
//! spec: hclsyntax#for-expressions

use super::context::{peek, pos, skip, span_at, Ctx, Newlines};
use super::delimited::{close, Closer};
use super::expression::{after_term, expression};
use super::lexical::{at_keyword, found, identifier, token, trivia_and_newlines};
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// Whether the bracket at `i` (`[` or `{`) opens a `for` expression: the
/// first thing inside is the keyword `for`.
pub(crate) fn opens_for<'a>(cx: &Ctx<'a>, i: &Input<'a>) -> bool {
    at_keyword(&trivia_and_newlines(cx, skip(*i, 1)), "for")
}

/// A `for` expression; `i` is at `[` or `{`, followed by the keyword `for`.
/// The expression is built in the arena, so that the frames of every
/// nesting level hold a reference to it, not the node.
///
/// ```ebnf
/// ForExpr = forTupleExpr | forObjectExpr;
/// ```
/// spec: ForExpr, hclsyntax#for-expressions
pub(crate) fn for_expr<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, &'a ForExpr<'a>> {
    if peek(&i) == Some(b'[') {
        for_tuple_expr(cx, i)
    } else {
        for_object_expr(cx, i)
    }
}

/// The closer of a `for` expression, and what else could come before it
/// at this point (nothing once the `if` clause is there).
fn for_closer(byte: u8, alternative: Option<&'static str>) -> Closer {
    Closer {
        byte,
        what: "the 'for' expression",
        eof_summary: "Invalid 'for' expression",
        other_summary: "Invalid 'for' expression",
        alternative,
        eof_at_opener: false,
    }
}

/// `[for v in coll: expr if cond]`, built in the arena as a
/// [`ForExpr::Tuple`].
///
/// A body that is itself a tuple `for`, `[for x in a: [for y in b: ...]]`,
/// is read by the same call: the levels' introductions are read by a loop
/// and set aside, and closed by another, each inner `for` then going on as
/// the enclosing body (postfix operators, a binary chain, a conditional).
/// The tree, the diagnostics and the nesting limit are as if each level
/// had been read by a call of its own, but 100,000 levels take no stack:
/// a call per level took about 1.9 KB of it, and 190 MB of stack leaves
/// every cache.
///
/// ```ebnf
/// forTupleExpr = "[" forIntro Expression forCond? "]";
/// ```
/// spec: forTupleExpr, hclsyntax#for-expressions
pub(crate) fn for_tuple_expr<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, &'a ForExpr<'a>> {
    // Each level's collection, body and condition may still nest any other
    // construct, by recursion through here.
    crate::stack::with_stack(|| for_tuple_run(cx, i))
}

/// [`for_tuple_expr`] on enough stack.
fn for_tuple_run<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, &'a ForExpr<'a>> {
    let mut open = span_at(&i, 1);
    let mut nest = cx.nest(open, Newlines::Ignored)?;
    let mut i = token(cx, i, 1);
    let mut outer: Vec<(Span, ForIntro<'a>)> = Vec::new();
    loop {
        let (rest, intro) = for_intro(cx, i, open)?;
        if !(peek(&rest) == Some(b'[') && opens_for(cx, &rest)) {
            let (mut i, mut value) = expression(cx, rest)?;
            let mut intro = intro;
            loop {
                let (rest, f, close_len) = close_for_tuple(cx, i, open, intro, value)?;
                // What follows the `]` belongs to the level outside it.
                nest.shallower();
                i = token(cx, rest, close_len as usize);
                let Some(level) = outer.pop() else {
                    return Ok((i, f));
                };
                (open, intro) = level;
                (i, value) = after_term(cx, i, ExprTerm::ForExpr(f))?;
            }
        }
        outer.push((open, intro));
        open = span_at(&rest, 1);
        nest.deeper(open)?;
        i = token(cx, rest, 1);
    }
}

/// The end of a tuple `for` opened at `open`, after its element
/// expression `value`: the `if` clause and the closing bracket, whose
/// length is returned with the expression, built in the arena. `i` is left
/// at the bracket.
fn close_for_tuple<'a>(
    cx: &Ctx<'a>,
    i: Input<'a>,
    open: Span,
    intro: ForIntro<'a>,
    value: Expression<'a>,
) -> Result<(Input<'a>, &'a ForExpr<'a>, u32), nom::Err<super::error::PError>> {
    if i.fragment().starts_with(b"=>") || i.fragment().starts_with(b"...") {
        return cx.fail(object_only(&i, open, value.span()));
    }
    let (i, cond) = optional_cond(cx, i, open)?;
    let alternative = cond.is_none().then_some("an 'if' clause");
    let close_span = close(cx, &i, open, &for_closer(b']', alternative))?;
    let f = cx.alloc(ForExpr::Tuple(ForTupleExpr {
        intro,
        value,
        cond,
        span: open.to(close_span),
    }));
    Ok((i, f, close_span.len()))
}

/// The error of a key (`=>`) or a grouping `...` at `i`, after the
/// element expression `value` of a tuple `for`.
// kept out of `for_tuple_expr`, whose frame every nesting level pays for
#[cold]
#[inline(never)]
fn object_only(i: &Input<'_>, open: Span, value: Span) -> Diagnostic {
    let (detail, subject, len) = if i.fragment().starts_with(b"=>") {
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
            span_at(i, 3),
            3,
        )
    };
    Diagnostic::error("Invalid 'for' expression", detail, subject).with_context(open.to(span_at(i, len)))
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
    let open = span_at(&i, 1);
    let (i, f, close_len) = cx.nested(open, Newlines::Ignored, || {
        let i = token(cx, i, 1);
        let (i, intro) = for_intro(cx, i, open)?;
        let (i, key) = expression(cx, i)?;
        if !i.fragment().starts_with(b"=>") {
            return cx.fail(for_error(
                cx,
                pos(&i),
                open,
                "The key expression of an object 'for' expression must be followed by `=>` and the value expression",
            ));
        }
        let i = token(cx, i, 2);
        let (i, value) = expression(cx, i)?;
        let (i, group) = if i.fragment().starts_with(b"...") {
            (token(cx, i, 3), true)
        } else {
            (i, false)
        };
        let (i, cond) = optional_cond(cx, i, open)?;
        let alternative = match (group, &cond) {
            (_, Some(_)) => None,
            (true, None) => Some("an 'if' clause"),
            (false, None) => Some("the grouping `...` or an 'if' clause"),
        };
        let close_span = close(cx, &i, open, &for_closer(b'}', alternative))?;
        let f = cx.alloc(ForExpr::Object(ForObjectExpr {
            intro,
            key,
            value,
            group,
            cond,
            span: open.to(close_span),
        }));
        Ok((i, f, close_span.len()))
    })?;
    Ok((token(cx, i, close_len as usize), f))
}

fn optional_cond<'a>(cx: &Ctx<'a>, i: Input<'a>, open: Span) -> PResult<'a, Option<ForCond<'a>>> {
    if at_keyword(&i, "if") {
        let (i, c) = for_cond(cx, i, open)?;
        Ok((i, Some(c)))
    } else {
        Ok((i, None))
    }
}

/// `for k, v in coll:` — one or two variable names, the collection, a colon.
///
/// ```ebnf
/// forIntro = "for" Identifier ("," Identifier)? "in" Expression ":";
/// ```
/// spec: forIntro, hclsyntax#for-expressions
pub(crate) fn for_intro<'a>(cx: &Ctx<'a>, i: Input<'a>, open: Span) -> PResult<'a, ForIntro<'a>> {
    let start = pos(&i);
    let i = token(cx, i, 3);
    let (i, (key_var, value_var)) = for_variables(cx, i, |at, need| {
        for_error(cx, at, open, &format!("A 'for' expression needs {need}"))
    })?;
    let (i, collection) = expression(cx, i)?;
    if peek(&i) != Some(b':') {
        return cx.fail(for_error(
            cx,
            pos(&i),
            open,
            "A 'for' expression needs a colon after the collection expression",
        ));
    }
    let colon = span_at(&i, 1);
    Ok((
        token(cx, i, 1),
        ForIntro {
            key_var,
            value_var,
            collection,
            span: Span::new(start, colon.end),
        },
    ))
}

/// The variables of a `for` expression or directive: one name (the value)
/// or two (key and value) separated by a comma, then the keyword `in`; `i`
/// is after `for`. `error` words the diagnostic for what is missing at an
/// offset.
///
/// spec: forIntro, TemplateFor, hclsyntax#for-expressions, hclsyntax#template-for-directive
pub(crate) fn for_variables<'a>(
    cx: &Ctx<'a>,
    i: Input<'a>,
    error: impl Fn(u32, &str) -> Diagnostic,
) -> PResult<'a, (Option<Identifier<'a>>, Identifier<'a>)> {
    let name = |i: Input<'a>, what: &str| match identifier(cx, i) {
        Ok(ok) => Ok(ok),
        Err(_) => cx.fail(error(pos(&i), what)),
    };
    let (i, first) = name(i, "a variable name after 'for'")?;
    let (i, key_var, value_var) = if peek(&i) == Some(b',') {
        let (i, second) = name(token(cx, i, 1), "a second variable name after the comma")?;
        (i, Some(first), second)
    } else {
        (i, None, first)
    };
    if !at_keyword(&i, "in") {
        return cx.fail(error(pos(&i), "the keyword 'in' after the variable names"));
    }
    Ok((token(cx, i, 2), (key_var, value_var)))
}

/// `if cond`
///
/// ```ebnf
/// forCond = "if" Expression;
/// ```
/// spec: forCond, hclsyntax#for-expressions
pub(crate) fn for_cond<'a>(cx: &Ctx<'a>, i: Input<'a>, _open: Span) -> PResult<'a, ForCond<'a>> {
    let start = pos(&i);
    let i = token(cx, i, 2);
    let (i, condition) = expression(cx, i)?;
    let span = Span::new(start, condition.span().end);
    Ok((i, ForCond { condition, span }))
}

/// "Invalid 'for' expression", at the token found at `at`.
fn for_error(cx: &Ctx<'_>, at: u32, open: Span, need: &str) -> Diagnostic {
    let (subject, what) = found(cx.src, at);
    Diagnostic::error(
        "Invalid 'for' expression",
        format!(
            "{need}, but found {what}. The 'for' expression begins at {}.",
            cx.position(open.start)
        ),
        subject,
    )
    .with_context(open.to(subject))
}
