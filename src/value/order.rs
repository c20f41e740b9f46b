//! The total order of values of one type, which sets iterate in.
//!
//! spec: model#collection-and-structural-type-conversions
//!
//! The model leaves the order of a set's elements undefined but asks for a
//! consistent one. Ours is the reference's (go-cty's set rules), since a
//! configuration sees it (`tolist(toset(...))[0]`): known values before
//! unknown ones before null; bools `false` first; numbers ascending;
//! strings by their bytes (of their NFC forms); lists, sets, tuples, maps
//! and objects by the bytes of the reference's hash text of the value
//! (`[e1;e2;]`, `{"k":v;}`, `<a;b;>`, numbers as Go's `%.10g`, strings as
//! Go's `%q`), ties broken structurally: lexicographically by element, a
//! prefix first, or by (key, value) in key order. Capsules go by their
//! type's order when it has one, otherwise in the order they were given.
//! The order depends only on the values, so a set built from the same
//! elements in any order iterates the same way.

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
        if hashed(self) {
            let o = hash_text(self, m).cmp(&hash_text(other, m));
            if o != Ordering::Equal {
                return o;
            }
        }
        self.structural_cmp(other, m)
    }

    /// The structural order of two values of one rank (see the module
    /// documentation): the tie-break after the hash text.
    fn structural_cmp(&self, other: &Value, m: &Meter) -> Ordering {
        // each pair of shared parts is ordered once
        pairwise(&ORDERED, self, other, || self.cmp_parts(other, m))
    }

    fn cmp_parts(&self, other: &Value, m: &Meter) -> Ordering {
        // comparing costs steps in an evaluation; once the meter runs out
        // the answer is not given (`Meter::answer`)
        if let Some(n) = parts(self)
            && !m.walk(n)
        {
            return Ordering::Equal;
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
                    let o = ka.cmp(kb).then_with(|| va.structural_in(vb, m));
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
        let o = x.structural_in(y, m);
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

impl Value {
    /// The structural order alone (ranks first), for the parts of values
    /// already compared by their hash texts.
    fn structural_in(&self, other: &Value, m: &Meter) -> Ordering {
        crate::stack::with_stack(|| {
            let (ra, rb) = (rank(self), rank(other));
            if ra != rb {
                return ra.cmp(&rb);
            }
            if super::equality::same_collection(self, other).is_some() {
                return Ordering::Equal;
            }
            self.structural_cmp(other, m)
        })
    }
}

/// Whether values of this kind are ordered by their hash text first: the
/// known collections and structures.
fn hashed(v: &Value) -> bool {
    matches!(
        v.0,
        Repr::List(..) | Repr::Set(..) | Repr::Tuple(..) | Repr::Map(..) | Repr::Object(..)
    )
}

/// The most bytes of a value's hash text that the order looks at: a value
/// may hold one big part exponentially many times; values that agree this
/// far are ordered structurally.
const HASH_TEXT_BYTES: usize = 1024;

/// The reference's hash text of a value (go-cty's `makeSetHashBytes`),
/// its first [`HASH_TEXT_BYTES`] bytes. Every part visited adds a byte or
/// more, so at most that many parts are visited; the meter is charged a
/// step for every 64 bytes (writing them is about that much work).
fn hash_text(v: &Value, m: &Meter) -> Vec<u8> {
    let mut out = Vec::new();
    write_hash(v, &mut out);
    out.truncate(HASH_TEXT_BYTES);
    m.walk(out.len() as u64 / 64 + 1);
    out
}

/// Appends `v`'s hash text to `out`; `false` once it is long enough.
fn write_hash(v: &Value, out: &mut Vec<u8>) -> bool {
    if out.len() >= HASH_TEXT_BYTES {
        return false;
    }
    crate::stack::with_stack(|| {
        let items = |open: u8, close: u8, parts: &[Value], out: &mut Vec<u8>| {
            out.push(open);
            for p in parts {
                if !write_hash(p, out) {
                    return false;
                }
                out.push(b';');
            }
            out.push(close);
            true
        };
        match &v.0 {
            Repr::Unknown(_) | Repr::UnknownNotNull(_) | Repr::Refined(_) => out.push(b'?'),
            Repr::Null(_) => out.push(b'~'),
            Repr::Bool(b) => out.push(if *b { b'T' } else { b'F' }),
            Repr::Number(n) => out.extend_from_slice(go_g10(n).as_bytes()),
            Repr::String(_) | Repr::ShortString(_) => go_quote(v.as_str().unwrap_or_default(), out),
            Repr::List(_, a) | Repr::Set(_, a) => return items(b'[', b']', a.parts(), out),
            Repr::Tuple(_, a) => return items(b'<', b'>', a.parts(), out),
            Repr::Object(_, a) => {
                out.push(b'<');
                for (_, p) in a.parts() {
                    if !write_hash(p, out) {
                        return false;
                    }
                    out.push(b';');
                }
                out.push(b'>');
            }
            Repr::Map(_, a) => {
                out.push(b'{');
                for (k, p) in a.parts() {
                    go_quote(k, out);
                    out.push(b':');
                    if !write_hash(p, out) {
                        return false;
                    }
                    out.push(b';');
                }
                out.push(b'}');
            }
            Repr::Capsule(_) => out.extend_from_slice("«»".as_bytes()),
        }
        true
    })
}

/// Go's `strconv.Quote` of `s` (the `%q` verb), appended to `out`.
fn go_quote(s: &str, out: &mut Vec<u8>) {
    use std::fmt::Write as _;
    let mut text = String::with_capacity(s.len() + 2);
    text.push('"');
    for c in s.chars() {
        match c {
            '"' => text.push_str("\\\""),
            '\\' => text.push_str("\\\\"),
            '\u{7}' => text.push_str("\\a"),
            '\u{8}' => text.push_str("\\b"),
            '\u{c}' => text.push_str("\\f"),
            '\n' => text.push_str("\\n"),
            '\r' => text.push_str("\\r"),
            '\t' => text.push_str("\\t"),
            '\u{b}' => text.push_str("\\v"),
            c if go_printable(c) => text.push(c),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(text, "\\x{:02x}", c as u32);
            }
            c if (c as u32) < 0x10000 => {
                let _ = write!(text, "\\u{:04x}", c as u32);
            }
            c => {
                let _ = write!(text, "\\U{:08x}", c as u32);
            }
        }
    }
    text.push('"');
    out.extend_from_slice(text.as_bytes());
}

/// Go's `unicode.IsPrint`, near enough for an order: ASCII from space to
/// `~`, and any other character but controls, separators other than the
/// space, format characters and private use.
fn go_printable(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return (0x20..0x7f).contains(&u);
    }
    !(c.is_control()
        || c.is_whitespace()
        || matches!(u, 0xad | 0x600..=0x605 | 0x61c | 0x6dd | 0x70f | 0x180e | 0x200b..=0x200f | 0x202a..=0x202e | 0x2060..=0x206f | 0xfeff | 0xfff9..=0xfffb)
        || (0xe000..=0xf8ff).contains(&u)
        || u >= 0xf0000)
}

/// Go's `big.Float.String()` of a number: `Text('g', 10)`, ten
/// significant digits, an exponent where it is below -4 or from 10 up.
fn go_g10(n: &crate::number::Number) -> String {
    use num_bigint::BigInt;
    use num_integer::Integer;
    use num_traits::{Signed, Zero};
    const PREC: i64 = 10;
    let Some(r) = n.to_rational() else {
        return if n.signum() > 0 { "+Inf".into() } else { "-Inf".into() };
    };
    if r.is_zero() {
        return "0".into();
    }
    let sign = if r.is_negative() { "-" } else { "" };
    let (num, den) = (r.numer().abs(), r.denom().clone());
    let ten = BigInt::from(10);
    let pow10 = |k: i64| num_traits::pow(ten.clone(), k as usize);
    // 10^(e - 1) <= num/den < 10^e
    let mut e = num.to_string().len() as i64 - den.to_string().len() as i64;
    let below = |e: i64| {
        // num/den < 10^e
        if e >= 0 {
            num < &den * pow10(e)
        } else {
            &num * pow10(-e) < den
        }
    };
    while !below(e) {
        e += 1;
    }
    while below(e - 1) {
        e -= 1;
    }
    // the leading PREC digits, rounded half to even
    let shift = PREC - e;
    let (scaled_num, scaled_den) = if shift >= 0 {
        (&num * pow10(shift), den.clone())
    } else {
        (num.clone(), &den * pow10(-shift))
    };
    let (mut q, rem) = scaled_num.div_rem(&scaled_den);
    let twice = &rem * 2;
    if twice > scaled_den || (twice == scaled_den && q.is_odd()) {
        q += 1;
    }
    if q == pow10(PREC) {
        q = pow10(PREC - 1);
        e += 1;
    }
    let mut mant = q.to_string();
    while mant.ends_with('0') && mant.len() > 1 {
        mant.pop();
    }
    let len = mant.len() as i64;
    let eprec = if PREC > len && len >= e { len } else { PREC };
    let x = e - 1;
    if x < -4 || x >= eprec {
        let mut s = format!("{sign}{}", &mant[..1]);
        if len > 1 {
            s.push('.');
            s.push_str(&mant[1..]);
        }
        let (es, ea) = if x < 0 { ('-', -x) } else { ('+', x) };
        s.push_str(&format!("e{es}{ea:02}"));
        return s;
    }
    // fixed: the digits with the point `e` digits in
    let decimals = (len - e).max(0) as usize;
    let mut s = String::from(sign);
    if e <= 0 {
        s.push('0');
    } else if e >= len {
        s.push_str(&mant);
        s.push_str(&"0".repeat((e - len) as usize));
    } else {
        s.push_str(&mant[..e as usize]);
    }
    if decimals > 0 {
        s.push('.');
        if e < 0 {
            s.push_str(&"0".repeat((-e) as usize));
        }
        s.push_str(&mant[(e.max(0) as usize)..]);
    }
    s
}

/// Known values by kind, then unknown, then null (the reference's order
/// within a set).
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
        Repr::Unknown(_) | Repr::UnknownNotNull(_) | Repr::Refined(_) => 9,
        Repr::Null(_) => 10,
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
    if element.is_primitive() || *element == Type::Dynamic || items.len() < 2 {
        items.sort_by(|a, b| a.cmp_in(b, m)); // stable: ties keep their given order
    } else {
        // the order of `cmp_here`, each element's hash text worked out once
        let mut keyed: Vec<(u8, Vec<u8>, Value)> = items
            .into_iter()
            .map(|v| {
                let text = if hashed(&v) { hash_text(&v, m) } else { Vec::new() };
                (rank(&v), text, v)
            })
            .collect();
        keyed.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| a.1.cmp(&b.1))
                .then_with(|| a.2.structural_in(&b.2, m))
        });
        items = keyed.into_iter().map(|(_, _, v)| v).collect();
    }
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
