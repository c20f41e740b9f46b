//! Static analysis: reading an expression's shape instead of its value.
//!
//! spec: model#static-analysis, hclsyntax#static-analysis
//!
//! Each analysis accepts one kind of expression and answers an "Invalid
//! expression" error, at the expression, for any other.
//!
//! ```
//! use hcl_native::analysis::{static_call, static_list, static_traversal, TraversalStep};
//! use hcl_native::{parse_expression, Arena};
//!
//! let arena = Arena::new();
//! let list = parse_expression(&arena, b"[a, b.c]").ast;
//! assert_eq!(static_list(&list).unwrap().len(), 2);
//! let t = parse_expression(&arena, b"var.items[0].name").ast;
//! let t = static_traversal(&t).unwrap();
//! assert_eq!(t.root, "var");
//! assert!(matches!(&t.steps[1], TraversalStep::Index { .. }));
//! let call = parse_expression(&arena, b"max(1, 2)").ast;
//! assert_eq!(static_call(&call).unwrap().name, "max");
//! assert!(static_list(&call).is_err());
//! ```

use crate::ast::{ExprTerm, Expression, FunctionCall, Identifier, LiteralValue, ObjectKey, PostfixOp, TemplatePart};
use crate::number::Number;
use crate::value::{Type, Value};
use crate::{Diagnostic, Span};

fn invalid(detail: &str, span: Span) -> Diagnostic {
    Diagnostic::error("Invalid expression", detail, span)
}

/// The element expressions of a tuple constructor.
///
/// spec: hclsyntax#static-list
pub fn static_list<'e, 'a>(expr: &'e Expression<'a>) -> Result<&'e [Expression<'a>], Diagnostic> {
    match expr {
        Expression::ExprTerm(ExprTerm::CollectionValue(crate::ast::CollectionValue::Tuple(t))) => Ok(t.elements),
        _ => Err(invalid("A static list expression is required.", expr.span())),
    }
}

/// One key/value pair of a static map. The key is the expression as
/// written, of any kind: an identifier key is not read as a string.
#[derive(Clone, Copy, Debug)]
pub struct StaticPair<'e, 'a> {
    /// The key.
    pub key: &'e ObjectKey<'a>,
    /// The value.
    pub value: &'e Expression<'a>,
}

/// The key/value pairs of an object constructor, keys uninterpreted.
///
/// spec: hclsyntax#static-map
pub fn static_map<'e, 'a>(expr: &'e Expression<'a>) -> Result<Vec<StaticPair<'e, 'a>>, Diagnostic> {
    match expr {
        Expression::ExprTerm(ExprTerm::CollectionValue(crate::ast::CollectionValue::Object(o))) => Ok(o
            .elements
            .iter()
            .map(|e| StaticPair {
                key: &e.key,
                value: &e.value,
            })
            .collect()),
        _ => Err(invalid("A static map expression is required.", expr.span())),
    }
}

/// A static call: the function's name and the argument expressions.
#[derive(Clone, Debug)]
pub struct StaticCall<'e, 'a> {
    /// The name, with its namespaces joined by `::` (`ns::name`) as the
    /// reference gives it.
    pub name: std::borrow::Cow<'a, str>,
    /// Where the name is.
    pub name_span: Span,
    /// The argument expressions.
    pub args: &'e [Expression<'a>],
    /// Whether the last argument is followed by `...`.
    pub expand_final: bool,
    /// The parentheses and what they hold.
    pub args_span: Span,
}

/// The name and argument expressions of a function call.
///
/// spec: hclsyntax#static-call
pub fn static_call<'e, 'a>(expr: &'e Expression<'a>) -> Result<StaticCall<'e, 'a>, Diagnostic> {
    match expr {
        Expression::ExprTerm(ExprTerm::FunctionCall(call @ FunctionCall { arguments, .. })) => Ok(StaticCall {
            name: call.full_name(),
            name_span: call.name_span(),
            args: arguments.args,
            expand_final: arguments.expand_final,
            args_span: arguments.span,
        }),
        _ => Err(invalid("A static function call is required.", expr.span())),
    }
}

/// One step of a traversal after its root.
#[derive(Clone, Debug, PartialEq)]
pub enum TraversalStep {
    /// `.name`
    Attr {
        /// The attribute's name.
        name: String,
        /// Where the step is.
        span: Span,
    },
    /// `[key]` with a constant key, or the legacy `.0`.
    Index {
        /// The key's value.
        key: Value,
        /// Where the step is.
        span: Span,
    },
}

/// A static traversal: a root name and steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Traversal {
    /// The root variable's name (`true`, `false` and `null` count as
    /// names here).
    pub root: String,
    /// Where the root is.
    pub root_span: Span,
    /// Attribute and constant index steps.
    pub steps: Vec<TraversalStep>,
}

const TRAVERSAL_REQUIRED: &str = "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";

/// A variable with attribute access and constant index steps, read as a
/// path from the root scope. The keywords `true`, `false` and `null` are
/// read as variable names.
///
/// spec: hclsyntax#static-traversal
pub fn static_traversal(expr: &Expression<'_>) -> Result<Traversal, Diagnostic> {
    let fail = || invalid(TRAVERSAL_REQUIRED, expr.span());
    let Expression::ExprTerm(term) = expr else {
        return Err(fail());
    };
    let (root, ops): (Identifier<'_>, &[PostfixOp<'_>]) = match term {
        ExprTerm::Postfix(p) => (root_of(&p.term).ok_or_else(fail)?, p.ops),
        t => (root_of(t).ok_or_else(fail)?, &[]),
    };
    let mut steps = Vec::with_capacity(ops.len());
    for op in ops {
        steps.push(match op {
            PostfixOp::GetAttr(g) => TraversalStep::Attr {
                name: g.name.name.to_string(),
                span: g.span,
            },
            PostfixOp::LegacyIndex(l) => TraversalStep::Index {
                key: Value::number(Number::from_literal(l.digits).map_err(|_| fail())?),
                span: l.span,
            },
            PostfixOp::Index(ix) => TraversalStep::Index {
                key: constant(&ix.key).ok_or_else(fail)?,
                span: ix.span,
            },
            PostfixOp::Splat(_) => return Err(fail()),
        });
    }
    Ok(Traversal {
        root: root.name.to_string(),
        root_span: root.span,
        steps,
    })
}

/// A traversal relative to a value the caller chooses: the root's name is
/// the first attribute step.
///
/// ```
/// use hcl_native::analysis::{relative_traversal, TraversalStep};
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// let e = parse_expression(&arena, b"a.b").ast;
/// let steps = relative_traversal(&e).unwrap();
/// assert!(matches!(&steps[0], TraversalStep::Attr { name, .. } if name == "a"));
/// ```
pub fn relative_traversal(expr: &Expression<'_>) -> Result<Vec<TraversalStep>, Diagnostic> {
    let t = static_traversal(expr)?;
    let mut steps = vec![TraversalStep::Attr {
        name: t.root,
        span: t.root_span,
    }];
    steps.extend(t.steps);
    Ok(steps)
}

/// The name of a lone variable reference (or keyword), for applications
/// that give names a meaning of their own.
///
/// ```
/// use hcl_native::analysis::keyword;
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// assert_eq!(keyword(&parse_expression(&arena, b"create_before_destroy").ast), Some("create_before_destroy"));
/// assert_eq!(keyword(&parse_expression(&arena, b"a.b").ast), None);
/// ```
pub fn keyword<'a>(expr: &Expression<'a>) -> Option<&'a str> {
    match expr {
        Expression::ExprTerm(t) => root_of(t).map(|i| i.name),
        _ => None,
    }
}

/// A variable, or a `true`, `false` or `null` keyword, as a name.
fn root_of<'a>(t: &ExprTerm<'a>) -> Option<Identifier<'a>> {
    match t {
        ExprTerm::VariableExpr(v) => Some(v.name),
        ExprTerm::LiteralValue(LiteralValue::Bool(b, span)) => Some(Identifier {
            name: if *b { "true" } else { "false" },
            span: *span,
        }),
        ExprTerm::LiteralValue(LiteralValue::Null(span)) => Some(Identifier {
            name: "null",
            span: *span,
        }),
        _ => None,
    }
}

/// A constant index key: a number, bool or null literal, or a quoted
/// template of plain text.
fn constant(e: &Expression<'_>) -> Option<Value> {
    match e {
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::NumericLit(n))) => n.number().ok().map(Value::number),
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::Bool(b, _))) => Some(Value::bool(*b)),
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::Null(_))) => Some(Value::null(Type::Dynamic)),
        Expression::ExprTerm(ExprTerm::TemplateExpr(t)) => {
            let mut s = String::new();
            for part in t.template().parts {
                match part {
                    TemplatePart::Literal(l) => s.push_str(l.value),
                    _ => return None,
                }
            }
            Some(Value::from(s))
        }
        _ => None,
    }
}
