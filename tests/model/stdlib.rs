//! The standard function library against the reference oracle.
//!
//! `tests/data/stdlib.jsonl` and one `tests/data/stdlib-FAMILY.jsonl` per
//! family of functions (written by `scripts/oracle_stdlib.py [FAMILY]`) hold,
//! for each case `FUNC(ARGS)`, the value and type of every argument and the
//! reference's answer: the result's value and type, or an error. Each case
//! is called here through `hcl_native::stdlib::lookup(FUNC)` and compared:
//! the value and type must be the reference's (numbers compared as
//! numbers), or both must fail (error messages are never compared).
//!
//! A case marked with a deviation of `docs/deviations.md` is one where this
//! implementation knowingly answers differently. With a recorded answer
//! (`"ours"`) our answer must be exactly that one; without, the comparison
//! is relaxed the way the deviation says (`D-exact-numbers`: numbers within
//! a relative 2^-500, the reference's rounding). Either way the reference
//! must still answer differently, so that a stale mark is noticed.
#![cfg(feature = "json")]

use std::collections::BTreeMap;

use hcl_native::json::{type_from_json, type_to_json, value_from_json, value_to_json};
use hcl_native::stdlib::{self, lookup, standard_functions};
use hcl_native::value::{Type, Value};
use hcl_native::Number;
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::{json, Value as Json};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// What the reference's `hcl-oracle funcs --all-funcs` lists: go-cty's
/// standard library plus `try` and `can`.
const REFERENCE_ALL_FUNCS: [&str; 66] = [
    "abs",
    "can",
    "ceil",
    "chomp",
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "csvdecode",
    "distinct",
    "element",
    "flatten",
    "floor",
    "format",
    "formatdate",
    "formatlist",
    "indent",
    "int",
    "join",
    "jsondecode",
    "jsonencode",
    "keys",
    "length",
    "log",
    "lookup",
    "lower",
    "max",
    "merge",
    "min",
    "parseint",
    "pow",
    "range",
    "regex",
    "regex_replace",
    "regexall",
    "replace",
    "reverse",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setsymmetricdifference",
    "setunion",
    "signum",
    "slice",
    "sort",
    "split",
    "strlen",
    "strrev",
    "substr",
    "title",
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "try",
    "upper",
    "values",
    "zipmap",
];

// ------------------------------------------------------------------ comparing

fn number(j: &Json) -> Option<Number> {
    match j {
        Json::Number(n) => Number::from_json_number(&n.to_string()).ok(),
        _ => None,
    }
}

/// How two answers may differ.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Relax {
    /// Not at all (numbers compared as numbers).
    None,
    /// Numbers within a relative 2^-500.
    Close,
}

fn pow2_neg(e: u32) -> Number {
    Number::from_rational(BigRational::new(1.into(), BigInt::from(2).pow(e))).unwrap()
}

/// `ours` within a relative 2^-500 of `reference`.
fn close(ours: &Number, reference: &Number) -> bool {
    if ours.is_infinite() || reference.is_infinite() {
        return ours == reference;
    }
    let diff = ours.sub(reference).unwrap().abs();
    diff <= reference.abs().mul(&pow2_neg(500)).unwrap()
}

/// Equality of two JSON trees under a relaxation, numbers compared as
/// numbers.
fn same(a: &Json, b: &Json, relax: Relax) -> bool {
    match (a, b) {
        (Json::Number(_), Json::Number(_)) => match (number(a), number(b)) {
            (Some(x), Some(y)) => x == y || relax == Relax::Close && close(&x, &y),
            _ => false,
        },
        (Json::Array(xs), Json::Array(ys)) => xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same(x, y, relax)),
        (Json::Object(xs), Json::Object(ys)) => {
            xs.len() == ys.len() && xs.iter().all(|(k, x)| ys.get(k).is_some_and(|y| same(x, y, relax)))
        }
        _ => a == b,
    }
}

fn is_error(answer: &Json) -> bool {
    answer.get("error").is_some()
}

/// Whether two answers agree: the same type and value, or both errors.
fn agree(ours: &Json, reference: &Json, relax: Relax) -> bool {
    match (is_error(ours), is_error(reference)) {
        (true, true) => true,
        (false, false) => {
            same(&ours["type"], &reference["type"], Relax::None) && same(&ours["value"], &reference["value"], relax)
        }
        _ => false,
    }
}

// ------------------------------------------------------------------- running

struct Case {
    line: String,
    name: String,
    func: String,
    args: Vec<Json>,
    oracle: Json,
    deviation: Option<String>,
    ours: Option<Json>,
}

/// The cases of `stdlib.jsonl` and of every `stdlib-FAMILY.jsonl`.
fn load() -> Vec<Case> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(DATA)
        .unwrap_or_else(|e| panic!("{DATA}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("stdlib") && name.ends_with(".jsonl")
        })
        .collect();
    files.sort();
    files.iter().flat_map(|f| load_file(f)).collect()
}

fn load_file(path: &std::path::Path) -> Vec<Case> {
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{file}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let j: Json = serde_json::from_str(l).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
            Case {
                line: format!("{file}:{}", i + 1),
                name: j["case"].as_str().unwrap().to_string(),
                func: j["func"].as_str().unwrap().to_string(),
                args: j["args"].as_array().unwrap().clone(),
                oracle: j["oracle"].clone(),
                deviation: j.get("deviation").and_then(Json::as_str).map(str::to_string),
                ours: j.get("ours").cloned(),
            }
        })
        .collect()
}

fn arg_value(a: &Json) -> Result<Value, String> {
    let ty = type_from_json(&a["type"]).map_err(|e| format!("argument type: {e}"))?;
    value_from_json(&a["value"], &ty).map_err(|e| format!("argument value: {e}"))
}

/// Our answer in the oracle's form.
fn our_answer(case: &Case) -> Result<Json, String> {
    let f = lookup(&case.func).ok_or_else(|| format!("no function {:?}", case.func))?;
    let args = case.args.iter().map(arg_value).collect::<Result<Vec<_>, _>>()?;
    Ok(match f.call(&args) {
        Ok(v) => json!({
            "type": type_to_json(&v.ty()).map_err(|e| e.to_string())?,
            "value": value_to_json(&v).map_err(|e| e.to_string())?,
        }),
        Err(e) => json!({ "error": e.to_string() }),
    })
}

fn short(j: &Json) -> String {
    let s = j.to_string();
    if s.chars().count() > 300 {
        format!("{}…", s.chars().take(300).collect::<String>())
    } else {
        s
    }
}

/// Checks one case; `Err` says what is wrong.
fn check(case: &Case) -> Result<(), String> {
    let ours = our_answer(case)?;
    let Some(dev) = &case.deviation else {
        return if agree(&ours, &case.oracle, Relax::None) {
            Ok(())
        } else {
            Err(format!(
                "ours {} but the reference {}",
                short(&ours),
                short(&case.oracle)
            ))
        };
    };
    let relax = match dev.as_str() {
        "D-exact-numbers" => Relax::Close,
        _ => Relax::None,
    };
    if agree(&ours, &case.oracle, Relax::None) {
        return Err(format!(
            "marked {dev}, but we now agree with the reference: {}",
            short(&ours)
        ));
    }
    let expected_ok = match &case.ours {
        Some(recorded) => agree(&ours, recorded, Relax::None),
        None => agree(&ours, &case.oracle, relax),
    };
    if expected_ok {
        Ok(())
    } else {
        Err(format!(
            "{dev}: ours {} does not fit the deviation (recorded {}, reference {})",
            short(&ours),
            case.ours.as_ref().map_or("nothing".to_string(), short),
            short(&case.oracle)
        ))
    }
}

#[test]
fn functions_agree_with_the_reference() {
    let cases = load();
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| check(c).err().map(|e| format!("line {}: {}: {e}", c.line, c.name)))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases disagree:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn every_function_has_enough_cases() {
    let cases = load();
    let mut per_function: BTreeMap<&str, (usize, usize, usize)> =
        stdlib::names().into_iter().map(|n| (n, (0, 0, 0))).collect();
    for c in &cases {
        let entry = per_function
            .get_mut(c.func.as_str())
            .unwrap_or_else(|| panic!("line {}: {:?} is not a standard function", c.line, c.func));
        entry.0 += 1;
        if is_error(&c.oracle) {
            entry.1 += 1;
        }
        if c.args
            .iter()
            .any(|a| a["value"].is_null() || a["value"].get("__unknown__").is_some())
        {
            entry.2 += 1;
        }
    }
    for (name, (total, errors, special)) in per_function {
        assert!(total >= 10, "{name}: only {total} cases");
        assert!(errors >= 1, "{name}: no error case");
        assert!(special >= 1, "{name}: no case with a null or unknown argument");
    }
}

// ------------------------------------------------------------ direct checks

fn call(name: &str, args: &[Value]) -> Value {
    lookup(name).unwrap().call(args).unwrap()
}

#[test]
fn the_library_is_the_reference_default_set() {
    let names: Vec<String> = standard_functions().into_keys().collect();
    assert_eq!(names, stdlib::names());
    // exactly the reference's --all-funcs set
    assert_eq!(names, REFERENCE_ALL_FUNCS);
    assert!(lookup("no_such_function").is_none());
    assert!(stdlib::lookup("").is_none());
}

#[test]
fn unknown_and_dynamic_arguments() {
    let list_of_unknown = Value::list(Type::String, vec![Value::unknown(Type::String)]).unwrap();
    // length of a known list with unknown elements is known...
    assert_eq!(call("length", std::slice::from_ref(&list_of_unknown)), Value::from(1));
    // ...of an unknown list an unknown number, not null and not negative
    // (go-cty 1.13's refinements: at least 0 and at most its `MaxInt`), of
    // an unknown tuple its type's length (go-cty 1.13's length takes
    // unknown arguments; the oracle's 1.12.1 did not, O-refinements).
    let length = call("length", &[Value::unknown(Type::list(Type::Number))]);
    assert_eq!(
        length,
        Value::unknown(Type::Number)
            .refine()
            .not_null()
            .number_range_inclusive(Number::from(0), Number::from(hcl_native::value::MAX_LENGTH))
            .new_value()
            .unwrap()
    );
    let tuple_type = Type::tuple(vec![Type::String, Type::Bool]);
    assert_eq!(call("length", &[Value::unknown(tuple_type)]), Value::from(2));
    // join needs every element known; its unknown result is not null.
    assert_eq!(call("join", &[",".into(), list_of_unknown]), not_null(Type::String));
    // A dynamic argument at a parameter of a concrete type gives an unknown
    // of the result type; at a parameter of any type that does not accept it,
    // the dynamic value.
    assert_eq!(
        call("split", &[",".into(), Value::dynamic()]),
        not_null(Type::list(Type::String))
    );
    assert_eq!(call("keys", &[Value::dynamic()]), Value::dynamic());
    assert_eq!(call("upper", &[Value::dynamic()]), not_null(Type::String));
}

/// The unknown value of `ty` refined as not null, as go-cty's functions
/// that declare `refineNonNull` give it for an unknown argument.
fn not_null(ty: Type) -> Value {
    Value::unknown(ty).refine().not_null().new_value().unwrap()
}

#[test]
fn errors_are_errors() {
    let f = |name: &str, args: &[Value]| lookup(name).unwrap().call(args).is_err();
    assert!(f("upper", &[Value::null(Type::String)]));
    assert!(f("length", &["abc".into()]));
    assert!(f("element", &[Value::empty_tuple(), 0.into()]));
    assert!(f("format", &["%d".into(), "x".into()]));
    assert!(f("format", &["%s".into()]));
    assert!(f("range", &[0.into(), 5.into(), (-1).into()]));
    assert!(f("coalesce", &[Value::null(Type::String)]));
    assert!(f("tobool", &["yes".into()]));
    assert!(f("jsonencode", &[Value::number(Number::POSITIVE_INFINITY)]));
}

#[test]
fn format_examples() {
    let s = |args: &[Value]| call("format", args).as_str().unwrap().to_string();
    assert_eq!(
        s(&[
            "%5.2f|%-4d|%x".into(),
            Value::from(Number::from_literal("3.14159").unwrap()),
            7.into(),
            255.into()
        ]),
        " 3.14|7   |ff"
    );
    assert_eq!(s(&["%[2]s-%[1]s".into(), "a".into(), "b".into()]), "b-a");
    assert_eq!(
        s(&[
            "%v %v".into(),
            Value::from(1_000_000),
            Value::tuple(vec![1.into(), "<".into()])
        ]),
        "1e+06 [1,\"\\u003c\"]"
    );
    assert_eq!(s(&["%.3s|%q".into(), "héllo".into(), "é".into()]), "hél|\"é\"");
}

#[test]
fn widths_are_bounded() {
    let f = lookup("format").unwrap();
    let wide = f.call(&["%1000000d|".into(), 1.into()]).unwrap();
    assert_eq!(wide.as_str().unwrap().len(), 1_000_001);
    assert!(f.call(&["%20000000s".into(), "a".into()]).is_err());
    assert!(f.call(&["%.20000000f".into(), 1.into()]).is_err());
}
