//! How big a value or type is when written out in full: every shared part
//! counted at each place it occurs, as a printer or serializer visits it.
//!
//! A value may hold one part many times, exponentially many in the depth
//! of the sharing (`[for v in [X]: [v, v]]` doubles `X`), while taking
//! memory only for the distinct parts. Counting here visits each shared
//! part once, so an application can ask before writing a value out.

use std::collections::HashMap;

use super::equality::node_id;
use super::types::{node_id as type_node_id, Type};
use super::value::{Value, ValueRef};
use crate::meter::string_work;

impl Value {
    /// How many parts this value has when every shared part is counted at
    /// each place it occurs (what writing it out in full visits): one for
    /// each value, element, attribute and map entry, plus one for each
    /// 16 bytes of string, plus the [`Type::expanded_size`] of the type of
    /// each unknown part (which the JSON form writes out). A number counts
    /// one for each 16 bytes its canonical form may take (`1e9800` has
    /// 9,801 digits), plus what printing it costs in evaluation steps:
    /// about 100 for a fraction like 1/3 (finding its shortest digits), and
    /// for a big number what arithmetic on it costs. The count
    /// saturates at `u64::MAX`; each shared part is counted once, so asking
    /// is quick however big the answer.
    ///
    /// ```
    /// use hcl_native::value::Value;
    ///
    /// let pair = Value::tuple(vec![Value::from(1), Value::from(2)]);
    /// assert_eq!(pair.expanded_size(), 3);
    /// // a tuple holding `pair` twice, 40 times over: 2^40 copies of it
    /// let doubled = (0..40).fold(pair, |v, _| Value::tuple(vec![v.clone(), v]));
    /// assert!(doubled.expanded_size() > 1 << 40);
    /// ```
    pub fn expanded_size(&self) -> u64 {
        value_size(self, &mut Seen::default())
    }
}

/// The sizes of the shared value and type nodes counted so far.
#[derive(Default)]
struct Seen {
    values: HashMap<usize, u64>,
    types: HashMap<usize, u64>,
}

impl Type {
    /// How many type nodes this type has when every shared part is counted
    /// at each place it occurs (what writing it out in full visits), plus
    /// one for each 16 bytes of attribute name. Saturates at `u64::MAX`.
    ///
    /// ```
    /// use hcl_native::value::Type;
    ///
    /// assert_eq!(Type::list(Type::String).expanded_size(), 2);
    /// let doubled = (0..40).fold(Type::Number, |t, _| Type::tuple(vec![t.clone(), t]));
    /// assert!(doubled.expanded_size() > 1 << 40);
    /// ```
    pub fn expanded_size(&self) -> u64 {
        type_size(self, &mut HashMap::new())
    }
}

fn value_size(v: &Value, seen: &mut Seen) -> u64 {
    crate::stack::with_stack(|| {
        let id = node_id(v);
        if let Some(size) = id.and_then(|id| seen.values.get(&id)) {
            return *size;
        }
        let size = match v.kind() {
            ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => items
                .iter()
                .fold(1u64, |total, item| total.saturating_add(value_size(item, seen))),
            ValueRef::Map(entries) | ValueRef::Object(entries) => entries.iter().fold(1u64, |total, (k, item)| {
                total
                    .saturating_add(string_work(k.len()))
                    .saturating_add(value_size(item, seen))
            }),
            ValueRef::String(s) => 1 + string_work(s.len()),
            // what its digits take to find and to write
            ValueRef::Number(n) => string_work(n.printed_len_bound() as usize).saturating_add(n.print_work()),
            ValueRef::Unknown(t) => type_size(t, &mut seen.types).saturating_add(1),
            _ => 1,
        };
        if let Some(id) = id {
            seen.values.insert(id, size);
        }
        size
    })
}

fn type_size(t: &Type, seen: &mut HashMap<usize, u64>) -> u64 {
    crate::stack::with_stack(|| {
        let id = match t {
            Type::Object(_) | Type::Tuple(_) => type_node_id(t),
            _ => None,
        };
        if let Some(size) = id.and_then(|id| seen.get(&id)) {
            return *size;
        }
        let size = match t {
            Type::List(e) | Type::Set(e) | Type::Map(e) => type_size(e, seen).saturating_add(1),
            Type::Object(o) => o.attributes().iter().fold(1u64, |total, (name, t)| {
                total
                    .saturating_add(string_work(name.len()))
                    .saturating_add(type_size(t, seen))
            }),
            Type::Tuple(ts) => ts
                .iter()
                .fold(1u64, |total, t| total.saturating_add(type_size(t, seen))),
            _ => 1,
        };
        if let Some(id) = id {
            seen.insert(id, size);
        }
        size
    })
}
