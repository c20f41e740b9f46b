//! Equality of values.
//!
//! spec: model#values-and-value-types
//!
//! Two values are equal when their types are identical and their values are
//! equal by their type's rules: strings by NFC, numbers numerically, bools
//! as such, collections and structures part by part, capsules as their
//! application says. A null value of a type is equal to itself. When an
//! operand is unknown the answer is an unknown bool. The null and unknown
//! values of the dynamic pseudo-type behave as values of whatever type the
//! other operand has, so `null` equals a typed null (see
//! docs/deviations.md, D-typed-null-equality).

use super::types::Type;
use super::value::{Repr, Value};

/// A three-valued answer: the result of comparing values that may be
/// unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tri {
    True,
    False,
    Unknown,
}

impl Tri {
    fn and(self, other: Tri) -> Tri {
        match (self, other) {
            (Tri::False, _) | (_, Tri::False) => Tri::False,
            (Tri::Unknown, _) | (_, Tri::Unknown) => Tri::Unknown,
            _ => Tri::True,
        }
    }

    pub(crate) fn to_value(self) -> Value {
        match self {
            Tri::True => Value::bool(true),
            Tri::False => Value::bool(false),
            Tri::Unknown => Value::unknown(Type::Bool),
        }
    }
}

fn all(pairs: impl Iterator<Item = Tri>) -> Tri {
    let mut acc = Tri::True;
    for t in pairs {
        acc = acc.and(t);
        if acc == Tri::False {
            break;
        }
    }
    acc
}

impl Value {
    /// The model's equality: a known bool, or an unknown bool when either
    /// operand is unknown or the answer depends on an unknown part.
    ///
    /// spec: model#values-and-value-types
    ///
    /// ```
    /// use hcl_native::value::{Type, Value};
    ///
    /// assert_eq!(Value::from("\u{e9}").equals(&Value::from("e\u{301}")).as_bool(), Some(true));
    /// assert_eq!(Value::from(1).equals(&Value::from("1")).as_bool(), Some(false));
    /// assert!(!Value::unknown(Type::Number).equals(&Value::from(1)).is_known());
    /// let null = Value::null(Type::String);
    /// assert_eq!(null.equals(&null).as_bool(), Some(true));
    /// ```
    pub fn equals(&self, other: &Value) -> Value {
        self.equals_tri(other).to_value()
    }

    /// The negation of [`Value::equals`] (unknown stays unknown), so that
    /// `(a == b) == !(a != b)`.
    pub fn not_equals(&self, other: &Value) -> Value {
        match self.equals_tri(other) {
            Tri::True => Value::bool(false),
            Tri::False => Value::bool(true),
            Tri::Unknown => Value::unknown(Type::Bool),
        }
    }

    pub(crate) fn equals_tri(&self, other: &Value) -> Tri {
        use Repr::*;
        // spec: model#unknown-values-and-the-dynamic-pseudo-type
        if !self.is_known() || !other.is_known() {
            return Tri::Unknown;
        }
        // spec: model#null-values
        match (&self.0, &other.0) {
            (Null(a), Null(b)) => {
                return if a == b || *a == Type::Dynamic || *b == Type::Dynamic {
                    Tri::True
                } else {
                    Tri::False
                };
            }
            (Null(_), _) | (_, Null(_)) => return Tri::False,
            _ => {}
        }
        let (ta, tb) = (self.ty(), other.ty());
        let same_type = ta == tb;
        if !same_type && !ta.has_dynamic() && !tb.has_dynamic() {
            return Tri::False;
        }
        let parts = match (&self.0, &other.0) {
            (Bool(a), Bool(b)) => tri(a == b),
            (Number(a), Number(b)) => tri(a == b),
            (String(a), String(b)) => tri(a == b),
            (Capsule(a), Capsule(b)) => tri(a.ty == b.ty && a.ty.values_equal(&*a.payload, &*b.payload)),
            (List(a), List(b)) | (Tuple(a), Tuple(b)) => {
                if a.items.len() != b.items.len() {
                    return Tri::False;
                }
                all(a.items.iter().zip(b.items.iter()).map(|(x, y)| x.equals_tri(y)))
            }
            (Set(a), Set(b)) => {
                let known = |s: &[Value]| s.iter().all(Value::is_wholly_known);
                if !known(&a.items) || !known(&b.items) {
                    Tri::Unknown
                } else if a.items.len() != b.items.len() {
                    Tri::False
                } else {
                    // Known sets are canonical: equal sets list equal
                    // elements in the same order.
                    all(a.items.iter().zip(b.items.iter()).map(|(x, y)| x.equals_tri(y)))
                }
            }
            (Map(a), Map(b)) | (Object(a), Object(b)) => {
                if a.entries.len() != b.entries.len() || a.entries.iter().zip(b.entries.iter()).any(|(x, y)| x.0 != y.0)
                {
                    return Tri::False;
                }
                all(a
                    .entries
                    .iter()
                    .zip(b.entries.iter())
                    .map(|((_, x), (_, y))| x.equals_tri(y)))
            }
            _ => Tri::False,
        };
        // Types that differ only where one holds the dynamic pseudo-type may
        // still turn out identical; never claim more than that.
        if !same_type && parts == Tri::True {
            Tri::Unknown
        } else {
            parts
        }
    }
}

fn tri(b: bool) -> Tri {
    if b {
        Tri::True
    } else {
        Tri::False
    }
}

impl PartialEq for Value {
    /// Identity of values, for tests and for applications: identical types
    /// and equal data, where a null or unknown value equals only the null
    /// or unknown value of the same type. Unlike [`Value::equals`], this
    /// never answers "unknown".
    fn eq(&self, other: &Value) -> bool {
        use Repr::*;
        match (&self.0, &other.0) {
            (Null(a), Null(b)) | (Unknown(a), Unknown(b)) => a == b,
            (Bool(a), Bool(b)) => a == b,
            (Number(a), Number(b)) => a == b,
            (String(a), String(b)) => a == b,
            (List(a), List(b)) | (Set(a), Set(b)) | (Tuple(a), Tuple(b)) => a.ty == b.ty && a.items == b.items,
            (Map(a), Map(b)) | (Object(a), Object(b)) => a.ty == b.ty && a.entries == b.entries,
            (Capsule(a), Capsule(b)) => a.ty == b.ty && a.ty.values_equal(&*a.payload, &*b.payload),
            _ => false,
        }
    }
}
