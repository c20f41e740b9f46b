//! `for` expressions, and the iteration the template `for` directive
//! shares with them.
//!
//! spec: hclsyntax#for-expressions

use std::sync::Arc;

use super::{error_diagnostic, Evaluator, Locals, Slots};
use crate::ast::{Expression, ForCond, ForExpr, ForObjectExpr, ForTupleExpr, Identifier};
use crate::convert::convert;
use crate::value::{Type, Value, ValueRef};
use crate::Span;

/// A collection's elements in visit order, each with its key, borrowed
/// from the collection.
pub(super) enum Pairs<'v> {
    /// List and tuple elements, keyed by index.
    Indexed(std::iter::Enumerate<std::slice::Iter<'v, Value>>),
    /// Set elements, keyed by themselves.
    Set(std::slice::Iter<'v, Value>),
    /// Map and object entries, keyed by name.
    Named(std::slice::Iter<'v, (Arc<str>, Value)>),
}

/// An element's key, made into a value only when a key variable needs it.
pub(super) enum Key<'v> {
    Index(usize),
    Element(&'v Value),
    Name(&'v Arc<str>),
}

impl Key<'_> {
    pub(super) fn value(&self) -> Value {
        match self {
            Key::Index(i) => Value::from(*i as i64),
            Key::Element(v) => (*v).clone(),
            Key::Name(n) => Value::string_nfc((*n).clone()),
        }
    }
}

impl<'v> Iterator for Pairs<'v> {
    type Item = (Key<'v>, &'v Value);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Pairs::Indexed(it) => it.next().map(|(i, v)| (Key::Index(i), v)),
            Pairs::Set(it) => it.next().map(|v| (Key::Element(v), v)),
            Pairs::Named(it) => it.next().map(|(k, v)| (Key::Name(k), v)),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Pairs::Indexed(it) => it.size_hint(),
            Pairs::Set(it) => it.size_hint(),
            Pairs::Named(it) => it.size_hint(),
        }
    }
}

/// The elements of a `for` being visited, and the scope they are bound
/// in.
struct Visit<'p, 's> {
    pairs: Pairs<'p>,
    slots: Slots,
    scope: &'s Locals<'s>,
    span: Span,
}

/// What iterating a collection gives.
pub(super) enum Iteration<'v> {
    /// Known elements, in visit order.
    Pairs(Pairs<'v>),
    /// The collection is unknown (or in error): the result is unknown.
    Unknown,
}

impl Evaluator<'_> {
    /// The key/value pairs of a collection: index and element for lists
    /// and tuples, name and value in lexicographic order for maps and
    /// objects, the element twice for sets.
    ///
    /// spec: hclsyntax#for-expressions
    pub(super) fn iterate<'v>(&mut self, coll: &'v Value, coll_span: Span, context: Span) -> Iteration<'v> {
        if coll.is_null() {
            self.error(
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
                coll_span,
                Some(context),
            );
            return Iteration::Unknown;
        }
        let ty = coll.ty();
        if ty == Type::Dynamic {
            return Iteration::Unknown;
        }
        if !(ty.is_collection() || ty.is_structural()) {
            self.error(
                "Iteration over non-iterable value",
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    ty.friendly_name()
                ),
                coll_span,
                Some(context),
            );
            return Iteration::Unknown;
        }
        // Each element visited is a step.
        if !self.step(coll.length().unwrap_or(0) as u64, coll_span) {
            return Iteration::Unknown;
        }
        Iteration::Pairs(match coll.kind() {
            ValueRef::List(items) | ValueRef::Tuple(items) => Pairs::Indexed(items.iter().enumerate()),
            ValueRef::Set(items) => Pairs::Set(items.iter()),
            ValueRef::Map(entries) | ValueRef::Object(entries) => Pairs::Named(entries.iter()),
            _ => return Iteration::Unknown,
        })
    }

    /// `ForExpr = forTupleExpr | forObjectExpr`. An unknown collection, or
    /// an unknown key, value or condition, makes the result the dynamic
    /// value (D-for-unknown-element); so does an error in one, after every
    /// element has been tried.
    ///
    /// spec: hclsyntax#for-expressions
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn for_expr(&mut self, f: &ForExpr<'_>, locals: Option<&Locals<'_>>) -> Value {
        let intro = f.intro();
        let span = f.span();
        let coll = self.expr(&intro.collection, locals);
        let Iteration::Pairs(pairs) = self.iterate(&coll, intro.collection.span(), span) else {
            return Value::dynamic();
        };
        if let Some(cond) = f.cond() {
            if !self.precheck_condition(cond, intro.key_var, intro.value_var, locals, span) {
                return Value::dynamic();
            }
        }
        let mut known = true;
        let scope = Locals::new(intro.key_var, intro.value_var, locals);
        let slots = self.enter_scope(intro.key_var, intro.value_var);
        let mut visit = Visit {
            pairs,
            slots,
            scope: &scope,
            span,
        };
        let result = match f {
            ForExpr::Tuple(t) => self.tuple_elements(t, &mut visit, &mut known),
            ForExpr::Object(o) => self.object_elements(o, &mut visit, &mut known),
        };
        self.leave_scope(slots);
        // An element in error is the dynamic value, so unknown; a
        // duplicate key keeps the first value and leaves the result known.
        if !known {
            return Value::dynamic();
        }
        result
    }

    /// Binds the next element that the `if` clause keeps; `false` when
    /// none is left.
    fn next_kept(&mut self, visit: &mut Visit<'_, '_>, cond: Option<&ForCond<'_>>, known: &mut bool) -> bool {
        for (k, v) in visit.pairs.by_ref() {
            self.set_scope(visit.slots, || k.value(), v);
            if self.keep(cond, visit.scope, known, visit.span) {
                return true;
            }
        }
        false
    }

    /// The tuple a tuple `for` builds: the value of each element kept.
    // out of `for_expr`, and apart from the object case: the recursion
    // through the value expression pays only for this frame
    #[inline(never)]
    fn tuple_elements(&mut self, t: &ForTupleExpr<'_>, visit: &mut Visit<'_, '_>, known: &mut bool) -> Value {
        let mut items = Vec::with_capacity(visit.pairs.size_hint().0);
        while self.next_kept(visit, t.cond.as_ref(), known) {
            let value = self.expr(&t.value, Some(visit.scope));
            *known &= value.is_known();
            items.push(value);
        }
        Value::tuple(items)
    }

    /// The object an object `for` builds: see [`Evaluator::object_result`].
    #[inline(never)]
    fn object_elements(&mut self, o: &ForObjectExpr<'_>, visit: &mut Visit<'_, '_>, known: &mut bool) -> Value {
        // Each element with the number of errors kept before it
        // ended, where a repeat of its key is reported.
        let mut entries: Vec<(Arc<str>, Value, usize)> = Vec::with_capacity(visit.pairs.size_hint().0);
        while self.next_kept(visit, o.cond.as_ref(), known) {
            let Some(key) = self.for_key(&o.key, visit.scope, known, visit.span) else {
                continue;
            };
            let value = self.expr(&o.value, Some(visit.scope));
            *known &= value.is_known();
            entries.push((key, value, self.diags.len()));
        }
        self.object_result(entries, o.group, o.key.span(), visit.span)
    }

    /// The object an object `for` builds from its elements, given in
    /// iteration order: grouped (`...`), each key's values in that order;
    /// otherwise the first value of each key, and an error for each
    /// repeat, placed among the other errors where the repeat was met.
    fn object_result(&mut self, entries: Vec<(Arc<str>, Value, usize)>, group: bool, key: Span, span: Span) -> Value {
        // Keys are NFC strings already: sorting their bytes sorts them,
        // and the sort keeps the elements of one key in iteration order.
        let tagged: Vec<(Arc<str>, Value, usize, usize)> = entries
            .into_iter()
            .enumerate()
            .map(|(i, (k, v, at))| (k, v, at, i))
            .collect();
        let tagged = crate::sort::sorted_by_bytes(tagged, |e| e.0.as_bytes());
        let mut out: Vec<(Arc<str>, Value)> = Vec::with_capacity(tagged.len());
        if group {
            let mut values: Vec<Value> = Vec::new();
            let mut items = tagged.into_iter().peekable();
            while let Some((k, v, _, _)) = items.next() {
                values.push(v);
                if items.peek().is_none_or(|next| next.0 != k) {
                    out.push((k, Value::tuple(std::mem::take(&mut values))));
                }
            }
            return Value::object_sorted(out);
        }
        let mut repeats: Vec<(usize, usize, Arc<str>)> = Vec::new();
        for (k, v, at, i) in tagged {
            match out.last() {
                Some((last, _)) if *last == k => repeats.push((i, at, k)),
                _ => out.push((k, v)),
            }
        }
        repeats.sort_unstable_by_key(|r| r.0);
        self.errors += repeats.len();
        let late = repeats.into_iter().map(|(_, at, k)| {
            let detail = format!(
                "Two different items produced the key {} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                crate::diagnostic::quoted(&k)
            );
            (at, error_diagnostic("Duplicate object key", detail, key, Some(span)))
        });
        self.diags.insert_late(late, self.limits.max_diagnostics);
        Value::object_sorted(out)
    }

    /// The key of one element of an object `for`: a known string, or
    /// `None` (reported when in error; `known` cleared).
    fn for_key(&mut self, key: &Expression<'_>, scope: &Locals<'_>, known: &mut bool, span: Span) -> Option<Arc<str>> {
        let raw = self.expr(key, Some(scope));
        if raw.is_null() {
            if *known {
                self.error(
                    "Invalid object key",
                    "Key expression in 'for' expression must not produce a null value.",
                    key.span(),
                    Some(span),
                );
            }
            *known = false;
            return None;
        }
        if !raw.is_known() {
            *known = false;
            return None;
        }
        let Some(converted) = self.walking(key.span(), || convert(&raw, &Type::String)) else {
            *known = false;
            return None;
        };
        match converted {
            Ok(k) => k.shared_str().cloned(),
            Err(e) => {
                if *known {
                    self.error(
                        "Invalid object key",
                        format!("The key expression produced an invalid result: {e}."),
                        key.span(),
                        Some(span),
                    );
                }
                *known = false;
                None
            }
        }
    }

    /// The condition tried once with the dynamic value for the variables,
    /// to report a condition that is wrong whatever the elements are once
    /// rather than for every element. `false` when it is wrong.
    #[inline(never)]
    fn precheck_condition(
        &mut self,
        cond: &ForCond<'_>,
        key_var: Option<Identifier<'_>>,
        value_var: Identifier<'_>,
        locals: Option<&Locals<'_>>,
        span: Span,
    ) -> bool {
        let scope = Locals::new(key_var, value_var, locals);
        let slots = self.enter_scope(key_var, value_var);
        let errors = self.error_count();
        let v = self.expr(&cond.condition, Some(&scope));
        self.leave_scope(slots);
        if v.is_null() {
            self.error(
                "Condition is null",
                "The value of the 'if' clause must not be null.",
                cond.condition.span(),
                Some(span),
            );
            return false;
        }
        if let Err(e) = convert(&v, &Type::Bool) {
            self.error(
                "Invalid 'for' condition",
                format!("The 'if' clause value is invalid: {e}."),
                cond.condition.span(),
                Some(span),
            );
            return false;
        }
        self.error_count() == errors
    }

    /// Whether an element passes the `if` clause. A condition that is
    /// unknown or in error clears `known` (the result is then unknown);
    /// its error is reported only while `known` still holds, so once per
    /// `for`.
    fn keep(&mut self, cond: Option<&ForCond<'_>>, scope: &Locals<'_>, known: &mut bool, span: Span) -> bool {
        let Some(cond) = cond else {
            return true;
        };
        let v = self.expr(&cond.condition, Some(scope));
        let problem = if v.is_null() {
            Some("The value of the 'if' clause must not be null.".to_string())
        } else {
            match convert(&v, &Type::Bool) {
                Ok(b) => match b.as_bool() {
                    Some(keep) => return keep,
                    None => None,
                },
                Err(e) => Some(format!("The 'if' clause value is invalid: {e}.")),
            }
        };
        if let (Some(detail), true) = (problem, *known) {
            self.error("Invalid 'for' condition", detail, cond.condition.span(), Some(span));
        }
        *known = false;
        false
    }
}
