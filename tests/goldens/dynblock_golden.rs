//! Golden tests of dynamic blocks (`hcl_native::dynblock`): one test per
//! `grammar-tests/dynblock/<case>.dyntest`.
//!
//! A case file holds `-- main.tf --` (or `-- main.tf.json --`, the JSON
//! syntax), `-- schema.json --` and optionally
//! `-- vars.json --` after two comment lines: the first says what the case
//! exercises (dynamic blocks are an extension: `# spec: none (ext/dynblock)`
//! and what), the second how it compares with the reference (`# oracle:
//! agrees`, checked by `scripts/differential_dynblock.py`, which runs the
//! reference's `ext/dynblock` through `scripts/dynblock-oracle`).
//!
//! The body is expanded with the variables of `vars.json` (plain JSON,
//! types implied) plus `unknown` (unknown of any type) and `unknown_list`
//! (an unknown list of strings) and the standard functions, read with the schema (nested block types
//! with their own schemas), every attribute evaluated; the result is
//! `{"content": {"attributes": {name: {"value", "type"} or {"unknown":
//! true}}, "blocks": [{"type", "labels", "body"}]}, "diagnostics":
//! [{"severity", "summary", "detail", "range": [start, end]}]}`, in
//! `<case>.dyntest.out` after a first line naming how to regenerate it.

use hcl_native::body::{AnyFile, AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_native::dynblock::{self, DynamicBody};
use hcl_native::eval::EvalContext;
use hcl_native::json::{value_from_plain_json, write_type, write_value};
use hcl_native::value::{Type, Value};
use hcl_native::{Arena, Diagnostics, Severity};
use libtest_mimic::Failed;
use serde_json::{json, Map, Value as Json};
use std::path::Path;

const HEADER: &str = "# regenerate: UPDATE_GOLDEN=1 cargo test --test goldens";

/// The cases of this kind.
pub fn trials() -> Vec<libtest_mimic::Trial> {
    crate::common::golden_trials(&["dyntest"], run_case)
}

fn schema(j: &Json) -> BodySchema {
    let attributes = j["attributes"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|a| AttributeSchema {
                    name: a["name"].as_str().unwrap_or_default().into(),
                    required: a["required"].as_bool().unwrap_or(false),
                })
                .collect()
        })
        .unwrap_or_default();
    let blocks = j["blocks"]
        .as_array()
        .map(|b| {
            b.iter()
                .map(|b| BlockHeaderSchema {
                    type_name: b["type"].as_str().unwrap_or_default().into(),
                    label_names: b["labels"]
                        .as_array()
                        .map(|l| l.iter().filter_map(|x| x.as_str().map(String::from)).collect())
                        .unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default();
    BodySchema::new(attributes, blocks).expect("a valid schema")
}

fn child<'j>(j: &'j Json, type_name: &str) -> &'j Json {
    static EMPTY: Json = Json::Null;
    j["blocks"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["type"] == type_name))
        .map_or(&EMPTY, |b| &b["body"])
}

fn value(v: &Value) -> Json {
    if !v.is_wholly_known() {
        return json!({"unknown": true});
    }
    let mut text = String::from("{\"value\":");
    let written = write_value(v, false, &mut text)
        .map(|_| text.push_str(",\"type\":"))
        .and_then(|_| write_type(&v.ty(), &mut text));
    match written {
        Ok(()) => {
            text.push('}');
            serde_json::from_str(&text).expect("JSON")
        }
        Err(e) => json!({"error": e.to_string()}),
    }
}

fn keep(out: &mut Vec<Json>, diags: Diagnostics) {
    for d in diags.as_slice() {
        out.push(json!({
            "severity": if d.severity() == Severity::Error { "error" } else { "warning" },
            "summary": d.summary(),
            "detail": d.detail(),
            "range": [d.subject().start, d.subject().end],
        }));
    }
}

fn content(body: &DynamicBody<'_, '_, '_>, s: &Json, ctx: &EvalContext<'_>, diags: &mut Vec<Json>) -> Json {
    let (c, d) = body.content(&schema(s));
    keep(diags, d);
    let mut attrs = Map::new();
    for (name, attr) in &c.attributes {
        let e = attr.evaluate(ctx);
        keep(diags, e.diagnostics);
        attrs.insert(name.to_string(), value(&e.value));
    }
    let blocks: Vec<Json> = c
        .blocks
        .iter()
        .map(|b| {
            json!({
                "type": b.type_name,
                "labels": b.labels.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>(),
                "body": content(&b.body, child(s, b.type_name), ctx, diags),
            })
        })
        .collect();
    json!({"attributes": attrs, "blocks": blocks})
}

fn run_case(path: &Path, update: bool) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let (comments, files) = crate::common::split_case(&text);
    if !comments.first().is_some_and(|c| c.starts_with("# spec: ")) {
        return Err("the first line must say what the case exercises (# spec: ...)".into());
    }
    if !comments.get(1).is_some_and(|c| c.starts_with("# oracle: ")) {
        return Err("the second line must say how the case compares with the reference (# oracle: ...)".into());
    }
    let file = |name: &str| files.iter().find(|(n, _)| n == name).map(|(_, b)| b.as_str());
    let (name, src) = match (file("main.tf"), file("main.tf.json")) {
        (Some(src), None) => ("main.tf", src),
        (None, Some(src)) => ("main.tf.json", src),
        _ => return Err("one of main.tf and main.tf.json is required".into()),
    };
    let s: Json = serde_json::from_str(file("schema.json").ok_or("no schema.json")?).map_err(|e| e.to_string())?;
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_variable("unknown", Value::dynamic())?;
    ctx.set_variable("unknown_list", Value::unknown(Type::list(Type::String)))?;
    if let Some(vars) = file("vars.json") {
        let j: Json = serde_json::from_str(vars).map_err(|e| e.to_string())?;
        for (k, v) in j.as_object().ok_or("vars.json must be an object")? {
            ctx.set_variable(k.clone(), value_from_plain_json(v))?;
        }
    }
    let arena = Arena::new();
    let parsed = AnyFile::parse(&arena, name, src.as_bytes());
    let mut diags = Vec::new();
    keep(&mut diags, parsed.diagnostics);
    let body = dynblock::expand(parsed.ast.body(), &ctx);
    let result = json!({"content": content(&body, &s, &ctx, &mut diags), "diagnostics": diags});
    let actual = format!(
        "{HEADER}\n{}\n",
        serde_json::to_string_pretty(&result).map_err(|e| e.to_string())?
    );
    let out_path = path.with_extension("dyntest.out");
    if update {
        std::fs::write(&out_path, &actual).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(&out_path).map_err(|e| format!("{}: {e}", out_path.display()))?;
    if expected != actual {
        return Err(crate::common::diff(&expected, &actual).into());
    }
    Ok(())
}
