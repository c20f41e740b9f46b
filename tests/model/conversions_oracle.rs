//! Value conversions against the reference oracle.
//!
//! `tests/data/conversions.jsonl` (written by `scripts/oracle_conversions.py`)
//! holds, for each case `FUNC(INNER)`, the value of `INNER` and what the
//! reference's `FUNC` (tostring, tonumber, tobool, tolist, toset, tomap)
//! makes of it. Each input is converted here with
//! [`hcl_native::convert::convert`] to the function's type and the result
//! compared: the value and type must be those of the reference (numbers
//! compared as numbers), or both must fail (error messages are never
//! compared, their wording is each implementation's own).
//!
//! Where this implementation deliberately deviates (docs/deviations.md),
//! the line carries our answer (`"ours"`) and the deviation's id
//! (`"deviation"`); `UPDATE_GOLDEN=1 cargo test --test model`
//! rewrites them. Each mismatch must fit the conservative rule of one
//! deviation id, checked here on every run, and our answer must be the
//! recorded one. A mismatch no rule explains fails the test (in update mode
//! it is recorded as `"UNEXPLAINED"`, which fails too).
#![cfg(feature = "json")]

use std::collections::BTreeMap;

use hcl_native::convert::convert;
use hcl_native::json::{type_from_json, type_to_json, value_from_json, value_to_json};
use hcl_native::Number;
use num_bigint::BigInt;
use num_rational::BigRational;
use serde_json::{json, Map, Value as Json};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/conversions.jsonl");

const NEGATIVE_ZERO: &str = "D-negative-zero";
const EXACT_NUMBERS: &str = "D-exact-numbers";
const UNEXPLAINED: &str = "UNEXPLAINED";
const DEVIATIONS: [&str; 2] = [NEGATIVE_ZERO, EXACT_NUMBERS];

// ------------------------------------------------------------------ comparing

use crate::common::{json_number as number, same_json as same};

fn is_error(answer: &Json) -> bool {
    answer.get("error").is_some()
}

/// Whether two answers agree: the same type and value, or both errors.
fn answers_agree(a: &Json, b: &Json) -> bool {
    match (is_error(a), is_error(b)) {
        (true, true) => true,
        (false, false) => same(&a["type"], &b["type"]) && same(&a["value"], &b["value"]),
        _ => false,
    }
}

fn pow2_neg(e: u32) -> Number {
    Number::from_rational(BigRational::new(1.into(), BigInt::from(2).pow(e))).unwrap()
}

/// `ours` within a relative 2^-500 of `reference`: the same number at the
/// reference's 512-bit precision.
fn close(ours: &Number, reference: &Number) -> bool {
    if ours.is_infinite() || reference.is_infinite() {
        return false;
    }
    let diff = ours.sub(reference).unwrap().abs();
    diff <= reference.abs().mul(&pow2_neg(500)).unwrap()
}

/// Whether `ours` equals `reference` (both values of the type `ty`) but
/// for numbers (and strings that are numbers) within a relative 2^-500:
/// D-exact-numbers.
fn relaxed(ours: &Json, reference: &Json, ty: &Json) -> bool {
    if same(ours, reference) {
        return true;
    }
    let elementwise = |xs: &[Json], ys: &[Json], t: &dyn Fn(usize) -> Option<Json>| {
        xs.len() == ys.len()
            && xs
                .iter()
                .zip(ys)
                .enumerate()
                .all(|(i, (x, y))| t(i).is_some_and(|t| relaxed(x, y, &t)))
    };
    match ty {
        Json::String(t) => match (t.as_str(), ours, reference) {
            ("string", Json::String(a), Json::String(b)) => {
                match (Number::from_json_number(a), Number::from_json_number(b)) {
                    (Ok(x), Ok(y)) => close(&x, &y),
                    _ => false,
                }
            }
            ("number", Json::Number(_), Json::Number(_)) => {
                matches!((number(ours), number(reference)), (Some(x), Some(y)) if close(&x, &y))
            }
            _ => false,
        },
        Json::Array(parts) if parts.len() == 2 => {
            let (kind, inner) = (parts[0].as_str().unwrap_or(""), &parts[1]);
            match (kind, ours, reference) {
                ("list" | "set", Json::Array(xs), Json::Array(ys)) => elementwise(xs, ys, &|_| Some(inner.clone())),
                ("tuple", Json::Array(xs), Json::Array(ys)) => {
                    let ts = inner.as_array().cloned().unwrap_or_default();
                    elementwise(xs, ys, &|i| ts.get(i).cloned())
                }
                ("map", Json::Object(xs), Json::Object(ys)) => {
                    xs.len() == ys.len() && xs.iter().all(|(k, x)| ys.get(k).is_some_and(|y| relaxed(x, y, inner)))
                }
                ("object", Json::Object(xs), Json::Object(ys)) => {
                    xs.len() == ys.len()
                        && xs
                            .iter()
                            .all(|(k, x)| matches!((ys.get(k), inner.get(k)), (Some(y), Some(t)) if relaxed(x, y, t)))
                }
                _ => false,
            }
        }
        _ => false,
    }
}

/// The type of part `at` (an index or a key) of a value whose JSON type is
/// `[kind, parts]`: its own for tuples and objects, the element type for
/// collections.
fn part_type<I: serde_json::value::Index>(parts: &[Json], at: I) -> Json {
    match parts[0].as_str() {
        Some("tuple" | "object") => parts[1].get(at).cloned().unwrap_or(Json::Null),
        _ => parts[1].clone(),
    }
}

/// One case as read from the data file.
struct Case<'a> {
    input: &'a Json,
    input_type: &'a Json,
    target: &'a Json,
}

/// Whether a number in JSON is a negative zero.
fn negative_zero(j: &Json) -> bool {
    matches!(j, Json::Number(n) if n.to_string().starts_with('-') && number(j).is_some_and(|x| x.is_zero()))
}

/// The reference's value (of type `ty`) with its negative zeros made zero:
/// numbers `-0` become `0`, strings `"-0"` (a negative zero's text) become
/// `"0"`, and set elements made equal by that merge. `None` when it holds
/// no negative zero.
fn without_negative_zero(v: &Json, ty: &Json) -> Option<Json> {
    fn walk(v: &Json, ty: &Json, found: &mut bool) -> Json {
        match (v, ty) {
            (Json::Number(_), _) if negative_zero(v) => {
                *found = true;
                json!(0)
            }
            (Json::String(s), Json::String(t)) if s == "-0" && t == "string" => {
                *found = true;
                json!("0")
            }
            (Json::Array(items), Json::Array(parts)) if parts.len() == 2 => {
                let kind = parts[0].as_str().unwrap_or("");
                let mut out: Vec<Json> = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let t = part_type(parts, i);
                    let item = walk(item, &t, found);
                    if !(kind == "set" && out.iter().any(|o| same(o, &item))) {
                        out.push(item);
                    }
                }
                Json::Array(out)
            }
            (Json::Object(entries), Json::Array(parts)) if parts.len() == 2 => Json::Object(
                entries
                    .iter()
                    .map(|(k, x)| {
                        let t = part_type(parts, k.as_str());
                        (k.clone(), walk(x, &t, found))
                    })
                    .collect(),
            ),
            _ => v.clone(),
        }
    }
    let mut found = false;
    let out = walk(v, ty, &mut found);
    found.then_some(out)
}

/// Which deliberate deviation explains our answer differing from the
/// reference's, by the conservative rule of each; `None` when none does.
fn classify(_case: &Case, ours: &Json, reference: &Json) -> Option<&'static str> {
    if !is_error(ours) && !is_error(reference) && same(&ours["type"], &reference["type"]) {
        let ty = &ours["type"];
        if without_negative_zero(&reference["value"], ty).is_some_and(|r| same(&ours["value"], &r)) {
            return Some(NEGATIVE_ZERO);
        }
        if relaxed(&ours["value"], &reference["value"], ty) {
            return Some(EXACT_NUMBERS);
        }
    }
    None
}

// ------------------------------------------------------------------ running

/// Our answer: `{"value", "type"}` or `{"error"}`.
fn our_answer(case: &Case) -> Result<Json, String> {
    let input_type = type_from_json(case.input_type).map_err(|e| format!("input type: {e}"))?;
    let input = value_from_json(case.input, &input_type).map_err(|e| format!("input: {e}"))?;
    let target = type_from_json(case.target).map_err(|e| format!("target: {e}"))?;
    Ok(match convert(&input, &target) {
        Ok(v) => json!({
            "value": value_to_json(&v).map_err(|e| format!("result: {e}"))?,
            "type": type_to_json(&v.ty()).map_err(|e| format!("result type: {e}"))?,
        }),
        Err(e) => json!({ "error": e.to_string() }),
    })
}

fn short(j: &Json) -> String {
    let s = j.to_string();
    if s.chars().count() > 400 {
        format!("{}…", s.chars().take(400).collect::<String>())
    } else {
        s
    }
}

#[test]
fn conversions_agree_with_the_reference() {
    let text = std::fs::read_to_string(DATA).expect("tests/data/conversions.jsonl (scripts/oracle_conversions.py)");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0");
    let mut out = String::new();
    let mut failures = Vec::new();
    let mut agree = 0usize;
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let mut total = 0usize;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        total += 1;
        let mut row: Map<String, Json> = serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let name = row["case"].as_str().unwrap_or("?").to_string();
        let case = Case {
            input: &row["input"],
            input_type: &row["input_type"],
            target: &row["target"],
        };
        let reference = row["oracle"].clone();
        let ours = match our_answer(&case) {
            Ok(a) => a,
            Err(e) => {
                failures.push(format!("{name}: cannot run the case: {e}"));
                out.push_str(line);
                out.push('\n');
                continue;
            }
        };
        let recorded_id = row.get("deviation").and_then(Json::as_str).map(str::to_string);
        if answers_agree(&ours, &reference) {
            agree += 1;
            if let Some(id) = &recorded_id
                && !update
            {
                failures.push(format!(
                    "{name}: recorded as {id}, but now agrees with the reference (run with UPDATE_GOLDEN=1)"
                ));
            }
            row.remove("ours");
            row.remove("deviation");
        } else {
            let id = classify(&case, &ours, &reference);
            *counts.entry(id.unwrap_or(UNEXPLAINED)).or_default() += 1;
            match id {
                None => failures.push(format!(
                    "{name}: UNEXPLAINED mismatch\n    input:     {} : {}\n    reference: {}\n    ours:      {}",
                    short(case.input),
                    short(case.input_type),
                    short(&reference),
                    short(&ours)
                )),
                Some(id) if !update => {
                    if recorded_id.as_deref() != Some(id) {
                        failures.push(format!(
                            "{name}: deviates as {id}, recorded as {recorded_id:?} (run with UPDATE_GOLDEN=1)\n    \
                             reference: {}\n    ours:      {}",
                            short(&reference),
                            short(&ours)
                        ));
                    } else if !row.get("ours").is_some_and(|r| answers_agree(r, &ours)) {
                        failures.push(format!(
                            "{name}: our answer {} differs from the recorded one {}",
                            short(&ours),
                            short(row.get("ours").unwrap_or(&Json::Null))
                        ));
                    }
                }
                Some(_) => {}
            }
            row.insert("ours".into(), ours);
            row.insert("deviation".into(), Json::from(id.unwrap_or(UNEXPLAINED)));
        }
        if let Some(id) = row.get("deviation").and_then(Json::as_str) {
            assert!(
                DEVIATIONS.contains(&id) || id == UNEXPLAINED,
                "{name}: unknown deviation id {id:?}"
            );
        }
        out.push_str(&serde_json::to_string(&row).unwrap());
        out.push('\n');
    }
    if update {
        std::fs::write(DATA, &out).unwrap();
    }
    let share = agree as f64 / total.max(1) as f64;
    eprintln!(
        "conversions: {total} cases, {agree} agree with the reference exactly ({:.1}%)",
        share * 100.0
    );
    for (id, count) in &counts {
        eprintln!("  {id}: {count}");
    }
    assert!(total > 0, "no cases in {DATA}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        share >= 0.85,
        "only {agree} of {total} cases agree with the reference exactly"
    );
}

/// The rules accept only the differences they are for.
#[test]
fn deviation_rules_are_conservative() {
    let case = |input: Json, input_type: Json, target: Json| (input, input_type, target);
    let check = |(input, input_type, target): (Json, Json, Json), ours: Json, reference: Json| {
        classify(
            &Case {
                input: &input,
                input_type: &input_type,
                target: &target,
            },
            &ours,
            &reference,
        )
    };
    // Negative zero only as "-0" against "0".
    let num_in = || case(json!(0), json!("number"), json!("string"));
    assert_eq!(
        check(
            num_in(),
            json!({"value": "0", "type": "string"}),
            json!({"value": "-0", "type": "string"})
        ),
        Some(NEGATIVE_ZERO)
    );
    assert_eq!(
        check(
            num_in(),
            json!({"value": "1", "type": "string"}),
            json!({"value": "-0", "type": "string"})
        ),
        None
    );
    // Exact numbers: within 2^-500 relative, not beyond.
    let third = "0.".to_string() + &"3".repeat(200);
    let third_512 = "0.".to_string() + &"3".repeat(154) + "5";
    let off = "0.".to_string() + &"3".repeat(140) + "4";
    let n = |s: &str| Json::Number(s.parse().unwrap());
    assert_eq!(
        check(
            num_in(),
            json!({"value": n(&third), "type": "number"}),
            json!({"value": n(&third_512), "type": "number"})
        ),
        Some(EXACT_NUMBERS)
    );
    assert_eq!(
        check(
            num_in(),
            json!({"value": n(&off), "type": "number"}),
            json!({"value": n(&third_512), "type": "number"})
        ),
        None
    );
    assert_eq!(
        check(
            num_in(),
            json!({"value": off, "type": "string"}),
            json!({"value": third_512, "type": "string"})
        ),
        None
    );
    // A difference no rule explains.
    let list_nums = json!(["list", "number"]);
    let tuple_in = case(
        json!([2, 1]),
        json!(["tuple", ["number", "number"]]),
        json!(["list", "dynamic"]),
    );
    assert_eq!(
        check(
            tuple_in,
            json!({"value": [1, 2], "type": list_nums}),
            json!({"value": [2, 1], "type": list_nums})
        ),
        None
    );
}
