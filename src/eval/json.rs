//! JSON values as expressions: the mapping of each JSON value to an HCL
//! value (`json/structure.go`, `expression.Value`, in the reference).
//!
//! spec: json#expressions

use crate::analysis::{Traversal, TraversalStep};
use crate::convert::convert;
use crate::eval::{evaluate_template, EvalContext, Evaluated, Mode};
use crate::json_syntax::{JsonFile, Node, Str};
use crate::value::{Type, Value};
use crate::{Arena, Diagnostic, Diagnostics, Span};

fn evaluate(file: &JsonFile<'_>, node: &Node<'_>, ctx: &EvalContext<'_>) -> Evaluated {
    let mut diags = Vec::new();
    let value = crate::stack::entry(|| value(file, node, ctx, &mut diags));
    Evaluated {
        value,
        diagnostics: Diagnostics::from(diags),
    }
}

fn value(file: &JsonFile<'_>, node: &Node<'_>, ctx: &EvalContext<'_>, diags: &mut Vec<Diagnostic>) -> Value {
    crate::stack::with_stack(|| match node {
        // spec: json#strings
        Node::String(s) => string(s, ctx, diags),
        // spec: json#numbers
        Node::Number(n) => Value::number(n.value.clone()),
        // spec: json#boolean-values
        Node::Bool(b, _) => Value::bool(*b),
        // spec: json#the-null-value
        Node::Null(_) => Value::null(Type::Dynamic),
        // spec: json#arrays
        Node::Array(a) => Value::tuple(a.elements.iter().map(|e| value(file, e, ctx, diags)).collect()),
        // spec: json#objects
        Node::Object(o) => {
            let mut attrs: Vec<(String, Value)> = Vec::with_capacity(o.properties.len());
            let mut first_at: std::collections::HashMap<String, Span> = std::collections::HashMap::new();
            let mut known = true;
            for p in &o.properties {
                let name = string(&p.name, ctx, diags);
                let v = value(file, &p.value, ctx, diags);
                let name = match convert(&name, &Type::String) {
                    Ok(n) => n,
                    Err(e) => {
                        diags.push(Diagnostic::error(
                            "Invalid object key expression",
                            format!("Cannot use this expression as an object key: {e}."),
                            p.name.span,
                        ));
                        continue;
                    }
                };
                if name.is_null() {
                    diags.push(Diagnostic::error(
                        "Invalid object key expression",
                        "Cannot use null value as an object key.",
                        p.name.span,
                    ));
                    continue;
                }
                let Some(key) = name.as_str() else {
                    // unknown: the object's type cannot be known
                    known = false;
                    continue;
                };
                let key = crate::value::nfc_arc(key);
                if let Some(first) = first_at.get(&*key) {
                    diags.push(Diagnostic::error(
                        "Duplicate object attribute",
                        format!(
                            "An attribute named {} was already defined at {}.",
                            crate::diagnostic::quoted(&key),
                            file.position(first.start)
                        ),
                        p.name.span,
                    ));
                    continue;
                }
                first_at.insert(key.to_string(), p.name.span);
                attrs.push((key.to_string(), v));
            }
            if !known {
                return Value::dynamic();
            }
            Value::object(attrs)
        }
        Node::Invalid(_) => Value::dynamic(),
    })
}

/// Whether a string may hold a template sequence: without one, its
/// template is the text itself (nothing to parse).
fn has_sequences(s: &Str<'_>) -> bool {
    s.value.contains("${") || s.value.contains("%{")
}

/// A string: literal text in literal-only mode, otherwise a standalone
/// template of the native syntax (with the unwrapping of a lone
/// interpolation), its ranges counted from just after the opening quote.
fn string(s: &Str<'_>, ctx: &EvalContext<'_>, diags: &mut Vec<Diagnostic>) -> Value {
    if ctx.mode() == Mode::LiteralOnly {
        return Value::string(&s.value);
    }
    if !has_sequences(s) {
        return Value::string(&s.value);
    }
    let arena = Arena::new();
    let parsed = crate::parse_template(&arena, s.value.as_bytes());
    let shift = s.span.start + 1;
    let moved = |mut d: Diagnostic| {
        d.subject = Span::new(d.subject.start + shift, d.subject.end + shift);
        d.context = d.context.map(|c| Span::new(c.start + shift, c.end + shift));
        d
    };
    let failed = parsed.diagnostics.has_errors();
    diags.extend(parsed.diagnostics.into_vec().into_iter().map(moved));
    if failed {
        return Value::dynamic();
    }
    let e = evaluate_template(&parsed.ast, ctx);
    diags.extend(e.diagnostics.into_vec().into_iter().map(moved));
    e.value
}

/// The traversals of the templates in `node`'s strings, in source order.
fn variables(node: &Node<'_>, out: &mut Vec<Traversal>) {
    crate::stack::with_stack(|| match node {
        Node::String(s) => string_variables(s, out),
        Node::Array(a) => a.elements.iter().for_each(|e| variables(e, out)),
        Node::Object(o) => {
            for p in &o.properties {
                string_variables(&p.name, out);
                variables(&p.value, out);
            }
        }
        _ => {}
    })
}

fn string_variables(s: &Str<'_>, out: &mut Vec<Traversal>) {
    if !has_sequences(s) {
        return;
    }
    let arena = Arena::new();
    let parsed = crate::parse_template(&arena, s.value.as_bytes());
    if parsed.diagnostics.has_errors() {
        return;
    }
    for t in parsed.ast.variables() {
        out.push(moved_traversal(t, s.span.start + 1));
    }
}

/// `t` with every range moved `shift` bytes on.
fn moved_traversal(mut t: Traversal, shift: u32) -> Traversal {
    let moved = |sp: Span| Span::new(sp.start + shift, sp.end + shift);
    t.root_span = moved(t.root_span);
    for step in &mut t.steps {
        match step {
            TraversalStep::Attr { span, .. } | TraversalStep::Index { span, .. } => *span = moved(*span),
        }
    }
    t
}

/// A property name evaluated as a string expression.
fn evaluate_name(s: &Str<'_>, ctx: &EvalContext<'_>) -> Evaluated {
    let mut diags = Vec::new();
    let value = string(s, ctx, &mut diags);
    Evaluated {
        value,
        diagnostics: Diagnostics::from(diags),
    }
}

/// The static traversal a string holds, read as a native expression.
///
/// spec: json#static-traversal
fn string_traversal(s: &Str<'_>) -> Result<Traversal, Diagnostic> {
    let arena = Arena::new();
    let parsed = crate::parse_expression(&arena, s.value.as_bytes());
    if parsed.diagnostics.has_errors() {
        return Err(crate::analysis::not_a_static_traversal(s.span));
    }
    crate::analysis::static_traversal(&parsed.ast)
        .map(|t| moved_traversal(t, s.span.start + 1))
        .map_err(|_| crate::analysis::not_a_static_traversal(s.span))
}

// The JSON syntax's expressions are evaluated here, in the evaluation
// layer, which reads both syntaxes; the methods are `JsonFile`'s.
impl JsonFile<'_> {
    /// The variables `node` (of this file) refers to, read as an
    /// expression in full mode: the traversals of the templates its
    /// strings (values and property names) hold, in source order, with
    /// ranges in this file (counted from just after each opening quote, as
    /// for diagnostics). A string that is not a valid template has none.
    ///
    /// ```
    /// use hcl_native::json_syntax::parse;
    ///
    /// let file = parse(br#"{"a": ["${var.x}", {"${k}": "${f(y.z)}"}]}"#).ast;
    /// let (attrs, _) = file.just_attributes();
    /// let roots: Vec<String> = file.variables(attrs[0].value).into_iter().map(|t| t.root).collect();
    /// assert_eq!(roots, ["var", "k", "y"]);
    /// ```
    pub fn variables(&self, node: &Node<'_>) -> Vec<crate::analysis::Traversal> {
        let mut out = Vec::new();
        crate::stack::entry(|| variables(node, &mut out));
        out
    }

    /// Evaluates a property name (of this file) as an expression: a string
    /// template, as a static map's key is.
    pub fn evaluate_name(&self, name: &Str<'_>, ctx: &EvalContext<'_>) -> Evaluated {
        evaluate_name(name, ctx)
    }

    /// The variables a property name (of this file) refers to.
    pub fn name_variables(&self, name: &Str<'_>) -> Vec<crate::analysis::Traversal> {
        let mut out = Vec::new();
        string_variables(name, &mut out);
        out
    }

    /// The static traversal a string (of this file) holds, read as a
    /// native-syntax expression (not a template), its ranges in this file
    /// (counted from just after the opening quote).
    ///
    /// spec: json#static-traversal
    ///
    /// ```
    /// use hcl_native::json_syntax::{parse, Node};
    ///
    /// let file = parse(br#"{"a": "var.list[0]"}"#).ast;
    /// let (attrs, _) = file.just_attributes();
    /// let Node::String(s) = attrs[0].value else { unreachable!() };
    /// let t = file.string_traversal(s).unwrap();
    /// assert_eq!((t.root.as_str(), t.root_span.start, t.steps.len()), ("var", 7, 2));
    /// ```
    pub fn string_traversal(&self, s: &Str<'_>) -> Result<crate::analysis::Traversal, Diagnostic> {
        string_traversal(s)
    }

    /// Evaluates `node` (of this file) as an expression.
    ///
    /// spec: json#expressions
    pub fn evaluate(&self, node: &Node<'_>, ctx: &EvalContext<'_>) -> Evaluated {
        evaluate(self, node, ctx)
    }
}
