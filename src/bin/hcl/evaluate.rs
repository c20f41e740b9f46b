//! `hcl eval`, `hcl expr` and `hcl template`: evaluation with the standard
//! functions and the variables of a VARS.json file.

use crate::Found;
use hcl_native::ast::Body;
use hcl_native::convert::convert;
use hcl_native::eval::{evaluate, evaluate_template, EvalContext, Evaluated};
use hcl_native::json::{type_from_json, value_from_json};
use hcl_native::render::quoted;
use hcl_native::value::{Type, Value};
use hcl_native::{parse_config_with, parse_expression_with, parse_template_with, Arena, Diagnostic, Span};
use serde_json::Value as Json;
use std::str::FromStr;

use crate::json::{write_str, WriteJson};
use crate::Format;
use hcl_native::Locator;

/// The variables of a run: a file (`--vars`) and single ones (`--var`).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Vars {
    /// Variables from a file: JSON, either typed (`{"name": {"type": T,
    /// "value": V}}`, `{"name": {"unknown": T}}`) or plain (`{"region":
    /// "eu", "n": 3}`, types implied), or HCL attributes (a `.tfvars` or
    /// `.hcl` file: `region = "eu"`).
    #[arg(long)]
    pub vars: Option<String>,
    /// One variable, `NAME=EXPRESSION` (an HCL expression without
    /// variables: `--var 'zones=["a", "b"]'`); repeatable, and set after
    /// `--vars`.
    #[arg(long = "var", value_name = "NAME=EXPRESSION")]
    pub var: Vec<String>,
}

impl Vars {
    /// Whether any variable was given.
    pub fn given(&self) -> bool {
        self.vars.is_some() || !self.var.is_empty()
    }
}

/// The context of a run: the functions of `--functions` and the
/// variables.
pub fn read_vars(vars: &Vars, settings: &crate::Settings) -> Result<EvalContext<'static>, String> {
    let mut ctx = settings.functions();
    settings.apply(&mut ctx);
    if let Some(path) = &vars.vars {
        let text = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let list = if path.ends_with(".json") || !(path.ends_with(".tfvars") || path.ends_with(".hcl")) {
            json_vars(&text).map_err(|e| format!("{path}: {e}"))?
        } else {
            hcl_vars(path, &text, settings)?
        };
        for (name, value) in list {
            ctx.set_variable(name, value).map_err(|e| e.to_string())?;
        }
    }
    for item in &vars.var {
        let Some((name, expr)) = item.split_once('=') else {
            return Err(format!("--var {}: NAME=EXPRESSION is required", quoted(item)));
        };
        let value = literal_expression(expr.as_bytes(), settings).map_err(|e| format!("--var {name}: {e}"))?;
        ctx.set_variable(name.trim().to_string(), value)
            .map_err(|e| e.to_string())?;
    }
    Ok(ctx)
}

/// An HCL expression without variables, evaluated with the standard
/// functions.
fn literal_expression(src: &[u8], settings: &crate::Settings) -> Result<Value, String> {
    let arena = Arena::new();
    let parsed = parse_expression_with(&arena, src, &settings.parse);
    let out = evaluate(&parsed.ast, &settings.functions());
    match parsed
        .diagnostics
        .iter()
        .chain(out.diagnostics.iter())
        .find(|d| d.is_error())
    {
        Some(d) => Err(format!("{}: {}", d.summary(), d.detail())),
        None => Ok(out.value),
    }
}

/// A `.tfvars` file's attributes, each evaluated without variables.
fn hcl_vars(path: &str, text: &[u8], settings: &crate::Settings) -> Result<Vec<(String, Value)>, String> {
    let arena = Arena::new();
    let parsed = parse_config_with(&arena, text, &settings.parse);
    let fail = |d: &Diagnostic| {
        let at = hcl_native::Position::of(text, d.subject().start);
        format!("{path}:{}:{}: {}: {}", at.line, at.column, d.summary(), d.detail())
    };
    if let Some(d) = parsed.diagnostics.iter().find(|d| d.is_error()) {
        return Err(fail(d));
    }
    if let Some(b) = parsed.ast.body.blocks().next() {
        return Err(format!(
            "{path}: a variables file holds attributes only, not a {} block",
            b.block_type.name
        ));
    }
    let ctx = settings.functions();
    parsed
        .ast
        .body
        .attributes()
        .map(|a| {
            let out = evaluate(&a.expr, &ctx);
            match out.diagnostics.iter().find(|d| d.is_error()) {
                Some(d) => Err(fail(d)),
                None => Ok((a.name.name.to_string(), out.value)),
            }
        })
        .collect()
}

/// A JSON variables file: the typed form when every entry is `{"type": T,
/// "value": V}` or `{"unknown": T}`, otherwise plain JSON whose values'
/// types are implied (numbers exact, strings literal).
fn json_vars(text: &[u8]) -> Result<Vec<(String, Value)>, String> {
    use hcl_native::json_syntax::Node;
    // one reading, by the JSON syntax's parser, which keeps numbers' digits
    let parsed = hcl_native::json_syntax::parse(text);
    if let Some(d) = parsed.diagnostics.iter().find(|d| d.is_error()) {
        let at = hcl_native::Position::of(text, d.subject().start);
        return Err(format!(
            "invalid JSON: {}: {} (line {}, column {})",
            d.summary(),
            d.detail(),
            at.line,
            at.column
        ));
    }
    let file = &parsed.ast;
    let Node::Object(vars) = &file.root else {
        return Err("an object of variables is required".into());
    };
    let typed = |spec: &Node<'_>| match spec {
        Node::Object(m) => {
            let keys = || m.properties.iter().map(|p| p.name.value.as_ref());
            (keys().any(|k| k == "type") && keys().all(|k| k == "type" || k == "value"))
                || (m.properties.len() == 1 && keys().all(|k| k == "unknown"))
        }
        _ => false,
    };
    if !vars.properties.is_empty() && vars.properties.iter().all(|p| typed(&p.value)) {
        return vars
            .properties
            .iter()
            .map(|p| {
                let name = p.name.value.to_string();
                let value = var_value(&node_json(&p.value)).map_err(|e| format!("variable {}: {e}", quoted(&name)))?;
                Ok((name, value))
            })
            .collect();
    }
    let literal = EvalContext::literal_only();
    Ok(vars
        .properties
        .iter()
        .map(|p| (p.name.value.to_string(), file.evaluate(&p.value, &literal).value))
        .collect())
}

/// A JSON value as serde_json's, its numbers' digits kept: a number a float
/// does not hold exactly becomes its text as a string, which a number type
/// converts from exactly (serde_json's own numbers are floats: the library
/// does not enable its `arbitrary_precision`, which would change every
/// serde_json of the build).
fn node_json(node: &hcl_native::json_syntax::Node<'_>) -> Json {
    use hcl_native::json_syntax::Node;
    crate::nested(|| match node {
        Node::Object(o) => Json::Object(
            o.properties
                .iter()
                .map(|p| (p.name.value.to_string(), node_json(&p.value)))
                .collect(),
        ),
        Node::Array(a) => Json::Array(a.elements.iter().map(node_json).collect()),
        Node::String(s) => Json::String(s.value.to_string()),
        Node::Number(n) => match serde_json::Number::from_str(n.text) {
            Ok(f) if f.is_i64() || f.is_u64() => Json::Number(f),
            Ok(f) if f.as_f64().map(Value::from).as_ref().and_then(Value::as_number) == Some(&n.value) => {
                Json::Number(f)
            }
            _ => Json::String(n.value.to_string()),
        },
        Node::Bool(b, _) => Json::Bool(*b),
        Node::Null(_) | Node::Invalid(_) => Json::Null,
    })
}

fn var_value(spec: &Json) -> Result<Value, String> {
    if let Some(t) = spec.get("unknown") {
        let ty = type_from_json(t).map_err(|e| e.to_string())?;
        return Ok(Value::unknown(ty));
    }
    let ty = match spec.get("type") {
        Some(t) => type_from_json(t).map_err(|e| e.to_string())?,
        None => return Err("\"type\" or \"unknown\" is required".into()),
    };
    let v = spec.get("value").unwrap_or(&Json::Null);
    value_from_json(v, &ty).map_err(|e| e.to_string())
}

/// Whether the result of evaluating `subject` is small enough to print
/// (with its type); when not, an error says so (see [`too_large`]).
pub fn printable(r: &mut Evaluated, subject: Span, max_steps: u64) -> bool {
    match too_large(&r.value, true, subject, max_steps) {
        None => true,
        Some(d) => {
            r.diagnostics.push(d);
            false
        }
    }
}

/// An error when `v` (and its type, `with_type`) is too big to print:
/// written out in full, it has more parts than the step limit allows an
/// evaluation to visit. A value may hold one part exponentially many times
/// (finding 11 of docs/adversarial-findings.md): 1 KB of input can make a
/// value of 2^40 parts, which no evaluation step built or walked, and
/// printing it would never end.
pub fn too_large(v: &Value, with_type: bool, subject: Span, limit: u64) -> Option<Diagnostic> {
    let mut size = v.expanded_size();
    if with_type {
        size = size.saturating_add(v.ty().expanded_size());
    }
    if size <= limit {
        return None;
    }
    let what = if with_type {
        "this value and its type have"
    } else {
        "this value has"
    };
    Some(Diagnostic::error(
        "Value too large to print",
        format!(
            "Written out in full, {what} more than {limit} parts (some parts are held many times over), and \
             the command prints no more than the step limit, EvalLimits::max_steps. Raise it with --max-steps."
        ),
        subject,
    ))
}

/// What is printed in place of a value or type too large to print.
const NOT_PRINTED: &str = "<too large to print>";

/// The most significant digits the human form shows of a fraction (a
/// number with digits after the point); the rest are cut, `…` marking it.
const FRACTION_DIGITS: usize = 20;

/// A value as the human form prints it: HCL's notation on one line
/// (`[1, 2]`, `{ a = 1, "b c" = "x" }`, strings quoted as `hcl fmt` and
/// `write::expression` quote them), each unknown part as `Value`'s
/// `Display` names it (`(known after evaluation)`), an infinity as `+Inf`
/// or `-Inf`, and a fraction of more than [`FRACTION_DIGITS`] significant
/// digits cut (`0.14285714285714285714…`). One line whatever the depth:
/// `Display`'s multi-line layout would indent a value nested 100,000 deep
/// quadratically.
fn human_value(v: &Value, out: &mut String) {
    use hcl_native::value::ValueRef;
    crate::nested(|| match v.kind() {
        ValueRef::Unknown(_) => out.push_str(&v.to_string()),
        ValueRef::Null(_) => out.push_str("null"),
        ValueRef::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        ValueRef::Number(n) => cut_fraction(&n.to_string(), out),
        ValueRef::String(s) => out.push_str(&hcl_native::write::string_literal(s)),
        ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                human_value(item, out);
            }
            out.push(']');
        }
        ValueRef::Map(entries) | ValueRef::Object(entries) => {
            if entries.is_empty() {
                return out.push_str("{}");
            }
            out.push_str("{ ");
            for (i, (k, item)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&hcl_native::write::key(k));
                out.push_str(" = ");
                human_value(item, out);
            }
            out.push_str(" }");
        }
        ValueRef::Capsule(_) => out.push_str(&v.to_string()),
    })
}

/// A number's text, a fraction cut after [`FRACTION_DIGITS`] significant
/// digits with `…` (integers, whatever their length, are kept whole).
fn cut_fraction(text: &str, out: &mut String) {
    if !text.contains('.') {
        return out.push_str(text);
    }
    let mut significant = 0;
    for (i, c) in text.char_indices() {
        if c.is_ascii_digit() && (significant > 0 || c != '0') {
            significant += 1;
            if significant == FRACTION_DIGITS && i + 1 < text.len() {
                out.push_str(&text[..=i]);
                out.push('…');
                return;
            }
        }
    }
    out.push_str(text);
}

/// RESULT, without its closing brace (callers add fields); the value and
/// type as [`NOT_PRINTED`] when they are not `printable`. The diagnostics
/// stay in the order the evaluator found them, as the reference lists
/// them (the golden tests compare that order).
fn write_result(out: &mut String, loc: &Locator<'_>, r: &Evaluated, printable: bool) {
    write_result_with(out, r, printable, |out, r| {
        loc.write_diagnostics(out, r.diagnostics.iter())
    });
}

/// [`write_result`] with the diagnostics written by `diagnostics` (a
/// module's are in several files).
pub fn write_result_with(
    out: &mut String,
    r: &Evaluated,
    printable: bool,
    diagnostics: impl FnOnce(&mut String, &Evaluated),
) {
    let v = &r.value;
    out.push_str(r#"{"value":"#);
    let ty = v.ty();
    if printable {
        match serde_json::to_string(v) {
            Ok(text) => out.push_str(&text),
            Err(e) => write_str(out, &format!("<{e}>")),
        }
        out.push_str(r#","type":"#);
        match serde_json::to_string(&ty) {
            Ok(text) => out.push_str(&text),
            Err(_) => write_str(out, &ty.to_string()),
        }
    } else {
        write_str(out, NOT_PRINTED);
        out.push_str(r#","type":"#);
        write_str(out, NOT_PRINTED);
    }
    let known = v.is_wholly_known();
    out.push_str(&format!(r#","known":{known}"#));
    if v.is_null() {
        out.push_str(r#","string":null"#);
    } else if known
        && let Ok(s) = convert(v, &Type::String)
        && let Some(s) = s.as_str()
    {
        out.push_str(r#","string":"#);
        write_str(out, s);
    }
    out.push_str(r#","diagnostics":"#);
    diagnostics(out, r);
}

/// The human form of a value and its type, or [`NOT_PRINTED`] twice.
pub fn human_texts(v: &Value, printable: bool) -> (String, String) {
    if printable {
        let mut text = String::new();
        human_value(v, &mut text);
        (text, v.ty().to_string())
    } else {
        (NOT_PRINTED.into(), NOT_PRINTED.into())
    }
}

/// `hcl expr SRC` and `hcl template SRC`.
pub fn expr_or_template(
    name: &str,
    src: &[u8],
    template: bool,
    ctx: &EvalContext<'_>,
    format: Format,
    settings: &crate::Settings,
) -> Found {
    let arena = Arena::new();
    let (mut r, parse_diags) = if template {
        let parsed = parse_template_with(&arena, src, &settings.parse);
        (evaluate_template(&parsed.ast, ctx), parsed.diagnostics)
    } else {
        let parsed = parse_expression_with(&arena, src, &settings.parse);
        (evaluate(&parsed.ast, ctx), parsed.diagnostics)
    };
    let whole = Span::new(0, u32::try_from(src.len()).unwrap_or(u32::MAX));
    let printable = printable(&mut r, whole, ctx.limits().max_steps);
    match format {
        Format::Json => {
            let loc = Locator::new(src);
            let mut out = String::new();
            write_result(&mut out, &loc, &r, printable);
            out.push_str(r#","parse_diagnostics":"#);
            loc.write_diagnostics(&mut out, parse_diags.iter());
            out.push_str("}\n");
            crate::report::to_stdout(out.as_bytes());
        }
        Format::Human => {
            let (text, ty) = human_texts(&r.value, printable);
            crate::report::to_stdout(format!("{text}\n  type: {ty}\n").as_bytes());
            let all: Vec<Diagnostic> = parse_diags.iter().chain(r.diagnostics.iter()).cloned().collect();
            crate::report::diagnostics(name, src, all, settings);
        }
    }
    Found::errors(parse_diags.has_errors() || r.diagnostics.iter().any(Diagnostic::is_error))
}

/// `hcl eval FILE`: every top-level attribute evaluated on its own, and
/// with `all` the attributes of every block too (nested in the output as
/// the blocks are in the file). Without `all`, a note on stderr names the
/// top-level blocks left out. A FILE ending in `.json` is read in the JSON
/// syntax (its root object's properties are the attributes; without a
/// schema it has no blocks).
pub fn eval_file(
    name: &str,
    src: &[u8],
    ctx: &EvalContext<'_>,
    format: Format,
    all: bool,
    settings: &crate::Settings,
) -> Found {
    if name.ends_with(".json") {
        let parsed = hcl_native::json_syntax::parse_with(src, &settings.parse);
        let file = &parsed.ast;
        let (attrs, attr_diags) = file.just_attributes();
        let mut diags: Vec<Diagnostic> = parsed.diagnostics.as_slice().to_vec();
        diags.extend(attr_diags.into_vec());
        let mut errors = diags.iter().any(Diagnostic::is_error);
        let listed: Vec<(&str, Span)> = attrs.iter().map(|a| (a.name, a.value.span())).collect();
        let eval = |i: usize| file.evaluate(attrs[i].value, ctx);
        match format {
            Format::Json => {
                let loc = Locator::new(src);
                let mut out = String::from(r#"{"parse_diagnostics":"#);
                loc.write_diagnostics(&mut out, diags.iter());
                out.push(',');
                json_attributes(&mut out, &loc, &listed, eval, ctx.limits().max_steps, &mut errors);
                out.push_str("}\n");
                crate::report::to_stdout(out.as_bytes());
            }
            Format::Human => {
                let mut out = String::new();
                human_attributes(&mut out, &listed, eval, ctx.limits().max_steps, 0, &mut diags);
                crate::report::to_stdout(out.as_bytes());
                errors = crate::report::diagnostics(name, src, diags, settings);
            }
        }
        return Found::errors(errors);
    }
    let arena = Arena::new();
    let parsed = parse_config_with(&arena, src, &settings.parse);
    let body = &parsed.ast.body;
    let mut errors = parsed.diagnostics.has_errors();
    match format {
        Format::Json => {
            let loc = Locator::new(src);
            let mut out = String::from(r#"{"parse_diagnostics":"#);
            loc.write_diagnostics(&mut out, parsed.diagnostics.iter());
            out.push(',');
            json_body(&mut out, &loc, src, body, None, ctx, all, &mut errors);
            out.push_str("}\n");
            crate::report::to_stdout(out.as_bytes());
        }
        Format::Human => {
            let mut out = String::new();
            let mut diags = parsed.diagnostics.as_slice().to_vec();
            human_body(&mut out, src, body, None, ctx, all, 0, &mut diags);
            crate::report::to_stdout(out.as_bytes());
            errors = crate::report::diagnostics(name, src, diags, settings);
        }
    }
    if !all && let Some(note) = skipped_blocks(src, body) {
        eprintln!("{note}");
    }
    Found::errors(errors)
}

/// The most blocks the note about skipped blocks names.
const NOTE_NAMES: usize = 10;

/// The note `hcl eval` without `--all` gives about the top-level blocks it
/// did not evaluate: `note: 2 blocks not evaluated: resource "a" "b"
/// (line 3), ...; --all evaluates the attributes inside blocks`, or
/// nothing when there are none.
fn skipped_blocks(src: &[u8], body: &Body<'_>) -> Option<String> {
    let blocks: Vec<_> = body.blocks().collect();
    if blocks.is_empty() {
        return None;
    }
    let loc = Locator::new(src);
    let mut named: Vec<String> = blocks
        .iter()
        .take(NOTE_NAMES)
        .map(|b| {
            let line = loc.position(b.span().start).line;
            format!("{} (line {line})", crate::block_header(b))
        })
        .collect();
    if blocks.len() > NOTE_NAMES {
        named.push(format!("and {} more", blocks.len() - NOTE_NAMES));
    }
    let count = if blocks.len() == 1 {
        "1 block".to_string()
    } else {
        format!("{} blocks", blocks.len())
    };
    Some(format!(
        "note: {count} not evaluated: {}; --all evaluates the attributes inside blocks",
        named.join(", ")
    ))
}

/// An attribute's value: evaluated, or for a type attribute (Terraform's
/// `variable.type` and `output.type`, which are type constraints, not
/// expressions to evaluate: `map(string)` calls no function) its source
/// text as a string, with the type constraint's diagnostics
/// (`hcl_native::typeexpr`).
pub fn attribute_value(
    a: &hcl_native::ast::Attribute<'_>,
    block: Option<&str>,
    src: &[u8],
    ctx: &EvalContext<'_>,
) -> Evaluated {
    type_attribute(a.name.name, &a.expr, block, src).unwrap_or_else(|| evaluate(&a.expr, ctx))
}

/// For a type attribute ([`attribute_value`]), its text and the type
/// constraint's diagnostics; none for any other attribute.
pub fn type_attribute(
    name: &str,
    expr: &hcl_native::ast::Expression<'_>,
    block: Option<&str>,
    src: &[u8],
) -> Option<Evaluated> {
    if !crate::check::TypeAttributes::terraforms(block, name) {
        return None;
    }
    let t = hcl_native::typeexpr::type_constraint_with_defaults(expr);
    let text = src.get(expr.span().range()).unwrap_or_default();
    Some(Evaluated {
        value: Value::from(String::from_utf8_lossy(text).into_owned()),
        diagnostics: t.diagnostics,
    })
}

/// A body's attributes as `"attribute_order": [...], "attributes": {...}`,
/// and with `all` its blocks as `"blocks": [BLOCK]`, each BLOCK `{"type",
/// "labels", "range"}` and its own body's keys.
#[allow(clippy::too_many_arguments)]
fn json_body(
    out: &mut String,
    loc: &Locator<'_>,
    src: &[u8],
    body: &Body<'_>,
    block: Option<&str>,
    ctx: &EvalContext<'_>,
    all: bool,
    errors: &mut bool,
) {
    let attrs = body.unique_attributes();
    let listed: Vec<(&str, Span)> = attrs.iter().map(|a| (a.name.name, a.expr.span())).collect();
    json_attributes(
        out,
        loc,
        &listed,
        |i| attribute_value(attrs[i], block, src, ctx),
        ctx.limits().max_steps,
        errors,
    );
    if !all {
        return;
    }
    out.push_str(r#","blocks":["#);
    for (k, b) in body.blocks().enumerate() {
        if k > 0 {
            out.push(',');
        }
        loc.write_block_head(out, b);
        out.push(',');
        crate::nested(|| json_body(out, loc, src, &b.body, Some(b.block_type.name), ctx, true, errors));
        out.push('}');
    }
    out.push(']');
}

/// A body's attributes, one a line, and with `all` its blocks as sections
/// (`TYPE "LABEL" {`, the attributes inside indented, `}`), at `depth`;
/// the evaluations' diagnostics added to `diags`.
#[allow(clippy::too_many_arguments)]
fn human_body(
    out: &mut String,
    src: &[u8],
    body: &Body<'_>,
    block: Option<&str>,
    ctx: &EvalContext<'_>,
    all: bool,
    depth: usize,
    diags: &mut Vec<Diagnostic>,
) {
    let attrs = body.unique_attributes();
    let listed: Vec<(&str, Span)> = attrs.iter().map(|a| (a.name.name, a.expr.span())).collect();
    human_attributes(
        out,
        &listed,
        |i| attribute_value(attrs[i], block, src, ctx),
        ctx.limits().max_steps,
        depth,
        diags,
    );
    if !all {
        return;
    }
    let indent = crate::indent(depth);
    for b in body.blocks() {
        out.push_str(&format!("{indent}{} {{\n", crate::block_header(b)));
        crate::nested(|| human_body(out, src, &b.body, Some(b.block_type.name), ctx, true, depth + 1, diags));
        out.push_str(&format!("{indent}}}\n"));
    }
}

/// `"attribute_order": [...], "attributes": {name: RESULT}` of the
/// attributes `attrs` (names and expression ranges, each name's first
/// definition only, as the reference evaluates), each evaluated by `eval`
/// (by index) on its own.
fn json_attributes(
    out: &mut String,
    loc: &Locator<'_>,
    attrs: &[(&str, Span)],
    eval: impl Fn(usize) -> Evaluated,
    max_steps: u64,
    errors: &mut bool,
) {
    out.push_str(r#""attribute_order":["#);
    for (k, (name, _)) in attrs.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        write_str(out, name);
    }
    out.push_str(r#"],"attributes":{"#);
    for (i, (attr, span)) in attrs.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_str(out, attr);
        out.push(':');
        let mut r = eval(i);
        let printable = printable(&mut r, *span, max_steps);
        write_result(out, loc, &r, printable);
        *errors |= r.diagnostics.iter().any(Diagnostic::is_error);
        out.push('}');
    }
    out.push('}');
}

/// The attributes `attrs` (as [`json_attributes`] takes them), each
/// evaluated by `eval` (by index) on its own, as `NAME = VALUE    # TYPE`
/// lines at `depth`; the evaluations' diagnostics added to `diags`.
fn human_attributes(
    out: &mut String,
    attrs: &[(&str, Span)],
    eval: impl Fn(usize) -> Evaluated,
    max_steps: u64,
    depth: usize,
    diags: &mut Vec<Diagnostic>,
) {
    let indent = crate::indent(depth);
    for (i, (attr, span)) in attrs.iter().enumerate() {
        let mut r = eval(i);
        let printable = printable(&mut r, *span, max_steps);
        let (text, ty) = human_texts(&r.value, printable);
        out.push_str(&format!("{indent}{attr} = {text}    # {ty}\n"));
        diags.extend(r.diagnostics);
    }
}
