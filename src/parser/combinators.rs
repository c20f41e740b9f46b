//! The project's own combinators: the few hand-written pieces that the
//! production functions compose with nom's, each a few lines.
//!
//! | combinator | what for |
//! | --- | --- |
//! | [`tok`], [`keyword`], [`ident`], [`trivia`] | a token and the trivia after it, as the newline mode allows, with its span |
//! | [`dispatch!`] | choose an alternative by the next bytes, trying nothing that is then thrown away |
//! | [`nested`], [`enclosed`] | one level of nesting: the depth limit, stack growth and the newline mode of the inside |
//! | [`commit`], [`unless_at`] | commit with a worded diagnostic; an element that is not there when its list closes |
//! | [`recover`] | an item whose failure is reported, parsing going on at a synchronisation point |
//! | [`arena_many0`], [`arena_separated`], [`arena_items`] | repeated elements collected straight into the arena |
//!
//! Every combinator returns a closure (nom implements `Parser` for
//! `FnMut(Input) -> PResult`), so productions compose them with nom's
//! own (`alt`, `preceded`, `opt`, `map`, `cut`, ...).
//!
//! Errors follow nom's convention: `Err::Error` means "not here, nothing
//! consumed" and lets `alt` try the next alternative (what each one
//! expected is merged at the furthest position, see `error::PError`);
//! `Err::Failure` means the input is committed to a construct and wrong.

use super::context::{bytes, pos, skip, span_at, Ctx, Newlines};
use super::delimited::{close, missing, Closer};
use super::error::{report_error, report_failure, Expected, PError};
use super::lexical;
use super::scratch::Scratch;
use super::{Input, PResult};
use crate::ast::Identifier;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

use nom::sequence::preceded;
use nom::{Err, Parser};

/// A punctuation token: its text, what a message calls it when it is
/// missing, and the bytes that must not follow it, so that a token is
/// never read as the start of a longer one (`=` is not the start of `==`
/// or `=>`).
///
/// spec: hclsyntax#operators-and-delimiters
#[derive(Clone, Copy, Debug)]
pub(crate) struct Punct {
    pub text: &'static str,
    pub expected: Expected,
    pub not_before: &'static [u8],
}

impl Punct {
    /// A token that may be followed by anything.
    pub(crate) const fn new(text: &'static str, expected: Expected) -> Self {
        Punct {
            text,
            expected,
            not_before: b"",
        }
    }

    /// Whether the token is at the start of `b`.
    #[inline]
    pub(crate) fn at(&self, b: &[u8]) -> bool {
        lexical::starts_with(b, self.text.as_bytes())
            && b.get(self.text.len()).is_none_or(|c| !self.not_before.contains(c))
    }
}

/// `=` (not the start of `==` or `=>`).
pub(crate) const EQUALS: Punct = Punct {
    not_before: b"=>",
    ..Punct::new("=", Expected::EQUALS)
};
pub(crate) const COLON: Punct = Punct {
    not_before: b":",
    ..Punct::new(":", Expected::COLON)
};
pub(crate) const DOUBLE_COLON: Punct = Punct::new("::", Expected::DOUBLE_COLON);
pub(crate) const COMMA: Punct = Punct::new(",", Expected::COMMA);
pub(crate) const QUESTION: Punct = Punct::new("?", Expected::QUESTION);
pub(crate) const ARROW: Punct = Punct::new("=>", Expected::ARROW);
pub(crate) const ELLIPSIS: Punct = Punct::new("...", Expected::ELLIPSIS);
pub(crate) const DOT: Punct = Punct::new(".", Expected::DOT);
pub(crate) const STAR: Punct = Punct::new("*", Expected::STAR);
pub(crate) const OPEN_BRACE: Punct = Punct::new("{", Expected::OPEN_BRACE);
pub(crate) const OPEN_PAREN: Punct = Punct::new("(", Expected::OPEN_PAREN);
pub(crate) const OPEN_BRACKET: Punct = Punct::new("[", Expected::OPEN_BRACKET);
pub(crate) const MINUS: Punct = Punct::new("-", Expected::OPERATOR);
pub(crate) const BANG: Punct = Punct::new("!", Expected::OPERATOR);

/// The token `p` and the trivia after it; its span. Fails (an error, not
/// a failure) when the input does not start with it.
#[inline]
pub(crate) fn tok<'c, 'a>(cx: &'c Ctx<'a>, p: Punct) -> impl FnMut(Input<'a>) -> PResult<'a, Span> + 'c {
    move |i: Input<'a>| {
        if p.at(bytes(&i)) {
            let span = span_at(&i, p.text.len());
            Ok((lexical::token(cx, i, p.text.len()), span))
        } else {
            Err(Err::Error(PError::expected(pos(&i), p.expected)))
        }
    }
}

/// The token `p` without the trivia after it (before literal text, which
/// has none).
#[inline]
pub(crate) fn bare<'a>(p: Punct) -> impl FnMut(Input<'a>) -> PResult<'a, Span> {
    move |i: Input<'a>| {
        if p.at(bytes(&i)) {
            Ok((skip(i, p.text.len()), span_at(&i, p.text.len())))
        } else {
            Err(Err::Error(PError::expected(pos(&i), p.expected)))
        }
    }
}

/// The keyword `kw` as a whole identifier (`for`, not the start of
/// `format`), and the trivia after it; its span.
///
/// spec: hclsyntax#keywords
#[inline]
pub(crate) fn keyword<'c, 'a>(cx: &'c Ctx<'a>, kw: &'static str) -> impl FnMut(Input<'a>) -> PResult<'a, Span> + 'c {
    move |i: Input<'a>| {
        if lexical::at_keyword(&i, kw) {
            let span = span_at(&i, kw.len());
            Ok((lexical::token(cx, i, kw.len()), span))
        } else {
            Err(Err::Error(PError::expected(pos(&i), Expected::KEYWORD)))
        }
    }
}

/// The token `p`, the name after it (trivia may stand between them) and
/// the trivia after the name, read in one step (the `"." Identifier` of an
/// attribute access, in a run of them). Fails without consuming where `p`
/// is not there, or (at the name's place) the name is not.
#[inline]
pub(crate) fn tok_ident<'c, 'a>(
    cx: &'c Ctx<'a>,
    p: Punct,
) -> impl FnMut(Input<'a>) -> PResult<'a, (Span, Identifier<'a>)> + 'c {
    move |i: Input<'a>| {
        let b = bytes(&i);
        let start = pos(&i);
        if !p.at(b) {
            return Err(Err::Error(PError::expected(start, p.expected)));
        }
        let n = p.text.len();
        let gap = n + lexical::trivia_len(cx, &b[n..], start + n as u32);
        let len = lexical::identifier_len(&b[gap..]);
        if len == 0 {
            return Err(Err::Error(PError::expected(start + gap as u32, Expected::IDENTIFIER)));
        }
        let name = cx.ident(start + gap as u32, len);
        Ok((lexical::token(cx, i, gap + len), (span_at(&i, n), name)))
    }
}

/// A name, the token `p` after it (trivia may stand between them) and the
/// trivia after the token, read in one step (the `Identifier "="` that
/// starts an attribute). Fails without consuming where there is no name,
/// or no `p` after it.
#[inline]
pub(crate) fn ident_tok<'c, 'a>(
    cx: &'c Ctx<'a>,
    p: Punct,
) -> impl FnMut(Input<'a>) -> PResult<'a, (Identifier<'a>, Span)> + 'c {
    move |i: Input<'a>| {
        let b = bytes(&i);
        let start = pos(&i);
        let len = lexical::identifier_len(b);
        if len == 0 {
            return Err(Err::Error(PError::expected(start, Expected::IDENTIFIER)));
        }
        let at = len + lexical::trivia_len(cx, &b[len..], start + len as u32);
        if !p.at(&b[at..]) {
            return Err(Err::Error(PError::expected(start + at as u32, p.expected)));
        }
        let name = cx.ident(start, len);
        let token = Span::new(start + at as u32, start + (at + p.text.len()) as u32);
        Ok((lexical::token(cx, i, at + p.text.len()), (name, token)))
    }
}

/// An identifier and the trivia after it.
///
/// (The production `Identifier` is `lexical::identifier`.)
#[inline]
pub(crate) fn ident<'c, 'a>(cx: &'c Ctx<'a>) -> impl FnMut(Input<'a>) -> PResult<'a, Identifier<'a>> + 'c {
    move |i| lexical::identifier(cx, i)
}

/// The trivia at the input, as the newline mode allows; never fails.
///
/// spec: hclsyntax#comments-and-whitespace
#[inline]
pub(crate) fn trivia<'c, 'a>(cx: &'c Ctx<'a>) -> impl FnMut(Input<'a>) -> PResult<'a, ()> + 'c {
    move |i| Ok((lexical::trivia(cx, i), ()))
}

/// Chooses one alternative by the bytes at the input, so that nothing is
/// tried and thrown away: `dispatch!(i; pattern => parser, ...)` matches
/// the remaining bytes (a `&[u8]`) against each slice pattern in turn and
/// runs the parser of the first that matches, on `i`; every parser has the
/// same output type. A pattern may have a guard (`[c, ..] if ...`).
/// `dispatch!(i, on bytes; ...)` matches other bytes than the input's (the
/// bytes after a token, say).
macro_rules! dispatch {
    ($i:expr; $($pat:pat $(if $guard:expr)? => $p:expr),+ $(,)?) => {{
        let i = $i;
        $crate::parser::combinators::dispatch!(i, on $crate::parser::context::bytes(&i); $($pat $(if $guard)? => $p),+)
    }};
    ($i:expr, on $on:expr; $($pat:pat $(if $guard:expr)? => $p:expr),+ $(,)?) => {{
        let i = $i;
        #[allow(clippy::redundant_closure_call)]
        match $on {
            $($pat $(if $guard)? => nom::Parser::parse(&mut $p, i),)+
        }
    }};
}
pub(crate) use dispatch;

/// A nested construct: the `opener` (read without the trivia after it),
/// then the construct's inside, `inside(opener_span, input)` (which knows
/// where the construct opened, for its messages), one level of nesting
/// deeper and in newline `mode`. Past [`ParseOptions::max_depth`](super::ParseOptions::max_depth)
/// it fails with "Nesting too deep" at the opener; the inside runs on a
/// fresh stack segment when this one is nearly used up, so that nesting of
/// any depth cannot overflow the stack. The depth and the newline mode are
/// restored however the inside ends. Without the opener, it fails without
/// consuming.
#[inline]
pub(crate) fn nested<'c, 'a, O>(
    cx: &'c Ctx<'a>,
    mode: Newlines,
    mut opener: impl Parser<Input<'a>, Output = Span, Error = PError> + 'c,
    mut inside: impl FnMut(Span, Input<'a>) -> PResult<'a, O> + 'c,
) -> impl FnMut(Input<'a>) -> PResult<'a, O> + 'c {
    move |i: Input<'a>| {
        let (i, open) = opener.parse(i)?;
        let _nest = cx.nest(open, mode)?;
        crate::stack::with_stack(|| inside(open, i))
    }
}

/// A bracketed construct: the token `open`, then `inner(open_span, input)`
/// one level deeper with newlines ignored, then the closing byte that
/// `closer_of` names for `inner`'s output (`None` where `inner` failed),
/// consumed with the trivia after it once the newline mode of the outside
/// is back. Gives the spans of both brackets (the closer's is empty when
/// the input ends first, which is reported and the construct kept, see
/// [`close`]; where `inner` fails at the end of the input, the missing
/// closer is reported after its failure, see [`unclosed_at_end`]).
///
/// `opener_of` turns the opening bracket's span into the span that the
/// closer's messages name as the opener (a call's argument list is
/// "opened" at the function's name).
pub(crate) fn enclosed<'c, 'a, O: 'c>(
    cx: &'c Ctx<'a>,
    open: Punct,
    opener_of: impl Fn(Span) -> Span + 'c,
    mut inner: impl FnMut(Span, Input<'a>) -> PResult<'a, O> + 'c,
    closer_of: impl Fn(Option<&O>) -> &'static Closer + 'c,
) -> impl FnMut(Input<'a>) -> PResult<'a, (Span, O, Span)> + 'c {
    let mut inside = nested(cx, Newlines::Ignored, bare(open), move |open_span, i| {
        let read = preceded(trivia(cx), |i| inner(open_span, i)).parse(i);
        let (j, out) = unclosed_at_end(cx, read, |eof| missing(cx, eof, opener_of(open_span), closer_of(None)))?;
        let close_span = close(cx, &j, opener_of(open_span), closer_of(Some(&out)))?;
        Ok((j, (open_span, out, close_span)))
    });
    move |i: Input<'a>| {
        let (j, (open_span, out, close_span)) = inside(i)?;
        Ok((
            lexical::token(cx, j, close_span.len() as usize),
            (open_span, out, close_span),
        ))
    }
}

/// `r`, the result of the inside of a construct that `unclosed` says is
/// left unclosed at the end of the input: where it failed there, nothing
/// can close the construct either, so the failure is reported (once: the
/// constructs further out see it marked) and then the construct's missing
/// closer, innermost first, as when the input ends inside constructs with
/// nothing failing (docs/deviations.md, D-parse-recovery).
#[inline]
pub(crate) fn unclosed_at_end<'a, T>(
    cx: &Ctx<'a>,
    r: PResult<'a, T>,
    unclosed: impl FnOnce(u32) -> Diagnostic,
) -> PResult<'a, T> {
    match r {
        Err(Err::Failure(mut e)) if e.at as usize >= cx.src.len() => {
            report_unclosed(cx, &mut e, unclosed);
            Err(Err::Failure(e))
        }
        other => other,
    }
}

/// [`unclosed_at_end`]'s reporting, out of the way of the common path.
#[cold]
fn report_unclosed(cx: &Ctx<'_>, e: &mut PError, unclosed: impl FnOnce(u32) -> Diagnostic) {
    let missing = unclosed(cx.src.len() as u32);
    // (a directive's own closer fails at the end with this very error)
    let same = e.diag.as_deref() == Some(&missing);
    report_failure(cx, e);
    if !same {
        cx.report(missing);
    }
}

/// `p`, committed: where it fails without consuming (an error), the
/// failure is the diagnostic that `why` writes for that error. A failure
/// of `p` is passed on as it is.
#[inline]
pub(crate) fn commit<'a, O>(
    mut p: impl Parser<Input<'a>, Output = O, Error = PError>,
    why: impl Fn(&PError) -> Diagnostic,
) -> impl FnMut(Input<'a>) -> PResult<'a, O> {
    move |i| match p.parse(i) {
        Err(Err::Error(e)) => Err(Err::Failure(PError::diag(why(&e)))),
        other => other,
    }
}

/// `p` committed, unless the input is at the byte `closing` or at its end:
/// there it fails without consuming, so that a list ends (on a trailing
/// separator, say) where its closer or the end of the input follows.
#[inline]
pub(crate) fn unless_at<'a, O>(
    closing: u8,
    mut p: impl Parser<Input<'a>, Output = O, Error = PError>,
) -> impl FnMut(Input<'a>) -> PResult<'a, O> {
    move |i: Input<'a>| match bytes(&i).first() {
        None => Err(Err::Error(PError::expected(pos(&i), Expected::NONE))),
        Some(&c) if c == closing => Err(Err::Error(PError::expected(pos(&i), Expected::NONE))),
        Some(_) => nom::combinator::cut(|i| p.parse(i)).parse(i),
    }
}

/// Error recovery: runs `p`; when it fails, its diagnostic is recorded and
/// parsing goes on at the offset that `sync(source, from)` finds, `from`
/// being where `p` started (see `recovery_scan`: always past `from`, but
/// at the end of the input). Gives `p`'s output, or the range skipped.
pub(crate) fn recover<'c, 'a, O>(
    cx: &'c Ctx<'a>,
    mut p: impl Parser<Input<'a>, Output = O, Error = PError> + 'c,
    sync: impl Fn(&[u8], usize) -> usize + 'c,
) -> impl FnMut(Input<'a>) -> PResult<'a, Result<O, Span>> + 'c {
    move |i: Input<'a>| match p.parse(i) {
        Ok((rest, out)) => Ok((rest, Ok(out))),
        Err(e) => {
            let (rest, skipped) = resynchronize(cx, e, i, &sync);
            Ok((rest, Err(skipped)))
        }
    }
}

/// [`recover`]'s way past a failure, out of the way of the common path.
#[cold]
fn resynchronize<'a>(
    cx: &Ctx<'a>,
    e: Err<PError>,
    i: Input<'a>,
    sync: impl Fn(&[u8], usize) -> usize,
) -> (Input<'a>, Span) {
    report_error(cx, e);
    let from = pos(&i) as usize;
    let resume = sync(cx.src, from).max(from);
    (skip(i, resume - from), Span::new(from as u32, resume as u32))
}

/// `p`'s output, with the span of what it consumed (nom's `consumed`,
/// without slicing out the text).
#[inline]
pub(crate) fn spanned<'a, O>(
    mut p: impl Parser<Input<'a>, Output = O, Error = PError>,
) -> impl FnMut(Input<'a>) -> PResult<'a, (Span, O)> {
    move |i: Input<'a>| {
        let (rest, out) = p.parse(i)?;
        Ok((rest, (Span::new(pos(&i), pos(&rest)), out)))
    }
}

/// `p` repeated while it matches, its outputs collected straight into the
/// arena (through the context's scratch stack for their type, see
/// `scratch`): the `*` of the grammar. Nothing is set up until a first
/// `p` matches: most terms have no postfix operator, most blocks no label.
#[inline]
pub(crate) fn arena_many0<'c, 'a, T: Copy + 'a>(
    cx: &'c Ctx<'a>,
    scratch: &'c Scratch<T>,
    mut p: impl Parser<Input<'a>, Output = T, Error = PError> + 'c,
) -> impl FnMut(Input<'a>) -> PResult<'a, &'a [T]> + 'c {
    move |i: Input<'a>| {
        let (i, first) = match p.parse(i) {
            Ok(ok) => ok,
            Err(Err::Error(_)) => return Ok((i, &[])),
            Err(e) => return Err(e),
        };
        let list = scratch.open();
        list.push(first);
        let mut i = i;
        loop {
            match p.parse(i) {
                Ok((rest, x)) => {
                    list.push(x);
                    i = rest;
                }
                Err(Err::Error(_)) => return Ok((i, list.finish(cx.arena))),
                Err(e) => return Err(e),
            }
        }
    }
}

/// `p (separator p)*`, collected into the arena as [`arena_many0`] does:
/// a separator followed by something that is not a `p` (`p` fails without
/// consuming) is left to the caller, as a trailing separator.
#[inline]
pub(crate) fn arena_separated<'c, 'a, T: Copy + 'a>(
    cx: &'c Ctx<'a>,
    scratch: &'c Scratch<T>,
    mut p: impl Parser<Input<'a>, Output = T, Error = PError> + 'c,
    mut separator: impl Parser<Input<'a>, Output = Span, Error = PError> + 'c,
) -> impl FnMut(Input<'a>) -> PResult<'a, &'a [T]> + 'c {
    move |i: Input<'a>| {
        let list = scratch.open();
        let (mut i, first) = p.parse(i)?;
        list.push(first);
        while let Ok((after_separator, _)) = separator.parse(i) {
            match p.parse(after_separator) {
                Ok((rest, x)) => {
                    list.push(x);
                    i = rest;
                }
                Err(Err::Error(_)) => break,
                Err(e) => return Err(e),
            }
        }
        Ok((i, list.finish(cx.arena)))
    }
}

/// The elements of a collection: `(p (("," | Newline) p)* ","?)?` up to the
/// byte `closing` (not consumed), collected into the arena. A newline
/// separates two elements when the trivia between them holds one (`end_of`
/// gives where an element ends); newlines are otherwise whitespace inside
/// the brackets, so an element runs on across lines for as long as it can
/// continue. An element that is not there, where the list does not close,
/// is a failure (`p` is committed). The element lists of the grammar's
/// `tuple` and `object`.
pub(crate) fn arena_items<'c, 'a, T: Copy + 'a>(
    cx: &'c Ctx<'a>,
    scratch: &'c Scratch<T>,
    closing: u8,
    p: impl Parser<Input<'a>, Output = T, Error = PError> + 'c,
    end_of: impl Fn(&T) -> u32 + 'c,
) -> impl FnMut(Input<'a>) -> PResult<'a, &'a [T]> + 'c {
    let mut element = unless_at(closing, p);
    move |i: Input<'a>| {
        let list = scratch.open();
        let mut i = i;
        loop {
            let (rest, x) = match element.parse(i) {
                Ok(ok) => ok,
                Err(Err::Error(_)) => break,
                Err(e) => return Err(e),
            };
            let end = end_of(&x);
            list.push(x);
            i = rest;
            match bytes(&i) {
                [b',', ..] => i = lexical::token(cx, i, 1),
                // a newline separates elements, unless what follows closes
                // something (this list's own closer is left to the caller)
                [c, ..] if !matches!(c, b')' | b']' | b'}') && gap_has_newline(cx.src, end, pos(&i)) => {}
                _ => break,
            }
        }
        Ok((i, list.finish(cx.arena)))
    }
}

/// Whether the trivia between `from` and `to` holds a newline (a line
/// comment counts as one; an inline comment does not, even over lines).
pub(crate) fn gap_has_newline(src: &[u8], from: u32, to: u32) -> bool {
    let gap = &src[from as usize..to as usize];
    let mut n = 0;
    while n < gap.len() {
        let rest = &gap[n..];
        if rest[0] == b'\n' || crate::lexical::starts_line_comment(rest) {
            return true;
        }
        n += match rest {
            [b'/', b'*', ..] => crate::lexical::inline_comment_len(rest).unwrap_or(rest.len()),
            _ => 1,
        };
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::fragment::Src;
    use super::*;
    use crate::arena::Arena;
    use crate::ast::{ExprTerm, Expression, VariableExpr};
    use crate::parser::ParseOptions;
    use nom::combinator::map;
    use nom::sequence::preceded;

    /// Runs `f` with a context over `src` in newline `mode`, at its start.
    fn with<R>(src: &str, mode: Newlines, f: impl for<'a> FnOnce(&Ctx<'a>, Input<'a>) -> R) -> R {
        with_options(src, mode, &ParseOptions::default(), f)
    }

    fn with_options<R>(
        src: &str,
        mode: Newlines,
        options: &ParseOptions,
        f: impl for<'a> FnOnce(&Ctx<'a>, Input<'a>) -> R,
    ) -> R {
        let arena = Arena::new();
        let cx = Ctx::new(&arena, src.as_bytes(), Some(src), options, mode);
        f(&cx, Input::new(Src(src.as_bytes())))
    }

    /// A name, read as a variable.
    fn variable<'c, 'a>(cx: &'c Ctx<'a>) -> impl FnMut(Input<'a>) -> PResult<'a, Expression<'a>> + 'c {
        move |i| {
            map(ident(cx), |name| {
                Expression::ExprTerm(ExprTerm::VariableExpr(VariableExpr { name }))
            })
            .parse(i)
        }
    }

    fn rest<'a>(i: &Input<'a>) -> &'a str {
        std::str::from_utf8(bytes(i)).unwrap()
    }

    fn error_at<O: std::fmt::Debug>(r: PResult<'_, O>) -> (bool, u32, Expected) {
        match r {
            Err(Err::Error(e)) => (false, e.at, e.expected),
            Err(Err::Failure(e)) => (true, e.at, e.expected),
            other => panic!("expected an error, got {other:?}"),
        }
    }

    #[test]
    fn punct_is_never_the_start_of_a_longer_token() {
        assert!(EQUALS.at(b"= 1") && EQUALS.at(b"="));
        assert!(!EQUALS.at(b"== 1") && !EQUALS.at(b"=> 1") && !EQUALS.at(b"x"));
        assert!(ELLIPSIS.at(b"...)") && !ELLIPSIS.at(b"..") && ARROW.at(b"=>"));
    }

    #[test]
    fn tok_takes_the_trivia_its_newline_mode_allows() {
        with("= # c\n x", Newlines::Significant, |cx, i| {
            let (j, span) = tok(cx, EQUALS).parse(i).unwrap();
            assert_eq!((span, rest(&j)), (Span::new(0, 1), "# c\n x"));
        });
        with("= # c\n x", Newlines::Ignored, |cx, i| {
            let (j, span) = tok(cx, EQUALS).parse(i).unwrap();
            assert_eq!((span, rest(&j)), (Span::new(0, 1), "x"));
        });
        with("== 1", Newlines::Ignored, |cx, i| {
            assert_eq!(error_at(tok(cx, EQUALS).parse(i)), (false, 0, Expected::EQUALS));
        });
    }

    #[test]
    fn bare_takes_no_trivia() {
        with("${ x", Newlines::Ignored, |_, i| {
            let (j, span) = bare(Punct::new("${", Expected::TEMPLATE)).parse(i).unwrap();
            assert_eq!((span, rest(&j)), (Span::new(0, 2), " x"));
        });
    }

    #[test]
    fn ident_tok_reads_a_name_and_a_token_in_one_step() {
        with("name /* c */ = 1", Newlines::Ignored, |cx, i| {
            let (j, (name, eq)) = ident_tok(cx, EQUALS).parse(i).unwrap();
            assert_eq!((name.name, eq, rest(&j)), ("name", Span::new(13, 14), "1"));
        });
        // no token after the name: an error there, nothing consumed
        with("name {", Newlines::Ignored, |cx, i| {
            assert_eq!(error_at(ident_tok(cx, EQUALS).parse(i)), (false, 5, Expected::EQUALS));
        });
        with("== 1", Newlines::Ignored, |cx, i| {
            assert_eq!(
                error_at(ident_tok(cx, EQUALS).parse(i)),
                (false, 0, Expected::IDENTIFIER)
            );
        });
    }

    #[test]
    fn keyword_is_a_whole_identifier() {
        with("for x", Newlines::Ignored, |cx, i| {
            let (j, span) = keyword(cx, "for").parse(i).unwrap();
            assert_eq!((span, rest(&j)), (Span::new(0, 3), "x"));
        });
        with("format(x)", Newlines::Ignored, |cx, i| {
            assert_eq!(error_at(keyword(cx, "for").parse(i)), (false, 0, Expected::KEYWORD));
        });
    }

    #[test]
    fn tok_ident_reads_a_token_and_a_name_in_one_step() {
        with(". /* c */ name.next", Newlines::Ignored, |cx, i| {
            let (j, (dot, name)) = tok_ident(cx, DOT).parse(i).unwrap();
            assert_eq!(
                (dot, name.name, name.span, rest(&j)),
                (Span::new(0, 1), "name", Span::new(10, 14), ".next")
            );
        });
        // no name: an error at the name's place, nothing consumed
        with(". 1", Newlines::Ignored, |cx, i| {
            assert_eq!(error_at(tok_ident(cx, DOT).parse(i)), (false, 2, Expected::IDENTIFIER));
        });
    }

    #[test]
    fn dispatch_runs_the_first_matching_arm_only() {
        with("[x", Newlines::Ignored, |cx, i| {
            let r: PResult<'_, &str> = dispatch!(i;
                [b'(', ..] => |i| Ok((i, "paren")),
                [b'[', ..] if false => |i| Ok((i, "never")),
                [b'[', ..] => |i| Ok((i, "bracket")),
                _ => |i| Ok((i, "other")),
            );
            assert_eq!(r.unwrap().1, "bracket");
            let after = tok(cx, OPEN_BRACKET).parse(i).unwrap().0;
            let r: PResult<'_, &str> = dispatch!(i, on bytes(&after);
                [b'x', ..] => |i| Ok((i, "x after the bracket")),
                _ => |i| Ok((i, "other")),
            );
            // `on` chooses by other bytes, and the arm runs on `i`
            let (j, what) = r.unwrap();
            assert_eq!((what, rest(&j)), ("x after the bracket", "[x"));
        });
    }

    /// `(` nested in `(`, one level per parenthesis, newlines ignored inside.
    fn parens<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, u32> {
        nested(cx, Newlines::Ignored, bare(OPEN_PAREN), |_, i| {
            let (i, ()) = trivia(cx).parse(i)?;
            let (i, inner) = nom::combinator::opt(|i| parens(cx, i)).parse(i)?;
            let (i, _) = bare(Punct::new(")", Expected::NONE)).parse(i)?;
            Ok((i, inner.map_or(1, |n| n + 1)))
        })
        .parse(i)
    }

    #[test]
    fn nested_counts_levels_and_restores_depth_and_mode() {
        with("((\n))\nx", Newlines::Significant, |cx, i| {
            let (j, depth) = parens(cx, i).unwrap();
            assert_eq!((depth, rest(&j)), (2, "\nx"));
            // back outside: newlines count again, and no level is left
            assert_eq!(cx.newlines(), Newlines::Significant);
            assert_eq!(rest(&trivia(cx).parse(j).unwrap().0), "\nx");
        });
        let options = ParseOptions {
            max_depth: 3,
            ..Default::default()
        };
        with_options("((((x))))", Newlines::Significant, &options, |cx, i| {
            let Err(Err::Failure(e)) = parens(cx, i) else {
                panic!("the fourth level is past the limit");
            };
            let d = e.diag.unwrap();
            assert_eq!((d.summary.as_str(), d.subject), ("Nesting too deep", Span::new(3, 4)));
            // the failure left every level
            assert_eq!(cx.newlines(), Newlines::Significant);
            assert_eq!(parens(cx, Input::new(Src(b"((()))"))).unwrap().1, 3);
        });
    }

    #[test]
    fn nested_grows_the_stack() {
        // 20,000 levels on a 128 KiB thread: each level recurses through
        // `parens`, and `nested` moves to fresh stack segments
        let handle = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(|| {
                let src = "(".repeat(20_000) + &")".repeat(20_000);
                let options = ParseOptions {
                    max_depth: 1_000_000,
                    ..Default::default()
                };
                with_options(&src, Newlines::Ignored, &options, |cx, i| parens(cx, i).unwrap().1)
            })
            .unwrap();
        assert_eq!(handle.join().unwrap(), 20_000);
    }

    const BRACKETS: Closer = Closer {
        byte: b']',
        what: "the test",
        eof_summary: "Unclosed",
        other_summary: "Missing bracket",
        alternative: None,
        eof_at_opener: false,
    };

    #[test]
    fn enclosed_reads_both_brackets_and_the_trivia_outside_in_the_outer_mode() {
        with("[\n x \n] \n y", Newlines::Significant, |cx, i| {
            let (j, (open, x, close)) = enclosed(cx, OPEN_BRACKET, |s| s, |_, i| ident(cx).parse(i), |_| &BRACKETS)
                .parse(i)
                .unwrap();
            assert_eq!(
                (open, x.name, close, rest(&j)),
                (Span::new(0, 1), "x", Span::new(6, 7), "\n y")
            );
        });
        // a missing closer: a failure naming the opener
        with("[x y]", Newlines::Significant, |cx, i| {
            let r = enclosed(cx, OPEN_BRACKET, |s| s, |_, i| ident(cx).parse(i), |_| &BRACKETS).parse(i);
            let (failed, at, _) = error_at(r);
            assert!(failed && at == 3);
        });
        // the input ends first: kept, reported, with an empty closer
        with("[x", Newlines::Significant, |cx, i| {
            let (_, (_, _, close)) = enclosed(cx, OPEN_BRACKET, |s| s, |_, i| ident(cx).parse(i), |_| &BRACKETS)
                .parse(i)
                .unwrap();
            assert_eq!(close, Span::empty(2));
            assert_eq!(cx.take_diagnostics().as_slice()[0].summary, "Unclosed");
        });
        // no opener: an error, and no level counted
        with("x", Newlines::Significant, |cx, i| {
            let r = enclosed(cx, OPEN_BRACKET, |s| s, |_, i| ident(cx).parse(i), |_| &BRACKETS).parse(i);
            assert_eq!(error_at(r), (false, 0, Expected::OPEN_BRACKET));
        });
    }

    #[test]
    fn commit_words_an_error_and_passes_failures_on() {
        with("x", Newlines::Ignored, |cx, i| {
            let why = |e: &PError| Diagnostic::error("Wanted an equals sign", "", Span::empty(e.at));
            let Err(Err::Failure(e)) = commit(tok(cx, EQUALS), why).parse(i) else {
                panic!("an error becomes a failure");
            };
            assert_eq!(e.diag.unwrap().summary, "Wanted an equals sign");
            let failing =
                |i: Input<'_>| -> PResult<'_, ()> { cx.fail(Diagnostic::error("Own", "", Span::empty(pos(&i)))) };
            let Err(Err::Failure(e)) = commit(failing, why).parse(i) else {
                panic!("a failure stays one");
            };
            assert_eq!(e.diag.unwrap().summary, "Own");
        });
    }

    #[test]
    fn unless_at_leaves_closers_and_the_end_to_the_list() {
        with("] x", Newlines::Ignored, |cx, i| {
            assert!(!error_at(unless_at(b']', ident(cx)).parse(i)).0);
        });
        with("", Newlines::Ignored, |cx, i| {
            assert!(!error_at(unless_at(b']', ident(cx)).parse(i)).0);
        });
        with("+", Newlines::Ignored, |cx, i| {
            // anything else must be the element
            assert!(error_at(unless_at(b']', ident(cx)).parse(i)).0);
        });
    }

    #[test]
    fn recover_reports_and_resumes_at_the_sync_point() {
        with("a ( \n ) b\nc", Newlines::Significant, |cx, i| {
            let (j, r) = recover(cx, tok(cx, EQUALS), super::super::recovery_scan::resync)
                .parse(i)
                .unwrap();
            // past the newline outside the parentheses
            assert_eq!((r, rest(&j)), (Err(Span::new(0, 10)), "c"));
            assert_eq!(cx.take_diagnostics().found(), 1);
            let (_, r) = recover(cx, ident(cx), super::super::recovery_scan::resync)
                .parse(j)
                .unwrap();
            assert_eq!(r.unwrap().name, "c");
        });
    }

    #[test]
    fn arena_lists_collect_straight_into_the_arena() {
        with("a b c = d", Newlines::Ignored, |cx, i| {
            let (j, names) = arena_many0(cx, &cx.labels, map(ident(cx), crate::ast::BlockLabel::Identifier))
                .parse(i)
                .unwrap();
            assert_eq!((names.len(), rest(&j)), (3, "= d"));
            // nothing matched: an empty list, nothing consumed
            let (k, none) = arena_many0(cx, &cx.labels, map(ident(cx), crate::ast::BlockLabel::Identifier))
                .parse(j)
                .unwrap();
            assert_eq!((none.len(), rest(&k)), (0, "= d"));
        });
        // a separator followed by no element is left to the caller
        with("a, b, )", Newlines::Ignored, |cx, i| {
            let (j, list) = arena_separated(cx, &cx.exprs, variable(cx), tok(cx, COMMA))
                .parse(i)
                .unwrap();
            assert_eq!((list.len(), rest(&j)), (2, ", )"));
        });
    }

    #[test]
    fn arena_items_take_commas_or_newlines_between_elements() {
        with("a, b\n c # d\n e, ]", Newlines::Ignored, |cx, i| {
            let (j, list) = arena_items(cx, &cx.exprs, b']', variable(cx), |e| e.span().end)
                .parse(i)
                .unwrap();
            assert_eq!((list.len(), rest(&j)), (4, "]"));
        });
        // no comma and no newline between two elements: the list ends there
        with("a b]", Newlines::Ignored, |cx, i| {
            let (j, list) = arena_items(cx, &cx.exprs, b']', variable(cx), |e| e.span().end)
                .parse(i)
                .unwrap();
            assert_eq!((list.len(), rest(&j)), (1, "b]"));
        });
        // an inline comment over lines is not a newline
        assert!(!gap_has_newline(b" /* \n */ ", 0, 9));
        assert!(gap_has_newline(b" // c", 0, 5) && gap_has_newline(b"/**/\n", 0, 5));
    }

    #[test]
    fn spanned_gives_what_was_consumed() {
        with("a b + c", Newlines::Ignored, |cx, i| {
            let (_, (span, _)) = spanned(preceded(ident(cx), ident(cx))).parse(i).unwrap();
            assert_eq!(span, Span::new(0, 4));
        });
    }
}
