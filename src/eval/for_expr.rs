//! `for` expressions, and the iteration the template `for` directive
//! shares with them.
//!
//! spec: hclsyntax#for-expressions

use std::sync::Arc;

use super::{error_diagnostic, Evaluator, Locals, Slots};
use crate::ast::{ExprTerm, Expression, ForCond, ForExpr, ForIntro, ForObjectExpr, ForTupleExpr, Identifier};
use crate::convert::{convert, convert_metered};
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

impl<'v> Pairs<'v> {
    /// The pairs of a known collection or structure; `None` for any other
    /// value.
    fn of(coll: &'v Value) -> Option<Pairs<'v>> {
        Some(match coll.kind() {
            ValueRef::List(items) | ValueRef::Tuple(items) => Pairs::Indexed(items.iter().enumerate()),
            ValueRef::Set(items) => Pairs::Set(items.iter()),
            ValueRef::Map(entries) | ValueRef::Object(entries) => Pairs::Named(entries.iter()),
            _ => return None,
        })
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

    // Directly, not by `next` n times: a tuple `for` finds each element by
    // its position (`Evaluator::tuple_fors`).
    fn nth(&mut self, n: usize) -> Option<Self::Item> {
        match self {
            Pairs::Indexed(it) => it.nth(n).map(|(i, v)| (Key::Index(i), v)),
            Pairs::Set(it) => it.nth(n).map(|v| (Key::Element(v), v)),
            Pairs::Named(it) => it.nth(n).map(|(k, v)| (Key::Name(k), v)),
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

/// The elements of a `for` being visited: the collection, the position
/// of the next one, and the scope they are bound in.
struct Visit<'c, 's> {
    coll: &'c Value,
    next: usize,
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
        match Pairs::of(coll) {
            Some(pairs) => Iteration::Pairs(pairs),
            None => Iteration::Unknown,
        }
    }

    /// `ForExpr = forTupleExpr | forObjectExpr`. An unknown collection, or
    /// an unknown key or condition (or one in error), makes the result the
    /// dynamic value, after every element has been tried; an unknown value
    /// (or one in error) is an unknown element of a known tuple or object,
    /// as in the reference, so `length([for s in xs : "${s}-${u}"])` is
    /// known.
    ///
    /// spec: hclsyntax#for-expressions
    // kept out of `expr_here` and `term`, whose frames every nesting level
    // pays for
    #[inline(never)]
    pub(super) fn for_expr(&mut self, f: &ForExpr<'_>, locals: Option<&Locals<'_>>) -> Value {
        let o = match f {
            ForExpr::Tuple(t) => return self.tuple_fors(t, locals),
            ForExpr::Object(o) => o,
        };
        let intro = &o.intro;
        let span = o.span;
        let Some(coll) = self.for_collection(intro, o.cond.as_ref(), locals, span) else {
            return Value::dynamic();
        };
        let mut known = true;
        let scope = Locals::new(intro.key_var, intro.value_var, locals);
        let slots = self.enter_scope(intro.key_var, intro.value_var);
        let mut visit = Visit {
            coll: &coll,
            next: 0,
            slots,
            scope: &scope,
            span,
        };
        let result = self.object_elements(o, &mut visit, &mut known);
        self.leave_scope(slots);
        // A duplicate key keeps the first value and leaves the result
        // known.
        if !known {
            return Value::dynamic();
        }
        result
    }

    /// The collection a `for` iterates, when there is something to
    /// iterate: known, iterable, within the step limit, and with an `if`
    /// clause that is not wrong whatever the elements are. Otherwise the
    /// `for` is the dynamic value.
    fn for_collection(
        &mut self,
        intro: &ForIntro<'_>,
        cond: Option<&ForCond<'_>>,
        locals: Option<&Locals<'_>>,
        span: Span,
    ) -> Option<Value> {
        let coll = self.expr(&intro.collection, locals);
        if let Iteration::Unknown = self.iterate(&coll, intro.collection.span(), span) {
            return None;
        }
        if let Some(cond) = cond
            && !self.precheck_condition(cond, intro.key_var, intro.value_var, locals, span)
        {
            return None;
        }
        Some(coll)
    }

    /// A tuple `for`, and the tuple `for`s nested directly as its element
    /// expression (`[for a in x: [for b in a: ...]]`), by one loop: each
    /// level open at once has an entry in `levels`, and an element that is
    /// itself a tuple `for` opens a level rather than a call. The values,
    /// errors and steps are those of a call per level, but 100,000 levels
    /// take no stack (a call per level took about 740 bytes of it).
    ///
    /// spec: hclsyntax#for-expressions
    fn tuple_fors<'e>(&mut self, t: &'e ForTupleExpr<'e>, locals: Option<&Locals<'_>>) -> Value {
        /// One open level: its `for`, the collection, the next element to
        /// visit, the elements so far and whether every condition was
        /// known.
        struct Level<'e, 's> {
            t: &'e ForTupleExpr<'e>,
            coll: Value,
            next: usize,
            items: Vec<Value>,
            known: bool,
            scope: &'s Locals<'s>,
            slots: Slots,
        }
        impl Level<'_, '_> {
            /// Adds a finished element (an unknown one is an unknown
            /// element of the tuple).
            fn push(&mut self, value: Value) {
                self.items.push(value);
            }
        }
        // The levels' scopes, each naming the enclosing one.
        let scopes = crate::Arena::new();
        let mut levels: Vec<Level<'e, '_>> = Vec::new();
        // The `for` to open next, with the scope it is evaluated in.
        let mut opening = Some((t, locals.map(|l| scopes.alloc(*l))));
        loop {
            if let Some((t, parent)) = opening.take() {
                let intro = &t.intro;
                let value = match self.for_collection(intro, t.cond.as_ref(), parent, t.span) {
                    Some(coll) => {
                        let scope = scopes.alloc(Locals::new(intro.key_var, intro.value_var, parent));
                        levels.push(Level {
                            t,
                            items: Vec::with_capacity(coll.length().unwrap_or(0)),
                            coll,
                            next: 0,
                            known: true,
                            scope,
                            slots: self.enter_scope(intro.key_var, intro.value_var),
                        });
                        None
                    }
                    None => Some(Value::dynamic()),
                };
                if let Some(value) = value {
                    // Nothing to iterate: the `for` is the dynamic value.
                    match levels.last_mut() {
                        Some(level) => level.push(value),
                        None => return value,
                    }
                }
                continue;
            }
            // The loop returns when the outermost level closes.
            let Some(level) = levels.last_mut() else {
                return Value::dynamic();
            };
            let mut visit = Visit {
                coll: &level.coll,
                next: level.next,
                slots: level.slots,
                scope: level.scope,
                span: level.t.span,
            };
            let kept = self.next_kept(&mut visit, level.t.cond.as_ref(), &mut level.known);
            level.next = visit.next;
            if kept {
                let body = &level.t.value;
                match body {
                    // As `expr` would: a step, then the inner `for`.
                    Expression::ExprTerm(ExprTerm::ForExpr(ForExpr::Tuple(inner))) => {
                        if self.step(1, body.span()) {
                            opening = Some((inner, Some(level.scope)));
                        } else {
                            level.push(Value::dynamic());
                        }
                    }
                    _ => level.push(self.expr(body, Some(level.scope))),
                }
                continue;
            }
            // The level is done: its tuple is an element of the level
            // around it, or the result.
            let Some(level) = levels.pop() else {
                return Value::dynamic();
            };
            self.leave_scope(level.slots);
            // An unknown condition leaves the elements unknown.
            let value = if level.known {
                Value::tuple(level.items)
            } else {
                Value::dynamic()
            };
            match levels.last_mut() {
                Some(outer) => outer.push(value),
                None => return value,
            }
        }
    }

    /// Binds the next element that the `if` clause keeps; `false` when
    /// none is left.
    fn next_kept(&mut self, visit: &mut Visit<'_, '_>, cond: Option<&ForCond<'_>>, known: &mut bool) -> bool {
        while let Some((k, v)) = Pairs::of(visit.coll).and_then(|mut p| p.nth(visit.next)) {
            visit.next += 1;
            self.set_scope(visit.slots, || k.value(), v);
            if self.keep(cond, visit.scope, known, visit.span) {
                return true;
            }
        }
        false
    }

    /// The object an object `for` builds: see [`Evaluator::object_result`].
    #[inline(never)]
    fn object_elements(&mut self, o: &ForObjectExpr<'_>, visit: &mut Visit<'_, '_>, known: &mut bool) -> Value {
        // Each element with the number of errors kept before it
        // ended, where a repeat of its key is reported.
        let mut entries: Vec<(Arc<str>, Value, usize)> = Vec::with_capacity(visit.coll.length().unwrap_or(0));
        while self.next_kept(visit, o.cond.as_ref(), known) {
            let Some(key) = self.for_key(&o.key, visit.scope, known, visit.span) else {
                continue;
            };
            let value = self.expr(&o.value, Some(visit.scope));
            entries.push((key, value, self.diags.kept()));
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
        let late = repeats.into_iter().map(|(_, at, k)| {
            let detail = format!(
                "Two different items produced the key {} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                crate::diagnostic::quoted(&k)
            );
            (at, error_diagnostic("Duplicate object key", detail, key, Some(span)))
        });
        self.diags.insert_late(late);
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
        let Some(converted) = self.walking(key.span(), |m| convert_metered(&raw, &Type::String, m)) else {
            *known = false;
            return None;
        };
        match converted {
            Ok(k) => k.shared_str(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_found_by_position_in_every_kind_of_collection() {
        let list = Value::list(Type::Number, (0..5).map(Value::from).collect()).unwrap();
        let set = Value::set(Type::Number, (0..5).map(Value::from).collect()).unwrap();
        let object = Value::object((0..5).map(|i| (format!("k{i}"), Value::from(i))));
        for coll in [&list, &set, &object] {
            for n in 0..6 {
                let by_position = Pairs::of(coll)
                    .and_then(|mut p| p.nth(n))
                    .map(|(k, v)| (k.value(), v.clone()));
                // `next` n times (`skip` would use `nth` itself).
                let by_steps = Pairs::of(coll)
                    .and_then(|mut p| {
                        for _ in 0..n {
                            p.next();
                        }
                        p.next()
                    })
                    .map(|(k, v)| (k.value(), v.clone()));
                assert_eq!(by_position, by_steps, "{coll:?} at {n}");
            }
        }
    }
}
