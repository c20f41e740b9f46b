//! Postfix operators: index, legacy index, attribute access and splats.
//!
//! spec: hclsyntax#index-operator, hclsyntax#attribute-access-operator, hclsyntax#splat-operators

use super::context::{bytes, peek, peek_at, pos, span_at, Ctx, Newlines};
use super::delimited::{close, Closer};
use super::expression::expression;
use super::lexical::{
    at_identifier, decimal, found, identifier_len, numeric_lit_token, peek_after, token, trivia, trivia_len,
};
use super::scratch::List;
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// The postfix operators after `term`, collected into one flat
/// [`Postfix`] chain (no recursion per operator).
// kept out of `expr_term`, whose frame every nesting level pays for
#[inline(never)]
pub(crate) fn postfix<'a>(cx: &Ctx<'a>, mut i: Input<'a>, term: ExprTerm<'a>) -> PResult<'a, ExprTerm<'a>> {
    // most terms have no postfix operator at all
    match bytes(&i) {
        [b'[', ..] => {}
        [b'.', b'.', b'.', ..] => return Ok((i, term)),
        [b'.', ..] => {}
        _ => return Ok((i, term)),
    }
    let ops = cx.ops.open();
    loop {
        match peek(&i) {
            Some(b'[') if at_full_splat(cx, &i) => {
                let (next, s) = splat(cx, i)?;
                ops.push(PostfixOp::Splat(s));
                i = next;
            }
            Some(b'[') => {
                let (next, x) = index(cx, i)?;
                ops.push(PostfixOp::Index(x));
                i = next;
            }
            Some(b'.') if i.fragment().starts_with(b"...") => break,
            Some(b'.') => match peek_after(cx, &i, 1) {
                Some(b'*') => {
                    let (next, s) = splat(cx, i)?;
                    ops.push(PostfixOp::Splat(s));
                    i = next;
                }
                Some(c) if decimal(c) => {
                    let (next, x) = legacy_index(cx, i)?;
                    ops.push(PostfixOp::LegacyIndex(x));
                    i = next;
                }
                Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                    // the common `.name.name...` run, taken in one step
                    let (next, n) = get_attr_run(cx, i, &ops);
                    i = next;
                    if n == 0 {
                        let (next, g) = get_attr(cx, i)?;
                        ops.push(PostfixOp::GetAttr(g));
                        i = next;
                    }
                }
                _ => {
                    let (next, g) = get_attr(cx, i)?;
                    ops.push(PostfixOp::GetAttr(g));
                    i = next;
                }
            },
            _ => break,
        }
    }
    if ops.len() == 0 {
        return Ok((i, term));
    }
    let ops = ops.finish(cx.arena);
    let span = term.span().to(ops.last().map_or(term.span(), PostfixOp::span));
    Ok((i, ExprTerm::Postfix(cx.alloc(Postfix { term, ops, span }))))
}

/// Whether `[` at `i` opens `[*]` rather than an index.
fn at_full_splat(cx: &Ctx<'_>, i: &Input<'_>) -> bool {
    if peek_at(i, 1) == Some(b'*') {
        return true;
    }
    // `[ *` with whitespace (never newlines: those only count inside the
    // brackets, which is where we are looking).
    let _ = cx;
    i.fragment()[1..]
        .iter()
        .find(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
        .is_some_and(|c| *c == b'*')
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
pub(crate) fn index<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Index<'a>> {
    let open = span_at(&i, 1);
    let (i, key, close_span) = cx.nested(open, Newlines::Ignored, || {
        let i = token(cx, i, 1);
        let (i, key) = expression(cx, i)?;
        let close_span = close(cx, &i, open, &INDEX)?;
        Ok((i, key, close_span))
    })?;
    Ok((
        token(cx, i, close_span.len() as usize),
        Index {
            key,
            span: open.to(close_span),
        },
    ))
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
pub(crate) fn legacy_index<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, LegacyIndex<'a>> {
    let dot = span_at(&i, 1);
    let j = token(cx, i, 1);
    let (j, lit) = numeric_lit_token(cx, j)?;
    if !lit.text.bytes().all(decimal) {
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
        return cx.fail(Diagnostic::error("Invalid legacy index syntax", detail, lit.span));
    }
    Ok((
        trivia(cx, j),
        LegacyIndex {
            digits: lit.text,
            span: dot.to(lit.span),
        },
    ))
}

/// `.name`
///
/// ```ebnf
/// GetAttr = "." Identifier;
/// ```
/// spec: GetAttr, hclsyntax#attribute-access-operator
pub(crate) fn get_attr<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, GetAttr<'a>> {
    let b = bytes(&i);
    let start = pos(&i);
    let gap = 1 + trivia_len(cx, &b[1..], start + 1);
    let n = identifier_len(&b[gap..]);
    if n == 0 {
        let (subject, what) = found(cx.src, start + gap as u32);
        return cx.fail(
            Diagnostic::error(
                "Invalid attribute name",
                format!("An attribute name is required after a dot, but found {what}."),
                subject,
            )
            .with_context(Span::new(start, subject.end)),
        );
    }
    let name = cx.ident(start + gap as u32, n);
    let span = Span::new(start, name.span.end);
    Ok((token(cx, i, gap + n), GetAttr { name, span }))
}

/// A run of attribute accesses written without spaces (`.a.b.c`), each
/// read as by [`get_attr`], all consumed (with the trivia after the run) in
/// one step. Returns how many it read; none when the run does not start
/// with a dot directly followed by a name.
fn get_attr_run<'a>(cx: &Ctx<'a>, i: Input<'a>, ops: &List<'_, PostfixOp<'a>>) -> (Input<'a>, usize) {
    let b = bytes(&i);
    let base = pos(&i);
    let (mut n, mut count) = (0, 0);
    while b.get(n) == Some(&b'.') && b.get(n + 1).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') {
        let len = identifier_len(&b[n + 1..]);
        let start = base + n as u32 + 1;
        let name = cx.ident(start, len);
        ops.push(PostfixOp::GetAttr(GetAttr {
            name,
            span: Span::new(start - 1, name.span.end),
        }));
        n += 1 + len;
        count += 1;
    }
    if count == 0 {
        return (i, 0);
    }
    (token(cx, i, n), count)
}

/// A splat: `.*` or `[*]` and the operators it applies to each element.
///
/// ```ebnf
/// Splat = attrSplat | fullSplat;
/// ```
/// spec: Splat, hclsyntax#splat-operators
pub(crate) fn splat<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Splat<'a>> {
    if peek(&i) == Some(b'[') {
        let (i, s) = full_splat(cx, i)?;
        Ok((i, Splat::FullSplat(s)))
    } else {
        let (i, s) = attr_splat(cx, i)?;
        Ok((i, Splat::AttrSplat(s)))
    }
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
    let start = pos(&i);
    let j = token(cx, i, 1);
    let star = span_at(&j, 1);
    let mut i = token(cx, j, 1);
    let marker = Span::new(start, star.end);
    let mut attrs = Vec::new();
    while peek(&i) == Some(b'.') && !i.fragment().starts_with(b"...") && at_identifier(&token(cx, i, 1)) {
        let (next, g) = get_attr(cx, i)?;
        attrs.push(g);
        i = next;
    }
    let span = marker.to(attrs.last().map_or(marker, |g| g.span));
    Ok((
        i,
        AttrSplat {
            marker,
            attrs: cx.arena.alloc_slice(&attrs),
            span,
        },
    ))
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
    let open = span_at(&i, 1);
    let (i, close_span) = cx.nested(open, Newlines::Ignored, || {
        let j = token(cx, i, 1);
        let j = token(cx, j, 1); // the `*`
        let close_span = close(cx, &j, open, &SPLAT_MARKER)?;
        Ok((j, close_span))
    })?;
    let marker = open.to(close_span);
    let mut i = token(cx, i, close_span.len() as usize);
    let mut ops = Vec::new();
    loop {
        match peek(&i) {
            Some(b'[') if at_full_splat(cx, &i) => break,
            Some(b'[') => {
                let (next, x) = index(cx, i)?;
                ops.push(SplatOp::Index(x));
                i = next;
            }
            Some(b'.') if i.fragment().starts_with(b"...") => break,
            Some(b'.') => match peek_after(cx, &i, 1) {
                Some(b'*') => break,
                Some(c) if decimal(c) => {
                    let (next, x) = legacy_index(cx, i)?;
                    ops.push(SplatOp::LegacyIndex(x));
                    i = next;
                }
                _ => {
                    let (next, g) = get_attr(cx, i)?;
                    ops.push(SplatOp::GetAttr(g));
                    i = next;
                }
            },
            _ => break,
        }
    }
    let span = marker.to(ops.last().map_or(marker, SplatOp::span));
    Ok((
        i,
        FullSplat {
            marker,
            ops: cx.arena.alloc_slice(&ops),
            span,
        },
    ))
}
