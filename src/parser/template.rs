//! The template sub-language: literals, interpolations and directives, in
//! three flavours (quoted, heredoc, standalone) that differ only in how
//! literal text is read and where the template ends.
//!
//! spec: hclsyntax#templates, hclsyntax#template-literals

use super::context::{bytes, peek, pos, skip, span_at, with_stack, Ctx, Nest, Newlines};
use super::expression::{after_term, expression};
use super::for_expr::for_variables;
use super::lexical::{decode_char, found, identifier_len, token, trivia, trivia_and_newlines};
use super::scratch::List;
use super::template_expr::{closing_quote, plain_string};
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// Where a template's text comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Flavor<'m> {
    /// Between double quotes: escapes are decoded; newlines are errors.
    Quoted,
    /// Between a heredoc's header and its closing marker line.
    Heredoc {
        /// The marker that closes the heredoc.
        marker: &'m [u8],
    },
    /// A whole input read as a template: runs to the end of the input.
    Standalone,
}

/// The closing tags a nested template can end with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndKind {
    Else,
    EndIf,
    EndFor,
}

impl EndKind {
    fn keyword(self) -> &'static str {
        match self {
            EndKind::Else => "else",
            EndKind::EndIf => "endif",
            EndKind::EndFor => "endfor",
        }
    }
}

/// How a template ended.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Ending {
    /// At its delimiter (closing quote, marker line, end of input), which
    /// is not consumed.
    End,
    /// At an `else`, `endif` or `endfor` tag, which is consumed.
    Tag { kind: EndKind, strip: Strip, span: Span },
}

/// A sequence of template parts up to the end of the template or the next
/// closing tag. `strip_first` says whether the tag before this template
/// ends with `~}`.
///
/// An interpolation that holds a quoted template (`"${"${x}"}"`) is read
/// without recursion: the template around it is set aside on a stack while
/// the inner one is read by this same loop, and taken up again when the
/// inner one closes (see [`Suspended`]). Recursing, each level of such
/// nesting took two and a half kilobytes of stack through five productions,
/// and 100,000 levels took 260 MB, far past every cache.
///
/// ```ebnf
/// Template = (TemplateLiteral | TemplateInterpolation | TemplateDirective)*
/// ```
/// spec: Template, hclsyntax#templates
pub(crate) fn template<'a>(
    cx: &Ctx<'a>,
    mut i: Input<'a>,
    flavor: Flavor<'_>,
    strip_first: bool,
) -> PResult<'a, (Template<'a>, Ending)> {
    let mut level = Level {
        start: pos(&i),
        parts: cx.parts.open(),
        flavor,
        strip_first,
    };
    let mut outer: Vec<Suspended<'_, 'a, '_>> = Vec::new();
    // one guard for the levels of all the interpolations and quoted
    // templates set aside, as `Ctx::nested` would count them one by one
    let mut nest: Option<Nest<'_, 'a>> = None;
    loop {
        let ending = loop {
            let (next, literal) = template_literal(cx, i, level.flavor);
            if let Some(l) = literal {
                level.parts.push(TemplatePart::Literal(l));
            }
            i = next;
            let b = bytes(&i);
            if b.starts_with(b"${") {
                if let Some(opener) = quoted_interpolation(b) {
                    // an interpolation that starts with a quoted template
                    let open = span_at(&i, 2);
                    let before = b[2] == b'~';
                    match &mut nest {
                        Some(n) if !outer.is_empty() => n.deeper(open)?,
                        _ => {
                            // a new run: the last one's guard has left all
                            // its levels, and goes before the new one takes
                            // the newline mode
                            drop(nest.take());
                            nest = Some(cx.nest(open, Newlines::Ignored)?);
                        }
                    }
                    let guard = nest.as_mut().expect("the guard was just set");
                    let j = trivia(cx, skip(i, opener));
                    let quote_open = span_at(&j, 1);
                    guard.deeper(quote_open)?;
                    if let Some((next, quoted)) = plain_string(cx, &j) {
                        guard.shallower();
                        let (next, interp) = finish_interpolation(cx, next, quoted, open, before, guard)?;
                        level.parts.push(TemplatePart::Interpolation(interp));
                        i = next;
                    } else {
                        i = skip(j, 1);
                        let inner = Level {
                            start: pos(&i),
                            parts: cx.parts.open(),
                            flavor: Flavor::Quoted,
                            strip_first: false,
                        };
                        outer.push(Suspended {
                            level: std::mem::replace(&mut level, inner),
                            open,
                            before,
                            quote_open,
                        });
                        continue;
                    }
                } else {
                    let (next, interp) = template_interpolation(cx, i)?;
                    level.parts.push(TemplatePart::Interpolation(interp));
                    i = next;
                }
            } else if b.starts_with(b"%{") {
                match tag_keyword(cx, i) {
                    Some("if" | "for") => {
                        let (next, d) = template_directive(cx, i, level.flavor)?;
                        level.parts.push(TemplatePart::Directive(d));
                        i = next;
                    }
                    Some(kw @ ("else" | "endif" | "endfor")) => {
                        let kind = match kw {
                            "else" => EndKind::Else,
                            "endif" => EndKind::EndIf,
                            _ => EndKind::EndFor,
                        };
                        let (next, (strip, span)) = end_tag(cx, i, kind)?;
                        i = next;
                        break Ending::Tag { kind, strip, span };
                    }
                    _ => return cx.fail(invalid_keyword(cx, i)),
                }
            } else {
                break Ending::End;
            }
        };
        let template = level.finish(cx, &i, ending);
        let Some(set_aside) = outer.pop() else {
            return Ok((i, (template, ending)));
        };
        // the quoted template inside an interpolation ends here
        if let Ending::Tag { kind, span, .. } = ending {
            return cx.fail(stray_tag(kind, span));
        }
        let guard = nest.as_mut().expect("a guard while templates are set aside");
        let Suspended {
            level: around,
            open,
            before,
            quote_open,
        } = set_aside;
        let quote = closing_quote(cx, &i, quote_open)?;
        guard.shallower();
        let quoted = QuotedTemplate {
            template,
            span: Span::new(quote_open.start, pos(&i) + quote as u32),
        };
        let (next, interp) = finish_interpolation(cx, token(cx, i, quote), quoted, open, before, guard)?;
        level = around;
        level.parts.push(TemplatePart::Interpolation(interp));
        i = next;
    }
}

/// A template being read: where it started, its parts so far, how its
/// text is read and whether its first literal loses leading whitespace.
struct Level<'c, 'a, 'm> {
    start: u32,
    parts: List<'c, TemplatePart<'a>>,
    flavor: Flavor<'m>,
    strip_first: bool,
}

impl<'a> Level<'_, 'a, '_> {
    /// The finished template, which ended at `i` as `ending` says.
    fn finish(self, cx: &Ctx<'a>, i: &Input<'a>, ending: Ending) -> Template<'a> {
        let end = match ending {
            Ending::Tag { span, .. } => span.start,
            Ending::End => pos(i),
        };
        let strip_last = matches!(ending, Ending::Tag { strip, .. } if strip.before);
        let strip_first = self.strip_first;
        let parts = self
            .parts
            .finish_with(cx.arena, |parts| apply_strip(parts, strip_first, strip_last));
        Template {
            parts,
            span: Span::new(self.start, end),
        }
    }
}

/// A template set aside while the quoted template in one of its
/// interpolations is read: the interpolation's `${` (`open`), whether it
/// is `${~` (`before`), and the inner template's opening quote.
struct Suspended<'c, 'a, 'm> {
    level: Level<'c, 'a, 'm>,
    open: Span,
    before: bool,
    quote_open: Span,
}

/// The length of the `${` or `${~` at the start of `b`, when the
/// expression of that interpolation starts with a quoted template after
/// nothing but spaces and tabs (trivia that reads the same in every newline
/// mode and reports nothing).
fn quoted_interpolation(b: &[u8]) -> Option<usize> {
    let at = if b.get(2) == Some(&b'~') { 3 } else { 2 };
    let spaces = b[at..].iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    (b.get(at + spaces) == Some(&b'"')).then_some(at)
}

/// The rest of an interpolation whose expression starts with `quoted`
/// (already read, with the trivia after it): the rest of the expression,
/// then the closing `}` or `~}`. Leaves the interpolation's level of
/// `nest`, as [`template_interpolation`] leaves its own.
#[inline(never)]
fn finish_interpolation<'a>(
    cx: &Ctx<'a>,
    i: Input<'a>,
    quoted: QuotedTemplate<'a>,
    open: Span,
    before: bool,
    nest: &mut Nest<'_, 'a>,
) -> PResult<'a, TemplateInterpolation<'a>> {
    let term = ExprTerm::TemplateExpr(TemplateExpr::Quoted(quoted));
    let (i, expr) = after_term(cx, i, term)?;
    let (i, (after, close)) = sequence_end(cx, i, open, "interpolation")?;
    nest.shallower();
    Ok((
        i,
        TemplateInterpolation {
            expr,
            strip: Strip { before, after },
            span: open.to(close),
        },
    ))
}

/// Literal text up to the next interpolation, directive or end of the
/// template. `$${` and `%%{` stand for `${` and `%{`; in quoted templates
/// escape sequences are decoded. Invalid UTF-8 becomes U+FFFD (the bytes
/// were already reported). Returns `None` for no text at all.
///
/// spec: hclsyntax#template-literals, hclsyntax#template-expressions
pub(crate) fn template_literal<'a>(
    cx: &Ctx<'a>,
    i: Input<'a>,
    flavor: Flavor<'_>,
) -> (Input<'a>, Option<TemplateLiteral<'a>>) {
    let base = pos(&i) as usize;
    let b = bytes(&i);
    let mut text = LiteralText::new(base);
    let special = match flavor {
        Flavor::Quoted => &QUOTED_SPECIAL,
        Flavor::Heredoc { .. } => &HEREDOC_SPECIAL,
        Flavor::Standalone => &STANDALONE_SPECIAL,
    };
    let mut n = 0;
    let mut line_start = base == 0 || cx.src[base - 1] == b'\n';
    while n < b.len() {
        if line_start {
            line_start = false;
            if let Flavor::Heredoc { marker } = flavor {
                if closing_marker_len(&b[n..], marker).is_some() {
                    break;
                }
            }
        }
        // the bulk of a literal: bytes with no meaning here
        while n < b.len() && !special[b[n] as usize] {
            n += 1;
        }
        let Some(&c) = b.get(n) else { break };
        match c {
            b'$' | b'%' if b.get(n + 1) == Some(&b'{') => break,
            b'$' | b'%' if b.get(n + 1) == Some(&c) && b.get(n + 2) == Some(&b'{') => {
                // `$${` is `${`: keep one `$` and the brace
                text.take_raw(cx, base + n);
                text.skip_to(base + n + 1);
                n += 3;
            }
            b'$' | b'%' => n += 1,
            b'"' => break,
            b'\n' if matches!(flavor, Flavor::Quoted) => break,
            b'\r' if b.get(n + 1) == Some(&b'\n') => break,
            b'\r' => n += 1,
            b'\\' => match b.get(n + 1) {
                // a backslash last in the input, or before a newline, is just
                // a character: the string is then unterminated
                None => n += 1,
                Some(b'\n' | b'\r') => n += 1,
                Some(_) => n += escape(cx, &b[n..], base + n, &mut text),
            },
            _ => {
                // a newline in a heredoc
                n += 1;
                line_start = true;
            }
        }
    }
    let end = base + n;
    let literal = (n > 0).then(|| TemplateLiteral {
        value: text.finish(cx, end),
        span: Span::new(base as u32, end as u32),
    });
    (skip(i, n), literal)
}

/// Bytes that end the plain run of a literal, per flavour.
pub(crate) static QUOTED_SPECIAL: [bool; 256] = special(b"$%\"\\\n\r");
static HEREDOC_SPECIAL: [bool; 256] = special(b"$%\n");
static STANDALONE_SPECIAL: [bool; 256] = special(b"$%");

const fn special(bytes: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut k = 0;
    while k < bytes.len() {
        t[bytes[k] as usize] = true;
        k += 1;
    }
    t
}

/// The length of the closing marker line at the start of `b` (leading
/// whitespace, the marker, trailing whitespace; not the newline), if it is
/// one. The marker must be alone on its line; whitespace (spaces and tabs)
/// around it does not count, for `<<` and `<<-` alike.
///
/// spec: heredocTemplate, hclsyntax#template-expressions, hclsyntax#comments-and-whitespace
pub(crate) fn closing_marker_len(b: &[u8], marker: &[u8]) -> Option<usize> {
    let indent = b.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    let rest = &b[indent..];
    if !rest.starts_with(marker) || identifier_len(rest) != marker.len() {
        return None;
    }
    let after = &rest[marker.len()..];
    let trailing = after.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    match &after[trailing..] {
        [] | [b'\n', ..] | [b'\r', b'\n', ..] => Some(indent + marker.len() + trailing),
        _ => None,
    }
}

/// Decodes the escape sequence at the start of `b` (a backslash) into
/// `text` and returns its length. An invalid escape is reported and left
/// as written (without the backslash when it is a single bad selector).
///
/// spec: hclsyntax#template-expressions
fn escape(cx: &Ctx<'_>, b: &[u8], at: usize, text: &mut LiteralText) -> usize {
    let simple = match b[1] {
        b'n' => Some('\n'),
        b'r' => Some('\r'),
        b't' => Some('\t'),
        b'"' => Some('"'),
        b'\\' => Some('\\'),
        _ => None,
    };
    text.take_raw(cx, at);
    if let Some(c) = simple {
        text.push(c);
        text.skip_to(at + 2);
        return 2;
    }
    let digits = match b[1] {
        b'u' => 4,
        b'U' => 8,
        _ => {
            // the selector is one character (whatever its encoding)
            let len = decode_char(&b[1..]).map_or(1, |(_, n)| n);
            let selector = String::from_utf8_lossy(&b[1..1 + len]);
            cx.report(Diagnostic::error(
                "Invalid escape sequence",
                format!(
                    "The symbol \"{selector}\" is not a valid escape sequence selector; the valid ones are \\n, \\r, \\t, \\\", \\\\, \\uNNNN and \\UNNNNNNNN."
                ),
                Span::new(at as u32, (at + 1 + len) as u32),
            ));
            // keep the selector, drop the backslash
            text.skip_to(at + 1);
            return 1;
        }
    };
    let hex = b.get(2..2 + digits).filter(|h| h.iter().all(u8::is_ascii_hexdigit));
    let Some(hex) = hex else {
        let len = 2 + b[2..].iter().take(digits).take_while(|c| c.is_ascii_hexdigit()).count();
        cx.report(Diagnostic::error(
            "Invalid escape sequence",
            format!(
                "The \\{} escape sequence must be followed by {} hexadecimal digits.",
                b[1] as char,
                if digits == 4 { "four" } else { "eight" }
            ),
            Span::new(at as u32, (at + len) as u32),
        ));
        return len; // left as written
    };
    let code = hex
        .iter()
        .fold(0u32, |acc, h| acc * 16 + (*h as char).to_digit(16).unwrap_or(0));
    match char::from_u32(code) {
        Some(c) => {
            text.push(c);
            text.skip_to(at + 2 + digits);
        }
        None => cx.report(Diagnostic::error(
            "Invalid escape sequence",
            format!("U+{code:04X} is not a Unicode scalar value, so it cannot appear in a string."),
            Span::new(at as u32, (at + 2 + digits) as u32),
        )),
    }
    2 + digits
}

/// The text of a template literal under construction: borrowed from the
/// source until something (an escape, `$${`) makes it differ, then built
/// up and copied into the arena.
struct LiteralText {
    /// Start of the source bytes not yet copied.
    raw_start: usize,
    owned: Option<String>,
}

impl LiteralText {
    fn new(start: usize) -> Self {
        LiteralText {
            raw_start: start,
            owned: None,
        }
    }

    /// Copies the source bytes from the last copy point to `end`.
    fn take_raw(&mut self, cx: &Ctx<'_>, end: usize) {
        let raw = cx.text(self.raw_start, end);
        self.owned.get_or_insert_with(String::new).push_str(raw);
        self.raw_start = end;
    }

    fn skip_to(&mut self, at: usize) {
        self.raw_start = at;
    }

    fn push(&mut self, c: char) {
        self.owned.get_or_insert_with(String::new).push(c);
    }

    fn finish<'a>(mut self, cx: &Ctx<'a>, end: usize) -> &'a str {
        match self.owned {
            None => cx.text(self.raw_start, end),
            Some(_) => {
                self.take_raw(cx, end);
                cx.arena.alloc_str(&self.owned.unwrap_or_default())
            }
        }
    }
}

/// Applies strip markers to the literals of `parts`: a literal loses its
/// leading whitespace when the sequence before it ends with `~}`, and its
/// trailing whitespace when the sequence after it starts with `${~` or
/// `%{~`. Whitespace is Unicode's; values of interpolations are untouched.
///
/// spec: hclsyntax#template-literals
fn apply_strip(parts: &mut [TemplatePart<'_>], strip_first: bool, strip_last: bool) {
    let n = parts.len();
    for k in 0..n {
        let after_prev = if k == 0 {
            strip_first
        } else {
            strips_after(&parts[k - 1])
        };
        let before_next = if k + 1 == n {
            strip_last
        } else {
            strips_before(&parts[k + 1])
        };
        if let TemplatePart::Literal(l) = &mut parts[k] {
            if after_prev {
                l.value = l.value.trim_start();
            }
            if before_next {
                l.value = l.value.trim_end();
            }
        }
    }
}

fn strips_before(p: &TemplatePart<'_>) -> bool {
    match p {
        TemplatePart::Literal(_) => false,
        TemplatePart::Interpolation(x) => x.strip.before,
        TemplatePart::Directive(TemplateDirective::If(d)) => d.strip[0].before,
        TemplatePart::Directive(TemplateDirective::For(d)) => d.strip[0].before,
    }
}

fn strips_after(p: &TemplatePart<'_>) -> bool {
    match p {
        TemplatePart::Literal(_) => false,
        TemplatePart::Interpolation(x) => x.strip.after,
        TemplatePart::Directive(TemplateDirective::If(d)) => d.strip[2].after,
        TemplatePart::Directive(TemplateDirective::For(d)) => d.strip[1].after,
    }
}

/// `${ expression }`, with optional strip markers. Newlines inside are
/// whitespace.
///
/// ```ebnf
/// TemplateInterpolation = ("${" | "${~") Expression ("}" | "~}");
/// ```
/// spec: TemplateInterpolation, hclsyntax#template-interpolations
#[inline(never)]
pub(crate) fn template_interpolation<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, TemplateInterpolation<'a>> {
    let open = span_at(&i, 2);
    let i = skip(i, 2);
    let before = peek(&i) == Some(b'~');
    let i = if before { skip(i, 1) } else { i };
    let (i, expr, after, close) = cx.nested(open, Newlines::Ignored, || {
        let i = trivia(cx, i);
        let (i, expr) = expression(cx, i)?;
        let (i, (after, close)) = sequence_end(cx, i, open, "interpolation")?;
        Ok((i, expr, after, close))
    })?;
    Ok((
        i,
        TemplateInterpolation {
            expr,
            strip: Strip { before, after },
            span: open.to(close),
        },
    ))
}

/// The `}` or `~}` that ends a template sequence opened at `open` (no
/// trivia after it: literal text follows).
#[inline(never)]
fn sequence_end<'a>(cx: &Ctx<'a>, i: Input<'a>, open: Span, what: &str) -> PResult<'a, (bool, Span)> {
    match bytes(&i) {
        [b'}', ..] => Ok((skip(i, 1), (false, span_at(&i, 1)))),
        [b'~', b'}', ..] => Ok((skip(i, 2), (true, span_at(&i, 2)))),
        [] => {
            // nothing follows: keep the sequence, report the missing brace
            cx.report(
                Diagnostic::error(
                    format!("Unclosed template {what} sequence"),
                    format!(
                        "There is no closing brace for the {what} sequence opened at {} before the end of the file.",
                        cx.position(open.start)
                    ),
                    open,
                )
                .with_context(open.to(Span::empty(pos(&i)))),
            );
            Ok((i, (false, Span::empty(pos(&i)))))
        }
        _ => {
            let (subject, what_found) = found(cx.src, pos(&i));
            cx.fail(
                Diagnostic::error(
                    format!("Extra characters after {what} expression"),
                    format!(
                        "Expected `}}` to close the {what} sequence opened at {}, but found {what_found}.",
                        cx.position(open.start)
                    ),
                    subject,
                )
                .with_context(open.to(subject)),
            )
        }
    }
}

/// The keyword of the directive tag at `i` (which starts with `%{`).
fn tag_keyword<'a>(cx: &Ctx<'a>, i: Input<'a>) -> Option<&'a str> {
    let j = skip(i, 2);
    let j = if peek(&j) == Some(b'~') { skip(j, 1) } else { j };
    let j = trivia_and_newlines(cx, j);
    let n = identifier_len(j.fragment());
    (n > 0).then(|| cx.str(pos(&j) as usize, pos(&j) as usize + n))
}

#[inline(never)]
fn invalid_keyword<'a>(cx: &Ctx<'a>, i: Input<'a>) -> Diagnostic {
    let open = span_at(&i, 2);
    let j = skip(i, 2);
    let j = if peek(&j) == Some(b'~') { skip(j, 1) } else { j };
    let (subject, what) = found(cx.src, pos(&trivia_and_newlines(cx, j)));
    Diagnostic::error(
        "Invalid template control keyword",
        format!("A template directive starts with `if`, `for`, `else`, `endif` or `endfor`, but found {what}."),
        subject,
    )
    .with_context(open.to(subject))
}

/// The opening tag of a directive: `%{` or `%{~`, then the keyword, in
/// newline-ignoring mode. Returns the input after the keyword and trivia.
fn open_tag<'a>(cx: &Ctx<'a>, i: Input<'a>, keyword: &str) -> (Input<'a>, bool) {
    let j = skip(i, 2);
    let before = peek(&j) == Some(b'~');
    let j = if before { skip(j, 1) } else { j };
    let j = trivia(cx, j);
    (token(cx, j, keyword.len()), before)
}

/// An `else`, `endif` or `endfor` tag.
#[inline(never)]
fn end_tag<'a>(cx: &Ctx<'a>, i: Input<'a>, kind: EndKind) -> PResult<'a, (Strip, Span)> {
    let open = span_at(&i, 2);
    let _mode = cx.mode(Newlines::Ignored);
    let (j, before) = open_tag(cx, i, kind.keyword());
    let (j, (after, close)) = sequence_end(cx, j, open, kind.keyword())?;
    Ok((j, (Strip { before, after }, open.to(close))))
}

/// An `if` or `for` directive, with its nested templates.
///
/// ```ebnf
/// TemplateDirective = TemplateIf | TemplateFor;
/// ```
/// spec: TemplateDirective, hclsyntax#templates
#[inline(never)]
pub(crate) fn template_directive<'a>(
    cx: &Ctx<'a>,
    i: Input<'a>,
    flavor: Flavor<'_>,
) -> PResult<'a, TemplateDirective<'a>> {
    if tag_keyword(cx, i) == Some("if") {
        let (i, d) = template_if(cx, i, flavor)?;
        Ok((i, TemplateDirective::If(cx.alloc(d))))
    } else {
        let (i, d) = template_for(cx, i, flavor)?;
        Ok((i, TemplateDirective::For(cx.alloc(d))))
    }
}

/// `%{ if cond }...%{ else }...%{ endif }`; the `else` part is optional.
///
/// ```ebnf
/// TemplateIf = (
///     ("%{" | "%{~") "if" Expression ("}" | "~}")
///     Template
///     (("%{" | "%{~") "else" ("}" | "~}") Template)?
///     ("%{" | "%{~") "endif" ("}" | "~}")
/// );
/// ```
/// spec: TemplateIf, hclsyntax#template-if-directive
pub(crate) fn template_if<'a>(cx: &Ctx<'a>, i: Input<'a>, flavor: Flavor<'_>) -> PResult<'a, TemplateIf<'a>> {
    let open = span_at(&i, 2);
    cx.nested(open, cx.newlines(), || {
        let (i, condition, if_strip, tag_end) = {
            let _mode = cx.mode(Newlines::Ignored);
            let (i, before) = open_tag(cx, i, "if");
            let (i, condition) = expression(cx, i)?;
            let (i, (after, close)) = sequence_end(cx, i, open, "if")?;
            (i, condition, Strip { before, after }, close)
        };
        let (i, (then_template, ending)) = template(cx, i, flavor, if_strip.after)?;
        let (i, else_template, else_strip, endif) = match ending {
            Ending::Tag {
                kind: EndKind::Else,
                strip,
                ..
            } => {
                let (i, (else_template, ending)) = template(cx, i, flavor, strip.after)?;
                match ending {
                    Ending::Tag {
                        kind: EndKind::EndIf,
                        strip: endif_strip,
                        span,
                    } => (i, Some(else_template), strip, (endif_strip, span)),
                    other => return cx.fail(unbalanced(cx, &i, open.to(tag_end), "if", "endif", other)),
                }
            }
            Ending::Tag {
                kind: EndKind::EndIf,
                strip,
                span,
            } => (i, None, Strip::default(), (strip, span)),
            other => return cx.fail(unbalanced(cx, &i, open.to(tag_end), "if", "endif", other)),
        };
        Ok((
            i,
            TemplateIf {
                condition,
                then_template,
                else_template,
                strip: [if_strip, else_strip, endif.0],
                span: open.to(endif.1),
            },
        ))
    })
}

/// `%{ for k, v in coll }...%{ endfor }`. The key variable is optional,
/// as for `for` expressions.
///
/// ```ebnf
/// TemplateFor = (
///     ("%{" | "%{~") "for" Identifier ("," Identifier) "in" Expression ("}" | "~}")
///     Template
///     ("%{" | "%{~") "endfor" ("}" | "~}")
/// );
/// ```
/// spec: TemplateFor, hclsyntax#template-for-directive
pub(crate) fn template_for<'a>(cx: &Ctx<'a>, i: Input<'a>, flavor: Flavor<'_>) -> PResult<'a, TemplateFor<'a>> {
    let open = span_at(&i, 2);
    cx.nested(open, cx.newlines(), || {
        let (i, key_var, value_var, collection, for_strip, tag_end) = {
            let _mode = cx.mode(Newlines::Ignored);
            let (i, before) = open_tag(cx, i, "for");
            let (i, (key_var, value_var)) = for_variables(cx, i, |at, need| directive_error(cx, at, open, need))?;
            let (i, collection) = expression(cx, i)?;
            let (i, (after, close)) = sequence_end(cx, i, open, "for")?;
            (i, key_var, value_var, collection, Strip { before, after }, close)
        };
        let (i, (body, ending)) = template(cx, i, flavor, for_strip.after)?;
        let (endfor_strip, end) = match ending {
            Ending::Tag {
                kind: EndKind::EndFor,
                strip,
                span,
            } => (strip, span),
            other => return cx.fail(unbalanced(cx, &i, open.to(tag_end), "for", "endfor", other)),
        };
        Ok((
            i,
            TemplateFor {
                key_var,
                value_var,
                collection,
                body,
                strip: [for_strip, endfor_strip],
                span: open.to(end),
            },
        ))
    })
}

fn directive_error(cx: &Ctx<'_>, at: u32, open: Span, need: &str) -> Diagnostic {
    let (subject, what) = found(cx.src, at);
    Diagnostic::error(
        "Invalid template directive",
        format!(
            "The directive at {} needs {need}, but found {what}.",
            cx.position(open.start)
        ),
        subject,
    )
    .with_context(open.to(subject))
}

/// The error for a directive that ended wrongly: at the end of the
/// template, or at a tag of another directive.
fn unbalanced(cx: &Ctx<'_>, i: &Input<'_>, opener: Span, directive: &str, closer: &str, ending: Ending) -> Diagnostic {
    match ending {
        Ending::Tag { kind, span, .. } => Diagnostic::error(
            format!("Unexpected {} directive", kind.keyword()),
            format!(
                "Expected `%{{ {closer} }}` to close the `{directive}` directive at {}, but found `{}`; \
                 the directives of this template are unbalanced.",
                cx.position(opener.start),
                kind.keyword()
            ),
            span,
        )
        .with_context(opener.to(span)),
        Ending::End => {
            let end = Span::empty(pos(i));
            Diagnostic::error(
                format!("Unterminated template {directive} directive"),
                format!(
                    "There is no `%{{ {closer} }}` to close the `{directive}` directive at {} before the end of the template.",
                    cx.position(opener.start)
                ),
                end,
            )
            .with_context(opener.to(end))
        }
    }
}

/// The error for an `else`, `endif` or `endfor` tag with nothing open.
pub(crate) fn stray_tag(kind: EndKind, span: Span) -> Diagnostic {
    Diagnostic::error(
        format!("Unexpected {} directive", kind.keyword()),
        format!(
            "There is no open directive for this `{}` to close; the directives of this template are unbalanced.",
            kind.keyword()
        ),
        span,
    )
}

/// The heredoc flush rule: finds the fewest leading spaces of any
/// line-leading literal (lines that hold only spaces do not count; a line
/// that starts with an interpolation or directive counts as zero), then
/// removes up to that many spaces from the start of every line-leading
/// literal. Only U+0020 counts as a space here. Runs after strip markers,
/// on the finished template, which it rebuilds with the flushed literals.
///
/// spec: heredocTemplate, hclsyntax#template-expressions
pub(crate) fn flush<'a>(cx: &Ctx<'a>, template: Template<'a>) -> Template<'a> {
    let mut m = Measure {
        at_line_start: true,
        min: usize::MAX,
    };
    walk_lines(&template, &mut |event| m.see(event));
    if m.min == 0 || m.min == usize::MAX {
        return template;
    }
    let mut at_line_start = true;
    flushed(cx, &template, m.min, &mut at_line_start)
}

/// What the flush rule sees, in source order.
enum LineEvent<'s> {
    Literal(&'s str),
    Sequence,
}

struct Measure {
    at_line_start: bool,
    min: usize,
}

impl Measure {
    fn see(&mut self, event: LineEvent<'_>) {
        match event {
            LineEvent::Sequence => {
                if self.at_line_start {
                    self.min = 0;
                }
                self.at_line_start = false;
            }
            LineEvent::Literal("") => {}
            LineEvent::Literal(v) => {
                let segments: Vec<&str> = v.split('\n').collect();
                let last = segments.len() - 1;
                for (k, seg) in segments.iter().enumerate() {
                    let leading = k > 0 || self.at_line_start;
                    if !leading || (k == last && seg.is_empty()) {
                        continue;
                    }
                    let spaces = seg.bytes().take_while(|c| *c == b' ').count();
                    let blank = k < last && seg.trim_end_matches('\r').len() == spaces;
                    if !blank {
                        self.min = self.min.min(spaces);
                    }
                }
                self.at_line_start = v.ends_with('\n');
            }
        }
    }
}

fn walk_lines<'t>(t: &Template<'t>, f: &mut dyn FnMut(LineEvent<'t>)) {
    for part in t.parts {
        match part {
            TemplatePart::Literal(l) => f(LineEvent::Literal(l.value)),
            TemplatePart::Interpolation(_) => f(LineEvent::Sequence),
            TemplatePart::Directive(TemplateDirective::If(d)) => {
                f(LineEvent::Sequence);
                with_stack(|| walk_lines(&d.then_template, f));
                if let Some(e) = &d.else_template {
                    f(LineEvent::Sequence);
                    with_stack(|| walk_lines(e, f));
                }
                f(LineEvent::Sequence);
            }
            TemplatePart::Directive(TemplateDirective::For(d)) => {
                f(LineEvent::Sequence);
                with_stack(|| walk_lines(&d.body, f));
                f(LineEvent::Sequence);
            }
        }
    }
}

/// A copy of `t` with every line-leading literal flushed by up to `min`
/// spaces.
fn flushed<'a>(cx: &Ctx<'a>, t: &Template<'a>, min: usize, at_line_start: &mut bool) -> Template<'a> {
    let mut parts = Vec::with_capacity(t.parts.len());
    for part in t.parts {
        parts.push(match *part {
            TemplatePart::Literal(l) if l.value.is_empty() => TemplatePart::Literal(l),
            TemplatePart::Literal(l) => {
                let value = flush_literal(cx, l.value, min, *at_line_start);
                *at_line_start = l.value.ends_with('\n');
                TemplatePart::Literal(TemplateLiteral { value, span: l.span })
            }
            TemplatePart::Interpolation(x) => {
                *at_line_start = false;
                TemplatePart::Interpolation(x)
            }
            TemplatePart::Directive(TemplateDirective::If(d)) => {
                *at_line_start = false;
                let then_template = with_stack(|| flushed(cx, &d.then_template, min, at_line_start));
                let else_template = d.else_template.map(|e| {
                    *at_line_start = false;
                    with_stack(|| flushed(cx, &e, min, at_line_start))
                });
                *at_line_start = false;
                TemplatePart::Directive(TemplateDirective::If(cx.alloc(TemplateIf {
                    then_template,
                    else_template,
                    ..*d
                })))
            }
            TemplatePart::Directive(TemplateDirective::For(d)) => {
                *at_line_start = false;
                let body = with_stack(|| flushed(cx, &d.body, min, at_line_start));
                *at_line_start = false;
                TemplatePart::Directive(TemplateDirective::For(cx.alloc(TemplateFor { body, ..*d })))
            }
        });
    }
    Template {
        parts: cx.arena.alloc_slice(&parts),
        span: t.span,
    }
}

/// Removes up to `min` leading spaces from each line-leading segment.
fn flush_literal<'a>(cx: &Ctx<'a>, value: &'a str, min: usize, at_line_start: bool) -> &'a str {
    let spaces = |seg: &str| -> usize { seg.bytes().take(min).take_while(|c| *c == b' ').count() };
    if !value.contains('\n') {
        return if at_line_start { &value[spaces(value)..] } else { value };
    }
    let mut out = String::with_capacity(value.len());
    for (k, seg) in value.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        if k > 0 || at_line_start {
            out.push_str(&seg[spaces(seg)..]);
        } else {
            out.push_str(seg);
        }
    }
    cx.arena.alloc_str(&out)
}

#[cfg(test)]
mod tests {
    use super::closing_marker_len;

    #[test]
    fn closing_marker_lines() {
        assert_eq!(closing_marker_len(b"EOT\n", b"EOT"), Some(3));
        assert_eq!(closing_marker_len(b"  EOT  \r\n", b"EOT"), Some(7));
        assert_eq!(closing_marker_len(b"EOT", b"EOT"), Some(3));
        assert_eq!(closing_marker_len(b"EOTX\n", b"EOT"), None);
        assert_eq!(closing_marker_len(b"EOT x\n", b"EOT"), None);
        assert_eq!(closing_marker_len(b"\t EOT\n", b"EOT"), Some(5));
        assert_eq!(closing_marker_len(b"x EOT\n", b"EOT"), None);
    }
}
