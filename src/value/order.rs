//! The total order of values of one type, which sets iterate in.
//!
//! spec: model#collection-and-structural-type-conversions
//!
//! The model leaves the order of a set's elements undefined but asks for a
//! consistent one. Ours: known values before null before unknown; bools
//! `false` first; numbers ascending; strings by Unicode code point (of
//! their NFC forms); lists, sets and tuples lexicographically by element,
//! a prefix first; maps and objects lexicographically by (key, value) in
//! key order; capsules by their type's order when it has one, otherwise in
//! the order they were given. The order depends only on the values, so a
//! set built from the same elements in any order iterates the same way.

use std::cmp::Ordering;

use super::equality::{pairwise, parts};
use super::types::Type;
use super::value::{Repr, Value};
use super::Tri;
use crate::memo::PairMemo;
use crate::meter::{Meter, StepLimitReached};

impl Value {
    /// Compares two values of the same type in the order that sets iterate
    /// in (see the module documentation). Values of different kinds are
    /// ordered by kind, so the order is total over all values.
    ///
    /// ```
    /// use hcl_native::value::Value;
    /// use std::cmp::Ordering;
    /// assert_eq!(Value::from(2).total_cmp(&Value::from(10)), Ordering::Less);
    /// assert_eq!(Value::from("10").total_cmp(&Value::from("9")), Ordering::Less);
    /// ```
    pub fn total_cmp(&self, other: &Value) -> Ordering {
        // an unlimited meter never runs out: the order is always worked out
        self.cmp_metered(other, &Meter::unlimited()).unwrap_or(Ordering::Equal)
    }

    /// [`Value::total_cmp`], counting the parts compared on `meter`:
    /// an error once it runs out.
    pub(crate) fn cmp_metered(&self, other: &Value, meter: &Meter) -> Result<Ordering, StepLimitReached> {
        let o = self.cmp_in(other, meter);
        meter.answer(o)
    }

    fn cmp_in(&self, other: &Value, m: &Meter) -> Ordering {
        crate::stack::with_stack(|| self.cmp_here(other, m))
    }

    fn cmp_here(&self, other: &Value, m: &Meter) -> Ordering {
        let (ra, rb) = (rank(self), rank(other));
        if ra != rb {
            return ra.cmp(&rb);
        }
        // one shared collection (see `equality::same_collection`)
        if super::equality::same_collection(self, other).is_some() {
            return Ordering::Equal;
        }
        // each pair of shared parts is ordered once
        pairwise(&ORDERED, self, other, || self.cmp_parts(other, m))
    }

    fn cmp_parts(&self, other: &Value, m: &Meter) -> Ordering {
        // comparing costs steps in an evaluation; once the meter runs out
        // the answer is not given (`Meter::answer`)
        if let Some(n) = parts(self) {
            if !m.walk(n) {
                return Ordering::Equal;
            }
        }
        match (&self.0, &other.0) {
            (Repr::Bool(a), Repr::Bool(b)) => a.cmp(b),
            (Repr::Number(a), Repr::Number(b)) => a.cmp(b),
            (Repr::String(_) | Repr::ShortString(_), Repr::String(_) | Repr::ShortString(_)) => {
                self.as_str().cmp(&other.as_str())
            }
            (Repr::List(_, a), Repr::List(_, b))
            | (Repr::Set(_, a), Repr::Set(_, b))
            | (Repr::Tuple(_, a), Repr::Tuple(_, b)) => lexicographic(a.parts(), b.parts(), m),
            (Repr::Map(_, a), Repr::Map(_, b)) | (Repr::Object(_, a), Repr::Object(_, b)) => {
                for ((ka, va), (kb, vb)) in a.parts().iter().zip(b.parts().iter()) {
                    let o = ka.cmp(kb).then_with(|| va.cmp_in(vb, m));
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                a.parts().len().cmp(&b.parts().len())
            }
            (Repr::Capsule(a), Repr::Capsule(b)) if a.ty == b.ty => a.ty.values_cmp(&*a.payload, &*b.payload),
            _ => Ordering::Equal,
        }
    }
}

thread_local! {
    static ORDERED: PairMemo<Value, Value, Ordering> = const { PairMemo::new() };
}

fn lexicographic(a: &[Value], b: &[Value], m: &Meter) -> Ordering {
    for (x, y) in a.iter().zip(b.iter()) {
        let o = x.cmp_in(y, m);
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

/// Known values by kind, then null, then unknown.
fn rank(v: &Value) -> u8 {
    match &v.0 {
        Repr::Bool(_) => 0,
        Repr::Number(_) => 1,
        Repr::String(_) | Repr::ShortString(_) => 2,
        Repr::List(_, _) => 3,
        Repr::Set(_, _) => 4,
        Repr::Tuple(_, _) => 5,
        Repr::Map(_, _) => 6,
        Repr::Object(_, _) => 7,
        Repr::Capsule(_) => 8,
        Repr::Null(_) => 9,
        Repr::Unknown(_) => 10,
    }
}

/// Whether values of `ty` may hold capsules of a type without an order,
/// which [`Value::total_cmp`] cannot tell apart.
pub(crate) fn has_unordered_capsule(ty: &Type) -> bool {
    ty.any_part(|t| matches!(t, Type::Capsule(c) if !c.has_order()))
}

/// Sorts set elements and drops those certainly equal to an earlier one,
/// counting the comparisons on `m` (once it runs out, the set is not in
/// order: the caller's `Meter::answer` drops it). Elements that may hold
/// capsules without an order are compared with every kept element
/// (quadratic, documented on `CapsuleType::new`).
pub(crate) fn canonical_set(element: &Type, mut items: Vec<Value>, m: &Meter) -> Vec<Value> {
    items.sort_by(|a, b| a.cmp_in(b, m)); // stable: ties keep their given order
    let unordered_capsules = has_unordered_capsule(element);
    let mut out: Vec<Value> = Vec::with_capacity(items.len());
    for v in items {
        let duplicate = if unordered_capsules {
            out.iter().any(|o| o.equals_in(&v, m) == Tri::True)
        } else {
            out.last().is_some_and(|o| o.equals_in(&v, m) == Tri::True)
        };
        if !duplicate {
            out.push(v);
        }
    }
    out
}
