//! hcl-native leaves the application's own serde_json as it is: no feature
//! of ours turns on serde_json's `arbitrary_precision` (issue 25: the
//! default features did, and `#[serde(flatten)]` with an `f64` or an
//! untagged enum with floats stopped working in the application's code).
//! These are ordinary serde_json uses in an application of its own, built
//! and run by `tests/library_user.rs`; it panics when one fails.

use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Inner {
    ratio: f64,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Outer {
    name: String,
    #[serde(flatten)]
    inner: Inner,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Setting {
    Number(f64),
    Text(String),
}

fn flatten_with_a_float_reads_back() {
    let v: Outer = serde_json::from_str(r#"{"name": "a", "ratio": 0.5}"#).unwrap();
    assert_eq!(v.inner.ratio, 0.5);
    assert_eq!(serde_json::from_str::<Outer>(&serde_json::to_string(&v).unwrap()).unwrap(), v);
}

fn an_untagged_enum_takes_a_float() {
    let v: Vec<Setting> = serde_json::from_str(r#"[1.25, "x"]"#).unwrap();
    assert_eq!(v, [Setting::Number(1.25), Setting::Text("x".into())]);
}

fn numbers_are_ordinary_floats_in_serde_json_values() {
    let v: serde_json::Value = serde_json::from_str("0.30000000000000000001").unwrap();
    assert_eq!(v.as_f64(), Some(0.3));
}

/// Our own values still serialize exactly through serde_json.
fn values_still_serialize_exactly() {
    use hcl_native::value::Value;
    use hcl_native::Number;
    let exact = Value::number(Number::from_literal("0.30000000000000000001").unwrap());
    assert_eq!(serde_json::to_string(&exact).unwrap(), "0.30000000000000000001");
    let big = Value::number(Number::from_literal("1180591620717411303424").unwrap());
    assert_eq!(serde_json::to_string(&big).unwrap(), "1180591620717411303424");
    assert_eq!(serde_json::to_string(&Value::from(0.1)).unwrap(), "0.1");
}

fn main() {
    flatten_with_a_float_reads_back();
    an_untagged_enum_takes_a_float();
    numbers_are_ordinary_floats_in_serde_json_values();
    values_still_serialize_exactly();
    println!("serde_json works as usual beside hcl-native");
}
