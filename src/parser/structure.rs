//! The structural sub-language: bodies, attributes and blocks, with error
//! recovery so that one pass reports every independent error and keeps
//! every valid item.
//!
//! spec: hclsyntax#structural-elements

use super::context::{peek, pos, skip, span_at, Ctx, Newlines};
use super::error::PError;
use super::expression::expression;
use super::lexical::{
    at_identifier, at_newline, found, identifier, identifier_len, misused_character_hint, token, trivia,
    trivia_and_newlines_len, trivia_len, unused_character_len,
};
use super::names::Names;
use super::recovery::resync;
use super::template_expr::{quoted_template, string_lit};
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// A whole file: a body running to the end of the input. Never fails:
/// problems become diagnostics.
///
/// ```ebnf
/// ConfigFile = Body;
/// ```
/// spec: ConfigFile, hclsyntax#configuration-files
pub(crate) fn config_file<'a>(cx: &Ctx<'a>, i: Input<'a>) -> ConfigFile<'a> {
    let start = pos(&i);
    let (_, body) = body(cx, i, None, None);
    ConfigFile {
        body,
        span: Span::new(start, cx.src.len() as u32),
    }
}

/// Attributes and blocks, up to the end of input or (inside a block) the
/// closing brace, which is not consumed. Blank lines and comments between
/// items mean nothing. A broken item is reported and skipped up to the
/// point where the next one can start. `first` is an item already read
/// (by a one-line block that turned out to continue over lines).
///
/// ```ebnf
/// Body = (Attribute | Block | OneLineBlock)*;
/// ```
/// spec: Body, hclsyntax#bodies
pub(crate) fn body<'a>(
    cx: &Ctx<'a>,
    mut i: Input<'a>,
    open_brace: Option<Span>,
    first: Option<BodyItem<'a>>,
) -> (Input<'a>, Body<'a>) {
    let start = open_brace.map_or(pos(&i), |b| b.start);
    let items = cx.items.open();
    let mut names = Names::new(cx);
    if let Some(item) = first {
        if let BodyItem::Attribute(a) = &item {
            names.check(cx, a);
        }
        items.push(item);
    }
    loop {
        // The blank lines and comments before an item are consumed with the
        // item's first tokens, in one step.
        let lead = trivia_and_newlines_len(cx, &i);
        match i.fragment().get(lead) {
            None => {
                i = skip(i, lead);
                break;
            }
            Some(b'}') if open_brace.is_some() => {
                i = skip(i, lead);
                break;
            }
            Some(b'}') => {
                i = skip(i, lead);
                cx.report(Diagnostic::error(
                    "Argument or block definition required",
                    "This closing brace has no block to close: an argument or block definition is required here.",
                    span_at(&i, 1),
                ));
                i = skip(i, 1);
                continue;
            }
            _ => {}
        }
        let item_start = pos(&i) as usize + lead;
        match body_item(cx, i, lead) {
            Ok((next, item)) => {
                if let BodyItem::Attribute(a) = &item {
                    names.check(cx, a);
                }
                items.push(item);
                i = next;
            }
            Err(e) => {
                cx.report(error_diagnostic(cx, e));
                let resume = resync(cx.src, item_start);
                i = skip(i, resume - pos(&i) as usize);
            }
        }
    }
    names.finish(cx);
    let end = open_brace.map_or(pos(&i), |_| pos(&i) + u32::from(peek(&i) == Some(b'}')));
    (
        i,
        Body {
            items: items.finish(cx.arena),
            span: Span::new(start, end),
        },
    )
}

/// Turns a failure into its diagnostic.
pub(crate) fn error_diagnostic(cx: &Ctx<'_>, e: nom::Err<PError>) -> Diagnostic {
    let e = match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => e,
        nom::Err::Incomplete(_) => PError::expected(cx.src.len() as u32, Default::default()),
    };
    match e.diag {
        Some(d) => *d,
        None => {
            let (subject, what) = found(cx.src, e.at);
            Diagnostic::error(
                "Invalid syntax",
                format!("Expected {}, but found {what}.", e.expected.describe()),
                subject,
            )
        }
    }
}

/// One attribute or block, starting with its name.
/// One attribute or block, starting with its name `lead` bytes after `i`
/// (the trivia before it).
fn body_item<'a>(cx: &Ctx<'a>, i: Input<'a>, lead: usize) -> PResult<'a, BodyItem<'a>> {
    let b = &i.fragment()[lead..];
    let start = pos(&i) + lead as u32;
    let n = identifier_len(b);
    if n == 0 {
        let at = skip(i, lead);
        if peek(&at) == Some(b'"') {
            return cx.fail(quoted_name(cx, at));
        }
        let (subject, what) = found(cx.src, start);
        return cx.fail(Diagnostic::error(
            "Argument or block definition required",
            format!("An argument or block definition is required here, but found {what}."),
            subject,
        ));
    }
    // the name and the trivia after it, measured without consuming them
    let name = cx.ident(start, n);
    let after = n + trivia_len(cx, &b[n..], start + n as u32);
    match &b[after..] {
        // `==` and `=>` are tokens of their own, not an equals sign
        [b'=', b'=' | b'>', ..] => cx.fail(definition_required(cx, name)),
        [b'=', ..] => attribute(cx, i, name, Span::new(start + after as u32, start + after as u32 + 1)),
        [b'"' | b'{', ..] => block(cx, skip(i, lead + after), name),
        rest if identifier_len(rest) > 0 => block(cx, skip(i, lead + after), name),
        rest if unused_character_len(rest).is_some() || !misused_character_hint(rest).is_empty() => {
            cx.fail(character_after(cx, name, start + after as u32, true))
        }
        _ => cx.fail(definition_required(cx, name)),
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
fn character_after(cx: &Ctx<'_>, name: Identifier<'_>, at: u32, blocks: bool) -> Diagnostic {
    let rest = &cx.src[at as usize..];
    let (token, what) = found(cx.src, at);
    let (summary, subject, note) = match unused_character_len(rest) {
        Some(len) => (
            "Invalid character",
            Span::new(at, at + len as u32),
            ", and this character is not used within the language.".to_string(),
        ),
        None => (
            match rest.first() {
                Some(b'&' | b'|' | b'~' | b'^') => "Unsupported operator",
                _ => "Invalid character",
            },
            token,
            format!(".{}", misused_character_hint(rest)),
        ),
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

fn definition_required(_cx: &Ctx<'_>, name: Identifier<'_>) -> Diagnostic {
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
fn quoted_name<'a>(cx: &Ctx<'a>, i: Input<'a>) -> Diagnostic {
    let quote = span_at(&i, 1);
    if let Ok((j, _)) = quoted_template(cx, i) {
        if peek(&j) == Some(b'=') {
            return Diagnostic::error(
                "Invalid argument name",
                "Argument names must not be quoted: write the name as a bare identifier.",
                quote,
            );
        }
    }
    Diagnostic::error(
        "Argument or block definition required",
        "An argument or block definition is required here; it starts with a bare identifier, not a quoted string.",
        quote,
    )
}

/// `name = expression`, ended by a newline (or the end of the file). The
/// name and the `=` sign have been found; `i` is still before the name (at
/// the trivia before it), so that all of it is consumed in one step. An error in the expression is reported
/// and the attribute kept, with an [`Expression::Invalid`] value.
///
/// ```ebnf
/// Attribute = Identifier "=" Expression Newline;
/// ```
/// spec: Attribute, hclsyntax#attribute-definitions, hclsyntax#bodies
pub(crate) fn attribute<'a>(
    cx: &Ctx<'a>,
    i: Input<'a>,
    name: Identifier<'a>,
    equals: Span,
) -> PResult<'a, BodyItem<'a>> {
    let value_start = token(cx, i, (equals.end - pos(&i)) as usize);
    let (i, expr) = match expression(cx, value_start) {
        Ok(ok) => ok,
        Err(e) => {
            cx.report(error_diagnostic(cx, e));
            let from = pos(&value_start) as usize;
            let resume = resync(cx.src, name.span.start as usize).max(from);
            let mut end = resume;
            while end > from && matches!(cx.src[end - 1], b'\n' | b'\r') {
                end -= 1;
            }
            let span = Span::new(from as u32, end as u32);
            let attr = Attribute {
                name,
                equals,
                span: name.span.to(span),
                expr: Expression::Invalid(span),
            };
            return Ok((skip(value_start, resume - from), BodyItem::Attribute(cx.alloc(attr))));
        }
    };
    let span = name.span.to(expr.span());
    let i = end_of_item(cx, i, span, "argument");
    Ok((
        i,
        BodyItem::Attribute(cx.alloc(Attribute {
            name,
            equals,
            expr,
            span,
        })),
    ))
}

/// The newline that ends an item (or the end of the file). Anything else
/// is reported and skipped, keeping the item.
fn end_of_item<'a>(cx: &Ctx<'a>, i: Input<'a>, item: Span, what: &str) -> Input<'a> {
    if i.fragment().is_empty() {
        return i;
    }
    if at_newline(&i) {
        // the newline is consumed with the next item's first tokens
        return i;
    }
    let (subject, found_what) = found(cx.src, pos(&i));
    cx.report(
        Diagnostic::error(
            if what == "argument" {
                "Missing newline after argument"
            } else {
                "Missing newline after block definition"
            },
            format!(
                "{} {what} definition must end with a newline, but found {found_what}.{}",
                if what == "argument" { "An" } else { "A" },
                misused_character_hint(i.fragment())
            ),
            subject,
        )
        .with_context(item.to(subject)),
    );
    if peek(&i) == Some(b'}') {
        // it closes the enclosing block: leave it to the body
        return i;
    }
    let from = pos(&i) as usize;
    skip(i, resync(cx.src, from) - from)
}

/// A block: type, labels, and a body in braces. After `{` a newline makes
/// it a multi-line block; anything else, a one-line block.
///
/// ```ebnf
/// Block = Identifier (StringLit|Identifier)* "{" Newline Body "}" Newline;
/// ```
/// spec: Block, hclsyntax#blocks
pub(crate) fn block<'a>(cx: &Ctx<'a>, mut i: Input<'a>, block_type: Identifier<'a>) -> PResult<'a, BodyItem<'a>> {
    let labels = cx.labels.open();
    loop {
        match peek(&i) {
            Some(b'{') => break,
            Some(b'"') => {
                let (j, s) = string_lit(cx, i)?;
                labels.push(BlockLabel::StringLit(s));
                i = j;
            }
            _ if at_identifier(&i) => {
                let (j, id) = identifier(cx, i)?;
                labels.push(BlockLabel::Identifier(id));
                i = j;
            }
            _ => {
                let (subject, what) = found(cx.src, pos(&i));
                return cx.fail(
                    Diagnostic::error(
                        "Invalid block definition",
                        format!(
                            "Either a quoted string block label or an opening brace (\"{{\") is expected here, but found {what}."
                        ),
                        subject,
                    )
                    .with_context(block_type.span.to(subject)),
                );
            }
        }
    }
    let labels = labels.finish(cx.arena);
    let open_brace = span_at(&i, 1);
    let (j, one_line, body) = cx.nested(open_brace, Newlines::Significant, || {
        let j = token(cx, i, 1);
        Ok(if at_newline(&j) || j.fragment().is_empty() {
            let (j, body) = body(cx, j, Some(open_brace), None);
            (j, false, body)
        } else {
            let (j, body) = one_line_block(cx, j, open_brace)?;
            (j, true, body)
        })
    })?;
    let (j, close_brace) = if peek(&j) == Some(b'}') {
        (skip(j, 1), span_at(&j, 1))
    } else {
        cx.report(
            Diagnostic::error(
                "Unclosed configuration block",
                format!(
                    "There is no closing brace for the block opened at {} before the end of the file. \
                     This may be caused by incorrect brace nesting elsewhere in this file.",
                    cx.position(open_brace.start)
                ),
                open_brace,
            )
            .with_context(block_type.span.to(Span::empty(pos(&j)))),
        );
        (j, Span::empty(pos(&j)))
    };
    let span = block_type.span.to(close_brace);
    let j = trivia(cx, j);
    let j = end_of_item(cx, j, span, "block");
    let block = Block {
        block_type,
        labels,
        open_brace,
        body,
        close_brace,
        span,
    };
    Ok((
        j,
        if one_line {
            BodyItem::OneLineBlock(cx.alloc(block))
        } else {
            BodyItem::Block(cx.alloc(block))
        },
    ))
}

/// The inside of a one-line block: nothing, or one attribute, then `}` on
/// the same line. `i` is after `{` and its trivia; the `}` is not consumed.
/// When the line ends before the `}` the problem is reported and the rest
/// is read as a multi-line body, keeping the attribute.
///
/// ```ebnf
/// OneLineBlock = Identifier (StringLit|Identifier)* "{" (Identifier "=" Expression)? "}" Newline;
/// ```
/// spec: OneLineBlock, hclsyntax#blocks
pub(crate) fn one_line_block<'a>(cx: &Ctx<'a>, i: Input<'a>, open_brace: Span) -> PResult<'a, Body<'a>> {
    let start = open_brace.start;
    if peek(&i) == Some(b'}') {
        return Ok((
            i,
            Body {
                items: &[],
                span: Span::new(start, pos(&i) + 1),
            },
        ));
    }
    if !at_identifier(&i) {
        let (subject, what) = found(cx.src, pos(&i));
        return cx.fail(Diagnostic::error(
            "Argument definition required",
            format!("A single-line block definition can contain only a single argument, but found {what}."),
            subject,
        ));
    }
    let (j, name) = identifier(cx, i)?;
    if unused_character_len(j.fragment()).is_some() {
        return cx.fail(character_after(cx, name, pos(&j), false));
    }
    if !j.fragment().starts_with(b"=") || j.fragment().starts_with(b"==") {
        let subject = name.span.to(span_at(&j, 1));
        return cx.fail(Diagnostic::error(
            "Argument definition required",
            format!(
                "A single-line block definition can contain only a single argument. If you meant to define \
                 argument \"{}\", use an equals sign to assign it a value. To define a nested block, place it \
                 on a line of its own within its parent block.",
                name.name
            ),
            subject,
        ));
    }
    let equals = span_at(&j, 1);
    let (j, expr) = expression(cx, token(cx, j, 1))?;
    let span = name.span.to(expr.span());
    let attr = BodyItem::Attribute(cx.alloc(Attribute {
        name,
        equals,
        expr,
        span,
    }));
    if peek(&j) == Some(b'}') {
        return Ok((
            j,
            Body {
                items: cx.arena.alloc_slice(&[attr]),
                span: Span::new(start, pos(&j) + 1),
            },
        ));
    }
    let (subject, what) = found(cx.src, pos(&j));
    let detail = if at_newline(&j) {
        "An argument definition on the same line as its block's opening brace makes a single-line block, \
         which must be closed on the same line: put the closing brace right after the argument."
            .to_string()
    } else {
        format!("A single-line block can hold only one argument definition, but found {what} after it. Use a multi-line block for more.")
    };
    cx.report(
        Diagnostic::error("Invalid single-argument block definition", detail, subject).with_context(span.to(subject)),
    );
    // Keep the attribute; read on as a multi-line body.
    let from = pos(&j) as usize;
    let resume = if at_newline(&j) { from } else { resync(cx.src, from) };
    let (j, body) = body(cx, skip(j, resume - from), Some(open_brace), Some(attr));
    Ok((j, body))
}
