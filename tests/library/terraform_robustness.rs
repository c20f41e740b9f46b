//! Terraform's functions (`stdlib::terraform`) on arbitrary text: every
//! call answers, with a value or an error, and never panics; YAML that
//! `yamlencode` writes reads back as the value it was written from.
#![cfg(feature = "terraform")]

use hcl_native::stdlib::terraform::{lookup, TerraformOptions};
use hcl_native::value::Value;
use proptest::prelude::*;

fn call(name: &str, args: &[Value]) -> Option<Value> {
    let f = lookup(name, &TerraformOptions::default()).expect("a Terraform function");
    f.call(args).ok()
}

/// Text made of the characters YAML, CIDR and path syntax care about.
fn texty() -> impl Strategy<Value = String> {
    prop_oneof![texty_chars(), timey()]
}

/// Text near RFC 3339 timestamps and Go durations.
fn timey() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r"[0-9TZ:.+\-hmsµnu ]{0,30}").unwrap()
}

fn texty_chars() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r##"[ a-z0-9:./\-_'"#&*!|>{}\[\],?%@`~\t\n\r<=+éü😀]{0,40}"##).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn string_functions_never_panic(s in texty()) {
        let v = Value::from(s.as_str());
        for name in [
            "yamldecode", "base64decode", "base64encode", "basename", "dirname", "cidrnetmask",
            "md5", "urlencode",
        ] {
            let _ = call(name, std::slice::from_ref(&v));
        }
        let _ = call("cidrhost", &[v.clone(), Value::from(1)]);
        let _ = call("cidrsubnet", &[v.clone(), Value::from(4), Value::from(1)]);
        let _ = call("cidrsubnets", &[v.clone(), Value::from(4), Value::from(8)]);
        let _ = call("uuidv5", &[v.clone(), Value::from("x")]);
        let _ = call("replace", &[Value::from("abc"), v.clone(), Value::from("-")]);
        let _ = call("timeadd", &[v.clone(), v.clone()]);
        let _ = call("timeadd", &[Value::from("2017-11-22T00:00:00Z"), v.clone()]);
        let _ = call("timecmp", &[v.clone(), Value::from("2017-11-22T00:00:00Z")]);
    }

    #[test]
    fn yaml_reads_back_what_it_writes(s in texty(), key in texty(), n in any::<i64>(), b in any::<bool>()) {
        let v = Value::object([
            (key.clone(), Value::from(s.as_str())),
            ("list".to_string(), Value::tuple(vec![Value::from(n), Value::from(b), Value::from(s.as_str())])),
        ]);
        let text = call("yamlencode", std::slice::from_ref(&v)).expect("encodes");
        let back = call("yamldecode", std::slice::from_ref(&text));
        prop_assert_eq!(back, Some(v), "{:?}", text.as_str());
    }
}
