//! Tuple and object constructors.
//!
//! Between the brackets newlines are whitespace, and a newline may also
//! stand where the grammar allows it, between two elements, instead of a
//! comma. An element's expression therefore runs on across line breaks for
//! as long as it can continue (`1 +` at the end of a line continues on the
//! next), and the next element starts at the first token that cannot
//! continue it.
//!
//! spec: hclsyntax#collection-values

use super::context::{bytes, peek, pos, span_at, Ctx, Newlines};
use super::delimited::{close, missing, Closer};
use super::expression::expression;
use super::lexical::{at_identifier, found, identifier_token, next_on_line, token, trivia};
use super::scratch::Scratch;
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;

/// A tuple or object constructor (the caller has ruled out `for`).
///
/// ```ebnf
/// CollectionValue = tuple | object;
/// ```
/// spec: CollectionValue, hclsyntax#collection-values
pub(crate) fn collection_value<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, CollectionValue<'a>> {
    if peek(&i) == Some(b'[') {
        let (i, t) = tuple(cx, i)?;
        Ok((i, CollectionValue::Tuple(t)))
    } else {
        let (i, o) = object(cx, i)?;
        Ok((i, CollectionValue::Object(o)))
    }
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
    let open = span_at(&i, 1);
    let (i, elements, close_span) = cx.nested(open, Newlines::Ignored, || {
        let (i, elements) = elements(cx, token(cx, i, 1), open, &TUPLE, &cx.exprs, expression, |e| {
            e.span().end
        })?;
        let close_span = close(cx, &i, open, &TUPLE)?;
        Ok((i, elements, close_span))
    })?;
    Ok((
        token(cx, i, close_span.len() as usize),
        Tuple {
            elements,
            span: open.to(close_span),
        },
    ))
}

/// `{key = value, key: value}`
///
/// ```ebnf
/// object = "{" ((objectelem (("," | Newline) objectelem)* ","?)?) "}";
/// ```
/// spec: object, hclsyntax#collection-values
pub(crate) fn object<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Object<'a>> {
    let open = span_at(&i, 1);
    let (i, elements, close_span) = cx.nested(open, Newlines::Ignored, || {
        let (i, elements) = elements(cx, token(cx, i, 1), open, &OBJECT, &cx.elems, objectelem, |e| {
            e.value.span().end
        })?;
        let close_span = close(cx, &i, open, &OBJECT)?;
        Ok((i, elements, close_span))
    })?;
    Ok((
        token(cx, i, close_span.len() as usize),
        Object {
            elements,
            span: open.to(close_span),
        },
    ))
}

/// The elements of a collection up to (not including) its closing byte,
/// separated by commas or newlines, with an optional trailing comma.
fn elements<'a, T: Copy>(
    cx: &Ctx<'a>,
    mut i: Input<'a>,
    open: crate::Span,
    closer: &Closer,
    scratch: &Scratch<T>,
    element: impl Fn(&Ctx<'a>, Input<'a>) -> PResult<'a, T>,
    end_of: impl Fn(&T) -> u32,
) -> PResult<'a, &'a [T]> {
    let out = scratch.open();
    loop {
        match peek(&i) {
            Some(c) if c == closer.byte => break,
            None => break, // reported by `close`
            _ => {}
        }
        let (next, e) = element(cx, i)?;
        let end = end_of(&e);
        out.push(e);
        i = next;
        match peek(&i) {
            Some(b',') => i = token(cx, i, 1),
            Some(c) if c == closer.byte => break,
            None => break,
            // a newline separates elements, unless what follows is a closer
            // (of something else: this list's own closer was seen above)
            Some(c) if !matches!(c, b')' | b']' | b'}') && gap_has_newline(cx.src, end, pos(&i)) => {}
            _ => return cx.fail(missing(cx, pos(&i), open, closer)),
        }
    }
    Ok((i, out.finish(cx.arena)))
}

/// Whether the trivia between `from` and `to` holds a newline (a line
/// comment counts as one; an inline comment does not, even over lines).
fn gap_has_newline(src: &[u8], from: u32, to: u32) -> bool {
    let gap = &src[from as usize..to as usize];
    let mut n = 0;
    while n < gap.len() {
        match gap[n] {
            b'\n' | b'#' => return true,
            b'/' if gap.get(n + 1) == Some(&b'/') => return true,
            b'/' if gap.get(n + 1) == Some(&b'*') => {
                n += 2 + memchr::memmem::find(&gap[n + 2..], b"*/").map_or(gap.len(), |k| k + 2);
            }
            _ => n += 1,
        }
    }
    false
}

/// One element of an object constructor. A key that is a lone identifier
/// is the literal key name (even `true`, `false` or `null`); any other key
/// is an expression, evaluated to find the name.
///
/// ```ebnf
/// objectelem = (Identifier | Expression) ("=" | ":") Expression;
/// ```
/// spec: objectelem, hclsyntax#collection-values
pub(crate) fn objectelem<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ObjectElem<'a>> {
    let (i, key) = object_key(cx, i)?;
    if !at_key_separator(&i) {
        // The separator is missing right after the key: point at the next
        // token on the key's line (a newline, when the line ends there).
        let (subject, what) = found(cx.src, next_on_line(cx, key.span().end));
        return cx.fail(
            Diagnostic::error(
                "Missing key/value separator",
                format!("Expected an equals sign (\"=\") or a colon after the object key, but found {what}."),
                subject,
            )
            .with_context(key.span().to(subject)),
        );
    }
    let separator = span_at(&i, 1);
    let i = token(cx, i, 1);
    let (i, value) = expression(cx, i)?;
    Ok((i, ObjectElem { key, separator, value }))
}

fn object_key<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ObjectKey<'a>> {
    if at_identifier(&i) {
        let (after, id) = identifier_token(cx, i)?;
        let j = trivia(cx, after);
        if at_key_separator(&j) {
            return Ok((j, ObjectKey::Identifier(id)));
        }
    }
    let (i, key) = expression(cx, i)?;
    if let Expression::ExprTerm(ExprTerm::Postfix(p)) = &key {
        if matches!(p.term, ExprTerm::VariableExpr(_)) {
            cx.report(Diagnostic::warning(
                "Ambiguous attribute key",
                "This key is a reference: it is evaluated, and its value names the attribute. \
                 Wrap it in parentheses to say so, or in quotes if the dots are part of the name.",
                key.span(),
            ));
        }
    }
    Ok((i, ObjectKey::Expression(key)))
}

/// `=` (but not `==` or `=>`) or `:`.
fn at_key_separator(i: &Input<'_>) -> bool {
    matches!(bytes(i), [b'=', c, ..] if *c != b'=' && *c != b'>') || matches!(bytes(i), [b'='] | [b':', ..])
}

#[cfg(test)]
mod tests {
    use super::gap_has_newline;

    #[test]
    fn newlines_in_gaps() {
        assert!(gap_has_newline(b"  \n ", 0, 4));
        assert!(gap_has_newline(b" # c\n", 0, 5));
        assert!(gap_has_newline(b" // c", 0, 5));
        assert!(!gap_has_newline(b" /* \n */ ", 0, 9));
        assert!(!gap_has_newline(b"  ", 0, 2));
        assert!(gap_has_newline(b"/**/\n", 0, 5));
    }
}
