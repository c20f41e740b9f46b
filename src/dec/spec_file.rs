//! Reading a spec file of the `hcldec` spec format (the reference's
//! `cmd/hcldec/spec.go`, with its wording): one root spec block, custom
//! `function` blocks, `variables` blocks.
//!
//! spec: hcldec#spec-block-types, hcldec#predefined-variables, hcldec#custom-functions

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{implied_type, Spec, SpecExpression, Transform};
use crate::ast::Block;
use crate::body::{AttributeSchema, BlockHeaderSchema, BodySchema, BodyView, Content};
use crate::convert::convert;
use crate::eval::{evaluate, EvalContext, StepBudget};
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::Meter;
use crate::value::{Type, Value};
use crate::{parse_config, Arena, Diagnostic, Diagnostics, Span};

/// What a spec file defines: the root spec, the variables of its
/// `variables` blocks and the functions of its `function` blocks (both for
/// the input's expressions).
#[derive(Clone, Debug)]
pub struct SpecFile {
    /// The root spec (a null literal when the file has errors).
    pub spec: Spec,
    /// The predefined variables, by name.
    pub variables: BTreeMap<String, Value>,
    /// The custom functions, by name.
    pub functions: BTreeMap<String, Function>,
}

/// The functions a spec file's own expressions may call (the spec format's
/// "spec definition functions").
///
/// spec: hcldec#spec-definition-functions
pub fn spec_functions() -> Vec<(&'static str, Function)> {
    let standard = [
        "abs",
        "coalesce",
        "concat",
        "int",
        "jsondecode",
        "jsonencode",
        "length",
        "lower",
        "max",
        "min",
        "strlen",
        "substr",
        "upper",
    ];
    let mut out: Vec<(&'static str, Function)> = standard
        .into_iter()
        .filter_map(|n| crate::stdlib::lookup(n).map(|f| (n, f)))
        .collect();
    out.push(("hasindex", crate::stdlib::hasindex()));
    out.push(("reverse", crate::stdlib::reverse_string()));
    out
}

/// The context of a spec file's expressions: the spec functions, no
/// variables.
fn spec_context() -> EvalContext<'static> {
    let mut ctx = EvalContext::new();
    for (name, f) in spec_functions() {
        // a full-mode context accepts every definition
        let _ = ctx.set_function(name, f);
    }
    ctx.forbid_variables();
    ctx
}

/// The spec block types, in the order the reference lists them, with
/// `block_attrs`, which the format describes (the reference's list of
/// 2.14.1 lacks it).
const SPEC_BLOCK_TYPES: [&str; 11] = [
    "object",
    "array",
    "literal",
    "attr",
    "block",
    "block_list",
    "block_map",
    "block_set",
    "block_attrs",
    "default",
    "transform",
];

fn spec_schema(labelled: bool) -> BodySchema {
    let labels = if labelled { vec!["key".to_string()] } else { Vec::new() };
    let blocks = SPEC_BLOCK_TYPES
        .iter()
        .map(|t| BlockHeaderSchema {
            type_name: t.to_string(),
            label_names: labels.clone(),
        })
        .collect();
    BodySchema::new(Vec::new(), blocks).unwrap_or_default()
}

fn schema(attrs: &[(&str, bool)], blocks: &[(&str, &[&str])]) -> BodySchema {
    BodySchema::new(
        attrs
            .iter()
            .map(|(n, r)| AttributeSchema {
                name: n.to_string(),
                required: *r,
            })
            .collect(),
        blocks
            .iter()
            .map(|(t, l)| BlockHeaderSchema {
                type_name: t.to_string(),
                label_names: l.iter().map(|s| s.to_string()).collect(),
            })
            .collect(),
    )
    .unwrap_or_default()
}

/// Reads the spec file `name` whose text is `src` (the reference's
/// `loadSpecFile`). The diagnostics are the file's (none of them names a
/// file); with errors among them, the spec is a null literal.
///
/// ```
/// use hcl_native::body::AnyFile;
/// use hcl_native::dec::{decode, read_spec_file};
/// use hcl_native::eval::EvalContext;
/// use hcl_native::value::Value;
/// use hcl_native::Arena;
///
/// let (spec_file, diags) = read_spec_file("s.hcldec", b"object {\n  attr \"name\" {\n    type = string\n  }\n}\n");
/// assert!(diags.is_empty());
/// let arena = Arena::new();
/// let input = AnyFile::parse(&arena, "in.hcl", b"name = 1\n").ast;
/// let decoded = decode(&input.body(), &spec_file.spec, &EvalContext::new());
/// assert_eq!(decoded.value.get("name"), Some(&Value::from("1")));
/// ```
pub fn read_spec_file(name: &str, src: &[u8]) -> (SpecFile, Diagnostics) {
    let arena = Arena::new();
    let parsed = parse_config(&arena, src);
    let mut diags = parsed.diagnostics;
    let mut file = SpecFile {
        spec: error_spec(),
        variables: BTreeMap::new(),
        functions: BTreeMap::new(),
    };
    if diags.has_errors() {
        return (file, diags);
    }
    let reader = Reader {
        file: name.into(),
        src: src.into(),
    };
    let body = BodyView::new(&parsed.ast.body).with_source(src);
    let (functions, body) = reader.functions(&body, &mut diags);
    file.functions = functions;
    let (content, body, d) = body.partial_content(&schema(&[], &[("variables", &[])]));
    diags.extend(d);
    let ctx = spec_context();
    for block in &content.blocks {
        let (attrs, d) = BodyView::new(&block.body).just_attributes();
        diags.extend(d);
        for (name, attr) in attrs {
            let e = evaluate(&attr.expr, &ctx);
            diags.extend(e.diagnostics);
            file.variables.insert(name.to_string(), e.value);
        }
    }
    file.spec = reader.root(&body, &mut diags);
    if diags.has_errors() {
        file.spec = error_spec();
    }
    (file, diags)
}

/// What a failed spec decodes to.
fn error_spec() -> Spec {
    Spec::Literal(Value::null(Type::Dynamic))
}

struct Reader {
    file: Arc<str>,
    src: Arc<[u8]>,
}

impl Reader {
    /// The `function` blocks (the reference's userfunc extension) and the
    /// body without them.
    fn functions<'b, 'a>(
        &self,
        body: &BodyView<'b, 'a>,
        diags: &mut Diagnostics,
    ) -> (BTreeMap<String, Function>, BodyView<'b, 'a>) {
        let mut out = BTreeMap::new();
        let (content, rest, d) = body.partial_content(&schema(&[], &[("function", &["name"])]));
        let failed = d.has_errors();
        diags.extend(d);
        if failed {
            return (out, rest);
        }
        let fn_schema = schema(&[("params", true), ("variadic_param", false), ("result", true)], &[]);
        'blocks: for block in &content.blocks {
            let (c, d) = BodyView::new(&block.body).content(&fn_schema);
            let failed = d.has_errors();
            diags.extend(d);
            if failed {
                continue;
            }
            let (Some(params), Some(result)) = (c.attributes.get("params"), c.attributes.get("result")) else {
                continue;
            };
            let list = match crate::analysis::static_list(&params.expr) {
                Ok(l) => l,
                Err(d) => {
                    diags.push(d);
                    continue;
                }
            };
            let mut names = Vec::new();
            for p in list.iter() {
                match crate::analysis::keyword(p) {
                    Some(k) => names.push(k.to_string()),
                    None => {
                        diags.push(Diagnostic::error(
                            "Invalid param element",
                            "Each parameter name must be an identifier.",
                            p.span(),
                        ));
                        continue 'blocks;
                    }
                }
            }
            let variadic = match c.attributes.get("variadic_param") {
                None => None,
                Some(v) => match crate::analysis::keyword(&v.expr) {
                    Some(k) => Some(k.to_string()),
                    None => {
                        diags.push(Diagnostic::error(
                            "Invalid variadic_param",
                            "The variadic parameter name must be an identifier.",
                            v.expr.span(),
                        ));
                        continue;
                    }
                },
            };
            let name = block.labels.first().map_or("", |l| l.value());
            let expr = SpecExpression::new(self.file.clone(), self.src.clone(), result.expr.span());
            out.insert(name.to_string(), user_function(names, variadic, expr));
        }
        (out, rest)
    }

    /// The one root spec block.
    fn root(&self, body: &BodyView<'_, '_>, diags: &mut Diagnostics) -> Spec {
        let (content, d) = body.content(&spec_schema(false));
        let failed = d.has_errors();
        diags.extend(d);
        self.single(
            &content,
            failed,
            "A spec file must have exactly one root block specifying how to map to a JSON value.",
            body.missing_item_range(),
            diags,
        )
    }

    /// The one spec block of `content` (an error for none or several).
    fn single(
        &self,
        content: &Content<'_>,
        failed: bool,
        detail: &str,
        missing: Span,
        diags: &mut Diagnostics,
    ) -> Spec {
        match content.blocks.as_slice() {
            [] => {
                if !failed {
                    diags.push(Diagnostic::error("Missing spec block", detail, missing));
                }
                error_spec()
            }
            [one] => self.spec_block(one, diags),
            [_, second, ..] => {
                diags.push(Diagnostic::error("Extraneous spec block", detail, second.def_span()));
                error_spec()
            }
        }
    }

    /// One spec block (the reference's `decodeSpecBlock`).
    fn spec_block(&self, block: &Block<'_>, diags: &mut Diagnostics) -> Spec {
        crate::stack::with_stack(|| self.spec_block_here(block, diags))
    }

    fn spec_block_here(&self, block: &Block<'_>, diags: &mut Diagnostics) -> Spec {
        let implied = block.labels.first().map(|l| l.value().to_string()).unwrap_or_default();
        let body = BodyView::new(&block.body);
        let missing = body.missing_item_range();
        match block.block_type.name {
            "object" => {
                let (content, d) = body.content(&spec_schema(true));
                diags.extend(d);
                let mut members: Vec<(String, Spec)> = Vec::new();
                for b in &content.blocks {
                    let key = b.labels.first().map(|l| l.value().to_string()).unwrap_or_default();
                    let spec = self.spec_block(b, diags);
                    match members.iter_mut().find(|(k, _)| *k == key) {
                        Some(m) => m.1 = spec,
                        None => members.push((key, spec)),
                    }
                }
                Spec::Object(members)
            }
            "array" => {
                let (content, d) = body.content(&spec_schema(false));
                diags.extend(d);
                Spec::Tuple(content.blocks.iter().map(|b| self.spec_block(b, diags)).collect())
            }
            "attr" => {
                let Some(args) = self.args(&body, &["name", "type", "required"], diags) else {
                    return error_spec();
                };
                let name = args.string("name", diags).unwrap_or(implied);
                let required = args.bool("required", diags);
                let ty = args.type_expr("type", diags);
                if name.is_empty() {
                    diags.push(Diagnostic::error(
                        "Missing name in attribute spec",
                        "The name attribute is required, to specify the attribute name that is expected in an input HCL file.",
                        missing,
                    ));
                    return error_spec();
                }
                Spec::Attr { name, ty, required }
            }
            "block" | "block_list" | "block_set" | "block_map" => {
                self.block_spec(block.block_type.name, &body, implied, diags)
            }
            "block_attrs" => {
                let Some(args) = self.args(&body, &["block_type", "element_type", "required"], diags) else {
                    return error_spec();
                };
                let type_name = args.string("block_type", diags).unwrap_or(implied);
                let required = args.bool("required", diags);
                let element_type = args.type_expr("element_type", diags);
                if type_name.is_empty() {
                    diags.push(missing_block_type("block_attrs", missing));
                    return error_spec();
                }
                Spec::BlockAttrs {
                    type_name,
                    element_type,
                    required,
                }
            }
            "literal" => {
                let Some(args) = self.args(&body, &["value"], diags) else {
                    return error_spec();
                };
                let Some(attr) = args.content.attributes.get("value") else {
                    // the schema reported it missing
                    return error_spec();
                };
                let e = evaluate(&attr.expr, &spec_context());
                let failed = e.diagnostics.has_errors();
                diags.extend(e.diagnostics);
                if failed {
                    return error_spec();
                }
                Spec::Literal(e.value)
            }
            "default" => {
                let (content, d) = body.content(&spec_schema(false));
                let failed = d.has_errors();
                diags.extend(d);
                if content.blocks.is_empty() {
                    if !failed {
                        diags.push(Diagnostic::error(
                            "Missing spec block",
                            "A default block must have at least one nested spec, each specifying a possible outcome.",
                            missing,
                        ));
                    }
                    return error_spec();
                }
                if content.blocks.len() == 1 && !failed {
                    diags.push(Diagnostic::warning(
                        "Useless default block",
                        "A default block with only one spec is equivalent to using that spec alone.",
                        content.blocks[0].def_span(),
                    ));
                }
                let mut spec: Option<Spec> = None;
                for b in &content.blocks {
                    let mut d = Diagnostics::new();
                    let candidate = self.spec_block(b, &mut d);
                    let failed = d.has_errors();
                    diags.extend(d);
                    if failed {
                        continue;
                    }
                    spec = Some(match spec {
                        None => candidate,
                        Some(primary) => Spec::Default {
                            primary: Box::new(primary),
                            default: Box::new(candidate),
                        },
                    });
                }
                spec.unwrap_or_else(error_spec)
            }
            "transform" => {
                let (content, rest, d) = body.partial_content(&schema(&[("result", false)], &[]));
                let failed = d.has_errors();
                diags.extend(d);
                if failed {
                    return error_spec();
                }
                let result = content
                    .attributes
                    .get("result")
                    .map(|a| SpecExpression::new(self.file.clone(), self.src.clone(), a.expr.span()));
                let (nested, d) = rest.content(&spec_schema(false));
                let failed = d.has_errors();
                diags.extend(d);
                if nested.blocks.len() != 1 {
                    if !failed {
                        diags.push(Diagnostic::error(
                            "Invalid transform spec",
                            "A transform spec block must have exactly one nested spec block.",
                            missing,
                        ));
                    }
                    return error_spec();
                }
                let wrapped = self.spec_block(nested.blocks[0], diags);
                Spec::Transform {
                    wrapped: Box::new(wrapped),
                    transform: transform(result),
                }
            }
            other => {
                diags.push(Diagnostic::error(
                    "Invalid spec block",
                    format!(
                        "Blocks of type {} are not expected here.",
                        crate::diagnostic::quoted(other)
                    ),
                    block.block_type.span,
                ));
                error_spec()
            }
        }
    }

    /// `block`, `block_list`, `block_set` and `block_map`.
    fn block_spec(&self, kind: &str, body: &BodyView<'_, '_>, implied: String, diags: &mut Diagnostics) -> Spec {
        let names: &[&str] = match kind {
            "block" => &["block_type", "required"],
            "block_map" => &["block_type", "labels"],
            _ => &["block_type", "min_items", "max_items"],
        };
        let missing = body.missing_item_range();
        // `labels` is a plain list in the reference's gohcl struct: required
        let (content, rest, d) = body.partial_content(&schema(
            &names.iter().map(|n| (*n, *n == "labels")).collect::<Vec<_>>(),
            &[],
        ));
        let failed = d.has_errors();
        diags.extend(d);
        let mut arg_diags = Diagnostics::new();
        let args = Args { content };
        let type_name = args.string("block_type", &mut arg_diags).unwrap_or(implied);
        let required = args.bool("required", &mut arg_diags);
        let min_items = args.count("min_items", &mut arg_diags);
        let max_items = args.count("max_items", &mut arg_diags);
        let labels = args.strings("labels", &mut arg_diags);
        let failed = failed || arg_diags.has_errors();
        diags.extend(arg_diags);
        if failed {
            return error_spec();
        }
        let (nested_content, d) = rest.content(&spec_schema(false));
        let nested_failed = d.has_errors();
        diags.extend(d);
        let nested = Box::new(self.single(
            &nested_content,
            nested_failed,
            "A block spec must have exactly one child spec specifying how to decode block contents.",
            missing,
            diags,
        ));
        if kind == "block" {
            return Spec::Block {
                type_name,
                nested,
                required,
            };
        }
        if type_name.is_empty() {
            diags.push(missing_block_type(kind, missing));
            return error_spec();
        }
        match kind {
            "block_map" => {
                if labels.is_empty() {
                    diags.push(Diagnostic::error(
                        "Invalid block label name list",
                        "A block_map must have at least one label specified.",
                        missing,
                    ));
                    return error_spec();
                }
                let spec = Spec::BlockMap {
                    type_name,
                    labels,
                    nested,
                };
                if implied_type(&spec).has_dynamic() {
                    diags.push(Diagnostic::error(
                        "Invalid block_map spec",
                        "A block_map spec may not contain attributes with type 'any'.",
                        missing,
                    ));
                }
                spec
            }
            "block_set" => Spec::BlockSet {
                type_name,
                nested,
                min_items,
                max_items,
            },
            _ => Spec::BlockList {
                type_name,
                nested,
                min_items,
                max_items,
            },
        }
    }

    /// A leaf spec's arguments, none but `names` allowed; `None` after
    /// errors (the reference then gives up on the block).
    fn args<'a>(&self, body: &BodyView<'_, 'a>, names: &[&str], diags: &mut Diagnostics) -> Option<Args<'a>> {
        let required: Vec<(&str, bool)> = names.iter().map(|n| (*n, *n == "value")).collect();
        let (content, d) = body.content(&schema(&required, &[]));
        let failed = d.has_errors();
        diags.extend(d);
        (!failed).then_some(Args { content })
    }
}

fn missing_block_type(kind: &str, at: Span) -> Diagnostic {
    Diagnostic::error(
        format!("Missing block_type in {kind} spec"),
        "The block_type attribute is required, to specify the block type name that is expected in an input HCL file.",
        at,
    )
}

/// A transformation by a spec file's `result` expression, `nested` its
/// input, in the spec functions' context (without a `result`, null).
fn transform(result: Option<SpecExpression>) -> Transform {
    // the functions' table is made once, not on every application
    let base = spec_context();
    Transform::new(move |nested| {
        let Some(result) = &result else {
            return crate::eval::Evaluated {
                value: Value::null(Type::Dynamic),
                diagnostics: Diagnostics::new(),
            };
        };
        let mut ctx = base.child();
        let _ = ctx.set_variable("nested", nested.clone());
        result.evaluate(&ctx)
    })
}

/// A custom function of a spec file: its `result` evaluated with its
/// parameters as variables, in the spec functions' context.
fn user_function(params: Vec<String>, variadic: Option<String>, result: SpecExpression) -> Function {
    let mut builder = Function::builder();
    for p in &params {
        builder = builder.param(Parameter::new(p.clone(), Type::Dynamic));
    }
    if let Some(v) = &variadic {
        builder = builder.variadic(Parameter::new(v.clone(), Type::Dynamic));
    }
    let base = spec_context();
    builder.metered_implementation(move |args, _, meter: &Meter| {
        let budget = StepBudget::new((meter.bytes_left() / 16) as u64);
        let mut ctx = base.child();
        ctx.share_step_budget(budget.clone());
        for (p, v) in params.iter().zip(args) {
            let _ = ctx.set_variable(p.clone(), v.clone());
        }
        if let Some(v) = &variadic {
            let rest = args.get(params.len()..).unwrap_or_default().to_vec();
            let _ = ctx.set_variable(v.clone(), Value::tuple(rest));
        }
        let e = result.evaluate(&ctx);
        meter.spend(budget.spent())?;
        if e.diagnostics.has_errors() {
            return Err(FunctionError::new(result.error_text(&e.diagnostics)));
        }
        Ok(e.value)
    })
}

/// The arguments of a spec block, each converted as the reference's
/// `gohcl` converts into its Go field (evaluated without variables or
/// functions).
struct Args<'a> {
    content: Content<'a>,
}

impl Args<'_> {
    /// The value of `name`, converted to `ty`; `None` when absent or wrong.
    fn value(&self, name: &str, ty: &Type, diags: &mut Diagnostics) -> Option<Value> {
        let attr = self.content.attributes.get(name)?;
        let e = evaluate(&attr.expr, &EvalContext::literal_only());
        let failed = e.diagnostics.has_errors();
        diags.extend(e.diagnostics);
        if failed {
            return None;
        }
        let unsuitable = |detail: String| {
            Diagnostic::error(
                "Unsuitable value type",
                format!("Unsuitable value: {detail}"),
                attr.expr.span(),
            )
        };
        match convert(&e.value, ty) {
            Ok(v) if v.is_null() || !v.is_wholly_known() => {
                diags.push(unsuitable("value must be known and not null".into()));
                None
            }
            Ok(v) => Some(v),
            Err(err) => {
                diags.push(unsuitable(err.to_string()));
                None
            }
        }
    }

    fn string(&self, name: &str, diags: &mut Diagnostics) -> Option<String> {
        self.value(name, &Type::String, diags)
            .and_then(|v| v.as_str().map(str::to_string))
    }

    fn bool(&self, name: &str, diags: &mut Diagnostics) -> bool {
        self.value(name, &Type::Bool, diags)
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    }

    fn strings(&self, name: &str, diags: &mut Diagnostics) -> Vec<String> {
        self.value(name, &Type::list(Type::String), diags)
            .and_then(|v| {
                v.elements()
                    .map(|es| es.iter().filter_map(|e| e.as_str().map(str::to_string)).collect())
            })
            .unwrap_or_default()
    }

    /// A whole number of items (a negative one counts as none).
    fn count(&self, name: &str, diags: &mut Diagnostics) -> usize {
        let Some(v) = self.value(name, &Type::Number, diags) else {
            return 0;
        };
        match v.as_number().and_then(|n| n.to_i64()) {
            Some(n) => usize::try_from(n).unwrap_or(0),
            None => {
                let attr = &self.content.attributes[name];
                diags.push(Diagnostic::error(
                    "Unsuitable value type",
                    "Unsuitable value: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
                    attr.expr.span(),
                ));
                0
            }
        }
    }

    /// A type expression (`typeexpr`'s type constraint); `any` when absent.
    ///
    /// spec: hcldec#type-expressions
    fn type_expr(&self, name: &str, diags: &mut Diagnostics) -> Type {
        let Some(attr) = self.content.attributes.get(name) else {
            return Type::Dynamic;
        };
        use crate::ast::{ExprTerm, Expression, LiteralValue};
        if matches!(
            &attr.expr,
            Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::Null(_)))
        ) {
            // the reference reads a null type as no type given
            return Type::Dynamic;
        }
        let t = crate::typeexpr::type_constraint(&attr.expr);
        diags.extend(t.diagnostics);
        t.ty
    }
}
