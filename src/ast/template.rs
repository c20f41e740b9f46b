//! AST of the template sub-language and of template expressions.
//!
//! spec: hclsyntax#templates, hclsyntax#template-expressions

use super::{Expression, Identifier};
use crate::span::Span;

/// A template embedded in an expression.
///
/// spec: TemplateExpr
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TemplateExpr<'a> {
    /// `"..."`
    Quoted(QuotedTemplate<'a>),
    /// `<<EOT ... EOT` or `<<-EOT ... EOT`
    Heredoc(&'a HeredocTemplate<'a>),
}

impl<'a> TemplateExpr<'a> {
    /// The template inside the delimiters.
    pub fn template(&self) -> &Template<'a> {
        match self {
            TemplateExpr::Quoted(q) => &q.template,
            TemplateExpr::Heredoc(h) => &h.template,
        }
    }

    /// The whole expression, delimiters included.
    pub fn span(&self) -> Span {
        match self {
            TemplateExpr::Quoted(q) => q.span,
            TemplateExpr::Heredoc(h) => h.span,
        }
    }
}

/// A template between double quotes, with escapes decoded.
///
/// spec: quotedTemplate
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuotedTemplate<'a> {
    /// The template between the quotes.
    pub template: Template<'a>,
    /// From the opening to the closing quote.
    pub span: Span,
}

/// A heredoc template.
///
/// spec: heredocTemplate
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeredocTemplate<'a> {
    /// Introduced by `<<-`: leading spaces are flushed.
    pub flush: bool,
    /// The marker named after `<<` that closes the template.
    pub marker: Identifier<'a>,
    /// The content lines, with the flush rule applied.
    pub template: Template<'a>,
    /// From `<<` to the end of the closing marker's line, its newline
    /// excluded.
    pub span: Span,
}

/// A quoted string without interpolations or directives (block labels).
///
/// spec: StringLit
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StringLit<'a> {
    /// The decoded value.
    pub value: &'a str,
    /// From the opening to the closing quote.
    pub span: Span,
}

/// A sequence of literals, interpolations and directives.
///
/// spec: Template
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Template<'a> {
    /// The parts in source order.
    pub parts: &'a [TemplatePart<'a>],
    /// The template's content range (delimiters excluded).
    pub span: Span,
}

/// One part of a template.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TemplatePart<'a> {
    /// Literal text.
    Literal(TemplateLiteral<'a>),
    /// `${ expression }` (kept apart, so that the literal text most parts
    /// are costs no more than a literal)
    Interpolation(&'a TemplateInterpolation<'a>),
    /// `%{ if }` or `%{ for }`
    Directive(TemplateDirective<'a>),
}

impl Template<'_> {
    /// The template's text when it is literal text only (no interpolation
    /// or directive).
    ///
    /// ```
    /// use hcl_native::ast::{ExprTerm, Expression};
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let Expression::ExprTerm(ExprTerm::TemplateExpr(t)) = parse_expression(&arena, br#""a\tb""#).ast else {
    ///     unreachable!()
    /// };
    /// assert_eq!(t.template().literal_text().as_deref(), Some("a\tb"));
    /// ```
    pub fn literal_text(&self) -> Option<String> {
        let mut s = String::new();
        for part in self.parts {
            match part {
                TemplatePart::Literal(l) => s.push_str(l.value),
                _ => return None,
            }
        }
        Some(s)
    }
}

impl TemplatePart<'_> {
    /// The part's source range.
    pub fn span(&self) -> Span {
        match self {
            TemplatePart::Literal(l) => l.span,
            TemplatePart::Interpolation(i) => i.span,
            TemplatePart::Directive(d) => d.span(),
        }
    }
}

/// Literal text of a template, after escapes, `$${`/`%%{`, strip markers and
/// heredoc flushing have been applied.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TemplateLiteral<'a> {
    /// The text this literal contributes.
    pub value: &'a str,
    /// The source of the literal, including any whitespace a strip marker or
    /// the flush rule removed.
    pub span: Span,
}

/// Strip markers (`~`) on a template sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Strip {
    /// `${~` / `%{~`: strip the whitespace before the sequence.
    pub before: bool,
    /// `~}`: strip the whitespace after the sequence.
    pub after: bool,
}

/// `${ expression }`
///
/// spec: TemplateInterpolation
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TemplateInterpolation<'a> {
    /// The interpolated expression.
    pub expr: Expression<'a>,
    /// Strip markers.
    pub strip: Strip,
    /// From `${` to `}`.
    pub span: Span,
}

/// A template directive.
///
/// spec: TemplateDirective
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TemplateDirective<'a> {
    /// `%{ if }...%{ else }...%{ endif }`
    If(&'a TemplateIf<'a>),
    /// `%{ for }...%{ endfor }`
    For(&'a TemplateFor<'a>),
}

impl TemplateDirective<'_> {
    /// From the opening `%{` to the closing `}` of the end tag.
    pub fn span(&self) -> Span {
        match self {
            TemplateDirective::If(d) => d.span,
            TemplateDirective::For(d) => d.span,
        }
    }
}

/// `%{ if cond }then%{ else }else%{ endif }`
///
/// spec: TemplateIf
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TemplateIf<'a> {
    /// The predicate.
    pub condition: Expression<'a>,
    /// The template used when the predicate is true.
    pub then_template: Template<'a>,
    /// The template used when it is false (absent: the empty string).
    pub else_template: Option<Template<'a>>,
    /// Strip markers of the `if`, `else` and `endif` tags.
    pub strip: [Strip; 3],
    /// From the `if` tag to the `endif` tag.
    pub span: Span,
}

/// `%{ for k, v in coll }body%{ endfor }`
///
/// spec: TemplateFor
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TemplateFor<'a> {
    /// The key variable, when two names are given.
    pub key_var: Option<Identifier<'a>>,
    /// The value variable.
    pub value_var: Identifier<'a>,
    /// The collection iterated over.
    pub collection: Expression<'a>,
    /// The template repeated for each element.
    pub body: Template<'a>,
    /// Strip markers of the `for` and `endfor` tags.
    pub strip: [Strip; 2],
    /// From the `for` tag to the `endfor` tag.
    pub span: Span,
}
