//! Function calls.
//!
//! spec: hclsyntax#functions-and-function-calls

use super::combinators::{
    arena_many0, arena_separated, bare, commit, enclosed, ident, tok, unless_at, COMMA, DOUBLE_COLON, ELLIPSIS,
    OPEN_PAREN,
};
use super::context::Ctx;
use super::delimited::Closer;
use super::error::found_error;
use super::expression::expression;
use super::{Input, PResult};
use crate::ast::{Arguments, Expression, FunctionCall, Identifier};
use crate::diagnostic::Diagnostic;
use nom::branch::alt;
use nom::combinator::{flat_map, map, opt, peek, value};
use nom::sequence::{pair, preceded};
use nom::Parser;

/// A call: a name, possibly after namespaces (`ns::name`, as the reference
/// reads calls since v2.20.0), then its arguments in parentheses. The first
/// name is read by the caller (`expression::named`), which reads it once
/// for a call and a variable alike, and comes here when `(` or `::` follows
/// it. After `::` a name is required ("Missing function name"), and after
/// the last name the parenthesis ("Missing open parenthesis").
///
/// ```ebnf
/// FunctionCall = Identifier ("::" Identifier)* "(" Arguments ")";
/// ```
/// spec: FunctionCall, hclsyntax#functions-and-function-calls
#[inline]
pub(crate) fn function_call<'a>(cx: &Ctx<'a>, first: Identifier<'a>, i: Input<'a>) -> PResult<'a, FunctionCall<'a>> {
    flat_map(
        arena_many0(
            cx,
            &cx.names_in_call,
            preceded(
                tok(cx, DOUBLE_COLON),
                commit(ident(cx), move |e| {
                    call_name_error(cx, e.at, first, "Missing function name", MISSING_NAME)
                }),
            ),
        ),
        move |names: &'a [Identifier<'a>]| {
            // the last name is the function's, those before it namespaces
            let (namespace, name) = match names.split_last() {
                Some((&last, rest)) => (cx.arena.alloc_slice(&[&[first][..], rest].concat()) as &[_], last),
                None => (&[][..], first),
            };
            let name_span = first.span.to(name.span);
            map(
                preceded(
                    peek(commit(bare(OPEN_PAREN), move |e| {
                        call_name_error(cx, e.at, first, "Missing open parenthesis", MISSING_PAREN)
                    })),
                    enclosed(
                        cx,
                        OPEN_PAREN,
                        // the messages about the argument list name the call
                        move |open| name_span.to(open),
                        |_, i| arguments(cx, i),
                        |out| match out {
                            Some(&(_, true)) => &AFTER_EXPANSION,
                            _ => &ARGUMENTS,
                        },
                    ),
                ),
                move |(open, (args, expand_final), close)| FunctionCall {
                    namespace,
                    name,
                    arguments: Arguments {
                        args,
                        expand_final,
                        span: open.to(close),
                    },
                    span: name_span.to(close),
                },
            )
        },
    )
    .parse(i)
}

const MISSING_NAME: &str = "Function scope resolution symbol :: must be followed by a function name in this scope.";
const MISSING_PAREN: &str = "Function selector must be followed by an open parenthesis to begin the function call.";

/// The reference's error about a namespaced call's name, at the token found
/// at `at`, in the context of the call so far.
#[cold]
fn call_name_error(cx: &Ctx<'_>, at: u32, first: Identifier<'_>, summary: &str, detail: &str) -> Diagnostic {
    found_error(cx, summary, at, Some(first.span), |_| detail.to_string())
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
#[inline]
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
