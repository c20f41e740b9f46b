//! Number functions: `min`, `max`, `abs` and `range`.

use super::{list_result, number_arg};
use crate::function::{Function, FunctionError, Parameter};
use crate::number::Number;
use crate::value::{Type, Value};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[("abs", abs), ("max", max), ("min", min), ("range", range)];

/// `min(numbers...)`: the smallest of the given numbers (at least one).
pub(super) fn min() -> Function {
    extreme(|candidate, best| candidate < best)
}

/// `max(numbers...)`: the greatest of the given numbers (at least one).
pub(super) fn max() -> Function {
    extreme(|candidate, best| candidate > best)
}

/// `min` or `max`: the argument that `better` prefers to every other.
fn extreme(better: fn(&Number, &Number) -> bool) -> Function {
    Function::builder()
        .variadic(Parameter::new("numbers", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .implementation(move |args, _| {
            let mut best: Option<&Number> = None;
            for n in args.iter().filter_map(Value::as_number) {
                if best.is_none_or(|b| better(n, b)) {
                    best = Some(n);
                }
            }
            best.map(|n| Value::from(n.clone()))
                .ok_or_else(|| FunctionError::new("must pass at least one number"))
        })
}

/// `abs(num)`: the number without its sign.
pub(super) fn abs() -> Function {
    Function::builder()
        .param(Parameter::new("num", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .implementation(|args, _| Ok(Value::from(number_arg(&args[0])?.abs())))
}

/// The most elements `range` produces.
const RANGE_LIMIT: usize = 1024;

/// `range(end)`, `range(start, end)`, `range(start, end, step)`: the list of
/// numbers from `start` (0 by default) towards `end`, excluding it, `step`
/// apart (1 or -1 by default, whichever leads to `end`). A step that leads
/// away from `end` is an error, and so is a list of more than 1024
/// numbers (which a zero step produces whenever `start` is not `end`).
pub(super) fn range() -> Function {
    Function::builder()
        .variadic(Parameter::new("params", Type::Number).allow_dynamic())
        .returns(Type::list(Type::Number))
        .implementation(|args, _| {
            let nums: Vec<&Number> = args.iter().filter_map(Value::as_number).collect();
            let one = Number::from(1);
            let minus_one = Number::from(-1);
            let zero = Number::ZERO;
            let (start, end, step) = match nums.as_slice() {
                [end] if end.less_than(&zero) => (&zero, *end, &minus_one),
                [end] => (&zero, *end, &one),
                [start, end] if end.less_than(start) => (*start, *end, &minus_one),
                [start, end] => (*start, *end, &one),
                [start, end, step] => (*start, *end, *step),
                _ => return Err(FunctionError::new("must have one, two, or three arguments")),
            };
            let down = step.less_than(&zero);
            if down && end > start {
                return Err(FunctionError::argument(
                    1,
                    "end must be less than start when step is negative",
                ));
            }
            if !down && end < start {
                return Err(FunctionError::argument(
                    1,
                    "end must be greater than start when step is positive",
                ));
            }
            let mut items = Vec::new();
            let mut n = start.clone();
            while if down { n > *end } else { n < *end } {
                if items.len() >= RANGE_LIMIT {
                    return Err(FunctionError::new(format!(
                        "more than {RANGE_LIMIT} values were generated; either decrease the difference \
                         between start and end or use a smaller step"
                    )));
                }
                let next = n.add(step).map_err(|e| FunctionError::new(e.to_string()))?;
                items.push(Value::from(n));
                n = next;
            }
            list_result(Type::Number, items)
        })
}
