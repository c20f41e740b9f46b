//! Equality of values.
//!
//! spec: model#values-and-value-types
//!
//! Two values are equal when their types are identical and their values are
//! equal by their type's rules: strings by NFC, numbers numerically, bools
//! as such, collections and structures part by part, capsules as their
//! application says. Any two nulls are equal, whatever their types, as in
//! the reference. Where an operand is unknown the answer is an unknown
//! bool, unless the types decide (a known value and an unknown one of
//! another type are unequal, as in the reference) or a known pair of parts
//! already differs (docs/deviations.md, D-unknown-equality).

use super::types::Type;
use super::value::{Repr, Shared, Value};
use crate::memo::{memoized, PairMemo};
use crate::meter::{Meter, StepLimitReached};
use std::thread::LocalKey;

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

    fn not(self) -> Tri {
        match self {
            Tri::True => Tri::False,
            Tri::False => Tri::True,
            Tri::Unknown => Tri::Unknown,
        }
    }

    /// The bool, or an unknown bool known not to be null (as go-cty's
    /// comparisons give it).
    pub(crate) fn to_value(self) -> Value {
        match self {
            Tri::True => Value::bool(true),
            Tri::False => Value::bool(false),
            Tri::Unknown => Value::unknown(Type::Bool).refine_not_null(),
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
    /// Equality, as the reference has it: a known bool, or an unknown bool
    /// when the answer depends on an unknown value. An unknown value is
    /// unequal to a known value of another type (unless that is null, or
    /// the unknown one's type holds the dynamic pseudo-type); any two
    /// nulls are equal; collections and structures are unequal as soon as
    /// one pair of known parts differs, whatever else is unknown.
    ///
    /// spec: model#values-and-value-types
    ///
    /// ```
    /// use hcl_native::value::{Type, Value};
    ///
    /// assert_eq!(Value::from("\u{e9}").equals(&Value::from("e\u{301}")).as_bool(), Some(true));
    /// assert_eq!(Value::from(1).equals(&Value::from("1")).as_bool(), Some(false));
    /// assert!(!Value::unknown(Type::Number).equals(&Value::from(1)).is_known());
    /// assert_eq!(Value::unknown(Type::Number).equals(&Value::from("1")).as_bool(), Some(false));
    /// assert_eq!(Value::null(Type::String).equals(&Value::null(Type::Number)).as_bool(), Some(true));
    /// ```
    pub fn equals(&self, other: &Value) -> Value {
        // an unlimited meter never runs out: the answer is always worked out
        self.equals_in(other, &Meter::unlimited()).to_value()
    }

    /// The negation of [`Value::equals`] (unknown stays unknown), so that
    /// `(a == b) == !(a != b)`.
    pub fn not_equals(&self, other: &Value) -> Value {
        self.equals_in(other, &Meter::unlimited()).not().to_value()
    }

    /// [`Value::equals`] (or, with `negate`, [`Value::not_equals`]),
    /// counting the parts compared on `meter`: an error once it runs out.
    pub(crate) fn equals_metered(&self, other: &Value, negate: bool, meter: &Meter) -> Result<Value, StepLimitReached> {
        let t = self.equals_in(other, meter);
        meter.answer(if negate { t.not() } else { t }.to_value())
    }

    pub(crate) fn equals_in(&self, other: &Value, m: &Meter) -> Tri {
        // Known primitives of one kind, the common case, compare at once.
        match (&self.0, &other.0) {
            (Repr::Bool(a), Repr::Bool(b)) => return tri(a == b),
            (Repr::Number(a), Repr::Number(b)) => return tri(a == b),
            (Repr::String(a), Repr::String(b)) => return tri(a == b),
            (Repr::ShortString(a), Repr::ShortString(b)) => return tri(a == b),
            _ => {}
        }
        crate::stack::with_stack(|| self.equals_here(other, m))
    }

    fn equals_here(&self, other: &Value, m: &Meter) -> Tri {
        // One shared collection: equal to itself, unless a part is unknown.
        // Without this, a list holding one big list a thousand times would
        // compare that list a thousand times, and sharing nested a few
        // levels deep would make a comparison take exponential time.
        if let Some(known) = same_collection(self, other) {
            return if known { Tri::True } else { Tri::Unknown };
        }
        // Two collections built apart that share parts within: each pair
        // of their shared parts is compared once.
        pairwise(&EQUALS, self, other, || self.equals_parts(other, m))
    }

    fn equals_parts(&self, other: &Value, m: &Meter) -> Tri {
        use Repr::*;
        // spec: model#unknown-values-and-the-dynamic-pseudo-type
        // Refinements (go-cty 1.13): a null is unequal to a value refined
        // as not null, and a known value to an unknown one whose range
        // leaves it out (a string without its prefix, a number outside its
        // bounds).
        if (self.is_null() && definitely_not_null(other)) || (other.is_null() && definitely_not_null(self)) {
            return Tri::False;
        }
        match (self.is_known(), other.is_known()) {
            (true, false) if other.refinement().is_some() && other.range().includes(self) == Some(false) => {
                return Tri::False;
            }
            (false, true) if self.refinement().is_some() && self.range().includes(other) == Some(false) => {
                return Tri::False;
            }
            _ => {}
        }
        // An unknown value is unequal to a known one of another type (as
        // in the reference), unless the known one is null or the unknown
        // one's type may still become the other's.
        match (self.is_known(), other.is_known()) {
            (true, true) => {}
            (false, false) => return Tri::Unknown,
            (known_self, _) => {
                let (k, u) = if known_self { (self, other) } else { (other, self) };
                let ut = u.ty();
                if k.is_null() || ut.has_dynamic() || k.ty() == ut {
                    return Tri::Unknown;
                }
                return Tri::False;
            }
        }
        // spec: model#null-values
        // Any two nulls are equal, whatever their types (as in the
        // reference: `var.a == var.b` with both null is true).
        match (&self.0, &other.0) {
            (Null(_), Null(_)) => return Tri::True,
            (Null(_), _) | (_, Null(_)) => return Tri::False,
            _ => {}
        }
        // Known values of different kinds, or collections of different
        // element types, have different types: not equal. Structures are
        // compared part by part, so a dynamic null inside one equals a
        // typed null at the same place in the other.
        match (&self.0, &other.0) {
            (Bool(a), Bool(b)) => tri(a == b),
            (Number(a), Number(b)) => tri(a == b),
            (String(a), String(b)) => tri(a == b),
            (ShortString(a), ShortString(b)) => tri(a == b),
            (Capsule(a), Capsule(b)) => tri(a.ty == b.ty && a.ty.values_equal(&*a.payload, &*b.payload)),
            (List(_, a), List(_, b)) | (Set(_, a), Set(_, b)) if a.ty() != b.ty() => {
                different_element_types(self, other, a.ty(), b.ty(), m)
            }
            (Map(_, a), Map(_, b)) if a.ty() != b.ty() => different_element_types(self, other, a.ty(), b.ty(), m),
            (List(_, a), List(_, b)) | (Tuple(_, a), Tuple(_, b)) => {
                if a.parts().len() != b.parts().len() {
                    return Tri::False;
                }
                if !m.walk(a.parts().len() as u64) {
                    return Tri::Unknown;
                }
                all(a.parts().iter().zip(b.parts().iter()).map(|(x, y)| x.equals_in(y, m)))
            }
            (Set(_, a), Set(_, b)) => sets_equal(a.ty(), a.parts(), b.parts(), m),
            (Map(_, a), Map(_, b)) | (Object(_, a), Object(_, b)) => {
                if a.parts().len() != b.parts().len() || a.parts().iter().zip(b.parts().iter()).any(|(x, y)| x.0 != y.0)
                {
                    return Tri::False;
                }
                if !m.walk(a.parts().len() as u64) {
                    return Tri::Unknown;
                }
                all(a
                    .parts()
                    .iter()
                    .zip(b.parts().iter())
                    .map(|((_, x), (_, y))| x.equals_in(y, m)))
            }
            _ => Tri::False,
        }
    }
}

/// Whether `v` is known not to be null: a known value other than null, or
/// an unknown one refined so (go-cty's `definitelyNotNull`).
pub(crate) fn definitely_not_null(v: &Value) -> bool {
    match v.refinement() {
        Some(r) => r.is_not_null(),
        None => v.is_known() && !v.is_null(),
    }
}

/// Collections whose element types differ are unequal, unless a part of
/// one is unknown of a type holding the dynamic pseudo-type and the two
/// types may still come to agree (one matches the other as a
/// specification): then unknown. This is the reference's rule (go-cty's
/// `HasWhollyKnownType` and `TestConformance`): `tolist([]) ==
/// tolist([s])`, an unknown string `s`, is false (a list of the dynamic
/// pseudo-type and a list of strings, their parts' types known), not
/// unknown.
fn different_element_types(a: &Value, b: &Value, ta: &Type, tb: &Type, m: &Meter) -> Tri {
    if !(ta.has_dynamic() || tb.has_dynamic()) || (has_wholly_known_type(a, m) && has_wholly_known_type(b, m)) {
        return Tri::False;
    }
    // (collections of one kind: their types match as their element types do)
    if ta.matches(tb) || tb.matches(ta) {
        Tri::Unknown
    } else {
        Tri::False
    }
}

/// Whether no part of `v` is unknown of a type that holds the dynamic
/// pseudo-type (go-cty's `HasWhollyKnownType`). Only a value whose type
/// holds it can have such a part; shared parts are looked at once, each
/// look a step on `m` (out of steps, the answer is `false`, which makes the
/// comparison unknown).
fn has_wholly_known_type(v: &Value, m: &Meter) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![v];
    while let Some(v) = todo.pop() {
        if v.is_wholly_known() {
            continue;
        }
        if !v.is_known() {
            if v.ty().has_dynamic() {
                return false;
            }
            continue;
        }
        // a collection or structure (anything else is wholly known)
        if node_id(v).is_some_and(|id| !seen.insert(id)) {
            continue;
        }
        if !m.walk(parts(v).unwrap_or(0)) {
            return false;
        }
        todo.extend(v.elements().unwrap_or_default());
        todo.extend(v.entries().unwrap_or_default().iter().map(|(_, p)| p));
    }
    true
}

/// Sets of one type: unknown when a member is unknown; otherwise equal when
/// they have the same members. Known sets are canonical (sorted, distinct),
/// so equal sets list equal members in the same order, except where members
/// hold capsules without an order, which are matched one by one.
fn sets_equal(ty: &Type, a: &[Value], b: &[Value], m: &Meter) -> Tri {
    let known = |s: &[Value]| s.iter().all(Value::is_wholly_known);
    if !known(a) || !known(b) {
        return Tri::Unknown;
    }
    if a.len() != b.len() {
        return Tri::False;
    }
    if !m.walk(a.len() as u64) {
        return Tri::Unknown;
    }
    let element = ty.element_type().expect("a set type");
    if !super::order::has_unordered_capsule(element) {
        return all(a.iter().zip(b.iter()).map(|(x, y)| x.equals_in(y, m)));
    }
    let mut unmatched: Vec<&Value> = b.iter().collect();
    for x in a {
        match unmatched.iter().position(|y| x.equals_in(y, m) == Tri::True) {
            Some(i) => {
                unmatched.swap_remove(i);
            }
            None => return Tri::False,
        }
    }
    Tri::True
}

/// Whether `a` and `b` are one and the same shared collection and, if so,
/// whether it is wholly known. (Capsule equality and order are the
/// application's, and taken to be reflexive, as every value is equal to
/// itself.)
pub(crate) fn same_collection(a: &Value, b: &Value) -> Option<bool> {
    use Repr::*;
    match (&a.0, &b.0) {
        (List(k, x), List(_, y)) | (Set(k, x), Set(_, y)) | (Tuple(k, x), Tuple(_, y)) if Shared::same(x, y) => {
            Some(*k)
        }
        (Map(k, x), Map(_, y)) | (Object(k, x), Object(_, y)) if Shared::same(x, y) => Some(*k),
        _ => None,
    }
}

/// A number that tells a known collection or structure apart from every
/// other one alive (the address of its shared parts), for memos of walks
/// over values that share parts; only for one that a walk may meet more
/// than once and where that multiplies the work: held in more than one
/// place, with two or more parts or with one part that has parts in turn.
/// A part held once is met again only with its holder, and the first
/// holder met again is held in more than one place, so the memo answers
/// it. (Holders of a single part count: `[v, v]` holding a one-element `v`
/// shares `v`'s holder, not the pair inside it. A holder of one plain
/// value, as `toset([k])` makes, costs no more to walk than to look up.)
pub(crate) fn node_id(v: &Value) -> Option<usize> {
    let worth_it = |len: usize, first: Option<&Value>| len >= 2 || first.and_then(parts).is_some_and(|n| n > 0);
    match &v.0 {
        Repr::List(_, s) | Repr::Set(_, s) | Repr::Tuple(_, s)
            if s.is_shared() && worth_it(s.parts().len(), s.parts().first()) =>
        {
            Some(s.address())
        }
        Repr::Map(_, e) | Repr::Object(_, e)
            if e.is_shared() && worth_it(e.parts().len(), e.parts().first().map(|(_, v)| v)) =>
        {
            Some(e.address())
        }
        _ => None,
    }
}

/// `walk` over the pair `a`, `b`, memoised in `memo` within its outermost
/// call where both are nodes that may recur (see `crate::memo`): values
/// without parts skip the memo altogether.
pub(crate) fn pairwise<R: Copy + 'static>(
    memo: &'static LocalKey<PairMemo<Value, Value, R>>,
    a: &Value,
    b: &Value,
    walk: impl FnOnce() -> R,
) -> R {
    if parts(a).is_none() && parts(b).is_none() {
        return walk();
    }
    memoized(
        memo,
        node_id(a).zip(node_id(b)),
        walk,
        |r| (a.clone(), b.clone(), *r),
        |e| e.2,
    )
}

/// The number of parts of a known collection or structure.
pub(crate) fn parts(v: &Value) -> Option<u64> {
    match &v.0 {
        Repr::List(_, s) | Repr::Set(_, s) | Repr::Tuple(_, s) => Some(s.parts().len() as u64),
        Repr::Map(_, e) | Repr::Object(_, e) => Some(e.parts().len() as u64),
        _ => None,
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
        if same_collection(self, other).is_some() {
            return true;
        }
        crate::stack::with_stack(|| pairwise(&IDENTICAL, self, other, || self.identical_parts(other)))
    }
}

impl Value {
    fn identical_parts(&self, other: &Value) -> bool {
        use Repr::*;
        match (&self.0, &other.0) {
            (Null(a), Null(b)) | (Unknown(a), Unknown(b)) | (UnknownNotNull(a), UnknownNotNull(b)) => a == b,
            (Refined(a), Refined(b)) => a == b,
            (Bool(a), Bool(b)) => a == b,
            (Number(a), Number(b)) => a == b,
            (String(a), String(b)) => a == b,
            (ShortString(a), ShortString(b)) => a == b,
            (Set(_, a), Set(_, b)) if a.ty() == b.ty() && a.parts().iter().all(Value::is_wholly_known) => {
                sets_equal(a.ty(), a.parts(), b.parts(), &Meter::unlimited()) == Tri::True
            }
            // Equal parts have equal types, and the parts' types make the
            // type unless there are none: the types need comparing only
            // then (comparing them at every level would cost the square of
            // the depth).
            (List(_, a), List(_, b)) | (Set(_, a), Set(_, b)) | (Tuple(_, a), Tuple(_, b)) => {
                a.parts()[..] == b.parts()[..] && (!a.parts().is_empty() || a.ty() == b.ty())
            }
            (Map(_, a), Map(_, b)) | (Object(_, a), Object(_, b)) => {
                a.parts()[..] == b.parts()[..] && (!a.parts().is_empty() || a.ty() == b.ty())
            }
            (Capsule(a), Capsule(b)) => a.ty == b.ty && a.ty.values_equal(&*a.payload, &*b.payload),
            _ => false,
        }
    }
}

thread_local! {
    static EQUALS: PairMemo<Value, Value, Tri> = const { PairMemo::new() };
    static IDENTICAL: PairMemo<Value, Value, bool> = const { PairMemo::new() };
}
