//! The step meter is explicit (`hcl_native::meter`): whatever budget an
//! evaluation has left, the public operations on values that an
//! application's own function calls give their true answers, and the step
//! limit still ends work that the evaluation meters.

use hcl_native::convert::convert;
use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::function::{Function, Parameter};
use hcl_native::meter::Meter;
use hcl_native::value::{Type, Value};
use hcl_native::{parse_expression, Arena};

/// 100 lists of three numbers, ten distinct ones, in descending order.
fn lists() -> Vec<Value> {
    (0..100)
        .rev()
        .map(|i: i64| Value::list(Type::Number, vec![Value::from(i % 10), Value::from(1), Value::from(2)]).unwrap())
        .collect()
}

/// An application's function that works with values (building a set,
/// comparing, converting) and answers with something small, so that what
/// it returns costs the evaluation almost nothing.
fn probe() -> Function {
    Function::builder()
        .param(Parameter::new("what", Type::String))
        .returns(Type::Dynamic)
        .implementation(|args, _| {
            Ok(match args[0].as_str().unwrap() {
                "set" => {
                    let set = Value::set(Type::list(Type::Number), lists()).unwrap();
                    let ordered = set
                        .elements()
                        .unwrap()
                        .windows(2)
                        .all(|w| w[0].total_cmp(&w[1]).is_lt());
                    Value::tuple(vec![Value::from(set.length().unwrap() as i64), Value::from(ordered)])
                }
                "equals" => Value::tuple(lists()).equals(&Value::tuple(lists())),
                "convert" => {
                    let tuple = Value::tuple((0..100).map(Value::from).collect());
                    let list = convert(&tuple, &Type::list(Type::String)).map_err(|e| e.to_string());
                    Value::from(list.is_ok())
                }
                _ => Value::null(Type::Dynamic),
            })
        })
}

fn eval_with_limit(src: &str, steps: u64) -> (Value, Vec<String>) {
    let arena = Arena::new();
    let expr = parse_expression(&arena, src.as_bytes()).ast;
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_function("probe", probe()).unwrap();
    ctx.set_step_limit(steps);
    let r = evaluate(&expr, &ctx);
    let summaries = r.diagnostics.iter().map(|d| d.summary().to_string()).collect();
    (r.value, summaries)
}

#[test]
fn an_application_function_gets_true_answers_with_little_budget_left() {
    // A budget of 40 steps: enough for the call, far from enough for the
    // comparisons inside it (hundreds), which are not the evaluation's.
    let (v, ds) = eval_with_limit(r#"probe("set")"#, 40);
    assert!(ds.is_empty(), "{ds:?}");
    assert_eq!(v, Value::tuple(vec![Value::from(10), Value::from(true)]));
    let (v, ds) = eval_with_limit(r#"probe("equals")"#, 40);
    assert!(ds.is_empty(), "{ds:?}");
    assert_eq!(v, Value::from(true));
    let (v, ds) = eval_with_limit(r#"probe("convert")"#, 40);
    assert!(ds.is_empty(), "{ds:?}");
    assert_eq!(v, Value::from(true));
}

#[test]
fn the_evaluation_s_own_walks_still_end_at_the_step_limit() {
    // `==` over two big lists walks them on the evaluation's meter
    let big = "[for i in range(200): [i, i, i]]";
    let (v, ds) = eval_with_limit(&format!("{big} == {big}"), 100_000);
    assert!(ds.is_empty(), "{ds:?}");
    assert_eq!(v, Value::from(true));
    let (_, ds) = eval_with_limit(&format!("{big} == {big}"), 1_500);
    assert_eq!(ds, ["Evaluation step limit reached"]);
    // a standard function building a big string spends its steps
    let (_, ds) = eval_with_limit(
        r#"length(join(",", [for i in range(1000): "xxxxxxxxxxxxxxxx"]))"#,
        1_500,
    );
    assert_eq!(ds, ["Evaluation step limit reached"]);
}

#[test]
fn a_function_called_with_a_meter_fails_once_it_runs_out() {
    let tostring = EvalContext::with_standard_functions()
        .function("jsonencode")
        .unwrap()
        .clone();
    let arg = [Value::tuple(lists())];
    assert!(tostring.call(&arg).is_ok());
    let meter = Meter::new(10);
    assert!(tostring.call_metered(&arg, &meter).is_err());
    assert!(meter.is_exhausted());
    let meter = Meter::new(100_000);
    assert_eq!(tostring.call_metered(&arg, &meter), tostring.call(&arg));
    assert!(meter.spent() > 0 && !meter.is_exhausted());
}
