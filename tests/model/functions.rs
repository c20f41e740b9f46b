//! spec: model#functions-and-function-calls

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::support::*;
use hcl_native::function::{ArgumentProblem, CallError, Function, FunctionError, Parameter};
use hcl_native::value::{Type, Value};

fn join() -> Function {
    // join(separator, strings...)
    Function::builder()
        .param(Parameter::new("separator", Type::String))
        .variadic(Parameter::new("strings", Type::String))
        .returns(Type::String)
        .implementation(|args, _| {
            let sep = args[0].as_str().unwrap();
            let parts: Vec<&str> = args[1..].iter().map(|v| v.as_str().unwrap()).collect();
            Ok(Value::from(parts.join(sep)))
        })
}

fn pair() -> Function {
    Function::builder()
        .param(Parameter::new("a", Type::Number))
        .param(Parameter::new("b", Type::Number))
        .returns(Type::Number)
        .implementation(|args, _| {
            Ok(Value::number(
                args[0].as_number().unwrap().add(args[1].as_number().unwrap()).unwrap(),
            ))
        })
}

/// Positional parameters take one argument each; too few is an error.
#[test]
fn too_few_arguments() {
    match pair().call(&[num("1")]) {
        Err(CallError::NotEnoughArguments {
            expected: 2,
            given: 1,
            missing,
        }) => assert_eq!(missing, "b"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(join().call(&[]), Err(CallError::NotEnoughArguments { .. })));
}

/// Without a variadic parameter, extra arguments are an error.
#[test]
fn too_many_arguments() {
    assert!(matches!(
        pair().call(&[num("1"), num("2"), num("3")]),
        Err(CallError::TooManyArguments { expected: 2, given: 3 })
    ));
}

/// A variadic parameter collects the remaining arguments (zero or more).
#[test]
fn variadic_arguments() {
    assert_eq!(join().call(&[s("-")]).unwrap(), s(""));
    assert_eq!(
        join().call(&[s("-"), s("a"), num("1"), Value::from(true)]).unwrap(),
        s("a-1-true")
    );
}

/// An argument that does not match (convert to) the parameter's type makes
/// the call erroneous; every such argument is reported.
#[test]
fn arguments_are_type_checked_by_conversion() {
    let err = join()
        .call(&[s("-"), tup(vec![]), s("ok"), Value::empty_object()])
        .unwrap_err();
    let CallError::InvalidArguments(errors) = err else {
        panic!()
    };
    assert_eq!(errors.iter().map(|e| e.index).collect::<Vec<_>>(), [1, 3]);
    assert_eq!(errors[0].parameter, "strings");
    assert!(matches!(&errors[0].problem, ArgumentProblem::Conversion(e) if e.message == "a string is required"));
    assert_eq!(pair().call(&[s("1"), s("2.5")]).unwrap(), num("3.5"));
}

/// A null argument is an error unless the parameter accepts null.
#[test]
fn null_arguments() {
    let err = pair().call(&[Value::null(Type::Number), num("1")]).unwrap_err();
    assert!(matches!(err, CallError::InvalidArguments(ref e) if e[0].problem == ArgumentProblem::Null));
    let nullable = Function::builder()
        .param(Parameter::new("v", Type::String).allow_null())
        .returns(Type::Bool)
        .implementation(|args, _| Ok(Value::from(args[0].is_null())));
    assert_eq!(nullable.call(&[Value::null(Type::Dynamic)]).unwrap(), Value::from(true));
}

/// The dynamic value at a parameter that does not accept it: the call is
/// valid, its result type is dynamic.
#[test]
fn dynamic_arguments_force_a_dynamic_result_type() {
    assert_eq!(
        pair().result_type(&[Value::dynamic(), num("1")]).unwrap(),
        Type::Dynamic
    );
    assert_eq!(pair().call(&[Value::dynamic(), num("1")]).unwrap(), Value::dynamic());
    // Errors in other arguments are still found.
    assert!(pair().call(&[Value::dynamic(), s("x")]).is_err());
    // A parameter that accepts dynamic values sees it.
    let seen = Function::builder()
        .param(Parameter::new("v", Type::Dynamic).allow_dynamic().allow_unknown())
        .returns(Type::Bool)
        .implementation(|args, _| Ok(Value::from(args[0].is_dynamic_value())));
    assert_eq!(seen.call(&[Value::dynamic()]).unwrap(), Value::from(true));
}

/// The result type may depend on the argument values.
#[test]
fn result_type_may_depend_on_values() {
    let decode = Function::builder()
        .param(Parameter::new("kind", Type::String))
        .returns_with(|args| match args[0].as_str() {
            Some("n") => Ok(Type::Number),
            Some("s") => Ok(Type::String),
            Some(other) => Err(FunctionError::argument(0, format!("unknown kind {other:?}"))),
            None => Ok(Type::Dynamic),
        })
        .implementation(|args, _| {
            Ok(if args[0].as_str() == Some("n") {
                num("1")
            } else {
                s("one")
            })
        });
    assert_eq!(decode.call(&[s("n")]).unwrap(), num("1"));
    assert_eq!(decode.call(&[s("s")]).unwrap(), s("one"));
    assert_eq!(
        decode.result_type(&[Value::unknown(Type::String)]).unwrap(),
        Type::Dynamic
    );
    assert!(matches!(
        decode.call(&[s("x")]),
        Err(CallError::Failed(FunctionError { argument: Some(0), .. }))
    ));
}

/// An unknown argument at a parameter that does not accept unknowns makes
/// the result an unknown of the result type, without running the
/// implementation.
#[test]
fn unknown_arguments_give_unknown_results() {
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = calls.clone();
    let f = Function::builder()
        .param(Parameter::new("n", Type::Number))
        .param(Parameter::new("m", Type::Number).allow_unknown())
        .returns(Type::String)
        .implementation(move |args, _| {
            counter.fetch_add(1, Ordering::SeqCst);
            Ok(Value::from(args[1].is_known().to_string()))
        });
    assert_eq!(
        f.call(&[Value::unknown(Type::Number), num("1")]).unwrap(),
        Value::unknown(Type::String)
    );
    assert_eq!(calls.load(Ordering::SeqCst), 0);
    assert_eq!(f.call(&[num("1"), Value::unknown(Type::Number)]).unwrap(), s("false"));
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    // A known collection with an unknown element is a known value.
    let g = Function::builder()
        .param(Parameter::new("l", Type::list(Type::Number)))
        .returns(Type::Bool)
        .implementation(|args, _| Ok(Value::from(args[0].is_wholly_known())));
    assert_eq!(
        g.call(&[tup(vec![Value::unknown(Type::Number)])]).unwrap(),
        Value::from(false)
    );
}

/// The result value is the implementation's, in the result type.
#[test]
fn results_are_of_the_result_type() {
    let lying = Function::builder()
        .returns(Type::String)
        .implementation(|_, _| Ok(num("1")));
    assert_eq!(lying.call(&[]).unwrap(), s("1"));
    let broken = Function::builder()
        .returns(Type::Bool)
        .implementation(|_, _| Ok(Value::empty_tuple()));
    assert!(matches!(broken.call(&[]), Err(CallError::Failed(_))));
}
