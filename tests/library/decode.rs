//! Decoding with serde: one test per mapping rule of `hcl_native::de`
//! (see its module documentation), each with the exact diagnostics a
//! mistake gets, and values serialized back to cli-json.md's forms.
//!
//! spec: model#schema-driven-processing, model#partial-processing-of-body-content,
//! model#dynamic-attributes-processing

use std::collections::{BTreeMap, HashMap};

use hcl_native::de::{self, from_value};
use hcl_native::eval::EvalContext;
use hcl_native::json::{type_to_json, value_to_json};
use hcl_native::value::{Type, Value};
use hcl_native::Number;
use serde::Deserialize;

fn ctx() -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_variable("env", Value::from("prod")).unwrap();
    ctx
}

/// The diagnostics of a failed decoding as (summary, detail, source text
/// of the subject).
fn problems<T: for<'de> Deserialize<'de> + std::fmt::Debug>(src: &str) -> Vec<(String, String, String)> {
    let err = de::from_str::<T>(src, &ctx()).expect_err("decoding should fail");
    assert!(!err.diagnostics().is_empty(), "no diagnostics: {err}");
    err.diagnostics()
        .iter()
        .map(|d| {
            (
                d.summary().to_string(),
                d.detail().to_string(),
                src[d.subject().range()].to_string(),
            )
        })
        .collect()
}

fn summaries<T: for<'de> Deserialize<'de> + std::fmt::Debug>(src: &str) -> Vec<String> {
    problems::<T>(src).into_iter().map(|p| p.0).collect()
}

#[derive(Deserialize, Debug, PartialEq)]
struct Server {
    host: String,
    port: u16,
}

#[test]
fn attributes_become_fields_after_evaluation() {
    let s: Server = de::from_str("host = \"web-${env}\"\nport = 8000 + length([1, 2]) * 40\n", &ctx()).unwrap();
    assert_eq!(
        s,
        Server {
            host: "web-prod".into(),
            port: 8080
        }
    );
}

#[test]
fn primitive_fields_convert_by_the_model() {
    #[derive(Deserialize, Debug)]
    struct P {
        port: u16,
        name: String,
        on: bool,
        ratio: f64,
    }
    let p: P = de::from_str("port = \"8080\"\nname = 42\non = \"true\"\nratio = 1/4\n", &ctx()).unwrap();
    assert_eq!((p.port, p.name.as_str(), p.on, p.ratio), (8080, "42", true, 0.25));
}

#[test]
fn optional_attributes_are_option_or_default_fields() {
    #[derive(Deserialize, Debug)]
    struct O {
        a: Option<u8>,
        #[serde(default)]
        b: Vec<String>,
        c: Option<String>,
    }
    let o: O = de::from_str("c = null\n", &ctx()).unwrap();
    assert_eq!((o.a, o.b.len(), o.c), (None, 0, None));
    let o: O = de::from_str("a = 1\nb = [\"x\"]\nc = \"y\"\n", &ctx()).unwrap();
    assert_eq!((o.a, o.b, o.c.as_deref()), (Some(1), vec!["x".to_string()], Some("y")));
}

#[test]
fn a_missing_required_attribute_is_reported_at_the_body_start() {
    let p = problems::<Server>("host = \"a\"\n");
    assert_eq!(
        p,
        [(
            "Missing required argument".to_string(),
            "The argument \"port\" is required, but no definition was found.".to_string(),
            String::new()
        )]
    );
    let err = de::from_str::<Server>("\n\nhost = \"a\"\n", &ctx()).unwrap_err();
    assert_eq!(err.diagnostics()[0].subject().start, 0);
}

#[derive(Deserialize, Debug)]
struct Top {
    #[serde(rename = "service,block")]
    services: Vec<Service>,
}

#[derive(Deserialize, Debug)]
struct Service {
    #[serde(rename = "kind,label")]
    kind: String,
    #[serde(rename = "name,label")]
    name: String,
    port: u16,
}

#[test]
fn labels_become_label_fields_in_order() {
    let top: Top = de::from_str(
        "service \"http\" \"web\" {\n  port = 80\n}\nservice tcp \"db\\u0021\" {\n  port = 5432\n}\n",
        &ctx(),
    )
    .unwrap();
    let got: Vec<_> = top
        .services
        .iter()
        .map(|s| (s.kind.as_str(), s.name.as_str(), s.port))
        .collect();
    assert_eq!(got, [("http", "web", 80), ("tcp", "db!", 5432)]);
}

#[test]
fn a_block_with_too_few_or_too_many_labels_is_an_error() {
    assert_eq!(
        problems::<Top>("service \"http\" {\n  port = 80\n}\n"),
        [(
            "Missing name for service".to_string(),
            "All service blocks must have 2 labels (kind, name).".to_string(),
            "{".to_string()
        )]
    );
    assert_eq!(
        problems::<Top>("service \"a\" \"b\" \"c\" {\n  port = 80\n}\n"),
        [(
            "Extraneous label for service".to_string(),
            "Only 2 labels (kind, name) are expected for service blocks.".to_string(),
            "\"c\"".to_string()
        )]
    );
}

#[test]
fn a_block_without_label_fields_takes_no_labels() {
    #[derive(Deserialize, Debug)]
    struct T {
        #[serde(rename = "limits,block")]
        _limits: Limits,
    }
    #[derive(Deserialize, Debug)]
    struct Limits {
        #[serde(rename = "cpu")]
        _cpu: u32,
    }
    assert_eq!(
        problems::<T>("limits \"x\" {\n  cpu = 1\n}\n"),
        [(
            "Extraneous label for limits".to_string(),
            "No labels are expected for limits blocks.".to_string(),
            "\"x\"".to_string()
        )]
    );
}

#[test]
fn label_fields_at_the_top_level_are_a_mistake_in_the_type() {
    #[derive(Deserialize, Debug)]
    struct Bad {
        #[serde(rename = "name,label")]
        _name: String,
    }
    let err = de::from_str::<Bad>("", &ctx()).unwrap_err();
    assert_eq!(err.diagnostics()[0].code(), hcl_native::Code::UNSUITABLE_VALUE_TYPE);
    assert!(err.diagnostics()[0]
        .detail()
        .contains("label fields are for a block's struct"));
}

#[derive(Deserialize, Debug)]
struct Backend {
    path: String,
}

#[test]
fn a_struct_block_field_takes_exactly_one_block() {
    #[derive(Deserialize, Debug)]
    struct T {
        #[serde(rename = "backend,block")]
        backend: Backend,
    }
    let t: T = de::from_str("backend {\n  path = \"/tmp\"\n}\n", &ctx()).unwrap();
    assert_eq!(t.backend.path, "/tmp");
    assert_eq!(
        problems::<T>("x = 1\n"),
        [(
            "Unsupported argument".to_string(),
            "An argument named \"x\" is not expected here.".to_string(),
            "x".to_string()
        ),]
    );
    assert_eq!(
        problems::<T>(""),
        [(
            "Missing backend block".to_string(),
            "A backend block is required.".to_string(),
            String::new()
        )]
    );
    let p = problems::<T>("backend {\n  path = \"a\"\n}\nbackend {\n  path = \"b\"\n}\n");
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].0, "Duplicate backend block");
    assert_eq!(p[0].2, "backend");
    let err = de::from_str::<T>("backend {\n  path = \"a\"\n}\nbackend {\n  path = \"b\"\n}\n", &ctx()).unwrap_err();
    assert_eq!(err.diagnostics()[0].subject().start, 25, "the second block is at fault");
}

#[test]
fn an_option_block_field_takes_at_most_one_block() {
    #[derive(Deserialize, Debug)]
    struct T {
        #[serde(rename = "backend,block")]
        backend: Option<Backend>,
    }
    assert!(de::from_str::<T>("", &ctx()).unwrap().backend.is_none());
    assert_eq!(
        de::from_str::<T>("backend {\n  path = \"a\"\n}\n", &ctx())
            .unwrap()
            .backend
            .unwrap()
            .path,
        "a"
    );
    assert_eq!(
        summaries::<T>("backend {\n  path = \"a\"\n}\nbackend {\n  path = \"b\"\n}\nbackend {\n  path = \"c\"\n}\n"),
        ["Duplicate backend block", "Duplicate backend block"]
    );
}

#[test]
fn a_vec_block_field_takes_every_block_in_source_order() {
    #[derive(Deserialize, Debug)]
    struct T {
        #[serde(rename = "backend,block")]
        backends: Vec<Backend>,
        #[serde(rename = "n")]
        _n: u8,
    }
    let t: T = de::from_str(
        "backend {\n  path = \"a\"\n}\nn = 1\nbackend {\n  path = \"b\"\n}\n",
        &ctx(),
    )
    .unwrap();
    let paths: Vec<_> = t.backends.iter().map(|b| b.path.as_str()).collect();
    assert_eq!(paths, ["a", "b"]);
    assert!(de::from_str::<T>("n = 1\n", &ctx()).unwrap().backends.is_empty());
}

#[test]
fn blocks_nest() {
    #[derive(Deserialize, Debug)]
    struct T {
        #[serde(rename = "outer,block")]
        outer: Outer,
    }
    #[derive(Deserialize, Debug)]
    struct Outer {
        #[serde(rename = "inner,block")]
        inner: Vec<Inner>,
    }
    #[derive(Deserialize, Debug)]
    struct Inner {
        #[serde(rename = "id,label")]
        id: String,
        v: i64,
    }
    let t: T = de::from_str(
        "outer {\n  inner \"a\" {\n    v = -1\n  }\n  inner \"b\" {\n    v = 2\n  }\n}\n",
        &ctx(),
    )
    .unwrap();
    let got: Vec<_> = t.outer.inner.iter().map(|i| (i.id.as_str(), i.v)).collect();
    assert_eq!(got, [("a", -1), ("b", 2)]);
    // A missing attribute in a nested block is reported at the start of
    // that block's body, its opening brace (as the reference does).
    let src = "outer {\n  inner \"a\" {\n  }\n}\n";
    let err = de::from_str::<T>(src, &ctx()).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.code(), hcl_native::Code::MISSING_REQUIRED_ARGUMENT);
    assert_eq!(d.subject().start as usize, src.find("{\n  }").unwrap());
}

#[test]
fn a_remain_field_takes_every_other_attribute() {
    #[derive(Deserialize, Debug)]
    struct T {
        name: String,
        #[serde(rename = "rest,remain")]
        rest: BTreeMap<String, serde_json::Value>,
    }
    let t: T = de::from_str("name = \"n\"\nsize = 3\ntags = { a = \"b\" }\n", &ctx()).unwrap();
    assert_eq!(t.name, "n");
    assert_eq!(
        serde_json::to_value(&t.rest).unwrap(),
        serde_json::json!({"size": 3, "tags": {"a": "b"}})
    );
    // Blocks are not attributes: the remainder has none to give.
    assert_eq!(
        summaries::<T>("name = \"n\"\nextra {}\n"),
        ["Unexpected \"extra\" block"]
    );
}

#[test]
fn items_the_struct_does_not_name_are_errors_with_hints() {
    #[derive(Deserialize, Debug)]
    struct T {
        #[serde(rename = "region")]
        _region: String,
        #[serde(rename = "network,block")]
        _network: Option<Backend>,
    }
    let p = problems::<T>("region = \"eu\"\nregoin = 1\nnetwork = 2\nnetwrok {}\nregion {}\n");
    assert_eq!(
        p,
        [
            (
                "Unsupported argument".to_string(),
                "An argument named \"regoin\" is not expected here.".to_string(),
                "regoin".to_string()
            ),
            (
                "Unsupported argument".to_string(),
                "An argument named \"network\" is not expected here. Did you mean to define a block of type \"network\"?"
                    .to_string(),
                "network".to_string()
            ),
            (
                "Unsupported block type".to_string(),
                "Blocks of type \"netwrok\" are not expected here. Did you mean \"network\"?".to_string(),
                "netwrok".to_string()
            ),
            (
                "Unsupported block type".to_string(),
                "Blocks of type \"region\" are not expected here. Did you mean to define argument \"region\"? If so, use the equals sign to assign it a value."
                    .to_string(),
                "region".to_string()
            ),
        ]
    );
}

#[test]
fn a_typo_gets_did_you_mean() {
    let p = problems::<Server>("host = \"a\"\nprot = 1\n");
    assert_eq!(
        p[0].1,
        "An argument named \"prot\" is not expected here. Did you mean \"port\"?"
    );
}

#[test]
fn an_unsuitable_value_is_reported_at_its_expression_with_its_path() {
    #[derive(Deserialize, Debug)]
    struct U {
        #[serde(rename = "ports")]
        _ports: Vec<u16>,
    }
    assert_eq!(
        problems::<U>("ports = [80, \"x\"]\n"),
        [(
            "Unsuitable value type".to_string(),
            "Unsuitable value: [1]: invalid type: string \"x\", expected u16".to_string(),
            "[80, \"x\"]".to_string()
        )]
    );
    assert_eq!(
        problems::<U>("ports = [80, 70000]\n")[0].1,
        "Unsuitable value: [1]: invalid value: number 70000, expected u16"
    );
    assert_eq!(
        problems::<U>("ports = [1.5]\n")[0].1,
        "Unsuitable value: [0]: invalid value: number 1.5, expected u16"
    );
}

#[test]
fn evaluation_and_structure_errors_come_together() {
    let p = problems::<Server>("host = nope\nport = 1 + true\nextra = 1\n");
    let got: Vec<_> = p.iter().map(|(s, _, text)| (s.as_str(), text.as_str())).collect();
    assert_eq!(
        got,
        [
            ("Unknown variable", "nope"),
            ("Invalid operand", "true"),
            ("Unsupported argument", "extra"),
        ]
    );
}

#[test]
fn an_unknown_value_cannot_be_decoded() {
    let mut ctx = EvalContext::new();
    ctx.treat_undefined_variables_as_unknown();
    let err = de::from_str::<Server>("host = later\nport = 1\n", &ctx).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(d.code(), hcl_native::Code::UNSUITABLE_VALUE_TYPE);
    assert_eq!(
        d.detail(),
        "Unsuitable value: the value is not known yet (an unknown dynamic cannot be decoded)"
    );
}

#[test]
fn a_body_into_a_map_is_dynamic_attributes() {
    let m: HashMap<String, i64> = de::from_str("a = 1\nb = 2 * 3\n", &ctx()).unwrap();
    assert_eq!((m["a"], m["b"], m.len()), (1, 6, 2));
    let j: serde_json::Value = de::from_str("a = [1, \"x\"]\n", &ctx()).unwrap();
    assert_eq!(j, serde_json::json!({"a": [1, "x"]}));
    assert_eq!(
        summaries::<HashMap<String, i64>>("a = 1\nb {}\n"),
        ["Unexpected \"b\" block"]
    );
}

#[test]
fn enums_decode_from_strings_and_one_attribute_objects() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Mode {
        Fast,
        Limit(u32),
        Range { lo: u8, hi: u8 },
    }
    #[derive(Deserialize, Debug)]
    struct T {
        modes: Vec<Mode>,
    }
    let t: T = de::from_str(
        "modes = [\"fast\", { limit = 3 }, { range = { lo = 1, hi = 2 } }]\n",
        &ctx(),
    )
    .unwrap();
    assert_eq!(t.modes, [Mode::Fast, Mode::Limit(3), Mode::Range { lo: 1, hi: 2 }]);
    assert!(problems::<T>("modes = [\"slow\"]\n")[0]
        .1
        .contains("unknown variant `slow`"));
}

#[test]
fn a_label_can_be_an_enum() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Http,
        Tcp,
    }
    #[derive(Deserialize, Debug)]
    struct T {
        #[serde(rename = "listen,block")]
        listen: Vec<Listen>,
    }
    #[derive(Deserialize, Debug)]
    struct Listen {
        #[serde(rename = "kind,label")]
        kind: Kind,
    }
    let t: T = de::from_str("listen \"tcp\" {}\nlisten http {}\n", &ctx()).unwrap();
    assert_eq!(
        t.listen.iter().map(|l| &l.kind).collect::<Vec<_>>(),
        [&Kind::Tcp, &Kind::Http]
    );
    let p = problems::<T>("listen \"udp\" {}\n");
    assert_eq!(p[0].2, "\"udp\"", "the label is at fault");
    assert!(p[0].1.contains("unknown variant `udp`"));
}

#[test]
fn an_unknown_decoding_tag_is_an_error() {
    #[derive(Deserialize, Debug)]
    struct T {
        #[serde(rename = "a,attr")]
        _a: u8,
    }
    let err = de::from_str::<T>("a = 1\n", &ctx()).unwrap_err();
    assert!(
        err.to_string().contains("the tags are `label`, `block` and `remain`"),
        "{err}"
    );
}

#[test]
fn a_syntax_error_fails_decoding_with_the_parser_diagnostics() {
    let err = de::from_str::<Server>("host = \"a\"\nport = \n", &ctx()).unwrap_err();
    let s: Vec<_> = err.diagnostics().iter().map(|d| d.summary()).collect();
    assert_eq!(s[0], "Invalid expression");
}

// Values into serde types.

#[test]
fn numbers_go_to_the_integer_types_they_fit() {
    let n = |s: &str| match s.strip_prefix('-') {
        Some(s) => Value::number(Number::from_literal(s).unwrap().neg()),
        None => Value::number(Number::from_literal(s).unwrap()),
    };
    assert_eq!(from_value::<u8>(&n("255")).unwrap(), 255);
    assert_eq!(
        from_value::<u8>(&n("256")).unwrap_err().to_string(),
        "invalid value: number 256, expected u8"
    );
    assert_eq!(from_value::<i8>(&n("-128")).unwrap(), -128);
    assert_eq!(from_value::<u64>(&n("18446744073709551615")).unwrap(), u64::MAX);
    assert_eq!(
        from_value::<i128>(&n("-170141183460469231731687303715884105728")).unwrap(),
        i128::MIN
    );
    assert_eq!(
        from_value::<u128>(&n("340282366920938463463374607431768211455")).unwrap(),
        u128::MAX
    );
    assert!(from_value::<u128>(&n("340282366920938463463374607431768211456")).is_err());
    assert!(from_value::<i32>(&n("2.5")).is_err());
    assert_eq!(from_value::<f64>(&n("0.1")).unwrap(), 0.1);
    let third = Number::from(1).div(&Number::from(3)).unwrap();
    assert_eq!(from_value::<f32>(&Value::number(third)).unwrap(), 1.0 / 3.0);
    // Untyped targets get the narrowest exact form.
    assert_eq!(
        from_value::<serde_json::Value>(&n("18446744073709551615")).unwrap(),
        serde_json::json!(u64::MAX)
    );
    assert_eq!(
        from_value::<serde_json::Value>(&n("-3")).unwrap(),
        serde_json::json!(-3)
    );
}

#[test]
fn null_is_none_or_unit_and_nothing_else() {
    let null = Value::null(Type::String);
    assert_eq!(from_value::<Option<String>>(&null).unwrap(), None);
    from_value::<()>(&null).unwrap();
    assert_eq!(
        from_value::<String>(&null).unwrap_err().to_string(),
        "invalid type: null, expected a string"
    );
}

#[test]
fn collections_go_to_sequences_maps_tuples_and_structs() {
    let set = Value::set(Type::String, vec!["b".into(), "a".into()]).unwrap();
    assert_eq!(from_value::<Vec<String>>(&set).unwrap(), ["a", "b"]);
    let tuple = Value::tuple(vec![1.into(), "x".into(), true.into()]);
    assert_eq!(from_value::<(u8, String, bool)>(&tuple).unwrap(), (1, "x".into(), true));
    assert!(
        from_value::<(u8, String)>(&tuple).is_err(),
        "leftover elements are an error"
    );
    let map = Value::map(Type::Number, [("a", 1.into()), ("b", 2.into())]).unwrap();
    assert_eq!(
        from_value::<BTreeMap<String, u8>>(&map).unwrap(),
        BTreeMap::from([("a".to_string(), 1), ("b".to_string(), 2)])
    );
    #[derive(Deserialize, Debug)]
    struct P {
        x: i32,
        y: i32,
    }
    let obj = Value::object([("x", Value::from(1)), ("y", Value::from(-2))]);
    let p: P = from_value(&obj).unwrap();
    assert_eq!((p.x, p.y), (1, -2));
    let nested = Value::object([("p", Value::object([("x", Value::from(1))]))]);
    #[derive(Deserialize, Debug)]
    struct R {
        #[serde(rename = "p")]
        _p: P,
    }
    assert_eq!(
        from_value::<R>(&nested).unwrap_err().to_string(),
        ".p: missing field `y`"
    );
    let odd = Value::object([("odd key", Value::tuple(vec!["x".into()]))]);
    assert_eq!(
        from_value::<BTreeMap<String, Vec<u8>>>(&odd).unwrap_err().to_string(),
        "[\"odd key\"][0]: invalid type: string \"x\", expected u8"
    );
}

#[test]
fn unknown_values_and_capsules_are_errors() {
    assert_eq!(
        from_value::<u8>(&Value::unknown(Type::Number)).unwrap_err().to_string(),
        "the value is not known yet (an unknown number cannot be decoded)"
    );
    let nested = Value::tuple(vec![1.into(), Value::unknown(Type::Number)]);
    assert_eq!(
        from_value::<Vec<u8>>(&nested).unwrap_err().to_string(),
        "[1]: the value is not known yet (an unknown number cannot be decoded)"
    );
}

// Values back to cli-json.md's JSON.

#[test]
fn values_serialize_to_the_cli_json_forms() {
    let n = |s: &str| match s.strip_prefix('-') {
        Some(s) => Value::number(Number::from_literal(s).unwrap().neg()),
        None => Value::number(Number::from_literal(s).unwrap()),
    };
    let third = Value::number(Number::from(1).div(&Number::from(3)).unwrap());
    let inf = Value::number(Number::from(1).div(&Number::from(0)).unwrap());
    let values = [
        Value::null(Type::Number),
        Value::from(true),
        n("0"),
        n("-9223372036854775808"),
        n("18446744073709551615"),
        n("18446744073709551616"),
        n("0.1"),
        n("-1.5e-30"),
        n("1e400"),
        third,
        inf.clone(),
        Value::number(inf.as_number().unwrap().neg()),
        Value::from("snow ❄ \u{0}\n\""),
        Value::unknown(Type::list(Type::Number)),
        Value::dynamic(),
        Value::set(Type::Number, vec![3.into(), 1.into()]).unwrap(),
        Value::object([
            ("b", Value::tuple(vec![n("2.50"), Value::unknown(Type::String)])),
            ("a", Value::empty_object()),
        ]),
        Value::map(Type::Bool, [("x", true.into())]).unwrap(),
    ];
    for v in values {
        let ours = serde_json::to_string(&v).unwrap();
        let expected = value_to_json(&v).unwrap().to_string();
        assert_eq!(ours, expected, "{v:?}");
    }
    assert_eq!(
        serde_json::to_string(&n("1e400")).unwrap(),
        format!("1{}", "0".repeat(400))
    );
    assert_eq!(serde_json::to_string(&inf).unwrap(), r#"{"__number__":"+Inf"}"#);
}

#[test]
fn types_serialize_to_the_cli_json_forms() {
    let types = [
        Type::String,
        Type::Number,
        Type::Bool,
        Type::Dynamic,
        Type::list(Type::set(Type::map(Type::Number))),
        Type::tuple(vec![]),
        Type::tuple(vec![Type::String, Type::tuple(vec![Type::Dynamic])]),
        Type::object(Vec::<(&str, Type)>::new()),
        Type::object([
            ("z", Type::Bool),
            ("\u{e9}", Type::list(Type::String)),
            ("a b", Type::object([("x", Type::Number)])),
        ]),
    ];
    for t in types {
        let ours = serde_json::to_string(&t).unwrap();
        assert_eq!(ours, type_to_json(&t).unwrap().to_string(), "{t:?}");
        let pretty = serde_json::to_string_pretty(&t).unwrap();
        assert_eq!(
            pretty,
            serde_json::to_string_pretty(&type_to_json(&t).unwrap()).unwrap()
        );
    }
    // an unknown value's type, inside the value's own form
    let v = Value::unknown(Type::object([("n", Type::Number)]));
    assert_eq!(
        serde_json::to_string(&v).unwrap(),
        r#"{"__unknown__":["object",{"n":"number"}]}"#
    );
}

#[test]
fn decoded_values_serialize_back_unchanged() {
    let v = Value::object([
        ("name", Value::from("x")),
        ("ports", Value::tuple(vec![80.into(), 443.into()])),
        ("on", Value::from(false)),
    ]);
    let j: serde_json::Value = from_value(&v).unwrap();
    assert_eq!(serde_json::to_value(&v).unwrap(), j);
}

/// Every problem of the input at once: wrong types, a missing field, an
/// unsupported argument, a label problem, at every nesting level (issue
/// 25: decoding stopped at the first value error, so ten mistakes took
/// many runs to find).
#[test]
fn every_problem_of_the_input_is_reported_at_once() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Config {
        name: String,
        port: u16,
        replicas: u8,
        #[serde(rename = "service,block")]
        services: Vec<Service>,
        #[serde(rename = "backend,block")]
        backend: Backend,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Service {
        #[serde(rename = "name,label")]
        name: String,
        image: String,
        cpus: u32,
        tags: Vec<u8>,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Backend {
        path: String,
        timeout: u32,
    }
    let src = r#"
name     = "api"
port     = 70000
replicas = -1
service "web" {
  image = "nginx"
  cpus  = "many"
  tags  = [1, 300]
}
service "db" {
  image = "postgres"
  cpus  = 2
  tags  = []
  colour = "blue"
}
service {
  image = "x"
  cpus  = 1
  tags  = []
}
backend {
  timeout = "soon"
}
"#;
    let got: Vec<(String, String)> = problems::<Config>(src)
        .into_iter()
        .map(|(summary, _, text)| (summary, text))
        .collect();
    let want: Vec<(String, String)> = [
        ("Unsuitable value type", "70000"),
        ("Unsuitable value type", "-1"),
        ("Unsuitable value type", "\"many\""),
        ("Unsuitable value type", "[1, 300]"),
        ("Unsupported argument", "colour"),
        ("Missing name for service", "{"),
        ("Unsuitable value type", "\"soon\""),
        ("Missing required argument", ""),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    let mut sorted_want = want.clone();
    sorted_want.sort();
    let mut sorted_got = got.clone();
    sorted_got.sort();
    assert_eq!(sorted_got, sorted_want, "{got:#?}");
}

/// The decoding tags in `rename(deserialize = ...)` only: serde_json (or
/// any other format) serializes the plain field names, `de` still reads
/// labels and blocks, and `ser` (which sees the serialize names) writes
/// every field as an attribute (issue 25: the tags leaked into JSON).
#[test]
fn tags_in_deserialize_only_renames_stay_out_of_serialization() {
    #[derive(serde::Serialize, Deserialize, Debug, PartialEq)]
    struct Config {
        #[serde(rename(deserialize = "service,block"))]
        services: Vec<Service>,
        #[serde(rename(deserialize = "rest,remain"))]
        rest: BTreeMap<String, String>,
    }
    #[derive(serde::Serialize, Deserialize, Debug, PartialEq)]
    struct Service {
        #[serde(rename(deserialize = "name,label"))]
        name: String,
        port: u16,
    }
    let src = "service \"web\" {\n  port = 8080\n}\nregion = \"eu\"\n";
    let config: Config = de::from_str(src, &ctx()).unwrap();
    assert_eq!(
        config,
        Config {
            services: vec![Service {
                name: "web".into(),
                port: 8080
            }],
            rest: [("region".to_string(), "eu".to_string())].into(),
        }
    );
    assert_eq!(
        serde_json::to_string(&config).unwrap(),
        r#"{"services":[{"name":"web","port":8080}],"rest":{"region":"eu"}}"#
    );
    // `ser` sees only the serialize names: no labels, no blocks.
    assert_eq!(
        hcl_native::ser::to_string(&config).unwrap(),
        "services = [{\n  name = \"web\"\n  port = 8080\n}]\nrest = {\n  region = \"eu\"\n}\n"
    );
}

/// A `#[serde(flatten)]` struct's problems keep their ranges: serde
/// decodes its fields from values it buffered, where no range is known,
/// and a problem there was placed on the whole file (issue 25).
#[test]
fn a_flattened_structs_problems_keep_their_ranges() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Service {
        name: String,
        #[serde(flatten)]
        conn: Conn,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Conn {
        host: String,
        port: u16,
    }
    let ok: Service = de::from_str("name = \"a\"\nhost = \"h\"\nport = 80\n", &ctx()).unwrap();
    assert_eq!((ok.name.as_str(), ok.conn.host.as_str(), ok.conn.port), ("a", "h", 80));

    let src = "name = \"a\"\nport = \"many\"\n";
    let p = problems::<Service>(src);
    assert_eq!(
        p,
        [
            (
                "Missing required argument".to_string(),
                "The argument \"host\" is required, but no definition was found.".to_string(),
                String::new()
            ),
            (
                "Unsuitable value type".to_string(),
                "Unsuitable value: invalid type: string \"many\", expected u16".to_string(),
                "\"many\"".to_string()
            ),
        ]
    );
    // the missing argument at the body's start, as an unflattened one
    let err = de::from_str::<Service>(src, &ctx()).unwrap_err();
    assert_eq!(err.diagnostics()[0].subject(), hcl_native::Span::empty(0));

    // in a block, beside a wrong value of the outer struct
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Config {
        #[serde(rename = "service,block")]
        services: Vec<Service>,
    }
    let src = "service {\n  name = \"a\"\n  host = \"h\"\n  port = 70000\n}\nservice {\n  name = [1]\n  host = \"h\"\n  port = 1\n}\n";
    let got: Vec<_> = problems::<Config>(src)
        .into_iter()
        .map(|(s, _, text)| (s, text))
        .collect();
    assert_eq!(
        got,
        [
            ("Unsuitable value type".to_string(), "70000".to_string()),
            ("Unsuitable value type".to_string(), "[1]".to_string()),
        ]
    );
}

/// An `Expression` field keeps the attribute's expression unevaluated, to
/// evaluate later with another context (issue 25).
#[test]
fn an_expression_field_keeps_the_attribute_unevaluated() {
    use hcl_native::de::Expression;
    #[derive(Deserialize, Debug)]
    struct Resource {
        #[serde(rename = "name,label")]
        name: String,
        count: Expression,
        depends_on: Option<Expression>,
        region: String,
    }
    #[derive(Deserialize, Debug)]
    struct File {
        #[serde(rename = "resource,block")]
        resources: Vec<Resource>,
    }
    let src = "resource \"web\" {\n  count  = var.n + 1\n  region = \"eu\"\n}\nresource \"db\" {\n  count      = 2\n  depends_on = [resource.web]\n  region     = \"us\"\n}\n";
    // `var` is not defined: the decoding does not evaluate the counts
    let file: File = de::from_str(src, &EvalContext::new()).unwrap();
    let (web, db) = (&file.resources[0], &file.resources[1]);
    assert_eq!((web.name.as_str(), web.region.as_str()), ("web", "eu"));
    assert_eq!(&src[web.count.range().range()], "var.n + 1");
    assert_eq!(web.count.text(), "var.n + 1");
    assert_eq!(web.count.variables()[0].root, "var");
    assert_eq!(&src[web.count.variables()[0].span().range()], "var.n");
    assert!(web.depends_on.is_none());
    assert_eq!(&src[db.depends_on.as_ref().unwrap().range().range()], "[resource.web]");

    let mut later = EvalContext::new();
    later
        .set_variable("var", Value::object([("n", Value::from(2))]))
        .unwrap();
    assert_eq!(web.count.evaluate(&later).value, Value::from(3));
    assert_eq!(db.count.evaluate(&later).value, Value::from(2));
    let failed = web.count.evaluate(&EvalContext::new());
    assert_eq!(failed.diagnostics[0].code(), hcl_native::Code::UNKNOWN_VARIABLE);
    assert_eq!(&src[failed.diagnostics[0].subject().range()], "var");

    // the JSON syntax: a JSON value, its strings templates
    let json = r#"{"resource": {"web": {"count": "${var.n + 1}", "region": "eu"}}}"#;
    let file: File = de::from_file("main.tf.json", json.as_bytes(), &EvalContext::new()).unwrap();
    let count = &file.resources[0].count;
    assert!(count.is_json());
    assert_eq!(&json[count.range().range()], r#""${var.n + 1}""#);
    assert_eq!(count.evaluate(&later).value, Value::from(3));
    assert_eq!(&json[count.variables()[0].span().range()], "var.n");

    // the other fields' problems are still found, and an expression that
    // the context cannot evaluate is none of them
    let bad = "resource \"web\" {\n  count  = var.n\n  region = 1 + true\n  extra  = 1\n}\n";
    let got: Vec<_> = problems::<File>(bad)
        .into_iter()
        .map(|(s, _, text)| (s, text))
        .collect();
    assert_eq!(
        got,
        [
            ("Invalid operand".to_string(), "true".to_string()),
            ("Unsupported argument".to_string(), "extra".to_string()),
        ]
    );
    let bad = "resource \"web\" {\n  count  = var.n\n  region = \"eu\"\n  extra  = 1\n}\n";
    assert_eq!(summaries::<File>(bad), ["Unsupported argument"]);
}

/// A `Body` field keeps a block's body, and a `Body` remain field the rest
/// of the body, attributes and blocks, to decode later (issue 25: the
/// remain field held attributes only).
#[test]
fn a_body_field_keeps_a_body_to_decode_later() {
    use hcl_native::de::Body;
    #[derive(Deserialize, Debug)]
    struct Resource {
        #[serde(rename = "type,label")]
        kind: String,
        count: Option<u32>,
        #[serde(rename = "provisioner,block")]
        provisioners: Vec<Body>,
        #[serde(rename = "config,remain")]
        config: Body,
    }
    #[derive(Deserialize, Debug)]
    struct File {
        #[serde(rename = "resource,block")]
        resources: Vec<Resource>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Instance {
        ami: String,
        #[serde(rename = "disk,block")]
        disks: Vec<Disk>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Disk {
        gb: u32,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Exec {
        command: String,
    }
    let src = "resource \"instance\" {\n  count = 2\n  ami   = var.ami\n  disk {\n    gb = 10\n  }\n  provisioner {\n    command = \"echo ${var.ami}\"\n  }\n  disk { gb = 20 }\n}\n";
    let file: File = de::from_str(src, &EvalContext::new()).unwrap();
    let r = &file.resources[0];
    assert_eq!((r.kind.as_str(), r.count), ("instance", Some(2)));
    assert_eq!(r.config.range(), r.provisioners[0].range().to(r.config.range()));
    let mut later = EvalContext::new();
    later
        .set_variable("var", Value::object([("ami", Value::from("ami-1"))]))
        .unwrap();
    // the rest: `count` and the provisioner are the struct's, not the rest's
    let instance: Instance = r.config.decode(&later).unwrap();
    assert_eq!(
        instance,
        Instance {
            ami: "ami-1".into(),
            disks: vec![Disk { gb: 10 }, Disk { gb: 20 }],
        }
    );
    let exec: Exec = r.provisioners[0].decode(&later).unwrap();
    assert_eq!(exec.command, "echo ami-1");
    assert_eq!(
        &src[r.provisioners[0].range().range()],
        "{\n    command = \"echo ${var.ami}\"\n  }"
    );

    // a later decoding's problems have the file's ranges
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct NoDisks {
        ami: String,
    }
    let err = r.config.decode::<NoDisks>(&later).unwrap_err();
    let got: Vec<_> = err
        .diagnostics()
        .iter()
        .map(|d| (d.summary(), &src[d.subject().range()]))
        .collect();
    assert_eq!(
        got,
        [("Unsupported block type", "disk"), ("Unsupported block type", "disk")]
    );
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Named {
        command: String,
        name: String,
    }
    let err = r.provisioners[0].decode::<Named>(&later).unwrap_err();
    assert_eq!(err.diagnostics()[0].code(), hcl_native::Code::MISSING_REQUIRED_ARGUMENT);
    assert_eq!(err.diagnostics()[0].subject().start, r.provisioners[0].range().start);

    // a Body block field takes blocks without labels
    let p = problems::<File>("resource \"x\" {\n  provisioner \"local\" {}\n}\n");
    assert_eq!(
        (p[0].0.as_str(), p[0].2.as_str()),
        ("Extraneous label for provisioner", "\"local\"")
    );

    // a Body that failed stands in, and the decoding goes on to the next
    // problem
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct One {
        #[serde(rename = "backend,block")]
        backend: Body,
        port: u16,
    }
    let got: Vec<_> = problems::<One>("backend \"s3\" {}\nport = \"many\"\n")
        .into_iter()
        .map(|(s, _, text)| (s, text))
        .collect();
    assert_eq!(
        got,
        [
            ("Extraneous label for backend".to_string(), "\"s3\"".to_string()),
            ("Unsuitable value type".to_string(), "\"many\"".to_string()),
        ]
    );
    // without the source text (a bare syntax tree) there is nothing to keep
    let arena = hcl_native::Arena::new();
    let tree = hcl_native::parse_config(&arena, b"backend {}\nport = 1\n").ast;
    let err = de::from_body::<One>(&tree.body, &EvalContext::new()).unwrap_err();
    assert!(
        err.to_string().contains("a Body field needs the body's source text"),
        "{err}"
    );

    // the JSON syntax, and a file's name
    let json = r#"{"resource": {"instance": {"count": 2, "ami": "${var.ami}", "disk": [{"gb": 10}, {"gb": 20}], "provisioner": {"command": "x"}}}}"#;
    let file: File = de::from_file("main.tf.json", json.as_bytes(), &EvalContext::new()).unwrap();
    let r = &file.resources[0];
    assert_eq!(r.config.decode::<Instance>(&later).unwrap().disks.len(), 2);
    assert_eq!(r.provisioners[0].decode::<Exec>(&later).unwrap().command, "x");
    let arena = hcl_native::Arena::new();
    let parsed = hcl_native::body::AnyFile::parse(&arena, "main.tf.json", json.as_bytes()).ast;
    let named = hcl_native::body::AnyBody::named("main.tf.json", parsed.body());
    let file: File = de::from_any_body(&named, &EvalContext::new()).unwrap();
    let config = &file.resources[0].config;
    assert_eq!(config.file(), Some("main.tf.json"));
    let err = config.decode::<Exec>(&EvalContext::new()).unwrap_err();
    // what the struct took (`count`, the provisioner) is not in the rest
    let got: Vec<_> = err
        .diagnostics()
        .iter()
        .map(|d| (d.summary(), d.file().map(|f| &**f), &json[d.subject().range()]))
        .collect();
    assert_eq!(
        got,
        [
            ("Extraneous JSON object property", Some("main.tf.json"), r#""ami""#),
            ("Extraneous JSON object property", Some("main.tf.json"), r#""disk""#),
        ]
    );
}

/// A remain map's or a body map's values are read one by one: `Expression`
/// values stay unevaluated, and a value that does not fit is reported at
/// its own expression (a remain value's problem was placed at the body's
/// start).
#[test]
fn map_values_can_be_expressions_and_fail_at_their_own_range() {
    use hcl_native::de::Expression;
    #[derive(Deserialize, Debug)]
    struct Module {
        source: String,
        #[serde(rename = "inputs,remain")]
        inputs: BTreeMap<String, Expression>,
    }
    let src = "source = \"./net\"\ncidr   = var.cidr\nzones  = [for z in var.zones : upper(z)]\n";
    let m: Module = de::from_str(src, &EvalContext::new()).unwrap();
    assert_eq!(m.source, "./net");
    assert_eq!(m.inputs.keys().collect::<Vec<_>>(), ["cidr", "zones"]);
    assert_eq!(&src[m.inputs["cidr"].range().range()], "var.cidr");
    let all: HashMap<String, Expression> = de::from_str(src, &EvalContext::new()).unwrap();
    assert_eq!(all["zones"].variables()[0].root, "var");

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Ports {
        name: String,
        #[serde(rename = "rest,remain")]
        rest: BTreeMap<String, u16>,
    }
    let got: Vec<_> = problems::<Ports>("name = \"a\"\nhttp = 80\nhttps = \"many\"\nssh = nope\n")
        .into_iter()
        .map(|(s, _, text)| (s, text))
        .collect();
    assert_eq!(
        got,
        [
            ("Unsuitable value type".to_string(), "\"many\"".to_string()),
            ("Unknown variable".to_string(), "nope".to_string()),
        ]
    );
    let got: Vec<_> = problems::<HashMap<String, u16>>("a = nope\nb = 1 + true\nc = -1\n")
        .into_iter()
        .map(|(s, _, text)| (s, text))
        .collect();
    assert_eq!(
        got,
        [
            ("Unknown variable".to_string(), "nope".to_string()),
            ("Invalid operand".to_string(), "true".to_string()),
            ("Unsuitable value type".to_string(), "-1".to_string()),
        ]
    );
}

/// An `Expression` of every shape evaluates from its own text as in the
/// file: heredocs (whose text ends at the closing marker), templates with
/// directives, multi-line collections, and a JSON object.
#[test]
fn expressions_of_every_shape_evaluate_from_their_text() {
    use hcl_native::body::AnyFile;
    use hcl_native::de::Expression;
    let mut ctx = EvalContext::new();
    ctx.set_variable("x", Value::from("w")).unwrap();
    let native = "a = <<EOT\nhello ${x}\nEOT\nb = <<-EOT\n    indented\n      more\n    EOT\nc = \"%{ if x == \"w\" }yes%{ else }no%{ endif }\"\nd = {\n  k = [1,\n    2]\n}\ne = x # comment\n";
    let json = r#"{"a": {"k": ["${x}", 2]}, "b": null, "c": "%{ if x == \"w\" }yes%{ endif }"}"#;
    for (name, src) in [("x.hcl", native), ("x.json", json)] {
        let kept: BTreeMap<String, Expression> = de::from_file(name, src.as_bytes(), &EvalContext::new()).unwrap();
        let arena = hcl_native::Arena::new();
        let file = AnyFile::parse(&arena, name, src.as_bytes()).ast;
        let (attrs, _) = file.body().just_attributes();
        assert_eq!(kept.len(), attrs.len());
        for a in attrs {
            let (ours, theirs) = (kept[a.name].evaluate(&ctx), a.evaluate(&ctx));
            assert!(ours.diagnostics.is_empty(), "{name} {}: {:?}", a.name, ours.diagnostics);
            assert_eq!(ours.value, theirs.value, "{name} {}", a.name);
        }
    }
}

/// An `Option<Body>` remain field is the rest, whatever it holds: nothing
/// in it is evaluated to decide.
#[test]
fn an_optional_remain_body_is_some_without_evaluating() {
    #[derive(Deserialize, Debug)]
    struct T {
        name: String,
        #[serde(rename = "rest,remain")]
        rest: Option<hcl_native::de::Body>,
    }
    let src = "name = \"a\"\nlater = var.x\nblock {}\n";
    let t: T = de::from_str(src, &EvalContext::new()).unwrap();
    assert_eq!(t.name, "a");
    let rest = t.rest.unwrap();
    let err = rest.decode::<HashMap<String, String>>(&EvalContext::new()).unwrap_err();
    let got: Vec<_> = err.diagnostics().iter().map(|d| &src[d.subject().range()]).collect();
    assert_eq!(got, ["var", "block"]);
    // a map remain field reports both too
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct M {
        name: String,
        #[serde(rename = "rest,remain")]
        rest: BTreeMap<String, String>,
    }
    let got: Vec<_> = problems::<M>(src).into_iter().map(|(s, _, text)| (s, text)).collect();
    assert_eq!(
        got,
        [
            ("Unknown variable".to_string(), "var".to_string()),
            ("Unexpected \"block\" block".to_string(), "block".to_string()),
        ]
    );
}

/// `de::Options::with_expand_dynamic`: Terraform's `dynamic` blocks
/// decoded as the blocks they make.
mod expand_dynamic {
    use super::*;
    use de::Options;

    #[derive(Deserialize, Debug, PartialEq)]
    struct Resource {
        #[serde(rename = "ingress,block")]
        ingress: Vec<Rule>,
        #[serde(rename = "tag,block", default)]
        tags: BTreeMap<String, Tag>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Rule {
        port: u16,
        #[serde(rename = "cidr,block", default)]
        cidrs: Vec<Cidr>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Cidr {
        block: String,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Tag {
        value: String,
    }

    fn decode(name: &str, src: &str) -> Result<Resource, de::Error> {
        let options = Options::default().with_expand_dynamic(true);
        de::from_file_with(name, src.as_bytes(), &ctx(), &options)
    }

    fn summaries(src: &str) -> Vec<(String, String)> {
        let err = decode("main.tf", src).expect_err("decoding should fail");
        err.diagnostics()
            .iter()
            .map(|d| (d.summary().to_string(), src[d.subject().range()].to_string()))
            .collect()
    }

    #[test]
    fn made_blocks_take_their_place_with_the_iterator_nested_and_labelled() {
        let src = r#"
ingress { port = 22 }
dynamic "ingress" {
  for_each = [80, 443]
  iterator = rule
  content {
    port = rule.value
    dynamic "cidr" {
      for_each = rule.value == 80 ? ["0.0.0.0/0"] : ["10.0.0.0/8", "${env}.internal"]
      content { block = "${cidr.value}#${rule.key}" }
    }
  }
}
dynamic "tag" {
  for_each = { team = "web", env = env }
  labels   = [tag.key]
  content { value = upper(tag.value) }
}
"#;
        let r = decode("main.tf", src).unwrap_or_else(|e| panic!("{e}"));
        let ports: Vec<u16> = r.ingress.iter().map(|i| i.port).collect();
        assert_eq!(ports, [22, 80, 443]);
        let cidrs: Vec<&str> = r.ingress[2].cidrs.iter().map(|c| c.block.as_str()).collect();
        assert_eq!(cidrs, ["10.0.0.0/8#1", "prod.internal#1"]);
        assert_eq!(r.ingress[1].cidrs[0].block, "0.0.0.0/0#0");
        let tags: Vec<(&str, &str)> = r.tags.iter().map(|(k, t)| (k.as_str(), t.value.as_str())).collect();
        assert_eq!(tags, [("env", "PROD"), ("team", "WEB")]);
    }

    #[test]
    fn json_syntax_dynamic_blocks_expand_too() {
        let src =
            r#"{"dynamic": {"ingress": {"for_each": "${[1, 2]}", "content": {"port": "${ingress.value * 100}"}}}}"#;
        let r = decode("main.tf.json", src).unwrap_or_else(|e| panic!("{e}"));
        let ports: Vec<u16> = r.ingress.iter().map(|i| i.port).collect();
        assert_eq!(ports, [100, 200]);
    }

    #[test]
    fn mistakes_get_dynblocks_messages() {
        // a type no field takes
        assert_eq!(
            summaries("dynamic \"egress\" {\n  for_each = [1]\n  content {}\n}\n"),
            [("Unsupported block type".to_string(), "\"egress\"".to_string())]
        );
        // for_each that is no collection
        assert_eq!(
            summaries("dynamic \"ingress\" {\n  for_each = 3\n  content { port = 1 }\n}\n"),
            [("Invalid dynamic for_each value".to_string(), "3".to_string())]
        );
        // no content block
        assert_eq!(
            summaries("dynamic \"ingress\" {\n  for_each = [1]\n}\n")[0].0,
            "Missing dynamic content block"
        );
        // labels the blocks' struct does not have, and missing ones
        assert_eq!(
            summaries("dynamic \"ingress\" {\n  for_each = [1]\n  labels = [\"x\"]\n  content { port = 1 }\n}\n"),
            [("Extraneous dynamic block label".to_string(), "[\"x\"]".to_string())]
        );
        assert_eq!(
            summaries("dynamic \"tag\" {\n  for_each = [1]\n  content { value = \"v\" }\n}\n")[0].0,
            "Insufficient dynamic block labels"
        );
        // the iterator is seen only inside its block
        assert_eq!(
            summaries("dynamic \"ingress\" {\n  for_each = [1]\n  content { port = 1 }\n}\ningress { port = ingress.value }\n")[0].0,
            "Unknown variable"
        );
    }

    #[test]
    fn without_the_option_dynamic_is_an_ordinary_block() {
        let err =
            de::from_str::<Resource>("dynamic \"ingress\" {\n  for_each = [1]\n  content {}\n}\n", &ctx()).unwrap_err();
        assert_eq!(err.diagnostics()[0].summary(), "Unsupported block type");
    }
}
