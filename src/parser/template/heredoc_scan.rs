//! The lines of a heredoc, which the spec defines in prose: the flush rule
//! of `<<-` (the line that closes a heredoc is the lexical layer's,
//! `lexical::closing_marker_len`).
//!
//! spec: heredocTemplate, hclsyntax#template-expressions

use super::super::context::{with_stack, Ctx};
use crate::ast::*;
use crate::lexical::is_marker_space;

/// The heredoc flush rule: finds the fewest leading spaces of any
/// line-leading literal (lines that hold only spaces do not count; a line
/// that starts with an interpolation or directive counts as zero), then
/// removes up to that many spaces from the start of every line-leading
/// literal. A space is any Unicode white space character but the line
/// break, tabs included, each counting one ([`is_flush_space`]). Runs after
/// strip markers, on the finished template, which it rebuilds with the
/// flushed literals.
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

/// What the flush rule counts as a space: any Unicode white space but the
/// line break, as the spec's own test suite reads "spaces"
/// (`specsuite/tests/expressions/heredoc`: a tab and an em space are one
/// space each), and as the closing marker's line may hold around it (one
/// rule, `lexical::is_marker_space`).
fn is_flush_space(c: char) -> bool {
    is_marker_space(c)
}

/// The number of leading spaces of `seg`, at most `max`, and their length
/// in bytes.
fn leading_spaces(seg: &str, max: usize) -> (usize, usize) {
    seg.chars()
        .take(max)
        .take_while(|c| is_flush_space(*c))
        .fold((0, 0), |(n, bytes), c| (n + 1, bytes + c.len_utf8()))
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
                    let (spaces, bytes) = leading_spaces(seg, usize::MAX);
                    let blank = k < last && seg.len() == bytes;
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
    let spaces = |seg: &str| -> usize { leading_spaces(seg, min).1 };
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
