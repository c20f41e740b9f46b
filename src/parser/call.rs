//! Function calls.
//!
//! spec: hclsyntax#functions-and-function-calls

use super::combinators::{arena_separated, enclosed, tok, unless_at, COMMA, ELLIPSIS, OPEN_PAREN};
use super::context::Ctx;
use super::delimited::Closer;
use super::expression::expression;
use super::{Input, PResult};
use crate::ast::{Arguments, Expression, FunctionCall, Identifier};
use nom::branch::alt;
use nom::combinator::{map, opt, value};
use nom::sequence::pair;
use nom::Parser;

/// A call: a name, then its arguments in parentheses. The name is read by
/// the caller (`expression::named`), which reads it once for a call and
/// a variable alike; without the parenthesis after it this fails without
/// consuming (the name is then a variable).
///
/// ```ebnf
/// FunctionCall = Identifier "(" Arguments ")";
/// ```
/// spec: FunctionCall, hclsyntax#functions-and-function-calls
pub(crate) fn function_call<'a>(cx: &Ctx<'a>, name: Identifier<'a>, i: Input<'a>) -> PResult<'a, FunctionCall<'a>> {
    map(
        enclosed(
            cx,
            OPEN_PAREN,
            // the messages about the argument list name the call
            move |open| name.span.to(open),
            |_, i| arguments(cx, i),
            |out| match out {
                Some(&(_, true)) => &AFTER_EXPANSION,
                _ => &ARGUMENTS,
            },
        ),
        move |(open, (args, expand_final), close)| {
            let arguments = Arguments {
                args,
                expand_final,
                span: open.to(close),
            };
            FunctionCall {
                name,
                arguments,
                span: name.span.to(close),
            }
        },
    )
    .parse(i)
}

const ARGUMENTS: Closer = Closer {
    byte: b')',
    what: "the argument list",
    eof_summary: "Unterminated function call",
    other_summary: "Missing argument separator",
    alternative: Some("a comma before the next argument"),
    eof_at_opener: true,
};

/// After `...`, only the closing parenthesis may come.
const AFTER_EXPANSION: Closer = Closer {
    byte: b')',
    what: "the argument list",
    eof_summary: "Unterminated function call",
    other_summary: "Missing closing parenthesis",
    alternative: None,
    eof_at_opener: true,
};

/// The arguments between the parentheses, and whether the last one is
/// expanded (`...`). Newlines inside are whitespace; only commas separate
/// arguments.
///
/// ```ebnf
/// Arguments = (() || (Expression ("," Expression)* ("," | "...")?));
/// ```
/// spec: Arguments, hclsyntax#functions-and-function-calls
pub(crate) fn arguments<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, (&'a [Expression<'a>], bool)> {
    map(
        opt(pair(
            arena_separated(cx, &cx.exprs, unless_at(b')', |i| expression(cx, i)), tok(cx, COMMA)),
            opt(alt((value(false, tok(cx, COMMA)), value(true, tok(cx, ELLIPSIS))))),
        )),
        |args| match args {
            None => (&[][..], false),
            Some((args, ending)) => (args, ending == Some(true)),
        },
    )
    .parse(i)
}
