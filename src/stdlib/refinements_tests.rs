//! The refinements of the functions' unknown results: each checked against
//! the exact refined value the reference gives (`==` compares refinements
//! too), from go-cty's `function/stdlib` and Terraform's
//! `internal/lang/funcs` (`RefineResult`, and the refinements their
//! implementations make).

use crate::function::Function;
use crate::number::Number;
use crate::value::{Type, Value, MAX_LENGTH};

fn f(name: &str) -> Function {
    super::lookup(name).unwrap_or_else(|| panic!("no function {name}"))
}

fn call(name: &str, args: &[Value]) -> Value {
    f(name).call(args).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// An unknown value of `ty` known not to be null.
fn not_null(ty: Type) -> Value {
    Value::unknown(ty).refine().not_null().new_value().unwrap()
}

/// An unknown number, not null, between `min` and `max` (both included).
fn number_between(min: u64, max: u64) -> Value {
    Value::unknown(Type::Number)
        .refine()
        .not_null()
        .number_range_inclusive(Number::from(min), Number::from(max))
        .new_value()
        .unwrap()
}

/// An unknown string, not null, refined with the full prefix `p`.
fn string_with_prefix(p: &str) -> Value {
    Value::unknown(Type::String)
        .refine()
        .not_null()
        .string_prefix_full(p)
        .new_value()
        .unwrap()
}

fn unknown_list_of_length(min: u64, max: u64) -> Value {
    Value::unknown(Type::list(Type::String))
        .refine()
        .collection_length_lower_bound(min)
        .collection_length_upper_bound(max)
        .new_value()
        .unwrap()
}

#[test]
fn simple_functions_are_not_null_in_every_family() {
    let s = || Value::unknown(Type::String);
    let n = || Value::unknown(Type::Number);
    // strings
    assert_eq!(call("upper", &[s()]), not_null(Type::String));
    assert_eq!(call("trimprefix", &[s(), "a".into()]), not_null(Type::String));
    assert_eq!(call("split", &[",".into(), s()]), not_null(Type::list(Type::String)));
    assert_eq!(super::reverse_string().call(&[s()]).unwrap(), not_null(Type::String));
    // numbers
    assert_eq!(call("abs", &[n()]), not_null(Type::Number));
    assert_eq!(call("max", &[1.into(), n()]), not_null(Type::Number));
    assert_eq!(call("range", &[n()]), not_null(Type::list(Type::Number)));
    // dates
    assert_eq!(call("formatdate", &["YYYY".into(), s()]), not_null(Type::String));
    // regular expressions: a known pattern gives a concrete type
    assert_eq!(
        call("regex_replace", &[s(), "a".into(), "b".into()]),
        not_null(Type::String)
    );
    assert_eq!(
        call("regexall", &["[a-z]+".into(), s()]),
        not_null(Type::list(Type::String))
    );
    // an unknown pattern: `regexall`'s list of the dynamic pseudo-type is
    // refined, `regex`'s dynamic value is not
    assert_eq!(
        call("regexall", &[s(), "x".into()]),
        not_null(Type::list(Type::Dynamic))
    );
    assert_eq!(call("regex", &[s(), "x".into()]), Value::dynamic());
    // sets
    let set = Value::unknown(Type::set(Type::String));
    assert_eq!(
        call("setunion", &[set.clone(), set.clone()]),
        not_null(Type::set(Type::String))
    );
    assert_eq!(
        call("setintersection", &[set.clone(), set]),
        not_null(Type::set(Type::String))
    );
    // collections
    let map = Value::unknown(Type::map(Type::Number));
    assert_eq!(
        call("keys", std::slice::from_ref(&map)),
        not_null(Type::list(Type::String))
    );
    assert_eq!(call("values", &[map]), not_null(Type::list(Type::Number)));
    let list = Value::unknown(Type::list(Type::String));
    assert_eq!(
        call("compact", std::slice::from_ref(&list)),
        not_null(Type::list(Type::String))
    );
    assert_eq!(call("contains", &[list.clone(), "a".into()]), not_null(Type::Bool));
    assert_eq!(call("coalesce", &[s(), "a".into()]), not_null(Type::String));
    assert_eq!(call("join", &[",".into(), list]), not_null(Type::String));
    let hasindex = super::hasindex()
        .call(&[Value::unknown(Type::list(Type::String)), n()])
        .unwrap();
    assert_eq!(hasindex, not_null(Type::Bool));
    // encoding: an unknown string gives the dynamic value, never refined
    assert_eq!(call("csvdecode", &[s()]), Value::dynamic());
}

#[test]
fn functions_without_refinements_give_plain_unknowns() {
    let list = Value::unknown(Type::list(Type::String));
    assert_eq!(call("element", &[list, 0.into()]), Value::unknown(Type::String));
    let map = Value::unknown(Type::map(Type::String));
    assert_eq!(
        call("lookup", &[map, "a".into(), "b".into()]),
        Value::unknown(Type::String)
    );
    // the conversions drop the argument's refinements too
    assert_eq!(
        call("tostring", &[Value::unknown(Type::String)]),
        Value::unknown(Type::String)
    );
    assert_eq!(
        call("tostring", &[string_with_prefix("i-")]),
        Value::unknown(Type::String)
    );
    assert_eq!(
        call("tonumber", &[Value::unknown(Type::String)]),
        Value::unknown(Type::Number)
    );
    assert_eq!(call("jsondecode", &[Value::unknown(Type::String)]), Value::dynamic());
    let can = call("can", &[Value::unknown(Type::String)]);
    assert!(!can.is_known() && can.refinement().is_none(), "{can:?}");
}

#[test]
fn dynamic_results_are_never_refined() {
    let tuple = Value::tuple(vec![Value::from(1), Value::from(2)]);
    let unknown_list = Value::unknown(Type::list(Type::Number));
    assert_eq!(
        call("coalescelist", &[unknown_list.clone(), tuple.clone()]),
        Value::dynamic()
    );
    assert_eq!(call("flatten", &[unknown_list]), Value::dynamic());
    assert_eq!(
        call("slice", &[tuple.clone(), Value::unknown(Type::Number), 1.into()]),
        Value::dynamic()
    );
    assert_eq!(
        call("zipmap", &[Value::unknown(Type::list(Type::String)), tuple]),
        Value::dynamic()
    );
    // a list with an unknown index keeps its type and is refined
    let list = Value::list(Type::Number, vec![1.into(), 2.into()]).unwrap();
    assert_eq!(
        call("slice", &[list, Value::unknown(Type::Number), 1.into()]),
        not_null(Type::list(Type::Number))
    );
}

/// An unknown number, not null, at least `n` (strlen's refinement).
fn at_least(n: u64) -> Value {
    Value::unknown(Type::Number)
        .refine()
        .not_null()
        .number_lower_bound(Number::from(n), true)
        .new_value()
        .unwrap()
}

#[test]
fn strlen_is_at_least_its_known_prefix() {
    assert_eq!(call("strlen", &[Value::unknown(Type::String)]), at_least(0));
    assert_eq!(call("strlen", &[Value::dynamic()]), at_least(0));
    // grapheme clusters of the prefix: "é-" is two of them
    assert_eq!(call("strlen", &[string_with_prefix("e\u{301}-")]), at_least(2));
    assert_eq!(call("strlen", &[string_with_prefix("web-")]), at_least(4));
    // known strings as before
    assert_eq!(call("strlen", &["he\u{301}llo".into()]), Value::from(5));
    assert_eq!(call("strlen", &["".into()]), Value::from(0));
}

#[test]
fn length_lies_within_the_collections_length() {
    assert_eq!(
        call("length", &[Value::unknown(Type::list(Type::String))]),
        number_between(0, MAX_LENGTH)
    );
    assert_eq!(call("length", &[Value::dynamic()]), number_between(0, MAX_LENGTH));
    assert_eq!(call("length", &[unknown_list_of_length(2, 5)]), number_between(2, 5));
    assert_eq!(call("length", &[unknown_list_of_length(3, 3)]), Value::from(3));
    // a set holding unknown elements may have fewer once they are known
    let set = Value::set(
        Type::String,
        vec![Value::unknown(Type::String), Value::unknown(Type::String), "a".into()],
    )
    .unwrap();
    assert_eq!(call("length", &[set]), number_between(1, 3));
    let one = Value::set(Type::String, vec![Value::unknown(Type::String)]).unwrap();
    assert_eq!(call("length", &[one]), Value::from(1));
    // a tuple's length is its type's, even unknown
    let tuple = Type::tuple(vec![Type::String, Type::Bool]);
    assert_eq!(call("length", &[Value::unknown(tuple)]), Value::from(2));
    let known = Value::list(Type::String, vec![Value::unknown(Type::String)]).unwrap();
    assert_eq!(call("length", &[known]), Value::from(1));
}

#[test]
fn sort_keeps_the_lists_length() {
    let list = Value::list(Type::String, vec![Value::unknown(Type::String), "a".into()]).unwrap();
    assert_eq!(
        call("sort", &[list]),
        Value::list(Type::String, vec![Value::unknown(Type::String); 2]).unwrap()
    );
    let expected = Value::unknown(Type::list(Type::String))
        .refine()
        .not_null()
        .collection_length_lower_bound(1)
        .collection_length_upper_bound(3)
        .new_value()
        .unwrap();
    assert_eq!(call("sort", &[unknown_list_of_length(1, 3)]), expected);
    assert_eq!(
        call("sort", &[Value::unknown(Type::list(Type::String))]),
        not_null(Type::list(Type::String))
    );
    assert_eq!(call("sort", &[Value::dynamic()]), not_null(Type::list(Type::String)));
    // known lists as before
    let known = Value::list(Type::String, vec!["b".into(), "a".into()]).unwrap();
    assert_eq!(
        call("sort", &[known]),
        Value::list(Type::String, vec!["a".into(), "b".into()]).unwrap()
    );
}

#[test]
fn setproduct_bounds_small_products() {
    let set_type = Type::set(Type::String);
    let result = Type::set(Type::tuple(vec![Type::String, Type::Number]));
    let numbers = Value::tuple(vec![Value::from(1), Value::from(2)]);
    let unknown_set_of_at_most = |n: u64| {
        Value::unknown(set_type.clone())
            .refine()
            .collection_length_upper_bound(n)
            .new_value()
            .unwrap()
    };
    let expected = Value::unknown(result.clone())
        .refine()
        .not_null()
        .collection_length_lower_bound(1)
        .collection_length_upper_bound(6)
        .new_value()
        .unwrap();
    assert_eq!(
        call("setproduct", &[unknown_set_of_at_most(3), numbers.clone()]),
        expected
    );
    // no element: the empty set
    assert_eq!(
        call("setproduct", &[unknown_set_of_at_most(0), numbers.clone()]),
        Value::set(Type::tuple(vec![Type::String, Type::Number]), vec![]).unwrap()
    );
    // beyond the thresholds (1024 an argument, 2048 the product): not null only
    assert_eq!(
        call("setproduct", &[Value::unknown(set_type.clone()), numbers.clone()]),
        not_null(result.clone())
    );
    assert_eq!(
        call(
            "setproduct",
            &[unknown_set_of_at_most(1025), Value::tuple(vec![Value::from(1)])]
        ),
        not_null(Type::set(Type::tuple(vec![Type::String, Type::Number])))
    );
    let many = Value::tuple((0..64).map(Value::from).collect());
    assert_eq!(
        call("setproduct", &[unknown_set_of_at_most(64), many]),
        not_null(result)
    );
}

#[test]
fn format_keeps_the_text_before_the_first_verb() {
    let u = Value::unknown(Type::String);
    let prefixed = |p: &str| {
        Value::unknown(Type::String)
            .refine()
            .not_null()
            .string_prefix(p)
            .new_value()
            .unwrap()
    };
    let r = call("format", &["web-%s".into(), u.clone()]);
    assert_eq!(r, string_with_prefix("web-"));
    assert_eq!(r.range().string_prefix(), "web-");
    // go-cty's `StringPrefix`: a last letter, which a following character
    // could combine with, is dropped
    let r = call("format", &["ab%s".into(), u.clone()]);
    assert_eq!(r, prefixed("ab"));
    assert_eq!(r.range().string_prefix(), "a");
    // the raw text before `%%` too
    assert_eq!(call("format", &["x-%%%s".into(), u.clone()]), string_with_prefix("x-"));
    assert_eq!(call("format", &["%s-x".into(), u.clone()]), not_null(Type::String));
    // an argument with an unknown part
    let list = Value::tuple(vec![Value::from(1), Value::unknown(Type::Number)]);
    assert_eq!(call("format", &["v: %v".into(), list]), string_with_prefix("v: "));
    assert_eq!(call("format", &[u, "x".into()]), not_null(Type::String));
    assert_eq!(call("format", &["a-%s".into(), "b".into()]), Value::from("a-b"));
}

#[test]
fn formatlist_refines_each_unknown_string() {
    let list = Value::list(Type::String, vec![Value::unknown(Type::String), "a".into()]).unwrap();
    assert_eq!(
        call("formatlist", &["x-%s".into(), list]),
        Value::list(Type::String, vec![not_null(Type::String), "x-a".into()]).unwrap()
    );
    assert_eq!(
        call("formatlist", &["%s".into(), Value::unknown(Type::list(Type::String))]),
        not_null(Type::list(Type::String))
    );
}

#[test]
fn jsonencode_starts_as_the_json_of_its_type() {
    assert_eq!(call("jsonencode", &[not_null(Type::String)]), string_with_prefix("\""));
    let list = Value::list(Type::String, vec![Value::unknown(Type::String)]).unwrap();
    assert_eq!(call("jsonencode", &[list]), string_with_prefix("["));
    let object = Value::object([("a", Value::unknown(Type::String))]);
    assert_eq!(call("jsonencode", &[object]), string_with_prefix("{"));
    assert_eq!(
        call("jsonencode", &[not_null(Type::map(Type::String))]),
        string_with_prefix("{")
    );
    // a value that may be null, or of a type without a fixed first character
    assert_eq!(
        call("jsonencode", &[Value::unknown(Type::String)]),
        not_null(Type::String)
    );
    assert_eq!(call("jsonencode", &[not_null(Type::Number)]), not_null(Type::String));
    assert_eq!(call("jsonencode", &[Value::dynamic()]), not_null(Type::String));
    assert_eq!(call("jsonencode", &["a".into()]), Value::from("\"a\""));
}

#[cfg(feature = "terraform")]
mod terraform {
    use super::*;
    use crate::stdlib::terraform::{lookup, TerraformOptions};

    fn tf(name: &str, args: &[Value]) -> Value {
        lookup(name, &TerraformOptions::default())
            .unwrap_or_else(|| panic!("no function {name}"))
            .call(args)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    #[test]
    fn terraforms_own_functions_are_not_null_where_terraform_says_so() {
        let s = || Value::unknown(Type::String);
        assert_eq!(tf("timestamp", &[]), not_null(Type::String));
        assert_eq!(tf("uuid", &[]), not_null(Type::String));
        assert_eq!(tf("md5", &[s()]), not_null(Type::String));
        assert_eq!(tf("base64encode", &[s()]), not_null(Type::String));
        assert_eq!(tf("basename", &[s()]), not_null(Type::String));
        assert_eq!(tf("fileexists", &[s()]), not_null(Type::Bool));
        assert_eq!(tf("endswith", &[s(), "x".into()]), not_null(Type::Bool));
        assert_eq!(tf("replace", &[s(), "a".into(), "b".into()]), not_null(Type::String));
        assert_eq!(
            tf("timecmp", &[s(), "2020-01-01T00:00:00Z".into()]),
            not_null(Type::Number)
        );
        assert_eq!(tf("coalesce", &[s(), "a".into()]), not_null(Type::String));
        let list = Value::unknown(Type::list(Type::Bool));
        assert_eq!(tf("alltrue", std::slice::from_ref(&list)), not_null(Type::Bool));
        assert_eq!(tf("index", &[list, true.into()]), not_null(Type::Number));
        assert_eq!(
            tf("sum", &[Value::unknown(Type::list(Type::Number))]),
            not_null(Type::Number)
        );
        assert_eq!(
            tf(
                "templatestring",
                &["${a}".into(), Value::unknown(Type::map(Type::String))]
            ),
            not_null(Type::String)
        );
    }

    #[test]
    fn terraforms_functions_without_refinements_give_plain_unknowns() {
        let s = || Value::unknown(Type::String);
        assert_eq!(tf("plantimestamp", &[]), s());
        assert_eq!(tf("timeadd", &[s(), "1h".into()]), s());
        assert_eq!(tf("strcontains", &[s(), "a".into()]), Value::unknown(Type::Bool));
        assert_eq!(tf("one", &[Value::unknown(Type::list(Type::String))]), s());
        let map = Value::unknown(Type::map(Type::String));
        assert_eq!(tf("lookup", &[map, "a".into()]), s());
        assert_eq!(tf("issensitive", &[s()]), Value::unknown(Type::Bool));
        // `sensitive` passes its argument through, refinements and all
        let refined = string_with_prefix("i-");
        assert_eq!(tf("sensitive", std::slice::from_ref(&refined)), refined);
        assert_eq!(tf("nonsensitive", std::slice::from_ref(&refined)), refined);
        // not read in Terraform's current source: left unrefined
        assert_eq!(tf("cidrhost", &[s(), 1.into()]), s());
        assert_eq!(tf("yamlencode", &[s()]), s());
    }

    #[test]
    fn terraforms_length_counts_strings_as_strlen_does() {
        assert_eq!(tf("length", &[string_with_prefix("web-")]), at_least(4));
        assert_eq!(tf("length", &[Value::unknown(Type::String)]), at_least(0));
        assert_eq!(tf("length", &["web".into()]), Value::from(3));
        // the dynamic value: not null only
        assert_eq!(tf("length", &[Value::dynamic()]), not_null(Type::Number));
        assert_eq!(tf("length", &[unknown_list_of_length(2, 5)]), number_between(2, 5));
        let set = Value::set(Type::String, vec![Value::unknown(Type::String), "a".into()]).unwrap();
        assert_eq!(tf("length", &[set]), number_between(1, 2));
        let object = Type::object([("a", Type::String)]);
        assert_eq!(tf("length", &[Value::unknown(object)]), Value::from(1));
    }

    #[test]
    fn startswith_answers_from_a_known_prefix() {
        let web = string_with_prefix("web-");
        assert_eq!(tf("startswith", &[web.clone(), "we".into()]), Value::from(true));
        assert_eq!(tf("startswith", &[web.clone(), "web-".into()]), Value::from(true));
        assert_eq!(tf("startswith", &[web.clone(), "db".into()]), Value::from(false));
        assert_eq!(tf("startswith", &[web.clone(), "".into()]), Value::from(true));
        // a longer prefix than is known cannot be decided
        assert_eq!(tf("startswith", &[web, "web-1".into()]), not_null(Type::Bool));
        assert_eq!(
            tf("startswith", &[Value::unknown(Type::String), "a".into()]),
            not_null(Type::Bool)
        );
    }
}
