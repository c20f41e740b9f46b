//! Type expressions against the reference oracle.
//!
//! `tests/data/typeexpr.jsonl` (written by `scripts/oracle_typeexpr.py`)
//! holds, for each type expression, the reference's three readings
//! (`TypeConstraint`, `TypeConstraintWithDefaults`, `Type`): the type, its
//! `TypeString`, the defaults tree and the diagnostics. Each is compared
//! here with `hcl_native::typeexpr`'s reading: types, strings and defaults
//! exactly; diagnostics by severity, summary, detail and the byte offsets
//! of subject and context. One relaxation: the detail of "Invalid default
//! value for optional attribute" ends in the conversion's own error
//! message, whose wording is ours (wording is not a deviation, see the top
//! of `docs/deviations.md`), so only the part before it is compared.
//!
//! The reference's `Defaults.Apply` and conversions to types with optional
//! attributes have no oracle command; the tests after the first check them
//! against go-cty's rules as its sources state them.
#![cfg(feature = "json")]

use hcl_native::convert::convert;
use hcl_native::json::{type_to_json, value_to_json};
use hcl_native::typeexpr::{
    exact_type, type_constraint, type_constraint_with_defaults, type_string, Defaults, TypeExpr,
};
use hcl_native::value::{Type, Value};
use hcl_native::{parse_expression, Arena, Diagnostic};
use serde_json::{json, Value as Json};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/typeexpr.jsonl");

fn cases() -> Vec<Json> {
    let text = std::fs::read_to_string(DATA).expect("tests/data/typeexpr.jsonl");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

const DEFAULT_MESSAGE: &str = "This default value is not compatible with the attribute's type constraint: ";

fn diagnostic(d: &Diagnostic) -> Json {
    let mut detail = d.detail().to_string();
    if d.summary() == "Invalid default value for optional attribute" && detail.starts_with(DEFAULT_MESSAGE) {
        detail = DEFAULT_MESSAGE.to_string();
    }
    json!({
        "severity": d.severity().as_str(),
        "summary": d.summary(),
        "detail": detail,
        "subject": [d.subject().start, d.subject().end],
        "context": d.context().map(|c| vec![c.start, c.end]),
    })
}

fn oracle_diagnostics(ds: &Json) -> Json {
    let bytes = |r: &Json| json!([r["start"]["byte"], r["end"]["byte"]]);
    Json::Array(
        ds.as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| {
                let mut detail = d["detail"].as_str().expect("detail").to_string();
                if d["summary"] == "Invalid default value for optional attribute" && detail.starts_with(DEFAULT_MESSAGE)
                {
                    detail = DEFAULT_MESSAGE.to_string();
                }
                json!({
                    "severity": d["severity"],
                    "summary": d["summary"],
                    "detail": detail,
                    "subject": bytes(&d["range"]),
                    "context": d.get("context").map(bytes),
                })
            })
            .collect(),
    )
}

fn defaults_json(d: &Defaults) -> Json {
    let values: serde_json::Map<String, Json> = d
        .values()
        .iter()
        .map(|(k, v)| {
            (
                k.clone(),
                json!({"value": value_to_json(v).expect("a JSON value"), "type": type_to_json(&v.ty()).expect("a type")}),
            )
        })
        .collect();
    let children: serde_json::Map<String, Json> = d
        .children()
        .iter()
        .map(|(k, c)| (k.clone(), defaults_json(c)))
        .collect();
    json!({"type": type_to_json(d.ty()).expect("a type"), "values": values, "children": children})
}

/// The oracle's defaults with absent maps as empty ones (Go's nil maps).
fn oracle_defaults(d: &Json) -> Json {
    if d.is_null() {
        return Json::Null;
    }
    let children: serde_json::Map<String, Json> = d["children"]
        .as_object()
        .map(|m| m.iter().map(|(k, c)| (k.clone(), oracle_defaults(c))).collect())
        .unwrap_or_default();
    let values = d["values"].as_object().cloned().unwrap_or_default();
    json!({"type": d["type"], "values": values, "children": children})
}

fn reading(t: &TypeExpr, with_defaults: bool) -> Json {
    let mut out = json!({
        "type": type_to_json(&t.ty).expect("a type"),
        "type_string": type_string(&t.ty),
        "diagnostics": t.diagnostics.iter().map(diagnostic).collect::<Vec<_>>(),
    });
    if with_defaults {
        out["defaults"] = t.defaults.as_ref().map(defaults_json).unwrap_or(Json::Null);
    }
    out
}

fn oracle_reading(o: &Json, with_defaults: bool) -> Json {
    let mut out = json!({
        "type": o["type"],
        "type_string": o["type_string"],
        "diagnostics": oracle_diagnostics(&o["diagnostics"]),
    });
    if with_defaults {
        out["defaults"] = oracle_defaults(&o["defaults"]);
    }
    out
}

#[test]
fn type_expressions_agree_with_the_reference() {
    let mut failures = Vec::new();
    let all = cases();
    assert!(all.len() >= 100, "{} cases", all.len());
    for case in &all {
        let src = case["case"].as_str().expect("case");
        let oracle = &case["oracle"];
        let arena = Arena::new();
        let parsed = parse_expression(&arena, src.as_bytes());
        let parse_failed = parsed.diagnostics.iter().any(Diagnostic::is_error);
        let oracle_parse_failed = !oracle["parse_diagnostics"]
            .as_array()
            .expect("parse_diagnostics")
            .is_empty();
        if src.contains("::") && oracle_parse_failed {
            // D-function-namespaces: the oracle (2.14.1) predates namespaced
            // calls; since v2.20.0 the call's name is the whole name, which
            // is no type constructor
            let t = type_constraint(&parsed.ast);
            let name = src.split('(').next().expect("a name");
            let detail = format!("Keyword \"{name}\" is not a valid type constructor.");
            if parse_failed || t.diagnostics.len() != 1 || t.diagnostics[0].detail() != detail {
                failures.push(format!("{src:?}: {:?}", t.diagnostics));
            }
            continue;
        }
        if parse_failed || oracle_parse_failed {
            if parse_failed != oracle_parse_failed {
                failures.push(format!(
                    "{src:?}: parse failed here {parse_failed}, there {oracle_parse_failed}"
                ));
            }
            continue;
        }
        let expr = &parsed.ast;
        let readings = [
            (
                "constraint",
                reading(&type_constraint(expr), false),
                oracle_reading(oracle, false),
            ),
            (
                "with_defaults",
                reading(&type_constraint_with_defaults(expr), true),
                oracle_reading(&oracle["with_defaults"], true),
            ),
            (
                "exact",
                reading(&exact_type(expr), false),
                oracle_reading(&oracle["exact"], false),
            ),
        ];
        for (name, ours, theirs) in readings {
            if ours != theirs {
                failures.push(format!("{src:?} ({name}):\n  ours:   {ours}\n  theirs: {theirs}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn read(src: &str, f: fn(&hcl_native::ast::Expression<'_>) -> TypeExpr) -> TypeExpr {
    let arena = Arena::new();
    let parsed = parse_expression(&arena, src.as_bytes());
    assert!(parsed.diagnostics.is_empty(), "{src}: {:?}", parsed.diagnostics);
    f(&parsed.ast)
}

fn obj(attrs: Vec<(&str, Value)>) -> Value {
    Value::object(attrs)
}

#[test]
fn a_map_may_lack_an_optional_attribute_only() {
    let ty = Type::object_with_optional([("a", Type::String), ("b", Type::Number)], ["a"]);
    let m = Value::map(Type::String, vec![("b", Value::from("1"))]).expect("a map");
    let v = convert(&m, &ty).expect("converts");
    assert_eq!(v, obj(vec![("a", Value::null(Type::String)), ("b", Value::from(1))]));
    // the result's type has no optional attributes
    assert_eq!(v.ty(), Type::object([("a", Type::String), ("b", Type::Number)]));
    let m = Value::map(Type::String, vec![("a", Value::from("x"))]).expect("a map");
    let err = convert(&m, &ty).expect_err("b is required");
    // the reference's words
    assert_eq!(err.to_string(), "map has no element for required attribute \"b\"");
}

#[test]
fn conversion_results_never_have_optional_attributes() {
    let ty = Type::list(Type::object_with_optional([("a", Type::String)], ["a"]));
    for v in [
        Value::tuple(vec![Value::empty_object(), obj(vec![("a", Value::from(1))])]),
        Value::null(Type::Dynamic),
        Value::unknown(Type::Dynamic),
        Value::tuple(vec![]),
    ] {
        let out = convert(&v, &ty).expect("converts");
        assert!(!out.ty().has_optional_attributes(), "{v:?} gave {:?}", out.ty());
    }
    // an object already of the plain type is itself
    let plain = obj(vec![("a", Value::from("x"))]);
    let t = Type::object_with_optional([("a", Type::String)], ["a"]);
    assert_eq!(convert(&plain, &t).expect("converts"), plain);
}

#[test]
fn optional_attributes_are_part_of_type_identity_and_printing() {
    let a = Type::object_with_optional([("a", Type::String)], ["a"]);
    let b = Type::object([("a", Type::String)]);
    assert_ne!(a, b);
    assert_eq!(a.without_optional_attributes(), b);
    assert!(b.matches(&a) && a.matches(&b));
    assert_eq!(a.to_string(), "object({a = optional(string)})");
    assert_eq!(type_string(&a), "object({a=string})");
    assert_eq!(type_to_json(&a).unwrap(), json!(["object", {"a": "string"}, ["a"]]));
    assert_eq!(
        hcl_native::json::type_from_json(&json!(["object", {"a": "string"}, ["a"]])).unwrap(),
        a
    );
    assert!(hcl_native::json::type_from_json(&json!(["object", {"a": "string"}, ["b"]])).is_err());
}

#[test]
fn defaults_fill_missing_and_null_attributes_at_every_level() {
    let t = read(
        "map(object({name = string, port = optional(number, 80), tls = optional(object({on = optional(bool, true)}), {})}))",
        type_constraint_with_defaults,
    );
    assert!(t.diagnostics.is_empty(), "{:?}", t.diagnostics);
    let input = obj(vec![
        ("a", obj(vec![("name", Value::from("a"))])),
        (
            "b",
            obj(vec![
                ("name", Value::from("b")),
                ("port", Value::null(Type::Number)),
                ("tls", obj(vec![])),
            ]),
        ),
        (
            "c",
            obj(vec![
                ("name", Value::from("c")),
                ("port", Value::from(8443)),
                ("tls", obj(vec![("on", Value::from(false))])),
            ]),
        ),
    ]);
    let v = t.convert(&input).expect("converts");
    let get = |k: &str, a: &str| v.get(k).unwrap().get(a).unwrap().clone();
    assert_eq!(get("a", "port"), Value::from(80));
    assert_eq!(get("b", "port"), Value::from(80));
    assert_eq!(get("c", "port"), Value::from(8443));
    // the default object itself gets the defaults below it
    assert_eq!(get("a", "tls").get("on").cloned(), Some(Value::from(true)));
    assert_eq!(get("b", "tls").get("on").cloned(), Some(Value::from(true)));
    assert_eq!(get("c", "tls").get("on").cloned(), Some(Value::from(false)));
    assert_eq!(
        v.ty(),
        Type::map(Type::object([
            ("name", Type::String),
            ("port", Type::Number),
            ("tls", Type::object([("on", Type::Bool)]))
        ]))
    );
}

#[test]
fn defaults_leave_null_and_unknown_values_and_reach_into_sequences() {
    let t = read(
        "list(object({a = optional(string, \"x\")}))",
        type_constraint_with_defaults,
    );
    let d = t.defaults.clone().expect("defaults");
    let null = Value::null(Type::list(Type::Dynamic));
    assert_eq!(d.apply(&null), null);
    let unknown = Value::unknown(Type::Dynamic);
    assert_eq!(d.apply(&unknown), unknown);
    let list = Value::tuple(vec![
        obj(vec![]),
        Value::null(Type::Dynamic),
        obj(vec![("a", Value::from("y"))]),
    ]);
    let v = t.convert(&list).expect("converts");
    let items = v.elements().expect("a list");
    assert_eq!(items[0].get("a").cloned(), Some(Value::from("x")));
    assert!(items[1].is_null());
    assert_eq!(items[2].get("a").cloned(), Some(Value::from("y")));
    // a tuple constraint's defaults go by index
    let t = read(
        "tuple([object({a = optional(number, 1)}), object({a = optional(number, 2)})])",
        type_constraint_with_defaults,
    );
    let v = t
        .convert(&Value::tuple(vec![obj(vec![]), obj(vec![])]))
        .expect("converts");
    let items = v.elements().expect("a tuple");
    assert_eq!(items[0].get("a").cloned(), Some(Value::from(1)));
    assert_eq!(items[1].get("a").cloned(), Some(Value::from(2)));
}

#[test]
fn deep_type_expressions_do_not_overflow_the_stack() {
    let depth = 100_000;
    let src = format!("{}string{}", "list(".repeat(depth), ")".repeat(depth));
    let arena = Arena::new();
    let opts = hcl_native::ParseOptions {
        max_depth: depth as u32 + 10,
        ..Default::default()
    };
    let parsed = hcl_native::parse_expression_with(&arena, src.as_bytes(), &opts);
    assert!(parsed.diagnostics.is_empty());
    let t = type_constraint(&parsed.ast);
    assert!(t.diagnostics.is_empty());
    assert_eq!(type_string(&t.ty).len(), src.len());
}

/// The extension's `convert` function: the type is read from the
/// expression as written; nulls and unknowns convert to the type; a bad
/// type or a value that does not convert is an error naming its argument.
#[test]
fn the_convert_function_reads_its_type_argument_statically() {
    use hcl_native::eval::{evaluate, EvalContext};
    use hcl_native::typeexpr::convert_function;
    let mut ctx = EvalContext::new();
    ctx.set_function("convert", convert_function()).unwrap();
    ctx.set_variable("u", Value::unknown(Type::Dynamic)).unwrap();
    let run = |src: &str| {
        let arena = Arena::new();
        let r = evaluate(&parse_expression(&arena, src.as_bytes()).ast, &ctx);
        (
            r.value,
            r.diagnostics.iter().map(|d| d.detail().to_string()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(run("convert(\"true\", bool)"), (Value::from(true), vec![]));
    assert_eq!(run("convert(null, number)"), (Value::null(Type::Number), vec![]));
    assert_eq!(
        run("convert(u, list(string))"),
        (Value::unknown(Type::list(Type::String)), vec![])
    );
    assert_eq!(
        run("convert({a = 1}, object({a = string, b = optional(bool)}))").0,
        Value::object([("a", Value::from("1")), ("b", Value::null(Type::Bool))])
    );
    let (v, d) = run("convert(\"x\", number)");
    assert!(!v.is_known());
    assert!(
        d[0].starts_with("Invalid value for \"value\" parameter: cannot convert \"x\" to number"),
        "{d:?}"
    );
    let (_, d) = run("convert(1, list(strin))");
    assert_eq!(
        d,
        ["Invalid value for \"type\" parameter: Invalid type specification: The keyword \"strin\" is not a valid type specification."]
    );
    let (_, d) = run("convert(1)");
    assert_eq!(
        d[0],
        "Function \"convert\" expects 2 argument(s). Missing value for \"type\"."
    );
    // values only: there is no expression to read a type from
    let err = convert_function()
        .call(&[Value::from(1), Value::from("number")])
        .unwrap_err();
    assert!(err.to_string().contains("written inline"), "{err}");
}
