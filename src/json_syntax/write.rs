//! Native syntax to the JSON syntax, without evaluating anything.
//!
//! spec: json#structural-elements, json#strings

use super::text::json_string;
use crate::ast::{Body, BodyItem, ConfigFile, ExprTerm, Expression, LiteralValue};

/// A native-syntax file written in the JSON syntax, losing nothing: every
/// attribute becomes a property whose value is its expression (a literal as
/// JSON, anything else as a `"${...}"` template of its source text, which
/// the spec's interpolation unwrapping evaluates to the expression's own
/// value); every block a property named for its type, one object level per
/// label, its body an object. Blocks of one type that follow each other
/// (attributes between them aside) share one property, as an array when
/// there are several, so reading the result back through a schema finds
/// the same attributes and the same blocks in the same order. Pretty
/// printed, two spaces per level.
///
/// ```
/// use hcl_native::json_syntax::from_native;
/// use hcl_native::{parse_config, Arena};
///
/// let arena = Arena::new();
/// let src = b"name = \"web\"\nport = 80 + 1\ndisk \"data\" {\n  size = 1\n}\n";
/// let file = parse_config(&arena, src).ast;
/// let json = from_native(&file, src);
/// assert_eq!(json, "{\n  \"name\": \"web\",\n  \"port\": \"${80 + 1}\",\n  \"disk\": {\n    \"data\": {\n      \"size\": 1\n    }\n  }\n}\n");
/// ```
pub fn from_native(file: &ConfigFile<'_>, src: &[u8]) -> String {
    let mut out = String::new();
    crate::stack::entry(|| body(&file.body, src, 0, &mut out));
    out.push('\n');
    out
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// `{ ... }` for a body, at `depth`.
fn body(b: &Body<'_>, src: &[u8], depth: usize, out: &mut String) {
    crate::stack::with_stack(|| {
        let items: Vec<&BodyItem<'_>> = b.items.iter().collect();
        if items.is_empty() {
            out.push_str("{}");
            return;
        }
        out.push_str("{\n");
        let mut first = true;
        let mut i = 0;
        let mut done = vec![false; items.len()];
        while i < items.len() {
            if done[i] {
                i += 1;
                continue;
            }
            if !first {
                out.push_str(",\n");
            }
            first = false;
            indent(out, depth + 1);
            match items[i] {
                BodyItem::Attribute(a) => {
                    string(a.name.name, out);
                    out.push_str(": ");
                    expression(&a.expr, src, out);
                    done[i] = true;
                }
                BodyItem::Block(blk) | BodyItem::OneLineBlock(blk) => {
                    // this block and the blocks of its type that follow it
                    // before a block of another type
                    let ty = blk.block_type.name;
                    let mut run = Vec::new();
                    for (j, item) in items.iter().enumerate().skip(i) {
                        match item {
                            BodyItem::Block(b) | BodyItem::OneLineBlock(b) if b.block_type.name == ty => {
                                run.push(*b);
                                done[j] = true;
                            }
                            BodyItem::Block(_) | BodyItem::OneLineBlock(_) => break,
                            BodyItem::Attribute(_) => {}
                        }
                    }
                    string(ty, out);
                    out.push_str(": ");
                    if run.len() == 1 {
                        block(run[0], src, depth + 1, out);
                    } else {
                        out.push_str("[\n");
                        for (k, b) in run.iter().enumerate() {
                            if k > 0 {
                                out.push_str(",\n");
                            }
                            indent(out, depth + 2);
                            block(b, src, depth + 2, out);
                        }
                        out.push('\n');
                        indent(out, depth + 1);
                        out.push(']');
                    }
                }
            }
            i += 1;
        }
        out.push('\n');
        indent(out, depth);
        out.push('}');
    })
}

/// A block's labels as nested objects around its body.
fn block(b: &crate::ast::Block<'_>, src: &[u8], depth: usize, out: &mut String) {
    let mut d = depth;
    for label in b.labels {
        out.push_str("{\n");
        indent(out, d + 1);
        string(label.value(), out);
        out.push_str(": ");
        d += 1;
    }
    body(&b.body, src, d, out);
    while d > depth {
        out.push('\n');
        indent(out, d - 1);
        out.push('}');
        d -= 1;
    }
}

/// An expression as a JSON value: a number, bool or null literal as
/// itself, a string of literal text without `$` or `%` as itself, a quoted
/// template as its content, anything else as the template `"${SOURCE}"`.
fn expression(e: &Expression<'_>, src: &[u8], out: &mut String) {
    match e {
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::NumericLit(n)))
            if super::parse::is_json_number(n.text.as_bytes()) =>
        {
            out.push_str(n.text)
        }
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::Bool(b, _))) => {
            out.push_str(if *b { "true" } else { "false" })
        }
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::Null(_))) => out.push_str("null"),
        Expression::ExprTerm(ExprTerm::TemplateExpr(t)) if literal_text(t.template()).is_some() => {
            string(&literal_text(t.template()).unwrap_or_default(), out)
        }
        // a quoted template: its content is a template the JSON syntax
        // reads alike (the same escapes, but `\U`), so it goes as written,
        // unless it holds a quote (a string inside an interpolation, or an
        // escaped one), which JSON would end the string at
        Expression::ExprTerm(ExprTerm::TemplateExpr(crate::ast::TemplateExpr::Quoted(q)))
            if std::str::from_utf8(&src[q.template.span.range()]).is_ok_and(|t| {
                !t.contains(['"']) && !t.contains("\\U") && !t.contains(|c: char| (c as u32) < 0x20)
            }) =>
        {
            out.push('"');
            out.push_str(&String::from_utf8_lossy(&src[q.template.span.range()]));
            out.push('"');
        }
        _ => {
            let text = String::from_utf8_lossy(&src[e.span().range()]);
            // a heredoc's closing marker must end its line: the closing
            // brace goes on a line of its own after anything multi-line
            let close = if text.contains('\n') { "\n}" } else { "}" };
            string(&format!("${{{text}{close}"), out);
        }
    }
}

/// The text of a template made of literal parts only, when it holds no
/// `$` or `%` (which a template in the JSON syntax would read as the start
/// of a sequence).
fn literal_text(t: &crate::ast::Template<'_>) -> Option<String> {
    t.literal_text().filter(|s| !s.contains(['$', '%']))
}

/// A JSON string literal, with only the escapes JSON requires.
fn string(s: &str, out: &mut String) {
    json_string(s, false, out)
}
