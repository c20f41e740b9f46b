//! Templates: literals, interpolations, the `if` and `for` directives, and
//! the unwrapping of a lone interpolation.
//!
//! spec: hclsyntax#templates

use super::conditional::Predicate;
use super::for_expr::Iteration;
use super::{Evaluator, Locals};
use crate::ast::{Template, TemplateDirective, TemplateFor, TemplateIf, TemplatePart};
use crate::convert::convert_metered;
use crate::meter::string_work;
use crate::value::{nfc, shared_short, unknown_with, Refinement, Type, Value};
use crate::Span;

impl Evaluator<'_> {
    /// A template as an expression: a template that is exactly one
    /// interpolation gives its value unconverted; any other gives a string.
    ///
    /// spec: hclsyntax#template-interpolation-unwrapping
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn template_unwrapped(&mut self, t: &Template<'_>, locals: Option<&Locals<'_>>) -> Value {
        if let [TemplatePart::Interpolation(i)] = t.parts {
            return self.expr(&i.expr, locals);
        }
        self.template(t, locals)
    }

    /// `Template = (TemplateLiteral | TemplateInterpolation |
    /// TemplateDirective)*`: the parts' strings joined; unknown when a part
    /// is unknown.
    ///
    /// spec: hclsyntax#templates
    pub(super) fn template(&mut self, t: &Template<'_>, locals: Option<&Locals<'_>>) -> Value {
        // Directives nest templates in templates without an expression
        // between them: this recursion needs its own stack checks.
        self.deeper(|ev| ev.template_here(t, locals))
    }

    fn template_here(&mut self, t: &Template<'_>, locals: Option<&Locals<'_>>) -> Value {
        // A plain quoted string: its text made a value directly, without
        // building it in a buffer first (shared with the last evaluation's
        // when short).
        if let [TemplatePart::Literal(l)] = t.parts {
            if !self.step(string_work(l.value.len()), l.span) {
                return Value::unknown(Type::String);
            }
            return Value::string_nfc(shared_short(l.value));
        }
        let errors = self.error_count();
        let mut out = String::new();
        let mut known = true;
        for part in t.parts {
            match part {
                // spec: hclsyntax#template-literals
                TemplatePart::Literal(l) => {
                    if !self.step(string_work(l.value.len()), l.span) {
                        known = false;
                        break;
                    }
                    // after an unknown part `out` keeps the known prefix;
                    // each part in NFC, as the reference's values are (so
                    // the prefix is cut where the reference cuts it)
                    if known {
                        out.push_str(&nfc(l.value))
                    }
                }
                // spec: hclsyntax#template-interpolations
                TemplatePart::Interpolation(i) => {
                    let v = self.expr(&i.expr, locals);
                    self.append(&mut out, &mut known, v, i.expr.span(), t.span);
                }
                TemplatePart::Directive(TemplateDirective::If(d)) => {
                    let v = self.template_if(d, locals);
                    self.append(&mut out, &mut known, v, d.span, t.span);
                }
                TemplatePart::Directive(TemplateDirective::For(d)) => {
                    let v = self.template_for(d, locals);
                    self.append(&mut out, &mut known, v, d.span, t.span);
                }
            }
        }
        if known {
            return Value::from(out);
        }
        // A template's result is never null, and an unknown one starts with
        // the text before its first unknown part, unless the template had
        // errors (hcl 2.17 and later; the prefix cut to 128 bytes and to
        // what a following character cannot change, as go-cty's
        // `StringPrefix` does).
        if self.error_count() > errors || out.is_empty() {
            return Value::unknown(Type::String).refine_not_null();
        }
        let mut end = out.len().min(128);
        while !out.is_char_boundary(end) {
            end -= 1;
        }
        unknown_with(Type::String, Refinement::string(true, &out[..end]))
    }

    /// Appends one part's value converted to a string.
    fn append(&mut self, out: &mut String, known: &mut bool, v: Value, span: Span, context: Span) {
        if v.is_null() {
            self.error(
                "Invalid template interpolation value",
                "The expression result is null. Cannot include a null value in a string template.",
                span,
                Some(context),
            );
            return;
        }
        if !v.is_known() {
            *known = false;
            return;
        }
        // Printing a fraction or a big number costs steps (see
        // `Number::print_work`).
        let Some(converted) = self.walking(span, |m| convert_metered(&v, &Type::String, m)) else {
            *known = false;
            return;
        };
        match converted {
            // after an unknown part `out` keeps the known prefix: a later
            // part is converted for its errors only
            Ok(_) if !*known => {}
            Ok(s) => match s.as_str() {
                // What a template builds costs steps by its size, so that a
                // string repeated by nested loops meets the step limit.
                Some(s) if self.step(string_work(s.len()), span) => out.push_str(s),
                _ => *known = false,
            },
            Err(e) => self.error(
                "Invalid template interpolation value",
                format!("Cannot include the given value in a string template: {e}."),
                span,
                Some(context),
            ),
        }
    }

    /// `TemplateIf`: the conditional operator over two sub-templates, the
    /// second the empty string when there is no `else`.
    ///
    /// spec: hclsyntax#template-if-directive
    fn template_if(&mut self, d: &TemplateIf<'_>, locals: Option<&Locals<'_>>) -> Value {
        let (then_value, then_diags) = self.isolated(|ev| ev.template(&d.then_template, locals));
        let (else_value, else_diags) = match &d.else_template {
            Some(t) => self.isolated(|ev| ev.template(t, locals)),
            None => (Value::from(""), Vec::new()),
        };
        match self.predicate(&d.condition, d.span, locals) {
            Predicate::Is(true) => {
                self.absorb(then_diags);
                then_value
            }
            Predicate::Is(false) => {
                self.absorb(else_diags);
                else_value
            }
            Predicate::Unknown | Predicate::Invalid => Value::unknown(Type::String),
        }
    }

    /// `TemplateFor`: the sub-template once per element, joined.
    ///
    /// spec: hclsyntax#template-for-directive
    fn template_for(&mut self, d: &TemplateFor<'_>, locals: Option<&Locals<'_>>) -> Value {
        let coll = self.expr(&d.collection, locals);
        let Iteration::Pairs(pairs) = self.iterate(&coll, d.collection.span(), d.span) else {
            return Value::unknown(Type::String);
        };
        let mut out = String::new();
        let mut known = true;
        let scope = Locals::new(d.key_var, d.value_var, locals);
        let slots = self.enter_scope(d.key_var, d.value_var);
        for (k, v) in pairs {
            self.set_scope(slots, || k.value(), v);
            let s = self.template(&d.body, Some(&scope));
            match s.as_str() {
                Some(s) if self.step(string_work(s.len()), d.span) => out.push_str(s),
                _ => known = false,
            }
        }
        self.leave_scope(slots);
        if known {
            Value::from(out)
        } else {
            Value::unknown(Type::String)
        }
    }
}
