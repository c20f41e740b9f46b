//! Function calls.
//!
//! spec: hclsyntax#functions-and-function-calls

use super::context::{peek, pos, span_at, Ctx, Newlines};
use super::delimited::{close, missing, Closer};
use super::expression::expression;
use super::lexical::token;
use super::{Input, PResult};
use crate::ast::{Arguments, FunctionCall, Identifier};
use crate::span::Span;

/// A call, given the function's already-read name; `i` is at the `(`.
///
/// ```ebnf
/// FunctionCall = Identifier "(" Arguments ")";
/// ```
/// spec: FunctionCall, hclsyntax#functions-and-function-calls
pub(crate) fn function_call<'a>(cx: &Ctx<'a>, i: Input<'a>, name: Identifier<'a>) -> PResult<'a, FunctionCall<'a>> {
    let (i, arguments) = arguments(cx, i, name.span)?;
    let span = name.span.to(arguments.span);
    Ok((i, FunctionCall { name, arguments, span }))
}

const ARGUMENTS: Closer = Closer {
    byte: b')',
    what: "the argument list",
    eof_summary: "Unterminated function call",
    other_summary: "Missing argument separator",
    alternative: Some("a comma before the next argument"),
    eof_at_opener: true,
};

const AFTER_EXPANSION: Closer = Closer {
    byte: b')',
    what: "the argument list",
    eof_summary: "Unterminated function call",
    other_summary: "Missing closing parenthesis",
    alternative: None,
    eof_at_opener: true,
};

/// The parenthesised argument list. Newlines inside are whitespace; only
/// commas separate arguments. `...` after the last argument expands it.
///
/// ```ebnf
/// Arguments = (() || (Expression ("," Expression)* ("," | "...")?));
/// ```
/// spec: Arguments, hclsyntax#functions-and-function-calls
pub(crate) fn arguments<'a>(cx: &Ctx<'a>, i: Input<'a>, name: Span) -> PResult<'a, Arguments<'a>> {
    let open = span_at(&i, 1);
    let opener = name.to(open);
    let (i, args, expand_final, close_span) = cx.nested(open, Newlines::Ignored, || {
        let mut i = token(cx, i, 1);
        let args = cx.exprs.open();
        let mut expand_final = false;
        loop {
            match peek(&i) {
                Some(b')') | None => break, // the end of input is reported by `close`
                _ => {}
            }
            let (next, arg) = expression(cx, i)?;
            args.push(arg);
            i = next;
            if i.fragment().starts_with(b"...") {
                expand_final = true;
                i = token(cx, i, 3);
                if !matches!(peek(&i), Some(b')') | None) {
                    return cx.fail(missing(cx, pos(&i), opener, &AFTER_EXPANSION));
                }
                break;
            }
            match peek(&i) {
                Some(b',') => i = token(cx, i, 1),
                Some(b')') | None => break,
                _ => return cx.fail(missing(cx, pos(&i), opener, &ARGUMENTS)),
            }
        }
        let close_span = close(cx, &i, opener, &ARGUMENTS)?;
        Ok((i, args.finish(cx.arena), expand_final, close_span))
    })?;
    Ok((
        token(cx, i, close_span.len() as usize),
        Arguments {
            args,
            expand_final,
            span: open.to(close_span),
        },
    ))
}
