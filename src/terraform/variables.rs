//! `variable` blocks as Terraform decodes them (`configs.decodeVariableBlock`):
//! the type constraint (with Terraform's legacy forms), how `-var` text is
//! read for it, the default converted to it, `nullable` and the
//! validation rules.

use crate::ast::{ExprTerm, Expression, TemplateExpr, TemplatePart};
use crate::body::{AnyBlock, AnyExpression};
use crate::convert::ConversionError;
use crate::eval::EvalContext;
use crate::json_syntax::Node;
use crate::typeexpr::{type_constraint_with_defaults, TypeExpr};
use crate::value::{Type, Value};
use crate::{Arena, Diagnostic, Diagnostics};

use super::config::{attributes, schema};

/// A declared variable.
pub(super) struct Variable<'n, 'a> {
    pub name: &'n str,
    pub block: AnyBlock<'n, 'a>,
    /// The type constraint and its defaults; `None`: any value.
    pub ty: Option<TypeExpr>,
    /// Whether `-var` text is the value itself (a primitive type, or no
    /// type) rather than an HCL expression.
    pub literal: bool,
    /// The default, converted to the type.
    pub default: Option<Value>,
    pub nullable: bool,
    /// `sensitive = true`.
    pub sensitive: bool,
    /// The `validation` blocks.
    pub validations: Vec<AnyBlock<'n, 'a>>,
}

impl<'n, 'a: 'n> Variable<'n, 'a> {
    /// Reads a `variable` block; `scratch` holds the type expressions of
    /// JSON files (read out of their strings).
    pub fn read(block: AnyBlock<'n, 'a>, scratch: &'n Arena, diags: &mut Diagnostics) -> Variable<'n, 'a> {
        let file = block.file.clone();
        let mut d = Diagnostics::new();
        let (attrs, blocks) = attributes(
            &block,
            &schema(
                &[
                    "description",
                    "default",
                    "type",
                    "sensitive",
                    "nullable",
                    "ephemeral",
                    "const",
                ],
                &[],
                &[("validation", &[])],
            ),
            &mut d,
        );
        let name = block.labels.first().map_or("", |(n, _)| *n);
        let (mut ty, mut literal) = (None, true);
        if let Some(attr) = attrs.get("type") {
            let (t, lit, td) = variable_type(&attr.expr, scratch);
            d.extend(td);
            if !t.diagnostics.is_empty() {
                d.extend(t.diagnostics.iter().cloned());
            } else {
                ty = Some(t);
            }
            literal = lit;
        }
        let literal_ctx = EvalContext::literal_only();
        let flag = |n: &str, d: &mut Diagnostics| {
            attrs.get(n).and_then(|a| {
                let e = a.expr.evaluate(&literal_ctx);
                d.extend(e.diagnostics);
                e.value.as_bool()
            })
        };
        let nullable = flag("nullable", &mut d).unwrap_or(true);
        let sensitive = flag("sensitive", &mut d).unwrap_or(false);
        let mut default = None;
        if let Some(attr) = attrs.get("default") {
            let e = attr.expr.evaluate(&literal_ctx);
            let failed = e.diagnostics.has_errors();
            d.extend(e.diagnostics);
            let mut v = e.value;
            if !failed && let Some(t) = &ty {
                v = match t.convert(&v) {
                    Ok(v) => v,
                    Err(err) => {
                        d.push(Diagnostic::error(
                            "Invalid default value for variable",
                            format!(
                                "This default value is not compatible with the variable's type constraint: {}.",
                                err
                            ),
                            attr.expr.span(),
                        ));
                        Value::dynamic()
                    }
                };
            }
            if !nullable && v.is_null() {
                d.push(Diagnostic::error(
                    "Invalid default value for variable",
                    "A null default value is not valid when nullable=false.",
                    attr.expr.span(),
                ));
            }
            default = Some(v);
        }
        diags.extend(match &file {
            Some(f) => d.in_file(f),
            None => d,
        });
        Variable {
            name,
            block,
            ty,
            literal,
            default,
            nullable,
            sensitive,
            validations: blocks,
        }
    }

    /// The type a value of this variable has when nothing is known of it.
    pub fn unknown(&self) -> Value {
        match &self.ty {
            Some(t) => Value::unknown(t.ty.without_optional_attributes()),
            None => Value::dynamic(),
        }
    }

    /// `value` converted to the variable's type, its optional attributes'
    /// defaults put in.
    pub fn convert(&self, value: &Value) -> Result<Value, ConversionError> {
        match &self.ty {
            Some(t) => t.convert(value),
            None => Ok(value.clone()),
        }
    }
}

/// The type constraint of a `type` argument, whether `-var` text is read
/// literally for it, and Terraform's own diagnostics (the quoted forms of
/// Terraform 0.11).
fn variable_type<'n, 'a: 'n>(expr: &AnyExpression<'n, 'a>, scratch: &'n Arena) -> (TypeExpr, bool, Diagnostics) {
    let mut diags = Diagnostics::new();
    let dynamic = |diags| {
        (
            TypeExpr {
                ty: Type::Dynamic,
                defaults: None,
                diagnostics: Diagnostics::new(),
            },
            false,
            diags,
        )
    };
    let native = match *expr {
        AnyExpression::Native(e) => {
            if let Some(text) = quoted_string(e) {
                let (detail, literal) = match text.as_str() {
                    "string" => ("Remove the quotes around \"string\".", true),
                    "list" => (
                        "Remove the quotes around \"list\" and write list(string) instead to explicitly indicate \
                         that the list elements are strings.",
                        false,
                    ),
                    "map" => (
                        "Remove the quotes around \"map\" and write map(string) instead to explicitly indicate \
                         that the map elements are strings.",
                        false,
                    ),
                    _ => {
                        diags.push(Diagnostic::error(
                            "Invalid legacy variable type hint",
                            "To provide a full type expression, remove the surrounding quotes and give the type \
                             expression directly.",
                            e.span(),
                        ));
                        return dynamic(diags);
                    }
                };
                diags.push(Diagnostic::error(
                    "Invalid quoted type constraints",
                    format!(
                        "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form \
                         is now deprecated and will be removed in a future version of Terraform. {detail}"
                    ),
                    e.span(),
                ));
                let (t, _, d) = dynamic(diags);
                return (t, literal, d);
            }
            e
        }
        AnyExpression::Json(_, Node::String(s)) => {
            let text: &'n str = scratch.alloc_str(&s.value);
            let parsed = crate::parse_expression(scratch, text.as_bytes());
            if parsed.diagnostics.has_errors() {
                for d in parsed.diagnostics.iter() {
                    diags.push(Diagnostic::error(d.summary(), d.detail(), s.span));
                }
                return dynamic(diags);
            }
            scratch.alloc(parsed.ast)
        }
        _ => {
            diags.push(Diagnostic::error(
                "Invalid type specification",
                "A type specification is either a primitive type keyword (bool, number, string) or a complex type \
                 constructor call, like list(string).",
                expr.span(),
            ));
            return dynamic(diags);
        }
    };
    let legacy = match crate::analysis::keyword(native) {
        Some("list") => Some(Type::list(Type::Dynamic)),
        Some("map") => Some(Type::map(Type::Dynamic)),
        _ => None,
    };
    if let Some(ty) = legacy {
        let t = TypeExpr {
            ty,
            defaults: None,
            diagnostics: Diagnostics::new(),
        };
        return (t, false, diags);
    }
    let mut t = type_constraint_with_defaults(native);
    if let AnyExpression::Json(_, n) = expr {
        // the string's own ranges mean nothing in the file: the whole string
        let span = n.span();
        t.diagnostics = t
            .diagnostics
            .iter()
            .map(|d| Diagnostic::error(d.summary(), d.detail(), span))
            .collect::<Vec<_>>()
            .into();
    }
    let literal = t.ty.is_primitive();
    (t, literal, diags)
}

/// The text of a native quoted string without interpolations (Terraform's
/// `exprIsNativeQuotedString`).
fn quoted_string(e: &Expression<'_>) -> Option<String> {
    let Expression::ExprTerm(ExprTerm::TemplateExpr(TemplateExpr::Quoted(q))) = e else {
        return None;
    };
    if q.template.parts.iter().any(|p| !matches!(p, TemplatePart::Literal(_))) {
        return None;
    }
    crate::eval::evaluate(e, &EvalContext::literal_only())
        .value
        .as_str()
        .map(str::to_string)
}
