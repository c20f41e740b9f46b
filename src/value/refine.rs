//! Refined unknown values: what is known of an unknown value beyond its
//! type.
//!
//! go-cty 1.13 added *refinements* and hcl 2.17 and later produce and use
//! them (the reference's version, v2.20, with go-cty 1.13 or later): an
//! unknown value may be known not to be null, an unknown string to start
//! with a prefix, an unknown number to lie between bounds, an unknown
//! collection's length to lie between bounds. Operations then give known
//! answers where the refinements decide them: `"a-${u}" != null` is `true`
//! and `"a-${u}" == "b"` is `false` for an unknown `u`, as in the
//! reference. Refinements only ever narrow what an unknown value stands
//! for, so an answer they give is the answer every final value gives.
//!
//! spec: model#unknown-values-and-the-dynamic-pseudo-type
//!
//! [`Value::refine`] refines a value, [`Value::range`] tells what is known
//! of any value. The dynamic value (of the dynamic pseudo-type) has no
//! refinements, as in the reference: nothing is known of it at all.

use std::fmt;
use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use super::equality::Tri;
use super::types::Type;
use super::value::{Repr, Value};
use crate::number::Number;

/// The largest length a collection's refinement can name: go-cty's
/// `math.MaxInt`, the upper bound of an unrefined collection's length.
pub const MAX_LENGTH: u64 = i64::MAX as u64;

/// The most unknown elements that a list known to have an exact length
/// becomes (go-cty makes the list whatever the length; a length beyond
/// this stays an unknown list with that length, so that a refinement made
/// through the API cannot ask for memory out of proportion to its input).
const MAX_MATERIALIZED_LENGTH: u64 = 1 << 16;

/// An unknown value of a type that can be refined, and its refinements:
/// kept behind one pointer so that a value stays three words.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Refined {
    pub(crate) ty: Type,
    pub(crate) refinement: Refinement,
}

/// What is known of an unknown value beyond its type (go-cty's refinements).
/// Which parts apply depends on the type: a prefix for strings, bounds for
/// numbers, length bounds for lists, sets and maps, and whether it can be
/// null for every type but the dynamic pseudo-type.
#[derive(Clone, Debug, PartialEq)]
pub struct Refinement {
    not_null: bool,
    /// strings: a prefix in NFC (`None`: empty)
    prefix: Option<Arc<str>>,
    /// numbers: the lower and upper bounds, each with whether it is
    /// inclusive; `None` is unbounded
    lower: Option<(Number, bool)>,
    upper: Option<(Number, bool)>,
    /// collections: inclusive bounds of the length
    min_len: u64,
    max_len: u64,
}

impl Default for Refinement {
    fn default() -> Refinement {
        UNREFINED
    }
}

/// No refinement at all.
const UNREFINED: Refinement = Refinement {
    not_null: false,
    prefix: None,
    lower: None,
    upper: None,
    min_len: 0,
    max_len: MAX_LENGTH,
};

/// Not null, and nothing more: the refinement of `Repr::UnknownNotNull`.
static NOT_NULL: Refinement = Refinement {
    not_null: true,
    ..UNREFINED
};

impl Refinement {
    /// Not null, and nothing more: the commonest refinement.
    pub fn not_null_only() -> &'static Refinement {
        &NOT_NULL
    }

    /// The bounds of a number, each with whether it is inclusive: the
    /// exclusive infinities where there is none (go-cty's
    /// `NumberLowerBound` and `NumberUpperBound`).
    fn number_bounds(&self) -> ((Number, bool), (Number, bool)) {
        (
            self.lower.clone().unwrap_or((Number::NEGATIVE_INFINITY, false)),
            self.upper.clone().unwrap_or((Number::POSITIVE_INFINITY, false)),
        )
    }

    /// The string prefix (empty where there is none).
    fn prefix(&self) -> &str {
        self.prefix.as_deref().unwrap_or("")
    }

    fn is_trivial(&self) -> bool {
        *self == Refinement::default()
    }

    /// Whether the value is known not to be null.
    pub fn is_not_null(&self) -> bool {
        self.not_null
    }
}

impl fmt::Display for Refinement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.not_null {
            parts.push("not null".to_string());
        }
        if !self.prefix().is_empty() {
            parts.push(format!("prefix {:?}", self.prefix()));
        }
        if let Some((n, inclusive)) = &self.lower {
            parts.push(format!("{} {n}", if *inclusive { ">=" } else { ">" }));
        }
        if let Some((n, inclusive)) = &self.upper {
            parts.push(format!("{} {n}", if *inclusive { "<=" } else { "<" }));
        }
        if self.min_len > 0 {
            parts.push(format!("length >= {}", self.min_len));
        }
        if self.max_len < MAX_LENGTH {
            parts.push(format!("length <= {}", self.max_len));
        }
        f.write_str(&parts.join(", "))
    }
}

/// Which refinements a type takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    String,
    Number,
    Collection,
    /// bools, objects, tuples, capsules: whether null only
    Nullable,
}

fn kind(ty: &Type) -> Option<Kind> {
    match ty {
        Type::Dynamic => None,
        Type::String => Some(Kind::String),
        Type::Number => Some(Kind::Number),
        Type::List(_) | Type::Set(_) | Type::Map(_) => Some(Kind::Collection),
        _ => Some(Kind::Nullable),
    }
}

/// A refinement that contradicts the value or an earlier refinement (go-cty
/// panics on these; here they are errors, and the value is not refined).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RefineError {
    /// The dynamic value, or a refinement of another type's kind (a prefix
    /// of a number).
    NotRefinable {
        /// The value's type.
        ty: Type,
        /// What was asked.
        refinement: &'static str,
    },
    /// The refinement excludes the known value, or every value an earlier
    /// refinement allows.
    Inconsistent(&'static str),
}

impl fmt::Display for RefineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RefineError::NotRefinable { ty, refinement } => {
                write!(f, "cannot refine {refinement} for a value of type {ty}")
            }
            RefineError::Inconsistent(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for RefineError {}

/// Refinements being added to a value: made by [`Value::refine`], finished
/// by [`Refiner::new_value`].
///
/// ```
/// use hcl_native::value::{Type, Value};
///
/// let id = Value::unknown(Type::String).refine().not_null().string_prefix_full("i-").new_value().unwrap();
/// assert!(!id.is_known());
/// assert_eq!(id.not_equals(&Value::null(Type::String)).as_bool(), Some(true));
/// assert_eq!(id.equals(&Value::from("vpc-1")).as_bool(), Some(false));
/// assert!(!id.equals(&Value::from("i-1")).is_known());
/// ```
#[derive(Clone, Debug)]
#[must_use = "a refiner does nothing until `new_value`"]
pub struct Refiner {
    orig: Value,
    wip: Refinement,
    error: Option<RefineError>,
}

impl Value {
    /// Starts refining the value (go-cty's `Refine`). Refining a known
    /// value only checks that the refinements hold for it.
    pub fn refine(&self) -> Refiner {
        Refiner {
            orig: self.clone(),
            wip: self.refinement().cloned().unwrap_or_default(),
            error: None,
        }
    }

    /// The value refined as not null, where it is unknown of a type that
    /// takes refinements; itself otherwise (go-cty's `RefineNotNull`, for
    /// the places that refine a result whatever it is).
    pub fn refine_not_null(self) -> Value {
        match self.0 {
            Repr::Unknown(Type::Dynamic) => self,
            // the commonest case, without a refiner
            Repr::Unknown(ty) => Value(Repr::UnknownNotNull(ty)),
            Repr::Refined(_) => self.refine().not_null().value_or_self(),
            _ => self,
        }
    }

    /// The refinements of an unknown value, where it has any.
    pub fn refinement(&self) -> Option<&Refinement> {
        match &self.0 {
            Repr::Refined(r) => Some(&r.refinement),
            Repr::UnknownNotNull(_) => Some(&NOT_NULL),
            _ => None,
        }
    }

    /// What is known of the value's range (go-cty's `Range`): for a known
    /// value, the value itself as closely as a range can say it.
    ///
    /// ```
    /// use hcl_native::value::{Type, Value};
    ///
    /// let n = Value::unknown(Type::List(std::sync::Arc::new(Type::String)));
    /// assert_eq!(n.range().length_bounds(), (0, hcl_native::value::MAX_LENGTH));
    /// assert!(n.range().could_be_null());
    /// assert_eq!(Value::from("abc").range().string_prefix(), "abc");
    /// ```
    pub fn range(&self) -> ValueRange {
        let ty = self.ty();
        let (null, refined, refinement) = match (&self.0, self.refinement()) {
            (_, Some(r)) => (if r.not_null { Tri::False } else { Tri::Unknown }, true, r.clone()),
            (Repr::Unknown(_), None) => (Tri::Unknown, false, UNREFINED),
            (Repr::Null(_), None) => (Tri::True, false, UNREFINED),
            _ => {
                // a known value, as closely as a range says it
                let mut refinement = NOT_NULL.clone();
                if let Some(s) = self.as_str() {
                    refinement.prefix = Some(Arc::from(s));
                } else if let Some(n) = self.as_number() {
                    refinement.lower = Some((n.clone(), true));
                    refinement.upper = Some((n.clone(), true));
                } else if matches!(ty, Type::List(_) | Type::Set(_) | Type::Map(_))
                    && let Some(len) = exact_length(self)
                {
                    refinement.min_len = len;
                    refinement.max_len = len;
                }
                (Tri::False, true, refinement)
            }
        };
        ValueRange {
            ty,
            refined,
            null,
            refinement,
        }
    }
}

impl Value {
    /// The value with every refinement dropped, at every depth: each
    /// refined unknown part becomes the plain unknown value of its type, as
    /// hcl 2.16 and earlier (go-cty 1.12) have them.
    ///
    /// ```
    /// use hcl_native::value::{Type, Value};
    ///
    /// let id = Value::unknown(Type::String).refine().not_null().new_value().unwrap();
    /// let list = Value::tuple(vec![id, Value::from(1)]);
    /// assert_eq!(list.without_refinements(), Value::tuple(vec![Value::unknown(Type::String), Value::from(1)]));
    /// ```
    pub fn without_refinements(&self) -> Value {
        let mut memo = std::collections::HashMap::new();
        unrefined(self, &mut memo)
    }
}

/// [`Value::without_refinements`], each shared part rebuilt once.
fn unrefined(v: &Value, memo: &mut std::collections::HashMap<usize, Value>) -> Value {
    if v.is_wholly_known() {
        return v.clone();
    }
    let id = super::equality::node_id(v);
    if let Some(done) = id.and_then(|id| memo.get(&id)) {
        return done.clone();
    }
    let done = crate::stack::with_stack(|| match &v.0 {
        Repr::Refined(r) => Value::unknown(r.ty.clone()),
        Repr::UnknownNotNull(t) => Value::unknown(t.clone()),
        Repr::List(_, s) => Value::list_unchecked(v.ty(), s.parts().iter().map(|p| unrefined(p, memo)).collect()),
        Repr::Set(_, s) => {
            let ty = v.ty();
            let element = ty.element_type().cloned().unwrap_or(Type::Dynamic);
            let parts = s.parts().iter().map(|p| unrefined(p, memo)).collect();
            Value::set_unchecked(&element, ty, parts, &crate::meter::Meter::unlimited())
        }
        Repr::Tuple(_, s) => Value::tuple(s.parts().iter().map(|p| unrefined(p, memo)).collect()),
        Repr::Map(_, e) => Value::map_unchecked(
            v.ty(),
            e.parts().iter().map(|(k, p)| (k.clone(), unrefined(p, memo))).collect(),
        ),
        Repr::Object(_, e) => Value::object_typed(
            v.ty(),
            e.parts().iter().map(|(k, p)| (k.clone(), unrefined(p, memo))).collect(),
        ),
        _ => v.clone(),
    });
    if let Some(id) = id {
        memo.insert(id, done.clone());
    }
    done
}

/// The length of a known collection, where it is known: a set holding
/// unknown elements (more than one) may have fewer once they are known.
fn exact_length(v: &Value) -> Option<u64> {
    let parts = v
        .elements()
        .map(<[Value]>::len)
        .or_else(|| v.entries().map(<[_]>::len))? as u64;
    match &v.0 {
        Repr::Set(known, _) if !*known && parts > 1 => None,
        _ => Some(parts),
    }
}

impl Refiner {
    fn fail(mut self, e: RefineError) -> Refiner {
        self.error.get_or_insert(e);
        self
    }

    fn kind(&self) -> Option<Kind> {
        // without building the type
        match &self.orig.0 {
            Repr::Null(t) | Repr::Unknown(t) | Repr::UnknownNotNull(t) => kind(t),
            Repr::Refined(r) => kind(&r.ty),
            Repr::String(_) | Repr::ShortString(_) => Some(Kind::String),
            Repr::Number(_) => Some(Kind::Number),
            Repr::List(..) | Repr::Set(..) | Repr::Map(..) => Some(Kind::Collection),
            _ => Some(Kind::Nullable),
        }
    }

    /// Whether the value's type takes refinements of `want`'s kind (every
    /// kind takes null-ness).
    fn takes(&self, want: Kind) -> bool {
        matches!(self.kind(), Some(k) if k == want || want == Kind::Nullable)
    }

    fn not_refinable(self, refinement: &'static str) -> Refiner {
        let ty = self.orig.ty();
        self.fail(RefineError::NotRefinable { ty, refinement })
    }

    /// The value is not null.
    pub fn not_null(self) -> Refiner {
        if !self.takes(Kind::Nullable) {
            return self.not_refinable("null-ness");
        }
        let mut this = self;
        if this.orig.is_null() {
            return this.fail(RefineError::Inconsistent("refining null value as non-null"));
        }
        this.wip.not_null = true;
        this
    }

    /// The string starts with `prefix`, or with as much of it as is safe
    /// to match against a longer string: in NFC, and without a last
    /// character that a following one could join or combine with (go-cty's
    /// `StringPrefix`, as hcl's templates refine their results).
    pub fn string_prefix(self, prefix: &str) -> Refiner {
        self.string_prefix_full(&safe_prefix(prefix))
    }

    /// The string starts with `prefix` exactly, in NFC (go-cty's
    /// `StringPrefixFull`).
    pub fn string_prefix_full(self, prefix: &str) -> Refiner {
        if !self.takes(Kind::String) {
            return self.not_refinable("a string prefix");
        }
        let mut this = self;
        let prefix = super::text::nfc(prefix);
        let agrees = |have: &str, new: &str| {
            let n = have.len().min(new.len());
            have.as_bytes()[..n] == new.as_bytes()[..n]
        };
        if let Some(s) = this.orig.as_str()
            && !agrees(s, &prefix)
        {
            return this.fail(RefineError::Inconsistent(
                "refined prefix is inconsistent with known value",
            ));
        }
        if !agrees(this.wip.prefix(), &prefix) {
            return this.fail(RefineError::Inconsistent(
                "refined prefix is inconsistent with previous refined prefix",
            ));
        }
        if prefix.len() > this.wip.prefix().len() {
            this.wip.prefix = Some(Arc::from(&*prefix));
        }
        this
    }

    /// The number is at least `min` (more than it, unless `inclusive`).
    pub fn number_lower_bound(self, min: Number, inclusive: bool) -> Refiner {
        self.number_bound(min, inclusive, true)
    }

    /// The number is at most `max` (less than it, unless `inclusive`).
    pub fn number_upper_bound(self, max: Number, inclusive: bool) -> Refiner {
        self.number_bound(max, inclusive, false)
    }

    /// The number lies between `min` and `max`, both included.
    pub fn number_range_inclusive(self, min: Number, max: Number) -> Refiner {
        self.number_lower_bound(min, true).number_upper_bound(max, true)
    }

    fn number_bound(self, bound: Number, inclusive: bool, lower: bool) -> Refiner {
        if !self.takes(Kind::Number) {
            return self.not_refinable("numeric range");
        }
        let mut this = self;
        if let Some(n) = this.orig.as_number()
            && !within(n, &bound, inclusive, lower)
        {
            return this.fail(RefineError::Inconsistent(
                "refining a number with a bound it is outside of",
            ));
        }
        let slot = if lower {
            &mut this.wip.lower
        } else {
            &mut this.wip.upper
        };
        // keep the tighter of an earlier bound and this one
        let tighter = match slot {
            Some((old, old_inclusive)) => {
                if old == &bound {
                    !inclusive && *old_inclusive
                } else if lower {
                    old.less_than(&bound)
                } else {
                    bound.less_than(old)
                }
            }
            None => true,
        };
        if tighter {
            *slot = Some((bound, inclusive));
        }
        if let (Some((min, min_inclusive)), Some((max, max_inclusive))) = (&this.wip.lower, &this.wip.upper) {
            let empty = max.less_than(min) || (min == max && !(*min_inclusive && *max_inclusive));
            if empty {
                return this.fail(RefineError::Inconsistent("refined number bounds leave no number"));
            }
        }
        this
    }

    /// The collection has at least `min` elements.
    pub fn collection_length_lower_bound(self, min: u64) -> Refiner {
        self.length_bound(min, true)
    }

    /// The collection has at most `max` elements.
    pub fn collection_length_upper_bound(self, max: u64) -> Refiner {
        self.length_bound(max, false)
    }

    /// The collection has exactly `len` elements.
    pub fn collection_length(self, len: u64) -> Refiner {
        self.collection_length_lower_bound(len)
            .collection_length_upper_bound(len)
    }

    fn length_bound(self, bound: u64, lower: bool) -> Refiner {
        if !self.takes(Kind::Collection) {
            return self.not_refinable("collection length bounds");
        }
        let mut this = self;
        if let Some(len) = exact_length(&this.orig).filter(|_| this.orig.is_known())
            && ((lower && len < bound) || (!lower && len > bound))
        {
            return this.fail(RefineError::Inconsistent(
                "refining a collection with a length bound it is outside of",
            ));
        }
        if lower {
            this.wip.min_len = this.wip.min_len.max(bound);
        } else {
            this.wip.max_len = this.wip.max_len.min(bound.min(MAX_LENGTH));
        }
        if this.wip.min_len > this.wip.max_len {
            return this.fail(RefineError::Inconsistent(
                "refined collection length bounds leave no length",
            ));
        }
        this
    }

    /// The refined value (go-cty's `NewValue`): a known value unchanged, an
    /// unknown one with the refinements, or the one known value they leave
    /// (a number between equal inclusive bounds, an empty collection, a
    /// list of a known number of unknown elements, a set of one).
    pub fn new_value(self) -> Result<Value, RefineError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let Refiner { orig, wip, .. } = self;
        if orig.is_known() || wip.is_trivial() {
            return Ok(orig);
        }
        Ok(unknown_with(orig.ty(), wip))
    }

    /// [`Refiner::new_value`], or the value unrefined where a refinement
    /// did not fit it (refining the evaluator's own results, each of which
    /// go-cty would refine the same way).
    pub(crate) fn value_or_self(self) -> Value {
        let orig = self.orig.clone();
        self.new_value().unwrap_or(orig)
    }
}

impl Refinement {
    /// Bounds of a number, which may be null unless `not_null`: each bound
    /// with whether it is inclusive (the caller's bounds must leave some
    /// number; see [`unknown_with`]).
    pub(crate) fn number(not_null: bool, lower: (Number, bool), upper: (Number, bool)) -> Refinement {
        Refinement {
            not_null,
            lower: Some(lower),
            upper: Some(upper),
            ..UNREFINED
        }
    }

    /// A string that starts with as much of `prefix` as is safe (see
    /// [`Refiner::string_prefix`]), which may be null unless `not_null`.
    pub(crate) fn string(not_null: bool, prefix: &str) -> Refinement {
        let safe = safe_prefix(prefix);
        Refinement {
            not_null,
            prefix: (!safe.is_empty()).then(|| Arc::from(&*safe)),
            ..UNREFINED
        }
    }

    /// Bounds of a collection's length, which may be null unless
    /// `not_null` (`min` at most `max`). With the unbounded length,
    /// `(0, MAX_LENGTH)`, it is not-null alone (or nothing), which a value
    /// of any type takes.
    pub(crate) fn length(not_null: bool, min: u64, max: u64) -> Refinement {
        Refinement {
            not_null,
            min_len: min,
            max_len: max.min(MAX_LENGTH),
            ..UNREFINED
        }
    }
}

/// The bounds of a number value, known or not (as [`ValueRange`]'s, without
/// building a range): each with whether it is inclusive, the infinities
/// (not inclusive) where there is none.
pub(crate) fn number_bounds(v: &Value) -> ((Number, bool), (Number, bool)) {
    match v.as_number() {
        Some(n) => ((n.clone(), true), (n.clone(), true)),
        None => v.refinement().unwrap_or(&UNREFINED).number_bounds(),
    }
}

/// The inclusive bounds of a collection's length, known or not (as
/// [`ValueRange::length_bounds`], without building a range).
pub(crate) fn length_bounds(v: &Value) -> (u64, u64) {
    match v.refinement() {
        Some(r) => (r.min_len, r.max_len),
        None if v.is_known() => exact_length(v).map_or((0, MAX_LENGTH), |n| (n, n)),
        None => (0, MAX_LENGTH),
    }
}

/// The unknown value of `ty` with the (consistent) refinement `wip`, in its
/// one form: the plain unknown value for no refinement, the not-null one
/// for not-null alone, the one value the refinement leaves where it leaves
/// one (go-cty's `NewValue`), else the refined value. The crate's own
/// producers make refinements they know to fit and build them here
/// directly, without a [`Refiner`].
pub(crate) fn unknown_with(ty: Type, mut wip: Refinement) -> Value {
    // a refined number without a bound is bounded by the exclusive
    // infinities (go-cty's `NumberLowerBound`): those bounds are none
    if matches!(&wip.lower, Some((n, false)) if *n == Number::NEGATIVE_INFINITY) {
        wip.lower = None;
    }
    if matches!(&wip.upper, Some((n, false)) if *n == Number::POSITIVE_INFINITY) {
        wip.upper = None;
    }
    if wip.is_trivial() || ty == Type::Dynamic {
        return Value::unknown(ty);
    }
    if wip.not_null {
        if let (Some((min, true)), Some((max, true))) = (&wip.lower, &wip.upper)
            && min == max
        {
            return Value::number(min.clone());
        }
        if wip.min_len == wip.max_len
            && let Some(v) = collection_of_length(&ty, wip.min_len)
        {
            return v;
        }
    }
    if wip == NOT_NULL {
        return Value(Repr::UnknownNotNull(ty));
    }
    Value(Repr::Refined(Arc::new(Refined { ty, refinement: wip })))
}

/// Whether `n` is on the inner side of `bound`.
fn within(n: &Number, bound: &Number, inclusive: bool, lower: bool) -> bool {
    if n == bound {
        return inclusive;
    }
    if lower {
        bound.less_than(n)
    } else {
        n.less_than(bound)
    }
}

/// The one collection of `ty` with `len` elements that a refinement can
/// leave: an empty collection, a list of unknown elements, a set of one.
fn collection_of_length(ty: &Type, len: u64) -> Option<Value> {
    let element = ty.element_type()?.clone();
    match (ty, len) {
        (Type::List(_), _) if len <= MAX_MATERIALIZED_LENGTH => {
            Value::list(element.clone(), vec![Value::unknown(element); len as usize]).ok()
        }
        (Type::Set(_), 0 | 1) => Value::set(element.clone(), vec![Value::unknown(element); len as usize]).ok(),
        (Type::Map(_), 0) => Value::map(element, std::iter::empty::<(&str, Value)>()).ok(),
        _ => None,
    }
}

/// What is known of a value's range (go-cty's `ValueRange`); see
/// [`Value::range`].
#[derive(Clone, Debug)]
pub struct ValueRange {
    ty: Type,
    /// whether the range is a known value's or a refined unknown's: an
    /// unrefined unknown's says nothing of its kind (go-cty's
    /// `refinementNullable`), not even that a number is finite
    refined: bool,
    /// whether the value is null: known for known values and for unknown
    /// ones refined as not null
    null: Tri,
    refinement: Refinement,
}

impl ValueRange {
    /// The value's type.
    pub fn type_constraint(&self) -> &Type {
        &self.ty
    }

    /// Whether the value may be null.
    pub fn could_be_null(&self) -> bool {
        self.null != Tri::False
    }

    /// Whether the value is certainly not null.
    pub fn definitely_not_null(&self) -> bool {
        self.null == Tri::False
    }

    /// A prefix of the string (the whole of a known one, possibly empty for
    /// an unknown one); empty for other types.
    pub fn string_prefix(&self) -> &str {
        self.refinement.prefix()
    }

    /// The lower bound of a number and whether it is inclusive: negative
    /// infinity, not inclusive, when there is none.
    pub fn number_lower_bound(&self) -> (Number, bool) {
        self.refinement.number_bounds().0
    }

    /// The upper bound of a number and whether it is inclusive: positive
    /// infinity, not inclusive, when there is none.
    pub fn number_upper_bound(&self) -> (Number, bool) {
        self.refinement.number_bounds().1
    }

    /// The inclusive bounds of a collection's length: `(0, MAX_LENGTH)`
    /// when nothing is known of it.
    pub fn length_bounds(&self) -> (u64, u64) {
        (self.refinement.min_len, self.refinement.max_len)
    }

    /// Whether `v` is in the range (go-cty's `Includes`): `Some(false)`
    /// where the range rules it out, `Some(true)` only for nulls, `None`
    /// where it cannot tell.
    pub fn includes(&self, v: &Value) -> Option<bool> {
        match self.null {
            Tri::True => return Some(v.is_null()),
            Tri::False if v.is_null() => return Some(false),
            _ => {}
        }
        if v.is_null() {
            return Some(true);
        }
        let vt = v.ty();
        if !vt.matches(&self.ty) {
            return Some(false);
        }
        if vt == Type::Dynamic || !self.refined {
            return None;
        }
        match kind(&self.ty) {
            Some(Kind::String) => {
                if let Some(s) = v.as_str()
                    && !s.starts_with(self.string_prefix())
                {
                    return Some(false);
                }
            }
            Some(Kind::Collection) => {
                if let Some(len) = exact_length(v).filter(|_| v.is_known()) {
                    let (min, max) = self.length_bounds();
                    if len < min || len > max {
                        return Some(false);
                    }
                }
            }
            Some(Kind::Number) => {
                if let Some(n) = v.as_number() {
                    let ((min, min_inclusive), (max, max_inclusive)) = self.refinement.number_bounds();
                    if !within(n, &min, min_inclusive, true) || !within(n, &max, max_inclusive, false) {
                        return Some(false);
                    }
                }
            }
            _ => {}
        }
        None
    }
}

/// The part of `prefix` that a longer string in NFC is sure to start with
/// (go-cty's `ctystrings.SafeKnownPrefix`): the prefix in NFC, cut as
/// [`safe_prefix_len`] says.
fn safe_prefix(prefix: &str) -> std::borrow::Cow<'_, str> {
    match super::text::nfc(prefix) {
        std::borrow::Cow::Borrowed(p) => std::borrow::Cow::Borrowed(&p[..safe_prefix_len(p)]),
        std::borrow::Cow::Owned(mut p) => {
            p.truncate(safe_prefix_len(&p));
            std::borrow::Cow::Owned(p)
        }
    }
}

/// How much of `prefix` (in NFC) a longer string in NFC is sure to start
/// with (go-cty's `ctystrings.SafeKnownPrefix`): all of it but a last
/// character that a following combining mark could compose with (cut at
/// the last normalization boundary, Go's `norm.NFC.LastBoundary`), or else
/// all but its last grapheme cluster, which a following character could
/// extend, unless that is one of the delimiters that always end a cluster
/// (`-`, `/`, `:`, a space and their like).
fn safe_prefix_len(prefix: &str) -> usize {
    let Some(last) = prefix.chars().next_back() else {
        return 0;
    };
    let delimiter = matches!(
        last,
        '-' | '_'
            | ':'
            | ';'
            | '/'
            | '\\'
            | ','
            | '.'
            | '('
            | ')'
            | '{'
            | '}'
            | '['
            | ']'
            | '|'
            | '?'
            | '!'
            | '~'
            | ' '
            | '\t'
            | '@'
            | '#'
            | '$'
            | '%'
            | '^'
            | '&'
            | '*'
            | '+'
            | '"'
            | '\''
    );
    if prefix.is_ascii() {
        // every ASCII character is a starter and its own cluster, but CR LF
        return if delimiter {
            prefix.len()
        } else if prefix.ends_with("\r\n") {
            prefix.len() - 2
        } else {
            prefix.len() - 1
        };
    }
    if !inert(last) {
        // the last boundary: before the last starter that nothing before
        // it composes with (none: no cut here, as in go-cty)
        if let Some((b, _)) = prefix.char_indices().rev().find(|(_, c)| boundary_before(*c)) {
            return b;
        }
    }
    let Some((start, cluster)) = prefix.grapheme_indices(true).next_back() else {
        return prefix.len();
    };
    if delimiter && cluster.len() == last.len_utf8() {
        prefix.len()
    } else {
        start
    }
}

/// Unicode's NFC quick check of one character.
fn nfc_quick(c: char) -> unicode_normalization::IsNormalized {
    unicode_normalization::is_nfc_quick(std::iter::once(c))
}

/// Whether a normalization boundary lies before `c` in NFC: a starter that
/// composes with nothing before it (Go's `BoundaryBefore`).
fn boundary_before(c: char) -> bool {
    unicode_normalization::char::canonical_combining_class(c) == 0
        && nfc_quick(c) == unicode_normalization::IsNormalized::Yes
}

/// Whether nothing that follows `c` can change it in NFC (Go's
/// `BoundaryAfter`): a starter, normalized, that composes with no
/// following character. The characters that compose with one before them
/// are those whose NFC quick check is "maybe".
fn inert(c: char) -> bool {
    if !boundary_before(c) {
        return false;
    }
    if c.is_ascii() {
        // the one ASCII characters that start a composition: letters, and
        // `<`, `=` and `>` with U+0338
        return !(c.is_ascii_alphabetic() || matches!(c, '<' | '=' | '>'));
    }
    !composes_maybe()
        .iter()
        .any(|&next| unicode_normalization::char::compose(c, next).is_some())
}

/// Every character whose NFC quick check is "maybe": those that can be the
/// second of a canonical composition (about a hundred; found once).
fn composes_maybe() -> &'static [char] {
    static MAYBE: std::sync::OnceLock<Vec<char>> = std::sync::OnceLock::new();
    MAYBE.get_or_init(|| {
        (0..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter(|&c| nfc_quick(c) == unicode_normalization::IsNormalized::Maybe)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn safe_known_prefix(p: &str) -> String {
        safe_prefix(p).into_owned()
    }

    #[test]
    fn safe_prefixes_drop_what_a_following_character_could_change() {
        assert_eq!(safe_known_prefix("foo-"), "foo-");
        assert_eq!(safe_known_prefix("foo"), "fo");
        assert_eq!(safe_known_prefix("https://"), "https://");
        assert_eq!(safe_known_prefix("abce"), "abc");
        assert_eq!(safe_known_prefix("web1"), "web");
        assert_eq!(safe_known_prefix("a\r"), "a");
        assert_eq!(safe_known_prefix(""), "");
        assert_eq!(safe_known_prefix("x\u{e9}"), "x");
        // a letter that composes with nothing after it is still cut with its
        // cluster; a digit likewise
        assert_eq!(safe_known_prefix("a\u{4e00}"), "a");
        assert_eq!(safe_known_prefix("a-\u{4e00}"), "a-");
        // Hangul: a syllable that a trailing jamo composes with
        assert_eq!(safe_known_prefix("x\u{ac00}"), "x");
        assert_eq!(safe_known_prefix("a\r\n"), "a");
        assert_eq!(safe_known_prefix("\u{e9}-"), "\u{e9}-");
        assert_eq!(safe_known_prefix("\u{e9}1"), "\u{e9}");
    }

    #[test]
    fn a_trivial_refinement_leaves_the_plain_unknown_value() {
        let u = Value::unknown(Type::String);
        assert!(u.refine().string_prefix("").new_value().unwrap().refinement().is_none());
        assert!(Value::dynamic().refine().not_null().new_value().is_err());
    }

    #[test]
    fn refinements_that_leave_one_value_give_it() {
        let n = Value::unknown(Type::Number)
            .refine()
            .not_null()
            .number_range_inclusive(Number::from(3), Number::from(3))
            .new_value()
            .unwrap();
        assert_eq!(n, Value::from(3));
        let l = Value::unknown(Type::list(Type::String))
            .refine()
            .not_null()
            .collection_length(2)
            .new_value()
            .unwrap();
        assert_eq!(
            l,
            Value::list(Type::String, vec![Value::unknown(Type::String); 2]).unwrap()
        );
        let empty = Value::unknown(Type::map(Type::Bool))
            .refine()
            .not_null()
            .collection_length(0)
            .new_value()
            .unwrap();
        assert_eq!(empty.entries().map(<[_]>::len), Some(0));
    }

    #[test]
    fn contradictions_are_errors() {
        assert!(Value::null(Type::String).refine().not_null().new_value().is_err());
        assert!(Value::from("ab").refine().string_prefix_full("b").new_value().is_err());
        assert!(Value::unknown(Type::Number)
            .refine()
            .string_prefix("a")
            .new_value()
            .is_err());
        assert!(Value::unknown(Type::Number)
            .refine()
            .number_lower_bound(Number::from(2), true)
            .number_upper_bound(Number::from(1), true)
            .new_value()
            .is_err());
    }
}
