//! Expressions of a spec file evaluated after the file is read: a
//! `transform`'s `result` and a custom `function`'s `result`.

use std::sync::Arc;

use crate::eval::{evaluate, EvalContext, Evaluated};
use crate::{parse_expression, Arena, Diagnostic, Diagnostics, LineIndex, Span};

/// An expression of a spec file, kept as its file's text and its range so
/// that a [`Spec`](super::Spec) owns everything it needs (the syntax tree
/// lives in the arena of the file's reading): each evaluation reads the
/// expression again from the text (a few microseconds), its diagnostics'
/// ranges in the spec file and placed in it ([`Diagnostic::file`]).
#[derive(Clone, Debug)]
pub struct SpecExpression {
    file: Arc<str>,
    src: Arc<[u8]>,
    span: Span,
}

impl SpecExpression {
    /// The expression at `span` of `src`, the text of the file `file`.
    ///
    /// ```
    /// use hcl_native::dec::SpecExpression;
    /// use hcl_native::eval::EvalContext;
    /// use hcl_native::value::Value;
    /// use hcl_native::Span;
    ///
    /// let src: std::sync::Arc<[u8]> = b"result = nested * 2\n"[..].into();
    /// let expr = SpecExpression::new("spec.hcldec".into(), src, Span::new(9, 19));
    /// let mut ctx = EvalContext::new();
    /// ctx.set_variable("nested", Value::from(21)).unwrap();
    /// assert_eq!(expr.evaluate(&ctx).value, Value::from(42));
    /// ```
    pub fn new(file: Arc<str>, src: Arc<[u8]>, span: Span) -> SpecExpression {
        SpecExpression { file, src, span }
    }

    /// The expression's range in its file.
    pub fn span(&self) -> Span {
        self.span
    }

    /// Evaluates the expression in `ctx`.
    pub fn evaluate(&self, ctx: &EvalContext<'_>) -> Evaluated {
        let arena = Arena::new();
        let text = self.src.get(self.span.range()).unwrap_or_default();
        let parsed = parse_expression(&arena, text);
        let mut diagnostics = parsed.diagnostics;
        let mut evaluated = if diagnostics.has_errors() {
            Evaluated {
                value: crate::value::Value::dynamic(),
                diagnostics: Diagnostics::new(),
            }
        } else {
            evaluate(&parsed.ast, ctx)
        };
        diagnostics.extend(evaluated.diagnostics);
        let mut placed = Diagnostics::new();
        for d in diagnostics.into_vec() {
            placed.push(self.placed(d));
        }
        evaluated.diagnostics = placed;
        evaluated
    }

    /// A diagnostic of the text read alone, its ranges moved into the file.
    fn placed(&self, mut d: Diagnostic) -> Diagnostic {
        let at = self.span.start;
        d.subject = Span::new(d.subject.start + at, d.subject.end + at);
        d.context = d.context.map(|s| Span::new(s.start + at, s.end + at));
        d.in_file(&self.file)
    }

    /// A diagnostic as the reference words an error inside a function
    /// (`file:line,column-column: summary; detail`).
    pub(crate) fn error_text(&self, diags: &Diagnostics) -> String {
        let index = LineIndex::new(&self.src);
        let one = |d: &Diagnostic| {
            let s = index.position(&self.src, d.subject.start);
            let e = index.position(&self.src, d.subject.end);
            let range = if s.line == e.line {
                format!("{},{}-{}", s.line, s.column, e.column)
            } else {
                format!("{},{}-{},{}", s.line, s.column, e.line, e.column)
            };
            format!("{}:{range}: {}; {}", self.file, d.summary, d.detail)
        };
        let errors: Vec<&Diagnostic> = diags.iter().filter(|d| d.is_error()).collect();
        match errors.as_slice() {
            [d] => one(d),
            ds => {
                let items: Vec<String> = ds.iter().map(|d| format!("- {}", one(d))).collect();
                format!("{} problems:\n\n{}", ds.len(), items.join("\n"))
            }
        }
    }
}
