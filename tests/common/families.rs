//! Inputs the adversarial families are built from, shared by
//! `tests/adversarial.rs` and `benches/adversarial.rs`.

use hcl_native::value::{Type, Value};

/// `operand op operand op ...` with `n` operators.
pub fn chain(op: &str, operand: &str, n: usize) -> String {
    let mut s = String::with_capacity((op.len() + operand.len() + 2) * (n + 1));
    s.push_str(operand);
    for _ in 0..n {
        s.push(' ');
        s.push_str(op);
        s.push(' ');
        s.push_str(operand);
    }
    s
}

/// The operators of every precedence level, cycled, so that one chain
/// changes level at every operator: the tree is still only as deep as
/// there are levels.
const EVERY_OPERATOR: [&str; 13] = ["+", "*", "-", "/", "%", "==", "&&", "!=", "||", "<", ">", "<=", ">="];

/// `1 op 1 op ...` with `n` operators of every level in turn.
pub fn mixed_chain(n: usize) -> String {
    let mut s = String::with_capacity(5 * (n + 1));
    s.push('1');
    for i in 0..n {
        s.push(' ');
        s.push_str(EVERY_OPERATOR[i % EVERY_OPERATOR.len()]);
        s.push_str(" 1");
    }
    s
}

/// A list of `n` distinct strings, `k0` to `k{n-1}`.
pub fn strings(n: usize) -> Value {
    Value::list(Type::String, (0..n).map(|i| Value::from(format!("k{i}"))).collect()).unwrap()
}
