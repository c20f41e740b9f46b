//! Namespaced function calls (`ns::name(...)`, hcl v2.20.0): the function
//! table knows them by their full name, and a call of a missing one says
//! what the namespace holds.

use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::function::{Function, Parameter};
use hcl_native::value::{Type, Value};
use hcl_native::{parse_expression, Arena};

fn ctx() -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    let echo = Function::builder()
        .param(Parameter::new("s", Type::String))
        .returns(Type::String)
        .implementation(|args, _| Ok(args[0].clone()));
    ctx.set_function("provider::time::rfc3339_parse", echo.clone()).unwrap();
    ctx.set_function("provider::time::duration", echo).unwrap();
    ctx
}

/// The value and the first error's detail, if any.
fn eval(src: &str) -> (Value, Option<String>) {
    let arena = Arena::new();
    let parsed = parse_expression(&arena, src.as_bytes());
    assert!(parsed.diagnostics.is_empty(), "{src}: {:?}", parsed.diagnostics);
    let ctx = ctx();
    let r = evaluate(&parsed.ast, &ctx);
    (r.value, r.diagnostics.iter().next().map(|d| d.detail().to_string()))
}

#[test]
fn a_namespaced_function_is_called_by_its_full_name() {
    assert_eq!(eval(r#"provider::time::rfc3339_parse("t")"#), (Value::from("t"), None));
    // spaces and comments between the parts do not change the name
    assert_eq!(
        eval(r#"provider :: time /* x */ :: duration("1h")"#),
        (Value::from("1h"), None)
    );
    // the short name alone is another function
    let (_, error) = eval(r#"duration("1h")"#);
    assert_eq!(error.as_deref(), Some("There is no function named \"duration\"."));
}

#[test]
fn a_missing_namespaced_function_gets_a_hint_within_its_namespace() {
    let (v, error) = eval(r#"provider::time::rfc3339_prase("t")"#);
    assert!(!v.is_known());
    assert_eq!(
        error.as_deref(),
        Some(
            "There is no function named \"rfc3339_prase\" in namespace provider::time::. \
             Did you mean provider::time::rfc3339_parse?"
        )
    );
    let (_, error) = eval(r#"provider::time::nothing_near()"#);
    assert_eq!(
        error.as_deref(),
        Some("There is no function named \"nothing_near\" in namespace provider::time::.")
    );
    let (_, error) = eval(r#"provider::tme::duration("1h")"#);
    assert_eq!(
        error.as_deref(),
        Some("There are no functions in namespace \"provider::tme::\".")
    );
    let (_, error) = eval(r#"uper("x")"#);
    assert_eq!(
        error.as_deref(),
        Some("There is no function named \"uper\". Did you mean \"upper\"?")
    );
}
